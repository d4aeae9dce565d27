"""A Mage Lite game (seed 004) through LocalGame: commands, events and the fold, no Flask. Fame with the Fame Bonus
and undo, the hero card corrected once, the Reputation card's changes, the Rounds with the Dummy counter, the
verdict both ways and undo across it, and what to remember."""

import pytest

from companion.game.flow.setup import validate_setup
from companion.game.mage_lite.core import is_mage_lite
from companion.game.mage_lite.page import page_data
from companion.game.spine.command import Invalid
from companion.game.spine.local import LocalGame


def game(difficulty="normal", variants=(), start=None):
    setup = {"game": "mage_lite", "difficulty": difficulty, "players": [{"name": "Anna"}], "variants": list(variants)}
    if start:
        setup["start"] = start
    return LocalGame(validate_setup(setup))


def ml(g):
    return g.state["mage_lite"]


def test_the_fold_marks_the_game_mage_lite_with_its_setup_numbers():
    g = game("casual")
    s = g.state
    assert is_mage_lite(s) and s["game"]["mode"] == "mage_lite" and s["time"] == "day"
    n = s["game"]["setup_numbers"]
    assert (n["rounds"], n["fame_bonus"], n["city_levels"]) == (6, 2, [3, 5])


def test_fame_bonus_is_logged_and_undo_takes_both_back():
    """004 Mini Blitz: "Fame Bonus refers to how many fame you gain immediately after you cross a fame level that
    levels up your hero" - Normal: +1."""
    g = game()
    ev = g.run("mage_lite_fame", amount=5)
    assert g.state["players"][0]["fame"] == 6
    assert ev.sentence["msg"].startswith("Fame %(amount)+d and the Fame Bonus") and ev.sentence["args"]["bonus"] == 1
    ups = ml(g)["last_fame"]["level_ups"]
    assert ups == [{"level": 2, "reward": "skill_and_advanced_action"}]
    g.undo()
    assert g.state["players"][0]["fame"] == 0 and ml(g)["last_fame"] is None


def test_level_ups_say_what_they_bring():
    """004: "On every even level, you gain a skill ... and an advanced action. On every odd level, you gain a
    command token"."""
    g = game()
    g.run("mage_lite_fame", amount=8)  # 8 crosses 3 and 8: +1 +1 -> 10, level 3
    d = page_data(g.state)
    assert d["level"] == 3 and g.state["players"][0]["fame"] == 10
    assert [u["level"] for u in ml(g)["last_fame"]["level_ups"]] == [2, 3]
    assert d["card"].command_tokens == 2 and not d["card"].from_card


def test_hero_card_is_corrected_once_for_the_game():
    """The hero card's armor and Hand limit are not in the text: Mage Knight's numbers, corrected once."""
    g = game()
    g.run("mage_lite_hero_card", level=1, armor=3, hand_limit=5)
    assert page_data(g.state)["card"].armor == 3 and page_data(g.state)["card"].from_card
    with pytest.raises(Invalid):
        g.run("mage_lite_hero_card", level=1, armor=2, hand_limit=5)


def test_reputation_changes_as_the_text_lists_them():
    """004 Combat 1a: "Every time you make an assault, you lose 1 Reputation"; 1c: burning a monastery "Reputation
    -3"; Combat Outcomes 2a: "(+1 for each orc marauders, +2 for each draconum)"."""
    g = game()
    g.run("mage_lite_reputation", reason="assault")
    assert g.state["players"][0]["reputation"] == -1
    assert page_data(g.state)["rep"].side == "red"
    g.run("mage_lite_reputation", reason="orcs", count=2)
    g.run("mage_lite_reputation", reason="draconum")
    assert g.state["players"][0]["reputation"] == 3 and page_data(g.state)["rep"].modifier == 1
    g.run("mage_lite_reputation", reason="burn_monastery")
    g.run("mage_lite_reputation", reason="burn_monastery")
    g.run("mage_lite_reputation", reason="burn_monastery")
    assert g.state["players"][0]["reputation"] == -6
    g.run("mage_lite_reputation", reason="burn_monastery")
    assert g.state["players"][0]["reputation"] == "X" and page_data(g.state)["rep"].modifier is None
    with pytest.raises(Invalid):
        g.run("mage_lite_reputation", reason="down")  # nothing beyond the X


