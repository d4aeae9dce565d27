"""Undo one chosen event in the game layer: LocalGame drives the same rule the web uses."""

import pytest

from companion.game.spine.command import Invalid
from companion.game.spine.local import LocalGame

TWO = {"scenario": "full_conquest", "mode": "competitive",
       "players": [{"name": "Anna", "hero": "arythea"}, {"name": "Ben", "hero": "tovak"}]}


def test_a_slip_is_taken_back_alone_when_nothing_since_touched_it():
    g = LocalGame(TWO)
    slip = g.run("fame", player=0, amount=5, device="anna")
    g.run("crystal", player=1, color="white", amount=1, device="ben")
    g.undo_event(slip.seq, device="anna")
    assert g.state["players"][0]["fame"] == 0 and g.state["players"][1]["crystals"]["white"] == 1
    g.redo()
    assert g.state["players"][0]["fame"] == 5


def test_refused_when_a_later_event_touched_the_same_thing_naming_it():
    g = LocalGame(TWO)
    slip = g.run("fame", player=0, amount=5, device="anna")
    g.run("fame", player=0, amount=3, device="ben")
    with pytest.raises(Invalid) as err:
        g.undo_event(slip.seq)
    assert "Anna gains 3 Fame" in str(err.value) and "#2" in str(err.value)
    with pytest.raises(Invalid):
        g.undo_event(99)
