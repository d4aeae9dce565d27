"""No wasted taps, decided by the game layer: a combat phase with nothing to do is skipped (with a note saying
why), a combat with no enemy left jumps to its result, and only the enemies an attack can target in this phase are
offered (companion/game/combat/phases.py, view.py)."""

import pytest

from companion.game.combat.view import page_context
from companion.game.spine.command import Invalid
from companion.game.spine.local import LocalGame

SOLO = {"scenario": "first_reconnaissance", "mode": "solo", "players": [{"name": "Anna", "hero": "tovak"}]}


def cur(g):
    return g.state["combat"]["current"]


def rampaging_prowlers():
    """Rampaging Prowlers (green: Armor 3, Attack 4, Fame 2) outside any site."""
    g = LocalGame(SOLO)
    g.run("combat_setup", player=0, fight="rampaging")
    g.run("combat_enemy_add", token="prowlers", rampaging="yes")
    g.run("combat_phase")
    assert cur(g)["phase"] == "ranged_siege"
    return g


def test_every_attack_blocked_skips_the_assign_damage_phase_with_a_note():
    """Rulebook "Combat with Enemies", Assign Damage phase: only unblocked attacks deal damage; with every attack
    blocked there is nothing to assign, so "Done" in the Block phase goes on to the Attack phase."""
    g = rampaging_prowlers()
    g.run("combat_phase")  # no ranged attack
    key = cur(g)["enemies"][0]["key"]
    assert page_context(g.state, {})["next_phase"] == "damage"  # the attack is not blocked yet
    g.run("combat_block", key=key, attack_index=0, value=[4], element=["physical"])
    assert page_context(g.state, {})["next_phase"] == "attack"  # what "Done" says it leads to
    g.run("combat_phase")
    assert cur(g)["phase"] == "attack" and cur(g)["skipped"] == ["damage"]
    assert g.events[-1].payload == {"to": "attack", "skipped": ["damage"]}
    notes = page_context(g.state, {})["skip_notes"]
    assert len(notes) == 1 and "every attack was blocked" in notes[0]
    g.run("combat_attack", target=[key], value=[3])
    g.run("combat_end")
    assert g.state["players"][0]["fame"] == 2


def test_an_unblocked_attack_still_goes_to_the_assign_damage_phase():
    g = rampaging_prowlers()
    g.run("combat_phase")
    g.run("combat_phase")
    assert cur(g)["phase"] == "damage" and cur(g)["skipped"] == []


def test_no_enemy_left_after_the_ranged_attack_jumps_to_the_result():
    """Rulebook Ranged and Siege phase: enemies defeated there take no part in the Block or Assign Damage phase;
    with every enemy defeated the combat is over - End is offered at once, no "Done" through empty phases."""
    g = rampaging_prowlers()
    key = cur(g)["enemies"][0]["key"]
    g.run("combat_attack", target=[key], value=[3], kind=["ranged"])
    ctx = page_context(g.state, {})
    assert ctx["can_end"] and ctx["outcome_preview"]["fame"] == 2
    g.run("combat_end")  # straight from the Ranged and Siege phase
    assert g.state["players"][0]["fame"] == 2 and g.state["combat"]["current"] is None


def test_the_combat_cannot_end_early_while_an_enemy_is_left():
    g = rampaging_prowlers()
    with pytest.raises(Invalid, match="not possible in the"):
        g.run("combat_end")


def test_done_with_no_enemy_left_skips_block_and_damage_with_notes():
    """The older path still works: "Done" after the last enemy fell in the Ranged and Siege phase goes to the
    Attack phase, noting both skipped phases."""
    g = rampaging_prowlers()
    g.run("combat_attack", target=[cur(g)["enemies"][0]["key"]], value=[3], kind=["ranged"])
    g.run("combat_phase")
    assert cur(g)["phase"] == "attack" and cur(g)["skipped"] == ["block", "damage"]
    assert len(page_context(g.state, {})["skip_notes"]) == 2


def test_only_doubly_fortified_enemies_skip_the_ranged_phase_and_are_not_offered():
    """Rulebook Ranged and Siege phase 3 / quick reference, Fortified: a Fortified enemy at a fortified site (a
    keep) cannot be targeted in the Ranged and Siege phase; with only such enemies there is nothing to do there."""
    g = LocalGame(SOLO)
    g.run("combat_setup", player=0, fight="keep")
    g.run("combat_enemy_add", token="guardsmen")  # Fortified, at a keep: doubly fortified
    assert page_context(g.state, {})["next_phase"] == "block"
    g.run("combat_phase")
    assert cur(g)["phase"] == "block" and cur(g)["skipped"] == ["ranged_siege"]

    g = LocalGame(SOLO)
    g.run("combat_setup", player=0, fight="keep")
    g.run("combat_enemy_add", token="guardsmen")
    g.run("combat_enemy_add", token="swordsmen")  # fortified by the keep only: Siege can reach it
    g.run("combat_phase")
    assert cur(g)["phase"] == "ranged_siege"
    ctx = page_context(g.state, {})
    assert [e["token"] for e in ctx["targetable"]] == ["swordsmen"]
    assert ctx["only_target"] == next(e["key"] for e in cur(g)["enemies"] if e["token"] == "swordsmen")
