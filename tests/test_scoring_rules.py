"""End-game scoring, written from the Scenario Book text (seeds 000_*.txt pp. 14-22, checked
against the German 002_*.txt). Each test cites the passage it checks."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from companion.rules.scoring import (
    SCENARIOS,
    GameSheet,
    PlayerSheet,
    ScoringError,
    StrengthSheet,
    Unit,
    action_upgrade_strength,
    award_beating,
    award_title,
    score,
    unit_points,
)


from scoring_helpers import P, run  # noqa: E402


def cats(result, name):
    for s in result.players + result.teams:
        if s.name == name:
            return s.categories
    raise KeyError(name)


def title(result, key):
    for t in result.titles:
        if t.title == key:
            return t
    raise KeyError(key)


# ----------------------------------------------------------------------------- categories


def test_greatest_knowledge_two_per_spell_one_per_advanced_action():
    """Scoring card, The Greatest Knowledge: "2 Fame for each Spell, and 1 Fame for each
    Advanced Action in their deck"."""
    r = run("druid_nights", P("A", spells=3, advanced_actions=2), P("B"))
    assert cats(r, "A")["knowledge"] == 8
    assert cats(r, "B")["knowledge"] == 0


def test_greatest_loot_two_per_artifact_one_per_two_crystals_rounded_down():
    """Scoring card, The Greatest Loot: "2 Fame for each Artifact in their deck or on their
    Units, and 1 Fame for every two crystals in their Inventory" (an odd crystal scores nothing)."""
    r = run("druid_nights", P("A", artifacts=2, crystals=5), P("B", crystals=1))
    assert cats(r, "A")["loot"] == 4 + 2
    assert cats(r, "B")["loot"] == 0


def test_greatest_leader_wounded_units_half_rounded_down():
    """Scoring card, The Greatest Leader: "Fame equal to the total level of all their Units.
    Wounded Units are counted only as half, rounded down (thus a Wounded level 1 Unit is worth
    no Fame)"."""
    assert unit_points(Unit(1, True)) == 0
    assert unit_points(Unit(3, True)) == 1
    assert unit_points(Unit(4, True)) == 2
    assert unit_points(Unit(2, False)) == 2
    r = run("druid_nights", P("A", units=[(4, False), (3, True), (1, True), (2, True)]), P("B"))
    assert cats(r, "A")["leader"] == 4 + 1 + 0 + 1


def test_conqueror_adventurer_beating_points():
    """Scoring card: Conqueror "2 Fame for each Shield token ... on a keep, mage tower or
    monastery"; Adventurer "2 Fame for each Shield token ... on an adventure site"; Beating
    "loses 2 Fame for each Wound card in their deck (not on their Units)"."""
    r = run("druid_nights", P("A", fortified_shields=3, adventure_shields=2, wounds=4), P("B"))
    c = cats(r, "A")
    assert (c["conqueror"], c["adventurer"], c["beating"]) == (6, 4, -8)


def test_total_is_fame_plus_achievements_plus_titles():
    """Druid Nights, Scoring: "Do the standard Achievements scoring. Whoever has the most Fame,
    wins the game." No scenario lines of its own."""
    a = P("A", fame=30, spells=1, wounds=1)
    b = P("B", fame=28, advanced_actions=1, crystals=2)
    r = run("druid_nights", a, b)
    ca = cats(r, "A")
    assert "cities" not in ca and "mines" not in ca
    # A: 30 + knowledge 2 + Greatest Knowledge 3 + beating -2 + Greatest Beating -3 = 30
    assert r.players[0].total == 30
    # B: 28 + knowledge 1 + loot 1 + Greatest Loot 3 = 33
    assert r.players[1].total == 33
    assert r.winners == ("B",)


# ----------------------------------------------------------------------------- titles and ties


def test_title_sole_best_gets_three():
    """Scoring card: "The player who scores the most Fame this way gets 3 extra Fame"."""
    r = run("druid_nights", P("A", spells=2), P("B", spells=1), P("C"))
    t = title(r, "greatest_knowledge")
    assert t.outcome == "sole" and dict(t.awarded) == {"A": 3}
    assert cats(r, "B")["greatest_knowledge"] == 0


def test_title_tie_gives_one_each_only_to_the_tied():
    """Scoring card, The Greatest Knowledge: "If two or more players are tied, each gets 1 Fame"."""
    r = run("druid_nights", P("A", artifacts=1), P("B", crystals=4), P("C", crystals=3))
    t = title(r, "greatest_loot")
    assert t.outcome == "tie" and dict(t.awarded) == {"A": 1, "B": 1}
    assert cats(r, "C")["greatest_loot"] == 0


