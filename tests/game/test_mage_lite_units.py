"""Mage Lite's Units in a fight (seed 004 "UNITS", "Assign Damage phase", "Enemy and Hero
Abilities"): the Units recorded on the Mage Lite page, with the Armor and resistances typed from the Unit card once,
are the ones a fight's Assign Damage phase offers (never Mage Knight's), and what the fight did to them comes back
into the game at ``combat.end``: wounded, twice by Poison, disbanded by Paralyze; healed on the page afterwards.
Through LocalGame on a game created as the API creates it."""

from __future__ import annotations

import pytest

from companion.game.combat.state import units_of
from companion.game.flow.setup import validate_setup
from companion.game.spine.command import Invalid
from companion.game.spine.local import LocalGame
from companion.game.spine.payloads import check_payload
from companion.rules.text import from_json
from companion.state import Event

GHOUL = {"name": "Ghoul", "armor": 4, "attack": 4, "fame": 2}
# 004 "ENEMIES": "the Orc with 5 defense, 3 attack and Poison"
POISON_ORC = {"name": "Orc", "armor": 5, "attack": 3, "ability": ["poison"], "fame": 3, "color": "green"}
MEDUSA = {"name": "Medusa", "armor": 4, "attack": 2, "ability": ["paralyze"], "fame": 4}


def game():
    return LocalGame(validate_setup({"game": "mage_lite", "difficulty": "normal", "players": [{"name": "Anna"}]}))


def cur(g):
    return g.state["combat"]["current"]


def unit(g, item_id="i1"):
    return next((i for i in g.state["mage_lite"]["items"] if i["id"] == item_id), None)


def gain(g, name="Peasants", armor=3, resistances=()):
    form = {"action": "gain", "kind": "unit", "name": name, "resistance": list(resistances)}
    if armor is not None:
        form["armor"] = str(armor)
    g.run("mage_lite_item", form)
    return g.state["mage_lite"]["items"][-1]["id"]


def to_damage(g, enemy=GHOUL, fight="rampaging"):
    g.run("combat_setup", {"player": 0, "fight": fight})
    g.run("combat_enemy_add", enemy)
    while cur(g)["phase"] != "damage":
        g.run("combat_phase")


def fight(g, enemy, units, fame_attack=20):
    """An unblocked attack assigned to ``units`` (ids "Name #n"), the enemy defeated, the combat ended."""
    to_damage(g, enemy)
    g.run("combat_damage", mode="manual", attack="1:0", unit=list(units))
    g.run("combat_phase")
    g.run("combat_attack", target=[1], value=[fame_attack], element=["physical"], kind=["melee"])
    return g.run("combat_end")


def test_the_fight_offers_the_games_units_with_the_card_numbers_typed_once():
    """004 "UNITS": "Each Unit you own are assigned to a Command token"; the Unit card's Armor and resistances are
    not in the text: typed when gaining it, or later (before its first fight). A Unit without them waits."""
    g = game()
    gain(g, "Foresters", armor=None)
    assert unit(g)["kind"] == "unit" and "armor" not in unit(g)  # the old shape: name only
    g.run("combat_setup", {"player": 0, "fight": "rampaging"})
    assert units_of(g.state, cur(g)) == []  # no Armor yet: nothing to reduce the damage by
    g.run("combat_cancel")
    g.run("mage_lite_unit", {"action": "card", "id": "i1", "armor": "4", "resistance": ["fire"]})
    assert (unit(g)["armor"], unit(g)["resistances"]) == (4, ["fire"])
    g.run("combat_setup", {"player": 0, "fight": "rampaging"})
    (u,) = units_of(g.state, cur(g))
    assert (u.id, u.armor, u.resistances, u.wounded) == ("Foresters #1", 4, ("fire",), False)
    assert g.state["players"][0]["units"] == []  # never Mage Knight's Units


