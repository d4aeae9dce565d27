"""A fight is one tap away from the Mage Lite page, and its outcome comes back into the Mage Lite game
(seed 004): every combat page and command in a real Mage Lite game (created from the new-game form, never a Mage
Knight game with its mode patched), the hero card's numbers prefilled, the cities with their Mini Blitz levels,
the outcome on the Mage Lite page, the log, undo, the JSON API, and an export imported again."""

from __future__ import annotations

import re

from import_helpers import exported, import_file, imported_id
from test_combat_flow import client, post, state  # noqa: F401  (fixture)

GUARD = {"name": "Guardsmen", "armor": "7", "attack": "3", "fame": "4", "color": "gray", "keep": "yes"}


def mage_lite_game(client, variants=()) -> int:  # noqa: F811
    r = client.post("/mage-lite", data={"name_0": "Anna", "difficulty": "normal", "variant": list(variants)})
    assert r.status_code == 303
    return int(re.search(r"/games/(\d+)/mage-lite", r.headers["Location"]).group(1))


def combat(client, gid) -> str:  # noqa: F811
    r = client.get(f"/games/{gid}/combat")
    assert r.status_code == 200
    return r.get_data(as_text=True)


def ml_page(client, gid) -> str:  # noqa: F811
    return client.get(f"/games/{gid}/mage-lite").get_data(as_text=True)


def test_a_fight_is_one_tap_from_the_mage_lite_page_and_the_navigation_leads_back(client):  # noqa: F811
    """Seed 004: the combat set-up shows the hero card's Armor and Hand limit (level 1: Mage
    Knight's level table, 2 and 5) and the cities of this Mini Blitz with their levels (Normal: "City Levels: 3 and
    5"; the base game: "only the red and blue city are available")."""
    gid = mage_lite_game(client)
    page = ml_page(client, gid)
    assert f'href="/games/{gid}/combat" data-testid="ml-fight"' in page
    html = combat(client, gid)
    assert f'href="/games/{gid}/mage-lite" data-testid="nav-mage-lite"' in html
    assert 'data-testid="nav-combat" aria-current="page"' in html
    assert 'value="2" data-testid="ml-hero-armor"' in html and 'value="5" data-testid="ml-hand-limit"' in html
    # the first city assaulted takes the first level (as Mage Knight's "the first revealed city is of level ...")
    assert "Assault the Red city, level 3" in html and "Assault the Blue city, level 3" in html
    assert "the first city you assault is of level 3, the other of level 5" in html
    assert 'data-testid="quick-fight-city-white"' not in html  # the base game: red and blue only
    assert 'value="other_keep"' not in html  # solo: no other player's keep
    # the player's hero card corrects the numbers for the level: the combat takes them
    r = client.post(f"/games/{gid}/do/mage_lite_hero_card", data={"level": "1", "armor": "3", "hand_limit": "6",
                                                                  "based_on": "0", "next": f"/games/{gid}/mage-lite"})
    assert r.status_code == 303
    assert 'value="3" data-testid="ml-hero-armor"' in combat(client, gid)
    post(client, gid, "/combat/setup", {"player": "0", "fight": "keep"})
    cur = state(client, gid)["combat"]["current"]
    assert (cur["hero_armor"], cur["hand_limit"]) == (3, 6)


