"""Access by device: the JSON API's per-device credential (a watcher never writes, through pages or the API; an API
request is the same device, player and role as the phone's pages) and the joined games kept on the server (the
session cookie stays small whatever number of games a phone joins; the host keeps the host role)."""

import re

import pytest

from companion.db import get_db
from companion.events import load_events
from game_helpers import device_headers, game_token, my_device_headers, new_game

WRITES = (("commands/fame", {"player": 0, "amount": 1}), ("undo", {}), ("redo", {}), ("undo/0", {}),
          ("undo/1", {}))


def _api_game(client, players=({"name": "Anna", "hero": "tovak"}, {"name": "Ben", "hero": "goldyx"})):
    r = client.post("/api/v1/games", json={"scenario": "full_conquest", "mode": "competitive",
                                           "players": list(players)})
    assert r.status_code == 201
    return r.get_json()


def _phone(app, client, gid, player):
    """Another phone that scans the join link and chooses who it is."""
    phone = app.test_client()
    assert phone.get(f"/join/{gid}/{game_token(app, gid)}").status_code == 303
    assert phone.post(f"/games/{gid}/who", data={"player": player}).status_code == 303
    return phone


def _events(app, gid):
    with app.test_request_context():
        return load_events(get_db(), gid)


def test_the_creating_device_gets_a_host_token_and_the_game_token_only_reads(app, client):
    made = _api_game(client)
    gid, tool = made["id"], app.test_client()  # a script without the cookie
    host = {"Authorization": "Bearer " + made["device_token"]}
    me = tool.get(f"/api/v1/games/{gid}/device", headers=host).get_json()
    assert me == {"game_id": gid, "role": "host", "player": None, "is_host": True}
    game = {"X-Game-Token": made["token"]}
    assert tool.get(f"/api/v1/games/{gid}", headers=game).status_code == 200
    # the export is the host's, as on the game page: the game token alone gets 403 naming the host's device token
    r = tool.get(f"/api/v1/games/{gid}/events", headers=game)
    assert r.status_code == 403 and "host's own device token" in r.get_json()["error"]
    assert tool.get(f"/api/v1/games/{gid}/events", headers=host).get_json()["format_version"] == 1
    for path, body in WRITES:
        r = tool.post(f"/api/v1/games/{gid}/{path}", json=body, headers=game)
        assert r.status_code == 403, path
        assert "Authorization: Bearer" in r.get_json()["error"] and f"/api/v1/games/{gid}/devices" in r.get_json()["error"]
    assert _events(app, gid) == []
    r = tool.post(f"/api/v1/games/{gid}/commands/fame", json={"player": 1, "amount": 2}, headers=host)
    assert r.status_code == 201
    assert _events(app, gid)[0].sentence["by"] == {"role": "host", "player": None}


def test_a_device_token_is_bound_to_its_player_and_a_watcher_token_never_writes(app, client):
    made = _api_game(client)
    gid, tool = made["id"], app.test_client()
    ben = device_headers(app, gid, player=1)
    assert tool.get(f"/api/v1/games/{gid}/device", headers=ben).get_json()["role"] == "player"
    r = tool.post(f"/api/v1/games/{gid}/commands/crystal", json={"player": 1, "color": "red", "amount": 1},
                  headers=ben)
    assert r.status_code == 201 and _events(app, gid)[-1].sentence["by"] == {"role": "player", "player": 1}
    watcher = device_headers(app, gid, watch=True)
    assert tool.get(f"/api/v1/games/{gid}/device", headers=watcher).get_json() == {
        "game_id": gid, "role": "watcher", "player": None, "is_host": False}
    assert tool.get(f"/api/v1/games/{gid}", headers=watcher).status_code == 200
    for path, body in WRITES:
        r = tool.post(f"/api/v1/games/{gid}/{path}", json=body, headers=watcher)
        assert r.status_code == 403 and "watch" in r.get_json()["error"], path
    assert len(_events(app, gid)) == 1
    # a token names one game: it opens no other
    other = _api_game(client)["id"]
    assert tool.get(f"/api/v1/games/{other}", headers=ben).status_code == 403
    assert tool.post(f"/api/v1/games/{other}/commands/fame", json={"player": 0, "amount": 1},
                     headers=ben).status_code == 403


