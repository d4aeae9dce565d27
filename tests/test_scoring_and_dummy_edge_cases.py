"""Edge cases of end-game scoring and the Dummy player, checked as a strict player would against the
Scenario Book (seeds 000_*.txt pp. 14-22, cross-checked with the German 002_*.txt) and Mage Lite
(004_*.txt, "DUMMY PLAYER"). Each test cites the passage in its docstring; the cases are the ones
most easily got wrong and not covered by tests/test_scoring_rules.py or tests/test_dummy_rules.py."""
from __future__ import annotations

import random
from fractions import Fraction

import pytest

from companion.rules import dummy as d
from companion.rules.mage_lite import dummy as ml
from companion.rules.scoring import (
    ScoringError,
    award_beating,
    award_title,
)


from scoring_helpers import P, run  # noqa: E402


def side(result, name):
    for s in result.players + result.teams:
        if s.name == name:
            return s
    raise KeyError(name)


def title(result, key):
    for t in result.titles:
        if t.title == key:
            return t
    raise KeyError(key)


# ============================================================================ achievements


def test_leader_several_wounded_units_are_halved_each_not_the_total():
    """Standard Achievements scoring, The Greatest Leader: "Wounded Units are counted only as half,
    rounded down (thus a Wounded level 1 Unit is worth no Fame)" - the example halves one Unit, so
    two wounded level 1 Units are worth 0 (not half of 2 = 1), and wounded 3 + wounded 3 is 1 + 1 = 2
    (not 6 // 2 = 3)."""
    r = run("first_reconnaissance", P("A", units=[(1, True), (1, True)]), P("B"))
    assert side(r, "A").categories["leader"] == 0
    r = run("first_reconnaissance", P("A", units=[(3, True), (3, True), 2]), P("B"))
    assert side(r, "A").categories["leader"] == 1 + 1 + 2


def test_loot_odd_crystals_round_down_and_one_crystal_is_nothing():
    """The Greatest Loot: "1 Fame for every two crystals in their Inventory": 1 crystal = 0,
    7 crystals = 3; Artifacts "in their deck or on their Units" 2 each."""
    r = run("first_reconnaissance", P("A", crystals=1), P("B", crystals=7, artifacts=1))
    assert side(r, "A").categories["loot"] == 0
    assert side(r, "B").categories["loot"] == 2 + 3
    # A single crystal wins nothing, so B is the sole Greatest Loot.
    assert dict(title(r, "greatest_loot").awarded) == {"B": 3}


def test_loot_tie_from_crystals_rounded_down():
    """The Greatest Loot: compared on the Fame scored, so 3 crystals (1) ties 2 crystals (1):
    "(1 if tied)"."""
    r = run("first_reconnaissance", P("A", crystals=3), P("B", crystals=2), P("C"))
    assert dict(title(r, "greatest_loot").awarded) == {"A": 1, "B": 1}


def test_greatest_beating_several_players_tied_at_the_same_nonzero_wounds():
    """The Greatest Beating: "The player who lost the most Fame this way loses an additional 3 Fame
    ... (-1 if tied, except if the tie is between players that have no Wounds)". Two players with 2
    Wounds each tie (-1 each); the one with 1 Wound and the one with none lose nothing more."""
    r = run("first_reconnaissance", P("A", wounds=2), P("B", wounds=2), P("C", wounds=1), P("D"))
    t = title(r, "greatest_beating")
    assert t.outcome == "tie"
    assert dict(t.awarded) == {"A": -1, "B": -1}
    assert side(r, "A").total == -4 - 1
    assert side(r, "C").total == -2
    assert side(r, "D").total == 0


def test_greatest_beating_sole_wounded_player_against_unwounded_players():
    """The Greatest Beating: the zero exception is only for "a tie between players that have no
    Wounds"; one player with a single Wound against players with none is the sole loser: -3."""
    t = award_beating([("A", 0), ("B", -2), ("C", 0)])
    assert t.outcome == "sole" and dict(t.awarded) == {"B": -3}


