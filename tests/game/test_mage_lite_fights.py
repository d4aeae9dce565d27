"""A fight on the combat page feeds a real Mage Lite game (seed 004): the hero card's Armor and
Hand limit at the set-up, a city's Mini Blitz level and colour bonus, the Fame with the Fame Bonus, the Reputation
card, a city conquered with its Influence bonus, a keep beaten; undo takes the fight's outcome back whole.
Through LocalGame (no Flask) on a game created as the API creates it, never a Mage Knight game with its mode
patched."""

import pytest

from companion.game.mage_lite.fights import page
from companion.game.spine.command import Invalid
from companion.game.spine.local import LocalGame
from companion.rules.text import from_json

from mage_lite_helpers import cur, game, win

# typed once, as the Enemy card shows them (004 "ENEMIES": the card's stats are not in the text)
GUARD = {"name": "Guardsmen", "armor": 7, "attack": 3, "fame": 4, "color": "gray"}
ORC = {"name": "Orc", "armor": 5, "attack": 3, "fame": 3, "color": "green"}


def test_the_set_up_takes_armor_and_hand_limit_from_the_hero_card():
    """Seed 004 "Assign Damage phase" 5c: knocked out at the unmodified Hand limit "shown on your Hero
    card"; the card's numbers: Mage Knight's level table (level 1: Armor 2, Hand limit 5) or the player's
    correction for the level."""
    g = game()
    g.run("combat_setup", player=0, fight="rampaging")
    assert (cur(g)["hero_armor"], cur(g)["hand_limit"]) == (2, 5)
    g.run("combat_cancel")
    g.run("mage_lite_hero_card", level=1, armor=3, hand_limit=6)
    g.run("combat_setup", player=0, fight="rampaging")
    assert (cur(g)["hero_armor"], cur(g)["hand_limit"]) == (3, 6)


def test_a_keep_won_costs_reputation_gives_fame_with_the_fame_bonus_and_is_a_site_beaten():
    """004 "Combat" 1a: "Every time you make an assault, you lose 1 Reputation"; Mini Blitz: "Fame Bonus refers to
    how many fame you gain immediately after you cross a fame level that levels up your hero" (Normal +1): 4 Fame
    from 0 crosses level 2 at 3: 4 + 1 = 5. The keep won is a site beaten and owned (its Hand limit bonus)."""
    g = game()
    ev = win(g, [GUARD])
    pl = g.state["players"][0]
    assert pl["fame"] == 5 and pl["reputation"] == -1
    m = g.state["mage_lite"]
    assert m["sites"] == ["Keep"] and m["keeps"] == 1
    assert m["last_fame"]["bonus"] == 1 and m["last_fame"]["level_ups"][0]["level"] == 2
    assert "the Fame Bonus" in ev.sentence["msg"] and ev.sentence["args"]["bonus"] == 1  # the log says so
    assert any("Fame Bonus +1" in str(from_json(line)) for line in g.state["combat"]["last"]["explanation"])
    assert "mage_lite" in ev.scope  # the fight touches the Mage Lite game: its undo checks say so
    g.undo()  # undo takes the fight back whole: Fame, Bonus, Reputation, the site
    pl = g.state["players"][0]
    assert (pl["fame"], pl["reputation"], g.state["mage_lite"]["sites"], g.state["mage_lite"]["keeps"]) == (0, 0, [], 0)


def test_rampaging_orcs_defeated_raise_reputation_on_the_card():
    """004 "FAME AND REPUTATION": "Reputation goes up when you defeat Orc (+1 reputation) or Draconum (+2
    reputation)"; 004 "Combat Outcomes" 2a: rampaging ones ("Orcs and Draconum enemies encountered elsewhere are
    not generally worth reputation when defeated")."""
    g = game()
    win(g, [{**ORC, "rampaging": "yes"}, {**ORC, "name": "Draconum", "color": "red", "fame": 5,
                                          "rampaging": "yes"}], fight="rampaging")
    assert g.state["players"][0]["reputation"] == 3
    assert g.state["mage_lite"]["sites"] == ["Rampaging enemies"]


def test_a_city_fight_has_its_mini_blitz_level_and_colour_bonus_and_conquers_the_city():
    """004 Mini Blitz, Normal: "City Levels: 3 and 5" (the first city assaulted takes the first, as Mage Knight's
    "the first revealed city is of level 5, the second revealed city is of level 8"); "CITY ASSAULTS" 1c: "In the
    Red city, all defenders that have physical Attack gain the Brutal ability"; 1a: White +1 Armor. Conquered
    through the Mage Lite game: both cities won is the verdict, with the enemies defeated there for its Influence
    bonus (Interaction 3a)."""
    g = game()
    g.run("combat_setup", player=0, fight="city", city="red")
    assert cur(g)["level"] == 3
    g.run("combat_enemy_add", ORC)
    g.run("combat_phase")
    g.run("combat_phase")
    g.run("combat_phase")  # to Assign Damage, nothing blocked: Brutal doubles the Orc's 3
    assert cur(g)["phase"] == "damage"
    g.run("combat_damage", mode="suggest")
    assert cur(g)["damage"]["mage_lite"]["hand"] == 3  # 6 against Armor 2
    g.run("combat_cancel")
    win(g, [ORC, {**ORC, "name": "Orc 2"}], fight="city", city="red")
    m = g.state["mage_lite"]
    assert m["cities"] == ["red"] and m["city_defeated"] == {"red": 2} and m["over"] is None
    assert g.state["players"][0]["reputation"] == -1
    with pytest.raises(Invalid):
        g.run("combat_setup", player=0, fight="city", city="red")  # conquered already
    assert page(g.state)["cities"] == [("blue", 5), ("white", 5), ("green", 5)]
    g.run("combat_setup", player=0, fight="city", city="white")
    assert cur(g)["level"] == 5  # the second city: the second level
    g.run("combat_enemy_add", ORC)
    assert g.state["combat"]["current"]["site"]["city"] == "white"
    g.run("combat_cancel")
    win(g, [GUARD], fight="city", city="white")
    assert g.state["mage_lite"]["over"]["result"] == "won"
    assert page(g.state)["cities"] == [] and page(g.state)["over"]  # the combat page offers no city any more
    with pytest.raises(Invalid):
        g.run("combat_setup", player=0, fight="keep")  # the game is over
    g.undo()
    assert g.state["mage_lite"]["over"] is None and g.state["mage_lite"]["cities"] == ["red"]


def test_a_city_not_in_the_base_game_is_refused():
    """004 "CITY ASSAULTS" 1: "only the red and blue city are available in the base game"."""
    g = game(variants=())
    with pytest.raises(Invalid):
        g.run("combat_setup", player=0, fight="city", city="white")
    g.run("combat_setup", player=0, fight="city", city="blue", level=4)
    assert cur(g)["level"] == 4  # another level typed


def test_a_mage_knight_game_keeps_its_own_outcome():
    g = LocalGame({"scenario": "solo_conquest", "mode": "solo", "players": [{"name": "Anna", "hero": "goldyx"}]})
    win(g, [GUARD])
    assert g.state["players"][0]["fame"] == 4 and "mage_lite" not in g.state
