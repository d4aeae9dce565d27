"""Scenario special rules applied by the app, not only printed, driven through the game layer
without Flask. Sources: the Scenario Book (seed 000 pp. 18-22; German seed 002), each scenario's "Special Rules".
"""

import pytest

from companion.game.flow.scenario_rules import EFFECTS
from companion.game.flow.setup import validate_setup
from companion.game.spine.command import Invalid
from companion.game.spine.local import LocalGame
from companion.rules.data import get_rules
from companion.rules.data.schema import SCENARIO_EFFECTS

TWO = [{"name": "Anna", "hero": "tovak"}, {"name": "Ben", "hero": "goldyx"}]


def game(scenario, mode="competitive", players=TWO, **extra):
    return LocalGame(validate_setup({"scenario": scenario, "mode": mode, "players": players, **extra}))


def win_fight(g, fight="rampaging", token="swordsmen", kind="ranged", value=10, **setup):
    """A combat won in the Ranged and Siege phase: nobody is hurt; the outcome is applied."""
    g.run("combat_setup", player=0, fight=fight, **setup)
    g.run("combat_enemy_add", token=token)
    g.run("combat_phase")
    key = g.state["combat"]["current"]["enemies"][0]["key"]
    g.run("combat_attack", target=[key], value=[value], element=["physical"], kind=[kind])
    while g.state["combat"]["current"]["phase"] != "attack":
        g.run("combat_phase")  # every enemy defeated: Block and Assign Damage are skipped
    g.run("combat_end")
    return g.state["combat"]["last"]


# ------------------------------------------------------------------------------------------- every special rule


def test_every_special_rule_is_applied_or_marked_a_reminder():
    """Every special rule in rules_data/scenarios.yaml either changes what the app computes or is
    marked as a reminder only; every effect the data may name is implemented (EFFECTS says where)."""
    assert set(SCENARIO_EFFECTS) == set(EFFECTS)
    for sc in get_rules().scenarios.values():
        for s in (sc, sc.solo_variant):
            if s is not None:
                assert len(s.special_rules_effects) == len(s.special_rules), s.id


EXPECTED = {
    # scenario: what each special rule is (in the order of the Scenario Book's list)
    "first_reconnaissance": ["fame_per_revealed_tile", "reminder", "reminder", "no_elite_units", "setup_numbers",
                             "cities_closed"],
    "full_conquest": ["team_rules"],
    "blitz_conquest": ["start_fame_and_line_bonus", "start_reputation", "setup_numbers"],
    "solo_conquest": ["reminder", "dummy_tactics", "dummy_tactics"],
    "full_cooperation": ["reminder", "dummy_tactics", "dummy_tactics", "coop_scoring"],
    "blitz_cooperation": ["coop_scoring", "start_fame_and_line_bonus", "start_reputation", "setup_numbers"],
    "mines_liberation": ["reminder", "mine_fight", "mine_liberation", "mine_liberation", "mine_liberation",
                         "friendly_city"],
    "druid_nights": ["druid_glades", "druid_incantation", "druid_glades", "druid_incantation", "friendly_city"],
    "dungeon_lords": ["reminder", "reminder", "dungeon_no_revisit", "reminder", "friendly_city"],
    "conquer_and_hold": ["rounds_by_players", "conquer_hold_units", "reminder", "no_assault_reputation_loss",
                         "towers_like_keeps", "conquer_hold_tower_mana", "conquer_hold_defenders", "cities_closed"],
    "one_to_return": ["reminder", "reminder", "reminder"],
}


@pytest.mark.parametrize("scenario", sorted(EXPECTED))
def test_each_scenario_says_which_rules_the_app_applies(scenario):
    """Scenario Book, each scenario's Special Rules: applied (an effect id) or a reminder, per scenario."""
    assert list(get_rules().scenarios[scenario].special_rules_effects) == EXPECTED[scenario]


