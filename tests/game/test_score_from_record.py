"""The score sheet fills itself from what the app recorded: cities conquered and their leaders, Shields on sites,
dungeons and tombs, Units and Wounds; a line typed by hand is marked and can follow the record again.

Rulebook (seed 000), Combat Outcomes 1a: "If you were assaulting a city, put one of your Shield tokens on the City
card for each enemy you defeated. Put the Shields in a row, so you can determine in which order they were put
there." City Assaults 2a: "The player with the most Shield tokens on the City card (or the one with the first
Shield amongst the tied in case of tie) becomes the City leader."
Scenario Book, Full Conquest, Scoring: "A player scores 7 Fame for each city they are the leader of. A player
scores 4 Fame for each city they are not the leader of but has at least one of their shield tokens on the City
card. Whoever scores the most Fame for this gets an additional +5 Fame as the Greatest City Conqueror".
Scenario Book, Solo Conquest, Scoring: "Score 10 points for each city you conquered."
Scenario Book, Dungeon Lords, Scoring: "All dungeons and tombs give 4 points instead of 2".
"""

import pytest

from companion.game.scoring import result_for, sheet_values, typed_lines
from companion.game.scoring.fields import (BOARD_GAME_FIELDS, BOARD_PLAYER_FIELDS, game_fields, player_fields)
from companion.game.spine.local import LocalGame
from companion.rules import scoring as rules

DUEL = {"scenario": "full_conquest", "mode": "competitive",
        "players": [{"name": "Anna", "hero": "arythea"}, {"name": "Ben", "hero": "tovak"}]}


def defeat_all(g, keys):
    """Siege 20 on each enemy in the Ranged and Siege phase, then on to the Attack phase and the outcome."""
    g.run("combat_phase")
    for k in keys:
        g.run("combat_attack", target=[k], value=[20], element=["physical"], kind=["siege"])
    g.run("combat_phase")
    g.run("combat_end")


def conquer_city(g, player, city="white", tokens=("gunners", "freezers")):
    g.run("combat_setup", player=player, fight="city", city=city, level=1)
    for t in tokens:
        g.run("combat_enemy_add", token=t)
    defeat_all(g, [e["key"] for e in g.state["combat"]["current"]["enemies"]])


def coop_conquest(g, counts):
    """Rulebook, Cooperative City Assault 5-6: the garrison dealt by the agreed numbers, each participant fights
    their share in Round order, starting with the initiator."""
    g.run("combat_setup", player=0, fight="city", city="blue", level=1)
    for t in ("gunners", "freezers", "gunners")[:sum(counts)]:
        g.run("combat_enemy_add", token=t)
    g.run("combat_coop_deal", **{f"count_{i}": n for i, n in enumerate(counts)})
    while g.state["combat"]["current"] is not None:
        cur = g.state["combat"]["current"]
        if cur["phase"] == "setup":
            g.run("combat_phase")
        turn = cur["coop"]["turn"]
        for e in g.state["combat"]["current"]["enemies"]:
            if e.get("share") == turn:
                g.run("combat_attack", target=[e["key"]], value=[30], element=["physical"], kind=["siege"])
        while g.state["combat"]["current"]["phase"] != "attack":
            g.run("combat_phase")
        g.run("combat_end")


# ---------------------------------------------------------------------------------------------- the City leader


@pytest.mark.parametrize("shields, leader", [
    ((), None),
    ((0, 0), 0),
    ((1, 0, 0), 0),           # most Shields, though not first
    ((1, 0), 1),              # tied: the first Shield on the card
    ((2, 1, 1, 2), 2),        # tied 2-2: player 2's Shield came first
    ((0, 1, 1, 0, 2, 2, 2), 2),
])
def test_city_leader_most_shields_first_shield_among_the_tied(shields, leader):
    """Rulebook, City Assaults 2a: the most Shield tokens on the City card, the first Shield among the tied."""
    assert rules.city_leader(shields) == leader


def test_cities_led_and_shielded_count_only_a_conquered_city_as_led():
    """Scenario Book, Full Conquest, Scoring: 7 for a city led, 4 for a city with the player's Shield but not led;
    a city not conquered yet has no leader (Rulebook, City Assaults 2: the leader is determined when conquered)."""
    cities = [rules.CityRecord((0, 1, 1), True), rules.CityRecord((0,), False), rules.CityRecord((1, 0), True)]
    assert rules.cities_of(cities, 0) == (0, 3)
    assert rules.cities_of(cities, 1) == (2, 0)
    assert rules.cities_of(cities, 2) == (0, 0)


