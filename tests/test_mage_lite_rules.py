"""Mage Lite's rules (seed 004) as pure functions: the Mini Blitz table, Day and Night, the Fame Bonus, the level-ups,
the hero card, the Reputation card, the Hand limit bonus, the crystal limit and the verdict. Each test quotes the
passage it checks."""

import pytest

from companion.rules.data import get_rules
from companion.rules.mage_lite import game as ml

DATA = get_rules().mage_lite
LEVELS = get_rules().levels


@pytest.mark.parametrize(("difficulty", "rounds", "bonus", "cities", "choice"), [
    ("casual", 6, 2, (3, 5), False), ("normal", 6, 1, (3, 5), False),
    ("hard", 5, 1, (3, 5), True), ("impossible", 5, 1, (4, 6), True)])
def test_mini_blitz_as_printed(difficulty, rounds, bonus, cities, choice):
    """004 Mini Blitz: "CASUAL - Rounds: 6 (3 days, 3 nights) - Fame Bonus: +2 fame - City Levels: 3 and 5";
    "NORMAL ... +1 Fame ... 3 and 5"; "HARD - Rounds: 5 (player choice on whether you start on Day or Night in the
    first round) - Fame Bonus: +1 - City Levels: 3 and 5"; "IMPOSSIBLE ... 5 ... +1 ... 4 and 6"."""
    b = ml.mini_blitz(DATA, difficulty)
    assert (b.rounds, b.fame_bonus, b.city_levels, b.start_choice) == (rounds, bonus, cities, choice)
    assert dict(b.tiles) == {"countryside": 4, "core": 2, "city": 2}  # "4 countryside tiles, 2 core tiles and 2 city"
    assert b.cities == ("red", "blue")  # "only the red and blue city are available in the base game"


def test_casual_has_three_days_and_three_nights_alternating():
    """004: "Rounds: 6 (3 days, 3 nights)"; Rounds are "either Day or Night" and alternate (Prepare the Round:
    "Flip the Spells Cover to change from Day to Night or Night to day")."""
    assert ml.mini_blitz(DATA, "casual").day_night == ("day", "night") * 3


def test_hard_lets_the_player_start_on_a_night_casual_does_not():
    """004 HARD: "player choice on whether you start on Day or Night in the first round"."""
    assert ml.mini_blitz(DATA, "hard", "night").day_night == ("night", "day", "night", "day", "night")
    with pytest.raises(ValueError):
        ml.mini_blitz(DATA, "casual", "night")


def test_main_expansion_adds_the_white_and_green_cities_and_the_portal():
    """004 Main Expansion: "Two of the core sides have the two remaining cities that were not in the base game";
    "Place the map card showing the portal in play, this is your starting position"."""
    b = ml.mini_blitz(DATA, "normal", main_expansion=True)
    assert b.cities == ("red", "blue", "white", "green") and b.portal_start


def test_fame_bonus_after_crossing_the_level_2_line():
    """004 Mini Blitz: "Fame Bonus refers to how many fame you gain immediately after you cross a fame level that
    levels up your hero"; FAME AND REPUTATION: "after acquiring 3 Fame, your Hero level up to level 2"."""
    g = ml.gain_fame(LEVELS, 0, 3, 1, 8)
    assert (g.after, g.bonus, g.level_after) == (4, 1, 2)
    assert [u.level for u in g.level_ups] == [2]
    assert ml.gain_fame(LEVELS, 0, 2, 1, 8).bonus == 0  # no line crossed, no bonus


def test_fame_bonus_that_crosses_the_next_line_gives_its_bonus_too():
    """Casual's +2: from 6 Fame, +1 reaches 7 (no level); +2 from 6 reaches 8 = level 3, the bonus gives 10."""
    assert ml.gain_fame(LEVELS, 6, 1, 2, 8).bonus == 0
    g = ml.gain_fame(LEVELS, 6, 2, 2, 8)
    assert (g.after, g.level_after) == (10, 3)
    # three lines in one gain (3, 8 and 15 from 1 Fame): three bonuses
    g = ml.gain_fame(LEVELS, 1, 14, 2, 8)
    assert [u.level for u in g.level_ups] == [2, 3, 4] and g.bonus == 6 and g.after == 21


def test_the_example_hero_with_15_fame_is_level_4():
    """004: "the player has 15 fame and is at level 4"."""
    assert ml.level_of(LEVELS, 15, 8) == 4 and ml.level_of(LEVELS, 14, 8) == 3


