"""The Dummy player (Scenario Book, "Dummy Player", p. 15) - pure rules, no Flask, no database.

Everything here is a pure function of its inputs; randomness comes in as a ``random.Random``.
Each result carries ``explanation``: a trace a player reads, citing the rule.

Decks are sequences of cards, top card first. A card is either a colour string ("red", "blue",
"green", "white") or anything with a ``color`` attribute / ``"color"`` key (e.g. the card dicts
the game state keeps), so the same engine serves the JSON API (colours) and the game (cards).
"""
from __future__ import annotations

import itertools
import random
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, Iterable, Mapping, Sequence

from companion.rules.text import N_, Name, T, Term

COLORS: tuple[str, ...] = ("red", "blue", "green", "white")
N_("red"), N_("blue"), N_("green"), N_("white")  # colours are Terms in the traces

# The rules the traces cite (Terms: translated when shown, e.g. "Szenarioheft, Dummyspieler, ...").
SB_DUMMY = N_("Scenario Book, Dummy Player")
SB_TURN = N_("Scenario Book, Dummy Player, When it is the Dummy player's turn")
SB_START = N_("Scenario Book, Dummy Player, At the start of the game")
SB_NEW_ROUND = N_("Scenario Book, Dummy Player, When preparing a new Round")
SB_SKILLS = N_("Scenario Book, Skills in a Solo Game")
SB_SOLO_TACTICS = N_("Scenario Book, Solo Conquest, Special Rules")
SB_COOP_TACTICS = N_("Scenario Book, Full Cooperation, Special Rules")
#: the last line of new_round (the web layer swaps it for the physical deck's wording)
SHUFFLED = N_("%(rule)s: all its %(n)d cards are shuffled into a new deck")


def _join(items: Sequence[Any]) -> T | str:
    """A comma-separated list as one line argument whose items are translated when shown (colours, names).
    Its msgid is only placeholders ("%(i0)s, %(i1)s"), so it needs no catalog entry."""
    if not items:
        return ""
    msgid = ", ".join("%%(i%d)s" % i for i in range(len(items)))
    return T(msgid, **{f"i{i}": item for i, item in enumerate(items)})


def _name(obj: Any) -> Name:
    """A card's or hero's name with its German form (the id or colour when it has no name)."""
    if isinstance(obj, str):
        return Name(obj)
    name = _attr(obj, "name") or _attr(obj, "id") or ""
    return Name(str(name), _attr(obj, "name_de") or None)


# --------------------------------------------------------------------------- basics

def color_of(card: Any) -> str:
    """The colour of a card: a colour string, a mapping with "color" or an object with .color."""
    if isinstance(card, str):
        c = card
    elif isinstance(card, Mapping):
        c = card.get("color")
    else:
        c = getattr(card, "color", None)
    return check_color(c)


def check_color(c: Any) -> str:
    if not isinstance(c, str) or c not in COLORS:
        raise ValueError(f"unknown colour {c!r}: expected one of {', '.join(COLORS)}")
    return c


@dataclass(frozen=True)
class Crystals:
    """The Dummy player's crystals. Unlike real players it may hold more than 3 of a colour
    (Scenario Book, Dummy Player, When preparing a new Round)."""

    red: int = 0
    blue: int = 0
    green: int = 0
    white: int = 0

    def __post_init__(self) -> None:
        for c in COLORS:
            v = getattr(self, c)
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise ValueError(f"crystals.{c} must be a whole number >= 0, got {v!r}")

    @classmethod
    def of(cls, value: "Crystals | Mapping[str, Any] | None") -> "Crystals":
        if value is None:
            return cls()
        if isinstance(value, Crystals):
            return value
        if not isinstance(value, Mapping):
            raise ValueError("crystals must be an object with red, blue, green, white counts")
        for key in value:
            if key not in COLORS:
                raise ValueError(f"unknown colour {key!r} in crystals")
        return cls(**{c: value.get(c, 0) for c in COLORS})

    def get(self, color: str) -> int:
        return getattr(self, check_color(color))

    def add(self, color: str, n: int = 1) -> "Crystals":
        d = self.as_dict()
        d[check_color(color)] += n
        return Crystals(**d)

    def as_dict(self) -> dict[str, int]:
        return {c: getattr(self, c) for c in COLORS}

    def as_tuple(self) -> tuple[int, int, int, int]:
        return tuple(getattr(self, c) for c in COLORS)  # type: ignore[return-value]

    def total(self) -> int:
        return sum(self.as_tuple())


def color_counts(deck: Iterable[Any]) -> dict[str, int]:
    counts = Counter(color_of(c) for c in deck)
    return {c: counts.get(c, 0) for c in COLORS}


