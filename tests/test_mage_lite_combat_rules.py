"""Mage Lite's own combat rules, pure (companion/rules/mage_lite/combat.py; seed 004 "Taking Wounds", "Assign Damage
phase", "Enemy and Hero Abilities")."""

from __future__ import annotations

import pytest

from companion.rules.mage_lite.combat import HeroHit, hand_room, take_wounds


def test_poison_worked_example_the_extra_wounds_may_go_into_the_deck():
    """004 "Taking Wounds", POISON: "You are dealt 2 damages. Poison makes it 4. 2 of those damages needs to come
    from your hand if possible, the extra 2 damages from poison can be taken either from your hand or your deed
    deck." """
    orc = HeroHit("Orc", 2, poison=True)
    to_deck = take_wounds([orc], hand_limit=5, poison_to_deck=True)
    assert (to_deck.hand, to_deck.deck, to_deck.poison_extra) == (2, 2, 2)
    to_hand = take_wounds([orc], hand_limit=5, poison_to_deck=False)
    assert (to_hand.hand, to_hand.deck) == (4, 0)
    # "not prioritizing taking the wounds into your hand as you normally are required to": the 2 ordinary wounds
    # take the hand's room first, the extra ones what is left
    tight = take_wounds([orc], hand_limit=9, poison_to_deck=False, room=3)
    assert (tight.hand, tight.deck) == (3, 1)
    assert any("deed deck" in line for line in to_deck.explanation)


def test_hand_first_then_the_deck_a_card_may_be_wounded_twice():
    """004 "Taking Wounds": "You can take wounds into your hand or your deck, but must prioritize cards in your
    hand" - "Rotate a Starting card in your hand to Waning. Move a Waning card in your hand to your discard pile."
    "You may wound a card twice"; "You can't wound a card that you are currently playing"; "If neither of those
    options are available ... you must take the wounds into your deed deck." One Starting and one Waning card not
    being played take 3 wounds; the 4th goes into the deck."""
    assert hand_room(starting=1, waning=1) == 3
    res = take_wounds([HeroHit("Orc", 4)], hand_limit=9, room=hand_room(1, 1))
    assert (res.hand, res.deck) == (3, 1)
    assert "rotate a Starting card in your hand to Waning" in res.explanation[0]
    assert "into your deed deck" in res.explanation[1]
    with pytest.raises(ValueError):
        hand_room(-1, 0)


def test_paralyze_discards_the_hand_then_wounds_go_into_the_deck():
    """004 "Paralyze": "If a Hero takes one or more Wounds into their hand from a Paralyzing attack, they must
    immediately discard all cards from their hand." With the hand gone, the next attack's wounds go into the deck
    ("If neither of those options are available (your hand is empty ...) you must take the wounds into your deed
    deck")."""
    res = take_wounds([HeroHit("Medusa", 1, paralyze=True), HeroHit("Orc", 2)], hand_limit=5)
    assert res.discard_hand and not res.knocked_out
    assert (res.hand, res.deck) == (1, 2)
    assert any("discard all cards from your hand" in line for line in res.explanation)
    # no wound into the hand (it could take none): nothing to discard
    none_in_hand = take_wounds([HeroHit("Medusa", 1, paralyze=True)], hand_limit=5, room=0)
    assert not none_in_hand.discard_hand and none_in_hand.deck == 1


def test_knock_out_at_the_unmodified_hand_limit():
    """004 "Assign Damage phase" 5c: "If the number of Wound cards added to your hand during a combat equals or
    exceeds your unmodified Hand limit (shown on your Hero card at your current level), you are knocked out,
    immediately discard your hand." "you continue taking Wounds if you have to assign further damage": into the
    deck, the hand being gone. Poison's extra wounds taken into the hand are wounds added to it."""
    res = take_wounds([HeroHit("Golem", 5), HeroHit("Orc", 1)], hand_limit=5)
    assert res.knocked_out and res.discard_hand and (res.hand, res.deck) == (5, 1)
    assert not take_wounds([HeroHit("Golem", 4)], hand_limit=5).knocked_out
    poisoned = take_wounds([HeroHit("Orc", 3, poison=True)], hand_limit=5, poison_to_deck=False)
    assert poisoned.knocked_out and (poisoned.hand, poisoned.deck) == (6, 0)  # one attack's wounds land together
    assert not take_wounds([HeroHit("Orc", 3, poison=True)], hand_limit=5, poison_to_deck=True).knocked_out
