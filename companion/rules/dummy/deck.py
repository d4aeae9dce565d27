"""Setting the Dummy player up and preparing its deck for a new Round (Scenario Book, Dummy Player,
"At the start of the game" and "When preparing a new Round")."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

from ..text import T, Term
from .cards import (SB_NEW_ROUND, SB_START, SHUFFLED, Crystals, _attr, _join, _name, basic_deck, check_color,
                    color_of, starting_crystals)


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


