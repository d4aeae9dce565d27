"""Mage Lite's combat in a game (seed 004): the Mage Knight referee's phases, blocks and damage,
with Mage Lite's own rules on top, switched on by ``companion/game/combat/variant.py: mage_lite_rules`` (a game
with ``state["game"]["mode"] == "mage_lite"``), in a real Mage Lite game."""

from __future__ import annotations

import pytest

from companion.game.combat.state import units_of
from companion.game.combat.variant import mage_lite_rules
from companion.game.flow.setup import validate_setup
from companion.game.spine.command import Invalid
from companion.game.spine.local import LocalGame

# a real Mage Lite game, as the new-game page and the API create it (set-up checked, mode "mage_lite")
MAGE_LITE = validate_setup({"game": "mage_lite", "difficulty": "normal", "players": [{"name": "Anna"}],
                            "variants": ["main_expansion"]})
MAGE_KNIGHT = {"scenario": "first_reconnaissance", "mode": "solo", "players": [{"name": "Anna", "hero": "tovak"}]}
# 004 "ENEMIES": "the Orc with 5 defense, 3 attack and Poison"
POISON_ORC = {"name": "Orc", "armor": 5, "attack": 3, "ability": ["poison"], "fame": 3, "color": "green"}


def cur(g):
    return g.state["combat"]["current"]


def to_damage(g, fight="rampaging", enemy=POISON_ORC, **setup):
    g.run("combat_setup", {"player": 0, "fight": fight, **setup})
    g.run("combat_enemy_add", enemy)
    g.run("combat_phase")
    if cur(g)["phase"] == "ranged_siege":
        g.run("combat_phase")
    g.run("combat_phase")
    assert cur(g)["phase"] == "damage"


def test_the_seam_is_the_game_mode():
    assert mage_lite_rules(LocalGame(MAGE_LITE).state)
    assert not mage_lite_rules(LocalGame(MAGE_KNIGHT).state)


def test_poison_extra_wounds_go_into_the_deck_by_choice():
    """004 "Taking Wounds", POISON: "you may choose to take that EXTRA damage into your deck, not prioritizing taking
    the wounds into your hand"; 004 "Assign Damage phase" 5a: "divide all remaining damage by your Hero armor
    rounded up" - the Orc's 3 against Armor 2 (level 1): 2 wounds, Poison 2 more."""
    g = LocalGame(MAGE_LITE)
    to_damage(g)
    g.run("combat_damage", mode="suggest")
    ml = cur(g)["damage"]["mage_lite"]
    assert (ml["hand"], ml["deck"], ml["poison_extra"], ml["poison"]) == (2, 2, 2, "deck")
    g.run("combat_phase")
    g.run("combat_end")
    last = g.state["combat"]["last"]
    assert (last["wounds_to_hand"], last["wounds_to_discard"], last["mage_lite"]) == (2, 2, True)
    assert any("Mage Lite, Poison" in str(line) for line in last["explanation"])
    # the other choice: into the hand like the others
    g2 = LocalGame(MAGE_LITE)
    to_damage(g2)
    g2.run("combat_damage", mode="suggest", poison="hand")
    assert (cur(g2)["damage"]["mage_lite"]["hand"], cur(g2)["damage"]["mage_lite"]["deck"]) == (4, 0)
    # Mage Knight keeps its own Poison: the extra Wounds into the discard pile, no Mage Lite part
    mk = LocalGame(MAGE_KNIGHT)
    to_damage(mk)
    mk.run("combat_damage", mode="suggest")
    assert "mage_lite" not in cur(mk)["damage"] and cur(mk)["damage"]["result"]["hero"]["wounds_to_discard"] == 2


def test_wounds_in_mage_lite_words_hand_first_then_the_deck():
    """004 "Taking Wounds": "Rotate a Starting card in your hand to Waning. Move a Waning card in your hand to your
    discard pile." ... "If neither of those options are available ... you must take the wounds into your deed
    deck." One Waning card left in the hand takes 1 of the Orc's 2 wounds."""
    g = LocalGame(MAGE_LITE)
    to_damage(g, enemy={**POISON_ORC, "ability": []})
    g.run("combat_damage", mode="suggest", hand_starting="0", hand_waning="1")
    ml = cur(g)["damage"]["mage_lite"]
    assert (ml["hand"], ml["deck"], ml["room"]) == (1, 1, 1)
    lines = " ".join(str(line.get("plural") or line["msg"]) for line in ml["explanation"])
    assert "rotate a Starting card in your hand to Waning" in lines and "into your deed deck" in lines


