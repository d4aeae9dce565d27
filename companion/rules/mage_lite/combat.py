"""Mage Lite's own combat rules on top of Mage Knight's (seed 004, "Mage Lite": "Taking Wounds", "Combat with
Enemies", "Enemy and Hero Abilities", "Site Reference").

Mage Lite has no Wound cards: "You take wounds by downgrading cards ... For every 1 wound you take, you must do one
of the following: Rotate a Starting card in your hand to Waning. Move a Waning card in your hand to your discard
pile." ... "If neither of those options are available ... you must take the wounds into your deed deck." The Mage
Knight referee (``rules/combat/damage.py``) counts the wounds an unblocked attack deals to the hero (one per started
block of Armor); this module says where they go in Mage Lite's words, with Mage Lite's Poison (the extra wounds
"may" go into the deck), Paralyze (the hand is discarded) and the knock-out at the unmodified Hand limit.

Pure rules: no Flask, no database, no game state.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from companion.rules.text import N_, T, Tn

# what a hand card can take: a Starting card two wounds (rotate to Waning, then discard it: "You may wound a card
# twice"), a Waning card one (discard it)
WOUNDS_PER_STARTING = 2
WOUNDS_PER_WANING = 1

# 004 "Block phase" 2: "use your left-hand Guiding symbol from your second card to determine which Brown enemy is
# summoned (if you have only 1 card in hand, choose the right-hand Guiding symbol instead)."
SUMMON_GUIDE = N_("Mage Lite, Block phase 2: the summoned Brown enemy is the one the left-hand Guiding symbol of "
                  "your second card points to (only one card in your hand: its right-hand symbol). Type it in, or "
                  "tap it if this game keeps it; it replaces the summoner in the Block and Assign Damage phases.")
# 004 "Site Reference", Dungeon and Tomb: "You can't use Units in the Dungeon. Use Night Rules. (Gold Mana can't be
# spent, but Dark Mana can)."
DUNGEON_NOTE = N_("Mage Lite, Dungeon and Tomb: you can't use Units; Night rules: gold mana can't be spent, but "
                  "dark mana can.")
# 004 "Site Reference", Maze and Labyrinth: "You can use only 1 unwounded Unit."
MAZE_NOTE = N_("Mage Lite, Maze and Labyrinth: you can use only 1 unwounded Unit.")
# 004 "Taking Wounds": "You take wounds by downgrading cards ... must prioritize cards in your hand."
WOUND_NOTE = N_("Mage Lite, Taking Wounds: each wound rotates a Starting card in your hand to Waning or discards a "
                "Waning card from your hand (never a card you are playing); only when your hand cannot take more, "
                "the same in your deed deck.")


@dataclass(frozen=True)
class HeroHit:
    """The wounds one unblocked attack gives the hero (Mage Knight's count: one per started block of Armor), and
    whether its enemy has Poison or Paralyze (with a city's bonus)."""

    enemy: str
    wounds: int
    poison: bool = False
    paralyze: bool = False


@dataclass(frozen=True)
class MageLiteWounds:
    hand: int                  # wounds taken in the hand (rotations and discards of hand cards)
    deck: int                  # wounds taken into the deed deck
    poison_extra: int          # Poison's extra wounds among them
    knocked_out: bool
    discard_hand: bool         # Paralyze or the knock-out: the whole hand is discarded
    explanation: tuple[str, ...]


def hand_room(starting: int, waning: int) -> int:
    """How many wounds the hand can take: 2 per Starting card, 1 per Waning card, counting only the cards you are
    not playing (004 "Taking Wounds": "You can't wound a card that you are currently playing"; "You may wound a
    card twice")."""
    for n in (starting, waning):
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ValueError("the cards in the hand are counted with whole numbers from 0")
    return WOUNDS_PER_STARTING * starting + WOUNDS_PER_WANING * waning


def take_wounds(hits: Sequence[HeroHit], hand_limit: int, poison_to_deck: bool = True,
                room: int | None = None) -> MageLiteWounds:
    """Where the hero's wounds go in Mage Lite, attack by attack in the order assigned.

    004 "Taking Wounds": hand first, then the deed deck when the hand cannot take more (``room``: how many the hand
    can take, ``hand_room``; None: as many as come). "POISON ... you must take damage equal to twice their attack
    value ... you may choose to take that EXTRA damage into your deck" (``poison_to_deck``; else hand first like the
    rest). 004 "Assign Damage phase" 6b: "A Hero assigned damage by a Paralyzing enemy must immediately discard all
    cards from their hand" ("Paralyze": when it "takes one or more Wounds into their hand"). 5c: "If the number of
    Wound cards added to your hand during a combat equals or exceeds your unmodified Hand limit ... you are knocked
    out, immediately discard your hand"; "you continue taking Wounds if you have to assign further damage": with
    the hand discarded they go into the deck. Poison's extra wounds taken into the hand count as wounds added to it.
    """
    if isinstance(hand_limit, bool) or not isinstance(hand_limit, int) or hand_limit < 1:
        raise ValueError("the Hand limit is a whole number from 1")
    if room is not None and (isinstance(room, bool) or not isinstance(room, int) or room < 0):
        raise ValueError("the room in the hand is a whole number from 0")
    left = room
    hand = deck = extra_total = 0
    knocked_out = discard = False
    after_discard = 0  # wounds into the deck because the hand was discarded before them
    trace: list[str] = []

    def into_hand(n: int) -> tuple[int, int]:
        nonlocal left
        h = n if left is None else min(n, left)
        if left is not None:
            left -= h
        return h, n - h

    for hit in hits:
        if hit.wounds < 0:
            raise ValueError("wounds are counted from 0")
        if not hit.wounds:
            continue
        was_discarded = discard
        h, d = into_hand(hit.wounds)
        extra = hit.wounds if hit.poison else 0
        eh = ed = 0
        if extra and poison_to_deck:
            ed = extra
        elif extra:
            eh, ed = into_hand(extra)
        hand += h + eh
        deck += d + ed
        extra_total += extra
        if was_discarded:
            after_discard += d + ed
        if h:
            trace.append(Tn("Mage Lite, Taking Wounds: %(n)d wound from %(enemy)s into your hand: rotate a Starting "
                            "card in your hand to Waning, or discard a Waning card from your hand",
                            "Mage Lite, Taking Wounds: %(n)d wounds from %(enemy)s into your hand: for each, rotate "
                            "a Starting card in your hand to Waning, or discard a Waning card from your hand", "n",
                            n=h, enemy=hit.enemy))
        if d:
            trace.append(Tn("Mage Lite, Taking Wounds: your hand cannot take more: %(n)d wound from %(enemy)s into "
                            "your deed deck (rotate a Starting card to Waning, or discard a Waning card)",
                            "Mage Lite, Taking Wounds: your hand cannot take more: %(n)d wounds from %(enemy)s into "
                            "your deed deck (for each, rotate a Starting card to Waning, or discard a Waning card)",
                            "n", n=d, enemy=hit.enemy))
        if extra and poison_to_deck:
            trace.append(Tn("Mage Lite, Poison: %(n)d extra wound; you take it into your deed deck",
                            "Mage Lite, Poison: %(n)d extra wounds; you take them into your deed deck", "n", n=extra))
        elif extra:
            trace.append(Tn("Mage Lite, Poison: %(n)d extra wound, taken like the others: %(hand)d into your hand, "
                            "%(deck)d into your deed deck",
                            "Mage Lite, Poison: %(n)d extra wounds, taken like the others: %(hand)d into your hand, "
                            "%(deck)d into your deed deck", "n", n=extra, hand=eh, deck=ed))
        if hit.paralyze and h + eh and not discard:
            discard = True
            trace.append(T("Mage Lite, Paralyze: a wound into your hand from %(enemy)s: discard all cards from your "
                           "hand", enemy=hit.enemy))
        if not knocked_out and hand >= hand_limit:
            knocked_out = discard = True
            trace.append(T("Mage Lite, Assign Damage 5c: %(n)d wounds into your hand this combat, your unmodified "
                           "Hand limit is %(limit)d: knocked out, discard your hand", n=hand, limit=hand_limit))
        if discard:
            left = 0  # the hand is gone: further wounds go into the deed deck
    if after_discard:
        trace.append(T("Mage Lite: with your hand discarded, further wounds go into your deed deck"))
    return MageLiteWounds(hand, deck, extra_total, knocked_out, discard, tuple(trace))
