"""Combat referee in a game: the web adapter. Every route reads the form, runs the game layer's command
(``companion.game.combat``: commands, reducers, page queries), records its event and renders the page. The rules
decisions and the state machine live in the game layer; here are only URLs, the request's language and rendering.
"""

from __future__ import annotations

from typing import Any, Mapping

from flask import Blueprint, abort, redirect, request, url_for
from flask_babel import gettext

from ..game.combat.damage import suggestion  # noqa: F401  (re-exported)
from ..game.combat.fight_owner import fighter, fights_as, may_fight, start_refusal
from ..game.combat.outcome import outcome_of  # noqa: F401  (re-exported)
from ..game.combat.state import FIGHTS, engine_enemy  # noqa: F401  (re-exported)
from ..game.combat.view import enemy_label as _enemy_label
from ..game.combat.view import page_context as _page_context
from ..game.spine.command import Invalid
from .common import actor_of, done, load_game, page, run_command
from .language import current_lang, ui_gettext
from .table import remember_draft

bp = Blueprint("combat", __name__)


def t(msgid: str) -> str:
    """Translate a vocabulary entry (the game layer's dictionaries hold msgids)."""
    return gettext(msgid)


def refused(err: Invalid):
    """400 with the reason on the page, in this request's language."""
    abort(400, description=err.translated(ui_gettext, current_lang()))


def enemy_label(e: Mapping[str, Any]) -> str:
    return _enemy_label(e, current_lang())


def page_context(game, data=None) -> dict:
    data = data if data is not None else request.args
    try:
        ctx = _page_context(game.state, data, current_lang())
    except Invalid as err:
        refused(err)
    check = ctx.get("check") or {}
    if isinstance(check.get("error"), Invalid):
        check["error"] = check["error"].translated(ui_gettext, current_lang())
    # another phone's fight: watched live, without controls (the game layer refuses them: game/combat/fight_owner.py)
    who = fighter(game.state)
    actor = actor_of(game)
    # no fight going on: a fight starts on its player's turn (game/combat/fight_owner.py), else the page says whose
    refusal = start_refusal(game.state, actor) if who is None and not actor.is_watcher else None
    ctx.update({"start_refused": refusal.translated(ui_gettext, current_lang()) if refusal is not None else None,
                "fight_as": fights_as(game.state, actor),
                "t": t, "label": enemy_label, "fight_mine": may_fight(actor_of(game), game.state),
                "fighter_name": game.state["players"][who]["name"] if who is not None else None})
    return ctx


def _url(game_id: int) -> str:
    return url_for("combat.show", game_id=game_id)


@bp.get("/games/<int:game_id>/combat")
def show(game_id: int):
    game = load_game(game_id)
    return page("combat/show.html", game=game, **page_context(game))


@bp.get("/games/<int:game_id>/combat/check")
def check_get(game_id: int):
    """Forms on a checked page go back to it (undo, redo): that is the combat page."""
    return redirect(_url(game_id), code=303)


@bp.post("/games/<int:game_id>/combat/check")
def check(game_id: int):
    """Running totals for a half-filled form ("need 3 more"): the page with the check, nothing recorded. The attack
    form's "Plan" button asks for the plan of the attacks typed there (``?check=plan``)."""
    game = load_game(game_id)
    remember_draft(game, request.form)  # what this phone types shows on the table screen (web/table.py)
    data = request.form
    if request.args.get("check") == "plan":
        data = data.copy()
        data["check"] = "plan"
    return page("combat/show.html", game=game, **page_context(game, data))


# ---------------------------------------------------------------------------------------------- commands


def _run(game_id: int, name: str, data: Mapping[str, Any] | None = None):
    """Parse → the registered command ``name`` (its checks and who may give it included: ``run_command``; another
    player's fight is a 403) → record → back to the combat page."""
    game = load_game(game_id)
    run_command(game, name, request.form if data is None else data)
    return done(_url(game.id))


@bp.post("/games/<int:game_id>/combat/setup")
def setup(game_id: int):
    return _run(game_id, "combat_setup")


@bp.post("/games/<int:game_id>/combat/enemy")
def enemy_add(game_id: int):
    return _run(game_id, "combat_enemy_add")


@bp.post("/games/<int:game_id>/combat/enemy/<int:key>/remove")
def enemy_remove(game_id: int, key: int):
    return _run(game_id, "combat_enemy_remove", {"key": key})


@bp.post("/games/<int:game_id>/combat/coop")
def coop_deal(game_id: int):
    return _run(game_id, "combat_coop_deal")


@bp.post("/games/<int:game_id>/combat/phase")
def next_phase(game_id: int):
    return _run(game_id, "combat_phase")


@bp.post("/games/<int:game_id>/combat/attack")
def attack(game_id: int):
    return _run(game_id, "combat_attack")


@bp.post("/games/<int:game_id>/combat/summon")
def summon(game_id: int):
    return _run(game_id, "combat_summon")


@bp.post("/games/<int:game_id>/combat/block")
def block(game_id: int):
    return _run(game_id, "combat_block")


@bp.post("/games/<int:game_id>/combat/damage")
def damage(game_id: int):
    return _run(game_id, "combat_damage")


@bp.post("/games/<int:game_id>/combat/end")
def end(game_id: int):
    return _run(game_id, "combat_end")


@bp.post("/games/<int:game_id>/combat/cancel")
def cancel(game_id: int):
    return _run(game_id, "combat_cancel")


__all__ = ["bp", "FIGHTS", "outcome_of", "suggestion", "engine_enemy"]
