"""Mage Lite's Dummy player: a counter instead of a deck (004 "Mage Lite", Main Expansion, "DUMMY PLAYER").

"Use Tovak's Hero Card from the base game as your dummy player ... start it on level 1. After every one
of your turns, rotate ... the dummy card ... When the dummy player changes to level 7, it declares end of
round, and your next turn is your final turn of the round."
"Use the pips under Tovak's name (two blue and one red) ... after drawing up your next hand, reference the
right-hand mana symbol of the furthest-right card in your hand. If that mana symbol matches Tovak's pip
colors, move the dummy an EXTRA level this turn for every pip of the matching color."
"For an easier experience, allow the dummy player to go all the way to level 8 before declaring end of
round. Likewise, you can increase the challenge by having it declare end of round at level 6."

Pure rules: no Flask, no database.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from companion.rules.dummy import Crystals, check_color
from companion.rules.text import N_, T, Term, Tn

ML = N_("Mage Lite, Dummy Player")
START_LEVEL = 1
MAX_LEVEL = 8           # the hero card tracks levels 1 through 8
THRESHOLDS = {"normal": 7, "harder": 6, "easier": 8}
# The text names Tovak's pips "two blue and one red" (its own worked example then says "2 red pips");
# the app reads them from the hero data and falls back to the text's wording.
TOVAK_PIPS = {"blue": 2, "red": 1}


def threshold_for(difficulty: str) -> int:
    try:
        return THRESHOLDS[difficulty]
    except KeyError:
        raise ValueError(f"unknown difficulty {difficulty!r}: expected one of {', '.join(THRESHOLDS)}") from None


@dataclass(frozen=True)
class CounterStep:
    level: int
    moved: int
    end_of_round: bool
    explanation: tuple[str, ...]


def advance(level: int, mana_color: str | None, pips: "Crystals | Mapping[str, int]",
            threshold: int = 7) -> CounterStep:
    """After one of your turns: one level, plus one per pip matching the right-hand mana symbol of the
    furthest-right card of your new hand (``mana_color``; None if it shows no basic colour)."""
    if isinstance(level, bool) or not isinstance(level, int) or not START_LEVEL <= level <= MAX_LEVEL:
        raise ValueError(f"level must be between {START_LEVEL} and {MAX_LEVEL}")
    if threshold not in THRESHOLDS.values():
        raise ValueError("the end of round level is 6, 7 or 8")
    pips = Crystals.of(pips)
    extra = pips.get(check_color(mana_color)) if mana_color is not None else 0
    moved = 1 + extra
    new = min(MAX_LEVEL, level + moved)
    rule = Term(ML)
    trace = [T("%(rule)s: after your turn the dummy card rotates one level (%(level)d -> %(next)d)", rule=rule,
               level=level, next=level + 1)]
    if extra:
        trace.append(Tn("%(rule)s: the rightmost mana symbol is %(color)s, matching %(extra)d pip: "
                        "%(extra)d extra level (-> %(to)d)",
                        "%(rule)s: the rightmost mana symbol is %(color)s, matching %(extra)d pips: "
                        "%(extra)d extra levels (-> %(to)d)", "extra", rule=rule, color=Term(mana_color), extra=extra,
                       to=level + moved))
    elif mana_color is not None:
        trace.append(T("%(rule)s: the rightmost mana symbol is %(color)s: no matching pip", rule=rule,
                       color=Term(mana_color)))
    if level + moved > MAX_LEVEL:
        trace.append(T("%(rule)s: the card tracks levels 1 to %(max)d: it stops at %(max)d", rule=rule,
                       max=MAX_LEVEL))
    end = new >= threshold
    if end:
        trace.append(T("%(rule)s: level %(level)d reaches %(threshold)d: it declares the end of the round; your "
                       "next turn is your final turn of the round", rule=rule, level=new, threshold=threshold))
    return CounterStep(new, new - level, end, tuple(trace))