def test_title_three_way_tie():
    """Scoring card: "(1 if tied)" applies to every tied player."""
    r = run("druid_nights", *(P(n, units=[2]) for n in "ABC"))
    assert dict(title(r, "greatest_leader").awarded) == {"A": 1, "B": 1, "C": 1}


def test_title_no_award_for_a_tie_at_zero():
    """Scoring card: "except if the tie is between players who scored no Fame in this category"."""
    r = run("druid_nights", P("A"), P("B"))
    for key in ("greatest_knowledge", "greatest_loot", "greatest_leader",
                "greatest_conqueror", "greatest_adventurer"):
        t = title(r, key)
        assert t.outcome == "tie_at_zero" and t.awarded == ()
    # Wounded level 1 Units score 0, so a tie of such leaders is a tie at zero too.
    r = run("druid_nights", P("A", units=[(1, True)]), P("B"))
    assert title(r, "greatest_leader").awarded == ()


def test_greatest_beating_sole_loses_three():
    """Scoring card, The Greatest Beating: "The player who lost the most Fame this way loses an
    additional 3 Fame"."""
    r = run("druid_nights", P("A", wounds=3), P("B", wounds=1), P("C"))
    t = title(r, "greatest_beating")
    assert t.outcome == "sole" and dict(t.awarded) == {"A": -3}
    assert cats(r, "A")["beating"] + cats(r, "A")["greatest_beating"] == -9


def test_greatest_beating_tie_loses_one_each():
    """Scoring card: "(-1 if tied ..."."""
    r = run("druid_nights", P("A", wounds=2), P("B", wounds=2), P("C", wounds=1))
    assert dict(title(r, "greatest_beating").awarded) == {"A": -1, "B": -1}


def test_greatest_beating_no_penalty_for_a_tie_without_wounds():
    """Scoring card: "except if the tie is between players that have no Wounds"."""
    r = run("druid_nights", P("A"), P("B"))
    t = title(r, "greatest_beating")
    assert t.outcome == "no_wounds" and t.awarded == ()
    # One wounded player among unwounded ones still takes the full penalty.
    r = run("druid_nights", P("A", wounds=1), P("B"), P("C"))
    assert dict(title(r, "greatest_beating").awarded) == {"A": -3}


def test_award_functions_directly():
    """The tie rules on bare values (same passages)."""
    assert award_title("greatest_loot", "loot", [("x", 5), ("y", 5)]).awarded == (("x", 1), ("y", 1))
    assert award_title("greatest_loot", "loot", [("x", 0), ("y", 0)]).outcome == "tie_at_zero"
    assert award_beating([("x", 0), ("y", -2)]).awarded == (("y", -3),)


# ----------------------------------------------------------------------------- First Reconnaissance


def test_first_reconnaissance_tie_shares_victory():
    """First Reconnaissance, Scoring: "Whoever has the most Fame, wins. If tied, the players
    share the victory."."""
    r = run("first_reconnaissance", P("A", fame=12), P("B", fame=12), P("C", fame=5))
    assert set(r.winners) == {"A", "B"}
    assert any("share the victory" in line for line in r.explanation)


def test_first_reconnaissance_solo_variant_awards_no_titles():
    """First Reconnaissance, Solo Variant: "When scoring, award no titles." (A lone player
    would otherwise take +3 in every category.)"""
    r = run("first_reconnaissance", P("A", fame=10, spells=1, units=[2], wounds=1))
    assert r.titles == ()
    assert r.score == 10 + 2 + 2 - 2
    assert not any(k.startswith("greatest_") for k in cats(r, "A"))


# ----------------------------------------------------------------------------- Conquest


def test_conquest_city_points_seven_led_four_shielded():
    """Full Conquest, Scoring: "7 Fame for each city they are the leader of", "4 Fame for each
    city they are not the leader of but has at least one of their shield tokens on the City card"."""
    r = run("full_conquest", P("A", cities_led=2, cities_shielded=1), P("B", cities_shielded=2))
    assert cats(r, "A")["cities"] == 18
    assert cats(r, "B")["cities"] == 8


