"""The Fame and Reputation tracks (rules data) and their maths."""

import pytest

from companion.rules.data import get_rules
from companion.rules.progression import change_fame, move_reputation, reputation_modifier, standing

LEVELS = get_rules().levels
TRACK = get_rules().reputation


def test_start_armor_2_hand_limit_5_one_command_token():
    """Rulebook, Player Setup: 'The current token shows your Armor of 2 and Hand limit of 5 for levels 1-2.
    Put the sixth blank Level token ... as a Command token. You currently have one Command token'."""
    s = standing(LEVELS, 0)
    assert (s.level, s.armor, s.hand_limit, s.command_tokens) == (1, 2, 5, 1)


def test_odd_levels_give_another_command_token():
    """Rulebook, Player Setup: 'When advancing to an odd-numbered level, you get another Command token'."""
    by_level = {}
    for fame in range(0, 120):
        s = standing(LEVELS, fame)
        by_level[s.level] = s.command_tokens
    for level in range(2, 11):
        gained = by_level[level] - by_level[level - 1]
        assert gained == (1 if level % 2 == 1 else 0), level


def test_one_level_per_line_crossed():
    """Rulebook, End of the Turn 6: 'you gain a level for each line crossed'."""
    ch = change_fame(LEVELS, 2, 7)  # 2 -> 9 Fame crosses the lines at 3 and 8
    assert (ch.before.level, ch.after.level, ch.levels_gained) == (1, 3, 2)
    assert ch.rewards == ("skill_and_advanced_action", "command_token_armor_hand")


def test_the_fame_sentence_from_level_2_to_3():
    """The Fame sentence: 'Anna gains 4 Fame: level 2 -> 3, Armor 3, one more Command token'."""
    ch = change_fame(LEVELS, 5, 4)
    assert (ch.before.level, ch.after.level, ch.after.armor) == (2, 3, 3)
    assert ch.after.command_tokens == ch.before.command_tokens + 1


def test_fame_never_goes_below_zero():
    assert change_fame(LEVELS, 2, -5).after.fame == 0
    with pytest.raises(ValueError):
        standing(LEVELS, -1)


def test_reputation_x_space_cannot_interact():
    """Rulebook, Interacting with Locals: 'If your token is on the X space of the Reputation track, you cannot
    interact at all!'"""
    assert reputation_modifier(TRACK, "X") is None
    # Seeds README / Rulebook 'Game Setup' ("the central 0 space"): the X space is the -7 end, nothing beyond it.
    assert reputation_modifier(TRACK, -7) is None
    assert move_reputation(TRACK, -6, -1) == "X"
    assert move_reputation(TRACK, 0, -7) == "X"
    assert move_reputation(TRACK, "X", -3) == "X"


def test_blitz_start_plus_two_reputation_is_plus_one_influence():
    """Scenario Book, Blitz Conquest: 'You start with +2 Reputation (i.e. you have a bonus of +1 for interaction)'."""
    assert reputation_modifier(TRACK, 2) == 1
    assert move_reputation(TRACK, 0, 2) == 2
    assert move_reputation(TRACK, 7, 3) == 7
