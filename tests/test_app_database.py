"""The app on an in-memory database (``DATABASE=":memory:"``: tests, a try-out): one database for the whole app, every
request's connection and the live poll's reader see the same games, and nothing is written to the current folder
(the key that signs cookies included)."""

from __future__ import annotations

import os
import re
import sqlite3
import threading

import pytest

from companion import create_app
from game_helpers import join_phone, new_game


@pytest.fixture
def memory_app(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return create_app({"TESTING": True, "DATABASE": ":memory:", "WTF_CSRF_ENABLED": False})


def test_an_in_memory_app_plays_a_game_and_reads_its_board_and_log(memory_app, tmp_path):
    client = memory_app.test_client()
    gid = new_game(client)
    assert client.post(f"/games/{gid}/do/fame", data={"player": 0, "amount": 9, "based_on": 0}).status_code == 303
    board = client.get(f"/games/{gid}")
    assert board.status_code == 200
    assert re.search(r'data-testid="level-0">3<', board.get_data(as_text=True))
    log = client.get(f"/games/{gid}/log")
    assert log.status_code == 200
    assert "Anna gains 9 Fame: level 1 → 3, Armor 3, Hand limit 5" in log.get_data(as_text=True)
    # the live poll reads through its own reused connection: it sees the same database
    assert client.get(f"/games/{gid}/poll?seq=0").status_code == 200
    assert client.get(f"/games/{gid}/poll?seq=1").status_code == 204
    assert client.get("/").status_code == 200
    assert os.listdir(tmp_path) == []


def test_another_phone_on_an_in_memory_app_sees_the_change_and_undoes_it(memory_app):
    host = memory_app.test_client()
    gid = new_game(host)
    phone = join_phone(memory_app, host, gid, 1)
    assert phone.post(f"/games/{gid}/do/wounds", data={"player": 1, "amount": 2, "based_on": 0}).status_code == 303
    assert "Ben takes 2 Wound cards" in host.get(f"/games/{gid}/log").get_data(as_text=True)
    assert phone.post(f"/games/{gid}/undo", data={"based_on": 1}).status_code == 303
    assert "Undone: Ben takes 2 Wound cards" in host.get(f"/games/{gid}/log").get_data(as_text=True)


def test_two_in_memory_apps_have_a_database_each(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    one = create_app({"TESTING": True, "DATABASE": ":memory:", "WTF_CSRF_ENABLED": False})
    two = create_app({"TESTING": True, "DATABASE": ":memory:", "WTF_CSRF_ENABLED": False})
    gid = new_game(one.test_client())
    assert one.config["DATABASE"] != two.config["DATABASE"]
    assert two.test_client().get(f"/games/{gid}").status_code == 404
    assert os.listdir(tmp_path) == []


def test_taps_from_several_threads_on_an_in_memory_app_are_all_recorded(memory_app):
    """Waitress serves from several threads: on the in-memory database a writer and a reader wait for each other
    (up to the busy timeout), as on a file, instead of failing."""
    host = memory_app.test_client()
    gid = new_game(host)
    statuses: list[int] = []
    phones = [join_phone(memory_app, host, gid, player) for player in (0, 1, 0, 1)]

    def taps(phone, player: int) -> None:
        for _ in range(8):
            statuses.append(phone.post(f"/games/{gid}/do/fame", data={"player": player, "amount": 1}).status_code)
            statuses.append(phone.get(f"/games/{gid}").status_code)

    threads = [threading.Thread(target=taps, args=(phone, i % 2)) for i, phone in enumerate(phones)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert statuses.count(200) == 32 and statuses.count(303) == 32
    log = host.get(f"/games/{gid}/log").get_data(as_text=True)
    assert len(re.findall(r'class="text">[^<]* gains 1 Fame', log)) == 32  # one log line each


def test_an_sqlite_uri_naming_a_file_keeps_the_games_and_the_key_beside_that_file(tmp_path, monkeypatch):
    cwd, data = tmp_path / "cwd", tmp_path / "data"
    cwd.mkdir()
    data.mkdir()
    monkeypatch.chdir(cwd)
    app = create_app({"TESTING": True, "DATABASE": f"file:{data / 'games.db'}?mode=rwc", "WTF_CSRF_ENABLED": False})
    gid = new_game(app.test_client())
    with sqlite3.connect(data / "games.db") as conn:
        assert conn.execute("SELECT id FROM games").fetchall() == [(gid,)]
    assert (data / "secret_key").read_text().strip() == app.config["SECRET_KEY"]
    assert os.listdir(cwd) == []
    assert create_app({"DATABASE": str(data / "games.db")}).config["SECRET_KEY"] == app.config["SECRET_KEY"]
