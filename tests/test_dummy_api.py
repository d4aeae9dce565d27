"""JSON API of the Dummy player: POST /api/v1/dummy/turn and /api/v1/dummy/forecast (docs/api.md)."""
from __future__ import annotations

import itertools

import pytest

from companion import create_app


@pytest.fixture()
def api(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "dummy_api.db"), "TESTING": True, "SECRET_KEY": "test"})
    return app.test_client()


def test_turn_flips_three_then_one_per_crystal_of_last_colour(api):
    """Scenario Book, Dummy Player: flip three; the last one's colour decides; one more per crystal of it."""
    r = api.post("/api/v1/dummy/turn", json={
        "deck": ["red", "white", "green", "blue", "blue", "red"],
        "crystals": {"red": 0, "blue": 1, "green": 2, "white": 0}})
    assert r.status_code == 200
    body = r.get_json()
    assert body["flipped"] == ["red", "white", "green", "blue", "blue"]
    assert body["deck"] == ["red"]
    assert body["end_of_round"] is False
    assert body["explanation"]


def test_turn_no_crystal_of_last_colour_stops_after_three(api):
    body = api.post("/api/v1/dummy/turn", json={
        "deck": ["green", "green", "white", "green"], "crystals": {"green": 3}}).get_json()
    assert body["flipped"] == ["green", "green", "white"] and body["deck"] == ["green"]


def test_turn_empty_deck_announces_end_of_round(api):
    body = api.post("/api/v1/dummy/turn", json={"deck": [], "crystals": {}}).get_json()
    assert body == {**body, "flipped": [], "deck": [], "end_of_round": True}


def test_forecast_distribution_and_expected(api):
    """5 cards (4 red, 1 blue), 2 blue crystals: k=2 with 1/5, k=3 with 4/5."""
    r = api.post("/api/v1/dummy/forecast", json={
        "deck": {"red": 4, "blue": 1, "green": 0, "white": 0}, "crystals": {"red": 0, "blue": 2}})
    assert r.status_code == 200
    body = r.get_json()
    assert body["distribution"] == pytest.approx({"2": 0.2, "3": 0.8})
    assert body["expected"] == pytest.approx(2.8)


def test_forecast_empty_deck_is_k_one(api):
    body = api.post("/api/v1/dummy/forecast", json={"deck": {}, "crystals": {}}).get_json()
    assert body["distribution"] == {"1": 1.0} and body["expected"] == 1.0


def test_forecast_agrees_with_repeated_turn_calls(api):
    """Play every order of a small deck through the turn endpoint and compare with the forecast endpoint."""
    deck = ["red", "red", "blue", "green", "white", "white", "green"]
    crystals = {"red": 1, "white": 2}
    counts: dict[int, int] = {}
    orders = set(itertools.permutations(deck))
    for order in orders:
        k, rest = 1, list(order)
        while True:
            body = api.post("/api/v1/dummy/turn", json={"deck": rest, "crystals": crystals}).get_json()
            if body["end_of_round"]:
                break
            rest, k = body["deck"], k + 1
        counts[k] = counts.get(k, 0) + 1
    f = api.post("/api/v1/dummy/forecast", json={
        "deck": {"red": 2, "blue": 1, "green": 2, "white": 2}, "crystals": crystals}).get_json()
    assert f["distribution"] == pytest.approx({str(k): v / len(orders) for k, v in counts.items()})


@pytest.mark.parametrize("url,body,needle", [
    ("/api/v1/dummy/turn", {"deck": ["red", "purple"], "crystals": {}}, "unknown colour"),
    ("/api/v1/dummy/turn", {"deck": "red,blue", "crystals": {}}, "list of colours"),
    ("/api/v1/dummy/turn", {"deck": ["red"], "crystals": {"red": -1}}, "negative"),
    ("/api/v1/dummy/turn", {"deck": ["red"], "crystals": {"gold": 1}}, "unknown colour"),
    ("/api/v1/dummy/turn", {"deck": ["red"]}, "crystals"),
    ("/api/v1/dummy/turn", {"deck": ["red"] * 61, "crystals": {}}, "too long"),
    ("/api/v1/dummy/forecast", {"deck": {"red": -2}, "crystals": {}}, "negative"),
    ("/api/v1/dummy/forecast", {"deck": {"pink": 2}, "crystals": {}}, "unknown colour"),
    ("/api/v1/dummy/forecast", {"deck": {"red": 2.5}, "crystals": {}}, "whole number"),
    ("/api/v1/dummy/forecast", {"deck": {"red": True}, "crystals": {}}, "whole number"),
    ("/api/v1/dummy/forecast", {"deck": [1, 2], "crystals": {}}, "object"),
    ("/api/v1/dummy/forecast", {"deck": {"red": 40, "blue": 40}, "crystals": {}}, "too many"),
    ("/api/v1/dummy/forecast", {"deck": {"red": 3}, "crystals": {}, "in_deck": 4}, "cannot exceed"),
    ("/api/v1/dummy/forecast", {"deck": {"red": 3}, "crystals": {"blue": 21}}, "too large"),
    ("/api/v1/dummy/forecast", [1], "JSON object"),
])
def test_malformed_input_is_400_with_error(api, url, body, needle):
    r = api.post(url, json=body)
    assert r.status_code == 400
    assert needle in r.get_json()["error"]


def test_not_json_is_400(api):
    r = api.post("/api/v1/dummy/forecast", data="deck=3", content_type="application/x-www-form-urlencoded")
    assert r.status_code == 400 and "error" in r.get_json()
    assert api.get("/api/v1/dummy/forecast").status_code == 405


def test_game_commands_through_the_games_api(api):
    """The dummy's game actions are also commands of the games' JSON API (docs/api.md, Dummy player)."""
    r = api.post("/api/v1/games", json={"scenario": "solo_conquest", "mode": "solo",
                                        "players": [{"name": "Anna", "hero": "goldyx"}]})
    assert r.status_code == 201
    gid, headers = r.get_json()["id"], {"Authorization": "Bearer " + r.get_json()["device_token"]}
    url = f"/api/v1/games/{gid}/commands/"
    r = api.post(url + "dummy_setup", json={"mode": "virtual", "hero": "tovak"}, headers=headers)
    assert r.status_code == 201 and r.get_json()["state"]["dummy"]["deck_count"] == 16
    r = api.post(url + "dummy_turn", json={}, headers=headers)
    body = r.get_json()
    assert r.status_code == 201 and body["event"]["type"] == "dummy.turn"
    assert body["state"]["dummy"]["deck_count"] == 16 - len(body["state"]["dummy"]["last"]["flipped"])
    r = api.post(url + "dummy_new_round", json={}, headers=headers)
    assert r.status_code == 400 and "still running" in r.get_json()["error"]  # no one announced yet
    assert api.post(url + "dummy_announce", json={"player": 0}, headers=headers).status_code == 201
    r = api.post(url + "dummy_new_round", json={}, headers=headers)
    assert r.status_code == 400 and "last turns" in r.get_json()["error"]  # the dummy's last turn first
    assert api.post(url + "dummy_turn", json={}, headers=headers).status_code == 201
    r = api.post(url + "dummy_new_round", json={"spell_color": "pink", "advanced_action": "empty"}, headers=headers)
    assert r.status_code == 400 and "pink" in r.get_json()["error"]
    r = api.post(url + "dummy_setup", json={"mode": "virtual"}, headers=headers)
    assert r.status_code == 400 and "already set up" in r.get_json()["error"]
    assert api.post(url + "dummy_turn", json={}).status_code == 403
