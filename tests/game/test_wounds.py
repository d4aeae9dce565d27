"""Wound cards in the hand (the board's wounds tracker), through commands and the fold. Rulebook, Wounds and
Healing: a Wound card taken goes into the hand, healing removes Wound cards from the hand - never fewer than none."""

import pytest

from companion.game.spine.command import Invalid
from companion.game.spine.local import LocalGame
from companion.state import Event, fold

SOLO = {"scenario": "first_reconnaissance", "mode": "solo", "players": [{"name": "Anna", "hero": "tovak"}]}


def wounds_after(*amounts):
    g = LocalGame(SOLO)
    events = [Event(seq=n, type="player.wounds", payload={"player": 0, "amount": a}, sentence={})
              for n, a in enumerate(amounts, 1)]
    state = fold(1, SOLO, g.seed, events)
    assert not state.get("failed_events")  # every event applied
    return state["players"][0]["wounds"]


def test_wounds_taken_add_up_and_healing_takes_them_away():
    assert wounds_after(2, 1) == 3
    assert wounds_after(3, -1) == 2
    assert wounds_after(1, -1) == 0


@pytest.mark.parametrize("amounts,wounds", [((1, -3), 0), ((-1,), 0), ((2, -5, 1), 1), ((2, -3, -1, 2), 2)])
def test_a_stored_event_healing_more_wounds_than_the_hand_holds_leaves_none_never_fewer(amounts, wounds):
    """A stored or imported event may heal more than the hand holds (two phones healing the same last Wound, an
    older export): the hand keeps no Wound card rather than a negative count, and the wounds taken later count
    from there."""
    assert wounds_after(*amounts) == wounds


def test_the_command_refuses_to_heal_a_wound_the_hand_does_not_hold():
    g = LocalGame(SOLO)
    g.run("wounds", player=0, amount=1)
    with pytest.raises(Invalid):
        g.run("wounds", player=0, amount=-2)
    g.run("wounds", player=0, amount=-1)
    assert g.state["players"][0]["wounds"] == 0
