"""Set-up numbers per scenario and player count (companion/rules/setup_numbers.py through game/flow/setup.py), each as the
books print it. Sources: Rulebook (seed 000), Game Setup - the Source: "as many mana dice as there are actual players
plus 2"; Unit offer: "as many cards from the Regular (silver) Unit deck as there are actual players plus 2"; Spells:
"Reveal the first three as the offer"; Advanced Actions "in the same way as for Spells"; German seed 002,
Spielaufbau: "wie reale Spieler (ein etwaiger Dummyspieler zählt also nicht) plus 2". Scenario Book (seed 000),
Dummy Player: "Do not count the dummy player for the purpose of determining how many mana dice and Units to use";
each scenario's "Countryside tiles / Core city tiles / Core non-city tiles / Cities / Length" lines."""

import copy

import pytest

from companion.game.flow.setup import setup_numbers_of, validate_setup
from companion.game.spine.local import LocalGame
from companion.rules.data import RulesDataError, get_rules, load_rules
from companion.rules.data.setup_rules import _parse_setup
from companion.rules.setup_numbers import setup_numbers


def numbers(scenario, players, mode="competitive", variants=()):
    setup = {"scenario": scenario, "mode": mode, "players": [{"name": f"P{i}"} for i in range(players)],
             "variants": list(variants)}
    n = setup_numbers_of(setup)
    assert n is not None
    return n


# scenario, mode, players -> (dice, units, spells, advanced actions, (countryside, core city, core non-city),
#                             city levels, rounds, start fame, start reputation)
BOOK = [
    # First Reconnaissance: "Countryside tiles: 8, 9, or 11", "Core city tiles: 1", "Core non-city tiles: 2",
    # "Cities cannot be conquered nor entered", "Length: Three rounds (2 days and 1 night)"; "You should not
    # reveal Spells and Advanced Action cards until they are needed for the first time"
    ("first_reconnaissance", "competitive", 2, (4, 4, 0, 0, (8, 1, 2), (), 3, 0, 0)),
    ("first_reconnaissance", "competitive", 4, (6, 6, 0, 0, (11, 1, 2), (), 3, 0, 0)),
    # First Reconnaissance solo: "Play with 8 Countryside tiles (as in a 2-player game) and four rounds"
    ("first_reconnaissance", "solo", 1, (3, 3, 0, 0, (8, 1, 2), (), 4, 0, 0)),
    # Full Conquest: "Countryside tiles: 8, 9, or 11", "Core city tiles: 2, 3, or 4", "Core non-city tiles: 1, 2,
    # or 3", "Each revealed city is level 4", "Length: Six rounds"
    ("full_conquest", "competitive", 2, (4, 4, 3, 3, (8, 2, 1), (4, 4), 6, 0, 0)),
    ("full_conquest", "competitive", 3, (5, 5, 3, 3, (9, 3, 2), (4, 4, 4), 6, 0, 0)),
    ("full_conquest", "team", 4, (6, 6, 3, 3, (11, 4, 3), (4, 4, 4, 4), 6, 0, 0)),
    # Blitz Conquest: "Countryside tiles: 6, 7, or 9", "Each revealed city is of level 3", "Four rounds",
    # "You start with 1 Fame", "+2 Reputation", "one more die in the Source and one more Unit in the offer"
    ("blitz_conquest", "competitive", 2, (5, 5, 3, 3, (6, 2, 1), (3, 3), 4, 1, 2)),
    ("blitz_conquest", "competitive", 4, (7, 7, 3, 3, (9, 4, 3), (3, 3, 3, 3), 4, 1, 2)),
    # Solo Conquest: "Countryside tiles: 7", "Core city tiles: 2", "Core non-city tiles: 2", "the first revealed
    # city is of level 5, the second revealed city is of level 8", six rounds; the Dummy is not counted
    ("solo_conquest", "solo", 1, (3, 3, 3, 3, (7, 2, 2), (5, 8), 6, 0, 0)),
    # Full Cooperation: "Countryside tiles: 8, or 10", "Core city tiles: 3, or 4", "Core non-city tiles: 2, or 3",
    # "The cities are of level 5, except for the final one revealed" (8 with 2 players, 11 with 3)
    ("full_cooperation", "coop", 2, (4, 4, 3, 3, (8, 3, 2), (5, 5, 8), 6, 0, 0)),
    ("full_cooperation", "coop", 3, (5, 5, 3, 3, (10, 4, 3), (5, 5, 5, 11), 6, 0, 0)),
    # Blitz Cooperation: "Countryside tiles: 7 or 8", "5 and 8 (2 players), or 5, 8, and 11 (3 players)", four
    # rounds, Blitz start values and the extra die and Unit
    ("blitz_cooperation", "coop", 2, (5, 5, 3, 3, (7, 2, 1), (5, 8), 4, 1, 2)),
    ("blitz_cooperation", "coop", 3, (6, 6, 3, 3, (8, 3, 2), (5, 8, 11), 4, 1, 2)),
    # Mines Liberation: "Core city tiles: 1 (always the red city)", "The city is friendly", four rounds
    ("mines_liberation", "competitive", 3, (5, 5, 3, 3, (9, 1, 2), (), 4, 0, 0)),
    # Druid Nights: "Core city tiles: 1 (always the green city)", four rounds
    ("druid_nights", "competitive", 2, (4, 4, 3, 3, (8, 1, 1), (), 4, 0, 0)),
    # Dungeon Lords: "Length: Five rounds (3 days and 2 nights)"
    ("dungeon_lords", "competitive", 4, (6, 6, 3, 3, (11, 1, 3), (), 5, 0, 0)),
    # Conquer and Hold: "Countryside tiles: 5", "Core city tiles: 1 (always the White city)", "Core non-city
    # tiles: 3", "Four rounds (4 players), six rounds (2 players)"
    ("conquer_and_hold", "competitive", 2, (4, 4, 3, 3, (5, 1, 3), (), 6, 0, 0)),
    ("conquer_and_hold", "team", 4, (6, 6, 3, 3, (5, 1, 3), (), 4, 0, 0)),
    # One to Return: "Countryside tiles: 7, 8, 10", "Core city tiles: 1, 2, or 3", "level 3", four rounds
    ("one_to_return", "competitive", 3, (5, 5, 3, 3, (8, 2, 2), (3, 3), 4, 0, 0)),
]


