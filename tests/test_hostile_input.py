"""Hostile input: every kind of input that once caused a 500, as a plain test; imports
that can never break a game; the smaller holes (API by token only, host-only export, CSV formulas, the Back link,
no readable token in the cookie)."""

from __future__ import annotations

import base64
import json
import re
import zlib

import pytest

from game_helpers import my_device_headers, new_game
from import_helpers import counts, exported, import_file


def token_of(app, gid):
    from companion.web.common import game_row

    with app.test_request_context():
        return game_row(gid)["token"]


@pytest.fixture
def game(app, client):
    gid = new_game(client)
    client.post(f"/games/{gid}/do/fame", data={"player": "0", "amount": "3"})
    return gid, my_device_headers(client, gid)


def api(client, path, body, headers=None):
    raw = body if isinstance(body, str) else json.dumps(body)
    return client.post(path, data=raw.encode("utf-8", "surrogatepass"), content_type="application/json",
                       headers=headers or {})


DEEP = "[" * 1000 + "]" * 1000


# ---------------------------------------------------------------------------------------------- item 1: no 5xx


def test_json_nested_1000_deep_is_a_400_on_every_json_endpoint(app, client, game):
    """JSON nested ~1,000 deep raised RecursionError on every JSON endpoint."""
    gid, h = game
    posts = [r.rule for r in app.url_map.iter_rules() if r.rule.startswith("/api/") and "POST" in r.methods]
    assert len(posts) >= 15
    for rule in posts:
        path = rule.replace("<int:game_id>", str(gid)).replace("<name>", "fame").replace("<any(undo, redo):which>",
                                                                                      "undo").replace("<int:seq>", "0")
        for body in (DEEP, '{"a":' * 1000 + "1" + "}" * 1000):
            r = api(client, path, body, h)
            assert r.status_code == 400, (path, r.status_code)
            assert "nested too deeply" in r.get_json()["error"]


def test_pvp_log_nested_deep_is_a_400_page(client):
    """The PvP page's ``log`` parameter went through json.loads unguarded."""
    gid = new_game(client)
    r = client.get(f"/games/{gid}/pvp", query_string={"a": "0", "d": "1", "log": DEEP})
    assert r.status_code == 400 and b"could not be read" in r.data


@pytest.mark.parametrize("number", ["Infinity", "-Infinity", "NaN", "1e999", "-1e999"])
def test_infinite_numbers_are_refused(client, game, number):
    """Infinity/1e999 raised OverflowError in int() (commands, based_on, round_order, Dummy
    announce)."""
    gid, h = game
    for name, body in (("fame", '{"player": 0, "amount": %s}'), ("fame", '{"player": 0, "amount": 1, "based_on": %s}'),
                       ("round_order", '{"order": [%s, 1]}'), ("dummy_announce", '{"player": %s}')):
        r = api(client, f"/api/v1/games/{gid}/commands/{name}", body % number, h)
        assert r.status_code == 400
        assert "finite" in r.get_json()["error"] or "too large" in r.get_json()["error"]
    r = api(client, f"/api/v1/games/{gid}/undo", '{"based_on": %s}' % number, h)
    assert r.status_code == 400


@pytest.mark.parametrize("value", [1.9, True, "1_000", "\u0661\u0662", "1e3", " ", [1], {"n": 1}])
def test_whole_numbers_are_refused_not_coerced(client, game, value):
    """Whole numbers: "refuse 1.9, true, "1_000" and non-ASCII digits rather than coercing them"."""
    gid, h = game
    r = api(client, f"/api/v1/games/{gid}/commands/fame", {"player": 0, "amount": value}, h)
    assert r.status_code == 400 and r.get_json()["error"]
    r = client.post(f"/games/{gid}/do/fame", data={"player": "0", "amount": str(value)})
    assert r.status_code == 400


def test_based_on_huge_or_fractional_is_a_400(client, game):
    gid, h = game
    for value in ("99999999999999999999", "1.5", "1e3"):
        r = client.post(f"/games/{gid}/do/fame", data={"player": "0", "amount": "1", "based_on": value})
        assert r.status_code == 400 and b"based_on" in r.data


