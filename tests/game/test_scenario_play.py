"""Printed scenario rules the app applies from what it records (companion/game/flow/scenario_play.py), driven through the
game layer without Flask. Sources: the Scenario Book (seed 000 pp. 14-22; German seed 002): each scenario's
"Special Rules", the Team Rules and the Variants (Rampaging Evil, More Rampage!)."""

import random

import pytest

from companion.game.flow.scenario_play import board_view, rampage_rolls
from companion.game.flow.setup import validate_setup
from companion.game.spine.command import Invalid
from companion.game.spine.local import LocalGame

TWO = [{"name": "Anna", "hero": "tovak"}, {"name": "Ben", "hero": "goldyx"}]
TEAMS = [{"name": "Anna", "hero": "tovak", "team": "A"}, {"name": "Ben", "hero": "goldyx", "team": "B"},
         {"name": "Cleo", "hero": "arythea", "team": "A"}, {"name": "Dan", "hero": "norowas", "team": "B"}]


def game(scenario, mode="competitive", players=TWO, **extra):
    return LocalGame(validate_setup({"scenario": scenario, "mode": mode, "players": players, **extra}))


def rounds(g, n):
    for _ in range(n):
        g.run("next_round")


def win(g, fight="rampaging", tokens=("swordsmen",), player=0, rampaging="", **setup):
    g.run("combat_setup", player=player, fight=fight, **setup)
    for t in tokens:
        g.run("combat_enemy_add", token=t, rampaging=rampaging)
    g.run("combat_phase")
    for e in g.state["combat"]["current"]["enemies"]:
        g.run("combat_attack", target=[e["key"]], value=[30], element=["physical"], kind=["siege"])
    g.run("combat_phase")
    g.run("combat_end")
    return g.state["combat"]["last"]


# ---------------------------------------------------------------------------------------------- Dungeon Lords


def test_dungeon_lords_a_conquered_dungeon_is_not_fought_again_for_fame():
    """Scenario Book, Dungeon Lords, Special Rules: "Conquered tombs and dungeons (normal and secret) cannot be
    entered again for more Fame." Elsewhere a revisit is allowed (quick reference, Dungeon: Fame, no reward)."""
    g = game("dungeon_lords")
    with pytest.raises(Invalid, match="cannot be entered again"):
        g.run("combat_setup", player=0, fight="dungeon", revisit="yes")
    g.run("combat_setup", player=0, fight="dungeon")  # a new dungeon is fine
    f = game("full_conquest")
    f.run("combat_setup", player=0, fight="dungeon", revisit="yes")
    assert f.state["combat"]["current"]["revisit"] is True


# ---------------------------------------------------------------------------------------------- Team Rules


def test_team_rules_an_allys_keep_is_never_assaulted():
    """Scenario Book, Team Rules: "Allied players may not engage in Player vs. Player combat with each other";
    "A player may enter an empty keep owned by their ally, and they can recruit Units there"."""
    g = game("full_conquest", mode="team", players=TEAMS)
    with pytest.raises(Invalid, match="Cleo is your ally"):
        g.run("combat_setup", player=0, fight="other_keep", owner=2)
    g.run("combat_setup", player=0, fight="other_keep", owner=1)  # the other team's keep
    assert g.state["combat"]["current"]["owner"] == 1


def test_team_game_board_says_an_allys_keep_and_counts_only_own_keeps():
    """Team Rules: "When in or adjacent to an allied keep, their Hand limit is also increased, but only for the
    keeps they own themselves": the board offers "my keep or my ally's keep"; the bonus is the player's own keeps
    (Rulebook, End of the Turn 5b)."""
    g = game("full_conquest", mode="team", players=TEAMS)
    g.run("shield", player=2, site="keep", amount=1)  # Cleo owns a keep; Anna owns none
    g.run("position", player=0, near_keep="yes")
    from companion.game.flow.hand_limit import hand_limit_now

    assert hand_limit_now(g.state["players"][0]).bonus == 0
    g.run("shield", player=0, site="keep", amount=1)
    assert hand_limit_now(g.state["players"][0]).bonus == 1
    assert board_view(g.state)["team_game"] is True


