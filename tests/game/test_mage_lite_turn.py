"""Mage Lite's turn outside the fight's numbers, as seed 004 prints it: the Reputation of a rampaging enemy fought
on its own space, the adventure sites' rewards in Mage Lite's words (mana tokens, Guiding symbols, no dice), the
wounds in the hand and the deed deck, the verdict on the combat page, the end of a Round with no turn played.
Through LocalGame (no Flask) on a game created as the API creates it."""

from companion.game.flow.setup import validate_setup
from companion.game.spine.local import LocalGame

ORC = {"name": "Orc", "armor": 5, "attack": 3, "fame": 3, "color": "green"}
DRACONUM = {"name": "Draconum", "armor": 7, "attack": 4, "fame": 5, "color": "red"}
RUIN = {"name": "Ruin enemy", "armor": 4, "attack": 3, "fame": 3, "color": "brown"}


def game(variants=("main_expansion",)):
    return LocalGame(validate_setup({"game": "mage_lite", "difficulty": "normal", "players": [{"name": "Anna"}],
                                     "variants": list(variants)}))


def cur(g):
    return g.state["combat"]["current"]


def win(g, enemies, fight="keep", **setup):
    """Set up, add the enemies, block every attack, defeat them all in the Attack phase, end the combat."""
    g.run("combat_setup", player=0, fight=fight, **setup)
    for e in enemies:
        g.run("combat_enemy_add", e)
    while cur(g)["phase"] != "attack":
        if cur(g)["phase"] == "block":
            for e in cur(g)["enemies"]:
                if not e["blocked"]:
                    g.run("combat_block", key=e["key"], attack_index=0, value=[20], element=["cold_fire"])
        g.run("combat_phase")
    g.run("combat_attack", target=[e["key"] for e in cur(g)["enemies"]], value=[60], element=["physical"],
          kind=["melee"])
    return g.run("combat_end")


def test_an_orc_fought_on_its_own_rampaging_space_gives_reputation_unticked():
    """004 "Combat with Enemies" 1d: "If you are standing adjacent to a rampaging enemy site (orc marauder or
    draconum), you can challenge it to combat"; "Combat Outcomes" 2a: "If you defeated one or more rampaging
    enemies ... You do gain Reputation (+1 for each orc marauders, +2 for each draconum)". The fight without a
    site is the rampaging enemy's own space: no tick needed."""
    g = game()
    win(g, [ORC, DRACONUM], fight="rampaging")
    assert g.state["players"][0]["reputation"] == 3
    assert g.state["combat"]["last"]["reputation"] == 3


def test_orcs_in_ruins_give_no_reputation():
    """004 Site Reference, Ancient Ruins: "Orcs/Draconum in Ruins aren't Rampaging enemies, so you don't gain
    Reputation from defeating them"."""
    g = game()
    win(g, [ORC], fight="adventure")
    assert g.state["players"][0]["reputation"] == 0