def test_paralyze_discards_the_hand():
    """004 "Assign Damage phase" 6b: "A Hero assigned damage by a Paralyzing enemy must immediately discard all cards
    from their hand." """
    g = LocalGame(MAGE_LITE)
    to_damage(g, enemy={"name": "Medusa", "armor": 4, "attack": 2, "ability": ["paralyze"], "fame": 4})
    g.run("combat_damage", mode="suggest")
    ml = cur(g)["damage"]["mage_lite"]
    assert ml["discard_hand"] and not ml["knocked_out"] and ml["hand"] == 1


def test_knocked_out_at_the_unmodified_hand_limit():
    """004 "Assign Damage phase" 5c: "If the number of Wound cards added to your hand during a combat equals or
    exceeds your unmodified Hand limit (shown on your Hero card at your current level), you are knocked out,
    immediately discard your hand." The hero card's Hand limit is given at the set-up (here 3): 6 damage against
    Armor 2 is 3 wounds."""
    g = LocalGame(MAGE_LITE)
    to_damage(g, enemy={"name": "Golem", "armor": 5, "attack": 6, "fame": 4}, hand_limit=3)
    g.run("combat_damage", mode="suggest")
    assert cur(g)["damage"]["mage_lite"]["knocked_out"]
    g.run("combat_phase")
    g.run("combat_end")
    assert g.state["combat"]["last"]["knocked_out"]


def gain_unit(g, name, armor, *resistances):
    """A Mage Lite Unit recorded on its page with the card's Armor and resistances (units.py); its combat uid."""
    g.run("mage_lite_item", {"action": "gain", "kind": "unit", "name": name, "armor": str(armor),
                             "resistance": list(resistances)})
    return int(g.state["mage_lite"]["items"][-1]["id"][1:])


def test_no_units_in_dungeons_and_tombs_night_rules_there():
    """004 Site Reference, Dungeon and Tomb: "You can't use Units in the Dungeon. Use Night Rules. (Gold Mana can't
    be spent, but Dark Mana can)." The game's own Units stay out of it."""
    g = LocalGame(MAGE_LITE)
    gain_unit(g, "Peasants", 3)
    g.run("combat_setup", player=0, fight="rampaging")
    assert [u.id for u in units_of(g.state, cur(g))] == ["Peasants #1"]  # elsewhere it can take damage
    g.run("combat_cancel")
    g.run("combat_setup", player=0, fight="dungeon")
    c = cur(g)
    assert not c["units_allowed"] and c["night"] and units_of(g.state, c) == []


def test_one_unwounded_unit_in_a_maze_or_labyrinth():
    """004 Site Reference, Maze and Labyrinth: "You can use only 1 unwounded Unit." The Mage Lite Unit chosen at
    the set-up is the only one that can take damage; a wounded one cannot go in."""
    g = LocalGame(MAGE_LITE)
    g.run("mage_lite_fame", amount=10)  # level 3: two Command tokens
    peasants = gain_unit(g, "Peasants", 3)
    foresters = gain_unit(g, "Foresters", 4)
    # the Foresters wounded in a fight (004 "Assign Damage phase" 4a: any damage to an unwounded Unit wounds it)
    to_damage(g, enemy={"name": "Ghoul", "armor": 4, "attack": 4, "fame": 2})
    g.run("combat_damage", mode="manual", attack="1:0", unit=[f"Foresters #{foresters}"])
    g.run("combat_cancel")  # cancelled: nothing applied
    assert not g.state["mage_lite"]["items"][1].get("wounds")
    to_damage(g, enemy={"name": "Ghoul", "armor": 4, "attack": 4, "fame": 2})
    g.run("combat_damage", mode="manual", attack="1:0", unit=[f"Foresters #{foresters}"])
    g.run("combat_phase")
    g.run("combat_end")
    assert g.state["mage_lite"]["items"][1]["wounds"] == 1
    with pytest.raises(Invalid, match="unwounded"):
        g.run("combat_setup", player=0, fight="maze", unit=foresters)
    to_damage(g, fight="maze", enemy={"name": "Ghoul", "armor": 4, "attack": 4, "fame": 2}, unit=peasants)
    assert [u.id for u in units_of(g.state, cur(g))] == [f"Peasants #{peasants}"]
    with pytest.raises(Invalid, match="cannot take damage"):
        g.run("combat_damage", mode="manual", attack="1:0", unit=[f"Foresters #{foresters}"])
    g.run("combat_damage", mode="manual", attack="1:0", unit=[f"Peasants #{peasants}"])
    assert cur(g)["damage"]["result"]["units"][0]["wounds"] == 1