@pytest.mark.parametrize("body,status", [({"player": 2}, 400), ({"player": -1}, 400), ({"player": "x"}, 400),
                                         ({}, 400), ({"player": 0, "watch": True}, 400), ({"watch": "yes"}, 400),
                                         ({"player": True}, 400), ({"player": 1}, 201), ({"watch": True}, 201)])
def test_asking_for_a_device_token_checks_what_is_asked(app, client, body, status):
    gid = _api_game(client)["id"]
    r = app.test_client().post(f"/api/v1/games/{gid}/devices", json=body, headers={"X-Game-Token": game_token(app, gid)})
    assert r.status_code == status and (status == 201 or r.get_json()["error"])


def test_a_device_token_needs_the_game_token_and_a_new_join_code_retires_it(app, client):
    gid = new_game(client)
    tool = app.test_client()
    for headers in ({}, {"X-Game-Token": "wrong"}, {"Authorization": "Bearer wrong"}, {"X-Device-Token": "x" * 500}):
        assert tool.post(f"/api/v1/games/{gid}/devices", json={"player": 0}, headers=headers).status_code == 403
    ben = device_headers(app, gid, player=1)
    x_device = {"X-Device-Token": ben["Authorization"].split()[1]}  # the other header the API reads
    assert tool.get(f"/api/v1/games/{gid}", headers=x_device).status_code == 200
    host = my_device_headers(client, gid)
    assert tool.post(f"/api/v1/games/{gid}/commands/fame", json={"player": 0, "amount": 1},
                     headers=host).status_code == 201
    assert client.post(f"/games/{gid}/token").status_code == 303  # the host makes a new join code
    for headers in (ben, x_device, host):
        assert tool.get(f"/api/v1/games/{gid}", headers=headers).status_code == 403
    # the host's phone stays joined and makes a new token; the old one stays retired
    new_host = my_device_headers(client, gid)
    assert tool.post(f"/api/v1/games/{gid}/commands/fame", json={"player": 0, "amount": 1},
                     headers=new_host).status_code == 201
    assert tool.get(f"/api/v1/games/{gid}", headers=host).status_code == 403


def test_the_api_acts_as_the_phone_whose_token_it_is(app, client):
    """The Invite page's token: the API is the same device, player and role as the phone's pages ("Undo my last"
    through the API takes back that phone's own change; choosing another player on the phone moves the API too)."""
    gid = new_game(client)
    ben = _phone(app, client, gid, "1")
    page = ben.get(f"/games/{gid}/invite").get_data(as_text=True)
    assert 'data-testid="make-device-token"' in page and 'data-testid="device-token"' not in page
    h = my_device_headers(ben, gid)
    tool = app.test_client()
    assert tool.get(f"/api/v1/games/{gid}/device", headers=h).get_json() == {
        "game_id": gid, "role": "player", "player": 1, "is_host": False}
    ben.post(f"/games/{gid}/do/crystal", data={"player": 1, "color": "white", "amount": 1})
    client.post(f"/games/{gid}/do/fame", data={"player": 0, "amount": 2})
    r = tool.post(f"/api/v1/games/{gid}/undo/0", json={}, headers=h)  # Ben's own latest change
    assert r.status_code == 201
    assert r.get_json()["state"]["players"][1]["crystals"]["white"] == 0
    assert r.get_json()["state"]["players"][0]["fame"] == 2
    assert ben.post(f"/games/{gid}/who", data={"player": "watch"}).status_code == 303
    assert tool.get(f"/api/v1/games/{gid}/device", headers=h).get_json()["role"] == "watcher"
    r = tool.post(f"/api/v1/games/{gid}/commands/fame", json={"player": 1, "amount": 1}, headers=h)
    assert r.status_code == 403 and "watch" in r.get_json()["error"]


def test_a_page_read_with_the_game_token_changes_nothing(app, client):
    gid = new_game(client)
    stranger = app.test_client()
    h = {"X-Game-Token": game_token(app, gid)}
    assert stranger.get(f"/games/{gid}", headers=h).status_code == 200
    assert stranger.post(f"/games/{gid}/do/fame", data={"player": 0, "amount": 1}, headers=h).status_code == 403
    assert _events(app, gid) == []


