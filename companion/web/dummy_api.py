"""JSON API of the Dummy player: stateless calculators (docs/api.md, "Dummy player")."""

from __future__ import annotations

from typing import Any

from flask import jsonify

from ..rules import dummy
from ..solvers import solve
from .common import ApiError, api_blueprint, json_body
from .jsonfields import whole_number

bp = api_blueprint("dummy_api", __name__, url_prefix="/api/v1/dummy")

MAX_CARDS = 60       # a Dummy deck has 16 cards plus one Advanced Action per round (at most 21)
MAX_CRYSTALS = 20    # per colour: 3 at the start plus one per round at most


def _count(where: str, value: Any, limit: int) -> int:
    return whole_number(where, value, 0, limit)


def _colour_counts(data: dict, key: str, limit: int, required: bool = True) -> dict[str, int]:
    if key not in data:
        if required:
            raise ApiError(f"{key!r} is required: an object with red, blue, green, white counts")
        return {c: 0 for c in dummy.COLORS}
    value = data[key]
    if not isinstance(value, dict):
        raise ApiError(f"{key!r} must be an object with red, blue, green, white counts")
    out = {c: 0 for c in dummy.COLORS}
    for colour, n in value.items():
        if colour not in dummy.COLORS:
            raise ApiError(f"unknown colour {colour!r} in {key!r}: expected one of {', '.join(dummy.COLORS)}")
        out[colour] = _count(f"{key}.{colour}", n, limit)
    return out


@bp.post("/turn")
def turn():
    data = json_body()
    deck = data.get("deck")
    if not isinstance(deck, list):
        raise ApiError("'deck' is required: a list of colours, top card first")
    if len(deck) > MAX_CARDS:
        raise ApiError(f"'deck' is too long (at most {MAX_CARDS} cards)")
    for i, colour in enumerate(deck):
        if colour not in dummy.COLORS:
            raise ApiError(f"unknown colour {colour!r} at deck[{i}]: expected one of {', '.join(dummy.COLORS)}")
    crystals = _colour_counts(data, "crystals", MAX_CRYSTALS)
    t = dummy.take_turn(deck, crystals)
    return jsonify({
        "flipped": list(t.flipped),
        "deck": list(t.deck),
        "end_of_round": t.end_of_round,
        "deciding_color": t.deciding_color,
        "announces_next_turn": t.deck_ran_out,
        "explanation": list(t.explanation),
    })


@bp.post("/forecast")
def forecast():
    data = json_body()
    deck = _colour_counts(data, "deck", MAX_CARDS)
    crystals = _colour_counts(data, "crystals", MAX_CRYSTALS)
    total = sum(deck.values())
    if total > MAX_CARDS:
        raise ApiError(f"'deck' has too many cards ({total}; at most {MAX_CARDS})")
    in_deck = None
    if "in_deck" in data and data["in_deck"] is not None:
        in_deck = _count("in_deck", data["in_deck"], MAX_CARDS)
        if in_deck > total:
            raise ApiError(f"'in_deck' ({in_deck}) cannot exceed the cards counted in 'deck' ({total})")
    f = solve(dummy.forecast, deck, crystals, remaining=in_deck)  # in the solver pool (companion/solvers.py)
    return jsonify({
        "distribution": {str(k): float(p) for k, p in f.distribution},
        "expected": float(f.expected),
        "explanation": list(f.explanation),
    })