def test_a_negative_fame_correction_gives_no_bonus():
    g = ml.gain_fame(LEVELS, 4, -2, 1, 8)
    assert (g.after, g.bonus, g.level_after) == (2, 0, 1)


def test_even_levels_give_a_skill_and_an_advanced_action_odd_ones_a_command_token():
    """004 LEVELING UP: "On every even level, you gain a skill ... and an advanced action. On every odd level, you
    gain a command token"; GAINING ADVANCED ACTIONS: "Look at the back sides of the three left-most basic
    actions in your hand"."""
    assert "Skill and an Advanced Action" in ml.level_reward(2)[0] and "three left-most" in ml.level_reward(4)[0]
    assert "Command token" in ml.level_reward(3)[0]


def test_hero_card_starts_with_one_command_token_and_uses_mage_knights_table_until_corrected():
    """004: "You start with 1 command token and 0 skill at level 1"; the armor and Hand limit per level are printed
    only on the card: Mage Knight's level table (Armor 2, Hand 5 at level 1) until the player types the card's."""
    c = ml.hero_card(LEVELS, 1)
    assert (c.armor, c.hand_limit, c.command_tokens, c.from_card) == (2, 5, 1, False)
    assert ml.hero_card(LEVELS, 3).command_tokens == 2 and ml.hero_card(LEVELS, 5).command_tokens == 3
    c = ml.hero_card(LEVELS, 3, {"3": {"armor": 4, "hand_limit": 5}})
    assert (c.armor, c.from_card) == (4, True)


def test_reputation_card_gains_0_0_1_1_2_2_3_3_on_the_yellow_side():
    """004 FAME AND REPUTATION: "you start your reputation at 0 on the yellow side ... While gaining 1 reputation,
    rotate the card counter-clockwise ... After increasing your reputation 4 times ... the reputation card will be
    facing with the 0 up like at the initial setup. But since you made a complete rotation of the card, you now use
    the number on the right ... So in order, you would gain 0, 0, +1, +1, +2, +2, +3, +3.\""""
    cards = [ml.reputation_card(DATA, r) for r in range(8)]
    assert [c.modifier for c in cards] == [0, 0, 1, 1, 2, 2, 3, 3]
    assert [c.turns for c in cards] == [0, 1, 2, 3, 0, 1, 2, 3]
    assert [c.number for c in cards] == ["left"] * 4 + ["right"] * 4
    assert {c.side for c in cards} == {"yellow"}


def test_below_zero_the_card_flips_to_its_red_0_and_ends_on_the_x():
    """004: "When your reputation goes below the starting 0, flip the card to be on the 0 on the negative reputation
    side (the red side)"; "If you ever reach the X on the negative reputation track, you can't interact"."""
    red0 = ml.reputation_card(DATA, -1)
    assert (red0.side, red0.turns, red0.modifier, red0.from_text) == ("red", 0, 0, True)
    x = ml.reputation_card(DATA, -7)
    assert x.modifier is None and not x.from_text
    assert ml.change_reputation(-6, -3) == -7 and ml.change_reputation(7, 2) == 7


def test_hand_limit_uses_the_higher_of_the_keep_and_the_city_bonus():
    """004 End of Turn 3c-e: "increased by the number of keeps you own"; "next to a conquered city ... increased by
    2"; "If both a keep and a city bonus are possible, use the higher bonus only.\""""
    bonus = DATA.hand_bonus
    assert ml.hand_limit(5, 3, True, True, bonus) == 8
    assert ml.hand_limit(5, 1, True, True, bonus) == 7
    assert ml.hand_limit(5, 3, False, False, bonus) == 5


def test_crystals_stop_at_three_the_rest_are_mana_tokens():
    """004 CRYSTALS: "you can only have a maximum of 3 crystals of each color at a time. If you are meant to gain a
    crystal but already have 3 crystals of that color, gain a mana token instead.\""""
    assert ml.add_crystal(2, 2, 3) == (3, 1)


def test_verdict_won_with_both_cities_lost_after_the_last_round():
    """004 Mini Blitz: "The goal is to defeat both cities before time runs out"; One Round 5a: "if the Round limit
    is reached, the game is over"."""
    assert ml.verdict(6, 4, 2, False) == ml.Verdict("won", 4, 2)
    assert ml.verdict(6, 6, 1, True) == ml.Verdict("lost", 6, 0)
    assert ml.verdict(6, 5, 1, True).result is None