def test_positive_title_tie_at_zero_gives_nothing_but_a_single_scorer_takes_it():
    """The Greatest Knowledge: "If two or more players are tied, each gets 1 Fame (except if the tie is
    between players who scored no Fame in this category)"; German: "sie müssen in dieser Kategorie aber
    mindestens 1 Ruhm erhalten haben"."""
    t = award_title("greatest_knowledge", "knowledge", [("A", 0), ("B", 0), ("C", 0)])
    assert t.outcome == "tie_at_zero" and t.awarded == ()
    t = award_title("greatest_knowledge", "knowledge", [("A", 0), ("B", 1), ("C", 0)])
    assert t.outcome == "sole" and dict(t.awarded) == {"B": 3}


def test_every_title_is_independent_and_adds_to_the_total():
    """Standard Achievements scoring: each of the six titles is decided on its own category; a player
    can hold several (+3 each) and lose the Greatest Beating at the same time."""
    a = P("A", fame=10, spells=1, artifacts=1, units=[2], fortified_shields=1, adventure_shields=1, wounds=1)
    b = P("B", fame=10)
    r = run("first_reconnaissance", a, b)
    # 10 + knowledge 2 + loot 2 + leader 2 + conqueror 2 + adventurer 2 - beating 2
    # + five titles (3 each) - Greatest Beating 3
    assert side(r, "A").total == 10 + 2 + 2 + 2 + 2 + 2 - 2 + 5 * 3 - 3
    assert side(r, "B").total == 10
    assert r.winners == ("A",)


# ============================================================================ teams


def test_team_titles_tie_between_teams_and_tie_at_zero_between_teams():
    """Team Rules: "Assign titles as usual (compare only the larger values of both teams)": team X's best
    knowledge (A1: 4) equals team Y's best (B2: 4) -> +1 each team, once per team, not per player;
    nobody has Units -> the leader title is a tie at zero between the teams: nobody gets it."""
    players = (
        P("A1", team="X", fame=20, spells=2), P("A2", team="X", fame=30, advanced_actions=1),
        P("B1", team="Y", fame=25, advanced_actions=1), P("B2", team="Y", fame=22, advanced_actions=4),
    )
    r = run("full_conquest", *players)
    assert dict(title(r, "greatest_knowledge").awarded) == {"X": 1, "Y": 1}
    assert title(r, "greatest_leader").outcome == "tie_at_zero"
    x, y = side(r, "X"), side(r, "Y")
    assert x.categories["fame"] == 20 and y.categories["fame"] == 22
    assert x.categories["knowledge"] == 4 and y.categories["knowledge"] == 4
    assert x.total == 20 + 4 + 1 and y.total == 22 + 4 + 1
    assert r.winners == ("Y",)


def test_team_beating_compares_each_teams_largest_penalty():
    """Team Rules: "For the Greatest Beating, score only the player with the largest penalty", then
    "Assign titles as usual": team X (A1 1 Wound, A2 3 Wounds -> -6) against team Y (B1 3 Wounds, B2 3
    Wounds -> -6, not -12): tied -> -1 each team."""
    players = (
        P("A1", team="X", wounds=1), P("A2", team="X", wounds=3),
        P("B1", team="Y", wounds=3), P("B2", team="Y", wounds=3),
    )
    r = run("full_conquest", *players)
    assert side(r, "X").categories["beating"] == -6
    assert side(r, "Y").categories["beating"] == -6
    assert dict(title(r, "greatest_beating").awarded) == {"X": -1, "Y": -1}


def test_team_game_only_where_the_scenario_offers_it_and_only_two_teams_of_two():
    """Team Rules: "Some four player scenarios are played by two teams" - the ones that say so: Full Conquest
    ("Team Game: If playing with four, you may decide to play this as a team game"), Conquer and Hold ("If
    playing with four, Team Rules apply"), One to Return ("Team Variant: If playing with four"). Druid Nights,
    Mines Liberation, Dungeon Lords, Blitz Conquest and First Reconnaissance have no team game; a team game is
    four players, two per team ("the player that has the lower Fame", "the higher score of both players").
    (These were once scored as team games.)"""
    four = lambda: (P("A1", team="X"), P("A2", team="X"), P("B1", team="Y"), P("B2", team="Y"))
    for sid in ("druid_nights", "mines_liberation", "dungeon_lords", "blitz_conquest", "first_reconnaissance"):
        with pytest.raises(ScoringError, match="has no team game"):
            run(sid, *four())
    assert run("full_conquest", *four()).team_game
    with pytest.raises(ScoringError, match="two teams of two"):
        run("full_conquest", P("A1", team="X"), P("A2", team="X"), P("B1", team="Y"))
    with pytest.raises(ScoringError, match="two teams of two"):
        run("full_conquest", P("A1", team="X"), P("A2", team="Y"), P("B1", team="Z"), P("B2", team="Z"))
    with pytest.raises(ScoringError, match="two teams of two"):
        run("full_conquest", P("A1", team="X"), P("A2", team="X"), P("A3", team="X"), P("B1", team="Y"))