# ---------------------------------------------------------------------------------------------- the sheet


def test_full_conquest_sheet_takes_the_conquered_city_and_its_leader_from_the_record():
    """Full Conquest, Scoring: Anna conquered the white city (two Shields): 7 Fame as its leader and the Greatest
    City Conqueror's +5, without anybody typing it."""
    g = LocalGame(DUEL)
    conquer_city(g, 0)
    players, game = sheet_values(g.state)
    assert (players[0]["cities_led"], players[0]["cities_shielded"]) == (1, 0)
    assert (players[1]["cities_led"], players[1]["cities_shielded"]) == (0, 0)
    res, refused, _ = result_for(g.state)
    assert refused is None
    anna = res["players"][0]["categories"]
    assert anna["cities"] == 7 and anna["greatest_city_conqueror"] == 5
    assert typed_lines(g.state) == []  # nothing typed by hand


def test_cooperative_assault_the_first_shield_leads_a_tie_the_other_scores_4():
    """Rulebook, City Assaults 2a and Cooperative City Assault: Anna and Ben defeat one defender each; the tie
    goes to Anna, whose Shield came first; Ben has a Shield on a city he does not lead (Full Conquest: 4 Fame)."""
    g = LocalGame(DUEL)
    coop_conquest(g, (1, 1))
    assert g.state["combat"]["cities"]["blue"]["shields"] == [0, 1]
    players, _ = sheet_values(g.state)
    assert (players[0]["cities_led"], players[0]["cities_shielded"]) == (1, 0)
    assert (players[1]["cities_led"], players[1]["cities_shielded"]) == (0, 1)


def test_cooperative_assault_the_most_shields_lead_though_placed_later():
    """Rulebook, City Assaults 2a: Ben's two Shields beat Anna's one, though Anna (the initiator) put hers first."""
    g = LocalGame(DUEL)
    coop_conquest(g, (1, 2))
    assert g.state["combat"]["cities"]["blue"]["shields"] == [0, 1, 1]
    players, _ = sheet_values(g.state)
    assert (players[0]["cities_led"], players[0]["cities_shielded"]) == (0, 1)
    assert players[1]["cities_led"] == 1


def test_solo_conquest_cities_conquered_and_led_from_the_record():
    """Solo Conquest, Scoring: "Score 10 points for each city you conquered": the recorded conquest fills
    Cities conquered 1 and Cities led 1 (not 0)."""
    g = LocalGame({"scenario": "solo_conquest", "mode": "solo", "players": [{"name": "Anna", "hero": "tovak"}]})
    conquer_city(g, 0)
    players, game = sheet_values(g.state)
    assert players[0]["cities_led"] == 1 and game["cities_conquered"] == 1
    res, refused, _ = result_for(g.state)
    assert refused is None
    assert any("10" in str(line) and "city" in str(line).lower() for line in res["explanation"])


def test_undo_of_the_conquest_takes_it_off_the_sheet():
    g = LocalGame(DUEL)
    conquer_city(g, 0)
    g.undo()
    players, _ = sheet_values(g.state)
    assert players[0]["cities_led"] == 0


def test_dungeon_lords_dungeons_and_tombs_on_their_own_line():
    """Dungeon Lords, Scoring: dungeons and tombs give 4 each (their own line), other adventure sites 2 each: a
    conquered tomb and a conquered ruin fill one of each; a revisited dungeon gives no Shield and no line."""
    g = LocalGame({"scenario": "dungeon_lords", "mode": "competitive",
                   "players": [{"name": "Anna", "hero": "arythea"}, {"name": "Ben", "hero": "tovak"}]})
    g.run("combat_setup", player=0, fight="dungeon")
    g.run("combat_enemy_add", token="gunners")
    defeat_all(g, [e["key"] for e in g.state["combat"]["current"]["enemies"]])
    g.run("combat_setup", player=0, fight="adventure")
    g.run("combat_enemy_add", token="freezers")
    defeat_all(g, [e["key"] for e in g.state["combat"]["current"]["enemies"]])
    players, _ = sheet_values(g.state)
    assert players[0]["dungeons_tombs"] == 1 and players[0]["adventure_shields"] == 1
    res, refused, _ = result_for(g.state)
    assert refused is None and res["players"][0]["categories"]["adventurer"] == 2 + 4


