"""How many turns the Dummy player has left this Round: an exact forecast over every order of its deck."""
from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Mapping, Sequence

from ..text import T, Term, Tn
from .cards import COLORS, SB_TURN, Crystals, check_color, check_counts
from .turns import take_turn


# --------------------------------------------------------------------------- forecast

@dataclass(frozen=True)
class Forecast:
    """P(k): k counts the Dummy player's turns from its next one up to and including the turn on which
    it announces the End of the Round (an empty deck: k = 1)."""

    distribution: tuple[tuple[int, Fraction], ...]
    expected: Fraction
    explanation: tuple[str, ...]


def _counts_tuple(counts: "Mapping[str, int] | Sequence[int]") -> tuple[int, ...]:
    if isinstance(counts, Mapping):
        counts = check_counts(counts)
        return tuple(counts[c] for c in COLORS)
    return tuple(counts)


@lru_cache(maxsize=65536)
def _dist(classes: tuple[tuple[int, int], ...], remaining: int) -> tuple[tuple[int, Fraction], ...]:
    """Distribution of k given the unseen cards, of which ``remaining`` are still in the deck (the rest were
    flipped unseen), all orders equally likely.

    The deck is a uniformly random order, so the colour of the next card whose colour matters (the third of a
    turn) is distributed as the cards not yet seen, whichever positions the earlier turns used. Colours with the
    same number of crystals act alike, so the unseen cards are counted per crystal count: ``classes`` is a sorted
    tuple of (crystals of the colour, unseen cards of such colours). Memoised over these counts and the cards left."""
    if remaining <= 0:
        return ((1, Fraction(1)),)
    if remaining <= 3:
        # it flips what is there (the deciding colour cannot matter: nothing is left for extras)
        return ((2, Fraction(1)),)
    total = sum(n for _, n in classes)
    acc: dict[int, Fraction] = {}
    for i, (crystals, n) in enumerate(classes):
        p = Fraction(n, total)
        nxt = classes[:i] + ((crystals, n - 1),) + classes[i + 1:] if n > 1 else classes[:i] + classes[i + 1:]
        left = max(0, remaining - 3 - crystals)
        for k, q in _dist(nxt, left):
            acc[k + 1] = acc.get(k + 1, Fraction(0)) + p * q
    return tuple(sorted(acc.items()))


def _classes(pool: Sequence[int], crystals: "Crystals") -> tuple[tuple[int, int], ...]:
    by_crystals: dict[int, int] = {}
    for n, c in zip(pool, crystals.as_tuple()):
        if n:
            by_crystals[c] = by_crystals.get(c, 0) + n
    return tuple(sorted(by_crystals.items()))


def forecast(deck: "Mapping[str, int] | Sequence[int]", crystals: "Crystals | Mapping[str, int]",
             remaining: int | None = None) -> Forecast:
    """The exact probability of each number k of turns until the Dummy player announces the End of the Round.

    ``deck``: the cards left, by colour. With a physical deck the app does not see every flipped card:
    then ``deck`` is every card whose colour the table has not tapped (left in the deck or flipped unseen)
    and ``remaining`` how many of them are still in the deck."""
    crystals = Crystals.of(crystals)
    pool = _counts_tuple(deck)
    total = sum(pool)
    if remaining is None:
        remaining = total
    if isinstance(remaining, bool) or not isinstance(remaining, int) or not 0 <= remaining <= total:
        raise ValueError("remaining must be between 0 and the number of unseen cards")
    dist = _dist(_classes(pool, crystals), remaining)
    expected = sum((k * p for k, p in dist), Fraction(0))
    trace = (
        T("%(rule)s: each turn flips three cards, plus one per crystal of the last card's colour; "
          "an empty deck at the start of its turn announces the End of the Round", rule=Term(SB_TURN)),
        Tn("Forecast: %(n)d card in its deck, crystals red %(red)d, blue %(blue)d, green %(green)d, "
           "white %(white)d; expected turns up to and including the announcement: %(expected).2f",
           "Forecast: %(n)d cards in its deck, crystals red %(red)d, blue %(blue)d, green %(green)d, "
           "white %(white)d; expected turns up to and including the announcement: %(expected).2f", "n",
          n=remaining, expected=float(expected), **crystals.as_dict()),
    )
    return Forecast(dist, expected, trace)


def naive_forecast(deck_colors: Sequence[str], crystals: "Crystals | Mapping[str, int]") -> Forecast:
    """The same distribution by brute force: play every distinct order of the deck (slow; for tests and
    the benchmark)."""
    crystals = Crystals.of(crystals)
    colors = tuple(check_color(c) for c in deck_colors)
    orders = set(itertools.permutations(colors))
    counts: Counter[int] = Counter()
    for order in orders:
        k, deck = 1, order
        while True:
            turn = take_turn(deck, crystals)
            if turn.end_of_round:
                break
            deck = turn.deck
            k += 1
        counts[k] += 1
    n = len(orders)
    dist = tuple(sorted((k, Fraction(v, n)) for k, v in counts.items()))
    expected = sum((k * p for k, p in dist), Fraction(0))
    return Forecast(dist, expected, (T("Enumerated %(n)d distinct orders of the deck", n=n),))


