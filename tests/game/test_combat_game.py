"""A whole combat driven through the game layer's commands and the fold alone (LocalGame, no Flask): the commands
``combat_<action>`` validate plain input against the folded state and the reducers apply their events."""

import pytest

from companion.game.spine.command import Invalid
from companion.game.spine.local import LocalGame

SOLO = {"scenario": "first_reconnaissance", "mode": "solo", "players": [{"name": "Anna", "hero": "tovak"}]}


def combat(g):
    return g.state["combat"]["current"]


def key_of(g, token):
    return next(e["key"] for e in combat(g)["enemies"] if e["token"] == token)


@pytest.fixture
def keep_fight():
    """Rulebook "Combat with Enemies" 3: combat starts by revealing all the enemies you have to fight - here a
    keep (quick reference: keeps are fortified) guarded by two gray tokens; Anna has Peasants (Armor 3)."""
    g = LocalGame(SOLO)
    g.run("recruit", player=0, unit="peasants")
    g.run("combat_setup", player=0, fight="keep")
    g.run("combat_enemy_add", token="guardsmen")  # Armor 7, Attack 3, Fortified, Fame 3
    g.run("combat_enemy_add", token="swordsmen")  # Armor 5, Attack 6, Fame 4
    g.run("combat_phase")
    return g


def test_a_whole_keep_assault_ranged_block_damage_attack_outcome(keep_fight):
    """Rulebook "Combat with Enemies": Ranged and Siege phase (at a fortified site only Siege attacks), Block phase
    (a blocked enemy deals no damage), Assign Damage phase (damage to an unwounded Unit wounds it and drops by its
    Armor; the rest goes to the Hero: one Wound per started Armor), Attack phase (the targets' Armor summed);
    "Combat Outcomes" 2: all enemies at the site defeated - the keep is conquered (a Shield token), Fame for each
    defeated enemy; quick reference, Keep: assaulting it costs Reputation -1."""
    g = keep_fight
    cur = combat(g)
    assert cur["phase"] == "ranged_siege" and cur["site"]["fortified"]
    guardsmen, swordsmen = key_of(g, "guardsmen"), key_of(g, "swordsmen")
    hero_armor = cur["hero_armor"]

    # Ranged and Siege phase: Siege 3 against the Swordsmen's Armor 5 does nothing
    g.run("combat_attack", target=[swordsmen], value=[3], element=["physical"], kind=["siege"])
    action = combat(g)["actions"][-1]
    assert action["result"]["success"] is False and action["result"]["total"] == 3
    g.run("combat_phase")
    assert combat(g)["phase"] == "block"

    # Block phase: Block 3 against the Guardsmen's Attack 3
    g.run("combat_block", key=guardsmen, attack_index=0, value=[3], element=["physical"])
    assert combat(g)["enemies"][0]["blocked"] == [0]
    g.run("combat_phase")
    assert combat(g)["phase"] == "damage"

    # Assign Damage: the Swordsmen's 6 to the Peasants (wounded, 6 - 3 = 3 left), the rest to the hero
    uid = g.state["players"][0]["units"][0]["uid"]
    g.run("combat_damage", mode="manual", attack=f"{swordsmen}:0", unit=[f"Peasants #{uid}"])
    res = combat(g)["damage"]["result"]
    assert res["units"][0]["wounds"] == 1
    assert res["hero"]["wounds_to_hand"] == -(-3 // hero_armor)
    g.run("combat_phase")
    assert combat(g)["phase"] == "attack"

    # Attack phase: Attack 12 against both (Armor 7 + 5): both defeated, Fame 3 + 4
    g.run("combat_attack", target=[guardsmen, swordsmen], value=[12], element=["physical"], kind=["melee"])
    assert combat(g)["fame"] == 7
    before = g.state["players"][0]
    g.run("combat_end")

    st = g.state
    assert st["combat"]["current"] is None
    last = st["combat"]["last"]
    assert last["conquered"] is True and last["shields"] == {"keep": 1}
    pl = st["players"][0]
    assert pl["fame"] == before["fame"] + 7
    assert pl["reputation"] == before["reputation"] - 1
    assert pl["wounds"] == before["wounds"] + -(-3 // hero_armor)
    assert pl["units"][0]["wounded"] is True
    assert pl["shields"]["keep"] == 1

    # Undo of the outcome: the combat is back in its Attack phase and nothing was applied to Anna
    g.undo()
    st = g.state
    assert st["combat"]["current"]["phase"] == "attack"
    assert st["players"][0]["fame"] == before["fame"] and st["players"][0]["shields"]["keep"] == 0
    assert st["players"][0]["units"][0]["wounded"] is False
    g.redo()
    assert g.state["players"][0]["fame"] == before["fame"] + 7


def test_a_block_in_the_ranged_phase_is_refused(keep_fight):
    """Rulebook "Combat with Enemies": blocks belong to the Block phase, after the Ranged and Siege phase."""
    g = keep_fight
    with pytest.raises(Invalid, match="not possible in the"):
        g.run("combat_block", key=key_of(g, "guardsmen"), value=[3])
    assert combat(g)["actions"] == []


def test_a_double_fortified_enemy_cannot_be_attacked_in_the_ranged_phase(keep_fight):
    """Rulebook Ranged and Siege phase / quick reference, Fortified: a Fortified enemy at a fortified site cannot
    be targeted in the Ranged and Siege phase at all, not even by Siege attacks."""
    g = keep_fight
    with pytest.raises(Invalid, match="The rules do not allow this"):
        g.run("combat_attack", target=[key_of(g, "guardsmen")], value=[9], kind=["siege"])
    n = len(g.events)
    with pytest.raises(Invalid):
        g.run("combat_attack", target=[key_of(g, "swordsmen")], value=["1.9"], kind=["siege"])
    assert len(g.events) == n


def test_refusals_outside_a_combat_and_before_all_damage_is_assigned(keep_fight):
    """Rulebook Assign Damage phase 3: all damage must be assigned before the Attack phase."""
    g = LocalGame(SOLO)
    with pytest.raises(Invalid, match="no combat going on"):
        g.run("combat_phase")
    g = keep_fight
    g.run("combat_phase")  # to Block, nothing blocked
    g.run("combat_phase")  # to Assign Damage
    with pytest.raises(Invalid, match="Assign the damage"):
        g.run("combat_phase")
    with pytest.raises(Invalid, match="already going on"):
        g.run("combat_setup", player=0, fight="keep")
