"""A Mage Lite game (seed 004) as the API creates it, and a fight won in it, through LocalGame (no Flask)."""

from companion.game.flow.setup import validate_setup
from companion.game.spine.local import LocalGame


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
