"""A Runewars battle and a duel through LocalGame (commands, events and the fold; no Flask), seed 001."""

import pytest

from companion.game.spine.command import Invalid
from companion.game.spine.local import LocalGame

SETUP = {"game": "runewars", "mode": "runewars", "scenario": None, "name": "Runewars",
         "players": [{"name": "Elf"}, {"name": "Uthuk"}]}


def rw(game):
    return game.state["runewars"]


def enter_types(g):
    for owner, name, ini, shape, health in [(0, "Pegasus Rider", 2, "hexagon", 3), (0, "Archer", 3, "triangle", 1),
                                            (1, "Berserker", 2, "rectangle", 1), (1, "Beastman", 2, "triangle", 1),
                                            (1, "Flesh Ripper", 4, "circle", 2)]:
        g.run("runewars_unit_type", dict(owner=owner, name=name, initiative=ini, shape=shape, health=health))
    return {t["name"]: t["id"] for t in rw(g)["unit_types"]}


def battle(g):
    return rw(g)["battle"]


def test_a_battle_round_by_round_like_the_seed_example():
    """Seed 001, Battles and Rounds of Combat, following "Battle Example Round 2": the Elf attacks with two Pegasus
    Riders and two Archers; the Uthuk defends with two Berserkers, three Beastmen and a Flesh Ripper."""
    g = LocalGame(SETUP)
    t = enter_types(g)
    g.run("runewars_battle_start", attacker=0, defender=1, area="3A", **{
        f"count_{t['Pegasus Rider']}": 2, f"count_{t['Archer']}": 2, f"count_{t['Berserker']}": 2,
        f"count_{t['Beastman']}": 3, f"count_{t['Flesh Ripper']}": 1})
    b = battle(g)
    assert b["initiative"] == 2 and b["phase"] == "draw" and b["turn"] == "attacker"  # nobody has initiative 1
    # the attacker draws first: two cards for two Pegasus Riders
    with pytest.raises(Invalid):
        g.run("runewars_battle_draw", type=t["Archer"])  # initiative 3, not now
    g.run("runewars_battle_draw", type=t["Pegasus Rider"], damage=3)
    assert battle(g)["exchange"]["attacker"]["cards"] == 2 and battle(g)["turn"] == "defender"
    g.run("runewars_battle_draw", type=t["Berserker"], damage=1)
    assert battle(g)["phase"] == "resolve" and battle(g)["turn"] == "attacker"
    # attacker first: the Elf takes the Berserkers' damage (concurrent attack rule: they fall later but resolve)
    g.run("runewars_battle_resolve", damage_1="Pegasus Rider 1")
    # the damaged-first rule across points: after one point on the Flesh Ripper (health 2), the next must follow it
    with pytest.raises(Invalid, match="previously damaged"):
        g.run("runewars_battle_resolve", damage_1="Flesh Ripper 1", damage_2="Beastman 1", damage_3="Beastman 2")
    g.run("runewars_battle_resolve", damage_1="Berserker 1", damage_2="Berserker 2", damage_3="Beastman 1")
    b = battle(g)
    # the Beastmen have not drawn: the steps repeat; the Elf has no other initiative 2 type
    assert b["phase"] == "draw" and b["turn"] == "defender" and b["initiative"] == 2
    g.run("runewars_battle_draw", type=t["Beastman"], routs=1, damage=1)
    assert battle(g)["exchange"]["defender"]["cards"] == 2  # only two standing Beastmen remain
    with pytest.raises(Invalid, match="undamaged"):
        g.run("runewars_battle_resolve", rout_1="Pegasus Rider 1", damage_1="Pegasus Rider 2")
    g.run("runewars_battle_resolve", rout_1="Pegasus Rider 2", damage_1="Pegasus Rider 1")
    b = battle(g)
    units = {u["id"]: u for u in b["units"]}
    assert units["Pegasus Rider 2"]["routed"] and units["Pegasus Rider 1"]["damage"] == 2
    # initiatives 3 and 4: Archers and the Flesh Ripper draw nothing here
    assert b["initiative"] == 3
    g.run("runewars_battle_draw", type=t["Archer"])
    assert battle(g)["initiative"] == 4 and battle(g)["turn"] == "defender"
    g.run("runewars_battle_draw", type=t["Flesh Ripper"], damage=1)
    g.run("runewars_battle_resolve", damage_1="Pegasus Rider 1")
    b = battle(g)
    assert b["phase"] == "tally"
    # tally: two Archers against the Flesh Ripper and two Beastmen; the Uthuk wins
    g.run("runewars_battle_end", can_retreat="1", destination_units=0)
    done = rw(g)["battles"][-1]
    assert done["winner"] == "defender" and done["strength"] == {"attacker": 2, "defender": 3}
    assert battle(g) is None
    # undo is an event too: the battle comes back in its tally
    g.undo()
    assert battle(g)["phase"] == "tally"


