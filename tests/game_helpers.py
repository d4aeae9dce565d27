"""Helpers shared by the web tests."""

import re


def new_game(client, scenario="full_conquest", mode="competitive", players=(("Anna", "arythea"), ("Ben", "tovak")),
             **extra):
    data = {"scenario": scenario, "mode": mode, **extra}
    for i, (name, hero) in enumerate(players):
        data[f"name_{i}"] = name
        if hero:
            data[f"hero_{i}"] = hero
    resp = client.post("/games", data=data)
    assert resp.status_code == 303, resp.get_data(as_text=True)
    game_id = int(re.search(r"/games/(\d+)/who", resp.headers["Location"]).group(1))
    return game_id


def seq_of(client, game_id):
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    return int(re.search(r'data-seq="(\d+)"', html).group(1))


class GameTable:
    """A game created directly, with this test client joined as its host (player 0); feature tests subclass it
    and add the page's actions."""

    def __init__(self, app, scenario, mode, players):
        import json as _json

        from companion.web.common import game_row
        from companion.web.games import create_game

        self.app = app
        self.client = app.test_client()
        setup = {"scenario": scenario, "mode": mode, "name": "t",
                 "players": [{"name": p[0], "hero": p[1], "team": p[2] if len(p) > 2 else None} for p in players]}
        with app.test_request_context():
            self.id = create_game(setup, "host-device")
            token = game_row(self.id)["token"]
        self._json = _json
        with self.client.session_transaction() as s:
            s["games"] = {str(self.id): {"token": token, "role": "host", "player": 0}}

    def row(self):
        from companion.web.common import game_row

        with self.app.test_request_context():
            return game_row(self.id)

    def state(self):
        from companion.db import get_db
        from companion.events import load_events
        from companion.state import fold

        with self.app.test_request_context():
            row = self.row()
            return fold(self.id, self._json.loads(row["setup"]), row["seed"], load_events(get_db(), self.id))

    def seq(self):
        from companion.db import get_db
        from companion.events import load_events

        with self.app.test_request_context():
            evs = load_events(get_db(), self.id)
            return evs[-1].seq if evs else 0

    def undo(self):
        r = self.client.post(f"/games/{self.id}/undo", data={"based_on": self.seq()})
        assert r.status_code == 303


def game_token(app, game_id):
    from companion.web.common import game_row

    with app.test_request_context():
        return game_row(game_id)["token"]


def device_headers(app, game_id, player=0, watch=False):
    """A new API device of the game, got with the game's token (``POST /api/v1/games/<id>/devices``): the headers
    that make the API act as that player (or as a watcher)."""
    body = {"watch": True} if watch else {"player": player}
    r = app.test_client().post(f"/api/v1/games/{game_id}/devices", json=body,
                               headers={"X-Game-Token": game_token(app, game_id)})
    assert r.status_code == 201, r.get_data(as_text=True)
    return {"Authorization": "Bearer " + r.get_json()["device_token"]}


def my_device_headers(client, game_id):
    """This test client's own API token (the Invite page's button): the API then acts as this phone does."""
    html = client.post(f"/games/{game_id}/api-token").get_data(as_text=True)
    return {"Authorization": "Bearer " + re.search(r'data-testid="device-token">([^<]+)<', html).group(1)}


def join_phone(app, client, gid, player):
    """Another phone scans the game's QR code (the join link on the board) and says who it is (confirming it when
    another phone is that player already)."""
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    link = re.search(r'data-testid="join-url">([^<]+)<', html).group(1)
    phone = app.test_client()
    phone.get(link[link.index("/join/"):])
    phone.post(f"/games/{gid}/who", data={"player": player, "confirm": "yes"})
    return phone


def page_seq(phone, gid):
    """The log position the board page of this phone shows (its ``based_on``)."""
    return int(re.search(r'data-seq="(\d+)"', phone.get(f"/games/{gid}").get_data(as_text=True)).group(1))


def by_the_host(text: str, name: str) -> bool:
    """A log line of what the host's phone did for a player: one sentence that names the player once and says the
    host did it ("Ben's turn is over (by the host)."; "Combat: Block phase (by the host for Ben)."), a rule of the
    log found by a first-evening walkthrough (companion/game/spine/sentences.py)."""
    return text.count(name) == 1 and (text.endswith("(by the host).") or text.endswith(f"(by the host for {name})."))
