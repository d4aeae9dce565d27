"""The scenario's end for every scenario of the Scenario Book (seed 000, the scenarios' "Scenario End"; Rulebook,
End of the Turn: "At the end of each player's turn check the Scenario End description"; End of the Round d:
"players get their final turn according to whichever occurred first"), through the game layer alone."""

import pytest

from companion.game.flow import round_state, rounds
from companion.game.flow.scenario_end import is_over, status
from companion.game.flow.setup import validate_setup
from companion.game.spine.command import Invalid
from companion.game.spine.local import LocalGame
from companion.rules.data import get_rules

from .flow_helpers import COOP, NEW_ROUND, SOLO, THREE, conquer_city, pick_tactics, play_dummy_until_player


def end_turn(g):
    g.run("round_end_turn", player=round_state.current(g.state))


def test_every_scenario_has_its_end_as_data():
    """Scenario Book: each scenario prints its "Scenario End"; the data names what the app reads for it."""
    ends = {s.id: dict(s.end) for s in get_rules().scenarios.values()}
    assert ends["full_conquest"] == {"when": ("all_cities_conquered",), "goal": None, "last_turns": "each_player"}
    assert ends["first_reconnaissance"]["goal"] == "city_revealed"
    assert ends["mines_liberation"]["goal"] == "mines_liberated"
    assert ends["dungeon_lords"]["goal"] == "dungeons_conquered"
    assert ends["druid_nights"]["goal"] == "incantations"
    assert ends["conquer_and_hold"] == {"when": ("goal",), "goal": "concession", "last_turns": "none"}
    assert ends["one_to_return"]["when"] == ()  # "as soon as the second Night is over": its last Round
    assert set(ends) == {s.id for s in get_rules().scenarios.values()}


def test_the_scenario_end_schema_refuses_a_missing_or_wrong_end():
    """The loader refuses a scenario without its end, or with an end the app cannot apply."""
    from companion.rules.data.schema import _Entry
    from companion.rules.data.scenarios import _parse_end
    from companion.rules.data import RulesDataError

    def entry(end):
        return _Entry("scenarios.yaml", {"id": "x", "end": end} if end is not None else {"id": "x"}, "x", ("id", "end"))

    with pytest.raises(RulesDataError):
        _parse_end(entry(None), "conquerable")
    with pytest.raises(RulesDataError):
        _parse_end(entry({"when": ["goal"]}), "conquerable")  # a goal names which one
    with pytest.raises(RulesDataError):
        _parse_end(entry({"when": ["all_cities_conquered"]}), "not_enterable")
    assert _parse_end(entry({"when": ["goal"], "goal": "concession", "last_turns": "none"}), "x")["goal"] == "concession"


def test_full_conquest_every_player_including_the_conqueror_has_one_last_turn_then_the_game_is_over():
    """Scenario Book, Full Conquest, Scenario End: "When all cities are conquered, all players (including the one
    who conquered the last city) have one last turn." Then no more turns or rounds; undo across the end restores
    the game."""
    g = LocalGame(THREE)
    pick_tactics(g)
    conqueror = round_state.current(g.state)
    for city in ("white", "blue", "red"):
        conquer_city(g, conqueror, city, 4)
    assert status(g.state)["phase"] == "met"
    assert rounds.now(g.state)["end"]["status"]["phase"] == "met"
    end_turn(g)  # the conquering turn ends: the last turns begin
    st = status(g.state)
    assert st["phase"] == "last_turns" and st["pending"] == [0, 1, 2]
    ended = []
    while not is_over(g.state):
        ended.append(round_state.current(g.state))
        assert rounds.now(g.state)["last_turn"]
        end_turn(g)
    assert sorted(ended) == [0, 1, 2] and ended[-1] == conqueror  # each once, the conqueror too
    view = rounds.now(g.state)
    assert view["phase"] == "game_over" and view["who"] is None and view["end"]["reason"] == "Every city is conquered."
    for name, data in (("round_end_turn", {"player": conqueror}), ("next_round", {}),
                       ("round_announce", {"player": conqueror, "deck_empty": "1"})):
        with pytest.raises(Invalid, match="game is over"):
            g.run(name, data)
    g.undo()
    assert not is_over(g.state) and status(g.state)["phase"] == "last_turns"


def test_full_conquest_if_the_round_ends_during_the_last_turns_the_game_ends_at_once():
    """Scenario Book, Full Conquest: "If the Round ends during this, the game ends immediately." (Rulebook, End of
    the Round d: whichever occurred first.)"""
    g = LocalGame(THREE)
    pick_tactics(g)
    first = round_state.current(g.state)
    g.run("round_announce", player=first, deck_empty="1")  # two last turns of the Round left
    conqueror = round_state.current(g.state)
    for city in ("white", "blue", "red"):
        conquer_city(g, conqueror, city, 4)
    end_turn(g)
    assert status(g.state)["phase"] == "last_turns"
    end_turn(g)  # the Round's last turn: the Round ends, and with it the game
    assert round_state.flow(g.state)["over"] and is_over(g.state)


