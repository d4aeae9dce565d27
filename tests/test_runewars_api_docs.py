"""docs/api.md documents every field the Runewars commands read: each command is run (in a state where it reads all
its fields) with a body that records every key read, and each key must be in that command's row of the Runewars
command table (``count_t1`` is documented as ``count_<type>``, ``rout_2`` as ``rout_1``..``rout_<n>``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.game.spine.command import COMMANDS, Invalid
from companion.game.spine.local import LocalGame

API = (Path(__file__).resolve().parent.parent / "docs" / "api.md").read_text()
SECTION = API.split("\n## Runewars\n", 1)[1].split("\n## ", 1)[0]
SETUP = {"game": "runewars", "mode": "runewars", "scenario": None, "name": "Runewars",
         "players": [{"name": "Elf", "hero": None, "team": None}, {"name": "Uthuk", "hero": None, "team": None}]}


class Recording(dict):
    """A body that notes every field a command reads."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.read: set[str] = set()

    def get(self, key, default=None):
        self.read.add(key)
        return super().get(key, default)

    def __getitem__(self, key):
        self.read.add(key)
        return super().__getitem__(key)

    def __contains__(self, key):
        self.read.add(key)
        return super().__contains__(key)


def rows() -> dict[str, str]:
    """The Runewars command table: command name -> its fields cell."""
    out = {}
    for line in SECTION.splitlines():
        m = re.match(r"\| `(runewars_\w+)` \| (.*?) \| ", line)
        if m:
            out[m.group(1)] = m.group(2)
    return out


def documented_as(key: str) -> str:
    key = re.sub(r"^(count|routed)_t\d+$", r"\1_<type>", key)
    key = re.sub(r"^(rout|damage)_\d+$", r"\1_1", key)
    return re.sub(r"^(attacker|defender)_", "<side>_", key)


def game_in_every_phase():
    """(state, command, body) for every Runewars command, each in a state where it reads all its fields."""
    g = LocalGame(SETUP)
    for owner, name, ini in ((0, "Archer", 1), (1, "Beastman", 1), ("neutral", "Hellhound", 2)):
        g.run("runewars_unit_type", {"owner": owner, "name": name, "initiative": ini, "shape": "triangle",
                                     "health": 2})
    out = [(g.state, "runewars_unit_type", {"owner": 0, "name": "Knight", "initiative": 3, "shape": "circle",
                                            "health": 2, "ability": "x"}),
           (g.state, "runewars_unit_type_remove", {"type": "t3"}),
           (g.state, "runewars_limits", {"player": 0, "heroes": 1, "quests": 2}),
           (g.state, "runewars_attribute_test", {"hero": "Silhouette", "attribute": "agility", "value": 2,
                                                 "quest": "1", "routed": "0"}),
           (g.state, "runewars_quest_phase", {})]
    g.run("runewars_quest_phase")
    battle = {"attacker": 0, "defender": 1, "area": "3A", "stronghold": 1, "fortification": "1", "count_t1": 2,
              "count_t2": 2, "routed_t1": 1, "routed_t2": 0}
    out.append((g.state, "runewars_battle_start", battle))
    g.run("runewars_battle_start", battle)
    out.append((g.state, "runewars_battle_draw", {"type": "t1", "special": 0, "routs": 1, "damage": 1}))
    g.run("runewars_battle_draw", type="t1", special=0, routs=1, damage=1)
    g.run("runewars_battle_draw", type="t2", special=0, routs=1, damage=1)
    out.append((g.state, "runewars_battle_resolve", {"rout_1": "Archer 1", "damage_1": "Archer 2"}))
    g.run("runewars_battle_resolve", rout_1="Archer 1", damage_1="Archer 2")
    g.run("runewars_battle_resolve", rout_1="Beastman 1", damage_1="Beastman 2")
    assert g.state["runewars"]["battle"]["phase"] == "tally"
    out.append((g.state, "runewars_battle_end", {"can_retreat": "1", "destination_units": 2}))
    hero = {"attacker_player": 0, "attacker_name": "Silhouette", "attacker_health": 3, "attacker_damage": 0,
            "attacker_routed": "0", "defender_player": 1, "defender_name": "Mad Carthos", "defender_health": 4,
            "defender_damage": 1, "defender_routed": "1"}
    out.append((g.state, "runewars_duel_start", hero))
    g.run("runewars_duel_start", hero)
    draw = {f"{side}_{k}": v for side in ("attacker", "defender")
            for k, v in (("icon", "special"), ("value", 1), ("special", "reward"), ("prevent", 0),
                         ("weapon", "Rage Blade"), ("armor", "Runeplate"))}
    out.append((g.state, "runewars_duel_round", draw))
    return out


CASES = game_in_every_phase()


def test_every_runewars_command_has_a_row():
    assert sorted(rows()) == sorted(c for c in COMMANDS if c.startswith("runewars_"))
    assert sorted({name for _s, name, _b in CASES}) == sorted(rows())


@pytest.mark.parametrize(("state", "name", "body"), CASES, ids=[c[1] for c in CASES])
def test_every_field_a_runewars_command_reads_is_documented_in_its_row(state, name, body):
    data = Recording(body)
    try:
        COMMANDS[name](state, data)
    except Invalid as err:  # the state is chosen so that it runs: a refusal here is a broken test
        pytest.fail(f"{name} refused: {err}")
    cell = rows()[name]
    missing = sorted({documented_as(k) for k in data.read} - set(re.findall(r"`([^`]+)`", cell)))
    assert missing == [], f"docs/api.md's row of `{name}` does not document {missing}"
    assert data.read or name == "runewars_quest_phase", name


def test_the_documented_ranges_are_the_parsers():
    """Two ranges spelled in the table, checked against the commands: a unit type's health 1-9 and a hero's 1-20."""
    g = LocalGame(SETUP)
    with pytest.raises(Invalid):
        g.run("runewars_unit_type", {"owner": 0, "name": "Giant", "initiative": 1, "shape": "circle", "health": 10})
    g.run("runewars_unit_type", {"owner": 0, "name": "Giant", "initiative": 1, "shape": "circle", "health": 9})
    with pytest.raises(Invalid):
        g.run("runewars_duel_start", attacker_player=0, attacker_name="A", attacker_health=21, defender_player=1,
              defender_name="B", defender_health=3)
    assert "`health` (1-9)" in rows()["runewars_unit_type"]
    assert "`<side>_health` (1-20)" in rows()["runewars_duel_start"]
