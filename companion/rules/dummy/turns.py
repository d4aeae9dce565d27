"""The Dummy player's turn (Scenario Book, Dummy Player, "When it is the Dummy player's turn"), with a
virtual deck (the cards themselves) or a physical one (the table flips, only counts are known)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from ..text import T, Term, Tn
from .cards import SB_TURN, Crystals, _join, check_color, color_of


# --------------------------------------------------------------------------- a turn

@dataclass(frozen=True)
class DummyTurn:
    """One turn of the Dummy player.

    ``end_of_round``: the deck was empty at the start of the turn, so it announces the End of the Round
    (nothing flipped). ``deck_ran_out``: it flipped its last card(s) this turn and will announce the End
    of the Round on its next turn."""

    flipped: tuple[Any, ...]
    deck: tuple[Any, ...]
    deciding_color: str | None
    extra: int
    end_of_round: bool
    deck_ran_out: bool
    explanation: tuple[str, ...]


def take_turn(deck: Sequence[Any], crystals: "Crystals | Mapping[str, int]") -> DummyTurn:
    """Scenario Book, Dummy Player, "When it is the Dummy player's turn"."""
    crystals = Crystals.of(crystals)
    deck = tuple(deck)
    for card in deck:
        color_of(card)  # validate before anything happens
    if not deck:
        return DummyTurn((), (), None, 0, True, False, (
            T("%(rule)s: its Deed deck is empty, so it announces the End of the Round; "
              "every other player has one more turn", rule=Term(SB_TURN)),))
    trace: list[str] = []
    first = deck[:3]
    rest = deck[3:]
    if len(first) < 3:
        trace.append(Tn("%(rule)s, Note: only %(n)d card left - it flips what there is "
                        "and announces the End of the Round on its next turn",
                        "%(rule)s, Note: only %(n)d cards left - it flips what there is "
                        "and announces the End of the Round on its next turn", "n", rule=Term(SB_TURN), n=len(first)))
        return DummyTurn(first, rest, None, 0, False, True, tuple(trace))
    deciding = color_of(first[-1])
    n = crystals.get(deciding)
    names = _join([Term(color_of(c)) for c in first])
    trace.append(T("%(rule)s: flip three cards (%(cards)s); the last one is %(color)s", rule=Term(SB_TURN),
                   cards=names, color=Term(deciding)))
    if n == 0:
        trace.append(T("%(rule)s: it has no %(color)s crystal, so its turn is over", rule=Term(SB_TURN),
                       color=Term(deciding)))
        extra: tuple[Any, ...] = ()
    else:
        extra = rest[:n]
        rest = rest[n:]
        trace.append(Tn("%(rule)s: it has %(n)d %(color)s crystal, so it flips %(n)d more card "
                        "(its colour does not matter)",
                        "%(rule)s: it has %(n)d %(color)s crystals, so it flips %(n)d more cards "
                        "(their colour does not matter)", "n", rule=Term(SB_TURN), n=n, color=Term(deciding)))
        if len(extra) < n:
            trace.append(Tn("%(rule)s, Note: only %(n)d more card left - it flips what there is",
                            "%(rule)s, Note: only %(n)d more cards left - it flips what there is", "n",
                           rule=Term(SB_TURN), n=len(extra)))
    ran_out = not rest
    if ran_out:
        trace.append(T("%(rule)s, Note: its deck is now empty - it announces the End of the Round "
                       "on its next turn", rule=Term(SB_TURN)))
    return DummyTurn(first + extra, rest, deciding, len(extra), False, ran_out, tuple(trace))


def extra_flips(crystals: "Crystals | Mapping[str, int]", deciding_color: str) -> int:
    """How many more cards to flip when the last of the three is ``deciding_color`` (physical deck)."""
    return Crystals.of(crystals).get(deciding_color)


@dataclass(frozen=True)
class PhysicalTurn:
    """A turn with the real cards: the table flipped, the app only counts."""

    flipped_count: int
    deck_count: int
    deciding_color: str | None
    end_of_round: bool
    deck_ran_out: bool
    explanation: tuple[str, ...]


def physical_turn(deck_count: int, crystals: "Crystals | Mapping[str, int]",
                  deciding_color: str | None) -> PhysicalTurn:
    """The same turn for a physical deck of ``deck_count`` cards: the table flips three cards and taps the
    colour of the last one (``deciding_color``; None when fewer than three cards were left)."""
    crystals = Crystals.of(crystals)
    if isinstance(deck_count, bool) or not isinstance(deck_count, int) or deck_count < 0:
        raise ValueError("deck count must be a whole number >= 0")
    if deck_count == 0:
        return PhysicalTurn(0, 0, None, True, False, (
            T("%(rule)s: its Deed deck is empty, so it announces the End of the Round; "
              "every other player has one more turn", rule=Term(SB_TURN)),))
    if deck_count <= 3:
        # three or fewer: all of them are flipped, no card is left for extras whatever the colour
        return PhysicalTurn(deck_count, 0, None, False, True, (
            Tn("%(rule)s: flip the last %(n)d card; its deck is then empty - it announces the End "
               "of the Round on its next turn",
               "%(rule)s: flip the last %(n)d cards; its deck is then empty - it announces the End "
               "of the Round on its next turn", "n", rule=Term(SB_TURN), n=deck_count),))
    if deciding_color is None:
        raise ValueError("tap the colour of the third card flipped")
    deciding = check_color(deciding_color)
    n = crystals.get(deciding)
    extra = min(n, deck_count - 3)
    left = deck_count - 3 - extra
    trace = [T("%(rule)s: three cards flipped; the last one is %(color)s", rule=Term(SB_TURN), color=Term(deciding))]
    if n == 0:
        trace.append(T("%(rule)s: it has no %(color)s crystal, so its turn is over", rule=Term(SB_TURN),
                       color=Term(deciding)))
    else:
        trace.append(Tn("%(rule)s: it has %(n)d %(color)s crystal: it flips more cards: %(extra)d",
                            "%(rule)s: it has %(n)d %(color)s crystals: it flips more cards: %(extra)d", "n",
                       rule=Term(SB_TURN), n=n, color=Term(deciding), extra=extra))
    if left == 0:
        trace.append(T("%(rule)s, Note: its deck is now empty - it announces the End of the Round "
                       "on its next turn", rule=Term(SB_TURN)))
    return PhysicalTurn(3 + extra, left, deciding, False, left == 0, tuple(trace))


