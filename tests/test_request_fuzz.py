"""Requests that cannot hurt: any query string on any route is answered with a 2xx, 3xx or 4xx (Hypothesis,
derandomized on CI), a poll with many query fields included; the app writes nothing into the current folder (an
in-memory database keeps its secret key in memory)."""

from __future__ import annotations

import os
import re
from urllib.parse import urlencode

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import create_app
from game_helpers import new_game


def _poller(client, gid) -> str:
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    return re.search(r'id="sync" hx-get="([^"]+)"', html).group(1).replace("&amp;", "&")


@pytest.mark.parametrize("fields", [8, 9, 20, 500])
def test_a_poll_with_many_query_fields_is_never_a_500(client, fields):
    gid = new_game(client)
    url = _poller(client, gid)
    extra = "&".join(f"x{i}={i}" for i in range(fields))
    for path in (f"{url}&seq=0&{extra}", f"/games/{gid}/poll?{extra}"):
        r = client.get(path)
        assert r.status_code < 500, (fields, r.status_code)


def test_an_in_memory_app_writes_nothing_into_the_current_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    app = create_app({"TESTING": True, "DATABASE": ":memory:", "WTF_CSRF_ENABLED": False})
    client = app.test_client()
    assert client.get("/rules").status_code == 200
    assert app.config["SECRET_KEY"] and len(app.config["SECRET_KEY"]) >= 32
    assert os.listdir(tmp_path) == []
    # each in-memory app has its own key (nothing read from or left in a folder)
    other = create_app({"TESTING": True, "DATABASE": ":memory:"})
    assert other.config["SECRET_KEY"] != app.config["SECRET_KEY"]
    assert os.listdir(tmp_path) == []


def test_an_app_on_a_database_file_writes_only_beside_it(tmp_path, monkeypatch):
    cwd, data = tmp_path / "cwd", tmp_path / "data"
    cwd.mkdir()
    monkeypatch.chdir(cwd)
    app = create_app({"TESTING": True, "DATABASE": str(data / "games.db")})
    key = app.config["SECRET_KEY"]
    assert os.listdir(cwd) == []
    assert (data / "secret_key").read_text().strip() == key
    assert create_app({"DATABASE": str(data / "games.db")}).config["SECRET_KEY"] == key  # survives a restart


# ---------------------------------------------------------------------------------------------- fuzz

NAMES = ["k", "seq", "a", "d", "log", "next", "lang", "kind", "q", "site", "wall", "keep", "token", "player",
         "page", "step", "id", "format", "based_on", "nonce", "", "k[]", "%", "\u00e9"]
VALUES = st.one_of(
    st.sampled_from(["", "0", "1", "-1", "2", "99", str(2**63), str(10**40), "1e999", "NaN", "Infinity", "[]",
                     "{}", "[" * 50, '{"a":' * 40, "null", "true", "../../etc/passwd", "<script>", "\u00e9",
                     "%ED%A0%80", "0x10", " 1", "1.5", "a" * 5000]),
    st.text(max_size=40),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
)
QUERY = st.lists(st.tuples(st.one_of(st.sampled_from(NAMES), st.text(max_size=10)), VALUES), max_size=14)


@pytest.fixture(scope="module")
def fuzz_app(tmp_path_factory):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path_factory.mktemp("fuzz") / "t.db"),
                      "SECRET_KEY": "fuzz-secret", "WTF_CSRF_ENABLED": False})
    client = app.test_client()
    gid = new_game(client)
    client.post(f"/games/{gid}/do/fame", data={"player": "0", "amount": "3"})
    r = client.post("/runewars", data={"name_0": "Elf", "name_1": "Uthuk", "name": "battle"})
    rw = int(re.search(r"/games/(\d+)/", r.headers["Location"]).group(1))
    return app, client, gid, rw


def _paths(app, gid, rw):
    """Every route with its arguments filled in: the Mage Knight game, the Runewars game, a missing game."""
    out = []
    for rule in app.url_map.iter_rules():
        if rule.endpoint == "static":
            continue
        for game in ((gid, rw, 999) if "<int:game_id>" in rule.rule else (None,)):
            path = rule.rule.replace("<int:game_id>", str(game))
            path = re.sub(r"<int:[a-z_]+>", "1", path)
            path = re.sub(r"<any\(([a-z_]+)[^>]*>", r"\1", path)
            path = re.sub(r"<(path:)?[a-z_]+>", "x", path)
            for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
                if method == "POST" and re.search(r"/(delete|invite/new|token)", path):
                    continue  # would end the fuzzed game's access for the rest of the run
                out.append((method, path))
    return sorted(set(out))


@settings(max_examples=400, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_any_query_string_on_any_route_is_never_a_500(fuzz_app, data):
    app, client, gid, rw = fuzz_app
    paths = _paths(app, gid, rw)
    assert len(paths) > 60
    method, path = data.draw(st.sampled_from(paths), label="route")
    query = data.draw(QUERY, label="query")
    qs = urlencode(query)
    if data.draw(st.booleans(), label="raw"):
        qs = "&".join(f"{k}={v}" for k, v in query)  # not encoded: stray %, &, = and spaces as sent
    r = client.open(f"{path}?{qs}", method=method)
    assert r.status_code < 500, (method, path, qs[:300], r.status_code)


def test_every_route_answers_a_long_and_a_broken_query(fuzz_app):
    """The same check over every route once, with the queries the fuzz found worst."""
    app, client, gid, rw = fuzz_app
    queries = ["&".join(f"f{i}=1" for i in range(50)), "seq=%ED%A0%80&k=%FF", "a=0&d=1&log=" + "[" * 60,
               "a=" + str(10**40) + "&d=-1", "%=%&&=&" * 20]
    for method, path in _paths(app, gid, rw):
        for q in queries:
            r = client.open(f"{path}?{q}", method=method)
            assert r.status_code < 500, (method, path, q[:80], r.status_code)