def test_greatest_city_conqueror_plus_five_and_plus_two_tied():
    """Full Conquest, Scoring: "Whoever scores the most Fame for this gets an additional +5
    Fame as the Greatest City Conqueror (+2 Fame if tied)"."""
    r = run("full_conquest", P("A", cities_led=1), P("B", cities_shielded=1))
    assert dict(title(r, "greatest_city_conqueror").awarded) == {"A": 5}
    r = run("full_conquest", P("A", cities_led=1), P("B", cities_led=1), P("C"))
    assert dict(title(r, "greatest_city_conqueror").awarded) == {"A": 2, "B": 2}
    r = run("full_conquest", P("A"), P("B"))
    assert title(r, "greatest_city_conqueror").awarded == ()


def test_blitz_conquest_scores_like_full_conquest():
    """Blitz Conquest, Scoring: "You score Achievements and conquered Cities (on both sides of
    Scoring card), as with the standard Conquest scenario."."""
    ps = (P("A", fame=40, cities_led=1, spells=1), P("B", fame=45, cities_shielded=1))
    full, blitz = run("full_conquest", *ps), run("blitz_conquest", *ps)
    assert [s.lines for s in full.players] == [s.lines for s in blitz.players]
    # A: 40 + 2 + 3 (Knowledge) + 7 + 5 (City Conqueror) = 57; B: 45 + 4 = 49
    assert [s.total for s in blitz.players] == [57, 49]
    assert blitz.winners == ("A",)


def test_conquest_mission_success_when_all_cities_conquered():
    """Full Conquest, Scoring: "If you conquered all the cities, your mission was successful.
    Whether you did or not, whoever has most Fame wins the game."."""
    r = run("full_conquest", P("A", cities_led=1), P("B", cities_led=1))
    assert r.success is True
    r = run("full_conquest", P("A", cities_led=1), P("B"), cities_total=2)
    assert r.success is False and r.winners == ("A",)


# ----------------------------------------------------------------------------- Solo Conquest


def test_solo_conquest_every_line():
    """Solo Conquest, Scoring: "Take your Fame as the base. Then apply standard Achievements
    scoring, except no titles are awarded." Then: 10 per city conquered, +15 if all cities,
    30 per Round finished before the limit, 1 per card in the Dummy player's Deed deck, +5 if
    the End of the Round was not announced in your last Round."""
    me = P("Solo", fame=60, spells=2, advanced_actions=3, artifacts=1, crystals=3,
           units=[(3, False), (2, True)], fortified_shields=2, adventure_shields=1,
           wounds=2, cities_led=2)
    r = run("solo_conquest", me, cities_conquered=2, rounds_left=1, dummy_deck=7,
            end_of_round_announced=False)
    c = r.table.categories
    assert r.titles == ()
    assert c["fame"] == 60
    assert (c["knowledge"], c["loot"], c["leader"]) == (7, 3, 4)
    assert (c["conqueror"], c["adventurer"], c["beating"]) == (4, 2, -4)
    assert c["cities_conquered"] == 20
    assert c["all_cities"] == 15
    assert c["rounds_left"] == 30
    assert c["dummy_deck"] == 7
    assert c["end_of_round_not_announced"] == 5
    assert r.score == 60 + 7 + 3 + 4 + 4 + 2 - 4 + 20 + 15 + 30 + 7 + 5
    assert r.success is True


def test_solo_conquest_failed_mission():
    """Solo Conquest, Scoring: "If not, you have failed. In both cases you may count your
    score"; "an additional 15 points, if you conquered all cities" (two cities in this mission);
    End of the Round announced: no +5."""
    r = run("solo_conquest", P("Solo", fame=40, cities_led=1), dummy_deck=0)
    c = r.table.categories
    assert c["cities_conquered"] == 10 and c["all_cities"] == 0
    assert c["end_of_round_not_announced"] == 0
    assert r.success is False
    assert r.score == 50


# ----------------------------------------------------------------------------- Cooperation


def coop_players():
    return (
        P("A", fame=50, spells=3, units=[4, 3], wounds=1, cities_led=1),
        P("B", fame=42, advanced_actions=5, crystals=6, fortified_shields=2, wounds=4, cities_led=2),
        P("C", fame=47, artifacts=2, adventure_shields=3, cities_led=0),
    )