def test_any_damage_wounds_an_unwounded_unit_and_is_reduced_by_its_armor():
    """004 "Assign Damage phase" 4a: "Whenever a Unit is assigned damage, reduce the damage total by the Unit's
    Armor value. Assigning just one point of damage can Wound a Unit with a high Armor value." Ghoul 4 damage on
    Peasants (Armor 3): wounded, 1 left for the hero (Armor 2): 1 wound."""
    g = game()
    gain(g, "Peasants", 3)
    ev = fight(g, GHOUL, ["Peasants #1"])
    assert unit(g)["wounds"] == 1
    o = g.state["combat"]["last"]
    assert o["units"] == [{"uid": 1, "wounds": 1, "destroyed": False, "name": "Peasants", "name_de": None}]
    assert o["wounds_to_hand"] == 1
    assert "mage_lite" in ev.scope  # the fight touches the Mage Lite game's Units: undo takes them back
    g.undo()
    assert not unit(g)["wounds"]


def test_a_resistant_unit_absorbs_its_armor_once_without_a_wound():
    """004 "Assign Damage phase" 4b: "If the Unit is resistant to the elements of the attack ... First, reduce
    amount of the damage by the Unit's Armor (without Wounding the Unit). If this absorbs all the damage, nothing
    happens." Physical resistance, Armor 4, against the Ghoul's physical 4: absorbed, unwounded."""
    g = game()
    gain(g, "Golems", 4, ["physical"])
    fight(g, GHOUL, ["Golems #1"])
    assert not unit(g)["wounds"]
    assert g.state["combat"]["last"]["units"] == [] and g.state["combat"]["last"]["wounds_to_hand"] == 0


def test_poison_wounds_a_unit_twice_and_it_is_healed_twice():
    """004 "Enemy and Hero Abilities", Poison: "If a Hero or a Unit gets Wounded because of an attack from an enemy
    with Poison, each Wound are doubled. A unit that is Wound twice need to be healed twice this turn or on the
    next, if not it is disbanded." Healing is done on the Mage Lite page, never during a combat (004 "Combat" 5:
    "no healing effects may be played during combat")."""
    g = game()
    gain(g, "Peasants", 3)
    fight(g, POISON_ORC, ["Peasants #1"])
    assert unit(g)["wounds"] == 2
    assert g.state["combat"]["last"]["units"][0]["wounds"] == 2
    g.run("combat_setup", {"player": 0, "fight": "rampaging"})
    with pytest.raises(Invalid, match="No healing during a combat"):
        g.run("mage_lite_unit", {"action": "heal", "id": "i1"})
    g.run("combat_cancel")
    ev = g.run("mage_lite_unit", {"action": "heal", "id": "i1"})
    assert unit(g)["wounds"] == 1 and "one more heal" in ev.sentence["msg"]
    g.run("mage_lite_unit", {"action": "heal", "id": "i1"})
    assert unit(g)["wounds"] == 0
    with pytest.raises(Invalid, match="not wounded"):
        g.run("mage_lite_unit", {"action": "heal", "id": "i1"})


def test_paralyze_disbands_a_unit_it_wounds():
    """004 "Enemy and Hero Abilities", Paralyze: "If a Unit gets Wounded because of an attack from an enemy with
    Paralyze, it is immediately disbanded"; "Assign Damage phase" 6b: "immediately destroyed without the chance to
    heal it". Its Command token is free again."""
    g = game()
    gain(g, "Peasants", 3)
    fight(g, MEDUSA, ["Peasants #1"])
    assert unit(g) is None and g.state["mage_lite"]["items"] == []
    assert g.state["combat"]["last"]["units"][0]["destroyed"]
    gain(g, "Foresters", 4)  # level 1: one Command token, free again


def test_assassination_damage_cannot_go_to_units():
    """004 "Enemy and Hero Abilities", Assassination: "Damage from this attack cannot be assigned to Units. If
    unblocked, it has to be all assigned to the hero." """
    g = game()
    gain(g, "Peasants", 3)
    to_damage(g, {"name": "Assassin", "armor": 4, "attack": 3, "ability": ["assassination"], "fame": 4})
    with pytest.raises(Invalid):
        g.run("combat_damage", mode="manual", attack="1:0", unit=["Peasants #1"])
    g.run("combat_damage", mode="suggest")
    res = cur(g)["damage"]["result"]
    assert not any(u["wounds"] or u["destroyed"] for u in res["units"]) and res["hero"]["wounds_to_hand"] == 2