@pytest.mark.parametrize("setup", [
    {"scenario": "full_conquest", "mode": "competitive", "players": "Anna,Ben"},
    {"scenario": "full_conquest", "mode": "competitive", "players": [{"name": 5}, {"name": "Ben"}]},
    {"scenario": ["full_conquest"], "mode": "competitive", "players": [{"name": "A"}, {"name": "B"}]},
    {"scenario": "full_conquest", "mode": "competitive", "players": [{"name": "A", "hero": ["tovak"]}, {"name": "B"}]},
    {"scenario": "full_conquest", "mode": {"x": 1}, "players": [{"name": "A"}, {"name": "B"}]},
    {"scenario": "full_conquest", "mode": "competitive", "players": [{"name": "A\ud800"}, {"name": "B"}]},
    {"game": "runewars", "players": [{"name": "A"}, 7]},
])
def test_wrong_types_in_the_setup_are_a_400_via_api_and_import(app, client, game, setup):
    """Players as a string, a numeric name, a list as scenario or hero (API and import)."""
    before = counts(app)
    r = api(client, "/api/v1/games", json.dumps(setup))
    assert r.status_code == 400 and r.get_json()["error"]
    r = import_file(client, {"format_version": 1, "setup": setup, "events": []})
    assert r.status_code == 400
    assert counts(app) == before


def test_recruit_with_a_numeric_unit_or_resistances_is_a_400(client, game):
    gid, h = game
    for body in ({"player": 0, "unit": 5}, {"player": 0, "name": "Golems", "level": 1, "armor": 3, "resistances": 5},
                 {"player": 0, "name": "Golems", "level": 1, "armor": 3, "resistances": [["fire"]]},
                 {"player": 0, "name": 7, "level": 1, "armor": 3}):
        r = api(client, f"/api/v1/games/{gid}/commands/recruit", body, h)
        assert r.status_code == 400, body


def test_override_with_a_list_as_enemy_is_a_400(client, game):
    gid, h = game
    r = api(client, f"/api/v1/games/{gid}/commands/override", {"enemy": ["prowlers"], "armor": 3, "fame": 2}, h)
    assert r.status_code == 400 and "no enemy token" in r.get_json()["error"]


def test_dummy_setup_with_a_list_as_difficulty_and_announce_with_player_null_or_negative(app, client):
    """Dummy set-up with a list as difficulty, Dummy announce with ``player: null`` or -1."""
    gid = new_game(client, scenario="solo_conquest", mode="solo", players=(("Anna", "goldyx"),))
    h = my_device_headers(client, gid)
    r = api(client, f"/api/v1/games/{gid}/commands/dummy_setup", {"mode": "mage_lite", "difficulty": ["hard"]}, h)
    assert r.status_code == 400
    assert api(client, f"/api/v1/games/{gid}/commands/dummy_setup", {"mode": "virtual"}, h).status_code == 201
    for player in (None, -1, 2**64, "x", [0]):
        r = api(client, f"/api/v1/games/{gid}/commands/dummy_announce", {"player": player}, h)
        assert r.status_code == 400, player


def test_game_ids_of_2_63_and_more_are_404_in_every_path(app, client, game):
    """Game ids: "game ids >= 2^63 in any path" overflowed SQLite's INTEGER."""
    rules = [r for r in app.url_map.iter_rules() if "<int:game_id>" in r.rule]
    assert len(rules) > 30
    for rule in rules:
        for big in (2**63, 2**64, 10**30):
            path = re.sub(r"<[^>]+>", "1", rule.rule.replace("<int:game_id>", str(big)))
            method = "GET" if "GET" in rule.methods else "POST"
            r = client.open(path, method=method, headers={"X-Game-Token": "x"})
            assert r.status_code in (404, 405), (path, r.status_code)  # no such route for that id


def test_non_ascii_game_token_or_join_token_is_a_403(client, game):
    """Comparing keys: compare_digest raised TypeError on non-ASCII text."""
    gid, _h = game
    for token in ("\u00e9", "\u00ff" * 30, "caf\u00e9-token"):
        assert client.get(f"/api/v1/games/{gid}", headers={"X-Game-Token": token}).status_code == 403
        assert client.get(f"/join/{gid}/{token}").status_code == 403
    assert client.get(f"/join/{gid}/%ED%A0%80").status_code == 403  # the bytes of a lone surrogate