# ---------------------------------------------------------------------------------------------- Conquer and Hold


def test_conquer_and_hold_defenders_of_another_players_keep_by_the_round():
    """Conquer and Hold, Special Rules: "During the second Day and Night, assaulting another player's keep or
    tower draws two random gray (keep) or violet (tower) tokens; their total Fame is halved (round up). During the
    third Day and Night (2 players) draw three." The first Day and Night: one (Site Description card)."""
    g = game("conquer_and_hold")
    g.run("combat_setup", player=0, fight="other_keep", owner=1)
    g.run("combat_enemy_add", token="swordsmen")
    g.run("combat_enemy_add", token="guardsmen")
    with pytest.raises(Invalid, match="Day and Night 1.*to draw: 1; added: 2"):
        g.run("combat_phase")
    g.run("combat_cancel")
    rounds(g, 2)  # round 3: the second Day
    g.run("combat_setup", player=0, fight="other_mage_tower", owner=1)
    g.run("combat_enemy_add", token="swordsmen")
    with pytest.raises(Invalid, match="to draw: 2; added: 1"):
        g.run("combat_phase")
    g.run("combat_enemy_add", token="guardsmen")
    g.run("combat_phase")
    g.run("combat_cancel")
    rounds(g, 2)  # round 5: the third Day (2 players, 6 rounds)
    g.run("combat_setup", player=0, fight="other_keep", owner=1)
    for t in ("swordsmen", "guardsmen"):
        g.run("combat_enemy_add", token=t)
    with pytest.raises(Invalid, match="to draw: 3"):
        g.run("combat_phase")


def test_conquer_and_hold_keep_defenders_not_counted_elsewhere():
    g = game("full_conquest")
    g.run("combat_setup", player=0, fight="other_keep", owner=1)
    for t in ("swordsmen", "guardsmen"):
        g.run("combat_enemy_add", token=t)
    g.run("combat_phase")


def test_conquer_and_hold_units_no_level_iv_and_elite_only_in_the_second_half():
    """Conquer and Hold, Special Rules: "Remove the level IV Units ... from the Elite Units deck. Deal only Regular
    Units in the first half; Regular and Elite from Round 3 (4 players) or Round 4 (2 players)" (the German text,
    "ab Runde 4 bei 2 Spielern"; rules_data/scenarios.yaml sources)."""
    g = game("conquer_and_hold")
    g.run("recruit", player=0, unit="peasants")
    with pytest.raises(Invalid, match="level IV"):
        g.run("recruit", player=1, unit="altem_guardians", reward="yes")
    with pytest.raises(Invalid, match="before Round 4"):
        g.run("recruit", player=1, unit="fire_golems", reward="yes")
    rounds(g, 3)
    g.run("recruit", player=1, unit="fire_golems", reward="yes")
    assert g.state["players"][1]["units"][0]["name"] == "Fire Golems"


def test_first_reconnaissance_has_no_elite_units():
    """First Reconnaissance, Special Rules: "Elite Units are not used in this scenario." (also its solo game)."""
    for g in (game("first_reconnaissance"),
              game("first_reconnaissance", mode="solo", players=TWO[:1])):
        with pytest.raises(Invalid, match="Elite Units are not used"):
            g.run("recruit", player=0, unit="fire_golems", reward="yes")
        g.run("recruit", player=0, unit="peasants")
    game("full_conquest").run("recruit", player=0, unit="fire_golems", reward="yes")


def test_conquer_and_hold_mage_tower_mana_gold_by_day_black_by_night():
    """Conquer and Hold, Special Rules: "Starting your turn in or next to your mage tower gives one gold mana
    (Day) or black mana (Night) for every mage tower you own"."""
    g = game("conquer_and_hold")
    assert board_view(g.state)["players"][0]["tower_mana"] is None
    g.run("shield", player=0, site="mage_tower", amount=2)
    assert board_view(g.state)["players"][0]["tower_mana"] == {"n": 2, "color": "gold"}
    rounds(g, 1)
    assert board_view(g.state)["players"][0]["tower_mana"] == {"n": 2, "color": "black"}
    g.run("shield", player=1, site="mage_tower", amount=1)
    assert board_view(game("full_conquest").state)["players"][0]["tower_mana"] is None