def test_solo_conquest_you_have_one_last_turn_the_dummy_player_none():
    """Scenario Book, Solo Conquest, Scenario End: "When all cities are conquered, you have one last turn (the
    Dummy player does not)." Its turns and a new round are refused after."""
    g = LocalGame(SOLO)
    g.run("dummy_setup", mode="virtual", hero="tovak")
    pick_tactics(g, ("early_bird",))  # Anna first, then the Dummy
    conquer_city(g, 0, "white", 5)
    conquer_city(g, 0, "blue", 8)
    end_turn(g)
    assert round_state.current(g.state) == 0  # the Dummy's place is passed
    with pytest.raises(Invalid, match="the Dummy player none"):
        g.run("dummy_turn")
    end_turn(g)  # your last turn
    assert is_over(g.state)
    for name, data in (("dummy_turn", {}), ("dummy_new_round", NEW_ROUND), ("round_end_turn", {"player": 0})):
        with pytest.raises(Invalid, match="game is over"):
            g.run(name, data)


def test_cooperation_all_players_except_the_dummy_have_one_last_turn():
    """Scenario Book, Full Cooperation, Scenario End: "When all cities are conquered, all players except the Dummy
    player have one last turn." (Two players: three cities, levels 5, 5, 8.)"""
    g = LocalGame(COOP)
    g.run("dummy_setup", mode="virtual", hero="tovak")
    g.run("dummy_tactic_draw")
    pick_tactics(g)
    play_dummy_until_player(g)
    conqueror = round_state.current(g.state)
    for city, level in (("white", 5), ("blue", 5), ("red", 8)):
        conquer_city(g, conqueror, city, level)
    end_turn(g)
    seen = []
    while not is_over(g.state):
        assert round_state.current(g.state) != "dummy"
        seen.append(round_state.current(g.state))
        end_turn(g)
    assert sorted(seen) == [0, 1]


@pytest.mark.parametrize("scenario,players,mode", [
    ("first_reconnaissance", 2, "competitive"), ("mines_liberation", 2, "competitive"),
    ("dungeon_lords", 2, "competitive"), ("druid_nights", 2, "competitive"),
])
def test_a_printed_goal_the_table_confirms_gives_every_player_one_last_turn(scenario, players, mode):
    """Scenario Book, Scenario End of First Reconnaissance ("When a player reveals a city, all players (including
    that player) have one last turn"), Mines Liberation (every tile revealed and every mine liberated), Dungeon
    Lords (every dungeon and tomb conquered), Druid Nights ("When all players have performed the incantation during
    the second Night (each player then has one more turn)"): the app does not track these, the table confirms the
    goal (event scenario.goal)."""
    setup = {"scenario": scenario, "mode": mode,
             "players": [{"name": n, "hero": h} for n, h in (("Anna", "tovak"), ("Ben", "goldyx"))][:players]}
    g = LocalGame(setup)
    pick_tactics(g)
    who = round_state.current(g.state)
    g.run("scenario_goal", player=who)
    with pytest.raises(Invalid, match="already met"):
        g.run("scenario_goal", player=who)
    end_turn(g)
    end_turn(g)
    assert not is_over(g.state)
    end_turn(g)
    assert is_over(g.state) and rounds.now(g.state)["end"]["reason"] == "The scenario's goal was reached."


def test_conquer_and_hold_ends_at_once_when_a_side_concedes():
    """Scenario Book, Conquer and Hold, Scenario End: "played until the end of the Round limit, or until one side
    admits the other side has won" - no last turns."""
    g = LocalGame({"scenario": "conquer_and_hold", "mode": "competitive",
                   "players": [{"name": "Anna", "hero": "tovak"}, {"name": "Ben", "hero": "goldyx"}]})
    pick_tactics(g)
    g.run("scenario_goal", player=1)
    assert is_over(g.state)
    with pytest.raises(Invalid, match="game is over"):
        end_turn(g)


def test_one_to_return_ends_when_the_second_night_is_over():
    """Scenario Book, One to Return, Scenario End: "The scenario ends as soon as the second Night is over" - its
    fourth and last Round (Day, Night, Day, Night); Rulebook A Round 5a, the Round limit."""
    g = LocalGame({"scenario": "one_to_return", "mode": "competitive",
                   "players": [{"name": "Anna", "hero": "tovak"}, {"name": "Ben", "hero": "goldyx"}]})
    with pytest.raises(Invalid, match="ends when its last Round is over"):
        g.run("scenario_goal", player=0)
    for _ in range(3):
        g.run("next_round")
    assert g.state["round"] == 4 and g.state["time"] == "night"
    pick_tactics(g)
    g.run("round_announce", player=round_state.current(g.state), deck_empty="1")
    assert not is_over(g.state)
    end_turn(g)
    assert is_over(g.state) and status(g.state)["reason"] == "round_limit"