def test_summon_the_brown_enemy_the_guiding_symbol_chooses():
    """004 "Block phase" 2: "For each enemy with the Summon icon, use your left-hand Guiding symbol from your second
    card to determine which Brown enemy is summoned" - the player types it (or taps it when the game keeps it);
    Mage Lite has no token pile to draw from. 2a: "the summoned monster replaces the summoning enemy"."""
    g = LocalGame(MAGE_LITE)
    g.run("enemy_keep", {"name": "Gargoyle", "armor": 4, "attack": 5, "fame": 4, "color": "brown"})
    g.run("enemy_keep", {"name": "Fire Mage", "armor": 5, "attack": 6, "attack_element": "fire", "fame": 5,
                         "color": "violet"})
    g.run("combat_setup", player=0, fight="mage_tower")
    g.run("combat_enemy_add", {"name": "Illusionist", "armor": 3, "ability": ["summon"], "fame": 4,
                               "color": "violet"})
    g.run("combat_phase")
    g.run("combat_phase")
    assert cur(g)["phase"] == "block"
    with pytest.raises(Invalid, match="Guiding symbol"):
        g.run("combat_summon", key=1, expansion=["base"])
    with pytest.raises(Invalid, match="brown"):
        g.run("combat_summon", key=1, kept="k2")
    g.run("combat_summon", key=1, kept="k1")
    summoned = cur(g)["enemies"][0]["summoned"]
    assert [(s["name"], s["attacks"][0]["value"]) for s in summoned] == [("Gargoyle", 5)]
    g.undo()
    g.run("combat_summon", {"key": 1, "name": "Minotaur", "armor": 5, "attack": 5, "ability": ["brutal"],
                            "fame": 4, "keep": "yes"})
    assert cur(g)["enemies"][0]["summoned"][0]["color"] == "brown"
    assert g.state["kept_enemies"]["k3"]["name"] == "Minotaur"


def test_a_maze_in_mage_knight_takes_a_ready_unit():
    """Quick reference, Maze: "you may choose one ready unwounded Unit to accompany you" (Mage Knight asks it ready
    too; Mage Lite only unwounded)."""
    g = LocalGame(MAGE_KNIGHT)
    g.run("recruit", {"player": 0, "name": "Peasants", "level": 1, "armor": 3})
    uid = g.state["players"][0]["units"][0]["uid"]
    g.run("unit", player=0, uid=uid, action="spend")
    with pytest.raises(Invalid, match="ready"):
        g.run("combat_setup", player=0, fight="maze", unit=uid)
    # Mage Lite: its own Unit, used this Round (spent), goes along
    g = LocalGame(MAGE_LITE)
    uid = gain_unit(g, "Peasants", 3)
    g.run("mage_lite_item", {"action": "use", "id": f"i{uid}"})
    g.run("combat_setup", player=0, fight="maze", unit=uid)
    assert cur(g)["only_unit"] == uid


def test_rampaging_kept_orcs_and_draconum_give_reputation_assault_costs_one():
    """004 "Combat Outcomes" 2a: "If you defeated one or more rampaging enemies ... You do gain Reputation (+1 for
    each orc marauders, +2 for each draconum)"; 1a: "Every time you make an assault, you lose 1 Reputation". The
    Mage Knight referee's outcome, with kept enemies of the green and red piles."""
    g = LocalGame(MAGE_LITE)
    g.run("enemy_keep", POISON_ORC)
    g.run("enemy_keep", {"name": "Draconum", "armor": 7, "attack": 5, "attack_element": "fire", "fame": 6,
                         "color": "red"})
    g.run("combat_setup", player=0, fight="rampaging")
    g.run("combat_enemy_add", kept="k1", rampaging="yes")
    g.run("combat_enemy_add", kept="k2", rampaging="yes")
    for _ in range(3):
        g.run("combat_phase")
    g.run("combat_damage", mode="suggest", then_attack="yes")
    g.run("combat_attack", target=[1, 2], value=[12], element=["physical"], kind=["melee"])
    g.run("combat_end")
    last = g.state["combat"]["last"]
    assert (last["fame"], last["reputation"]) == (9, 3)
    g.run("combat_setup", player=0, fight="keep")
    g.run("combat_enemy_add", {"name": "Guard", "armor": 3, "attack": 2, "fame": 2, "color": "gray"})
    g.run("combat_phase")
    g.run("combat_attack", target=[1], value=[3], element=["physical"], kind=["siege"])
    g.run("combat_end")
    assert g.state["combat"]["last"]["reputation"] == -1 and g.state["combat"]["last"]["conquered"]


def test_the_green_city_gives_poison_and_mage_lite_takes_its_extra_wounds_into_the_deck():
    """004 "City Assaults" 1d: "In the Green city, all defenders that have physical Attack gain the Poison ability";
    the Mage Knight referee adds it, Mage Lite's Poison rule then applies (the extra wounds into the deck)."""
    g = LocalGame(MAGE_LITE)
    to_damage(g, fight="city", city="green", level=3,
              enemy={"name": "Guard", "armor": 3, "attack": 3, "fame": 2, "color": "white"})
    g.run("combat_damage", mode="suggest")
    ml = cur(g)["damage"]["mage_lite"]
    assert (ml["hand"], ml["deck"], ml["poison_extra"]) == (2, 2, 2)
