"""JSON API of end-game scoring: a stateless calculator (docs/api.md, "Scoring"). A thin adapter: the body is
checked by :mod:`companion.game.scoring.calculator`, scored by :mod:`companion.rules.scoring` and answered in the
JSON form of :func:`companion.game.scoring.result.result_dict`."""

from __future__ import annotations

from flask import jsonify

from ..game.scoring.calculator import parse_sheet, parse_strength
from ..game.scoring.result import result_dict
from ..game.spine.command import Invalid
from ..rules import scoring
from .common import ApiError, api_blueprint, json_body

bp = api_blueprint("scoring_api", __name__, url_prefix="/api/v1/score")


@bp.post("")
def score():
    data = json_body()
    try:
        sheet = parse_sheet(data)
        result = scoring.score(sheet)
    except (Invalid, scoring.ScoringError) as e:
        raise ApiError(str(e))
    return jsonify(result_dict(result, sheet))


@bp.post("/strength")
def strength():
    """Variants, Action Upgrades: each player's strength and who picks first."""
    data = json_body()
    try:
        r = scoring.action_upgrade_strength(parse_strength(data))
    except (Invalid, scoring.ScoringError) as e:
        raise ApiError(str(e))
    return jsonify({
        "players": [{"name": n, "strength": v} for n, v in r.points],
        "pick_order": list(r.pick_order),
        "explanation": list(r.explanation),
    })
