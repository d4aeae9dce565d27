"""The payload of every score-sheet event (``companion.game.spine.payloads``): what the score commands put in it, with
their ranges. Declared when the scoring package is loaded (its ``__init__`` imports this module), so the score
reducers are never loaded without them. No Flask."""

from __future__ import annotations

from ...rules.text import N_
from ..spine.invalid import Invalid
from ..spine.payloads import LINES, Anything, Flag, Ident, Many, Mapping_, Obj, Opt, Player, Text, Whole, payload
from .calculator import parse_sheet

SCORE_TARGET = Player()


def _score_target(state, p):
    if p.get("player") != "game":  # a damaged import may lack it: refused, never a KeyError
        SCORE_TARGET.check(p.get("player"), "player", state)


def _score_value(state, p):
    _score_target(state, p)
    v = p.get("value")
    if not isinstance(v, (bool, int)) or abs(v) > 10**6:
        raise Invalid(N_("%(field)s must be a whole number, not %(value)s."), field="value", value=repr(v)[:30])


payload("score.sheet", _score_value, player=Anything(), field=Ident(), value=Anything())
payload("score.follow", _score_target, player=Anything(), field=Ident())
payload("score.confirm", player=Player(), confirmed=Opt(Flag()))


def _final(state, p):
    """The recorded sheet reads as the scoring API reads a sheet, with a line for each player of the game. (The
    result is not scored again: an export keeps the result the rules gave when it was recorded, even if a later
    version scores differently.)"""
    sheet = parse_sheet({k: v for k, v in p["sheet"].items() if v is not None or k == "players"})
    if len(sheet.players) != len(state["players"]):
        raise Invalid(N_("The final score must have a line for each player of the game."))


POINTS = Whole(-10**6, 10**6)
CATEGORIES = Mapping_(Text(60), Opt(POINTS), 60)
RESULT = Obj(kind=Text(40), players=Many(Obj(name=Text(80), total=POINTS, categories=CATEGORIES, team=Opt(Text(20))),
                                         8, min_len=1),
             winners=Many(Text(80), 8), score=Opt(POINTS), categories=Opt(CATEGORIES),
             teams=Opt(Many(Obj(team=Text(20), total=POINTS, categories=CATEGORIES, members=Opt(Many(Text(80), 8))),
                            8)),
             titles=Opt(Many(Obj(title=Text(60), category=Opt(Text(60)), values=Opt(Mapping_(Text(80), Opt(POINTS))),
                                 awarded=Opt(Mapping_(Text(80), Opt(POINTS))), outcome=Opt(Text(40)),
                                 reason=Anything()), 40)),
             explanation=Opt(LINES))
payload("score.final", _final, sheet=Obj(players=Many(Anything(), 8, min_len=1)), result=RESULT)