def test_conquer_and_hold_with_four_players_is_a_team_game():
    """Conquer and Hold: "Players: 2, or 4 (two teams)"; "If playing with four, Team Rules apply". Three
    players may play it without teams (Variants: "You can also play this scenario with 3 players")."""
    with pytest.raises(ScoringError, match="played in two teams"):
        run("conquer_and_hold", P("A"), P("B"), P("C"), P("D"))
    assert run("conquer_and_hold", P("A", keeps=1), P("B"), P("C")).winners == ("A",)
    r = run("conquer_and_hold", P("A1", team="X", keeps=1), P("A2", team="X"), P("B1", team="Y"), P("B2", team="Y"))
    assert r.winners == ("X",)


# ============================================================================ cooperative


def test_coop_each_category_only_the_best_player_beating_the_worst_and_no_titles():
    """Full Cooperation, Scoring: "As a base score, take the lowest Fame of all players. Then apply
    standard Achievements scoring, except: In each category, you score only the player with highest
    score (or most negative points in case of Greatest Beating). No titles are awarded." Three players,
    each best somewhere."""
    players = (
        P("A", fame=40, spells=3, wounds=1, cities_led=1),
        P("B", fame=31, units=[4, (3, True)], wounds=4, cities_led=1),
        P("C", fame=55, artifacts=2, crystals=5, adventure_shields=2),
    )
    r = run("full_cooperation", *players, cities_total=4, end_of_round_announced=True)
    lines = r.table.categories
    assert lines["fame"] == 31
    assert lines["knowledge"] == 6
    assert lines["leader"] == 4 + 1
    assert lines["loot"] == 4 + 2
    assert lines["adventurer"] == 4
    assert lines["conqueror"] == 0
    assert lines["beating"] == -8  # B's 4 Wounds, not the sum of -10
    assert r.titles == () and r.winners == ()
    # goal and time: 2 cities x 10, not every player leads one (C does not), not all 4 cities
    assert lines["cities_conquered"] == 20
    assert lines["every_player_leads"] == 0
    assert lines["all_cities"] == 0
    assert r.score == 31 + 6 + 6 + 5 + 0 + 4 - 8 + 20
    assert r.success is False


def test_coop_every_player_leads_and_all_cities_and_time():
    """Full Cooperation, Scoring (other side of the Scoring card): "10 points for each city you
    conquered", "an additional 10 points if every player is a leader of at least one conquered city",
    "an additional 15 points if you conquered all cities", "30 points for each such Round", "1 point for
    each card in the Dummy player's Deed deck", "If the End of the Round was not announced yet in your
    last Round, score an additional 5 points"."""
    players = (P("A", fame=20, cities_led=2), P("B", fame=25, cities_led=1))
    r = run("full_cooperation", *players, rounds_left=1, dummy_deck=7, end_of_round_announced=False)
    lines = r.table.categories
    assert lines["cities_conquered"] == 30
    assert lines["every_player_leads"] == 10
    assert lines["all_cities"] == 15  # 2 players: 3 cities ("one more than players")
    assert lines["rounds_left"] == 30
    assert lines["dummy_deck"] == 7
    assert lines["end_of_round_not_announced"] == 5
    assert r.score == 20 + 30 + 10 + 15 + 30 + 7 + 5
    assert r.success is True


