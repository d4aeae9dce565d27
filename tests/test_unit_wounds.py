"""Wounded units (Rulebook "Wounds and Healing" 2a: wounded units cannot be activated or assigned damage): the unit
command, the games' JSON API, the damage API and a game's Assign Damage form all refuse a wounded unit."""

import pytest

from companion.game.spine.command import Invalid
from companion.game.spine.local import LocalGame

SOLO = {"scenario": "first_reconnaissance", "mode": "solo", "players": [{"name": "Anna", "hero": "tovak"}]}


# ------------------------------------------------------------------ wounded units


def test_wounding_an_already_wounded_unit_is_refused_rulebook_wounds_2a():
    """Rulebook "Wounds and Healing" 2a: "Wounded Units cannot be activated or assigned damage"; a unit that is
    already wounded cannot be wounded again (Poison's second Wound card comes only from combat)."""
    g = LocalGame(SOLO)
    g.run("recruit", player=0, unit="peasants")
    uid = g.state["players"][0]["units"][0]["uid"]
    g.run("unit", player=0, uid=uid, action="wound")
    with pytest.raises(Invalid, match="already wounded"):
        g.run("unit", player=0, uid=uid, action="wound")
    assert g.state["players"][0]["units"][0]["wound_cards"] == 1
    g.run("unit", player=0, uid=uid, action="heal")
    g.run("unit", player=0, uid=uid, action="wound")  # healed: it can be wounded again


def test_wounding_a_wounded_unit_through_the_api_is_a_400(client):
    """The same rule through the games' JSON API: a 400 with the reason, nothing recorded."""
    r = client.post("/api/v1/games", json={"scenario": "solo_conquest", "mode": "solo",
                                           "players": [{"name": "Anna", "hero": "tovak"}]})
    gid, h = r.get_json()["id"], {"Authorization": "Bearer " + r.get_json()["device_token"]}
    url = f"/api/v1/games/{gid}/commands/"
    r = client.post(url + "recruit", json={"player": 0, "unit": "peasants"}, headers=h)
    uid = r.get_json()["state"]["players"][0]["units"][0]["uid"]
    assert client.post(url + "unit", json={"player": 0, "uid": uid, "action": "wound"}, headers=h).status_code == 201
    r = client.post(url + "unit", json={"player": 0, "uid": uid, "action": "wound"}, headers=h)
    assert r.status_code == 400 and "already wounded" in r.get_json()["error"]


def test_the_damage_api_refuses_a_wounded_unit_listed_after_the_damage_ran_out(client):
    """docs/api.md, POST /api/v1/combat/damage: "400 for a wounded unit, a unit after it absorbed, any unit on an
    Assassination attack" - also when the unit is listed after a unit that took all the damage (Rulebook Wounds
    and Healing 2a: wounded units cannot be assigned damage)."""
    body = {"hero": {"armor": 2, "hand_limit": 5},
            "units": [{"id": "a", "level": 1, "armor": 3}, {"id": "w", "level": 1, "armor": 3, "wounded": True}],
            "attacks": [{"enemy": {"name": "Orc", "armor": 3, "attacks": [{"value": 2, "element": "physical"}],
                                   "fame": 2}, "attack_index": 0, "assign": ["a", "w"]}]}
    r = client.post("/api/v1/combat/damage", json=body)
    assert r.status_code == 400 and "wounded" in r.get_json()["error"]
    body["attacks"][0]["assign"] = ["w"]
    assert client.post("/api/v1/combat/damage", json=body).status_code == 400
    body["attacks"][0]["assign"] = ["a"]
    assert client.post("/api/v1/combat/damage", json=body).status_code == 200


def test_a_damage_assignment_in_the_game_listing_a_wounded_unit_is_refused():
    """Rulebook Wounds and Healing 2a in a game's combat: the Assign Damage form cannot give damage to a wounded
    unit (the same 400 as the API)."""
    g = LocalGame(SOLO)
    g.run("fame", player=0, amount=10)  # level 3: two Command tokens
    g.run("recruit", player=0, unit="peasants")
    g.run("recruit", player=0, unit="foresters")
    peasants, foresters = g.state["players"][0]["units"]
    g.run("unit", player=0, uid=peasants["uid"], action="wound")
    g.run("combat_setup", player=0, fight="rampaging")
    g.run("combat_enemy_add", token="prowlers")
    for _ in range(3):
        g.run("combat_phase")
    key = g.state["combat"]["current"]["enemies"][0]["key"]
    with pytest.raises(Invalid, match="wounded unit"):
        g.run("combat_damage", mode="manual", attack=f"{key}:0",
              unit=[f"Foresters #{foresters['uid']}", f"Peasants #{peasants['uid']}"])
    g.run("combat_damage", mode="manual", attack=f"{key}:0", unit=[f"Foresters #{foresters['uid']}"])


