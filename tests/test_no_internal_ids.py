"""No internal ids on any page ("Schildplättchen (mage_tower)"). Every main page of a
game, in both languages, is rendered and its visible text (tags stripped, attribute values ignored) must not
contain a snake_case id such as mage_tower, cold_fire, heroes_swift or other_keep."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from companion import create_app

SNAKE = re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]*[a-z0-9]\b")
URL = re.compile(r"https?://\S+")


class _Text(HTMLParser):
    def __init__(self):
        super().__init__()
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style", "template"):
            self._skip += 1

    def handle_endtag(self, tag):
        if tag in ("script", "style", "template") and self._skip:
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip:
            self.parts.append(data)


def visible_ids(html: str) -> set[str]:
    p = _Text()
    p.feed(html)
    # a link shown as its address (the join link) carries a random key that may hold "_": not an id a person reads
    return set(SNAKE.findall(URL.sub(" ", " ".join(p.parts))))


def test_the_checker_finds_ids_in_text_only():
    assert visible_ids('<p title="mage_tower">Schildplättchen (mage_tower)</p>') == {"mage_tower"}
    assert visible_ids('<a href="/rules/enemies/heroes_swift" data-x="heroes_swift">Kaltes Feuer</a>') == set()
    assert visible_ids('<a href="x">http://localhost/join/1/Ab-w4i_g9</a> mage_tower') == {"mage_tower"}


@pytest.fixture
def client(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "t.db"), "SECRET_KEY": "t",
                      "WTF_CSRF_ENABLED": False})
    return app.test_client()


def _seq(client, gid) -> int:
    html = client.get(f"/games/{gid}/combat").get_data(as_text=True)
    return int(re.search(r'name="based_on" value="(\d+)"', html).group(1))


def _post(client, gid, path, data=None):
    data = dict(data or {})
    data.setdefault("based_on", str(_seq(client, gid)))
    resp = client.post(f"/games/{gid}{path}", data=data)
    assert resp.status_code == 303, (path, re.findall(r"<p class=\"error[^<]*", resp.get_data(as_text=True)) or resp.get_data(as_text=True)[-3000:-1500])
    return resp


def _game(client, scenario, mode, players):
    data = {"scenario": scenario, "mode": mode}
    for i, (name, hero) in enumerate(players):
        data[f"name_{i}"], data[f"hero_{i}"] = name, hero
    resp = client.post("/games", data=data)
    assert resp.status_code == 303, resp.get_data(as_text=True)[-1500:]
    return int(re.search(r"/games/(\d+)/", resp.headers["Location"]).group(1))


def _enemy_keys(client, gid):
    import json

    from companion.db import get_db
    from companion.events import load_events
    from companion.state import fold

    with client.application.app_context():
        db = get_db()
        row = next(db.query("SELECT * FROM games WHERE id = ?", [gid]))
        state = fold(gid, json.loads(row["setup"]), row["seed"], load_events(db, gid))
    from companion.game.combat.state import current

    return [e["key"] for e in current(state)["enemies"]]


RULES_PAGES = ["/", "/games/new", "/rules/", "/rules/enemies", "/rules/enemies/heroes_swift", "/rules/units",
               "/rules/sites", "/rules/scenarios", "/rules/scenarios/full_conquest", "/rules/heroes", "/rules/cities",
               "/rules/tracks", "/rules/tactics", "/rules/cards", "/rules/odds", "/rules/procedures"]


def _pages(client):
    """(label, url) of every main page, walking a combat through its phases on the way."""
    gid = _game(client, "full_conquest", "competitive", [("Anna", "arythea"), ("Ben", "tovak")])
    _post(client, gid, "/do/fame", {"player": "0", "amount": "10"})
    _post(client, gid, "/do/recruit", {"player": "0", "unit": "peasants"})
    yield "board", f"/games/{gid}"
    for url in (f"/games/{gid}/log", f"/games/{gid}/score", f"/games/{gid}/pvp", f"/games/{gid}/tokens",
                f"/games/{gid}/invite"):
        yield url, url
    yield "combat setup", f"/games/{gid}/combat"
    _post(client, gid, "/combat/setup", {"player": "0", "fight": "mage_tower"})
    yield "combat enemies", f"/games/{gid}/combat"
    for token in ("fire_mages", "heroes_swift"):
        _post(client, gid, "/combat/enemy", {"token": token})
    yield "combat with enemies", f"/games/{gid}/combat"
    for phase in ("ranged", "block", "damage"):
        _post(client, gid, "/combat/phase")
        yield f"combat {phase}", f"/games/{gid}/combat"
    _post(client, gid, "/combat/damage", {"mode": "suggest"})
    yield "combat damage taken", f"/games/{gid}/combat"
    _post(client, gid, "/combat/phase")
    yield "combat attack", f"/games/{gid}/combat"
    for key in _enemy_keys(client, gid):
        _post(client, gid, "/combat/attack", {"target": str(key), "value": "20", "element": "physical"})
    yield "combat won", f"/games/{gid}/combat"
    _post(client, gid, "/combat/end")
    yield "board after combat (Shields on the Mage Tower)", f"/games/{gid}"
    yield "log after combat", f"/games/{gid}/log"
    yield "score after combat", f"/games/{gid}/score"
    solo = _game(client, "solo_conquest", "solo", [("Anna", "arythea")])
    yield "solo board", f"/games/{solo}"
    yield "dummy", f"/games/{solo}/dummy"
    for url in RULES_PAGES:
        yield url, url


@pytest.mark.parametrize("lang", ["en", "de"])
def test_no_internal_ids_on_any_main_page(client, lang):
    client.post("/lang", data={"lang": lang})
    found = {}
    for label, url in _pages(client):
        resp = client.get(url)
        assert resp.status_code == 200, (url, resp.status_code)
        ids = visible_ids(resp.get_data(as_text=True))
        if ids:
            found[label] = sorted(ids)
    assert not found, found
