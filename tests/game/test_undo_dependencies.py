"""A per-entry undo is refused while a later event in force depends on what it takes back (the commands' scopes
say so), and an import replays what the game accepted: a Runewars export that could not be imported ("Event 26
(runewars.battle_start) cannot be replayed: There is no unit type t4")."""

import pytest

from companion.game.spine.command import Invalid
from companion.game.spine.exchange import check_import, export_dict
from companion.game.spine.local import LocalGame
from companion.state import Event, fold

RUNEWARS = {"game": "runewars", "mode": "runewars", "scenario": None, "name": "Runewars",
            "players": [{"name": "Elf", "hero": None, "team": None}, {"name": "Uthuk", "hero": None, "team": None}]}
TWO = {"scenario": "full_conquest", "mode": "competitive",
       "players": [{"name": "Anna", "hero": "arythea"}, {"name": "Ben", "hero": "tovak"}]}


def battle_with_two_types() -> LocalGame:
    g = LocalGame(RUNEWARS)
    g.run("runewars_unit_type", dict(owner=0, name="Archer", initiative=3, shape="triangle", health=1))
    g.run("runewars_unit_type", dict(owner=1, name="Beastman", initiative=2, shape="triangle", health=1))
    g.run("runewars_battle_start", dict(attacker=0, defender=1, area="Ford", count_t1=2, count_t2=1))
    return g


def export(g: LocalGame, events=None) -> dict:
    return export_dict(g.setup, g.seed, events if events is not None else g.events, "2026-11-27")


def test_a_unit_type_a_battle_uses_cannot_be_taken_back_alone_naming_the_battle():
    """Seed 001, Battles 3: the participating units are the battle's; taking back the entry of their unit type
    under it would leave the battle with units of no type."""
    g = battle_with_two_types()
    with pytest.raises(Invalid) as err:
        g.undo_event(2)
    assert "Unit type Beastman entered" in str(err.value) and "Battle in Ford" in str(err.value) \
        and "(#3)" in str(err.value)
    assert len(g.events) == 3


def test_a_unit_type_no_battle_uses_is_taken_back_alone():
    g = battle_with_two_types()
    g.run("runewars_unit_type", dict(owner=1, name="Flesh Ripper", initiative=4, shape="circle", health=2))
    g.undo_event(4)
    assert [t["name"] for t in g.state["runewars"]["unit_types"]] == ["Archer", "Beastman"]
    assert "failed_events" not in g.state and check_import(export(g))


def test_a_unit_wounded_in_a_later_entry_cannot_be_taken_back_alone():
    """Mage Knight: the recruit of a unit is refused while a later entry in force spends or wounds it."""
    g = LocalGame(TWO)
    g.run("recruit", player=0, unit="peasants", reward=True)
    g.run("unit", player=0, uid=1, action="wound")
    with pytest.raises(Invalid) as err:
        g.undo_event(1)
    assert "(#2)" in str(err.value)


def test_an_export_whose_undo_took_back_a_unit_type_under_a_battle_comes_back_as_the_game_showed_it():
    """The file the issue lost: made before the scopes named the unit types (so the undo was accepted). The game
    went on without the battle (named in failed_events); the import now does the same instead of refusing."""
    g = battle_with_two_types()
    old = [Event(seq=e.seq, type=e.type, payload=e.payload, sentence=e.sentence, scope=e.scope[:1]) for e in g.events]
    old.append(Event(seq=4, type="undo.event", payload={"target": 2}, sentence={"msg": "Undone"},
                     scope=("runewars:types",)))
    old.append(Event(seq=5, type="runewars.limits", payload={"player": 0, "heroes": 1, "quests": 0},
                     sentence={"msg": "limits"}, scope=("runewars:limits:0",)))
    played = fold(1, RUNEWARS, g.seed, old)
    assert [f["seq"] for f in played["failed_events"]] == [3]
    plan = check_import(export(g, old))
    assert [r.type for r in plan.events][-2:] == ["undo.event", "runewars.limits"]


def test_an_imported_undo_the_game_would_refuse_is_refused_naming_both_entries():
    g = battle_with_two_types()
    events = list(g.events) + [Event(seq=4, type="undo.event", payload={"target": 2}, sentence={"msg": "Undone"},
                                     scope=("runewars:types",))]
    with pytest.raises(Invalid) as err:
        check_import(export(g, events))
    assert "Event 4 (undo.event)" in str(err.value) and "entry #2" in str(err.value) \
        and "entry #3 (runewars.battle_start)" in str(err.value)


@pytest.mark.parametrize("kind", ["undo", "redo"])
def test_an_imported_undo_or_redo_with_nothing_to_take_back_is_refused(kind):
    g = LocalGame(TWO)
    g.run("fame", player=0, amount=2)
    events = list(g.events) + ([Event(seq=2, type="undo", payload={}, sentence={"msg": "Undone"}, scope=("*",)),
                                Event(seq=3, type="undo", payload={}, sentence={"msg": "Undone"}, scope=("*",))]
                               if kind == "undo" else
                               [Event(seq=2, type="redo", payload={}, sentence={"msg": "Redone"}, scope=("*",))])
    with pytest.raises(Invalid) as err:
        check_import(export(g, events))
    assert f"Event {len(events)} ({kind})" in str(err.value) and "nothing to take back" in str(err.value)
