"""JSON API of the combat referee (docs/api.md "Combat"): the documented routes and field names, the rules
behind them, and 4xx {"error"} for bad input."""
import pytest

ORC = {"name": "Orc", "armor": 3, "attacks": [{"value": 3, "element": "physical"}], "fame": 2}


def post(client, path, body, status=200):
    resp = client.post("/api/v1/combat" + path, json=body)
    assert resp.status_code == status, resp.get_data(as_text=True)
    return resp.get_json()


def test_attack_halves_inefficient_sum_once_and_reports_fields(client):
    """Rulebook Ranged and Siege 4a via the API: physical 3+3 vs physical resistance = 3."""
    golem = {"name": "Golem", "armor": 3, "attacks": [], "resistances": ["physical"], "fame": 4}
    out = post(client, "/attack", {"phase": "attack", "targets": [golem], "attacks": [{"value": 3}, {"value": 3}]})
    assert set(out) >= {"allowed", "reason", "total", "armor", "success", "fame", "explanation"}
    assert out["allowed"] and out["total"] == 3 and out["armor"] == 3 and out["success"] and out["fame"] == 4
    assert out["explanation"]


def test_attack_not_allowed_in_ranged_phase_gives_the_reason(client):
    """Rulebook Ranged and Siege 3: fortified site, Ranged not allowed; double fortified not at all."""
    body = {"phase": "ranged_siege", "targets": [ORC], "attacks": [{"value": 5, "kind": "ranged"}],
            "site": {"fortified": True, "city": None, "across_wall": False}}
    out = post(client, "/attack", body)
    assert out["allowed"] is False and "Siege" in out["reason"] and out["success"] is False
    body["targets"] = [{**ORC, "abilities": ["fortified"]}]
    body["attacks"] = [{"value": 9, "kind": "siege"}]
    assert "fortified twice" in post(client, "/attack", body)["reason"]


def test_attack_with_a_token_and_overrides(client):
    """{"token": id} plus overrides: Orc Trackers (elusive 3/6) in the Attack phase with all attacks blocked."""
    body = {"phase": "attack", "targets": [{"token": "orc_trackers", "all_attacks_blocked": True}],
            "attacks": [{"value": 3}]}
    assert post(client, "/attack", body)["success"]
    body["targets"][0]["all_attacks_blocked"] = False
    out = post(client, "/attack", body)
    assert out["armor"] == 6 and not out["success"]
    body["targets"][0]["armor"] = 2
    body["targets"][0]["all_attacks_blocked"] = True
    assert post(client, "/attack", body)["armor"] == 2


def test_block_fields_swift_and_city(client):
    """Rulebook Block phase 6a (Swift doubles required), City Assaults 1b (Blue +2 to fire)."""
    enemy = {"name": "Fire Griffon", "armor": 4, "attacks": [{"value": 3, "element": "fire"}], "abilities": ["swift"]}
    out = post(client, "/block", {"enemy": enemy, "blocks": [{"value": 10, "element": "ice"}],
                                  "site": {"fortified": True, "city": "blue"}})
    assert out == {**out, "attack": 5, "required": 10, "total": 10, "success": True}
    out = post(client, "/block", {"enemy": enemy, "blocks": [{"value": 10, "element": "physical"}]})
    assert out["total"] == 5 and not out["success"]


def test_block_cumbersome_move_points(client):
    enemy = {"token": "earth_elemental"}
    out = post(client, "/block", {"enemy": enemy, "blocks": [], "move_points": 4})
    assert out["attack"] == 0 and out["success"]


def test_damage_answer_and_impossible_assignments(client):
    """Rulebook Assign Damage 4-5 through the API, with a unit from the rules data and a typed-in one."""
    body = {"hero": {"armor": 2, "hand_limit": 5},
            "units": [{"id": 1, "armor": 3, "level": 2, "resistances": ["fire"], "wounded": False},
                      {"id": "p", "unit": "peasants", "wounded": False}],
            "attacks": [{"enemy": {"name": "Fire", "armor": 3, "attacks": [{"value": 3, "element": "fire"}]},
                         "attack_index": 0, "assign": [1]},
                        {"enemy": {**ORC, "attacks": [{"value": 5}]}, "assign": ["p"]}]}  # peasants: armor 3
    out = post(client, "/damage", body)
    assert out["hero"] == {"wounds_to_hand": 1, "wounds_to_discard": 0, "knocked_out": False,
                           "discard_non_wounds": False}
    assert out["units"][0] == {"id": 1, "wounds": 0, "destroyed": False, "absorbed": True}
    assert out["units"][1]["id"] == "p" and out["units"][1]["wounds"] == 1
    # the absorbing unit cannot take damage again this combat
    body["attacks"][1]["assign"] = [1]
    assert "absorbed" in post(client, "/damage", body, 400)["error"]
    # wounded unit, assassination
    body["units"][1]["wounded"] = True
    body["attacks"][1]["assign"] = ["p"]
    assert "wounded" in post(client, "/damage", body, 400)["error"]
    body["attacks"][1] = {"enemy": {**ORC, "abilities": ["assassination"]}, "assign": [1]}
    assert "Assassination" in post(client, "/damage", body, 400)["error"]


