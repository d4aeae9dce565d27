"""Issue 10, item 10: small rule slips found at the table, each with its source (rulebook passage or docs/api.md)."""

import pytest

from companion.game.command import Invalid
from companion.game.local import LocalGame
from companion.rules.combat import Block, Site
from companion.rules.combat_block import resolve_block
from tests.combat_helpers import E

SOLO = {"scenario": "first_reconnaissance", "mode": "solo", "players": [{"name": "Anna", "hero": "tovak"}]}
SUMMONED_NOTE = "a blocked summoned monster is discarded"


# ------------------------------------------------------------------ Block phase 7a: only summoned monsters


@pytest.mark.parametrize("city", ["white", "blue", "red", "green"])
def test_a_blocked_city_defender_is_not_called_a_summoned_monster_block_phase_7a(city):
    """Rulebook Block phase 7a: "If a summoned monster is successfully blocked, discard it to the corresponding
    discard pile (but gain no Fame)" - only a summoned monster. A White-city defender (City Assaults 1a: +1 Armor)
    or a Blue-city elemental attacker (1b: +2 to Fire/Ice attacks) blocked successfully is not summoned."""
    attacker = E("Fire Mage", armor=5, attacks=((4, "fire"),), fame=5)
    res = resolve_block(attacker, [Block(9, "ice")], 0, 0, Site(fortified=True, city=city))
    assert res.success
    assert not any(SUMMONED_NOTE in str(line) for line in res.explanation)


def test_a_blocked_summoned_token_is_still_discarded_block_phase_7a():
    """Rulebook Block phase 7a, still said for a summoned monster (Block phase 2a: it replaces the summoner),
    also in a White city."""
    minotaur = E("Minotaur", armor=5, attacks=((5, "physical"),), fame=4)
    summoner = E("Orc Summoners", armor=4, attacks=(), abilities=("summon",), fame=4, summoned=minotaur)
    for site in (None, Site(fortified=True, city="white")):
        res = resolve_block(summoner, [Block(6, "physical")], 0, 0, site)
        assert res.success and any(SUMMONED_NOTE in str(line) for line in res.explanation)


# ------------------------------------------------------------------ cards played sideways


def _sideways_fight():
    g = LocalGame(SOLO)
    g.run("combat_setup", player=0, fight="rampaging")
    g.run("combat_enemy_add", token="prowlers")  # Armor 3
    g.run("combat_phase")
    g.run("combat_phase")  # Block
    g.run("combat_phase")  # Assign Damage: nothing blocked, the Prowlers' 4 goes to the hero
    g.run("combat_damage", mode="suggest", then_attack="yes")
    assert g.state["combat"]["current"]["phase"] == "attack"
    return g


def test_a_sideways_row_of_3_is_three_cards_attack_phase_1b():
    """Rulebook Attack phase 1b: "Any card (except for a Wound) can be played sideways to contribute Attack 1"; a
    row of the kind "played sideways" typed as 3 is three cards, Attack 3, which defeats the Prowlers (Armor 3)."""
    g = _sideways_fight()
    key = g.state["combat"]["current"]["enemies"][0]["key"]
    g.run("combat_attack", target=[key], value=["3"], element=["fire"], kind=["sideways"])
    action = g.state["combat"]["current"]["actions"][-1]
    assert action["result"]["total"] == 3 and action["result"]["success"]
    assert action["attacks"] == [{"value": 1, "element": "physical", "kind": "sideways"}] * 3


@pytest.mark.parametrize("typed", ["0", "25", "1.5", "x"])
def test_a_sideways_row_that_is_not_a_number_of_cards_is_refused(typed):
    """Attack phase 1b (one card, Attack 1): a row of sideways cards is a whole number of cards, 1-24; anything
    else is refused with the reason, never silently one card."""
    g = _sideways_fight()
    key = g.state["combat"]["current"]["enemies"][0]["key"]
    with pytest.raises(Invalid, match="cards played sideways"):
        g.run("combat_attack", target=[key], value=[typed], kind=["sideways"])


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


# ------------------------------------------------------------------ token corrections: only what differs


def _api_game(client):
    r = client.post("/api/v1/games", json={"scenario": "solo_conquest", "mode": "solo",
                                           "players": [{"name": "Anna", "hero": "tovak"}]})
    return r.get_json()["id"], {"Authorization": "Bearer " + r.get_json()["device_token"]}


def test_a_token_correction_through_the_api_gives_only_the_fields_that_differ(client):
    """docs/api.md, command `override`: "Stores only what differs from the printed token" - a tool sends only
    those fields; the others keep the printed values (Swamp Dragon: Armor 9, Attack 5, Swift and Poison)."""
    gid, h = _api_game(client)
    url = f"/api/v1/games/{gid}/commands/override"
    r = client.post(url, json={"enemy": "swamp_dragon", "armor": 8}, headers=h)
    assert r.status_code == 201, r.get_data(as_text=True)
    assert r.get_json()["state"]["overrides"] == {"swamp_dragon": {"armor": 8}}
    r = client.post(url, json={"enemy": "swamp_dragon", "ability": ["swift", "paralyze"]}, headers=h)
    assert r.status_code == 201
    assert r.get_json()["state"]["overrides"] == {"swamp_dragon": {"abilities": ["swift", "paralyze"]}}
    r = client.post(url, json={"enemy": "swamp_dragon", "attack_value": [6], "attack_element": ["fire"]}, headers=h)
    assert r.get_json()["state"]["overrides"] == {"swamp_dragon": {"attacks": [{"value": 6, "element": "fire"}]}}
    r = client.post(url, json={"enemy": "swamp_dragon", "elusive_armor": None}, headers=h)  # no change at all
    assert r.status_code == 201 and r.get_json()["state"]["overrides"] == {}
    r = client.post(url, json={"enemy": "swamp_dragon", "fame": "much"}, headers=h)
    assert r.status_code == 400 and "error" in r.get_json()