def check_counts(counts: Mapping[str, Any]) -> dict[str, int]:
    """Validate a {colour: count} mapping (unknown colours or negative counts raise ValueError)."""
    if not isinstance(counts, Mapping):
        raise ValueError("deck must be an object with red, blue, green, white counts")
    out = {c: 0 for c in COLORS}
    for key, v in counts.items():
        check_color(key)
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise ValueError(f"deck.{key} must be a whole number >= 0, got {v!r}")
        out[key] = v
    return out


# --------------------------------------------------------------------------- set-up

def _attr(obj: Any, name: str, default: Any = None) -> Any:
    if isinstance(obj, Mapping):
        return obj.get(name, default)
    return getattr(obj, name, default)


def card_dict(card: Any) -> dict[str, Any]:
    """A plain JSON-able dict for a card (what the game state stores)."""
    return {
        "id": _attr(card, "id"),
        "name": _attr(card, "name"),
        "name_de": _attr(card, "name_de") or _attr(card, "name"),
        "color": color_of(card),
    }


def basic_deck(hero: Any) -> tuple[dict[str, Any], ...]:
    """The hero's 16 Basic Action cards, one entry per physical card (DeckCard.count copies).

    Scenario Book, Dummy Player, At the start of the game: "their starting deck of 16 Basic Action cards"."""
    cards: list[dict[str, Any]] = []
    for dc in _attr(hero, "deck", ()):
        count = _attr(dc, "count", 1) or 1
        for _ in range(int(count)):
            cards.append(card_dict(dc))
    return tuple(cards)


def starting_crystals(hero: Any) -> Crystals:
    """One crystal per coloured dot at the bottom of the hero card (Goldyx: green, green, blue)."""
    c = Crystals()
    for dot in _attr(hero, "crystals", ()):
        c = c.add(dot)
    return c


def choose_hero(heroes: Sequence[Any], in_play: Iterable[str], rng: random.Random,
                chosen: str | None = None) -> Any:
    """"After players choose their Heroes, randomly choose one of the Heroes that is not in the game
    as a Dummy player Hero" (Scenario Book, Dummy Player, At the start of the game). The table may also
    name one (``chosen``), which must not be in play either."""
    in_play = set(in_play)
    free = [h for h in heroes if _attr(h, "id") not in in_play]
    if chosen is not None:
        for h in heroes:
            if _attr(h, "id") == chosen:
                if chosen in in_play:
                    raise ValueError(f"hero {chosen!r} is already in the game")
                return h
        raise ValueError(f"unknown hero {chosen!r}")
    if not free:
        raise ValueError("every hero is in the game: none is left for the Dummy player")
    return rng.choice(free)


@dataclass(frozen=True)
class DummySetup:
    hero_id: str
    crystals: Crystals
    deck: tuple[Any, ...]
    explanation: tuple[str, ...]


def set_up(hero: Any, rng: random.Random) -> DummySetup:
    deck = list(basic_deck(hero))
    rng.shuffle(deck)
    crystals = starting_crystals(hero)
    dots = tuple(_attr(hero, "crystals", ()))
    return DummySetup(
        hero_id=_attr(hero, "id"),
        crystals=crystals,
        deck=tuple(deck),
        explanation=(
            T("%(rule)s: Dummy player hero %(hero)s, not in the game", rule=Term(SB_START), hero=_name(hero)),
            T("%(rule)s: three crystals from the hero card's dots (%(dots)s)", rule=Term(SB_START),
              dots=_join([Term(c) for c in dots])),
            T("%(rule)s: its starting deck of %(n)d Basic Action cards, shuffled", rule=Term(SB_START), n=len(deck)),
            T("%(rule)s, Note: do not count the Dummy player for the mana dice and Units of the scenario",
              rule=Term(SB_START)),
        ),
    )


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
        trace.append(T("%(rule)s, Note: only %(n)d card(s) left - it flips what there is "
                       "and announces the End of the Round on its next turn", rule=Term(SB_TURN), n=len(first)))
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
        trace.append(T("%(rule)s: it has %(n)d %(color)s crystal(s), so it flips %(n)d more card(s) "
                       "(their colour does not matter)", rule=Term(SB_TURN), n=n, color=Term(deciding)))
        if len(extra) < n:
            trace.append(T("%(rule)s, Note: only %(n)d more card(s) left - it flips what there is",
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
            T("%(rule)s: flip the last %(n)d card(s); its deck is then empty - it announces the End "
              "of the Round on its next turn", rule=Term(SB_TURN), n=deck_count),))
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
        trace.append(T("%(rule)s: it has %(n)d %(color)s crystal(s): flip %(extra)d more card(s)",
                       rule=Term(SB_TURN), n=n, color=Term(deciding), extra=extra))
    if left == 0:
        trace.append(T("%(rule)s, Note: its deck is now empty - it announces the End of the Round "
                       "on its next turn", rule=Term(SB_TURN)))
    return PhysicalTurn(3 + extra, left, deciding, False, left == 0, tuple(trace))