def test_dummy_counter_runs_inside_the_game_and_ends_the_round():
    """004 Main Expansion, DUMMY PLAYER: "After every one of your turns, rotate ... the dummy card ... When the dummy
    player changes to level 7, it declares end of round, and your next turn is your final turn of the round"; the
    pips: "two blue and one red"."""
    g = game(variants=["main_expansion"])
    g.run("mage_lite_turn", color="red")    # 1 -> 2, +1 red pip -> 3
    assert ml(g)["dummy"]["level"] == 3
    g.run("mage_lite_turn", color="blue")   # 3 -> 4, +2 -> 6
    g.run("mage_lite_turn", color="green")  # 6 -> 7: end of round declared
    assert ml(g)["dummy"]["announced"] and not ml(g)["dummy"]["final_turn_done"]
    g.run("mage_lite_turn")                  # the final turn
    with pytest.raises(Invalid):
        g.run("mage_lite_turn")
    g.run("mage_lite_round_end")
    s = g.state
    assert (s["round"], s["time"], ml(g)["dummy"]["level"], ml(g)["dummy"]["announced"]) == (2, "night", 1, False)


def test_day_and_night_alternate_from_the_chosen_start():
    g = game("hard", start="night")
    times = [g.state["time"]]
    for _ in range(4):
        g.run("mage_lite_round_end", confirm=True)
        times.append(g.state["time"])
    assert times == ["night", "day", "night", "day", "night"]


def test_both_cities_conquered_is_won_with_rounds_left_and_undo_restores():
    """004 Mini Blitz: "The goal is to defeat both cities before time runs out.\""""
    g = game()
    g.run("mage_lite_round_end", confirm=True)
    g.run("mage_lite_city", color="red", defeated=2)
    assert ml(g)["over"] is None
    g.run("mage_lite_city", color="blue", defeated=3)
    assert ml(g)["over"] == {"result": "won", "round": 2, "rounds_left": 4} and g.state["finished"]
    with pytest.raises(Invalid):
        g.run("mage_lite_fame", amount=1)  # over: nothing more
    g.undo()
    assert ml(g)["over"] is None and not g.state["finished"]
    g.run("mage_lite_fame", amount=1)


def test_the_last_round_over_without_both_cities_is_lost():
    """004 One Round 5a: "if the Round limit is reached, the game is over"."""
    g = game("impossible")
    g.run("mage_lite_city", color="blue")
    for _ in range(4):
        g.run("mage_lite_round_end", confirm=True)
    assert g.state["round"] == 5 and ml(g)["over"] is None
    g.run("mage_lite_round_end", confirm=True)
    assert ml(g)["over"] == {"result": "lost", "round": 5, "rounds_left": 0}
    g.undo()
    assert ml(g)["over"] is None and g.state["round"] == 5


def test_spells_artifacts_and_units_used_this_round_are_ready_at_the_end_of_the_round():
    """004 Alternate Setup: Cubes: "Which spells, artifacts and units are currently owned, and which have been used
    already this round"; UNITS: "Units are automatically Readied at the end of each Round"."""
    g = game()
    g.run("mage_lite_item", {"action": "gain", "kind": "unit", "name": "Peasants"})
    g.run("mage_lite_item", action="use", id="i1")
    with pytest.raises(Invalid):
        g.run("mage_lite_item", action="use", id="i1")
    with pytest.raises(Invalid):  # one Command token at level 1
        g.run("mage_lite_item", {"action": "gain", "kind": "unit", "name": "Foresters"})
    g.run("mage_lite_round_end", confirm=True)
    assert ml(g)["items"][0]["used"] is False


