"""Mage Lite (seed 004) through the Flask test client: the start page's link, a new game from the form and from
the JSON API with the issue's names, its page, the log, undo, export and import, and refusals with reasons."""

import html
import io
import json
import re

import pytest

from companion.game.spine.exchange import FORMAT_VERSION  # noqa: F401  (the export's format, checked by the import)


def new_game(client, **form):
    data = {"name_0": "Anna", "difficulty": "normal", **form}
    r = client.post("/mage-lite", data=data)
    assert r.status_code == 303, re.sub(r"\s+", " ", r.get_data(as_text=True))[-800:]
    return int(re.search(r"/games/(\d+)/mage-lite", r.headers["Location"]).group(1))


def do(client, gid, cmd, status=303, **form):
    r = client.post(f"/games/{gid}/do/{cmd}", data=dict(form, next=f"/games/{gid}/mage-lite"))
    assert r.status_code == status, re.sub(r"\s+", " ", r.get_data(as_text=True))[-1200:]
    return r


def page(client, gid):
    return client.get(f"/games/{gid}/mage-lite").get_data(as_text=True)


def test_start_page_offers_a_mage_lite_game_beside_runewars(client):
    start = client.get("/").get_data(as_text=True)
    assert "/mage-lite/new" in start and "New Mage Lite game" in start and "New Runewars game" in start
    new = client.get("/mage-lite/new").get_data(as_text=True)
    # 004 Mini Blitz, as printed: the difficulty table is on the new-game page
    assert "Casual" in new and "Impossible" in new and "4 and 6" in new and "+2" in new
    assert "4 countryside, 2 core and 2 city map cards" in new


def test_new_game_from_the_form_opens_its_page_and_the_board_redirects(client):
    gid = new_game(client)
    r = client.get(f"/games/{gid}")
    assert r.status_code == 303 and r.headers["Location"].endswith(f"/games/{gid}/mage-lite")
    shown = page(client, gid)
    assert "Round 1 of 6" in shown and 'data-testid="ml-time">Day<' in shown
    assert 'data-testid="join-url"' in shown and 'data-testid="nav-mage-lite"' in shown
    assert 'data-testid="nav-log"' in shown and 'data-testid="nav-combat"' in shown  # a fight: one tap
    assert 'data-testid="nav-board"' not in shown and 'data-testid="nav-dummy"' not in shown
    assert "red and blue" in shown  # the base game's cities


def test_api_creates_a_mage_lite_game_with_the_issue_names(client):
    """Seed 004 through the API: POST /api/v1/games {"game": "mage_lite", "difficulty", "start", "players": [{"name"}],
    "variants"}; state.game.setup_numbers carries rounds, day_night, city_levels and fame_bonus."""
    r = client.post("/api/v1/games", json={"game": "mage_lite", "difficulty": "impossible", "start": "night",
                                           "players": [{"name": "Anna"}], "variants": ["main_expansion", "crystals"]})
    assert r.status_code == 201, r.get_json()
    gid, token = r.get_json()["id"], r.get_json()["device_token"]
    state = client.get(f"/api/v1/games/{gid}", headers={"Authorization": f"Bearer {token}"}).get_json()["state"]
    assert state["game"]["mode"] == "mage_lite"
    n = state["game"]["setup_numbers"]
    # 004 IMPOSSIBLE: "Rounds: 5 (player choice on whether you start on Day or Night ...) Fame Bonus: +1 City
    # Levels: 4 and 6"
    assert (n["rounds"], n["day_night"], n["city_levels"], n["fame_bonus"]) == (
        5, ["night", "day", "night", "day", "night"], [4, 6], 1)
    assert state["time"] == "night" and state["mage_lite"]["dummy"]["level"] == 1
    r = client.post(f"/api/v1/games/{gid}/commands/mage_lite_fame", json={"amount": 3},
                    headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 201 and r.get_json()["state"]["players"][0]["fame"] == 4


@pytest.mark.parametrize(("body", "reason"), [
    ({"difficulty": "normal", "start": "night"}, "Only Hard and Impossible"),
    ({"difficulty": "easy"}, "Choose the difficulty"),
    ({"difficulty": "hard", "players": [{"name": "A"}, {"name": "B"}]}, "exactly one player"),
    ({"difficulty": "hard", "variants": ["lost_legion"]}, "main_expansion and crystals"),
    ({"difficulty": "hard", "start": "dusk"}, "day or a night"),
])
def test_api_refuses_a_wrong_set_up_with_the_reason(client, body, reason):
    data = {"game": "mage_lite", "players": [{"name": "Anna"}], **body}
    r = client.post("/api/v1/games", json=data)
    assert r.status_code == 400 and reason in r.get_json()["error"]


def test_form_refusal_keeps_the_page_with_the_reason(client):
    r = client.post("/mage-lite", data={"name_0": "", "difficulty": "normal"})
    assert r.status_code == 400 and "Enter the player's name." in html.unescape(r.get_data(as_text=True))


def test_log_undo_export_and_import_round_trip(client):
    gid = new_game(client)
    do(client, gid, "mage_lite_fame", amount="3")
    assert "Fame +3 and the Fame Bonus +1 (level 2): 0 -&gt; 4" in client.get(f"/games/{gid}/log").get_data(
        as_text=True)
    client.post(f"/games/{gid}/undo", data={})
    assert 'data-testid="ml-fame">Fame 0<' in page(client, gid)
    client.post(f"/games/{gid}/redo", data={})
    exported = client.get(f"/games/{gid}/export.json").get_json()
    assert exported["setup"]["game"] == "mage_lite" and exported["setup"]["start_time"] == "day"
    r = client.post("/games/import", data={"file": (io.BytesIO(json.dumps(exported).encode()), "g.json")},
                    content_type="multipart/form-data")
    assert r.status_code == 303
    new_id = int(re.search(r"/games/(\d+)/", r.headers["Location"]).group(1))
    assert 'data-testid="ml-fame">Fame 4<' in page(client, new_id)


def test_bad_command_input_is_a_400_with_the_reason(client):
    gid = new_game(client)
    r = do(client, gid, "mage_lite_fame", status=400, amount="lots")
    assert "whole number" in r.get_data(as_text=True)
    r = do(client, gid, "mage_lite_city", status=400, color="white")  # base game: red and blue only
    assert r.status_code == 400


@pytest.mark.parametrize("path", ["combat", "dummy", "score", "pvp", "log", "invite"])
def test_other_pages_of_a_mage_lite_game_never_fail(client, path):
    gid = new_game(client)
    assert client.get(f"/games/{gid}/{path}").status_code < 500
