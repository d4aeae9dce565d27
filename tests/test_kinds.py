"""Each kind of game owns its moves and its pages (companion/game/kinds: Mage Knight, Mage Lite from seed 004,
Runewars from seed 001). A measurement through the JSON API found a Mage Lite game taking Mage Knight's `fame` (no
Fame Bonus) and `next_round` (the Round tracker ran to "Round 8 of 5"), and a Runewars game taking a Mage Knight
fight; both served Mage Knight's pages."""

import json

import pytest

from companion.game import load_all
from companion.game.kinds import KINDS, MAGE_KNIGHT, MAGE_LITE, RUNEWARS, holds_event
from companion.game.spine.command import COMMANDS, Invalid
from companion.game.flow.setup import validate_setup
from companion.game.spine.local import LocalGame
from game_driver import GAMES
from game_helpers import game_token, my_device_headers, new_game
from import_helpers import counts, exported, import_file
from companion.web.kinds import KIND_PAGES

ML_SETUP = validate_setup({"game": "mage_lite", "difficulty": "normal", "players": [{"name": "Anna"}],
                           "variants": ["main_expansion"]})


def test_every_registered_command_is_declared_by_a_kind_and_every_declared_name_exists():
    load_all()
    declared = set().union(*(k.commands for k in KINDS.values()))
    assert set(COMMANDS) <= declared, sorted(set(COMMANDS) - declared)
    assert declared <= set(COMMANDS), sorted(declared - set(COMMANDS))
    for k in KINDS.values():
        assert set(k.own.values()) <= set(k.commands) and not set(k.own) & set(k.commands)


def _kind_game(client, kind):
    if kind == MAGE_KNIGHT:
        return new_game(client, players=(("Anna", "arythea"), ("Ben", "tovak")))
    path, form = GAMES["runewars" if kind == RUNEWARS else "mage lite"]
    r = client.post(path, data=form)
    assert r.status_code == 303, r.get_data(as_text=True)[:500]
    return int(r.headers["Location"].split("/games/")[1].split("/")[0])


@pytest.mark.parametrize("kind", [MAGE_KNIGHT, MAGE_LITE, RUNEWARS])
def test_a_command_the_kind_does_not_declare_is_a_400_naming_the_kind_and_nothing_is_recorded(app, client, kind):
    """Every registered command a kind does not declare, sent by the host's own device through the JSON API: a 400
    that names the kind ("This is a Mage Lite game ..."), nothing recorded."""
    load_all()
    gid = _kind_game(client, kind)
    headers = my_device_headers(client, gid)
    name = {MAGE_KNIGHT: "Mage Knight", MAGE_LITE: "Mage Lite", RUNEWARS: "Runewars"}[kind]
    before = counts(app)
    others = sorted(set(COMMANDS) - set(KINDS[kind].commands))
    assert others
    for cmd in others:
        r = client.post(f"/api/v1/games/{gid}/commands/{cmd}", json={"player": 0, "amount": 1}, headers=headers)
        assert r.status_code == 400, (cmd, r.status_code, r.get_data(as_text=True)[:300])
        assert f"This is a {name} game" in r.get_json()["error"], (cmd, r.get_json())
    assert counts(app) == before


def test_mage_lites_refusal_names_its_own_command(app, client):
    """Seed 004: Mage Lite's Fame comes with its Fame Bonus and its Round ends by its own Round track: `fame` is
    answered with `mage_lite_fame`, `next_round` with `mage_lite_round_end`; on the page too."""
    gid = _kind_game(client, MAGE_LITE)
    headers = my_device_headers(client, gid)
    r = client.post(f"/api/v1/games/{gid}/commands/fame", json={"player": 0, "amount": 3}, headers=headers)
    assert r.status_code == 400 and "mage_lite_fame" in r.get_json()["error"]
    r = client.post(f"/api/v1/games/{gid}/commands/next_round", json={}, headers=headers)
    assert r.status_code == 400 and "mage_lite_round_end" in r.get_json()["error"]
    r = client.post(f"/games/{gid}/do/fame", data={"player": "0", "amount": "3"})
    assert r.status_code == 400 and "This is a Mage Lite game" in r.get_data(as_text=True)


