"""The story of a game as JSON (docs/api.md, "The story of a game"): ``GET /api/v1/games/<id>/story``, the same
story the page ``/games/<id>/story`` shows (``companion.game.views.story``), read with the game's token or a device's."""

from __future__ import annotations

from flask import jsonify

from .common import api_blueprint, load_game
from .story import game_story

bp = api_blueprint("story_api", __name__, "/api/v1/games")


@bp.get("/<int:game_id>/story")
def show(game_id: int):
    return jsonify(game_story(load_game(game_id)))
