"""Player versus Player combat calculator in a game: an adapter over ``companion.game.pvp``.

The calculator records nothing while the fight goes on: the whole fight so far travels with the page (GET
parameters ``a`` aggressor, ``d`` defender, ``site`` "keep" when the defender stands in a keep or mage tower, ``wall``
"1" across a wall, and ``log``, a JSON list of steps: ``{"pass": true}`` or ``{"attacks": [[value, element, kind]],
"blocks": [[value, element]], "full": bool, "units": [uid], "hero": n, "artifacts": n, "move_cost": n | null}``).
Every request replays the log through the game layer, so a reload, the back button or another phone's change (the
live part is re-fetched with the same parameters) never loses it, and nothing typed is trusted without being
checked. ``POST /games/<id>/pvp/end`` records the outcome (the ``pvp_end`` command, event ``pvp.end``).
"""

from __future__ import annotations

from urllib.parse import urlencode

from flask import Blueprint, make_response, redirect, render_template, request, url_for
from flask_babel import get_locale, gettext

from ..game.combat.fight_owner import may_record_pvp
from ..game.pvp import (Fight, Setup, Side, attack_only, blocker_fortified, outcome, parse_setup, parse_step, replay,
                        sides_of, try_step)
from ..game.pvp.page import page_data, turn_view
from ..game.spine.command import Invalid
from .common import actor_of, load_game, page, run_command
from .language import ui_gettext

bp = Blueprint("pvp", __name__)


def _lang() -> str:
    loc = get_locale()
    return loc.language if loc is not None else "en"


def reason(err: Invalid) -> str:
    """A refusal in this request's language."""
    return err.translated(ui_gettext, _lang())


def page_url(game_id: int, setup: Setup | None = None, log: list | None = None) -> str:
    base = url_for("pvp.show", game_id=game_id)
    if setup is None:
        return base
    return base + "?" + urlencode(setup.params(log))


def render(game, status: int = 200, **ctx):
    ctx.setdefault("setup", None)
    ctx.setdefault("fight", None)
    ctx.setdefault("error", None)
    ctx.setdefault("preview", None)
    ctx.setdefault("args", {})
    ctx.update(page_data(game.state))
    setup = ctx["setup"]
    ctx.update({
        # the outcome is recorded by either player of the fight or the host (game/combat/fight_owner.py)
        "pvp_mine": setup is None or may_record_pvp(actor_of(game), setup.a, setup.d),
        "page_url": lambda log=None: page_url(game.id, ctx["setup"], log),
        "live_url": request.full_path if request.query_string else request.path,
    })
    if request.headers.get("HX-History-Restore-Request"):
        # the back button after htmx pushed this URL: the whole page, not the fragment
        return render_template("pvp/page.html", fragment=False, game=game, seq=game.seq, **ctx), status
    resp = make_response(page("pvp/page.html", game=game, **ctx), status)
    if status >= 400:
        resp.headers["HX-Push-Url"] = "false"  # htmx: keep the address of the last good state, not the mistake
    return resp


@bp.get("/games/<int:game_id>/pvp")
def show(game_id: int):
    """The calculator: choose the players, then attack after attack (Check / Add / Pass), then record."""
    game = load_game(game_id)
    state = game.state
    args = request.args
    if len(state["players"]) < 2:
        return render(game)
    try:
        setup = parse_setup(args, state)
    except Invalid as err:
        return render(game, 400, error=reason(err), args=args)
    if setup is None:
        return render(game, args=args)
    sides = sides_of(state, setup.a, setup.d, _lang())
    try:
        fight = replay(sides, setup.a, setup.d, setup.keep, setup.wall, setup.log)
    except Invalid as err:
        return render(game, 400, setup=None, error=reason(err), args=args)
    ctx = {"setup": setup, "fight": fight, "sides": sides, "args": args}
    if fight.ended:
        ctx["outcome"] = outcome(sides, setup.a, setup.d, setup.keep, setup.wall, fight)
        return render(game, **ctx)
    ctx.update(turn_view(sides, setup, fight))
    go = args.get("go")
    if go not in (None, "", "check", "add", "pass"):
        return render(game, 400, error=gettext("Unknown action."), **ctx)
    if go == "pass":
        return redirect(page_url(game.id, setup, setup.log + [{"pass": True}]), code=303)
    if go in ("check", "add"):
        try:
            step = parse_step(args, fight.phase, ctx["blocker"])
            trial = try_step(fight, sides, setup, step)
        except Invalid as err:
            preview = attack_only(_step_or_none(args, fight, ctx["blocker"]), fight, setup, ctx["blocker"])
            return render(game, 400, error=reason(err), preview=preview, **ctx)
        if go == "add":
            return redirect(page_url(game.id, setup, setup.log + [step]), code=303)
        ctx["preview"] = {"step": trial.steps[-1], "ended": trial.ended}
    return render(game, **ctx)


def _step_or_none(args, fight: Fight, blocker: Side) -> dict | None:
    try:
        return parse_step(args, fight.phase, blocker)
    except Invalid:
        return None


@bp.post("/games/<int:game_id>/pvp/end")
def end(game_id: int):
    """Record the outcome of the finished fight as one undoable event."""
    game = load_game(game_id)
    run_command(game, "pvp_end", request.form)  # the shared command (with "fully_attended"); 403 if not theirs
    return redirect(url_for("pvp.show", game_id=game_id), code=303)


__all__ = ["bp", "replay", "outcome", "sides_of", "Side", "Fight", "blocker_fortified"]