def test_a_wounded_unit_takes_no_damage_and_cannot_be_used():
    """004 "Assign Damage phase" 3: "You can assign damage to one or more of your Unwounded Units"; "UNITS": "A
    Unit that is Ready and not Wounded may be activated for one of its abilities once per ROUND"."""
    g = game()
    gain(g, "Peasants", 3)
    fight(g, GHOUL, ["Peasants #1"])
    with pytest.raises(Invalid, match="wounded"):
        g.run("mage_lite_item", {"action": "use", "id": "i1"})
    to_damage(g, GHOUL)
    with pytest.raises(Invalid, match="wounded unit cannot"):
        g.run("combat_damage", mode="manual", attack="1:0", unit=["Peasants #1"])


def test_a_spent_unit_can_take_damage():
    """004 "Assign Damage phase" 4: "Unwounded Spent Units can have damage assigned to them." """
    g = game()
    gain(g, "Peasants", 3)
    g.run("mage_lite_item", {"action": "use", "id": "i1"})
    fight(g, GHOUL, ["Peasants #1"])
    assert unit(g)["wounds"] == 1 and unit(g)["used"]


def test_a_unit_disbanded_during_the_fight_is_skipped_at_its_end():
    """A Unit removed on the page while a fight assigned it damage: the fight's end applies the rest."""
    g = game()
    gain(g, "Peasants", 3)
    to_damage(g, GHOUL)
    g.run("combat_damage", mode="manual", attack="1:0", unit=["Peasants #1"])
    g.run("mage_lite_item", {"action": "lose", "id": "i1"})
    g.run("combat_phase")
    g.run("combat_attack", target=[1], value=[20], element=["physical"], kind=["melee"])
    g.run("combat_end")
    assert g.state["mage_lite"]["items"] == [] and g.state["players"][0]["fame"] == 2


def test_the_card_numbers_are_checked():
    g = game()
    gain(g, "Peasants", armor=None)
    with pytest.raises(Invalid):
        g.run("mage_lite_unit", {"action": "card", "id": "i1", "armor": "0"})
    with pytest.raises(Invalid, match="physical, fire and ice"):
        g.run("mage_lite_unit", {"action": "card", "id": "i1", "armor": "3", "resistance": ["cold_fire"]})
    with pytest.raises(Invalid, match="no such Unit"):
        g.run("mage_lite_unit", {"action": "card", "id": "i9", "armor": "3"})
    with pytest.raises(Invalid):
        gain(g, "Golems", armor=12)


def test_old_and_new_payloads_are_valid_and_an_import_refuses_what_the_command_refuses():
    """Old exports: a Unit gained by name only stays valid; the new fields are optional. A stored event is checked
    against the state as its command checks it (``spine.payloads.needs``): no heal of an unwounded Unit; where it is
    recorded (``needs_at_record``: the command, an import) no Unit beyond the Command tokens (004 "UNITS": "You cannot have more Units than Command tokens")."""
    g = game()
    state = g.state
    check_payload(state, "mage_lite.item", {"action": "gain", "kind": "unit", "name": "Peasants"})
    check_payload(state, "mage_lite.item", {"action": "gain", "kind": "unit", "name": "Golems", "armor": 4,
                                            "resistances": ["physical"]})
    with pytest.raises(Invalid):
        check_payload(state, "mage_lite.item", {"action": "gain", "kind": "unit", "name": "X",
                                                "resistances": ["fire", "fire"]})
    with pytest.raises(Invalid, match="no such Unit"):
        check_payload(state, "mage_lite.unit", {"action": "card", "id": "i1", "armor": 3})
    gain(g, "Peasants", armor=None)
    state = g.state
    check_payload(state, "mage_lite.unit", {"action": "card", "id": "i1", "armor": 3})
    with pytest.raises(Invalid):
        check_payload(state, "mage_lite.unit", {"action": "card", "id": "i1"})  # the card's Armor is needed
    with pytest.raises(Invalid, match="not wounded"):
        check_payload(state, "mage_lite.unit", {"action": "heal", "id": "i1"})
    with pytest.raises(Invalid, match="Every Command token has a Unit"):  # where it is recorded: command, import
        check_payload(state, "mage_lite.item", {"action": "gain", "kind": "unit", "name": "Golems"}, at_record=True)
    # not on the fold: a stored gain is kept (the next test)
    check_payload(state, "mage_lite.item", {"action": "gain", "kind": "unit", "name": "Golems"})


