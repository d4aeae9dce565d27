"""JSON API of end-game scoring: POST /api/v1/score (docs/api.md "Scoring")."""
from __future__ import annotations

import pytest

from companion import create_app


@pytest.fixture()
def api(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "score_api.db"), "TESTING": True, "SECRET_KEY": "test"})
    return app.test_client()


def post(api, body):
    return api.post("/api/v1/score", json=body)


def test_competitive_game_with_titles_cities_and_a_winner(api):
    """Full Conquest, Scoring: achievements, 7 per city led / 4 shielded, Greatest City Conqueror;
    scoring card: wounded Units at half rounded down, titles +3."""
    r = post(api, {
        "scenario": "full_conquest",
        "players": [
            {"name": "Anna", "fame": 60, "spells": 2, "advanced_actions": 3, "artifacts": 1,
             "crystals": 5, "units": [{"level": 3, "wounded": True}, {"level": 2}],
             "adventure_shields": 1, "fortified_shields": 2, "wounds": 1, "cities_led": 1,
             "cities_shielded": 1},
            {"name": "Ben", "fame": 70, "wounds": 3, "cities_shielded": 1},
        ],
    })
    assert r.status_code == 200, r.get_json()
    body = r.get_json()
    anna = body["players"][0]
    c = anna["categories"]
    assert (c["knowledge"], c["loot"], c["leader"]) == (7, 4, 3)
    assert (c["conqueror"], c["adventurer"], c["beating"], c["cities"]) == (4, 2, -2, 11)
    assert c["greatest_knowledge"] == 3 and c["greatest_city_conqueror"] == 5
    assert anna["total"] == 60 + 7 + 4 + 3 + 4 + 2 - 2 + 11 + 3 * 5 + 5
    ben = body["players"][1]
    assert ben["categories"]["greatest_beating"] == -3
    assert ben["total"] == 70 - 6 + 4 - 3
    assert body["winners"] == ["Anna"]
    assert "teams" not in body and "score" not in body
    assert any("half rounded down" in line for line in body["explanation"])
    outcomes = {t["title"]: t["outcome"] for t in body["titles"]}
    assert outcomes["greatest_beating"] == "sole"


def test_team_game_returns_team_totals(api):
    """Team Rules: one score per team; base the lower Fame; categories the better of the two."""
    r = post(api, {
        "scenario": "full_conquest",
        "players": [
            {"name": "A1", "team": "red", "fame": 30, "spells": 2},
            {"name": "A2", "team": "red", "fame": 22},
            {"name": "B1", "team": "blue", "fame": 25},
            {"name": "B2", "team": "blue", "fame": 26, "spells": 1},
        ],
    })
    body = r.get_json()
    assert r.status_code == 200, body
    teams = {t["team"]: t for t in body["teams"]}
    assert teams["red"]["categories"]["fame"] == 22
    assert teams["red"]["categories"]["knowledge"] == 4
    assert teams["red"]["total"] == 22 + 4 + 3
    assert teams["blue"]["total"] == 25 + 2
    assert body["winners"] == ["red"]
    assert body["players"][0]["team"] == "red"


def test_solo_conquest_returns_the_one_score(api):
    """Solo Conquest, Scoring: Fame base, no titles, 10/city, +15 all, 30/round left, dummy cards, +5."""
    r = post(api, {
        "scenario": "solo_conquest",
        "players": [{"name": "Solo", "fame": 55, "spells": 1, "cities_led": 2}],
        "cities_conquered": 2, "cities_total": 2, "rounds_left": 1, "dummy_deck": 6,
        "end_of_round_announced": False,
    })
    body = r.get_json()
    assert r.status_code == 200, body
    assert body["score"] == 55 + 2 + 20 + 15 + 30 + 6 + 5
    assert body["titles"] == []
    assert body["success"] is True


def test_cooperation_score_and_lowest_variant(api):
    """Full Cooperation, Scoring: lowest Fame as base, only the best player per category;
    Variants: only the lowest counts."""
    players = [
        {"name": "A", "fame": 40, "spells": 3, "cities_led": 1},
        {"name": "B", "fame": 30, "advanced_actions": 1, "cities_led": 1},
    ]
    body = post(api, {"scenario": "blitz_cooperation", "players": players, "dummy_deck": 2}).get_json()
    assert body["categories"]["fame"] == 30 and body["categories"]["knowledge"] == 6
    assert body["score"] == 30 + 6 + 20 + 10 + 15 + 2
    body = post(api, {"scenario": "blitz_cooperation", "players": players, "dummy_deck": 2,
                      "lowest_counts": True}).get_json()
    assert body["categories"]["knowledge"] == 1