def test_coop_leaders_cannot_lead_more_cities_than_in_play_or_conquered():
    """Rulebook, Combat: "If a city is conquered, its new leader must be determined" - each conquered city has
    exactly one City leader. Full Cooperation: "Core city tiles: 3, or 4 (one more than players)"; Solo
    Conquest: "Core city tiles: 2". A sheet whose players lead more cities than exist would score "10 points
    for each city you conquered" and "15 points if you conquered all cities" for cities that do not exist:
    it is rejected with a reason (it was once scored 60 + 15)."""
    with pytest.raises(ScoringError, match="only 3 are in play"):
        run("full_cooperation", P("A", cities_led=3), P("B", cities_led=3))
    with pytest.raises(ScoringError, match="only 2 are in play"):
        run("solo_conquest", P("Solo", cities_led=3))
    with pytest.raises(ScoringError, match="only 1 were conquered"):
        run("full_cooperation", P("A", cities_led=1), P("B", cities_led=1), cities_conquered=1)
    # one more than players: 3 players -> 4 cities, all led: fine
    r = run("full_cooperation", P("A", cities_led=2), P("B", cities_led=1), P("C", cities_led=1))
    assert r.table.categories["all_cities"] == 15 and r.table.categories["cities_conquered"] == 40


def test_coop_lowest_counts_variant_and_beating_still_the_biggest_penalty():
    """Full Cooperation, Variants: "for Achievements, only the lowest score counts ... (For the Greatest
    Beating Achievement, the biggest penalty is scored again.)"."""
    players = (P("A", fame=10, spells=2, wounds=1), P("B", fame=12, spells=1, wounds=3))
    r = run("blitz_cooperation", *players, lowest_counts=True)
    lines = r.table.categories
    assert lines["fame"] == 10
    assert lines["knowledge"] == 2
    assert lines["beating"] == -6


# ============================================================================ solo


def test_solo_conquest_time_points_and_end_of_round_bonus_no_titles():
    """Solo Conquest, Scoring: "Take your Fame as the base. Then apply standard Achievements scoring, except
    no titles are awarded." "Score 10 points for each city you conquered. Score an additional 15 points, if
    you conquered all cities. If you finished the game one or more Rounds before the limit, score 30 points
    for each such Round. Score 1 point for each card in the Dummy player's Deed deck ... If the End of the
    Round was not announced yet in your last Round, score an additional 5 points." Finished after round 4
    of 6 (2 Rounds left), Dummy deck 9 cards, End of the Round not announced."""
    r = run("solo_conquest", P("Solo", fame=60, spells=1, wounds=2, cities_led=2),
            rounds_left=2, dummy_deck=9, end_of_round_announced=False)
    lines = r.table.categories
    assert r.titles == ()
    assert "greatest_knowledge" not in lines
    assert lines["rounds_left"] == 60
    assert lines["end_of_round_not_announced"] == 5
    assert lines["all_cities"] == 15 and lines["cities_conquered"] == 20
    assert r.score == 60 + 2 - 4 + 20 + 15 + 60 + 9 + 5
    assert r.success is True
    # announced: no +5
    r2 = run("solo_conquest", P("Solo", fame=60, spells=1, wounds=2, cities_led=2),
             rounds_left=2, dummy_deck=9, end_of_round_announced=True)
    assert r2.score == r.score - 5


def test_solo_conquest_cannot_have_six_rounds_left():
    """Solo Conquest: "Length: Six rounds": at most 5 Rounds can be finished before the limit."""
    with pytest.raises(ScoringError):
        run("solo_conquest", P("Solo"), rounds_left=6)
    # the game ends early only when the mission succeeded: all cities conquered
    assert run("solo_conquest", P("Solo", cities_led=2), cities_conquered=2,
               rounds_left=5).table.categories["rounds_left"] == 150


# ============================================================================ special titles


def test_mines_liberation_points_and_greatest_liberator_tie():
    """Mines Liberation, Scoring: "A player scores 4 Fame for each of their mines in Countryside and 7 Fame
    for each mine on Core tiles. Whoever scores the most Fame for this gets an additional +5 Fame as the
    Greatest Liberator." A 7 (one Core mine), B 4 + 4 = 8 (two Countryside): B is the sole Greatest Liberator.
    (No tie rule in the English or German text: the engine gives +2 each, as the other +5 titles do - an
    ambiguity, noted; the tie case below documents that decision.)"""
    r = run("mines_liberation", P("A", mines_core=1), P("B", mines_countryside=2))
    assert side(r, "A").categories["mines"] == 7
    assert side(r, "B").categories["mines"] == 8
    assert dict(title(r, "greatest_liberator").awarded) == {"B": 5}
    r = run("mines_liberation", P("A", mines_core=1, mines_countryside=1), P("B", mines_countryside=1,
                                                                             mines_core=1), P("C"))
    assert dict(title(r, "greatest_liberator").awarded) == {"A": 2, "B": 2}