@pytest.mark.parametrize("scenario,mode,players,expected", BOOK, ids=lambda v: str(v))
def test_each_scenario_sets_up_as_the_scenario_book_prints(scenario, mode, players, expected):
    n = numbers(scenario, players, mode)
    dice, units, spells, actions, tiles, levels, rounds, fame, rep = expected
    assert (n.source_dice, n.unit_offer, n.spell_offer, n.advanced_action_offer) == (dice, units, spells, actions)
    assert (n.tiles["countryside"], n.tiles["core_city"], n.tiles["core_non_city"]) == tiles
    assert n.city_levels == levels and n.rounds == rounds and len(n.day_night) == rounds
    assert (n.start_fame, n.start_reputation) == (fame, rep)
    assert n.players == players


def test_the_dummy_player_is_not_counted_for_dice_and_units():
    """Scenario Book, Dummy Player: "Do not count the dummy player for the purpose of determining how many mana
    dice and Units to use in a scenario" - a co-op game of two with the Dummy: 4 dice and 4 Units, not 5."""
    n = numbers("full_cooperation", 2, "coop")
    assert n.dummy and (n.source_dice, n.unit_offer) == (4, 4)
    assert "the Dummy player does not count" in n.explanation[0]


def test_elite_units_per_scenario():
    """First Reconnaissance: "Elite Units are not used in this scenario"; Conquer and Hold: Regular and Elite Units
    "from Round 3 (4 players) or Round 4 (2 players)" (German text, scenarios.yaml sources)."""
    assert numbers("first_reconnaissance", 3).elite_units == "not_used"
    two, four = numbers("conquer_and_hold", 2), numbers("conquer_and_hold", 4, "team")
    assert (two.elite_units, two.elite_units_from_round) == ("from_round", 4)
    assert (four.elite_units, four.elite_units_from_round) == ("from_round", 3)
    assert numbers("full_conquest", 2).elite_units == "used"