# --------------------------------------------------------------------------- new round

@dataclass(frozen=True)
class NewRound:
    deck: tuple[Any, ...]
    crystals: Crystals
    explanation: tuple[str, ...]


def new_round(cards: Sequence[Any], crystals: "Crystals | Mapping[str, int]", rng: random.Random,
              advanced_action: Any = None, spell_color: str | None = None) -> NewRound:
    """Scenario Book, Dummy Player, "When preparing a new Round".

    ``cards``: all its cards (deck and flipped). The Advanced Action leaving the offer joins its deck,
    the Spell leaving the offer gives it a crystal of that colour (no limit of 3); then everything is
    shuffled into a new deck (Rulebook, Prepare the Round: each player shuffles all their Deed cards)."""
    crystals = Crystals.of(crystals)
    deck = list(cards)
    for c in deck:
        color_of(c)
    trace = []
    if advanced_action is not None:
        color_of(advanced_action)
        deck.append(advanced_action)
        name = Term(advanced_action) if isinstance(advanced_action, str) else _name(advanced_action)
        trace.append(T("%(rule)s: the lowest Advanced Action of the offer (%(card)s, %(color)s) joins its deck",
                       rule=Term(SB_NEW_ROUND), card=name, color=Term(color_of(advanced_action))))
    if spell_color is not None:
        crystals = crystals.add(check_color(spell_color))
        trace.append(T("%(rule)s: the lowest Spell of the offer is %(color)s: it gains a "
                       "%(color)s crystal (now %(n)d; no limit of 3 for it)", rule=Term(SB_NEW_ROUND),
                       color=Term(spell_color), n=crystals.get(spell_color)))
    rng.shuffle(deck)
    trace.append(T(SHUFFLED, rule=Term(SB_NEW_ROUND), n=len(deck)))
    return NewRound(tuple(deck), crystals, tuple(trace))


# --------------------------------------------------------------------------- forecast