def test_full_cooperation_base_lowest_fame_best_player_per_category_no_titles():
    """Full Cooperation, Scoring: "You have one score as a team. As a base score, take the
    lowest Fame of all players. Then apply standard Achievements scoring, except: In each
    category, you score only the player with highest score (or most negative points in case
    of Greatest Beating). No titles are awarded."."""
    r = run("full_cooperation", *coop_players(), cities_total=4, cities_conquered=3)
    c = r.table.categories
    assert c["fame"] == 42
    assert c["knowledge"] == 6  # A: 2x3 beats B: 5
    assert c["loot"] == 4  # C: 2 artifacts beats B: 6 crystals = 3
    assert c["leader"] == 7
    assert c["conqueror"] == 4
    assert c["adventurer"] == 6
    assert c["beating"] == -8  # B's 4 wounds, the most negative
    assert r.titles == ()
    assert not any(k.startswith("greatest_") for k in c)


def test_full_cooperation_goal_and_time_lines():
    """Full Cooperation, Scoring: "10 points for each city you conquered", "an additional 10
    points if every player is a leader of at least one conquered city", "an additional 15
    points if you conquered all cities", 30 per Round before the limit, 1 per Dummy card,
    +5 if the End of the Round was not announced."""
    r = run("full_cooperation", *coop_players(), cities_total=4, cities_conquered=3,
            rounds_left=0, dummy_deck=4)
    c = r.table.categories
    assert c["cities_conquered"] == 30
    assert c["every_player_leads"] == 0  # C leads no city
    assert c["all_cities"] == 0
    assert c["dummy_deck"] == 4
    assert r.success is False
    ps = list(coop_players())
    ps[2] = P("C", fame=47, artifacts=2, adventure_shields=3, cities_led=1)
    r = run("full_cooperation", *ps, rounds_left=2, dummy_deck=0, end_of_round_announced=False)
    c = r.table.categories
    # default cities for 3 players: "Core city tiles: 3, or 4 (one more than players)" = 4
    assert c["cities_conquered"] == 40 and c["all_cities"] == 15
    assert c["every_player_leads"] == 10
    assert c["rounds_left"] == 60 and c["end_of_round_not_announced"] == 5
    assert r.success is True
    assert r.score == sum(c.values())


def test_cooperation_variant_only_the_lowest_counts():
    """Full Cooperation, Variants: "for Achievements, only the lowest score counts ... (For the
    Greatest Beating Achievement, the biggest penalty is scored again.)"."""
    r = run("full_cooperation", *coop_players(), cities_conquered=3, lowest_counts=True)
    c = r.table.categories
    assert c["fame"] == 42
    assert c["knowledge"] == 0  # C has no Spells or Advanced Actions
    assert c["leader"] == 0
    assert c["beating"] == -8  # still the biggest penalty
    assert any("only the lowest score counts" in line for line in r.explanation)


def test_blitz_cooperation_uses_the_full_cooperation_scoring():
    """Blitz Cooperation: "All the rules and setup conditions for Full Cooperation apply";
    cities: "Core city tiles: 2 or 3 (equal to number of players)"."""
    ps = (P("A", fame=20, cities_led=1), P("B", fame=25, cities_led=1))
    r = run("blitz_cooperation", *ps, rounds_left=1, dummy_deck=3)
    c = r.table.categories
    assert c["fame"] == 20
    assert c["cities_conquered"] == 20 and c["all_cities"] == 15 and c["every_player_leads"] == 10
    assert c["rounds_left"] == 30
    assert r.score == 20 + 20 + 10 + 15 + 30 + 3


# ----------------------------------------------------------------------------- Mines, Dungeons


def test_mines_liberation_four_countryside_seven_core_and_greatest_liberator():
    """Mines Liberation, Scoring: "4 Fame for each of their mines in Countryside and 7 Fame for
    each mine on Core tiles. Whoever scores the most Fame for this gets an additional +5 Fame
    as the Greatest Liberator."."""
    r = run("mines_liberation", P("A", mines_countryside=2, mines_core=1), P("B", mines_countryside=1))
    assert cats(r, "A")["mines"] == 15 and cats(r, "B")["mines"] == 4
    assert dict(title(r, "greatest_liberator").awarded) == {"A": 5}


def test_greatest_liberator_tie_decision():
    """Mines Liberation names no tie rule; decision (engine comment): +2 each as for the other
    +5 titles, nothing for a tie at zero."""
    r = run("mines_liberation", P("A", mines_core=1), P("B", mines_core=1))
    assert dict(title(r, "greatest_liberator").awarded) == {"A": 2, "B": 2}
    r = run("mines_liberation", P("A"), P("B"))
    assert title(r, "greatest_liberator").awarded == ()