# ---------------------------------------------------------------------------------------------- Druid Nights


def test_druid_nights_glades_summon_that_many_and_are_cleared_after_the_night():
    """Druid Nights, Special Rules: mark a magical glade with your Shield; the incantation "summons one monster for
    each glade you have your Shield token on"; "At the end of the first Night, remove all Shield tokens from the
    glades. Players have to mark them again, if they want to use them for an incantation the second night"."""
    g = game("druid_nights")
    g.run("glade_marked", player=0)
    rounds(g, 1)  # the first Night (a Day's end removes nothing)
    g.run("glade_marked", player=0)
    assert board_view(g.state)["players"][0]["glades"] == 2
    g.run("combat_setup", player=0, fight="rampaging", incantation="yes")
    g.run("combat_enemy_add", token="minotaur")
    with pytest.raises(Invalid, match="one per glade.*2; added: 1"):
        g.run("combat_phase")
    g.run("combat_enemy_add", token="gargoyle")
    g.run("combat_phase")
    g.run("combat_cancel")
    rounds(g, 1)  # the Night is over
    assert board_view(g.state)["players"][0]["glades"] == 0
    g.undo()
    assert board_view(g.state)["players"][0]["glades"] == 2
    with pytest.raises(Invalid, match="Only Druid Nights"):
        game("full_conquest").run("glade_marked", player=0)


# ---------------------------------------------------------------------------------------------- Rampaging Evil


class Fixed(random.Random):
    def __init__(self, faces):
        super().__init__(0)
        self.faces = list(faces)

    def choice(self, seq):
        return self.faces.pop(0)


def test_rampaging_evil_day_warm_colours_bring_a_new_enemy_gold_a_brown_one_too():
    """Scenario Book, Variants, Rampaging Evil: "At the end of each Day, roll a mana die for each space where a
    rampaging enemy was defeated. If a warm, living color was rolled (red, green or gold), draw a new enemy to that
    space. If it was gold, also add one brown enemy"."""
    defeats = [{"names": [n], "colors": [c]} for n, c in (("A", "green"), ("B", "red"), ("C", "green"),
                                                           ("D", "green"))]
    rolls = rampage_rolls(defeats, "day", False, Fixed(["red", "gold", "blue", "black"]))
    assert [(r["enemy"], r["pile"], r["new"], r["brown"]) for r in rolls] == [
        ("A", "green", True, False), ("B", "red", True, True), ("C", "green", False, False),
        ("D", "green", False, False)]


def test_rampaging_evil_night_cold_colours_black_adds_a_brown_one():
    """Rampaging Evil: "At the end of each Night, do the same, except this time cold colors (white, blue or black)
    count, and you add one extra brown enemy when black is rolled"."""
    defeats = [{"names": [n], "colors": ["green"]} for n in "ABC"]
    rolls = rampage_rolls(defeats, "night", False, Fixed(["white", "black", "gold"]))
    assert [(r["new"], r["brown"]) for r in rolls] == [(True, False), (True, True), (False, False)]


def test_more_rampage_every_defeated_token_comes_back():
    """More Rampage!: "roll a die for each defeated rampaging enemy ... the rampaging enemy token is added always,
    and if a warm (during Day) or cold (during Night) color is rolled, you also add the brown one"."""
    defeats = [{"names": ["A", "B"], "colors": ["green", "red"]}]
    rolls = rampage_rolls(defeats, "day", True, Fixed(["green", "white"]))
    assert [(r["enemy"], r["new"], r["brown"]) for r in rolls] == [("A", True, True), ("B", True, False)]