def test_the_game_layer_refuses_too():
    g = LocalGame(ML_SETUP)
    with pytest.raises(Invalid, match="This is a Mage Lite game: it has no command “fame”; its own is “mage_lite_fame”"):
        g.run("fame", player=0, amount=2)
    assert not g.events


@pytest.mark.parametrize("kind", [MAGE_KNIGHT, MAGE_LITE, RUNEWARS])
def test_a_page_the_kind_does_not_have_is_not_served(app, client, kind):
    """Every page of another kind of game: 404, or a redirect to the kind's own page (a Mage Lite game's score sheet
    leads to its verdict); never a 200. The kind's navigation does not list it."""
    from flask import url_for

    gid = _kind_game(client, kind)
    with app.test_request_context():
        paths = {e: url_for(e, game_id=gid) for e in KIND_PAGES - set(KINDS[kind].pages)}
        own = {e: url_for(e, game_id=gid) for e in KINDS[kind].pages if e.split(".")[1] not in ("poll",)}
    assert paths
    for endpoint, path in paths.items():
        r = client.get(path)
        assert r.status_code in (303, 404), (endpoint, r.status_code)
    home = client.get(f"/games/{gid}", follow_redirects=True).get_data(as_text=True)
    nav = home.split('class="gamenav"')[1]
    for endpoint, path in paths.items():
        assert f'href="{path}"' not in nav, endpoint
    for endpoint, path in own.items():
        assert client.get(path).status_code in (200, 303), endpoint


def test_an_import_is_held_to_the_kind_an_undone_stray_entry_is_kept(app, client):
    """An export of a Mage Lite game holding Mage Knight's `player.fame` in force is refused naming it, nothing
    imported; the same entry undone (it changes nothing) imports."""
    gid = _kind_game(client, MAGE_LITE)
    data = exported(client, gid)
    stray = {"seq": len(data["events"]) + 1, "type": "player.fame", "payload": {"player": 0, "amount": 2},
             "sentence": {"msg": "%(name)s gains %(amount)d Fame", "args": {"name": "Anna", "amount": 2}, "t": []},
             "scope": ["player:0"]}
    data["events"] = list(data["events"]) + [stray]
    before = counts(app)
    r = import_file(client, data)
    text = r.get_data(as_text=True)
    assert r.status_code == 400 and "is not of this kind of game: this is a Mage Lite game" in text, text[-600:]
    assert counts(app) == before
    data["events"].append({"seq": stray["seq"] + 1, "type": "undo.event", "payload": {"target": stray["seq"]},
                           "sentence": {"msg": "Undone: %(what)s", "args": {"what": stray["sentence"]}, "t": [],
                                        "nested": "what"}, "scope": ["player:0"]})
    r = import_file(client, data)
    assert r.status_code == 303, r.get_data(as_text=True)[-600:]


def test_an_older_versions_stray_entry_imports_as_its_stored_game_loads(app, client):
    """Keep every export working: an older version took e.g. Mage Knight's `fame` in a Mage Lite game; that game still
    loads where it is stored, so its export imports too (the entry recorded before the commands refused it, by its
    `created` date); the same entry dated today is refused."""
    gid = _kind_game(client, MAGE_LITE)
    data = exported(client, gid)
    stray = {"seq": len(data["events"]) + 1, "type": "player.fame", "payload": {"player": 0, "amount": 2},
             "sentence": {"msg": "%(name)s gains %(amount)d Fame", "args": {"name": "Anna", "amount": 2}, "t": []},
             "scope": ["player:0"], "created": "2026-11-28 21:14:03"}
    data["events"] = list(data["events"]) + [stray]
    r = import_file(client, data)
    assert r.status_code == 303, r.get_data(as_text=True)[-600:]
    stray["created"] = "2026-11-29 21:14:03"
    r = import_file(client, data)
    assert r.status_code == 400 and "is not of this kind of game" in r.get_data(as_text=True)


def test_holds_event_families():
    assert holds_event(KINDS[MAGE_LITE], "combat.setup") and not holds_event(KINDS[MAGE_LITE], "player.fame")
    assert holds_event(KINDS[RUNEWARS], "undo.event") and not holds_event(KINDS[RUNEWARS], "combat.setup")
    assert not holds_event(KINDS[MAGE_KNIGHT], "mage_lite.fame")
