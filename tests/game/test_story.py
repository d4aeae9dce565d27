"""The story of a game: Fame by Round, fights, conquests, the Dummy player's rounds and the time
on turns, derived from the events in force with their timestamps (companion/game/views/story.py), without Flask."""

import dataclasses
import json

from companion.game.flow import round_state
from companion.game.views.story_chart import fame_chart, nice_top, time_bars
from tests.game.flow_helpers import THREE, pick_tactics
from tests.story_helpers import ClockGame, scripted_evening, scripted_solo_round, told

def test_fame_by_round_is_each_players_fame_at_the_end_of_each_round():
    """Rulebook, Fame: the Fame track is the score; the story notes it at the end of each Round."""
    g, _ = scripted_evening()
    s = told(g)
    assert s["kind"] == "mage_knight" and s["round"] == 2 and not s["over"]
    assert [(r["round"], r["time"], r["fame"], r["complete"]) for r in s["fame_by_round"]] == [
        (0, None, [0, 0, 0], True), (1, "day", [4, 2, 0], True), (2, "night", [7, 2, 0], False)]


def test_the_fights_and_the_conquests_of_the_evening():
    """Rulebook, Combat Outcomes 3a: every defender defeated, the city is conquered; Prowlers: Fame 2."""
    g, _ = scripted_evening()
    s = told(g)
    (fight,) = s["fights"]
    assert fight["name"] == "Ben" and fight["site"] == "city" and fight["city"] == "green" and fight["round"] == 1
    assert fight["enemies"] == [{"name": "Prowlers", "name_de": "Herumtreiber", "defeated": True}]
    assert fight["won"] and fight["conquered"] and fight["fame"] == 2 and fight["wounds"] == 0
    assert [(c["name"], c["site"], c["city"], c["level"]) for c in s["conquests"]] == [("Ben", "city", "green", 5)]


def test_turn_times_run_from_the_previous_turn_end_or_the_last_tactic_to_the_turn_end():
    g, first = scripted_evening()
    s = told(g)
    assert [(t["round"], t["name"], t["seconds"]) for t in s["turns"]] == [
        (1, "Cleo", 60), (1, "Ben", 120), (1, "Anna", 180),
        (1, "Cleo", 30),  # the announcement ends her turn (Rulebook, A Round 4b: she forfeits it)
        (1, "Ben", 90), (1, "Anna", 45),
        (2, g.state["players"][first]["name"], 200)]  # from the last Tactic of Round 2
    assert first == 2  # Cleo, the lowest Fame, picks first and takes the lowest Tactic: she plays first
    by = {t["name"]: t for t in s["turn_times"]}
    assert (by["Anna"]["turns"], by["Anna"]["seconds"], by["Anna"]["longest"]) == (2, 180 + 45, 180)
    assert (by["Ben"]["turns"], by["Ben"]["seconds"]) == (2, 120 + 90)
    assert (by["Cleo"]["turns"], by["Cleo"]["seconds"], by["Cleo"]["average"]) == (3, 290, 97)  # 96.7 rounded


def test_undo_changes_the_story_as_it_changes_the_game():
    """The story is read from the events in force: the city assault undone is no fight, no conquest, no Fame."""
    g, _ = scripted_evening()
    fight_end = next(e.seq for e in g.events if e.type == "combat.end")
    g.undo_event(fight_end)
    s = told(g)
    assert s["fights"] == [] and s["conquests"] == []
    assert s["fame_by_round"][1]["fame"] == [4, 0, 0]
    g.redo()
    assert told(g)["fights"][0]["fame"] == 2


def test_a_turn_end_undone_and_tapped_again_later_lasts_until_the_new_tap():
    g = ClockGame(THREE)
    pick_tactics(g)
    who = round_state.current(g.state)
    g.at += 40
    g.run("round_end_turn", player=who)
    g.at += 5
    g.undo()
    g.at += 75
    g.run("round_end_turn", player=who)
    (turn,) = told(g)["turns"]
    assert turn["seconds"] == 120 and turn["player"] == who


def test_a_solo_game_tells_the_dummy_players_rounds_and_the_players_turns():
    """Scenario Book, Dummy Player: it flips three cards a turn (more with crystals of the last card's colour); with
    its deck empty it announces the End of the Round. Anna's turns start when the Dummy player's turn ends."""
    g = scripted_solo_round()
    s = told(g)
    (dummy_round,) = s["dummy"]["rounds"]
    assert dummy_round["round"] == 1 and dummy_round["cards"] == 16 and dummy_round["announced_by"] == "dummy"
    assert dummy_round["turns"][-1] == 0  # the turn it found its deck empty
    assert dummy_round["crystals"] == g.state["dummy"]["crystals"]
    times = [t["seconds"] for t in s["turns"]]
    assert times and times[-1] == 70 and all(t == 100 for t in times[:-1])
    assert {t["name"] for t in s["turns"]} == {"Anna"}