def test_dungeon_lords_dungeons_and_tombs_four_and_dungeon_crawler():
    """Dungeon Lords, Scoring: "When scoring Adventures, also count the secret dungeons and
    tombs. All dungeons and tombs give 4 points instead of 2. Instead of the Greatest
    Adventurer title, Greatest Dungeon Crawler title is awarded, and it is worth +5 points
    (+2 if shared)."."""
    r = run("dungeon_lords", P("A", dungeons_tombs=2, adventure_shields=1), P("B", adventure_shields=4))
    assert cats(r, "A")["adventurer"] == 10 and cats(r, "B")["adventurer"] == 8
    keys = {t.title for t in r.titles}
    assert "greatest_adventurer" not in keys
    assert dict(title(r, "greatest_dungeon_crawler").awarded) == {"A": 5}
    r = run("dungeon_lords", P("A", dungeons_tombs=1), P("B", dungeons_tombs=1))
    assert dict(title(r, "greatest_dungeon_crawler").awarded) == {"A": 2, "B": 2}


# ----------------------------------------------------------------------------- Team Rules


def team_players():
    return (
        P("A1", team="A", fame=40, spells=2, wounds=1, cities_led=1),
        P("A2", team="A", fame=35, units=[3, 2], wounds=3),
        P("B1", team="B", fame=38, spells=1, advanced_actions=2, units=[4], cities_shielded=1),
        P("B2", team="B", fame=50, artifacts=1),
    )


def test_team_base_is_the_lower_fame_and_each_category_the_better():
    """Team Rules: "The base score is the Fame of the player that has the lower Fame." "For
    Achievements, and any similar scoring, score only the higher score of both players in this
    area." "For the Greatest Beating, score only the player with the largest penalty." """
    r = run("full_conquest", *team_players())
    a, b = cats(r, "A"), cats(r, "B")
    assert a["fame"] == 35 and b["fame"] == 38
    assert a["knowledge"] == 4 and b["knowledge"] == 4  # A1 2x2; B1 2+2
    assert a["leader"] == 5 and b["leader"] == 4
    assert a["beating"] == -6  # A2's three Wounds, not the sum
    assert a["cities"] == 7 and b["cities"] == 4  # "any similar scoring": cities too
    assert b["loot"] == 2


def test_team_titles_compared_between_teams():
    """Team Rules: "Assign titles as usual (compare only the larger values of both teams)"."""
    r = run("full_conquest", *team_players())
    assert dict(title(r, "greatest_knowledge").awarded) == {"A": 1, "B": 1}
    assert dict(title(r, "greatest_leader").awarded) == {"A": 3}
    assert dict(title(r, "greatest_loot").awarded) == {"B": 3}
    assert dict(title(r, "greatest_beating").awarded) == {"A": -3}
    assert dict(title(r, "greatest_city_conqueror").awarded) == {"A": 5}
    a = next(t for t in r.teams if t.name == "A")
    # 35 + 4 + 0 + 5 + 0 + 0 - 6 + 7 + titles (1 + 3 - 3 + 5)
    assert a.total == 35 + 4 + 5 - 6 + 7 + 1 + 3 - 3 + 5
    assert a.members == ("A1", "A2")
    assert r.team_game and set(r.winners) <= {"A", "B"}


# ----------------------------------------------------------------------------- Conquer and Hold


def test_conquer_and_hold_victory_points_and_tie_means_no_winner():
    """Conquer and Hold, The Winner: "Each owned keep counts as 3 Victory points. Each owned mage
    tower counts as 2 Victory points. The player or team who has the most points wins the game.
    If tied ..., no one is the winner."."""
    r = run("conquer_and_hold", P("A", keeps=3, mage_towers=2, fame=10), P("B", keeps=2, mage_towers=3))
    assert [s.total for s in r.players] == [13, 12]
    assert r.winners == ("A",)
    r = run("conquer_and_hold", P("A", keeps=2), P("B", mage_towers=3))
    assert r.winners == ()
    assert any("no one is the winner" in line for line in r.explanation)


def test_conquer_and_hold_teams_add_their_sites():
    """Conquer and Hold: "Players: 2, or 4 (two teams)"; the team's sites are its players'."""
    r = run("conquer_and_hold", P("A1", team="A", keeps=2), P("A2", team="A", mage_towers=1),
            P("B1", team="B", keeps=1), P("B2", team="B", mage_towers=2))
    assert {t.name: t.total for t in r.teams} == {"A": 8, "B": 7}
    assert r.winners == ("A",)


