"""Runewars at the table (seed 001): a new Runewars game, its battle page and its heroes page.

Commands go through the shared route ``POST /games/<id>/do/runewars_<action>`` (companion.web.games.do), which
parses nothing itself: the game layer (companion.game.runewars) validates through companion.game.spine.fields. Joining,
undo/redo, the log and live sync are the same as for Mage Knight games: one event log.
"""

from __future__ import annotations

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask_babel import gettext

from ..game.runewars.core import (NEUTRAL, SIDE_NAMES, as_rules_units, battle_tally, eligible_types, is_runewars,
                                  pending_hits, side_player, types_of, unit_type, units_of, view)
from ..game.runewars.heroes import limit_prompts
from ..game.runewars.setup import MAX_PLAYERS, runewars_setup_from_form, validate_runewars_setup
from ..game.spine.command import Invalid
from ..rules.runewars import core as rw
from ..rules.text import N_
from .access import device_id, remember_join
from .board import join_url, qr_svg
from .common import game_row, load_game, page
from .games import create_game
from .language import invalid_text

bp = Blueprint("runewars", __name__)

SHAPE_NAMES = rw.SHAPE_NAMES
ICON_NAMES = {"damage": N_("damage"), "rout": N_("rout"), "special": N_("special ability"), "miss": N_("miss")}


def setup_from_form(form) -> dict:
    """A Runewars game's set-up: ``"game": "runewars"`` (and ``"mode": "runewars"``, seen by the fold)."""
    return validate_runewars_setup(runewars_setup_from_form(form))


@bp.get("/runewars/new")
def new():
    return render_template("runewars/new.html", form={}, error=None, max_players=MAX_PLAYERS)


@bp.post("/runewars")
def create():
    try:
        setup = setup_from_form(request.form)
    except Invalid as err:
        return render_template("runewars/new.html", form=request.form, error=invalid_text(err),
                               max_players=MAX_PLAYERS), 400
    game_id = create_game(setup, device_id())
    remember_join(game_id, game_row(game_id)["token"], "host", None)
    return redirect(url_for("games.who", game_id=game_id), code=303)


def _runewars_game(game_id: int):
    game = load_game(game_id)
    if not is_runewars(game.state):
        abort(404, description=gettext("This is not a Runewars game."))
    return game


def _context(game) -> dict:
    state = game.state
    r = view(state)
    owners = list(range(len(state["players"]))) + [NEUTRAL]
    ctx = {"game": game, "state": state, "r": r, "owners": owners, "types_of": lambda o: types_of(state, o),
           "owner_name": lambda o: state["players"][o]["name"] if o != NEUTRAL else gettext("Neutral units"),
           "shape_names": SHAPE_NAMES, "icon_names": ICON_NAMES, "side_names": SIDE_NAMES, "rw": rw,
           "unit_type": lambda t: unit_type(state, t), "join_url": join_url(game), "qr": qr_svg(join_url(game)),
           "limit_prompts": limit_prompts(state)}
    b = r["battle"]
    if b:
        ctx["b"] = b
        ctx["side_units"] = {side: units_of(b, side) for side in rw.SIDES}
        ctx["side_player"] = {side: side_player(b, side) for side in rw.SIDES}
        if b["phase"] == "draw":
            ctx["eligible"] = [(t, sum(1 for u in units_of(b, b["turn"]) if u["type"] == t["id"] and not u["routed"]
                                        and not u["destroyed"])) for t in eligible_types(state, b, b["turn"])]
        if b["phase"] == "resolve":
            routs, damage = pending_hits(b, b["turn"])
            mine = units_of(b, b["turn"])
            rts, dts = rw.auto_targets(as_rules_units(mine), routs, damage)
            ctx.update(routs=routs, damage=damage, suggested_routs=rts, suggested_damage=dts,
                       targets=[u for u in mine if not u["destroyed"]])
        if b["phase"] == "tally":
            ctx["tally"] = battle_tally(b)
    return ctx


@bp.get("/games/<int:game_id>/runewars")
def battle_page(game_id: int):
    return page("runewars/battle.html", **_context(_runewars_game(game_id)))


@bp.get("/games/<int:game_id>/runewars/heroes")
def heroes_page(game_id: int):
    return page("runewars/heroes.html", **_context(_runewars_game(game_id)))