def test_access_helpers_answer_for_an_api_request_as_for_its_phone(app, client):
    """What the game's commands read (companion/web/access.py): the device, its player, host or not, watcher or
    not - for an API request by its device token, exactly as for the phone's own page request."""
    from companion.web import access
    from companion.web.common import game_row

    gid = new_game(client)
    ben = _phone(app, client, gid, "1")
    watcher = _phone(app, client, gid, "watch")
    for phone, role, player, host in ((client, "host", None, True), (ben, "player", 1, False),
                                      (watcher, "watcher", None, False)):
        device = phone.get_cookie("session")  # the phone's own session
        with app.test_request_context(f"/games/{gid}", headers={"Cookie": f"session={device.value}"}):
            app.preprocess_request()
            page = (access.device_id(), access.my_role(gid), access.is_host(game_row(gid)), access.is_watcher(gid))
        if role == "watcher":
            h = device_headers(app, gid, watch=True)
        else:
            h = my_device_headers(phone, gid)
        with app.test_request_context(f"/api/v1/games/{gid}/commands/fame", method="POST", headers=h):
            api = (access.device_id(), access.my_role(gid), access.is_host(game_row(gid)), access.is_watcher(gid))
        assert page[1:] == ({"role": role, "player": player}, host, role == "watcher")
        assert api[1:] == page[1:]
        if role != "watcher":  # the Invite page's token is this very phone
            assert api[0] == page[0]


# ---------------------------------------------------------------------------------------------- the cookie


def _cookie_size(client) -> int:
    return len(client.get_cookie("session").value)


def test_the_cookie_stays_small_whatever_number_of_games_and_the_host_keeps_its_role(app, client):
    """Eighty games created and eighty joined by one phone: the cookie stays far under 4 KB (browsers drop a larger
    one), the start page lists them all, and the phone is the host of every game it created."""
    other = app.test_client()
    created = [new_game(client) for _ in range(80)]
    joined = [new_game(other) for _ in range(80)]
    for gid in joined:
        assert client.get(f"/join/{gid}/{game_token(app, gid)}").status_code == 303
    assert _cookie_size(client) < 600
    index = client.get("/").get_data(as_text=True)
    listed = {int(x) for x in re.findall(r'href="/games/(\d+)"', index)}
    assert set(created) | set(joined) <= listed
    for gid in created[:3] + created[-3:]:
        assert client.get(f"/games/{gid}/export.json").status_code == 200  # only the host exports
        assert 'data-testid="make-device-token"' in client.get(f"/games/{gid}/invite").get_data(as_text=True)
    for gid in joined[:3]:
        assert client.get(f"/games/{gid}").status_code == 200
        assert client.get(f"/games/{gid}/export.json").status_code == 403


def test_an_old_cookie_that_kept_its_games_is_moved_to_the_server(app, client):
    """A phone from before the server kept the joined games: its cookie's games (the token itself, or its join key)
    move to the server on its next request, with their roles; the cookie then keeps none."""
    from companion.web.access import join_key

    first, second = new_game(client), new_game(client)
    with app.test_request_context():
        key = join_key(second, game_token(app, second))
    old = app.test_client()
    with old.session_transaction() as s:
        s["games"] = {str(first): {"token": game_token(app, first), "role": "player", "player": 1},
                      str(second): {"key": key, "role": "watcher", "player": None},
                      "999": {"token": "gone", "role": "host"}, "x": "junk"}
    assert old.get("/").status_code == 200
    with old.session_transaction() as s:
        assert "games" not in s
    assert old.get(f"/games/{first}").status_code == 200
    assert old.post(f"/games/{first}/do/fame", data={"player": 1, "amount": 1}).status_code == 303
    assert old.post(f"/games/{second}/do/fame", data={"player": 1, "amount": 1}).status_code == 403  # a watcher
    assert _events(app, first)[-1].sentence["by"] == {"role": "player", "player": 1}