# ----------------------------------------------------------------------------- One to Return


def test_portal_whoever_stands_on_the_portal_wins_fame_does_not_matter():
    """One to Return, The Winner: "Whoever stands on the portal space at that moment wins the
    game. If no-one stands there, there is no winner. There is no scoring, and Fame does not
    matter."."""
    r = run("one_to_return", P("A", fame=90), P("B", fame=3, on_portal=True))
    assert r.winners == ("B",)
    assert r.players[0].lines == ()
    r = run("one_to_return", P("A"), P("B"))
    assert r.winners == ()


def test_portal_team_variant_the_chosen_one_must_stand_there():
    """One to Return, Team Variant: "If one of them belongs to a player that currently stands
    on the portal, their team has won the game. If no player stands on the portal, or if a player
    whose Shield token was not chosen stands there, no one has won the game."."""
    base = dict(team="A")
    ps = [P("A1", chosen=True, on_portal=True, **base), P("A2", **base),
          P("B1", team="B", chosen=True), P("B2", team="B")]
    assert run("one_to_return", *ps).winners == ("A",)
    ps[0] = P("A1", chosen=True, **base)
    ps[1] = P("A2", on_portal=True, **base)
    assert run("one_to_return", *ps).winners == ()
    with pytest.raises(ScoringError, match="exactly one chosen"):
        run("one_to_return", P("A1", team="A"), P("A2", team="A"), P("B1", team="B", chosen=True),
            P("B2", team="B"))
    with pytest.raises(ScoringError, match="only one hero"):
        run("one_to_return", P("A", on_portal=True), P("B", on_portal=True))


# ----------------------------------------------------------------------------- Action Upgrades


def test_action_upgrades_strength_and_pick_order():
    """Variants, Action Upgrades: 2 per Artifact or Spell, 1 per Advanced Action, 1 per two
    crystals, Unit levels (Wounded half, rounded down), +3 per level above the lowest; "starting
    from the player who had the lowest result (if tied, the one with the lower Fame, if still
    tied, the one who played later in the last round)"."""
    r = action_upgrade_strength([
        StrengthSheet("A", level=3, fame=12, spells=1, artifacts=1, advanced_actions=1,
                      crystals=3, units=(Unit(3, True), Unit(2)), turn_position=0),
        StrengthSheet("B", level=2, fame=8, spells=2, turn_position=1),
        StrengthSheet("C", level=2, fame=8, spells=2, turn_position=2),
        StrengthSheet("D", level=2, fame=5, advanced_actions=4, turn_position=3),
    ])
    # A: 2*(1+1) + 1 + 1 + (1 + 2) + 3*(3-2) = 12
    assert dict(r.points) == {"A": 12, "B": 4, "C": 4, "D": 4}
    # B, C, D tied at 4: D has the lower Fame; B and C tied on Fame: C played later.
    assert r.pick_order == ("D", "C", "B", "A")


# ----------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    "sheet, message",
    [
        (GameSheet("atlantis", (P("A"),)), "unknown scenario"),
        (GameSheet("druid_nights", (P("A", spells=-1), P("B"))), "cannot be negative"),
        (GameSheet("druid_nights", (P("A", units=[5]), P("B"))), "unit level"),
        (GameSheet("druid_nights", (P("A", units=[0]), P("B"))), "unit level"),
        (GameSheet("druid_nights", (P("A"), P("A"))), "different"),
        (GameSheet("solo_conquest", (P("A"), P("B"))), "1 to 1 players"),
        (GameSheet("full_cooperation", (P("A"),)), "2 to 3"),
        (GameSheet("full_cooperation", (P("A", team="X"), P("B", team="Y"))), "no teams"),
        (GameSheet("full_conquest", (P("A", team="X"), P("B"))), "every player needs a team"),
        (GameSheet("full_conquest", (P("A", team="X"), P("B", team="X"))), "two teams"),
        (GameSheet("solo_conquest", (P("A"),), rounds_left=-1), "rounds_left"),
        (GameSheet("solo_conquest", (P("A"),), rounds_left=6), "round limit"),
        (GameSheet("solo_conquest", (P("A"),), cities_conquered=3, cities_total=2), "exceed"),
        (GameSheet("druid_nights", (P("A", crystals=13), P("B"))), "12 crystals"),
    ],
)
def test_bad_input_is_rejected_with_a_reason(sheet, message):
    with pytest.raises(ScoringError, match=message):
        score(sheet)


