"""The Round flow on every game page: whose pick or turn it is, shown in the shared header of
each phone and in the board's Round section. The commands are the game layer's (``companion.game.flow.rounds``), posted
through the shared routes (``/games/<id>/do/<name>``, ``/api/v1/games/<id>/commands/<name>``)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from ..game.flow import rounds

bp = Blueprint("rounds", __name__)


def round_now(game: Any) -> dict | None:
    """The game layer's view of the Round (None for a game without the Mage Knight round flow)."""
    state = getattr(game, "state", None)
    setup = getattr(game, "setup", None) or {}
    if not isinstance(state, dict) or setup.get("game") in ("runewars", "mage_lite"):
        return None
    return rounds.now(state)


@bp.app_context_processor
def _helpers() -> dict:
    return {"round_now": round_now}
