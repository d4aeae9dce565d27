"""The "Next round" button while someone still has a turn asks first ("still to play: ...", ``needs_confirm``). The
Dummy player's new Round needs no such question: it is refused outright while the Round is played (the End of the
Round not announced, last turns left, the Dummy's own last turn due: ``round_state.round_running``), which is
exactly while anyone is still to play in the Dummy's Round; once it is allowed nobody is (or the table already
moved the round tracker on with "Next round", confirmed). Rulebook, End of the Round: "each other player takes one
last turn and then the Round ends"; Scenario Book, Dummy Player, "When preparing a new Round"."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.game.flow import round_state
from companion.game.flow.round_commands import still_to_play
from companion.game.spine.command import Invalid, NeedsConfirm, apply, run
from companion.game.spine.local import LocalGame

from .flow_helpers import NEW_ROUND, SOLO, pick_tactics
from .test_round_property import SETUPS, legal


def test_the_dummys_new_round_is_refused_while_anyone_is_still_to_play_and_needs_no_confirm_after():
    """A Solo Conquest in its first Round's turns: "Next round" asks (still to play: Anna and the Dummy player),
    the Dummy's new Round is refused - a "confirm" does not get it through. After Anna announced the End of the
    Round (her deck empty) and the Dummy took its one last turn, nobody is still to play: both go without a
    question."""
    g = LocalGame(SOLO)
    g.run("dummy_setup", mode="virtual", hero="tovak")
    pick_tactics(g, prefer=("early_bird",))  # Early Bird (1): Anna plays before the Dummy player
    assert still_to_play(g.state) == [0, "dummy"]
    with pytest.raises(NeedsConfirm, match="still to play: Anna, Dummy"):
        g.run("next_round")
    for data in (NEW_ROUND, dict(NEW_ROUND, confirm=True)):
        with pytest.raises(Invalid, match="The round is still running") as refused:
            g.run("dummy_new_round", data)
        assert not isinstance(refused.value, NeedsConfirm)
    g.run("round_announce", player=0, deck_empty="1")
    with pytest.raises(Invalid, match="last turns are not played yet"):
        g.run("dummy_new_round", NEW_ROUND)
    g.run("dummy_turn")  # its one last turn
    assert still_to_play(g.state) == [] and round_state.phase(g.state) == "over"
    apply(g.state, run("next_round", g.state, {}))  # no question either
    g.run("dummy_new_round", NEW_ROUND)
    assert g.state["round"] == 2


@settings(derandomize=True, max_examples=16, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(setup=st.sampled_from(SETUPS), mode=st.sampled_from(["virtual", "physical", "mage_lite"]), data=st.data())
def test_whenever_the_dummys_new_round_is_allowed_nobody_is_still_to_play_in_its_round(setup, mode, data):
    """Random legal Rounds in a solo game and every co-op scenario (the flow commands of
    tests/game/test_round_property.py, and "Next round" confirmed): wherever ``dummy_new_round`` goes through,
    ``next_round`` would not ask - nobody is still to play - unless the table already moved the round tracker past
    the Dummy's Round."""
    g = LocalGame(setup)
    g.run("dummy_setup", mode=mode)
    allowed = 0
    for _step in range(100):
        moves = legal(g)
        if any(name == "dummy_new_round" for name, _ in moves):
            allowed += 1
            assert still_to_play(g.state) == [] or g.state["round"] > g.state["dummy"]["round"], \
                (still_to_play(g.state), round_state.phase(g.state))
        moves += [("next_round", {"confirm": True})] if data.draw(st.integers(0, 30)) == 0 else []
        if not moves:
            break
        name, values = data.draw(st.sampled_from(moves))
        try:
            g.run(name, values)
        except Invalid:  # next_round after the scenario's last Round
            continue
    assert allowed or g.state["round"] == 1