# ----------------------------------------------------------------------------- properties

counts = st.integers(min_value=0, max_value=6)
player_st = st.builds(
    PlayerSheet,
    name=st.just("x"),
    fame=st.integers(min_value=0, max_value=120),
    spells=counts, advanced_actions=counts, artifacts=counts,
    crystals=st.integers(min_value=0, max_value=12),
    units=st.lists(st.builds(Unit, st.integers(1, 4), st.booleans()), max_size=5).map(tuple),
    adventure_shields=counts, fortified_shields=counts, wounds=counts,
    cities_led=st.integers(0, 2), cities_shielded=st.integers(0, 2),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(player_st, min_size=2, max_size=4), st.sampled_from(sorted(
    k for k, v in SCENARIOS.items() if v.kind == "competitive")))
def test_property_totals_titles_and_order(players, scenario):
    """Every total is the sum of its lines; each positive title hands out +3 once or +1 to each
    of two or more tied players, never for zero; reordering the players changes nothing."""
    players = [PlayerSheet(**{**p.__dict__, "name": f"P{i}"}) for i, p in enumerate(players)]
    r = run(scenario, *players)
    for s in r.players:
        assert s.total == sum(v for _, v in s.lines)
    for t in r.titles:
        pts = [v for _, v in t.awarded]
        if t.title == "greatest_beating":
            assert pts in ([], [-3]) or (len(pts) >= 2 and set(pts) == {-1})
        elif t.title in ("greatest_city_conqueror", "greatest_liberator", "greatest_dungeon_crawler"):
            assert pts in ([], [5]) or (len(pts) >= 2 and set(pts) == {2})
        else:
            assert pts in ([], [3]) or (len(pts) >= 2 and set(pts) == {1})
        if pts and t.title != "greatest_beating":
            assert all(dict(t.values)[n] > 0 for n, _ in t.awarded)
    back = run(scenario, *reversed(players))
    assert {s.name: s.total for s in r.players} == {s.name: s.total for s in back.players}
    assert set(r.winners) == set(back.winners)


# ----------------------------------------------------------------------------- rules data agrees


def test_engine_agrees_with_rules_data_scenarios():
    """The scoring engine keeps its own numbers (testable on their own); they must agree with
    rules_data/scenarios.yaml (same Scenario Book passages): ids, round limits, city and mine
    points, the +5/+2 titles, the co-op goal points."""
    from companion.rules.data import get_rules

    data = get_rules().scenarios
    assert set(data) == set(SCENARIOS)
    for sid, sc in SCENARIOS.items():
        d = data[sid]
        assert sc.rounds == max([d.rounds, *d.rounds_by_players.values()]), sid
        assert sc.max_players == d.players_max, sid
        s = d.scoring
        assert bool(s.get("cities")) == sc.cities_scoring, sid
        assert bool(s.get("mines")) == sc.mines_scoring, sid
        assert bool(s.get("replace_title")) == sc.dungeon_scoring, sid
    cities = data["full_conquest"].scoring["cities"]
    r = run("full_conquest", P("A", cities_led=1), P("B", cities_shielded=1))
    assert cats(r, "A")["cities"] == cities["leader"] and cats(r, "B")["cities"] == cities["shield"]
    assert dict(title(r, "greatest_city_conqueror").awarded) == {"A": cities["title_bonus"]}
    mines = data["mines_liberation"].scoring["mines"]
    r = run("mines_liberation", P("A", mines_countryside=1), P("B", mines_core=1))
    assert cats(r, "A")["mines"] == mines["countryside"] and cats(r, "B")["mines"] == mines["core"]
    goal = data["full_cooperation"].scoring["goal"]
    r = run("full_cooperation", P("A", cities_led=2), P("B", cities_led=1), rounds_left=1,
            dummy_deck=1, end_of_round_announced=False)
    c = r.table.categories
    assert c["cities_conquered"] == 3 * goal["per_city"]
    assert c["every_player_leads"] == goal["every_player_leader"]
    assert c["all_cities"] == goal["all_cities"]
    assert c["rounds_left"] == goal["per_round_early"]
    assert c["dummy_deck"] == goal["per_dummy_card"]
    assert c["end_of_round_not_announced"] == goal["round_end_not_announced"]