def test_suggest_returns_assignment_and_the_damage_answer(client):
    body = {"hero": {"armor": 2, "hand_limit": 5, "wounds_this_combat": 0},
            "units": [{"id": "a", "armor": 3}, {"id": "b", "armor": 3, "resistances": ["fire"]}],
            "attacks": [{"enemy": {"name": "Fire", "armor": 3, "attacks": [{"value": 3, "element": "fire"}]}}]}
    out = post(client, "/damage/suggest", body)
    assert out["attacks"] == [{"assign": ["b"]}]
    assert out["result"]["hero"]["wounds_to_hand"] == 0 and out["result"]["units"][1]["absorbed"]
    out = post(client, "/damage/suggest", {**body, "prefer": "hero"})
    assert out["attacks"] == [{"assign": ["b"]}]  # absorbing hurts nobody
    assert "prefer" in post(client, "/damage/suggest", {**body, "prefer": "nobody"}, 400)["error"]


def test_plan_route(client):
    body = {"phase": "attack", "enemies": [{**ORC}, {**ORC, "name": "Orc 2"}],
            "attacks": [{"value": 4}, {"value": 2}]}
    out = post(client, "/plan", body)
    assert out["fame"] == 4 and out["points"] == 6
    assert out["groups"][0]["targets"] == [0, 1] and out["groups"][0]["attacks"] == [0, 1]


def test_pvp_route_with_damage_and_fame(client):
    body = {"phase": "ranged_siege", "attacks": [{"value": 4, "element": "fire", "kind": "ranged"}],
            "blocks": [{"value": 4, "element": "ice"}],
            "hero": {"armor": 2, "hand_limit": 5}, "units": [], "spend": ["hero"],
            "victory": {"winner_level": 2, "winner_fame": 8, "loser_level": 3, "loser_fame": 12}}
    out = post(client, "/pvp", body)
    assert out["damage"] == 2 and out["assignment"]["hero_wounds"] == 1 and out["fame"] == 3


def test_coop_split_route(client):
    out = post(client, "/coop-split", {"garrison": ["a", "b", "c"], "counts": [1, 2], "seed": 7})
    assert [len(p) for p in out["participants"]] == [1, 2]
    assert out == post(client, "/coop-split", {"garrison": ["a", "b", "c"], "counts": [1, 2], "seed": 7})
    assert "garrison" in post(client, "/coop-split", {"garrison": ["a"], "counts": [1, 2]}, 400)["error"]


@pytest.mark.parametrize("path,body", [
    ("/attack", {"phase": "melee", "targets": [ORC]}),
    ("/attack", {"phase": "attack", "targets": []}),
    ("/attack", {"phase": "attack", "targets": [{"name": "x"}]}),
    ("/attack", {"phase": "attack", "targets": [ORC], "attacks": [{"value": -1}]}),
    ("/attack", {"phase": "attack", "targets": [ORC], "attacks": [{"value": 2, "element": "lightning"}]}),
    ("/attack", {"phase": "attack", "targets": [{"token": "no_such_enemy"}]}),
    ("/attack", {"phase": "attack", "targets": [{**ORC, "colour": "green"}]}),
    ("/attack", {"phase": "attack", "targets": [ORC], "site": {"city": "purple"}}),
    ("/block", {"enemy": ORC, "attack_index": 3}),
    ("/block", {"enemy": ORC, "blocks": "lots"}),
    ("/block", {"enemy": ORC, "move_points": 2}),
    ("/damage", {"units": [], "attacks": []}),
    ("/damage", {"hero": {"armor": 0, "hand_limit": 5}}),
    ("/damage", {"hero": {"armor": 2, "hand_limit": 5}, "units": [{"id": 1, "armor": 2}, {"id": 1, "armor": 2}]}),
    ("/damage", {"hero": {"armor": 2, "hand_limit": 5}, "units": [{"id": 1, "unit": "no_such_unit"}]}),
    ("/damage", {"hero": {"armor": 2, "hand_limit": 5}, "attacks": [{"enemy": ORC, "assign": [9]}]}),
    ("/damage/suggest", {"hero": {"armor": 2, "hand_limit": 5},
                         "attacks": [{"enemy": {"name": "S", "armor": 4, "attacks": [], "abilities": ["summon"],
                                                "summon": "brown"}}]}),
    ("/plan", {"phase": "attack"}),
    ("/pvp", {"phase": "attack"}),
    ("/pvp", {"phase": "melee", "attacks": [{"value": 3}], "spend": ["retreat"], "hero": {"armor": 2, "hand_limit": 5}}),
    ("/coop-split", {"garrison": ["a"], "counts": [0, 1]}),
])
def test_bad_input_is_a_400_with_an_error(client, path, body):
    out = post(client, path, body, 400)
    assert isinstance(out["error"], str) and out["error"]


def test_non_json_body_is_a_400(client):
    resp = client.post("/api/v1/combat/attack", data="x", content_type="text/plain")
    assert resp.status_code == 400 and "error" in resp.get_json()


def test_summoner_with_two_summoned_tokens_in_damage(client):
    """Dragon Summoner: "summoned" may list two tokens; attack_index 1 is the second token's attack."""
    body = {"hero": {"armor": 2, "hand_limit": 9},
            "attacks": [{"enemy": {"token": "dragon_summoner",
                                   "summoned": [{"token": "medusa"}, {"token": "werewolf"}]}, "attack_index": 1}]}
    out = post(client, "/damage", body)
    assert out["hero"]["wounds_to_hand"] == 4  # werewolf 7 damage, armor 2
    assert "Werewolf" in " ".join(out["explanation"])


def test_suggest_ignores_an_assign_sent_with_the_same_body(client):
    body = {"hero": {"armor": 2, "hand_limit": 5}, "units": [{"id": "a", "armor": 4}],
            "attacks": [{"enemy": ORC, "assign": []}]}
    assert post(client, "/damage/suggest", body)["attacks"] == [{"assign": ["a"]}]
