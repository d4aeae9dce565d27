"""Token corrections: a table whose printing of a token differs from the rules data corrects it for this game.
The correction is an event (undoable); the combat page uses the corrected token and marks it."""

from __future__ import annotations

from flask import Blueprint, request

from ..game.flow.trackers import CORRECTABLE_ABILITIES
from ..rules.data import apply_override, get_rules
from .common import load_game, page

bp = Blueprint("tokens", __name__)


@bp.get("/games/<int:game_id>/tokens")
def corrections(game_id: int):
    game = load_game(game_id)
    enemies = get_rules().enemies
    chosen = request.args.get("enemy")
    token = enemies.get(chosen) if chosen else None
    current = None
    if token is not None:
        changes = game.state["overrides"].get(token.id)
        current = apply_override(token, changes) if changes else token
    corrected = [(enemies[t], ch) for t, ch in game.state["overrides"].items() if t in enemies]
    return page("games/tokens.html", game=game, enemies=sorted(enemies.values(), key=lambda e: (e.color, e.name)),
                token=token, current=current, corrected=corrected, abilities=CORRECTABLE_ABILITIES)