def test_dungeon_lords_dungeon_crawler_replaces_adventurer_and_ties():
    """Dungeon Lords, Scoring: "When scoring Adventures, also count the secret dungeons and tombs. All dungeons
    and tombs give 4 points instead of 2. Instead of the Greatest Adventurer title, Greatest Dungeon Crawler
    title is awarded, and it is worth +5 points (+2 if shared)." A: 2 dungeons = 8; B: 1 tomb + 2 other
    adventure sites = 4 + 4 = 8: tied -> +2 each; no Greatest Adventurer at all."""
    r = run("dungeon_lords", P("A", dungeons_tombs=2), P("B", dungeons_tombs=1, adventure_shields=2), P("C"))
    assert side(r, "A").categories["adventurer"] == 8
    assert side(r, "B").categories["adventurer"] == 8
    assert dict(title(r, "greatest_dungeon_crawler").awarded) == {"A": 2, "B": 2}
    assert all(t.title != "greatest_adventurer" for t in r.titles)
    assert side(r, "A").total == 8 + 2


def test_city_conqueror_ties_with_seven_and_four():
    """Full Conquest, Scoring: "7 Fame for each city they are the leader of", "4 Fame for each city they are
    not the leader of but has at least one of their shield tokens", "Whoever scores the most Fame for this
    gets an additional +5 Fame as the Greatest City Conqueror (+2 Fame if tied)". A leads 1 (7); B 0 led, 1
    shielded (4); C nothing: A sole +5."""
    r = run("full_conquest", P("A", cities_led=1), P("B", cities_shielded=1), P("C"))
    assert dict(title(r, "greatest_city_conqueror").awarded) == {"A": 5}
    assert side(r, "A").total == 7 + 5 and side(r, "B").total == 4


# ============================================================================ winners


def test_conquer_and_hold_three_players_winner_and_no_winner():
    """Conquer and Hold, The Winner: "Each owned keep counts as 3 Victory points. Each owned mage tower counts
    as 2 Victory points. The player or team who has the most points wins the game. If tied ..., no one is the
    winner." Fame plays no part. (Variants: 3 players allowed.)"""
    r = run("conquer_and_hold", P("A", keeps=2), P("B", mage_towers=2, fame=99), P("C", keeps=1, mage_towers=1))
    # A 2 keeps = 6, B 2 towers = 4 (Fame 99 does not matter), C 3 + 2 = 5
    assert [s.total for s in r.players] == [6, 4, 5]
    assert r.winners == ("A",)
    # A 2 keeps = 6, B 3 towers = 6, C 5: A and B tied for the most: no one is the winner
    r = run("conquer_and_hold", P("A", keeps=2), P("B", mage_towers=3), P("C", keeps=1, mage_towers=1))
    assert r.winners == ()


def test_portal_no_one_on_the_portal_no_winner_even_with_fame():
    """One to Return, The Winner: "Whoever stands on the portal space at that moment wins the game. If no-one
    stands there, there is no winner. There is no scoring, and Fame does not matter.\""""
    r = run("one_to_return", P("A", fame=80), P("B", fame=3, on_portal=True))
    assert r.winners == ("B",)
    r = run("one_to_return", P("A", fame=80), P("B", fame=3))
    assert r.winners == ()


def test_portal_only_one_player_can_be_there_even_allies():
    """One to Return, Special Rules: after Day 1 "the portal works as an empty plain space – only one player
    can be there" - this overrides the Team Rules exception that allies may share "cities and the portal"."""
    with pytest.raises(ScoringError):
        run("one_to_return", P("A1", team="X", on_portal=True, chosen=True),
            P("A2", team="X", on_portal=True), P("B1", team="Y", chosen=True), P("B2", team="Y"))


