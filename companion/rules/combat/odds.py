"""Draw odds for an enemy token pile.

Pure rules code: no Flask, no database.

Rulebook, Setup ("Enemy and Ruins tokens"): the round tokens are sorted by their backs and stacked in
face-down piles, one per colour, with a space next to each pile for discarded tokens. "If you run out of
tokens, reshuffle the discarded ones and create a new face down pile."

So the next token drawn from a pile is a uniformly random token among those still face down in it: the
pile's printed tokens (copies per token, for the expansions in play) minus every token the table has seen
or removed (on the map, in combat, in the discard pile, out of the game). When none are left, the
discarded tokens are shuffled into a new pile, and the draw is uniform among them.

Several tokens drawn together (a city's garrison, two brown tokens at spawning grounds) are drawn without
replacement, so the chance that at least one of them is a given token is hypergeometric:
1 - C(left - copies, k) / C(left, k).
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from companion.rules.text import Name, T

SETUP_RULE = T(
    "Rulebook, Setup (Enemy and Ruins tokens): tokens are sorted by their backs into face-down piles, "
    "one per colour; each draw takes a random token from the pile"
)
RESHUFFLE_RULE = T(
    "Rulebook, Setup (Enemy and Ruins tokens): \"If you run out of tokens, reshuffle the discarded ones "
    "and create a new face down pile\""
)


class OddsError(ValueError):
    """Bad input for the odds calculation (unknown token, more seen than printed, negative count)."""


@dataclass(frozen=True)
class TokenOdds:
    """The chance that the next token drawn is this one."""

    id: str
    copies: int        # copies of this token in the pile (expansions in play)
    seen: int          # copies seen or removed by the table
    left: int          # copies that can be drawn next
    chance: Fraction   # left / tokens that can be drawn next
    at_least_one: Fraction = Fraction(0)  # chance that the `draws` tokens drawn together include this one

    @property
    def percent(self) -> float:
        """The chance in percent (0..100) as a float."""
        return float(self.chance * 100)

    @property
    def at_least_one_percent(self) -> float:
        return float(self.at_least_one * 100)


@dataclass(frozen=True)
class DrawOdds:
    """Odds of the next draw from one pile."""

    total: int                   # tokens in the pile when complete
    seen: int                    # tokens seen or removed
    left: int                    # tokens that can be drawn next (face down, or the reshuffled discards)
    reshuffled: bool             # True when the pile ran out and the discards form the new pile
    tokens: tuple[TokenOdds, ...]  # every token of the pile, in the pile's order
    explanation: tuple[str, ...]
    draws: int = 1               # how many tokens are drawn together (for at_least_one)

    def chance(self, token_id: str) -> Fraction:
        for t in self.tokens:
            if t.id == token_id:
                return t.chance
        raise OddsError(f"token {token_id!r} is not in this pile")

    def chance_of(self, token_ids: Iterable[str]) -> Fraction:
        """Chance that the next token is any one of ``token_ids`` (the events are disjoint, so the sum)."""
        wanted = set(token_ids)
        unknown = wanted - {t.id for t in self.tokens}
        if unknown:
            raise OddsError(f"not in this pile: {', '.join(sorted(unknown))}")
        return sum((t.chance for t in self.tokens if t.id in wanted), Fraction(0))

    def at_least_one_of(self, token_ids: Iterable[str]) -> Fraction:
        """Chance that the ``draws`` tokens drawn together include at least one of ``token_ids``."""
        wanted = set(token_ids)
        unknown = wanted - {t.id for t in self.tokens}
        if unknown:
            raise OddsError(f"not in this pile: {', '.join(sorted(unknown))}")
        return at_least_one(self.left, sum(t.left for t in self.tokens if t.id in wanted), self.draws)


def at_least_one(left: int, hits: int, draws: int) -> Fraction:
    """Hypergeometric: the chance that ``draws`` tokens drawn without replacement from ``left`` tokens, ``hits``
    of which are wanted, include at least one wanted token: 1 - C(left - hits, draws) / C(left, draws)."""
    if draws <= 0 or hits <= 0 or left <= 0:
        return Fraction(0)
    if draws > left:
        raise OddsError(f"cannot draw {draws} tokens: only {left} left")
    return 1 - Fraction(comb(left - hits, draws), comb(left, draws))


def pile_contents(enemies: Iterable, color: str, expansions: Iterable[str] | None = None) -> dict[str, int]:
    """Copies per token id of the ``color`` pile, counting only tokens of ``expansions`` (all when None).

    ``enemies`` is an iterable of objects with ``id``, ``color``, ``expansion`` and ``copies``
    (``companion.rules.data.Enemy``). The order of the result follows the input.
    """
    allowed = None if expansions is None else set(expansions)
    pile: dict[str, int] = {}
    for e in enemies:
        if e.color != color:
            continue
        if allowed is not None and e.expansion not in allowed:
            continue
        if e.copies > 0:
            pile[e.id] = pile.get(e.id, 0) + int(e.copies)
    return pile


def _check_counts(pile: Mapping[str, int], counts: Mapping[str, int], what: str) -> None:
    for token_id, n in counts.items():
        if token_id not in pile:
            raise OddsError(f"{what}: {token_id!r} is not a token of this pile")
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise OddsError(f"{what}: count for {token_id!r} must be a whole number of at least 0, got {n!r}")
        if n > pile[token_id]:
            raise OddsError(
                f"{what}: {n} x {token_id!r}, but the pile has only {pile[token_id]} "
                f"cop{'y' if pile[token_id] == 1 else 'ies'}"
            )


def draw_odds(
    pile: Mapping[str, int],
    seen: Mapping[str, int] | None = None,
    discarded: Mapping[str, int] | None = None,
    draws: int = 1,
    names: Mapping[str, str] | None = None,
) -> DrawOdds:
    """Exact chance of each token on the next draw.

    ``pile``: copies per token id (see ``pile_contents``).
    ``seen``: copies per token id that are not face down in the pile any more (drawn, on the map,
    discarded or removed from the game).
    ``discarded``: of those, the copies lying in the pile's discard pile; they only matter when the pile
    has run out, because then they are reshuffled into a new pile.
    ``draws``: how many tokens are drawn together (at least 1, at most the tokens that can be drawn); each
    token's ``at_least_one`` is the chance that they include it.
    ``names``: the tokens' names for the explanation (``Name(en, de)`` from the rules data); a token without one
    is named by its id.
    """
    if not isinstance(draws, int) or isinstance(draws, bool) or draws < 1:
        raise OddsError(f"draws must be a whole number of at least 1, got {draws!r}")
    seen = dict(seen or {})
    discarded = dict(discarded or {})
    for token_id, n in pile.items():
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise OddsError(f"pile: copies of {token_id!r} must be a whole number of at least 0, got {n!r}")
    _check_counts(pile, seen, "seen or removed")
    _check_counts(pile, discarded, "discarded")
    for token_id, n in discarded.items():
        if n > seen.get(token_id, 0):
            raise OddsError(
                f"discarded: {n} x {token_id!r}, but only {seen.get(token_id, 0)} marked as seen or removed "
                "(discarded tokens are seen tokens)"
            )

    total = sum(pile.values())
    n_seen = sum(seen.values())
    face_down = {t: pile[t] - seen.get(t, 0) for t in pile}
    left = total - n_seen
    trace = [SETUP_RULE, T("Pile: %(total)d tokens, %(seen)d seen or removed, %(left)d face down", total=total,
                           seen=n_seen, left=left)]

    reshuffled = False
    drawable = face_down
    if left == 0:
        n_disc = sum(discarded.values())
        if n_disc:
            reshuffled = True
            drawable = {t: discarded.get(t, 0) for t in pile}
            left = n_disc
            trace.append(RESHUFFLE_RULE)
            trace.append(T("The pile is empty: the %(n)d discarded tokens form the new pile", n=n_disc))
        else:
            trace.append(T("No token can be drawn: the pile and its discard pile are empty"))

    if left and draws > left:
        raise OddsError(f"cannot draw {draws} tokens together: only {left} can be drawn")
    if draws > 1:
        trace.append(T("%(draws)d tokens drawn together (without replacement): "
                       "at least one of a token = 1 - C(%(left)d - copies left, %(draws)d) / C(%(left)d, %(draws)d)",
                       draws=draws, left=left))
    tokens = []
    for token_id, copies in pile.items():
        k = drawable[token_id]
        chance = Fraction(k, left) if left else Fraction(0)
        some = at_least_one(left, k, draws) if left else Fraction(0)
        tokens.append(TokenOdds(id=token_id, copies=copies, seen=seen.get(token_id, 0), left=k, chance=chance,
                                at_least_one=some))
        if k and left:
            token = (names or {}).get(token_id) or Name(token_id)
            if draws > 1:
                trace.append(T("%(token)s: %(k)d of %(left)d = %(chance)s = %(pct).1f%%; at least one in %(draws)d "
                               "draws = %(some)s = %(some_pct).1f%%", token=token, k=k, left=left, chance=str(chance),
                               pct=float(chance * 100), draws=draws, some=str(some), some_pct=float(some * 100)))
            else:
                trace.append(T("%(token)s: %(k)d of %(left)d = %(chance)s = %(pct).1f%%", token=token, k=k, left=left,
                               chance=str(chance), pct=float(chance * 100)))
    return DrawOdds(
        total=total,
        seen=n_seen,
        left=left,
        reshuffled=reshuffled,
        tokens=tuple(tokens),
        explanation=tuple(trace),
        draws=draws,
    )
