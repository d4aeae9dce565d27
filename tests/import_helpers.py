"""Helpers for the import tests: export a game, import a file, render every page of a game."""

from __future__ import annotations

import io
import json
import re

GAME_PAGES = ("", "/log", "/combat", "/dummy", "/score", "/score.json", "/score.csv", "/story", "/pvp?a=0&d=1",
              "/invite", "/tokens", "/runewars", "/runewars/heroes", "/who", "/export.json")


def counts(app) -> tuple[int, int]:
    """(games, events) in the database: an import that is refused writes nothing."""
    from companion.db import get_db

    with app.app_context():
        db = get_db()
        return (db.execute("SELECT COUNT(*) FROM games").fetchone()[0],
                db.execute("SELECT COUNT(*) FROM events").fetchone()[0])


def import_file(client, data):
    raw = data if isinstance(data, (str, bytes)) else json.dumps(data)
    if isinstance(raw, str):
        raw = raw.encode("utf-8", "surrogatepass")
    return client.post("/games/import", data={"file": (io.BytesIO(raw), "game.json")},
                       content_type="multipart/form-data")


def refused(app, client, data, n, *words) -> str:
    """The import of ``data`` is a 400 naming event ``n`` (and ``words``); nothing is written."""
    before = counts(app)
    r = import_file(client, data)
    text = r.get_data(as_text=True)
    assert r.status_code == 400, (r.status_code, text[-500:])
    assert f"Event {n} " in text, text[-800:]
    for w in words:
        assert w in text, (w, text[-800:])
    assert counts(app) == before
    return text


def exported(client, gid) -> dict:
    r = client.get(f"/games/{gid}/export.json")
    assert r.status_code == 200, r.status_code
    return r.get_json()


def imported_id(resp) -> int:
    assert resp.status_code == 303, resp.get_data(as_text=True)[-600:]
    return int(re.search(r"/games/(\d+)/", resp.headers["Location"]).group(1))


def render_every_page(client, gid) -> dict:
    """Every page of a game (and the game's JSON): none may be a 5xx. Returns the bodies by page."""
    bodies = {}
    for page in GAME_PAGES:
        r = client.get(f"/games/{gid}{page}")
        assert r.status_code < 500, (page, r.status_code)
        bodies[page] = (r.status_code, r.get_data(as_text=True))
    return bodies
