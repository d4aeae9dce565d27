"""Fuzz ("Zero 5xx from any input"): generated hostile values - JSON nested far too deep, huge,
NaN and infinite numbers, wrong types, lone surrogates, long strings - posted to every route of ``app.url_map``
(so a new route is covered without touching this file), to every registered command through both shared routes,
and as import files. Every answer must be below 500. Bounded: a few examples per route, no example database.
"""

from __future__ import annotations

import io
import json
import os
import re
from pathlib import Path
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import create_app

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "8"))  # more for a long run: FUZZ_EXAMPLES=200

# Hostile JSON fragments, as raw text (json.dumps could not even write the deep ones).
FRAGMENTS = [
    "NaN", "Infinity", "-Infinity", "1e999", "-1e999", "1.9", "true", "false", "null", '"1_000"', '"\u0661\u0662"',
    "-1", str(2**63), str(10**30), '"\\ud800"', '"x\\udfff"', "[" * 1100 + "]" * 1100,
    '{"a":' * 600 + "1" + "}" * 600, '"' + "x" * 5000 + '"', "[]", "{}", "[1, 2, 3]", '["a"]', '{"x": []}', '""',
    '"0"', '"dummy"', '"\\u0000"', '"javascript:alert(1)"', '"=1+1"', "0", "1", "[[1e999]]", '[{"value": NaN}]',
]
# Hostile form values (a surrogate travels as the invalid UTF-8 bytes of its encoding).
FORM_VALUES = [
    "1e999", "Infinity", "NaN", "1.9", "true", "1_000", "\u0661\u0662", "-1", "99999999999999999999", "\x00",
    "x" * 5000, "[" * 1100, "javascript:alert(1)", "0", "1", "2", "", "dummy", "=cmd", "%", "\ud800", "a\udfffb",
    str(2**63), '{"a": 1}', "[1e999]",
]
PATH_TEXT = ["\u00e9", "x" * 300, "\ud800", "..", "0", "-1", "%", "null"]
IDS = [0, 2**63 - 1, 2**63, 10**30]


def _field_names() -> list[str]:
    """The field names the code reads (``fields.whole(data, "amount")``, ``form.get("player")`` ...)."""
    pattern = re.compile(r'(?:get|whole|choice|text|ident|flag|getlist|list|number|num|int|index|value|none)\w*'
                         r'\(\s*(?:[\w.]+,\s*)?f?"([a-z][a-z0-9_]{0,30})"')
    names = {"player", "amount", "based_on", "nonce", "next", "confirm", "order", "enemy", "unit", "log", "file"}
    for path in (ROOT / "companion").rglob("*.py"):
        names.update(pattern.findall(path.read_text(encoding="utf-8")))
    return sorted(names)


FIELDS = _field_names()


def _encode(value: str) -> str:
    return quote(value.encode("utf-8", "surrogatepass"), safe="")


def json_values():
    leaf = st.one_of(st.integers(min_value=-(2**70), max_value=2**70), st.floats(), st.booleans(), st.none(),
                     st.text(max_size=20), st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF))
    plain = st.recursive(leaf, lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=8), kids,
                                                                                             max_size=4), max_leaves=8)
    return st.one_of(st.sampled_from(FRAGMENTS), plain.map(json.dumps))


def json_bodies():
    pairs = st.lists(st.tuples(st.sampled_from(FIELDS) | st.text(max_size=10), json_values()), max_size=6)
    obj = pairs.map(lambda kv: "{" + ",".join(f"{json.dumps(k)}: {v}" for k, v in kv) + "}")
    return st.one_of(obj, obj, json_values(), st.binary(max_size=40).map(lambda b: b.decode("latin-1")))


def form_bodies():
    value = st.sampled_from(FORM_VALUES) | st.text(max_size=12)
    pairs = st.lists(st.tuples(st.sampled_from(FIELDS), value), max_size=8)
    return pairs.map(lambda kv: "&".join(f"{_encode(k)}={_encode(v)}" for k, v in kv))


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    """An app with a solo game (Dummy set up, a combat started), a competitive game and a Runewars game (unit
    types, a battle started), all joined by one client as their host."""
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path_factory.mktemp("fuzz") / "t.db"),
                      "SECRET_KEY": "fuzz", "WTF_CSRF_ENABLED": False})
    client = app.test_client()

    def made(resp):
        return int(re.search(r"/games/(\d+)/", resp.headers["Location"]).group(1))

    solo = made(client.post("/games", data={"scenario": "solo_conquest", "mode": "solo", "name_0": "Anna",
                                            "hero_0": "goldyx"}))
    client.post(f"/games/{solo}/dummy/setup", data={"mode": "virtual"})
    client.post(f"/games/{solo}/combat/setup", data={"player": "0", "fight": "keep"})
    duel = made(client.post("/games", data={"scenario": "full_conquest", "mode": "competitive", "name_0": "Anna",
                                            "hero_0": "arythea", "name_1": "Ben", "hero_1": "tovak"}))
    rune = made(client.post("/runewars", data={"name_0": "Elf", "name_1": "Uthuk"}))
    for owner, name in (("0", "Archer"), ("1", "Hulk")):
        client.post(f"/games/{rune}/do/runewars_unit_type", data={"owner": owner, "name": name, "initiative": "3",
                                                                  "shape": "triangle", "health": "1"})
    devices = {}  # the client's own API token per game: the API's changes need it (the game token only reads)
    for gid in (solo, duel, rune):
        html = client.post(f"/games/{gid}/api-token").get_data(as_text=True)
        devices[gid] = re.search(r'data-testid="device-token">([^<]+)<', html).group(1)
    return {"app": app, "client": client, "mk": [solo, duel], "rune": rune, "devices": devices}