def test_lone_surrogates_are_refused_in_any_json_string(client, game):
    """A lone surrogate raised UnicodeEncodeError on insert (nonce, names, any text)."""
    gid, h = game
    for body in ('{"player": 0, "amount": 1, "nonce": "\\ud800"}', '{"player": 0, "amount": 1, "x\\udc00": 1}',
                 '{"player": 0, "name": "Golem\\udfff", "level": 1, "armor": 3}'):
        r = api(client, f"/api/v1/games/{gid}/commands/fame", body, h)
        assert r.status_code == 400 and "surrogate" in r.get_json()["error"]
    # a pair is a character like any other
    r = api(client, f"/api/v1/games/{gid}/commands/recruit",
            '{"player": 0, "name": "Golem \\ud83d\\ude00", "level": 1, "armor": 3}', h)
    assert r.status_code == 201


def test_a_form_nonce_with_invalid_utf8_or_too_long_is_not_a_500(client, game):
    gid, _h = game
    r = client.post(f"/games/{gid}/do/fame", data=b"player=0&amount=1&nonce=%ED%A0%80",
                    content_type="application/x-www-form-urlencoded")
    assert r.status_code == 303
    r = client.post(f"/games/{gid}/do/fame", data={"player": "0", "amount": "1", "nonce": "n" * 500})
    assert r.status_code == 400


def test_json_errors_on_html_routes_are_a_page_and_on_the_api_a_json_error(client, game):
    gid, h = game
    r = client.post("/api/v1/combat/attack", data="[" * 100 + "]" * 100, content_type="application/json")
    assert r.status_code == 400 and r.is_json and "error" in r.get_json()
    r = client.post(f"/games/{gid}/do/fame", data=b'{"player": NaN}', content_type="application/json")
    assert r.status_code == 400 and b"<html" in r.data


# ---------------------------------------------------------------------------------------------- item 2: imports


def broken_exports(good):
    def with_event(**changes):
        return dict(good, events=[dict(good["events"][0], **changes)] + good["events"][1:])

    def raw_event(field, text):
        return json.dumps(with_event(**{field: "@@"})).replace('"@@"', text)

    return {
        "deep": DEEP,
        "numeric scope": with_event(scope=[5]),
        "scope not a list": with_event(scope="player:0"),
        "NaN time": raw_event("created", "NaN"),
        "numeric time": with_event(created=1700000000),
        "huge device id": with_event(device=10**30),
        "device as number": with_event(device=12),
        "surrogate text": raw_event("text", '"\\ud800"'),
        "payload not replayable": with_event(payload={"player": 9, "amount": 2}),
        "payload wrong type": with_event(payload={"player": 0, "amount": "lots"}),
        "unknown event type": with_event(type="no.such.event"),
        "format width sentence": with_event(sentence={"msg": "%(x)999999999d", "args": {"x": 1}}),
        "sentence not an object": with_event(sentence=["x"]),
        "gap in seq": dict(good, events=[dict(e, seq=e["seq"] + 1) for e in good["events"]]),
        "format version": dict(good, format_version=2),
        "format version true": dict(good, format_version=True),
        "seed": dict(good, seed=["x"]),
        "setup players string": dict(good, setup=dict(good["setup"], players="Anna")),
        "huge number in payload": with_event(payload={"player": 0, "amount": 10**30}),
        "too many events": dict(good, events=[good["events"][0]] * 20_001),
        "not an object": "[1, 2]",
        "not json": "hello",
    }


def test_every_broken_import_is_refused_whole_nothing_written_existing_games_untouched(app, client, game):
    """Imports: "Validate an import completely before anything is written"; each broken file is a 400
    and the database is exactly as before."""
    gid, h = game
    good = exported(client, gid)
    state_before = client.get(f"/api/v1/games/{gid}", headers=h).get_json()
    before = counts(app)
    for label, data in broken_exports(good).items():
        r = import_file(client, data)
        assert r.status_code in (400, 413), (label, r.status_code)
        assert counts(app) == before, label
    assert client.get(f"/api/v1/games/{gid}", headers=h).get_json() == state_before
    assert import_file(client, good).status_code == 303  # the good file still imports


def test_an_event_that_cannot_be_replayed_is_named(client, game):
    gid, _h = game
    good = exported(client, gid)
    good["events"][0]["payload"] = {"player": 9, "amount": 2}
    r = import_file(client, good)
    assert r.status_code == 400
    assert ("Event 1 (player.fame) cannot be replayed: player must be a player of this game, not 9."
            in r.get_data(as_text=True))