def test_portal_and_victory_points(api):
    """One to Return: whoever stands on the portal wins; Conquer and Hold: keeps 3, towers 2."""
    body = post(api, {"scenario": "one_to_return", "players": [
        {"name": "A", "fame": 80}, {"name": "B", "on_portal": True}]}).get_json()
    assert body["winners"] == ["B"]
    body = post(api, {"scenario": "conquer_and_hold", "players": [
        {"name": "A", "keeps": 1}, {"name": "B", "mage_towers": 1}]}).get_json()
    assert body["winners"] == ["A"]
    assert [p["total"] for p in body["players"]] == [3, 2]


@pytest.mark.parametrize("body, fragment", [
    ({"scenario": "nowhere", "players": [{"name": "A"}]}, "unknown scenario"),
    ({"players": [{"name": "A"}]}, "'scenario' is required"),
    ({"scenario": "druid_nights"}, "'players' is required"),
    ({"scenario": "druid_nights", "players": [{"name": "A", "spells": -1}, {"name": "B"}]}, "negative"),
    ({"scenario": "druid_nights", "players": [{"name": "A", "units": [{"level": 5}]}, {"name": "B"}]},
     "1 to 4"),
    ({"scenario": "druid_nights", "players": [{"name": "A", "units": [{"level": 0}]}, {"name": "B"}]},
     "1 to 4"),
    ({"scenario": "druid_nights", "players": [{"name": "A", "units": [{"wounded": True}]}, {"name": "B"}]},
     "level is required"),
    ({"scenario": "druid_nights", "players": [{"name": "A", "wounds": "3"}, {"name": "B"}]}, "whole number"),
    ({"scenario": "druid_nights", "players": [{"name": "A", "wounds": 2.5}, {"name": "B"}]}, "whole number"),
    ({"scenario": "druid_nights", "players": [{"name": ""}, {"name": "B"}]}, "name is required"),
    ({"scenario": "druid_nights", "players": [{"name": "A", "fmae": 3}, {"name": "B"}]}, "unknown field"),
    ({"scenario": "druid_nights", "players": [{"name": "A"}, {"name": "A"}]}, "different"),
    ({"scenario": "solo_conquest", "players": [{"name": "A"}], "rounds_left": -2}, "negative"),
    ({"scenario": "solo_conquest", "players": [{"name": "A"}], "end_of_round_announced": "no"}, "true or false"),
    ({"scenario": "full_cooperation", "players": [{"name": "A"}]}, "2 to 3"),
    ({"scenario": "druid_nights", "players": "A,B"}, "'players' is required"),
    ({"scenario": "druid_nights", "players": [{"name": "A", "team": "x"}, {"name": "B"}]}, "team"),
])
def test_bad_input_is_a_4xx_with_an_error(api, body, fragment):
    r = post(api, body)
    assert 400 <= r.status_code < 500
    assert fragment in r.get_json()["error"]


def test_body_must_be_json(api):
    r = api.post("/api/v1/score", data="scenario=x", content_type="text/plain")
    assert r.status_code == 400 and "JSON" in r.get_json()["error"]
    r = api.post("/api/v1/score", json=[1, 2])
    assert r.status_code == 400 and "error" in r.get_json()


def test_strength_endpoint_action_upgrades(api):
    """Variants, Action Upgrades: strength score and pick order (lowest first)."""
    r = api.post("/api/v1/score/strength", json={"players": [
        {"name": "A", "level": 3, "fame": 10, "spells": 1},
        {"name": "B", "level": 2, "fame": 5, "units": [{"level": 2, "wounded": True}]},
    ]})
    body = r.get_json()
    assert r.status_code == 200, body
    assert body["players"] == [{"name": "A", "strength": 5}, {"name": "B", "strength": 1}]
    assert body["pick_order"] == ["B", "A"]
    r = api.post("/api/v1/score/strength", json={"players": [{"name": "A", "level": 11}]})
    assert r.status_code == 400 and "1 to 10" in r.get_json()["error"]