def test_base_game_commits_to_spells_or_artifacts_the_expansion_does_not():
    """004 SPELLS AND ARTIFACTS: "When you gain your first artifact/spell, you are committing to using ONLY EITHER
    ARTIFACTS OR SPELLS"; "If you throw away your last artifact, you are not committed to artifact anymore";
    Main Expansion: "you are able to own artifacts and spells at the same time"."""
    g = game()
    g.run("mage_lite_item", {"action": "gain", "kind": "artifact", "name": "Banner"})
    with pytest.raises(Invalid):
        g.run("mage_lite_item", {"action": "gain", "kind": "spell", "name": "Fireball"})
    g.run("mage_lite_item", action="lose", id="i1")
    g.run("mage_lite_item", {"action": "gain", "kind": "spell", "name": "Fireball"})
    assert ml(g)["commitment"] == "spell"
    e = game(variants=["main_expansion"])
    e.run("mage_lite_item", {"action": "gain", "kind": "artifact", "name": "Banner"})
    e.run("mage_lite_item", {"action": "gain", "kind": "spell", "name": "Fireball"})
    assert ml(e)["commitment"] is None


def test_crystals_only_with_the_crystal_expansion_and_at_most_three():
    with pytest.raises(Invalid):
        game().run("mage_lite_crystal", color="red", delta=1)
    g = game(variants=["crystals"])
    g.run("mage_lite_crystal", color="red", delta=2)
    ev = g.run("mage_lite_crystal", color="red", delta=2)
    assert g.state["players"][0]["crystals"]["red"] == 3 and "mana tokens" in ev.sentence["msg"]


def test_sites_beaten_hand_limit_bonus_and_city_influence():
    """004 End of Turn 3c-e (the higher bonus only); Interacting 3a: "you add 1 to your Influence total for each
    enemy that were defeated previously in the city"."""
    g = game()
    g.run("mage_lite_site", {"name": "Keep on the second card"})
    g.run("mage_lite_position", keeps=1, near="keep")
    assert page_data(g.state)["remember"]["hand_limit"] == 6
    with pytest.raises(Invalid):
        g.run("mage_lite_position", keeps=1, near="city")
    g.run("mage_lite_city", color="red", defeated=2)
    g.run("mage_lite_position", keeps=1, near="city")
    r = page_data(g.state)["remember"]
    assert r["hand_limit"] == 7 and r["city_bonus"] == {"red": 2} and r["sites"] == ["Keep on the second card"]


def test_commands_refuse_a_mage_knight_game():
    g = LocalGame({"scenario": "first_reconnaissance", "mode": "solo", "players": [{"name": "A", "hero": "tovak"}]})
    with pytest.raises(Invalid):
        g.run("mage_lite_fame", amount=1)


def test_a_stored_event_after_the_verdict_or_for_a_city_not_in_play_is_refused():
    """What the commands refuse, an imported event cannot do either (the reducers check it too)."""
    from companion.game.spine.command import Command
    from companion.game.spine.sentences import sentence

    g = game()
    with pytest.raises(Invalid):  # the base game has no white city
        g.record(Command("mage_lite.city", {"color": "white", "defeated": 0}, sentence("x"), ("mage_lite",)))
    g.run("mage_lite_city", color="red")
    g.run("mage_lite_city", color="blue")
    with pytest.raises(Invalid):
        g.record(Command("mage_lite.fame", {"amount": 1}, sentence("x"), ("mage_lite",)))
    with pytest.raises(Invalid):
        g.record(Command("mage_lite.item", {"action": "gain"}, sentence("x"), ("mage_lite",)))


def test_the_dummy_can_end_the_round_at_level_6_or_8():
    """004 DUMMY PLAYER: "For an easier experience, allow the dummy player to go all the way to level 8 before
    declaring end of round. Likewise, you can increase the challenge by having it declare end of round at level
    6.\""""
    g = game(variants=["main_expansion"])
    g.run("mage_lite_dummy_end", difficulty="harder")
    g.run("mage_lite_turn", color="blue")  # 1 -> 2, +2 blue pips -> 4
    g.run("mage_lite_turn", color="red")   # 4 -> 5, +1 red pip -> 6: the end of the round
    assert ml(g)["dummy"]["announced"] and ml(g)["dummy"]["threshold"] == 6
    with pytest.raises(Invalid):
        g.run("mage_lite_dummy_end", difficulty="easier")
    with pytest.raises(Invalid):
        game().run("mage_lite_dummy_end", difficulty="easier")  # no Main Expansion, no Dummy