SCENARIO_END_TEXTS = {  # seed 000, Scenario Book, each scenario's "Scenario End" (columns joined)
    "first_reconnaissance": ("When a player reveals a city, all players (including themselves) have one last turn. If "
                             "the Round ends during this, the game ends immediately.",
                             {"when": ("goal",), "goal": "city_revealed", "last_turns": "each_player"}),
    "full_conquest": ("When all cities are conquered, all players (including the one who conquered the last city) "
                      "have one last turn. If the Round ends during this, the game ends immediately.",
                      {"when": ("all_cities_conquered",), "goal": None, "last_turns": "each_player"}),
    "blitz_conquest": ("When all cities are conquered, all players (including the one who conquered the last city) "
                       "have one last turn. If the Round ends during this, the game ends immediately.",
                       {"when": ("all_cities_conquered",), "goal": None, "last_turns": "each_player"}),
    "solo_conquest": ("When all cities are conquered, you have one last turn (the Dummy player does not).",
                      {"when": ("all_cities_conquered",), "goal": None, "last_turns": "each_player"}),
    "full_cooperation": ("When all cities are conquered, all players except the Dummy player have one last turn.",
                         {"when": ("all_cities_conquered",), "goal": None, "last_turns": "each_player"}),
    # "All the rules and setup conditions for Full Cooperation apply, with these modifications" (none on the end)
    "blitz_cooperation": ("When all cities are conquered, all players except the Dummy player have one last turn.",
                          {"when": ("all_cities_conquered",), "goal": None, "last_turns": "each_player"}),
    "mines_liberation": ("When all map tiles are revealed and all mines are liberated, all players (including the one "
                         "who conquered the last mine) have one last turn. If the Round ends during this, the game "
                         "ends immediately.",
                         {"when": ("goal",), "goal": "mines_liberated", "last_turns": "each_player"}),
    "druid_nights": ("When all players have performed the incantation during the second Night (in that case, each "
                     "player has one more turn), or at the end of the second Night.",
                     {"when": ("goal",), "goal": "incantations", "last_turns": "each_player"}),
    "dungeon_lords": ("When all map tiles are revealed and all dungeons and tombs are conquered, all players "
                      "(including the one who conquered the last tomb or dungeon) have one last turn. If the Round "
                      "ends during this, the game ends immediately.",
                      {"when": ("goal",), "goal": "dungeons_conquered", "last_turns": "each_player"}),
    "conquer_and_hold": ("The scenario is played until end of the Round limit, or until one side admits the other "
                         "side has won.",
                         {"when": ("goal",), "goal": "concession", "last_turns": "none"}),
    "one_to_return": ("The scenario ends as soon as the second Night is over.",
                      {"when": (), "goal": None, "last_turns": "none"}),
}


@pytest.mark.parametrize("sid", sorted(SCENARIO_END_TEXTS))
def test_each_scenarios_end_data_agrees_with_the_scenario_books_scenario_end_text(sid):
    """Seed 000, Scenario Book, each scenario's "Scenario End" (quoted in SCENARIO_END_TEXTS): the data the app
    applies (``end``) says the same - which condition, and who has the last turns (the Dummy player never: it is no
    player); the text every phone shows is the book's, and the last Round ends every scenario (its Round limit:
    the second Night of the four-Round scenarios)."""
    quote, expected = SCENARIO_END_TEXTS[sid]
    sc = get_rules().scenarios[sid]
    assert dict(sc.end) == expected
    shown = " ".join(sc.end_conditions.split())
    first = quote.split(". ")[0].split(" (")[0]
    assert first.replace("end of the Round", "the end of the Round") in shown or first in shown, (shown, quote)
    assert ("the game ends immediately" in quote) == ("the game ends immediately" in shown)
    if sid in ("druid_nights", "one_to_return"):  # "at the end of the second Night": the last of four Rounds
        assert sc.rounds == 4
    assert set(SCENARIO_END_TEXTS) == set(get_rules().scenarios)


def test_druid_nights_ends_by_itself_when_every_player_performed_the_second_nights_incantation():
    """Scenario Book, Druid Nights, Scenario End: "When all players have performed the incantation during the
    second Night (in that case, each player has one more turn)". The app records each incantation fight, so the
    table need not confirm it; an incantation of the first Night does not count."""
    g = LocalGame(validate_setup({"scenario": "druid_nights", "mode": "competitive",
                                  "players": [{"name": "Anna", "hero": "tovak"}, {"name": "Ben", "hero": "goldyx"}]}))

    def incantation(player):
        g.run("glade_marked", player=player)
        g.run("combat_setup", player=player, fight="rampaging", incantation="yes")
        g.run("combat_enemy_add", token="gargoyle")
        g.run("combat_phase")
        g.run("combat_attack", target=[1], value=[30], element=["physical"], kind=["siege"])
        g.run("combat_phase")
        g.run("combat_end")

    g.run("next_round")  # the first Night
    incantation(0)
    incantation(1)
    assert status(g.state) is None
    g.run("next_round")
    g.run("next_round")  # the second Night
    incantation(0)
    assert status(g.state) is None
    incantation(1)
    assert status(g.state)["phase"] == "met" and status(g.state)["reason"] == "goal"
    with pytest.raises(Invalid, match="already met"):
        g.run("scenario_goal", player=0)
    g.undo()  # the last incantation's combat end undone: the end is not in sight again
    assert status(g.state) is None
