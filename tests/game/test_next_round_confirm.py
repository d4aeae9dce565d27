"""A Round is not skipped by one tap (found in a first evening). ``next_round`` while anyone still has a turn is
refused naming who, unless the table confirms (``confirm``: true) - through the game layer alone (LocalGame)."""

import pytest

from companion.game.flow import round_state
from companion.game.flow.round_commands import still_to_play
from companion.game.spine.command import NeedsConfirm
from companion.game.spine.local import LocalGame

from .flow_helpers import THREE, pick_tactics


def names(g, who):
    return [g.state["players"][w]["name"] for w in who]


def test_next_round_during_a_turn_is_refused_naming_who_still_plays():
    """Rulebook, A Round 4b / End of the Round: "If they do, each other player takes one last turn and then the Round
    ends" - until then the Round goes on: during Cleo's turn "Next round" names everybody still to play, Cleo first,
    and the round tracker stays."""
    g = LocalGame(THREE)
    pick_tactics(g, ("early_bird", "rethink", "mana_steal"))
    now = round_state.current(g.state)
    order = g.state["round_order"]
    expected = names(g, order[order.index(now):] + order[:order.index(now)])
    with pytest.raises(NeedsConfirm) as err:
        g.run("next_round")
    assert str(err.value) == (f"Round 1 is not over, still to play: {', '.join(expected)}. Start the next round only "
                              "if the table agrees.")
    assert g.state["round"] == 1
    g.run("next_round", confirm=True)  # the table agrees (a JSON true, or the form's "yes")
    assert g.state["round"] == 2 and g.state["time"] == "night"


def test_after_the_announcement_only_the_last_turns_are_named_and_a_finished_round_moves_on():
    """Rulebook, End of the Round: after the announcement each other player takes one last turn; once all are taken
    the Round is over and ``next_round`` needs no confirmation."""
    g = LocalGame(THREE)
    pick_tactics(g, ("early_bird", "rethink", "mana_steal"))
    first = round_state.current(g.state)
    g.run("round_announce", player=first, deck_empty="1")
    left = still_to_play(g.state)
    assert first not in left and len(left) == 2
    with pytest.raises(NeedsConfirm, match=", ".join(names(g, left))):
        g.run("next_round", confirm="no")
    while round_state.phase(g.state) == "turns":
        g.run("round_end_turn", player=round_state.current(g.state))
    assert still_to_play(g.state) == []
    g.run("next_round")
    assert g.state["round"] == 2


def test_a_table_that_only_moves_the_round_tracker_is_not_asked():
    """No Tactic chosen this Round: the table does not follow the Round flow on the app, nobody is named."""
    g = LocalGame(THREE)
    assert still_to_play(g.state) == []
    g.run("next_round")
    assert g.state["round"] == 2
    who = round_state.next_picker(g.state)
    free = [t.id for t in round_state.available(g.state)]
    g.run("round_tactic", player=who, tactic=free[0])  # once a Tactic is chosen, the Round has begun
    with pytest.raises(NeedsConfirm):
        g.run("next_round")
