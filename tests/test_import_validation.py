"""Imports pass the same checks as the commands that make their events: every reported crafted file is refused
with the event's position and the reason, nothing written; every valid export (with every kind of undo) imports;
after an import every page renders."""

from __future__ import annotations

import copy
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from game_helpers import new_game
from import_helpers import exported, import_file, imported_id, refused, render_every_page

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture
def good(client):
    gid = new_game(client)
    client.post(f"/games/{gid}/do/fame", data={"player": "0", "amount": "3"})
    return exported(client, gid)


def with_extra(good, type_, payload, sentence=None):
    data = copy.deepcopy(good)
    n = len(data["events"]) + 1
    data["events"].append({"seq": n, "type": type_, "payload": payload,
                           "sentence": sentence or {"msg": "x", "args": {}}, "text": "", "scope": ["*"],
                           "device": None, "created": "2026-01-01T00:00:00Z"})
    return data, n


# ---------------------------------------------------------------------------------------------- every undo kind


def test_an_export_with_a_log_page_undo_and_undo_my_last_imports_and_round_trips(client):
    gid = new_game(client)
    for player, amount in (("0", "3"), ("1", "2"), ("0", "1")):
        client.post(f"/games/{gid}/do/fame", data={"player": player, "amount": amount})
    client.post(f"/games/{gid}/do/wounds", data={"player": "1", "amount": "2"})
    assert client.post(f"/games/{gid}/undo/2").status_code == 303  # the log page: Ben's Fame, from the middle
    assert client.post(f"/games/{gid}/undo-mine").status_code == 303  # the latest of this device: the wounds
    client.post(f"/games/{gid}/redo")  # the wounds come back
    client.post(f"/games/{gid}/redo")  # Ben's Fame comes back in its place
    assert client.post(f"/games/{gid}/undo/1").status_code == 409  # the later Fame of Anna touched the same thing
    client.post(f"/games/{gid}/undo/2")
    good = exported(client, gid)
    assert "undo.event" in [e["type"] for e in good["events"]]
    new = imported_id(import_file(client, good))
    assert client.get(f"/api/v1/games/{new}").status_code in (200, 403)
    a, b = exported(client, gid), exported(client, new)
    assert [(e["type"], e["payload"]) for e in a["events"]] == [(e["type"], e["payload"]) for e in b["events"]]
    old_page = client.get(f"/games/{gid}").get_data(as_text=True)
    new_page = client.get(f"/games/{new}").get_data(as_text=True)
    assert old_page.count("Fame") == new_page.count("Fame")
    render_every_page(client, new)


def test_the_strict_replay_follows_undo_event_and_redo_in_place_as_the_fold_does():
    import random

    from companion.game.spine.local import LocalGame
    from companion.game.spine.replay import replay_strict
    from companion.state import Event, Walker, fold

    setup = {"scenario": "full_conquest", "mode": "competitive", "name": "",
             "players": [{"name": "A", "hero": "tovak", "team": None}, {"name": "B", "hero": None, "team": None}]}
    LocalGame(setup)
    for seed in range(8):
        rnd = random.Random(seed)
        events, walker = [], Walker()
        for seq in range(1, 300):
            # the undos the routes record: something to take back (an entry in force) or to put back
            kind = rnd.choice(["player.fame"] * 4 + ["undo"] * bool(walker.active) + ["redo"] * bool(walker.undone)
                              + ["undo.event"] * 2 * bool(walker.active))
            payload = ({"player": seq % 2, "amount": rnd.randint(1, 5)} if kind == "player.fame" else
                       {"target": rnd.choice(walker.active).seq} if kind == "undo.event" else {})
            events.append(Event(seq=seq, type=kind, payload=payload, sentence={}))
            walker.push(events[-1])
        assert replay_strict(0, setup, "s", events) == fold(0, setup, "s", events), seed


# ---------------------------------------------------------------------------------------------- crafted events


