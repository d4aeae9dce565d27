"""The Dummy player's page and forms (Scenario Book, "Dummy Player"): an adapter over ``companion.game.dummy``.

Each form posts to ``/games/<id>/dummy/<action>``; the action runs the registered command ``dummy_<action>`` (the
same one as ``/do/dummy_<action>`` and the JSON API's ``/commands/dummy_<action>``), and its event is recorded.
"""

from __future__ import annotations

from flask import Blueprint, abort, request, url_for
from flask_babel import get_locale, gettext, lazy_gettext

from ..game.dummy import available_tactics, chart, forecast, is_final_day_or_night, page_data, round_running
from ..game.dummy.page import turn_refusal
from ..game.dummy.rounds import colour_only_card
from ..game.flow.scenario_end import is_over
from ..game.spine.command import COMMANDS
from ..i18n import N_
from .common import done, load_game, page, run_command
from .language import invalid_text

bp = Blueprint("dummy", __name__)

COLOR_NAMES = {
    "red": lazy_gettext("red"),
    "blue": lazy_gettext("blue"),
    "green": lazy_gettext("green"),
    "white": lazy_gettext("white"),
}
# log sentences translate these argument values when shown
N_("red"), N_("blue"), N_("green"), N_("white")

# the page's actions (URL part) -> the registered command
ACTIONS = {action: "dummy_" + action.replace("-", "_") for action in (
    "setup", "turn", "pass", "announce", "tactic-draw", "tactics", "new-round", "skill-reveal", "skill-take",
    "mage-lite")}


def _lang() -> str:
    loc = get_locale()
    return loc.language if loc else "en"


def context(game) -> dict:
    ctx = page_data(game.state, _lang(), gettext("Dummy player"))
    refused = turn_refusal(game.state)
    ctx.update(game=game, color_names=COLOR_NAMES, dummy_refused=invalid_text(refused) if refused else None,
               game_over=is_over(game.state))
    return ctx


@bp.get("/games/<int:game_id>/dummy")
def show(game_id: int):
    game = load_game(game_id)
    return page("dummy/page.html", **context(game))


@bp.post("/games/<int:game_id>/dummy/<action>")
def act(game_id: int, action: str):
    game = load_game(game_id)
    name = ACTIONS.get(action)
    if name is None or name not in COMMANDS:
        abort(404, description=gettext("Unknown Dummy player action."))
    run_command(game, name, request.form)
    return done(url_for("dummy.show", game_id=game_id))


__all__ = ["bp", "available_tactics", "chart", "colour_only_card", "forecast", "is_final_day_or_night",
           "round_running"]