def test_first_reconnaissance_tie_for_most_fame_shares_the_victory():
    """First Reconnaissance, Scoring: "Whoever has the most Fame, wins. If tied, the players share the
    victory." Titles count in the Fame compared."""
    r = run("first_reconnaissance", P("A", fame=10, spells=1), P("B", fame=15), P("C", fame=14))
    # A: 10 + 2 + 3 (Greatest Knowledge) = 15
    assert side(r, "A").total == 15
    assert set(r.winners) == {"A", "B"}


# ============================================================================ Dummy player: turns


def test_dummy_the_last_of_the_three_decides_not_the_first():
    """Dummy Player, When it is the Dummy player's turn: "flip over three cards ... Check the color of the last
    flipped card (topmost card of the discard pile)". Red, red, blue with 2 red crystals and no blue: its turn
    is over after three cards."""
    t = d.take_turn(["red", "red", "blue", "red", "red"], {"red": 2})
    assert t.deciding_color == "blue" and t.extra == 0
    assert t.flipped == ("red", "red", "blue") and t.deck == ("red", "red")


def test_dummy_extra_cards_do_not_chain():
    """Dummy Player: "flip as many additional cards as they have crystals of that color. Then, their turn is
    over (the color of the additionally flipped card(s) does not matter)". Blue last, 1 blue crystal: exactly
    one more card, even though that card is red and it holds 3 red crystals."""
    t = d.take_turn(["green", "green", "blue", "red", "red", "red", "white"], {"blue": 1, "red": 3})
    assert t.extra == 1 and t.flipped == ("green", "green", "blue", "red")
    assert t.deck == ("red", "red", "white")
    assert not t.end_of_round and not t.deck_ran_out


def test_dummy_crystals_beyond_three_flip_that_many():
    """Dummy Player, When preparing a new Round: "they can have more than 3 crystals of the same color": with
    5 white crystals a white last card flips 5 more."""
    deck = ["red", "red", "white"] + ["green"] * 6
    t = d.take_turn(deck, {"white": 5})
    assert t.extra == 5 and t.deck == ("green",)


def test_dummy_too_few_for_the_extras_then_announces_next_turn():
    """Dummy Player, Note: "If there are not enough cards in their Deed deck, flip as many as you can. On their
    next turn, the Dummy player announces End of the Round." 4 cards, last of three green, 3 green crystals:
    flips the 1 left; next turn: empty deck -> announces."""
    t = d.take_turn(["red", "red", "green", "blue"], {"green": 3})
    assert t.extra == 1 and t.deck == () and t.deck_ran_out and not t.end_of_round
    nxt = d.take_turn(t.deck, {"green": 3})
    assert nxt.end_of_round and nxt.flipped == ()


def test_dummy_exactly_three_cards_left_flips_them_and_announces_next_turn():
    """Dummy Player: with exactly three cards it flips them (a normal turn), its deck is then empty: "If their
    Deed deck is empty, they announce the End of the Round" on its next turn."""
    t = d.take_turn(["white", "white", "blue"], {"blue": 0})
    assert len(t.flipped) == 3 and t.deck == () and t.deck_ran_out and not t.end_of_round
    p = d.physical_turn(3, {"blue": 2}, None)
    assert p.flipped_count == 3 and p.deck_count == 0 and p.deck_ran_out and not p.end_of_round


def test_physical_turn_extras_capped_by_the_cards_left():
    """Dummy Player Note "flip as many as you can": 5 cards, red last, 4 red crystals: 3 + 2 flipped, 0 left."""
    p = d.physical_turn(5, {"red": 4}, "red")
    assert p.flipped_count == 5 and p.deck_count == 0 and p.deck_ran_out


# ============================================================================ Dummy player: new round


def test_new_round_advanced_action_joins_and_everything_is_reshuffled():
    """Dummy Player, When preparing a new Round: "When removing the lowest card from the Advanced Action offer,
    add this card to the Dummy player's deck instead. Then shuffle the Dummy player's deck." The new deck holds
    all its cards (deck and flipped ones) plus the Advanced Action: 16 + 1 = 17."""
    cards = ["red"] * 4 + ["blue"] * 4 + ["green"] * 4 + ["white"] * 4
    nr = d.new_round(cards, {"green": 2, "blue": 1}, random.Random(3), advanced_action="white", spell_color=None)
    assert len(nr.deck) == 17
    assert sorted(nr.deck) == sorted(cards + ["white"])
    assert nr.crystals == d.Crystals(green=2, blue=1)


