"""Hostile set-ups and imports through the web: a 400 with the reason, never a 500."""

import io
import json

import pytest

DUEL = {"scenario": "full_conquest", "mode": "competitive",
        "players": [{"name": "Anna", "hero": "arythea"}, {"name": "Ben", "hero": "tovak"}]}


@pytest.mark.parametrize("change,reason", [
    ({"players": "Anna, Ben"}, "players must be a list"),
    ({"players": [{"name": 7}, {"name": "Ben"}]}, "name must be text"),
    ({"players": [{"name": "Anna", "hero": ["tovak"]}, {"name": "Ben"}]}, "hero must be given by its id"),
    ({"scenario": ["full_conquest"]}, "Choose a scenario"),
    ({"mode": {"x": 1}}, "Choose how you play"),
])
def test_the_json_api_refuses_hostile_setups(client, change, reason):
    r = client.post("/api/v1/games", json=dict(DUEL, **change))
    assert r.status_code == 400 and reason in r.get_json()["error"]


@pytest.mark.parametrize("change", [{"setup": ["x"]}, {"setup": dict(DUEL, players=5)},
                                    {"events": [{"seq": 1, "type": "player.fame", "payload": {}, "scope": 3}]},
                                    {"events": [{"seq": True, "type": "player.fame", "payload": {}}]}])
def test_a_hostile_import_is_a_400(client, change):
    data = dict({"format_version": 1, "setup": DUEL, "seed": "s", "events": []}, **change)
    r = client.post("/games/import", data={"file": (io.BytesIO(json.dumps(data).encode()), "g.json")},
                    content_type="multipart/form-data")
    assert r.status_code == 400