def test_rampaging_evil_rolls_at_the_end_of_the_round_from_the_recorded_fights():
    """Rampaging Evil: the fights against rampaging enemies recorded during the Day are rolled for when the next
    round starts; the same seed gives the same dice after an undo and redo; without the variant nothing is
    rolled."""
    g = game("full_conquest", variants=["rampaging_evil"])
    win(g, tokens=("prowlers",))
    assert board_view(g.state)["rampage"] is None
    rounds(g, 1)
    rr = board_view(g.state)["rampage"]
    assert rr["round"] == 1 and rr["time"] == "day" and len(rr["rolls"]) == 1
    roll = rr["rolls"][0]
    assert roll["enemy"] == "Prowlers" and roll["pile"] == "green"
    assert roll["new"] == (roll["die"] in ("red", "green", "gold")) and roll["brown"] == (roll["die"] == "gold")
    g.undo()
    assert board_view(g.state)["rampage"] is None
    g.redo()
    assert board_view(g.state)["rampage"] == rr
    plain = game("full_conquest")
    win(plain, tokens=("prowlers",))
    rounds(plain, 1)
    assert board_view(plain.state)["rampage"] is None


def test_rampaging_evil_a_defeated_brown_token_gives_reputation_too():
    """Rampaging Evil: "also add one brown enemy to the usual green or red token ... You get Reputation +1 for each
    enemy token defeated" (German: "Du erhältst Ansehen +1 pro besiegtem Feindplättchen"): the orc marauders give
    their Rulebook +1 (Combat Outcomes 2a), the brown Minotaur +1 more; without the variant the brown one gives
    nothing."""
    g = game("full_conquest", variants=["rampaging_evil"])
    last = win(g, tokens=("prowlers", "minotaur"), rampaging="yes")
    assert last["reputation"] == 2
    assert any("brown ones too: +1" in str(line.get("msg", line)) % line.get("args", {})
               if isinstance(line, dict) else "brown ones too" in str(line) for line in last["explanation"])
    plain = game("full_conquest")
    assert win(plain, tokens=("prowlers", "minotaur"), rampaging="yes")["reputation"] == 1


# ---------------------------------------------------------------------------------------------- Mines Liberation


def test_mines_liberation_a_mine_fight_won_liberates_the_mine():
    """Mines Liberation, Special Rules: "To liberate a mine, enter it ... and fight both enemies; Night rules apply
    as in a dungeon (but you may use Units)"; "Whoever defeats the last enemy liberates the mine, marks it and
    gains Reputation +1 (+2 on a Core tile)"; "the liberator gets a crystal on the turn of liberation"; the score
    sheet's mines (Scenario Book, Mines Liberation, Scoring)."""
    from companion.game.scoring import sheet_values

    g = game("mines_liberation")
    g.run("recruit", player=0, unit="peasants")
    last = win(g, fight="mine", tokens=("prowlers", "minotaur"), mine_tile="core", mine_color="blue")
    assert last["conquered"] is True and last["reputation"] == 2
    pl = g.state["players"][0]
    assert pl["reputation"] == 2 and pl["mines"] == {"countryside": 0, "core": 1} and pl["crystals"]["blue"] == 1
    assert pl["shields"]["adventure"] == 0  # a mine is marked, no Shield on an adventure site
    rounds(g, 1)
    assert g.state["players"][0]["crystals"]["blue"] == 2  # one at the start of every Day and Night
    assert sheet_values(g.state)[0][0]["mines_core"] == 1


def test_mines_liberation_undefeated_tokens_stay_nothing_is_liberated():
    """Mines Liberation: "Undefeated tokens stay and can be attacked again later": the fight has Night rules and
    Units; not conquered, it liberates nothing and gives no Reputation."""
    from companion.game.flow.scenario_play import mine_reputation

    g = game("mines_liberation")
    g.run("combat_setup", player=0, fight="mine", mine_tile="countryside")
    cur = g.state["combat"]["current"]
    assert cur["night"] is True and cur["units_allowed"] is True
    assert cur["site"]["mine"] == {"tile": "countryside", "color": None}
    assert mine_reputation(cur, conquered=False) == 0 and mine_reputation(cur, conquered=True) == 1
    with pytest.raises(Invalid, match="mine_tile"):
        game("mines_liberation").run("combat_setup", player=0, fight="mine", mine_tile="moon")


def test_a_mine_fight_only_in_mines_liberation():
    with pytest.raises(Invalid, match="Only Mines Liberation"):
        game("full_conquest").run("combat_setup", player=0, fight="mine")