def test_an_import_larger_than_4_mb_is_refused(app, client):
    r = import_file(client, b'{"format_version": 1, "pad": "' + b"x" * (4 * 1024 * 1024) + b'"}')
    assert r.status_code == 413
    assert counts(app) == (0, 0)


def test_an_import_with_undo_and_redo_replays_and_round_trips(client, game):
    gid, _h = game
    for amount in ("2", "5"):
        client.post(f"/games/{gid}/do/fame", data={"player": "1", "amount": amount})
    client.post(f"/games/{gid}/undo")
    client.post(f"/games/{gid}/undo")
    client.post(f"/games/{gid}/redo")
    client.post(f"/games/{gid}/do/wounds", data={"player": "0", "amount": "1"})
    good = exported(client, gid)
    r = import_file(client, good)
    assert r.status_code == 303
    new_id = int(re.search(r"/games/(\d+)/", r.headers["Location"]).group(1))
    again = exported(client, new_id)
    assert [e["type"] for e in again["events"]] == [e["type"] for e in good["events"]]


def test_a_runewars_game_exports_and_imports_again(client):
    """Runewars games went through the Mage Knight set-up check on import: now their own check, then the replay."""
    r = client.post("/runewars", data={"name_0": "Elf", "name_1": "Uthuk", "name": "Night battle"})
    gid = int(re.search(r"/games/(\d+)/", r.headers["Location"]).group(1))
    client.post(f"/games/{gid}/do/runewars_unit_type", data={"owner": "0", "name": "Archer", "initiative": "3",
                                                              "shape": "triangle", "health": "1"})
    good = exported(client, gid)
    assert good["setup"]["game"] == "runewars"
    r = import_file(client, good)
    assert r.status_code == 303, r.get_data(as_text=True)
    new_id = int(re.search(r"/games/(\d+)/", r.headers["Location"]).group(1))
    assert exported(client, new_id)["setup"] == good["setup"]
    html = client.get(f"/games/{new_id}/runewars").get_data(as_text=True)
    assert "Archer" in html and good["setup"]["name"] == "Night battle"
    bad = dict(good, setup=dict(good["setup"], players=[{"name": "Solo", "hero": None, "team": None}]))
    assert import_file(client, bad).status_code == 400


def test_a_game_with_a_stored_event_its_reducer_refuses_still_loads_exports_and_deletes(app, client, game):
    """Broken logs: "a game that once loaded always loads, can be exported and deleted"."""
    from companion.db import get_db

    gid, _h = game
    with app.app_context():
        get_db()["events"].insert({"game_id": gid, "seq": 2, "type": "player.fame",
                                   "payload": '{"player": 9, "amount": 1}',
                                   "sentence": '{"msg": "x", "args": {}}', "text": "x", "scope": '["*"]',
                                   "device": None, "nonce": None, "created": "2026-01-01"})
    assert client.get(f"/games/{gid}").status_code == 200
    assert client.get(f"/games/{gid}/log").status_code == 200
    assert len(exported(client, gid)["events"]) == 2
    r = import_file(client, exported(client, gid))  # its export is refused whole: an import never needs skipping
    assert r.status_code == 400 and "Event 2 (player.fame) cannot be replayed" in r.get_data(as_text=True)
    assert client.post(f"/games/{gid}/delete", data={"confirm": "yes"}).status_code == 303
    assert counts(app) == (0, 0)


# ---------------------------------------------------------------------------------------------- item 6


def test_the_json_api_authorises_by_the_header_only_never_by_the_cookie(client, game):
    gid, h = game
    assert client.get(f"/games/{gid}").status_code == 200  # this client joined: the page works by its cookie
    assert client.get(f"/api/v1/games/{gid}").status_code == 403
    r = api(client, f"/api/v1/games/{gid}/commands/fame", {"player": 0, "amount": 1})
    assert r.status_code == 403 and r.get_json()["error"]
    assert client.get(f"/api/v1/games/{gid}", headers=h).status_code == 200