def test_deleting_a_game_forgets_who_joined_it(app, client):
    gid = new_game(client)
    _phone(app, client, gid, "1")
    with app.test_request_context():
        assert get_db().execute("SELECT COUNT(*) FROM members WHERE game_id = ?", [gid]).fetchone()[0] == 2
    assert client.post(f"/games/{gid}/delete", data={"confirm": "yes"}).status_code == 303
    with app.test_request_context():
        assert get_db().execute("SELECT COUNT(*) FROM members WHERE game_id = ?", [gid]).fetchone()[0] == 0


def test_the_export_through_the_api_is_the_hosts_only(app, client):
    """``GET /api/v1/games/<id>/events`` as ``/games/<id>/export.json``: a player's or a watcher's device token gets
    403, and so does the host's browser cookie without its device token (the API never looks at the cookie)."""
    gid = new_game(client)
    ben, watcher = device_headers(app, gid, player=1), device_headers(app, gid, watch=True)
    for headers in (ben, watcher, {"X-Game-Token": game_token(app, gid)}):
        r = app.test_client().get(f"/api/v1/games/{gid}/events", headers=headers)
        assert r.status_code == 403 and "Authorization: Bearer" in r.get_json()["error"]
    assert client.get(f"/api/v1/games/{gid}/events", headers={"X-Game-Token": game_token(app, gid)}).status_code == 403
    assert client.get(f"/api/v1/games/{gid}/events", headers=my_device_headers(client, gid)).status_code == 200
    assert client.get(f"/games/{gid}/export.json").status_code == 200
    assert _phone(app, client, gid, "1").get(f"/games/{gid}/export.json").status_code == 403


def test_i_only_watch_is_a_role_only_the_host_changes(app, client):
    """README: a phone that chose "I only watch" changes nothing and cannot make itself a player, neither on its
    pages (the who-are-you page) nor through the API (``POST .../devices`` with its token); the host lets it play
    from the Invite page, and then it chooses who it is."""
    gid = new_game(client)
    watcher = _phone(app, client, gid, "watch")
    who = watcher.get(f"/games/{gid}/who").get_data(as_text=True)
    assert 'data-testid="watching-role"' in who and 'value="1"' not in who
    r = watcher.post(f"/games/{gid}/who", data={"player": "1"})
    assert r.status_code == 403 and "only the host" in r.get_data(as_text=True)
    assert watcher.post(f"/games/{gid}/do/fame", data={"player": 0, "amount": 1}).status_code == 403
    # its API token (a watcher's) cannot make a player's token, with or without the game token
    w_api = device_headers(app, gid, watch=True)
    tool = app.test_client()
    for extra in ({}, {"X-Game-Token": game_token(app, gid)}):
        r = tool.post(f"/api/v1/games/{gid}/devices", json={"player": 0}, headers={**w_api, **extra})
        assert r.status_code == 403 and "only the host" in r.get_json()["error"]
    assert tool.post(f"/api/v1/games/{gid}/devices", json={"watch": True}, headers=w_api).status_code == 201
    # the host's Invite page lists the watching phones; a player cannot let one play
    invite = client.get(f"/games/{gid}/invite").get_data(as_text=True)
    keys = re.findall(r'name="phone" value="([^"]+)"', invite)
    assert len(keys) == 3  # the phone and its two API devices
    ben = _phone(app, client, gid, "1")
    assert 'data-testid="watching-phones"' not in ben.get(f"/games/{gid}/invite").get_data(as_text=True)
    assert ben.post(f"/games/{gid}/let-play", data={"phone": keys[0]}).status_code == 403
    assert client.post(f"/games/{gid}/let-play", data={"phone": "nobody"}).status_code == 400
    for key in keys:
        assert client.post(f"/games/{gid}/let-play", data={"phone": key}).status_code == 303
    # Ben's phone is Ben already: choosing him asks first (found by a first-evening walkthrough), then the phone plays
    assert watcher.post(f"/games/{gid}/who", data={"player": "1"}).headers["Location"].endswith("/who?confirm=1")
    assert watcher.post(f"/games/{gid}/who", data={"player": "1", "confirm": "yes"}).status_code == 303
    assert watcher.post(f"/games/{gid}/do/fame", data={"player": 1, "amount": 1}).status_code == 303
    r = tool.post(f"/api/v1/games/{gid}/devices", json={"player": 0}, headers=w_api)
    assert r.status_code == 201