def test_other_solo_missions_use_the_two_player_set_up_with_one_actual_player():
    """Scenario Book, Other Solo Missions: the two-player set-up with a Dummy player; the Source and the Unit offer
    count the one actual player (3 dice, 3 Units)."""
    n = numbers("full_conquest", 1, "solo")
    assert n.tiles == {"countryside": 8, "core_city": 2, "core_non_city": 1} and n.city_levels == (4, 4)
    assert n.dummy and (n.source_dice, n.unit_offer) == (3, 3)


@pytest.mark.parametrize("variant,rep", [("rampaging_evil", -2), ("more_rampage", -4)])
def test_rampaging_variants_set_the_start_reputation(variant, rep):
    """Scenario Book, Variants: Rampaging Evil "Your characters start with -2 Reputation"; More Rampage! -4."""
    assert numbers("full_conquest", 2, variants=[variant]).start_reputation == rep


def test_the_numbers_are_kept_in_the_state_from_the_set_up():
    game = LocalGame(validate_setup({"scenario": "blitz_conquest", "mode": "competitive",
                                     "players": [{"name": "Anna"}, {"name": "Ben"}, {"name": "Cleo"}]}))
    kept = game.state["game"]["setup_numbers"]
    assert kept["source_dice"] == 6 and kept["unit_offer"] == 6 and kept["city_levels"] == [3, 3, 3]
    assert kept["start_fame"] == 1 and all(p["fame"] == 1 for p in game.state["players"])
    runewars = LocalGame({"game": "runewars", "players": [{"name": "Elf"}, {"name": "Orc"}]})
    assert runewars.state["game"]["setup_numbers"] is None


def test_a_player_count_the_scenario_has_not_gives_no_numbers():
    sc = get_rules().scenarios["full_cooperation"]
    with pytest.raises(ValueError):
        setup_numbers(sc, 4, get_rules().setup_rules)
    assert setup_numbers_of({"scenario": "full_cooperation", "mode": "coop", "players": [{}] * 5}) is None


GOOD = {"sources": ["x"], "standard": {"source_dice": {"per_player": 1, "plus": 2},
                                       "unit_offer": {"per_player": 1, "plus": 2}, "spell_offer": 3,
                                       "advanced_action_offer": 3, "start_fame": 0, "start_reputation": 0},
        "variants": {"rampaging_evil": {"start_reputation": -2}}}


@pytest.mark.parametrize("path,value", [
    (("standard", "spell_offer"), "3"), (("standard", "source_dice", "plus"), -1),
    (("standard", "unit_offer", "per_player"), True), (("standard", "start_reputation"), 8),
    (("standard", "extra"), 1), (("variants", "no_such_variant"), {"start_reputation": 1}),
    (("standard", "advanced_action_offer"), None), (("standard",), []),
])
def test_the_loader_refuses_bad_set_up_data(path, value):
    doc = copy.deepcopy(GOOD)
    _parse_setup("setup.yaml", doc)  # the good document loads
    target = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    with pytest.raises(RulesDataError):
        _parse_setup("setup.yaml", doc)


@pytest.mark.parametrize("key,value", [("extra_source_dice", "1"), ("extra_source_dice", 9),
                                       ("start_reputation", 1.5), ("elite_units", "no"),
                                       ("offers_revealed_when_needed", 1), ("elite_units_from_round", {7: 3})])
def test_the_loader_refuses_a_scenario_with_bad_set_up_numbers(tmp_path, key, value):
    import shutil

    import yaml

    src = get_rules().path
    for name in ("scenarios.yaml", "setup.yaml"):
        shutil.copy(f"{src}/{name}", tmp_path / name)
    doc = yaml.safe_load((tmp_path / "scenarios.yaml").read_text())
    doc["scenarios"][1]["setup"] = {key: value}  # Full Conquest
    (tmp_path / "scenarios.yaml").write_text(yaml.safe_dump(doc, allow_unicode=True))
    with pytest.raises(RulesDataError, match=f"setup.{key}"):
        load_rules(tmp_path)
