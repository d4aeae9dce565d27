"""Typed enemies kept per game (seed 004 "ENEMIES": Mage Lite's enemies are printed on the Enemy
card - "the Enemy card's stats are not in the text, so the player types an enemy once (name, armor, attack and
element, abilities, resistances, Fame) and the game keeps it: later fights add it in one tap"). Works in any game
that has combat: a Mage Knight game here, a Mage Lite game in test_mage_lite_combat.py."""

from __future__ import annotations

import pytest

from companion.game.spine.command import Command, Invalid, apply
from companion.game.spine.local import LocalGame
from companion.game.spine.replay import replay_strict

SOLO = {"scenario": "first_reconnaissance", "mode": "solo", "players": [{"name": "Anna", "hero": "tovak"}]}
ORC = {"name": "Orc with poison", "armor": 5, "attack": 3, "attack_element": "physical", "ability": ["poison"],
       "fame": 3, "color": "green"}


def cur(g):
    return g.state["combat"]["current"]


def test_typed_once_in_a_combat_then_added_in_one_tap():
    """004 "ENEMIES": "the Orc with 5 defense, 3 attack and Poison" typed once while adding it to a fight; the next
    fight adds it with one value, the kept id, and gets the same Armor, attack, ability and Fame."""
    g = LocalGame(SOLO)
    g.run("combat_setup", player=0, fight="rampaging")
    ev = g.run("combat_enemy_add", {**ORC, "keep": "yes"})
    assert ev.type == "combat.enemy_add" and ev.payload["keep"] == "k1"  # one event for the one tap
    kept = g.state["kept_enemies"]["k1"]
    assert (kept["armor"], kept["attacks"], kept["abilities"], kept["fame"]) == (
        5, [{"value": 3, "element": "physical"}], ["poison"], 3)
    g.run("combat_cancel")
    g.run("combat_setup", player=0, fight="rampaging")
    g.run("combat_enemy_add", kept="k1")
    e = cur(g)["enemies"][0]
    assert (e["name"], e["armor"], e["attacks"], e["abilities"], e["fame"], e["kept"]) == (
        "Orc with poison", 5, [{"value": 3, "element": "physical"}], ["poison"], 3, "k1")


def test_keep_correct_and_forget_outside_a_combat():
    """Like a token's values corrected once per game: a kept enemy is corrected for the rest of the game (the same
    id again), and can be forgotten; a second enemy of the same name is refused (correct the one kept)."""
    g = LocalGame(SOLO)
    g.run("enemy_keep", ORC)
    with pytest.raises(Invalid, match="already keeps an enemy named"):
        g.run("enemy_keep", {**ORC, "name": "ORC WITH POISON"})
    g.run("enemy_keep", {**ORC, "id": "k1", "armor": 6})
    assert g.state["kept_enemies"]["k1"]["armor"] == 6
    with pytest.raises(Invalid, match="nothing to correct"):
        g.run("enemy_keep", {**ORC, "id": "k1", "armor": 6})
    g.run("enemy_keep", {"name": "Draconum", "armor": 7, "attack": 5, "attack_element": "fire", "fame": 6})
    assert sorted(g.state["kept_enemies"]) == ["k1", "k2"]
    g.run("enemy_forget", id="k1")
    assert sorted(g.state["kept_enemies"]) == ["k2"]
    g.run("combat_setup", player=0, fight="rampaging")
    with pytest.raises(Invalid, match="keeps no such enemy"):
        g.run("combat_enemy_add", kept="k1")
    g.run("combat_cancel")
    # a new one never reuses a forgotten id
    g.run("enemy_keep", ORC)
    assert sorted(g.state["kept_enemies"]) == ["k2", "k3"]


def test_undo_takes_the_kept_enemy_back_with_the_fight_it_was_typed_in():
    g = LocalGame(SOLO)
    g.run("combat_setup", player=0, fight="rampaging")
    g.run("combat_enemy_add", {**ORC, "keep": "yes"})
    g.undo()
    assert not g.state.get("kept_enemies") and cur(g)["enemies"] == []
    g.redo()
    assert list(g.state["kept_enemies"]) == ["k1"]