def test_the_outcome_says_the_level_up_in_mage_lites_words():
    """004 "LEVELING UP": "On every even level, you gain a skill ... and an advanced action" (from "the three
    left-most basic actions in your hand"); "On every odd level, you gain a command token"; Mini Blitz: the Fame
    Bonus "immediately after you cross a fame level". Normal, 9 Fame from 0: level 2 at 3 (+1), level 3 at 8 (+1):
    11 Fame."""
    g = game()
    to_damage(g, {"name": "Golem", "armor": 5, "attack": 1, "fame": 9})
    g.run("combat_damage", mode="suggest")
    g.run("combat_phase")
    g.run("combat_attack", target=[1], value=[20], element=["physical"], kind=["melee"])
    g.run("combat_end")
    level = g.state["combat"]["last"]["level"]
    assert (level["before"], level["after"], level["bonus"]) == (1, 3, 2)
    assert level["rewards"] == ["skill_and_advanced_action", "command_token"]
    lines = [str(from_json(x)) for x in level["lines"]]
    assert "a Skill and an Advanced Action (look at the back of the three left-most basic actions" in lines[0]
    assert "level 3: a Command token" in lines[1]
    assert g.state["players"][0]["fame"] == 11


def older_version(g, name, data):
    """An entry an older version recorded in a Mage Lite game with one of Mage Knight's commands (the game's kind
    now refuses the command: companion/game/kinds; a stored game keeps folding it)."""
    from companion.game.spine.command import COMMANDS

    return g.record(COMMANDS[name](g.state, data))


def test_an_older_games_fight_with_mage_knight_units_leaves_the_mage_lite_units_alone():
    """Before the game's own Units fought, a Mage Lite game's fight took the player's Mage Knight Units (``recruit``):
    their uids may equal a Mage Lite item's number. Such a fight's end, replayed from an old export, wounds the Mage
    Knight Unit as before and no Mage Lite Unit (whose Armor no fight knew)."""
    g = game()
    gain(g, "Peasants", armor=None)
    older_version(g, "recruit", {"player": 0, "name": "Peasants", "level": 1, "armor": 3})
    g.run("combat_setup", {"player": 0, "fight": "rampaging"})
    g.run("combat_enemy_add", GHOUL)
    g.run("combat_phase")
    g.run("combat_attack", target=[1], value=[20], element=["physical"], kind=["ranged"])  # defeated: it may end
    o = {"player": 0, "fight": "rampaging", "fame": 0, "reputation": 0, "wounds_to_hand": 0, "wounds_to_discard": 0,
         "units": [{"uid": 1, "wounds": 1, "destroyed": False, "name": "Peasants"}], "shields": {},
         "conquered": None, "defeated": [], "undefeated": []}
    g.events.append(Event(seq=g.seq + 1, type="combat.end", payload={"outcome": o}, sentence={"msg": "old"},
                          scope=("combat",)))  # a stored event, replayed as an import does
    state = g.state
    assert not state.get("failed_events")
    assert state["players"][0]["units"][0]["wounded"] and not state["mage_lite"]["items"][0].get("wounds")


def test_a_stored_unit_gain_survives_the_fold_after_an_earlier_fame_entry_is_undone_alone():
    """The rule of the event log (docs/architecture.md): a stored game never loses an event on its fold. A Unit gain
    recorded before its scope named the Fame ("mage_lite" only) stays when an earlier plain Fame entry
    (``player.fame``, scope ``player:0:fame``) is taken back alone, though the Command tokens (004 "On every odd
    level, you gain a command token") now count fewer: the Command-token check is the command's and an import's, at
    record, not the fold's."""
    import dataclasses

    g = game()
    fame = older_version(g, "fame", {"player": "0", "amount": "10"})
    gain(g, "Peasants")
    gain(g, "Foresters")
    g.events[:] = [dataclasses.replace(e, scope=("mage_lite",)) if e.type == "mage_lite.item" else e
                   for e in g.events]
    g.run("mage_lite_item", {"action": "use", "id": "i2"})
    g.undo_event(fame.seq)
    assert [(i["id"], i["name"], i["used"]) for i in g.state["mage_lite"]["items"]] == [
        ("i1", "Peasants", False), ("i2", "Foresters", True)]
