"""The new-game page's "Show the set-up numbers": the chosen scenario's numbers for the players entered (Source
dice, Unit offer, Spell and Advanced Action offers, tiles, city levels, rounds, start values), before the game is
created (companion/rules/setup_numbers.py through game/flow/setup.py)."""

from __future__ import annotations

from flask import Blueprint, render_template, request

from ..game.flow.setup import setup_from_form, setup_numbers_of, validate_setup
from ..game.spine.command import Invalid
from .games import new_game_context
from .language import invalid_text

bp = Blueprint("setup_preview", __name__)


@bp.post("/games/new/numbers")
def numbers():
    ctx = new_game_context(request.form)
    try:
        setup = validate_setup(setup_from_form(request.form))
    except Invalid as err:
        return render_template("games/new.html", error=invalid_text(err), **ctx), 400
    found = setup_numbers_of(setup)
    return render_template("games/new.html", error=None, numbers=found.to_json() if found else None,
                           numbers_lines=found.explanation if found else (), **ctx)