@dataclass(frozen=True)
class Forecast:
    """P(k): k counts the Dummy player's turns from its next one up to and including the turn on which
    it announces the End of the Round (an empty deck: k = 1)."""

    distribution: tuple[tuple[int, Fraction], ...]
    expected: Fraction
    explanation: tuple[str, ...]

    def as_floats(self) -> dict[int, float]:
        return {k: float(p) for k, p in self.distribution}


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
        T("Forecast: %(n)d card(s) in its deck, crystals red %(red)d, blue %(blue)d, green %(green)d, "
          "white %(white)d; expected %(expected).2f turn(s) up to and including the announcement",
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


# --------------------------------------------------------------------------- tactics

SOLO = "solo"          # Solo Conquest (and every solo game: "use similar ... special rules")
COOPERATIVE = "cooperative"   # Full Cooperation, Blitz Cooperation ("all the rules ... of Full Cooperation")


def tactic_rule(mode: str) -> str | None:
    """Which tactic rules apply to the Dummy player in a game of this mode (None: no Dummy player)."""
    if mode == "solo":
        return SOLO
    if mode in ("coop", "cooperative"):
        return COOPERATIVE
    return None


@dataclass(frozen=True)
class TacticPick:
    tactic: Any
    explanation: tuple[str, ...]


def dummy_takes_tactic(rule: str, available: Sequence[Any], taken_by_players: Iterable[Any],
                       rng: random.Random) -> TacticPick:
    """Solo Conquest: "you always choose first. The Dummy player then takes one random card from those
    remaining." Full Cooperation: "the Dummy player takes a random Tactic first, then the players
    choose theirs" (so ``taken_by_players`` must be empty)."""
    taken = list(taken_by_players)
    if rule == SOLO:
        if not taken:
            raise ValueError("Solo Conquest: you choose your Tactic first, then the Dummy player takes one")
        source = T("%(rule)s: you choose first; the Dummy player takes a random one of the rest",
                   rule=Term(SB_SOLO_TACTICS))
    elif rule == COOPERATIVE:
        if taken:
            raise ValueError("Full Cooperation: the Dummy player takes its Tactic first")
        source = T("%(rule)s: the Dummy player takes a random Tactic first", rule=Term(SB_COOP_TACTICS))
    else:
        raise ValueError(f"unknown tactic rule {rule!r}")
    rest = [t for t in available if t not in taken]
    if not rest:
        raise ValueError("no Tactic card is left for the Dummy player")
    pick = rng.choice(rest)
    return TacticPick(pick, (source,))


@dataclass(frozen=True)
class TacticsRemoved:
    removed: tuple[Any, ...]
    explanation: tuple[str, ...]


def tactics_removed_at_round_end(rule: str, dummy_tactic: Any, player_tactics: Sequence[Any],
                                 chosen: Any = None, final_day_or_night: bool = False) -> TacticsRemoved:
    """Which Tactic cards leave the game at the end of a Day or Night.

    Solo Conquest: "remove both used Tactic cards from the game". Full Cooperation: "agree and remove one
    of the Tactics used by the players (not the Dummy player) from the game. This does not matter on the
    last day and the last night." ``chosen`` is the players' pick."""
    if rule == SOLO:
        removed = tuple(t for t in (*player_tactics, dummy_tactic) if t is not None)
        return TacticsRemoved(removed, (T("%(rule)s: at the end of each Day or Night both used "
                                          "Tactic cards are removed from the game", rule=Term(SB_SOLO_TACTICS)),))
    if rule == COOPERATIVE:
        if final_day_or_night:
            return TacticsRemoved((), (T("%(rule)s: on the last Day and the last Night no Tactic "
                                         "needs to be removed", rule=Term(SB_COOP_TACTICS)),))
        if chosen is None:
            raise ValueError("choose which of the players' Tactics leaves the game")
        if chosen not in player_tactics:
            raise ValueError("only a Tactic used by a player (not the Dummy player's) can be removed")
        return TacticsRemoved((chosen,), (T("%(rule)s: the players remove one of their used "
                                            "Tactics (not the Dummy player's) from the game",
                                            rule=Term(SB_COOP_TACTICS)),))
    raise ValueError(f"unknown tactic rule {rule!r}")


@dataclass(frozen=True)
class RoundOrder:
    order: tuple[Any, ...]
    explanation: tuple[str, ...]


def round_order(tactic_numbers: Mapping[Any, int]) -> RoundOrder:
    """"Arrange the Round Order tokens by the Tactic numbers, as usual" - lowest number first
    (Rulebook, Prepare the Round 3c; Scenario Book, Dummy Player, When picking Tactics)."""
    numbers = list(tactic_numbers.values())
    if len(set(numbers)) != len(numbers):
        raise ValueError("two participants cannot hold the same Tactic")
    order = tuple(sorted(tactic_numbers, key=lambda who: tactic_numbers[who]))
    return RoundOrder(order, (T("Rulebook, Round Order: arranged by Tactic numbers, lowest first; the Dummy "
                                "player does not benefit from its Tactic, it only sets when it plays"),))


# --------------------------------------------------------------------------- solo skills

def _is_interactive(skill: Any) -> bool:
    if isinstance(skill, str):
        return False
    return bool(_attr(skill, "interactive", False))


def _skill_id(skill: Any) -> Any:
    return skill if isinstance(skill, str) else _attr(skill, "id")


@dataclass(frozen=True)
class SkillPile:
    pile: tuple[Any, ...]
    removed: tuple[Any, ...]
    explanation: tuple[str, ...]


def skill_pile(skills: Sequence[Any], rng: random.Random) -> SkillPile:
    """Skills in a Solo Game: the Dummy hero's Skill tokens, "remove the Competitive Interactive Skill ...
    before the game", shuffled into a face-down pile."""
    removed = tuple(_skill_id(s) for s in skills if _is_interactive(s))
    pile = [_skill_id(s) for s in skills if not _is_interactive(s)]
    rng.shuffle(pile)
    trace = [T("%(rule)s: the Dummy hero's Skill tokens are shuffled face down (%(n)d tokens)",
               rule=Term(SB_SKILLS), n=len(pile))]
    if removed:
        names = [_name(s) for s in skills if _is_interactive(s)]
        trace.append(T("%(rule)s: the interactive Skill is removed before the game (%(skills)s)",
                       rule=Term(SB_SKILLS), skills=_join(names)))
    return SkillPile(tuple(pile), removed, tuple(trace))


@dataclass(frozen=True)
class SkillReveal:
    revealed: Any
    pile: tuple[Any, ...]
    explanation: tuple[str, ...]


def reveal_skill(pile: Sequence[Any]) -> SkillReveal:
    """"Every time your Hero has gained a Skill token, also reveal one Skill of the Dummy player, and put it
    into the Common Skill offer"."""
    if not pile:
        return SkillReveal(None, (), (T("%(rule)s: the Dummy hero has no Skill tokens left to reveal",
                                        rule=Term(SB_SKILLS)),))
    return SkillReveal(pile[0], tuple(pile[1:]), (
        T("%(rule)s: your Hero gained a Skill, so one Skill of the Dummy player (%(skill)s) goes to the "
          "Common Skill offer; taking it from there also takes the lowest Advanced Action", rule=Term(SB_SKILLS),
          skill=_name(pile[0])),))