def test_a_sentence_argument_that_cannot_be_formatted_is_refused_or_shown(app, client, good):
    """OverflowError: ``%c`` of a huge number in a log sentence."""
    data, n = with_extra(good, "player.fame", {"player": 0, "amount": 1},
                         sentence={"msg": "%(n)c gains", "args": {"n": 10**8}})
    r = import_file(client, data)
    if r.status_code == 303:
        render_every_page(client, imported_id(r))
    else:
        assert r.status_code == 400 and f"Event {n} " in r.get_data(as_text=True)


def test_a_sentence_that_cannot_be_formatted_renders_its_message():
    from companion.game.spine.sentences import render_sentence

    for s in ({"msg": "%(n)c x", "args": {"n": 10**8}}, {"msg": "%(n)d x", "args": {"n": "a"}},
              {"msg": "%(n)c x", "args": {"n": -1}}, {"msg": "%(n)d", "args": {"n": 1e300}}):
        assert isinstance(render_sentence(s), str)


@pytest.mark.parametrize("order", [[5, 0], [0, 1, 2], [-1, 0], [0], ["0", "1"], [0, 0], "01", [0.5, 1]])
def test_a_round_order_with_players_out_of_range_is_refused(app, client, good, order):
    data, n = with_extra(good, "round.order", {"order": order})
    refused(app, client, data, n, "round.order")


def test_a_final_score_without_players_is_refused(app, client, good):
    data, n = with_extra(good, "score.final", {"sheet": {}, "result": {"players": []}})
    refused(app, client, data, n, "score.final")


@pytest.mark.parametrize("enemy", [
    {"name": "X"}, {"name": "X", "armor": "3", "attacks": []}, {"name": 5, "armor": 3, "attacks": []},
    {"name": "X", "armor": 3, "attacks": [{"value": 2}]}, {"name": "X", "armor": 3, "attacks": "many"},
    {"name": "X", "armor": 3, "attacks": [{"value": 2, "element": "plasma"}]}, "golem",
])
def test_a_malformed_enemy_is_refused(app, client, good, enemy):
    data, n = with_extra(good, "combat.setup", {
        "player": 0, "fight": "rampaging", "site": {"fortified": False, "city": None, "across_wall": False},
        "level": None, "hero_armor": 2, "hand_limit": 5, "units_allowed": True, "night": False, "revisit": False,
        "owner": None})
    data, n = with_extra(data, "combat.enemy_add", {"enemy": enemy})
    refused(app, client, data, n, "combat.enemy_add")


def test_a_runewars_unit_type_without_a_name_is_refused(app, client):
    import re

    r = client.post("/runewars", data={"name_0": "Elf", "name_1": "Uthuk", "name": "Night battle"})
    gid = int(re.search(r"/games/(\d+)/", r.headers["Location"]).group(1))
    client.post(f"/games/{gid}/do/runewars_unit_type", data={"owner": "0", "name": "Archer", "initiative": "3",
                                                              "shape": "triangle", "health": "1"})
    good = exported(client, gid)
    payload = dict(good["events"][0]["payload"])
    payload.pop("name")
    data, n = with_extra(good, "runewars.unit_type", payload)
    refused(app, client, data, n, "runewars.unit_type")


@pytest.mark.parametrize("type_, payload", [
    ("player.fame", {"player": -1, "amount": 1}),
    ("player.fame", {"player": "0", "amount": 1}),
    ("player.fame", {"player": 0, "amount": 1.5}),
    ("player.fame", {"player": 0, "amount": "2"}),
    ("player.fame", {"player": True, "amount": 2}),
    ("player.crystal", {"player": 0, "color": "red", "amount": 500}),
    ("player.crystal", {"player": 0, "color": "purple", "amount": 1}),
    ("player.wounds", {"player": 0, "amount": 10**6}),
    ("player.shield", {"player": 2, "site": "keep", "amount": 1}),
    ("unit.recruit", {"player": 0, "unit": None, "name": "", "level": 9, "armor": 3}),
    ("round.time", {"time": "dusk"}),
    ("undo.event", {"target": "1"}),
])
def test_inconsistent_values_are_refused_naming_the_event(app, client, good, type_, payload):
    data, n = with_extra(good, type_, payload)
    refused(app, client, data, n, type_)


