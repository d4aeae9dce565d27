"""Only a player's phone or the host's changes the game. A phone fresh from the QR code that has not
said who it is (``Actor.chosen`` false) is refused every command with the reason, like a watching phone - through
the game layer alone (LocalGame); the web layer refuses its undo and redo before they reach it."""

import pytest

from companion.game.spine.command import Actor, NotYours
from companion.game.spine.local import LocalGame

from .flow_helpers import THREE

FRESH = Actor(player=None, chosen=False)


@pytest.mark.parametrize("name,data", [("fame", {"player": 0, "amount": 1}), ("next_round", {"confirm": True}),
                                       ("combat_setup", {"player": 0, "fight": "keep"})])
def test_a_phone_that_has_not_said_who_it_is_changes_nothing(name, data):
    g = LocalGame(THREE)
    with pytest.raises(NotYours, match="has not said who it is yet: choose who you are"):
        g.run(name, data, actor=FRESH)
    assert g.seq == 0
    g.run(name, data, actor=Actor(player=0))  # once it chose Anna
    assert g.seq == 1


def test_the_hosts_phone_changes_the_game_before_choosing_a_player():
    g = LocalGame(THREE)
    g.run("fame", player=1, amount=2, actor=Actor(player=None, is_host=True, chosen=False))
    assert g.state["players"][1]["fame"] == 2