def test_the_loader_refuses_a_rule_without_its_effect(tmp_path):
    """The loader validates the field: one effect per special rule, from the known list."""
    import shutil

    from companion.rules.data import RulesDataError, load_rules

    from pathlib import Path

    import companion

    data_dir = tmp_path / "rules_data"
    shutil.copytree(Path(companion.__file__).resolve().parent.parent / "rules_data", data_dir)
    path = data_dir / "scenarios.yaml"
    path.write_text(path.read_text().replace("special_rules_effects: [team_rules]", "special_rules_effects: []"))
    with pytest.raises(RulesDataError, match="special_rules_effects"):
        load_rules(data_dir)
    path.write_text(path.read_text().replace("special_rules_effects: []", "special_rules_effects: [magic]"))
    with pytest.raises(RulesDataError, match="special_rules_effects"):
        load_rules(data_dir)


# ------------------------------------------------------------------------------------------- Blitz


@pytest.mark.parametrize("scenario,mode", [("blitz_conquest", "competitive"), ("blitz_cooperation", "coop")])
def test_blitz_players_start_at_fame_1_and_reputation_plus_2(scenario, mode):
    """Scenario Book, Blitz Conquest, Special Rules: "You start with 1 Fame"; "You start with +2 Reputation (i.e.
    you have a bonus of +1 for interaction right from the start)". Blitz Cooperation: the same."""
    st = game(scenario, mode).state
    for pl in st["players"]:
        assert pl["fame"] == 1 and pl["reputation"] == 2


def test_blitz_extra_fame_for_each_line_crossed():
    """Scenario Book, Blitz Conquest: "Whenever you cross a line on the Fame track, you get 1 extra Fame."
    From 1 Fame, +2 reaches 3 (the level 2 line): 1 extra Fame, 4. From 4, +20 crosses the lines at 8, 15 and 24:
    3 extra, 27. Without a line crossed, nothing extra."""
    g = game("blitz_conquest")
    g.run("fame", player=0, amount=2)
    assert g.state["players"][0]["fame"] == 4
    g.run("fame", player=0, amount=1)
    assert g.state["players"][0]["fame"] == 5
    g.run("fame", player=0, amount=19)  # 5 -> 24 crosses 8, 15, 24: +3 = 27
    assert g.state["players"][0]["fame"] == 27
    g.undo()
    assert g.state["players"][0]["fame"] == 5


def test_blitz_extra_fame_in_a_combat_outcome():
    """Scenario Book, Blitz Conquest: the extra Fame applies to Fame from a combat too (1 + 4 Fame crosses 3)."""
    g = game("blitz_conquest")
    last = win_fight(g)
    assert last["fame"] == 5  # Swordsmen 4 + 1 extra
    assert g.state["players"][0]["fame"] == 6


def test_other_scenarios_give_no_extra_fame():
    g = game("full_conquest")
    g.run("fame", player=0, amount=3)
    assert g.state["players"][0]["fame"] == 3 and g.state["players"][0]["reputation"] == 0


# ------------------------------------------------------------------------------------------- Conquer and Hold


def test_conquer_and_hold_no_reputation_loss_for_assaulting_a_keep():
    """Scenario Book, Conquer and Hold, Special Rules: "There is no Reputation loss for assaulting keeps and mage
    towers." (Rulebook, Combat with Enemies 1a: elsewhere every assault costs 1 Reputation.)"""
    g = game("conquer_and_hold")
    last = win_fight(g, fight="keep", token="swordsmen", kind="siege")
    assert last["reputation"] == 0 and g.state["players"][0]["reputation"] == 0
    assert last["shields"] == {"keep": 1}
    g2 = game("full_conquest")
    win_fight(g2, fight="mage_tower", token="swordsmen", kind="siege")
    assert g2.state["players"][0]["reputation"] == -1


def test_conquer_and_hold_city_cannot_be_entered():
    """Conquer and Hold: "The city was friendly but closed its gates; you may not enter it." First
    Reconnaissance: "Cities cannot be conquered nor entered." Friendly cities cannot be assaulted either."""
    for scenario in ("conquer_and_hold", "first_reconnaissance", "mines_liberation"):
        with pytest.raises(Invalid, match="cannot be entered"):
            game(scenario).run("combat_setup", player=0, fight="city", city="white", level=3)
    game("full_conquest").run("combat_setup", player=0, fight="city", city="white", level=4)


# ------------------------------------------------------------------------------------------- Mines Liberation


