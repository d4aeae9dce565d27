"""The live-update poll's steady state is answered before Flask (one indexed query), and only for
a page that holds the game's current poll key; everything else goes through the full route and its access check."""

import re

from companion.web.fastpoll import poll_key
from game_helpers import new_game


def _poller(client, gid) -> str:
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    return re.search(r'id="sync" hx-get="([^"]+)"', html).group(1).replace("&amp;", "&")


def _last(client, gid, app) -> int:
    with app.app_context():
        from companion.db import get_db

        return get_db().execute("SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id = ?", [gid]).fetchone()[0]


def test_the_pages_poller_answers_204_while_nothing_changed_and_200_after_a_change(app, client):
    gid = new_game(client)
    client.post(f"/games/{gid}/do/fame", data={"player": 0, "amount": 5})
    url = _poller(client, gid)
    assert "k=" in url
    last = _last(client, gid, app)
    r = client.get(f"{url}&seq={last}")
    assert r.status_code == 204 and r.headers["Cache-Control"] == "no-store"
    client.post(f"/games/{gid}/do/fame", data={"player": 0, "amount": 1})
    r = client.get(f"{url}&seq={last}")
    assert r.status_code == 200 and r.headers["HX-Trigger"] == "gameChanged"


def test_a_wrong_or_retired_key_never_gets_the_fast_answer(app, client):
    gid = new_game(client)
    last = _last(client, gid, app)
    stranger = app.test_client()
    for k in ("nonsense", "ä" * 32, ""):
        assert stranger.get(f"/games/{gid}/poll?k={k}&seq={last}").status_code == 403
    url = _poller(client, gid)
    client.post(f"/games/{gid}/token", data={})  # the host makes a new code: the old key is retired
    assert stranger.get(f"{url}&seq={last}").status_code == 403


def test_the_key_is_bound_to_game_and_token():
    assert poll_key("s", 1, "tok") != poll_key("s", 2, "tok") != poll_key("s", 1, "other")
    assert poll_key("s", 1, "tok") == poll_key("s", 1, "tok")