def test_new_round_spell_crystal_without_the_limit_of_three():
    """Dummy Player, When preparing a new Round: "add one crystal of the same color as that Spell card to the
    Dummy player's Inventory. Contrary to real players, they can have more than 3 crystals of the same color."
    German: "Im Gegensatz zu anderen Spielern darf er mehr als 3 Kristalle einer Farbe haben." 3 -> 4 -> 5."""
    c = d.Crystals(red=3)
    for expected in (4, 5):
        c = d.new_round(["red"] * 3, c, random.Random(0), spell_color="red").crystals
        assert c.red == expected
    # the Spell itself does not join the deck
    assert len(d.new_round(["red"] * 3, c, random.Random(0), spell_color="red").deck) == 3


# ============================================================================ Dummy player: tactics


def test_solo_conquest_each_tactic_is_picked_exactly_once_during_the_game():
    """Solo Conquest, Special Rules: "you always choose first. The Dummy player then takes one random card from
    those remaining. At the end of each Day or Night, remove both used Tactic cards from the game. That means,
    each Tactic card is picked exactly once during the game." Three Days with six Day Tactics."""
    rng = random.Random(7)
    day = [f"day{i}" for i in range(1, 7)]
    picked = []
    for _ in range(3):
        mine = day[0]
        dummy = d.dummy_takes_tactic(d.SOLO, day, [mine], rng).tactic
        assert dummy != mine and dummy in day
        removed = d.tactics_removed_at_round_end(d.SOLO, dummy, [mine]).removed
        assert set(removed) == {mine, dummy}
        picked += removed
        day = [t for t in day if t not in removed]
    assert sorted(picked) == [f"day{i}" for i in range(1, 7)] and day == []


def test_solo_conquest_you_must_choose_before_the_dummy():
    """Solo Conquest: "When taking Tactics, you always choose first.\""""
    with pytest.raises(ValueError):
        d.dummy_takes_tactic(d.SOLO, ["a", "b"], [], random.Random(0))


def test_full_cooperation_dummy_first_and_its_tactic_is_never_removed():
    """Full Cooperation, Special Rules: "the Dummy player takes a random Tactic first, then the players choose
    theirs. At the end of the Day or Night, agree and remove one of the Tactics used by the players (not the
    Dummy player) from the game. This does not matter on the last day and the last night." Blitz Cooperation:
    "All the rules ... for Full Cooperation apply"."""
    pick = d.dummy_takes_tactic(d.COOPERATIVE, ["t1", "t2", "t3", "t4"], [], random.Random(1))
    assert pick.tactic in ("t1", "t2", "t3", "t4")
    with pytest.raises(ValueError):
        d.dummy_takes_tactic(d.COOPERATIVE, ["t1", "t2"], ["t1"], random.Random(1))
    with pytest.raises(ValueError):
        d.tactics_removed_at_round_end(d.COOPERATIVE, "t1", ["t2", "t3"], chosen="t1")
    assert d.tactics_removed_at_round_end(d.COOPERATIVE, "t1", ["t2", "t3"], chosen="t3").removed == ("t3",)
    assert d.tactics_removed_at_round_end(d.COOPERATIVE, "t1", ["t2", "t3"], final_day_or_night=True).removed == ()
    assert d.tactic_rule("coop") == d.COOPERATIVE and d.tactic_rule("solo") == d.SOLO


# ============================================================================ Dummy player: forecast


def test_forecast_tiny_deck_computed_by_hand():
    """Dummy Player turn rules on a 9-card deck, 3 red and 6 blue, 3 red crystals, no blue:
    turn 1: the third card is red with p = 3/9 -> 3 more, 3 left; turn 2 flips them; turn 3 announces (k=3).
    Blue with p = 6/9 -> 6 left; turn 2: of the 8 unseen cards 3 red, 5 blue: red p = 3/8 -> 3 more, 0 left,
    turn 3 announces (k=3); blue p = 5/8 -> 3 left, turn 3 flips them, turn 4 announces (k=4).
    P(4) = 6/9 * 5/8 = 5/12, P(3) = 7/12, expected 41/12."""
    f = d.forecast({"red": 3, "blue": 6}, {"red": 3})
    assert dict(f.distribution) == {3: Fraction(7, 12), 4: Fraction(5, 12)}
    assert f.expected == Fraction(41, 12)
    assert d.naive_forecast(["red"] * 3 + ["blue"] * 6, {"red": 3}).distribution == f.distribution