# ---------------------------------------------------------------------------------------------- one check


def test_every_event_type_declares_its_payload():
    """Each event a command can record has its payload check (a feature package's payloads.py, or
    game/spine/payload_schemas.py), run by the commands' dry run and by the import's replay alike; and every declared
    payload is an event type this version handles (a reducer's, or an undo's)."""
    from companion.game import load_all
    from companion.game.spine.payloads import PAYLOADS
    from companion.state import REDUCERS, UNDO_TYPES

    load_all()
    assert sorted(set(REDUCERS) - set(PAYLOADS)) == []
    assert set(UNDO_TYPES) <= set(PAYLOADS)
    assert sorted(set(PAYLOADS) - set(REDUCERS) - set(UNDO_TYPES)) == []


def test_no_module_of_the_game_layer_loads_a_reducer_without_its_payload():
    """The payloads are declared beside the reducers, not loaded on demand: whichever single module of the game
    layer a fresh interpreter imports, every reducer it registers has its event's payload declared."""
    code = textwrap.dedent("""
        import importlib, pkgutil, sys
        import companion.game
        names = sorted(m.name for m in pkgutil.walk_packages(companion.game.__path__, prefix="companion.game."))
        for name in names:
            for k in [k for k in sys.modules if k == "companion" or k.startswith("companion.")]:
                del sys.modules[k]
            importlib.import_module(name)
            state, payloads = sys.modules.get("companion.state"), sys.modules.get("companion.game.spine.payloads")
            reducers = set(state.REDUCERS) if state else set()
            declared = set(payloads.PAYLOADS) if payloads else set()
            print(name, sorted(reducers), sorted(reducers - declared), sep="|")
    """)
    run = subprocess.run([sys.executable, "-c", code], cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)},
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    rows = [line.split("|") for line in run.stdout.splitlines()]
    assert {name for name, _, _ in rows} >= {"companion.game.combat.setup", "companion.game.flow.trackers",
                                              "companion.game.scoring.commands", "companion.game.runewars.battle"}
    assert any(reducers != "[]" for _, reducers, _ in rows)
    assert [(name, missing) for name, _, missing in rows if missing != "[]"] == []


def test_an_event_type_without_a_declared_payload_is_refused():
    """No event passes unchecked: a type with no payload check is refused (by the dry run and the replay alike),
    never let through."""
    from companion.game.spine.command import Invalid
    from companion.game.spine.payloads import check_payload

    with pytest.raises(Invalid, match="no payload check for the event type combat.teleport"):
        check_payload({"players": []}, "combat.teleport", {})


def test_a_command_and_an_import_refuse_the_same_payload_for_the_same_reason(app, client, good):
    """The command path (``command.apply``) runs the same check as the import: a payload the check refuses is
    never recorded either."""
    from companion.game.spine.command import Command, Invalid, apply
    from companion.game.spine.local import LocalGame

    g = LocalGame({"scenario": "full_conquest", "mode": "competitive", "name": "",
                   "players": [{"name": "A", "hero": "tovak", "team": None},
                               {"name": "B", "hero": "goldyx", "team": None}]})
    bad = {"player": 0, "color": "red", "amount": 500}
    with pytest.raises(Invalid, match="amount must be at most 3"):
        apply(g.state, Command("player.crystal", bad, {"msg": "x", "args": {}}, ("*",)))
    data, n = with_extra(good, "player.crystal", bad)
    refused(app, client, data, n, "amount must be at most 3")