def test_every_combat_page_and_command_in_a_real_mage_lite_game(client):  # noqa: F811
    """A keep won through the pages: typed enemy kept, the running totals (check), Block, Attack, End. 004: the
    assault costs 1 Reputation; 4 Fame crosses level 2: the Mini Blitz's Fame Bonus +1; the keep is a site beaten.
    The Mage Lite page shows it all, the log names the Fame Bonus, undo takes the fight back whole."""
    gid = mage_lite_game(client, ["main_expansion"])
    post(client, gid, "/combat/setup", {"player": "0", "fight": "keep"})
    post(client, gid, "/combat/enemy", GUARD)
    post(client, gid, "/combat/enemy", {"kept": "k1"})
    post(client, gid, "/combat/enemy/2/remove")
    post(client, gid, "/combat/coop", {"count_0": "1"}, status=400)  # one player: no cooperative assault
    assert client.get(f"/games/{gid}/combat/check").status_code == 303
    post(client, gid, "/combat/phase")  # Ranged and Siege
    r = client.post(f"/games/{gid}/combat/check", data={"check": "attack", "target": "1", "value": "3",
                                                        "kind": "siege"})
    assert r.status_code == 200
    post(client, gid, "/combat/phase")  # Block
    post(client, gid, "/combat/block", {"key": "1", "attack_index": "0", "value": "3", "element": "physical"})
    post(client, gid, "/combat/phase")  # Attack (nothing unblocked: Assign Damage skipped)
    assert state(client, gid)["combat"]["current"]["phase"] == "attack"
    post(client, gid, "/combat/attack", {"target": "1", "value": "7", "element": "physical", "kind": "melee"})
    post(client, gid, "/combat/end")
    html = combat(client, gid)
    assert 'data-testid="outcome-fame">0 → 5<' in html
    page = ml_page(client, gid)
    assert 'data-testid="ml-fame">Fame 5<' in page and "Level 2" in page
    assert 'data-testid="ml-level-ups"' in page and "Fame Bonus +1" in page
    assert "Reputation -1" in page and "<li>Keep</li>" in page
    log = client.get(f"/games/{gid}/log").get_data(as_text=True)
    assert "gains 4 Fame and the Fame Bonus +1, Reputation -1" in log
    post(client, gid, "/undo")
    s = state(client, gid)
    assert (s["players"][0]["fame"], s["players"][0]["reputation"], s["mage_lite"]["sites"]) == (0, 0, [])
    assert s["combat"]["current"]["phase"] == "attack"  # the fight is back as it stood before its end
    post(client, gid, "/combat/cancel")
    # the damage page and cancelling: a rampaging Orc unblocked
    post(client, gid, "/combat/setup", {"player": "0", "fight": "rampaging"})
    post(client, gid, "/combat/enemy", {"kept": "k1"})
    for _ in range(3):
        post(client, gid, "/combat/phase")
    assert 'data-testid="mage-lite-wounds"' in combat(client, gid)
    post(client, gid, "/combat/damage", {"mode": "suggest"})
    post(client, gid, "/combat/cancel")
    assert state(client, gid)["combat"]["current"] is None
    # the kept enemies, corrected and forgotten on the combat page (the shared /do/<command> route)
    post(client, gid, "/do/enemy_keep", {**GUARD, "id": "k1", "armor": "8", "next": f"/games/{gid}/combat"})
    post(client, gid, "/do/enemy_forget", {"id": "k1", "next": f"/games/{gid}/combat"})
    assert state(client, gid)["kept_enemies"] == {}


def test_a_city_won_through_the_api_conquers_it_and_the_export_replays(client):  # noqa: F811
    """004 Mini Blitz: "defeat both cities before time runs out": a city fight won conquers the city in the Mage
    Lite game (with the enemies defeated there: "+1 Influence for each enemy that were defeated previously in the
    city"); the first city assaulted takes the first level (3). A city conquered cannot be assaulted again."""
    r = client.post("/api/v1/games", json={"game": "mage_lite", "difficulty": "normal", "players": [{"name": "A"}]})
    gid, token = r.get_json()["id"], r.get_json()["device_token"]
    auth = {"Authorization": f"Bearer {token}"}

    def cmd(name, body, status=201):
        resp = client.post(f"/api/v1/games/{gid}/commands/{name}", json=body, headers=auth)
        assert resp.status_code == status, resp.get_json()
        return resp.get_json()

    cmd("combat_setup", {"player": 0, "fight": "city", "city": "blue"})
    cmd("combat_enemy_add", {"name": "Golem", "armor": "5", "attack": "2", "fame": "3"})
    out = cmd("combat_phase", {})
    assert out["state"]["combat"]["current"]["level"] == 3
    while out["state"]["combat"]["current"]["phase"] != "attack":
        if out["state"]["combat"]["current"]["phase"] == "block":
            cmd("combat_block", {"key": 1, "attack_index": 0, "value": [2], "element": ["physical"]})
        out = cmd("combat_phase", {})
    cmd("combat_attack", {"target": [1], "value": [5], "element": ["physical"], "kind": ["melee"]})
    s = cmd("combat_end", {})["state"]
    assert s["mage_lite"]["cities"] == ["blue"] and s["mage_lite"]["city_defeated"] == {"blue": 1}
    err = cmd("combat_setup", {"player": 0, "fight": "city", "city": "blue"}, status=400)
    assert "already conquered" in err["error"]
    copy = imported_id(import_file(client, exported(client, gid)))
    assert state(client, copy)["mage_lite"]["cities"] == ["blue"]
