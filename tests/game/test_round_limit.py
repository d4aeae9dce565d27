"""The Round limit (Rulebook, A Round 5a: "if the Round limit is reached, the game is over"; Scenario Book, each
scenario's "Length", seed 000): one count of a game's Rounds that every feature asks, and one refusal with one
message once the last Round is reached - whichever command, whoever gives it."""

import pytest

from companion.game.dummy import is_final_day_or_night
from companion.game.flow import round_state
from companion.game.flow.scenario_end import OVER_REFUSED, is_over, status
from companion.game.flow.scenario_info import day_night_order, scenario, total_rounds
from companion.game.flow.scenario_rules import solo_allowed
from companion.game.scoring import round_limit, scenario_of
from companion.game.spine.command import CHECKS, COMMANDS, Invalid
from companion.game.spine.local import LocalGame
from companion.rules.data import get_rules

from .flow_helpers import NEW_ROUND, SOLO, pick_tactics

HEROES = ["arythea", "tovak", "goldyx", "norowas"]

# Scenario Book (seed 000), each scenario's "Length:" - First Reconnaissance "Three rounds" (its solo variant
# "play with ... four rounds"), Conquer and Hold "Four rounds (4 players), six rounds (2 players)" (Variants: three
# players as four), Dungeon Lords "Five rounds", the Conquests and Cooperations six, their Blitz four.
BOOK = {"first_reconnaissance": 3, "full_conquest": 6, "blitz_conquest": 4, "solo_conquest": 6, "full_cooperation": 6,
        "blitz_cooperation": 4, "mines_liberation": 4, "druid_nights": 4, "dungeon_lords": 5, "one_to_return": 4}
BOOK_BY_PLAYERS = {("conquer_and_hold", 2): 6, ("conquer_and_hold", 3): 4, ("conquer_and_hold", 4): 4,
                   ("first_reconnaissance", 1): 4}


def every_game():
    """Every scenario of the rules data, in each of its modes (and solo, where Other Solo Missions allows it), with
    every player count the scenario as played has."""
    for sid, sc in sorted(get_rules().scenarios.items()):
        modes = list(sc.modes) + (["solo"] if "solo" not in sc.modes and solo_allowed(sc) else [])
        for mode in modes:
            played = scenario({"scenario": sid, "mode": mode})
            counts = [1] if mode == "solo" else range(max(2, played.players_min), played.players_max + 1)
            for n in counts:
                yield sid, mode, n


def setup(sid: str, mode: str, n: int) -> dict:
    return {"scenario": sid, "mode": mode, "players": [{"name": f"P{i}", "hero": HEROES[i]} for i in range(n)]}


@pytest.mark.parametrize("sid, mode, n", list(every_game()))
def test_every_way_to_ask_for_the_number_of_rounds_gives_the_scenario_books_length(sid, mode, n):
    """Scenario Book, each scenario's "Length" (and "Other Solo Missions": the scenario's own length): the Days
    and Nights, the set-up numbers kept in the state, the score sheet's Round limit, the Round flow's last Round
    and the Dummy player's last Day and Night all count the same Rounds."""
    state = LocalGame(setup(sid, mode, n)).state
    total = total_rounds(state)
    assert total == (BOOK_BY_PLAYERS[(sid, n)] if (sid, n) in BOOK_BY_PLAYERS else BOOK[sid])
    assert len(day_night_order(state)) == total
    assert state["game"]["setup_numbers"]["rounds"] == total
    sc = scenario_of(state)
    if sc is not None:  # the score sheet's limit is the same, capped only by the scoring engine's own table
        assert round_limit(state, sc) == min(total, sc.rounds)
    # a game saved before the set-up numbers were kept in the state counts the same Rounds
    old = dict(state, game={k: v for k, v in state["game"].items() if k != "setup_numbers"})
    assert total_rounds(old) == total
    assert [round_state.final_round(dict(state, round=r)) for r in range(1, total + 1)] == \
        [False] * (total - 1) + [True]
    # Full Cooperation: removing a Tactic "does not matter on the last day and the last night"
    assert [is_final_day_or_night(dict(state, round=r)) for r in range(1, total + 1)] == \
        [False] * (total - 2) + [True, True]