def test_neutral_defender_played_by_the_player_to_the_left_and_stronghold_tie():
    """Battles 2: unallied neutral units are controlled by the player to the left of the current player; 5c/6:
    stronghold strength counts and a tie goes to the defender."""
    g = LocalGame(dict(SETUP, players=[{"name": "A"}, {"name": "B"}, {"name": "C"}]))
    g.run("runewars_unit_type", dict(owner=1, name="Knight", initiative=3, shape="rectangle", health=2))
    g.run("runewars_unit_type", dict(owner="neutral", name="Razorwing", initiative=1, shape="circle", health=1))
    k, r = (x["id"] for x in rw(g)["unit_types"])
    g.run("runewars_battle_start", attacker=1, defender="neutral", stronghold=1, **{f"count_{k}": 2, f"count_{r}": 1})
    assert battle(g)["controller"] == 2 and battle(g)["turn"] == "defender"
    g.run("runewars_battle_draw", type=r)
    g.run("runewars_battle_draw", type=k)
    g.run("runewars_battle_end")
    assert rw(g)["battles"][-1]["winner"] == "defender"  # 2 against 1 + stronghold 1: tie


def test_a_duel_and_the_limits():
    """Duels (four rounds, simultaneous damage, the winner takes the Reward cards); Gaining Heroes and Quest
    Cards limits of three."""
    g = LocalGame(SETUP)
    g.run("runewars_duel_start", attacker_player=1, attacker_name="Mad Carthos", attacker_health=4,
          defender_player=0, defender_name="Silhouette", defender_health=3, defender_damage=1)
    g.run("runewars_duel_round", attacker_icon="special", attacker_special="reward", attacker_value=2,
          defender_icon="rout", defender_value=1)
    assert rw(g)["duel"]["defender"]["damage"] == 2
    g.run("runewars_duel_round", attacker_icon="damage", attacker_value=1, attacker_prevent=1,
          defender_icon="damage", defender_value=1)
    d = rw(g)["duel"]
    assert d["over"] and d["winner"] == "attacker"
    with pytest.raises(Invalid):
        g.run("runewars_duel_round", attacker_icon="miss", defender_icon="miss")
    g.run("runewars_limits", player=0, heroes=4, quests=3)
    from companion.game.runewars.heroes import limit_prompts
    assert len(limit_prompts(g.state)) == 1
    g.run("runewars_attribute_test", hero="Silhouette", attribute="agility", value=2)
    assert rw(g)["tests"][-1]["cards"] == 2


@pytest.mark.parametrize("bad", [{"initiative": "1.9"}, {"initiative": True}, {"initiative": 6}, {"health": "1_000"},
                                 {"shape": "square"}, {"name": ["x"]}])
def test_unit_type_input_is_strict(bad):
    g = LocalGame(SETUP)
    data = dict({"owner": 0, "name": "Archer", "initiative": 3, "shape": "triangle", "health": 1}, **bad)
    with pytest.raises(Invalid):
        g.run("runewars_unit_type", data)


def test_mage_knight_games_refuse_runewars_commands():
    g = LocalGame({"scenario": "first_reconnaissance", "mode": "solo", "players": [{"name": "Anna", "hero": "tovak"}]})
    with pytest.raises(Invalid, match="This is a Mage Knight game: it has no command “runewars_unit_type”"):
        g.run("runewars_unit_type", dict(owner=0, name="Archer", initiative=3, shape="triangle", health=1))
    assert "runewars" not in g.state


def test_a_battles_end_is_not_undone_alone_once_a_type_it_fought_with_is_removed():
    """A unit type is removed only while no battle in force fights with it; so the per-entry undo of the battle's end
    is refused while that removal is in force (else the battle comes back with a type the game no longer has and the
    removal stops applying: found by Hypothesis in the per-entry undo round trip). Stored removals count too."""
    from companion.game.spine.undo import blocker
    from companion.state import Event

    def ev(seq, type_, scope):
        return Event(seq=seq, type=type_, payload={}, sentence={}, scope=scope)

    g = LocalGame(SETUP)
    g.run("runewars_unit_type", {"owner": 0, "name": "Archer", "initiative": 1, "shape": "triangle", "health": 2})
    removal = g.run("runewars_unit_type_remove", {"type": "t1"})
    assert "runewars:battle" in removal.scope  # what its check reads (no battle fights with it) is in its scope
    start = ev(2, "runewars.battle_start", ("runewars:battle", "runewars:type:t0"))
    end = ev(3, "runewars.battle_end", ("runewars:battle",))
    stored_removal = ev(4, "runewars.unit_type_remove", ("runewars:types", "runewars:type:t0"))  # an older version's
    events = [ev(1, "runewars.unit_type", ("runewars:types", "runewars:type:t0")), start, end, stored_removal]
    assert blocker(events, end) == stored_removal