def test_units_wounds_shields_and_fame_come_from_the_trackers():
    """Standard Achievements scoring: Units by level (wounded ones apart), Wounds in the deck, Shields on keeps,
    mage towers and monasteries, all from the board's trackers."""
    g = LocalGame(DUEL)
    g.run("recruit", player=0, unit="peasants")
    g.run("shield", player=0, site="mage_tower", amount=1)
    g.run("shield", player=0, site="monastery", amount=1)
    g.run("wounds", player=0, amount=3)
    players, _ = sheet_values(g.state)
    assert players[0]["unit_1"] == 1 and players[0]["wounds"] == 3 and players[0]["fortified_shields"] == 2


def test_a_typed_line_is_marked_and_one_the_app_does_not_record_has_no_board_value():
    """A player can still correct a value: the sheet marks every typed line; Spells are never recorded (no
    board value), Fame is (edited - board says ...)."""
    g = LocalGame(DUEL)
    conquer_city(g, 0)
    g.run("score_set", player=0, field="spells", value="2")
    g.run("score_set", player=1, field="cities_shielded", value="1")
    g.run("score_set", player=0, field="cities_led", value="1")  # the same as the record: still typed
    lines = {(d["player"], d["field"]): d for d in typed_lines(g.state)}
    assert lines[(0, "spells")] == {"player": 0, "field": "spells", "value": 2, "board": None, "differs": False}
    assert lines[(1, "cities_shielded")]["board"] == 0 and lines[(1, "cities_shielded")]["differs"]
    assert lines[(0, "cities_led")]["board"] == 1 and not lines[(0, "cities_led")]["differs"]
    players, _ = sheet_values(g.state)
    assert players[1]["cities_shielded"] == 1  # the typed value counts
    g.run("score_follow", player=1, field="cities_shielded")
    assert sheet_values(g.state)[0][1]["cities_shielded"] == 0


@pytest.mark.parametrize("sid", sorted(rules.SCENARIOS))
def test_every_scenario_line_is_filled_from_the_record_or_named_as_typed(sid):
    """Every scenario's scoring (Scenario Book, each "Scoring"): each line of its sheet is either filled from
    what the app records, or one the app cannot know (cards in the deck, the portal, the team's chosen one, the
    table's choice of a variant)."""
    typed_only = {"spells", "advanced_actions", "artifacts", "on_portal", "chosen", "lowest_counts"}
    sc = rules.SCENARIOS[sid]
    for team in (False, True):
        for f in player_fields(sc, team):
            assert f.key in BOARD_PLAYER_FIELDS or f.key in typed_only, (sid, f.key)
    for f in game_fields(sc):
        assert f.key in BOARD_GAME_FIELDS or f.key in typed_only, (sid, f.key)


def test_conquer_and_hold_owned_keeps_and_towers_follow_the_conquests():
    """Conquer and Hold, The Winner: "Each owned keep counts as 3 Victory points. Each owned mage tower counts as 2
    Victory points." Anna takes Ben's keep (quick reference, Other Players' Keeps: the owner's Shield replaced) and
    conquers a mage tower: the sheet's keeps and towers come from those conquests."""
    g = LocalGame({"scenario": "conquer_and_hold", "mode": "competitive",
                   "players": [{"name": "Anna", "hero": "arythea"}, {"name": "Ben", "hero": "tovak"}]})
    g.run("combat_setup", player=1, fight="keep")
    g.run("combat_enemy_add", token="swordsmen")
    defeat_all(g, [e["key"] for e in g.state["combat"]["current"]["enemies"]])
    g.run("combat_setup", player=0, fight="other_keep", owner=1)
    g.run("combat_enemy_add", token="swordsmen")
    defeat_all(g, [e["key"] for e in g.state["combat"]["current"]["enemies"]])
    g.run("combat_setup", player=0, fight="mage_tower")
    g.run("combat_enemy_add", token="swordsmen")
    defeat_all(g, [e["key"] for e in g.state["combat"]["current"]["enemies"]])
    players, _ = sheet_values(g.state)
    assert (players[0]["keeps"], players[0]["mage_towers"]) == (1, 1)
    assert (players[1]["keeps"], players[1]["mage_towers"]) == (0, 0)
    res, refused, _ = result_for(g.state)
    assert refused is None
    assert [p["total"] for p in res["players"]] == [5, 0]