def test_mines_liberation_reputation_and_crystal():
    """Scenario Book, Mines Liberation: "Whoever defeats the last enemy liberates the mine ... and gains Reputation
    +1 (+2 on a Core tile)"; "the liberator gets a crystal on the turn of liberation"."""
    g = game("mines_liberation")
    g.run("mine_liberated", player=0, tile="countryside", color="green")
    pl = g.state["players"][0]
    assert pl["reputation"] == 1 and pl["crystals"]["green"] == 1 and pl["mines"] == {"countryside": 1, "core": 0}
    g.run("mine_liberated", player=0, tile="core")
    pl = g.state["players"][0]
    assert pl["reputation"] == 3 and pl["mines"] == {"countryside": 1, "core": 1}
    with pytest.raises(Invalid):
        g.run("mine_liberated", player=0, tile="city")
    with pytest.raises(Invalid, match="Mines Liberation"):
        game("full_conquest").run("mine_liberated", player=0, tile="core")


# ------------------------------------------------------------------------------------------- Druid Nights


def test_druid_nights_incantation_doubles_fame_and_names_the_crystals():
    """Scenario Book, Druid Nights: "Once during the first Night ... you may perform an incantation ...: draw one
    brown enemy per glade with your Shield and fight them. Defeated ones give twice the Fame ... gain one random
    crystal per summoned monster"."""
    g = game("druid_nights")
    with pytest.raises(Invalid, match="Night"):
        g.run("combat_setup", player=0, fight="rampaging", incantation="yes")
    g.run("next_round")  # round 2: the first Night
    last = win_fight(g, token="minotaur", incantation="yes")
    assert last["fame"] == 8  # Minotaur 4 Fame, doubled
    crystals = [line for line in last["explanation"] if "mana die" in str(line.get("msg", line))]
    assert crystals and crystals[0]["args"]["n"] == 1 and crystals[0]["args"]["per"] == 1


def test_druid_nights_second_night_two_crystals_per_enemy():
    """Druid Nights: "During the second Night you may do the same, but you summon red enemies; Fame is doubled and
    you get two random crystals per enemy."""
    g = game("druid_nights")
    for _ in range(3):
        g.run("next_round")  # round 4: the second Night
    g.run("combat_setup", player=0, fight="rampaging", incantation="yes")
    assert g.state["combat"]["current"]["incantation"] == {"night": 2, "crystals_per_enemy": 2}


def test_incantation_only_in_druid_nights():
    g = game("full_conquest")
    g.run("next_round")
    with pytest.raises(Invalid, match="Druid Nights"):
        g.run("combat_setup", player=0, fight="rampaging", incantation="yes")


# ------------------------------------------------------------------------------------------- First Reconnaissance


def test_first_reconnaissance_fame_per_revealed_tile():
    """Scenario Book, First Reconnaissance: "A player scores 1 Fame whenever they reveal a new tile, no matter which
    type." Also in its solo variant (which changes the tiles, rounds and Tactics only)."""
    g = game("first_reconnaissance")
    g.run("tile_revealed", player=1)
    assert g.state["players"][1]["fame"] == 1
    solo = game("first_reconnaissance", "solo", [{"name": "Anna", "hero": "tovak"}])
    solo.run("tile_revealed", player=0, count=2)
    assert solo.state["players"][0]["fame"] == 2
    with pytest.raises(Invalid):
        game("full_conquest").run("tile_revealed", player=0)


# ------------------------------------------------------------------------------------------- Interactive Combat


def test_interactive_combat_white_armor_in_ranged_phase_and_one_more_fame():
    """Scenario Book, Variants, Interactive Combat: "If it is white, the enemy has +1 to Armor in the Siege and
    Ranged Attack phase"; "In all the above cases, the enemy is worth 1 more Fame for being defeated". Swordsmen:
    Armor 5, so Ranged 5 fails in that phase; in the Attack phase Attack 5 defeats them, Fame 4 + 1."""
    g = game("full_conquest", variants=["interactive_combat"])
    g.run("combat_setup", player=0, fight="rampaging")
    g.run("combat_enemy_add", token="swordsmen")
    g.run("combat_interactive", color="white")
    g.run("combat_phase")
    key = g.state["combat"]["current"]["enemies"][0]["key"]
    g.run("combat_attack", target=[key], value=[5], element=["physical"], kind=["ranged"])
    assert g.state["combat"]["current"]["actions"][-1]["result"]["success"] is False
    g.run("combat_phase")  # Block: block the Swordsmen's 6
    g.run("combat_block", key=key, attack_index=0, value=[6], element=["physical"])
    while g.state["combat"]["current"]["phase"] != "attack":
        g.run("combat_phase")
    g.run("combat_attack", target=[key], value=[5], element=["physical"], kind=["melee"])
    assert g.state["combat"]["current"]["enemies"][0]["defeated"]
    g.run("combat_end")
    assert g.state["combat"]["last"]["fame"] == 5