def test_pvp_fights_are_in_the_story():
    """Rulebook, Player versus Player Combat Outcome 1a: the victor of a lower level gains 1 Fame plus 2 per level
    lower."""
    g = ClockGame({"scenario": "full_conquest", "mode": "competitive",
                   "players": [{"name": "Anna", "hero": "arythea"}, {"name": "Ben", "hero": "tovak"}]})
    g.run("fame", player=1, amount=8)
    log = [{"pass": True}, {"pass": True},
           {"attacks": [[6, "physical", "melee"]], "blocks": [], "hero": 1, "move_cost": 2}]
    g.run("pvp_end", a=0, d=1, log=json.dumps(log))
    (fight,) = told(g)["pvp"]
    assert fight["victor_name"] == "Anna" and fight["aggressor"]["fame"] == 5 and fight["defender"]["wounds"] == 1


def test_a_runewars_game_has_battles_and_no_fame_chart():
    g = ClockGame({"game": "runewars", "mode": "runewars", "scenario": None, "name": "",
                   "players": [{"name": "Anna"}, {"name": "Ben"}]})
    s = told(g)
    assert s["kind"] == "runewars" and s["fame_by_round"] == [] and s["turns"] == [] and s["battles"] == []


def test_the_chart_puts_each_round_and_fame_on_the_axes():
    g, _ = scripted_evening()
    s = told(g)
    c = fame_chart(s["fame_by_round"], s["players"])
    assert [t["round"] for t in c["x_ticks"]] == [0, 1, 2]
    assert [t["fame"] for t in c["y_ticks"]] == [0, 2, 4, 6, 8]  # 7 at most: up to 8 in steps of 2
    anna = c["series"][0]
    assert [m["fame"] for m in anna["marks"]] == [0, 4, 7]
    assert anna["marks"][0]["x"] == c["left"] and anna["marks"][-1]["x"] == c["right"]
    # at Round 0 all three are tied at 0 Fame: drawn apart around the axis, never one line under another
    starts = [x["marks"][0]["y"] for x in c["series"]]
    assert len(set(starts)) == 3 and sum(starts) / 3 == c["bottom"] and anna["marks"][1]["y"] < c["bottom"]
    assert len({x["marker"] for x in c["series"]}) == 3  # every line its own marker shape
    assert nice_top(0) == (1, 1) and nice_top(11) == (15, 5) and nice_top(47) == (50, 10)
    bars = time_bars(s["turn_times"])
    assert max(b["width"] for b in bars) == 200


def test_a_broken_stored_event_is_left_out_of_the_story_as_the_fold_leaves_it_out():
    g = ClockGame(THREE)
    g.run("fame", player=0, amount=5)
    bad = dataclasses.replace(g.events[-1], seq=2, payload={"player": 7, "amount": 3})
    g.events.append(bad)
    g.run("fame", player=1, amount=2)
    assert told(g)["fame_by_round"][-1]["fame"] == [5, 2, 0]


def play_round(g):
    """Every Tactic chosen, then each player ends one turn (the Dummy player plays its own) until the End of the
    Round is announced by the Dummy or every player has had a turn; 30 s a turn."""
    if round_state.next_picker(g.state) == "dummy":
        g.run("dummy_tactic_draw")
    pick_tactics(g)
    ended = set()
    while len(ended) < len(g.state["players"]):
        who = round_state.current(g.state)
        g.at += 30
        if who == "dummy":
            g.run("dummy_turn")
        else:
            g.run("round_end_turn", player=who)
            ended.add(who)


def test_every_mode_has_its_story():
    """Competitive, team, co-op (with the Dummy player of Full Cooperation) and solo games: every turn timed."""
    two = [{"name": "Anna", "hero": "arythea", "team": "A"}, {"name": "Ben", "hero": "tovak", "team": "A"},
           {"name": "Cleo", "hero": "goldyx", "team": "B"}, {"name": "Dora", "hero": "norowas", "team": "B"}]
    setups = [THREE, {"scenario": "full_conquest", "mode": "team", "players": two},
              {"scenario": "full_cooperation", "mode": "coop", "players": two[:2]}]
    for setup in setups:
        g = ClockGame(setup)
        if setup["mode"] == "coop":
            g.run("dummy_setup", mode="virtual", hero="goldyx")
        play_round(g)
        s = told(g)
        n = len(setup["players"])
        assert len(s["turns"]) == n and all(t["seconds"] == 30 for t in s["turns"]), setup["mode"]
        assert s["fame_by_round"][-1]["fame"] == [0] * n
        assert (s["dummy"] is not None) == (setup["mode"] == "coop")
