"""JSON API of the Dummy player: stateless calculators (docs/api.md, "Dummy player")."""

from __future__ import annotations

from flask import jsonify

from ..game.spine.command import Invalid
from ..game.spine.fields import json_colour, json_list, json_whole
from ..rules import dummy
from ..rules.text import N_
from ..solvers import solve
from .common import api_blueprint, json_body

bp = api_blueprint("dummy_api", __name__, url_prefix="/api/v1/dummy")

MAX_CARDS = 60       # a Dummy deck has 16 cards plus one Advanced Action per round (at most 21)
MAX_CRYSTALS = 20    # per colour: 3 at the start plus one per round at most


def _colour_counts(data: dict, key: str, limit: int, required: bool = True) -> dict[str, int]:
    if key not in data:
        if required:
            raise Invalid(N_("%(where)s is required: an object with red, blue, green, white counts"), where=repr(key))
        return {c: 0 for c in dummy.COLORS}
    value = data[key]
    if not isinstance(value, dict):
        raise Invalid(N_("%(where)s must be an object with red, blue, green, white counts"), where=repr(key))
    out = {c: 0 for c in dummy.COLORS}
    for colour, n in value.items():
        out[json_colour(key, colour, dummy.COLORS)] = json_whole(f"{key}.{colour}", n, 0, limit)
    return out


@bp.post("/turn")
def turn():
    data = json_body()
    if not isinstance(data.get("deck"), list):
        raise Invalid(N_("'deck' is required: a list of colours, top card first"))
    deck = json_list("deck", data["deck"], MAX_CARDS)
    for i, colour in enumerate(deck):
        json_colour(f"deck[{i}]", colour, dummy.COLORS)
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
        raise Invalid(N_("'deck' has too many cards (%(n)d; at most %(max)d)"), n=total, max=MAX_CARDS)
    in_deck = None
    if "in_deck" in data and data["in_deck"] is not None:
        in_deck = json_whole("in_deck", data["in_deck"], 0, MAX_CARDS)
        if in_deck > total:
            raise Invalid(N_("'in_deck' (%(n)d) cannot exceed the cards counted in 'deck' (%(total)d)"), n=in_deck,
                          total=total)
    f = solve(dummy.forecast, deck, crystals, remaining=in_deck)  # in the solver pool (companion/solvers.py)
    return jsonify({
        "distribution": {str(k): float(p) for k, p in f.distribution},
        "expected": float(f.expected),
        "explanation": list(f.explanation),
    })