def test_a_game_without_a_known_scenario_has_the_standard_six_rounds_and_no_limit():
    """Rulebook, A Round 5a: the limit is the scenario's; without one the Dummy player counts the standard six
    (three Days, three Nights), and no Round is the last."""
    state = LocalGame({"mode": "competitive", "players": [{"name": "A", "hero": "tovak"},
                                                          {"name": "B", "hero": "goldyx"}]}).state
    assert total_rounds(state) == 6 and total_rounds(state, default=0) == 0 and day_night_order(state) == ()
    assert not round_state.final_round(dict(state, round=9))


def to_last_round(g: LocalGame) -> None:
    while g.state["round"] < total_rounds(g.state):
        g.run("next_round")


def message(g: LocalGame, name: str, **data) -> str:
    with pytest.raises(Invalid) as err:
        g.run(name, **data)
    return str(err.value)


LIMIT_6 = "This scenario has 6 rounds: the game is over. Open the score sheet."


def test_no_round_after_the_last_one_with_one_message_for_the_tracker_and_the_dummy():
    """Rulebook, A Round 5a: no Round after the last - moving the round tracker on (``next_round``) and the
    Dummy player's new Round (which moves it too) are refused alike, in the same words."""
    g = LocalGame(setup("full_conquest", "competitive", 2))
    to_last_round(g)
    assert g.state["round"] == 6 and not is_over(g.state)
    assert message(g, "next_round") == LIMIT_6
    solo = LocalGame(SOLO)
    solo.run("dummy_setup", mode="virtual", hero="tovak")
    to_last_round(solo)
    solo.run("dummy_new_round", NEW_ROUND)  # the Dummy catches up with the round tracker, already on the last Round
    assert solo.state["round"] == solo.state["dummy"]["round"] == 6
    assert message(solo, "dummy_new_round", **NEW_ROUND) == LIMIT_6
    assert message(solo, "next_round") == LIMIT_6


def test_once_the_last_round_is_over_every_flow_command_is_refused_in_the_same_words():
    """Rulebook, A Round 5a and End of the Round ("each other player takes one last turn and then the Round
    ends"): Full Conquest with two players, the sixth Round announced and its last turn taken - the game is over,
    and every command of the Round flow says so, by the one check registered for it."""
    g = LocalGame(setup("full_conquest", "competitive", 2))
    to_last_round(g)
    pick_tactics(g)
    first = round_state.current(g.state)
    g.run("round_announce", player=first, deck_empty="1")
    g.run("round_end_turn", player=round_state.current(g.state))
    assert is_over(g.state) and status(g.state)["reason"] == "round_limit"
    for name, data in [("round_tactic", {"player": 0, "tactic": "early_bird"}), ("round_end_turn", {"player": 0}),
                       ("round_announce", {"player": 0, "deck_empty": "1"}), ("round_extra_turn", {"player": 0}),
                       ("scenario_goal", {"player": 0}), ("next_round", {})]:
        assert message(g, name, **data) == LIMIT_6, name


def test_the_dummy_players_commands_are_refused_in_the_same_words_once_the_game_is_over():
    """Scenario Book, Solo Conquest: "When all cities are conquered, you have one last turn (the Dummy player does
    not)"; once the game is over, no Tactic, turn, announcement or new Round of the Dummy player either."""
    g = LocalGame(SOLO)
    g.run("dummy_setup", mode="mage_lite", difficulty="normal")
    g.run("scenario_goal", player=0)  # the table confirms the end (both cities conquered)
    pick_tactics(g)
    while not is_over(g.state):
        g.run("round_end_turn", player=0)
    why = "The game is over: The scenario's goal was reached. No more turns or rounds: open the score sheet."
    for name, data in [("dummy_tactic_draw", {}), ("dummy_tactics", {"tactic_0": "early_bird"}),
                       ("dummy_turn", {}), ("dummy_pass", {}), ("dummy_announce", {"player": 0}),
                       ("dummy_new_round", NEW_ROUND)]:
        assert message(g, name, **data) == why, name


def test_the_game_over_refusal_is_registered_once_for_every_command_of_the_flow():
    """One mechanism: a check registered with the command (it runs whoever gives it, before the command), one per
    command, for every command of the Round flow and the Dummy player that a finished game refuses."""
    flow = set(OVER_REFUSED) | {"next_round", "dummy_new_round", "dummy_turn"}
    assert flow <= set(COMMANDS)
    assert all([fn.__module__ for fn in CHECKS[name]].count("companion.game.flow.scenario_end") == 1 for name in flow)