def test_interactive_combat_red_attack_and_refusals():
    """Interactive Combat: "If it is red, the enemy has +1 to its Attack"; only "whenever a player starts a fight
    with a single enemy", and only in a game played with the variant."""
    g = game("full_conquest", variants=["interactive_combat"])
    g.run("combat_setup", player=0, fight="rampaging")
    g.run("combat_enemy_add", token="swordsmen")
    g.run("combat_interactive", color="red")
    assert g.state["combat"]["current"]["enemies"][0]["attacks"][0]["value"] == 7
    with pytest.raises(Invalid):
        g.run("combat_interactive", color="blue")
    g2 = game("full_conquest", variants=["interactive_combat"])
    g2.run("combat_setup", player=0, fight="rampaging")
    g2.run("combat_enemy_add", token="swordsmen")
    g2.run("combat_enemy_add", token="guardsmen")
    with pytest.raises(Invalid, match="single enemy"):
        g2.run("combat_interactive", color="red")
    g3 = game("full_conquest")
    g3.run("combat_setup", player=0, fight="rampaging")
    g3.run("combat_enemy_add", token="swordsmen")
    with pytest.raises(Invalid, match="variant"):
        g3.run("combat_interactive", color="red")


# ------------------------------------------------------------------------------------------- early finish


@pytest.mark.parametrize("scenario,players", [
    ("solo_conquest", ("A",)), ("full_cooperation", ("A", "B")), ("blitz_cooperation", ("A", "B")),
])
def test_early_finish_bonus_only_when_the_mission_succeeded(scenario, players):
    """Scenario Book, Solo Conquest / Full Cooperation, Scoring: "If you finished the game one or more rounds
    before the Round limit, you get 30 points for each round you did not need" - the game ends early only when all
    cities are conquered (End of the Scenario), so a failed mission scores no Rounds left."""
    from scoring_helpers import P, run

    total = {"solo_conquest": 2, "full_cooperation": 3, "blitz_cooperation": 2}[scenario]
    ok = run(scenario, *(P(n, cities_led=total if i == 0 else 0) for i, n in enumerate(players)),
             cities_conquered=total, rounds_left=1, dummy_deck=0)
    assert ok.success is True and ok.table.categories["rounds_left"] == 30
    failed = run(scenario, *(P(n, cities_led=1 if i == 0 else 0) for i, n in enumerate(players)),
                 cities_conquered=1, rounds_left=1, dummy_deck=0)
    assert failed.success is False and failed.table.categories["rounds_left"] == 0


def test_rounds_left_is_not_prefilled_mid_game():
    """The early-finish bonus is never pre-filled mid-game: round 1 of Solo Conquest with no city
    conquered pre-fills 0 Rounds left (the sheet's game line)."""
    from companion.game.scoring.sheet import game_prefill
    from companion.rules import scoring as rules

    g = game("solo_conquest", "solo", [{"name": "Anna", "hero": "tovak"}])
    sc = rules.SCENARIOS["solo_conquest"]
    assert game_prefill(g.state, sc, "rounds_left", [{"cities_led": 0}]) == 0
    assert game_prefill(g.state, sc, "rounds_left", [{"cities_led": 2}]) == 5


# ------------------------------------------------------------------------------------------- Megapolis