def _token(table, game_id: int) -> str:
    from companion.web.common import game_row

    with table["app"].test_request_context():
        try:
            return game_row(game_id)["token"]
        except Exception:  # noqa: BLE001 - a game id that is not there
            return ""


def _targets() -> list[tuple[str, str, dict]]:
    """Every route and method; the routes that dispatch on a name once per command (or Dummy action)."""
    app = create_app({"TESTING": True, "DATABASE": ":memory:", "SECRET_KEY": "x"})
    from companion.game.spine.command import COMMANDS
    from companion.web.dummy import ACTIONS

    out = []
    for rule in sorted(app.url_map.iter_rules(), key=lambda r: r.rule):
        if rule.endpoint == "static":
            continue
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            if "<name>" in rule.rule and "command" in rule.rule or "/do/<name>" in rule.rule:
                out += [(rule.rule, method, {"name": c}) for c in sorted(COMMANDS)]
            elif "<action>" in rule.rule:
                out += [(rule.rule, method, {"action": a}) for a in sorted(ACTIONS)]
            else:
                out.append((rule.rule, method, {}))
    return out


_ARG = re.compile(r"<(?:(\w+)(?:\([^)]*\))?:)?(\w+)>")


def _path(rule: str, fixed: dict, game_id: int, data) -> str:
    def one(m):
        conv, name = m.group(1), m.group(2)
        if name in fixed:
            return _encode(fixed[name])
        if conv == "int":
            if name == "game_id":
                return str(data.draw(st.sampled_from([game_id] * 12 + IDS)))
            return str(data.draw(st.sampled_from([1, 0] + IDS)))
        if conv == "any":
            options = re.search(r"any\(([^)]*)\)", m.group(0)).group(1).replace(" ", "").split(",")
            return data.draw(st.sampled_from(options))
        return _encode(data.draw(st.sampled_from(PATH_TEXT) | st.text(max_size=10)))

    return _ARG.sub(one, rule)


@pytest.mark.parametrize("rule,method,fixed", _targets(), ids=lambda v: v if isinstance(v, str) else None)
@settings(max_examples=EXAMPLES, deadline=None, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_no_route_answers_5xx_to_hostile_input(table, rule, method, fixed, data):
    client = table["client"]
    runewars = "runewars" in rule or fixed.get("name", "").startswith("runewars")
    game_id = table["rune"] if runewars else data.draw(st.sampled_from(table["mk"]))
    path = _path(rule, fixed, game_id, data)
    headers = {"X-Game-Token": data.draw(st.sampled_from([_token(table, game_id)] * 6 + ["\u00e9", "\u00ff" * 99]))}
    if data.draw(st.integers(0, 2)) > 0:  # the device's own token (with a hostile one now and then)
        headers["Authorization"] = "Bearer " + data.draw(st.sampled_from(
            [table["devices"].get(game_id, "mkd_none")] * 6 + ["\u00e9", "\u00ff" * 99, "", " " * 3]))
    query = data.draw(form_bodies())
    if method == "GET":
        resp = client.get(path + "?" + query, headers=headers)
    elif path.startswith("/api/") or data.draw(st.integers(0, 3)) == 0:  # HTML routes read JSON bodies too
        body = data.draw(json_bodies())
        resp = client.open(path, method=method, data=body.encode("utf-8", "surrogatepass"), headers=headers,
                           content_type="application/json")
    else:
        resp = client.open(path, method=method, data=data.draw(form_bodies()), headers=headers,
                           content_type="application/x-www-form-urlencoded")
    assert resp.status_code < 500, (method, path, resp.get_data(as_text=True)[:300])


@settings(max_examples=40, deadline=None, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_no_import_file_answers_5xx(table, data):
    """A game export with one field replaced by a hostile value, or a hostile file altogether: never a 5xx."""
    client = table["client"]
    game_id = data.draw(st.sampled_from(table["mk"] + [table["rune"]]))
    export = client.get(f"/games/{game_id}/export.json").get_json()
    fragment = data.draw(json_values())
    if export["events"] and data.draw(st.booleans()):
        n = data.draw(st.integers(0, len(export["events"]) - 1))
        key = data.draw(st.sampled_from(["seq", "type", "payload", "sentence", "text", "scope", "device", "created"]))
        export["events"][n][key] = "@@HOSTILE@@"
    else:
        key = data.draw(st.sampled_from(["format_version", "setup", "seed", "events"]))
        export[key] = "@@HOSTILE@@"
    raw = json.dumps(export).replace('"@@HOSTILE@@"', fragment)
    resp = client.post("/games/import", data={"file": (io.BytesIO(raw.encode("utf-8", "surrogatepass")), "g.json")},
                       content_type="multipart/form-data")
    assert resp.status_code < 500, resp.get_data(as_text=True)[:300]