def test_export_is_host_only(app, client, game):
    gid, _h = game
    other = app.test_client()
    assert other.get(f"/join/{gid}/{token_of(app, gid)}").status_code == 303
    assert other.get(f"/games/{gid}").status_code == 200
    assert other.get(f"/games/{gid}/export.json").status_code == 403
    assert client.get(f"/games/{gid}/export.json").status_code == 200


def test_csv_export_neutralises_formula_cells(client):
    from companion.web.scoring import csv_cells

    assert csv_cells(["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "Anna", 5, -3]) == \
        ["'=1+1", "'+1", "'-1", "'@SUM(A1)", "'\tx", "Anna", 5, -3]
    gid = new_game(client, players=(("=HYPERLINK(\"http://x\")", "arythea"), ("@Ben", "tovak")))
    text = client.get(f"/games/{gid}/score.csv").get_data(as_text=True)
    assert "'=HYPERLINK" in text and "'@Ben" in text
    assert not re.search(r'(^|,)"?[=@]', text, re.M)


@pytest.mark.parametrize("referer,shown", [
    ("javascript:alert(1)", None), ("JAVASCRIPT:alert(1)", None), ("http://evil.example/x", None),
    ("//evil.example/x", None), ("data:text/html,x", None), ("http://localhost/rules/units?x=1", "/rules/units?x=1"),
])
def test_error_page_back_link_never_echoes_a_foreign_referer(client, referer, shown):
    html = client.get("/games/999", headers={"Referer": referer}).get_data(as_text=True)
    assert "javascript:" not in html.lower() and "evil.example" not in html and "data:text" not in html
    if shown:
        assert f'href="{shown}"' in html


def _session_json(client) -> str:
    cookie = client.get_cookie("session").value
    payload = cookie.lstrip(".").split(".")[0]
    raw = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    return (zlib.decompress(raw) if cookie.startswith(".") else raw).decode()


def test_the_session_cookie_does_not_expose_the_game_token(app, client, game):
    gid, _h = game
    token = token_of(app, gid)
    assert token not in _session_json(client)
    assert "games" not in json.loads(_session_json(client))  # what a device joined is kept on the server


def test_an_old_cookie_with_the_token_is_upgraded_to_a_join_key(app, client, game):
    gid, _h = game
    old = app.test_client()
    with old.session_transaction() as s:
        s["games"] = {str(gid): {"token": token_of(app, gid), "role": "player", "player": 1}}
    assert old.get(f"/games/{gid}").status_code == 200
    assert token_of(app, gid) not in _session_json(old)
    assert old.get(f"/games/{gid}").status_code == 200


@pytest.mark.parametrize("nxt", ["//evil.example/", "/\\evil.example/", "https://evil.example/", "/\tx", "javascript:x"])
def test_next_after_a_command_never_leaves_the_app(client, game, nxt):
    gid, _h = game
    r = client.post(f"/games/{gid}/do/fame", data={"player": "0", "amount": "1", "next": nxt})
    assert r.status_code == 303 and r.headers["Location"] == f"/games/{gid}"


def test_a_runewars_game_can_be_created_through_the_api(client):
    r = api(client, "/api/v1/games", {"game": "runewars", "name": "Duel", "players": [{"name": "Elf"}, {"name": "Orc"}]})
    assert r.status_code == 201
    state = client.get(f"/api/v1/games/{r.get_json()['id']}", headers={"X-Game-Token": r.get_json()["token"]})
    assert state.get_json()["state"]["game"]["mode"] == "runewars"
    for bad in ({"game": "runewars", "players": [{"name": "Elf"}]},
                {"game": "runewars", "players": [{"name": "Elf", "hero": "tovak"}, {"name": "Orc"}]},
                {"game": "runewars", "scenario": "full_conquest", "players": [{"name": "A"}, {"name": "B"}]}):
        assert api(client, "/api/v1/games", bad).status_code == 400


@pytest.mark.parametrize("body", ['"text"', "[1, 2]", "5", "null"])
def test_a_json_body_that_is_not_an_object_is_a_400_on_form_routes_too(client, game, body):
    gid, h = game
    r = client.post(f"/games/{gid}/dummy/turn", data=body, content_type="application/json")
    assert r.status_code == 400
    r = client.post(f"/games/{gid}/do/fame", data=body, content_type="application/json")
    assert r.status_code == 400
    r = api(client, f"/api/v1/games/{gid}/undo", body, h)
    assert r.status_code == 400 and r.get_json()["error"]