def test_a_kept_enemy_is_checked_like_a_typed_one():
    """The typed enemy's checks hold for a kept one: an Armor, an attack unless it summons; a payload with another
    kind of id or a broken enemy is refused before its reducer (commands and imports alike)."""
    g = LocalGame(SOLO)
    with pytest.raises(Invalid, match="Armor"):
        g.run("enemy_keep", {"name": "Ghost", "attack": 3})
    with pytest.raises(Invalid, match="summoner"):
        g.run("enemy_keep", {"name": "Ghost", "armor": 3})
    enemy = {"name": "X", "armor": 3, "attacks": [{"value": 2, "element": "physical"}], "abilities": [],
             "resistances": [], "fame": 1}
    for bad in ({"id": "../x", "enemy": enemy}, {"id": "k1", "enemy": {**enemy, "armor": -1}},
                {"id": "k1", "enemy": {**enemy, "abilities": ["flying"]}}):
        with pytest.raises(Invalid):
            apply(g.state, Command("enemy.kept", bad, {"msg": "x"}, ("kept:k1",)), 1)


def test_kept_enemies_survive_export_and_import():
    """The log is the game: an import's strict replay (companion/game/spine/replay.py) replays the kept enemies' events (checked) and gets the same ones."""
    g = LocalGame(SOLO)
    g.run("enemy_keep", ORC)
    g.run("combat_setup", player=0, fight="rampaging")
    g.run("combat_enemy_add", {"name": "Fire Draconum", "armor": 7, "attack": 5, "attack_element": "fire",
                               "fame": 6, "keep": "yes"})
    g.run("combat_enemy_add", kept="k1")
    state = replay_strict(2, g.setup, g.seed, g.events)
    assert state["kept_enemies"] == g.state["kept_enemies"] and sorted(state["kept_enemies"]) == ["k1", "k2"]
    assert [e["kept"] for e in state["combat"]["current"]["enemies"]] == ["k2", "k1"]


def test_a_kept_enemy_in_a_fight_in_force_cannot_be_undone_alone():
    """Undo (docs/architecture.md, per-entry undo): an entry is taken back alone only when no later entry in force
    depends on it. A fight that added a kept enemy in one tap depends on its keeping: taking the keeping back alone
    is refused naming the fight's entry (else the fold and the export lose that enemy: "This game keeps no such
    enemy"); a second enemy kept later depends on the first too (its name is checked against it)."""
    g = LocalGame(SOLO)
    keep = g.run("enemy_keep", ORC)
    g.run("combat_setup", player=0, fight="rampaging")
    added = g.run("combat_enemy_add", kept="k1")
    with pytest.raises(Invalid) as refused:
        g.undo_event(keep.seq)
    assert refused.value.args_["seq"] == added.seq
    g2 = LocalGame(SOLO)
    first = g2.run("enemy_keep", ORC)
    g2.run("enemy_keep", {**ORC, "name": "Wolf"})
    with pytest.raises(Invalid):
        g2.undo_event(first.seq)


def test_a_game_stored_with_the_old_scopes_follows_the_same_rule():
    """The same rule for a game an earlier version stored (a new keeping named only ``kept:<id>``, a fight's
    one-tap add no kept enemy): read with today's scopes. Keep "Ghoul X", forget it, keep a new "Ghoul X" while
    adding it to a fight; taking the forgetting back alone would give the game two enemies of one name and the
    fold would drop the fight's enemy: refused."""
    import dataclasses

    g = LocalGame(SOLO)
    g.run("enemy_keep", {**ORC, "name": "Ghoul X"})
    forgot = g.run("enemy_forget", id="k1")
    g.run("combat_setup", player=0, fight="rampaging")
    g.run("combat_enemy_add", {**ORC, "name": "Ghoul X", "keep": "yes"})
    old = {"enemy.kept": ("kept:k1",), "combat.enemy_add": ("combat", "kept:k2")}
    g.events[:] = [dataclasses.replace(e, scope=old[e.type]) if e.type in old else e for e in g.events]
    with pytest.raises(Invalid):
        g.undo_event(forgot.seq)
    assert len(cur(g)["enemies"]) == 1