# ============================================================================ Mage Lite


def test_mage_lite_jumping_past_seven_still_declares_end_of_round():
    """Mage Lite, DUMMY PLAYER: "When the dummy player changes to level 7, it declares end of round"; the card
    "tracks character levels 1 through 8". From 5 with 2 matching pips it moves 3 to 8: it passed 7, so it
    declares (a strict reading of "changes to level 7" would never fire)."""
    s = ml.advance(5, "blue", {"blue": 2, "red": 1})
    assert s.level == 8 and s.end_of_round and s.moved == 3


def test_mage_lite_no_matching_pip_one_level_only():
    """Mage Lite: "After every one of your turns, rotate ... the dummy card"; extra levels only "If that mana
    symbol matches Tovak's pip colors": green matches nothing -> one level."""
    s = ml.advance(1, "green", {"blue": 2, "red": 1})
    assert s.level == 2 and s.moved == 1 and not s.end_of_round
    s = ml.advance(6, None, {"blue": 2, "red": 1}, threshold=8)
    assert s.level == 7 and not s.end_of_round


# ============================================================================ the new messages in German


def test_scoring_and_dummy_refusals_have_their_german_form():
    """The scoring and Dummy refusals are T lines with German translations (German Szenarioheft:
    "Teamregeln", "Teamspiel", "Stadtanführer"; scenario titles in German)."""
    from companion.i18n import merged_catalog
    from companion.rules.text import translate_line

    catalog = merged_catalog("de")

    def de(line):
        return translate_line(line, lambda m: (catalog.get(m).string if catalog.get(m) is not None and
                                               catalog.get(m).string else m), "de")

    cases = [
        (lambda: run("druid_nights", P("A1", team="X"), P("A2", team="X"), P("B1", team="Y"), P("B2", team="Y")),
         "Druid Nights has no team game", "Druidennächte hat kein Teamspiel"),
        (lambda: run("full_conquest", P("A1", team="X"), P("A2", team="X"), P("B1", team="Y")),
         "Team Rules: a team game is four players in two teams of two",
         "Teamregeln: Ein Teamspiel wird zu viert in zwei Teams zu je zwei Spielern gespielt"),
        (lambda: run("conquer_and_hold", P("A"), P("B"), P("C"), P("D")),
         "Conquer and Hold with four players is played in two teams",
         "Erobern und Halten wird zu viert in zwei Teams gespielt"),
        (lambda: run("solo_conquest", P("Solo", cities_led=3)),
         "the players lead 3 cities, but only 2 are in play",
         "Die Spieler führen 3 Städte an, im Spiel sind aber nur 2"),
    ]
    for call, english, german in cases:
        with pytest.raises(ScoringError) as e:
            call()
        assert str(e.value) == english
        assert de(e.value.args[0]) == german


def test_full_and_blitz_cooperation_last_day_and_last_night_are_the_last_two_rounds():
    """Full Cooperation, Special Rules: removing a players' Tactic "does not matter on the last day and the last
    night"; "Length: Six rounds (3 days and 3 nights)"; Blitz Cooperation "Length: Four rounds (2 days and 2
    nights)" and "All the rules ... for Full Cooperation apply". Rounds go Day, Night, Day, Night (Variants): the
    last Day and the last Night are the last two rounds - the app's check, with the Dummy's round ending."""
    from companion.web.dummy import is_final_day_or_night

    def state(scenario, rnd):
        return {"game": {"scenario": scenario, "mode": "coop"}, "players": [{}, {}], "round": rnd,
                "dummy": {"round": rnd}}

    assert [is_final_day_or_night(state("full_cooperation", r)) for r in range(1, 7)] == [False] * 4 + [True] * 2
    assert [is_final_day_or_night(state("blitz_cooperation", r)) for r in range(1, 5)] == [False] * 2 + [True] * 2