def test_megapolis_defenders_get_both_city_bonuses():
    """Scenario Book, Variants, Megapolis: "You face the entire garrison of the Megapolis. They are all fortified
    and benefit from the combat bonuses of both cities at once"; Rulebook City Assaults 1a (White: +1 Armor) and 1b
    (Blue: +2 to Fire and Ice attacks). Level 16: each city at half the level."""
    from companion.rules.combat.enemies import Enemy, EnemyAttack, Site, effective_enemy

    ice = Enemy(name="Ice Golems", armor=4, attacks=(EnemyAttack(2, "ice"),))
    eff, trace = effective_enemy(ice, Site(fortified=True, city="white", megapolis="blue"))
    assert eff.armor_bonus == 1 and eff.attacks[0].value == 4 and "Megapolis" in str(trace[0])
    g = game("full_conquest", variants=["megapolis"])
    g.run("combat_setup", player=0, fight="city", city="white", level=16, megapolis="blue")
    assert g.state["combat"]["current"]["site"]["megapolis"] == "blue"
    with pytest.raises(Invalid, match="another colour"):
        game("full_conquest", variants=["megapolis"]).run("combat_setup", player=0, fight="city", city="white",
                                                          level=16, megapolis="white")


def test_megapolis_red_and_green_give_brutal_and_poison():
    """Megapolis of the Red and Green cities: physical attackers gain Brutal (1c) and Poison (1d) at once."""
    from companion.rules.combat.enemies import Enemy, EnemyAttack, Site, attack_abilities

    e = Enemy(name="Swordsmen", armor=5, attacks=(EnemyAttack(6, "physical"),))
    assert attack_abilities(e, e.attacks[0], Site(fortified=True, city="red", megapolis="green")) >= {"brutal",
                                                                                                    "poison"}


def test_liberated_mines_prefill_the_score_sheet():
    """Mines Liberation, Scoring: 4 points per mine liberated on a Countryside tile, 7 on a Core tile - the sheet
    starts from the mines the board recorded."""
    from companion.game.scoring.sheet import prefill

    g = game("mines_liberation")
    g.run("mine_liberated", player=0, tile="core")
    g.run("mine_liberated", player=0, tile="countryside")
    g.run("mine_liberated", player=0, tile="countryside")
    assert prefill(g.state, 0, "mines_core") == 1 and prefill(g.state, 0, "mines_countryside") == 2
    assert prefill(g.state, 1, "mines_core") == 0


def test_conquer_and_hold_another_players_mage_tower_for_half_fame():
    """Scenario Book, Conquer and Hold: "Mage towers work like keeps. Conquering one ... becomes yours and others
    may assault it, fighting a random fortified violet enemy for half the Fame, rounded up"; no Reputation loss.
    Quick reference, Other Players' Keeps: the conqueror's Shield replaces the owner's."""
    g = game("conquer_and_hold")
    g.run("shield", player=1, site="mage_tower", amount=1)
    last = win_fight(g, fight="other_mage_tower", token="swordsmen", kind="siege", owner=1)
    assert last["fame"] == 2 and last["reputation"] == 0  # Swordsmen 4 Fame, halved
    assert g.state["players"][1]["shields"]["mage_tower"] == 0
    assert g.state["players"][0]["shields"]["mage_tower"] == 1
    with pytest.raises(Invalid, match="Conquer and Hold"):
        game("full_conquest").run("combat_setup", player=0, fight="other_mage_tower")


def test_druid_nights_incantation_once_per_night():
    """Druid Nights: "Once during the first Night, in any of your turns, you may perform an incantation"."""
    g = game("druid_nights")
    g.run("next_round")
    win_fight(g, token="minotaur", incantation="yes")
    with pytest.raises(Invalid, match="already"):
        g.run("combat_setup", player=0, fight="rampaging", incantation="yes")
    g.run("combat_setup", player=1, fight="rampaging", incantation="yes")  # Ben has not


def test_mines_give_a_crystal_at_the_start_of_every_day_and_night():
    """Mines Liberation: "At the start of every Day and Night, each player gains one crystal from every mine they
    liberated, wherever they are" (at most 3 of a colour: Rulebook, Inventory)."""
    g = game("mines_liberation")
    g.run("mine_liberated", player=0, tile="countryside", color="blue")
    g.run("mine_liberated", player=0, tile="core", color="blue")
    assert g.state["players"][0]["crystals"]["blue"] == 2
    g.run("next_round")
    assert g.state["players"][0]["crystals"]["blue"] == 3  # 2 + 2, at most 3
    assert g.state["players"][1]["crystals"]["blue"] == 0
