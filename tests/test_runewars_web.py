"""Runewars pages and JSON API (seed 001) through the Flask test client: creating and joining a
Runewars game, a battle through the forms, the API contract exactly as in the issue, 400s, both languages."""

import re

import pytest

from companion.db import get_db
from companion.events import load_events


def new_game(client, names=("Elf", "Uthuk")):
    form = {f"name_{i}": n for i, n in enumerate(names)}
    r = client.post("/runewars", data=form)
    assert r.status_code == 303, r.get_data(as_text=True)[:500]
    gid = int(re.search(r"/games/(\d+)/who", r.headers["Location"]).group(1))
    client.post(f"/games/{gid}/who", data={"player": "0"})
    return gid


def do(client, gid, cmd, status=303, **form):
    r = client.post(f"/games/{gid}/do/{cmd}", data=dict(form, next=f"/games/{gid}/runewars"))
    assert r.status_code == status, re.sub(r"\s+", " ", r.get_data(as_text=True))[-1200:]
    return r


def type_ids(app, client, gid):
    html = client.get(f"/games/{gid}/runewars").get_data(as_text=True)
    return dict(re.findall(r'name="count_(t\d+)"[^>]*data-testid="rw-count-([^"]+)"', html))


def test_start_page_links_new_runewars_game_and_board_redirects(client):
    assert "/runewars/new" in client.get("/").get_data(as_text=True)
    assert "New Runewars game" in client.get("/runewars/new").get_data(as_text=True)
    gid = new_game(client)
    r = client.get(f"/games/{gid}")
    assert r.status_code == 303 and r.headers["Location"].endswith(f"/games/{gid}/runewars")
    html = client.get(f"/games/{gid}/runewars").get_data(as_text=True)
    assert "Enter a unit type" in html and 'data-testid="join-url"' in html


def test_new_game_needs_two_players(client):
    r = client.post("/runewars", data={"name_0": "Solo"})
    assert r.status_code == 400 and "two to four players" in r.get_data(as_text=True)


def test_battle_through_the_forms_with_undo_and_log(client):
    """Rounds of Combat through the page: enter types, start, draw, resolve (bad target: 400 with the rule), tally."""
    gid = new_game(client)
    do(client, gid, "runewars_unit_type", owner="0", name="Archer", initiative="3", shape="triangle", health="1")
    do(client, gid, "runewars_unit_type", owner="1", name="Beastman", initiative="2", shape="triangle", health="1")
    do(client, gid, "runewars_unit_type", owner="1", name="Hulk", initiative="3", shape="circle", health="3",
       ability="Rout 1 unit")
    html = client.get(f"/games/{gid}/runewars").get_data(as_text=True)
    ids = dict((name, tid) for tid, name in re.findall(r'name="count_(t\d+)"[^>]*data-testid="rw-count-([^"]+)"',
                                                         html))
    do(client, gid, "runewars_battle_start", attacker="0", defender="1", area="3A",
       **{f"count_{ids['Archer']}": "2", f"count_{ids['Beastman']}": "1", f"count_{ids['Hulk']}": "1"})
    html = client.get(f"/games/{gid}/runewars").get_data(as_text=True)
    assert "Initiative 2 of 5" in html and "Beastman 1" in html
    assert 'data-testid="rw-start-reminder"' in html  # Battles 3: start of battle abilities, attacker first
    # initiative 2: the attacker has no unit of it, the defender's Beastman draws; the attacker takes its damage
    do(client, gid, "runewars_battle_draw", type=ids["Beastman"], damage="1")
    do(client, gid, "runewars_battle_resolve", damage_1="Archer 1")
    # initiative 3: one Archer left draws one card; the Hulk's special ability is a reminder
    html = client.get(f"/games/{gid}/runewars").get_data(as_text=True)
    assert "Initiative 3 of 5" in html and "Draw 1 Fate card and" in html
    do(client, gid, "runewars_battle_draw", type=ids["Archer"], damage="2")
    do(client, gid, "runewars_battle_draw", type=ids["Hulk"], special="1")
    html = client.get(f"/games/{gid}/runewars").get_data(as_text=True)
    assert "Rout 1 unit" in html  # the special ability reminder
    r = do(client, gid, "runewars_battle_resolve", status=400, damage_1="Beastman 1", damage_2="Beastman 1")
    assert "There is no unit" in r.get_data(as_text=True)
    r = do(client, gid, "runewars_battle_resolve", status=400, damage_1="Hulk 1", damage_2="Beastman 1")
    assert "previously damaged" in r.get_data(as_text=True)
    do(client, gid, "runewars_battle_resolve", damage_1="Hulk 1", damage_2="Hulk 1")
    html = client.get(f"/games/{gid}/runewars").get_data(as_text=True)
    assert "Tally: attacker 1, defender 2" in html
    do(client, gid, "runewars_battle_end", can_retreat="1", destination_units="0")
    html = client.get(f"/games/{gid}/runewars").get_data(as_text=True)
    assert "the defender wins, 1 against 2" in html
    with client.application.app_context():
        types = [e.type for e in load_events(get_db(), gid)]
    assert types[-1] == "runewars.battle_end" and "runewars.battle_draw" in types
    assert client.post(f"/games/{gid}/undo", data={}).status_code == 303
    assert "Tally: attacker 1, defender 2" in client.get(f"/games/{gid}/runewars").get_data(as_text=True)
    assert client.get(f"/games/{gid}/log").status_code == 200


@pytest.mark.parametrize("form", [{"initiative": "1.9"}, {"initiative": "true"}, {"health": "1_000"},
                                  {"shape": "square"}, {"owner": "7"}])
def test_bad_form_input_is_a_400_with_the_reason(client, form):
    gid = new_game(client)
    data = dict({"owner": "0", "name": "Archer", "initiative": "3", "shape": "triangle", "health": "1"}, **form)
    r = do(client, gid, "runewars_unit_type", status=400, **data)
    assert "must" in r.get_data(as_text=True)


def test_heroes_page_duel_test_and_limits(client):
    gid = new_game(client)
    assert "Start a duel" in client.get(f"/games/{gid}/runewars/heroes").get_data(as_text=True)
    do(client, gid, "runewars_duel_start", attacker_player="1", attacker_name="Mad Carthos", attacker_health="4",
       defender_player="0", defender_name="Silhouette", defender_health="3", defender_damage="1")
    do(client, gid, "runewars_duel_round", attacker_icon="special", attacker_special="reward", attacker_value="2",
       defender_icon="rout", defender_value="1")
    do(client, gid, "runewars_duel_round", attacker_icon="damage", attacker_value="1", attacker_prevent="1",
       defender_icon="damage", defender_value="1")
    html = client.get(f"/games/{gid}/runewars/heroes").get_data(as_text=True)
    assert "Mad Carthos wins the duel" in html
    do(client, gid, "runewars_limits", player="0", heroes="4", quests="4")
    do(client, gid, "runewars_attribute_test", hero="Silhouette", attribute="agility", value="2")
    html = client.get(f"/games/{gid}/runewars/heroes").get_data(as_text=True)
    assert html.count('data-testid="rw-limit"') == 2 and "draw 2 Fate cards" in html


def test_german_pages(client):
    client.post("/lang", data={"lang": "de"})
    assert "Neues Runewars-Spiel" in client.get("/runewars/new").get_data(as_text=True)
    gid = new_game(client)
    html = client.get(f"/games/{gid}/runewars").get_data(as_text=True)
    assert "Einheitentyp eintragen" in html and "Initiative" in html
    html = client.get(f"/games/{gid}/runewars/heroes").get_data(as_text=True)
    assert "Duell" in html and "Questkarten" in html


def test_mage_knight_game_has_no_runewars_page(client):
    r = client.post("/games", data={"scenario": "solo_conquest", "mode": "solo", "name_0": "Anna",
                                    "hero_0": "tovak"})
    gid = int(re.search(r"/games/(\d+)", r.headers["Location"]).group(1))
    assert client.get(f"/games/{gid}/runewars").status_code == 404
    assert client.get(f"/games/{gid}").status_code == 200


# ---------------------------------------------------------------------------------------------- JSON API


def api(client, path, body):
    return client.post(f"/api/v1/runewars/{path}", json=body)


def test_api_assign_legal_and_illegal(client):
    """The JSON API with seed 001's Battle Example steps 5-6: rout an undamaged unit (the other Pegasus Rider), then
    one damage on the damaged Pegasus Rider, which is destroyed; breaking a rule is 200 with legal false."""
    units = [{"id": "pegasus-a", "health": 3, "damage": 2, "routed": False},
             {"id": "pegasus-b", "health": 3, "damage": 0, "routed": False},
             {"id": 7, "health": 1, "damage": 0, "routed": False}]
    r = api(client, "assign", {"units": units, "routs": 1, "damage": 1, "rout_targets": ["pegasus-b"],
                               "damage_targets": ["pegasus-a"]})
    assert r.status_code == 200
    assert r.get_json() == {"legal": True, "units": [
        {"id": "pegasus-a", "health": 3, "damage": 0, "routed": False, "destroyed": True},
        {"id": "pegasus-b", "health": 3, "damage": 0, "routed": True, "destroyed": False},
        {"id": 7, "health": 1, "damage": 0, "routed": False, "destroyed": False}]}
    r = api(client, "assign", {"units": units, "routs": 1, "damage": 0, "rout_targets": ["pegasus-a"]})
    body = r.get_json()
    assert r.status_code == 200 and body["legal"] is False and "undamaged" in body["reason"]
    r = api(client, "assign", {"units": units, "routs": 0, "damage": 1, "damage_targets": [7]})
    assert r.get_json()["legal"] is False and "previously damaged" in r.get_json()["reason"]


@pytest.mark.parametrize("body", [
    [], {"units": "x"}, {"units": [{"id": "a", "health": 1.5}]}, {"units": [{"id": "a", "health": True}]},
    {"units": [{"id": "a", "health": 2, "damage": 2}]}, {"units": [{"id": "a", "health": 2, "routed": "no"}]},
    {"units": [{"id": "a", "health": 2}, {"id": "a", "health": 2}]}, {"units": [{"health": 2}]},
    {"units": [], "routs": -1}, {"units": [], "damage": "1e3"}, {"units": [], "damage_targets": "a"},
    {"units": [{"id": "a", "health": 2}] * 101}, {"units": [], "extra": 1}, {"units": [{"id": None, "health": 1}]},
    {"units": [], "damage": 10**12},
])
def test_api_assign_malformed_is_400(client, body):
    r = api(client, "assign", body)
    assert r.status_code == 400 and "error" in r.get_json()


def test_api_tally_contract(client):
    """Battles 5-6: standing units plus the stronghold for the defender; a tie goes to the defender."""
    assert api(client, "tally", {"attacker_standing": 2, "defender_standing": 3, "stronghold": 0}).get_json() == {
        "attacker": 2, "defender": 3, "winner": "defender"}
    assert api(client, "tally", {"attacker_standing": 4, "defender_standing": 1, "stronghold": 3}).get_json() == {
        "attacker": 4, "defender": 4, "winner": "defender"}
    assert api(client, "tally", {"attacker_standing": 5, "defender_standing": 1, "stronghold": 3}).get_json()[
        "winner"] == "attacker"
    for bad in ({"attacker_standing": True, "defender_standing": 1}, {"attacker_standing": 1},
                {"attacker_standing": 1.0, "defender_standing": 1}, {"attacker_standing": 1, "defender_standing": 1,
                                                                     "stronghold": [1]}):
        r = api(client, "tally", bad)
        assert r.status_code == 400 and "error" in r.get_json()


def test_api_duel_round_contract(client):
    """Duels 3: simultaneous damage (both can fall), rout prevents, special deals 1 or a Reward's damage."""
    r = api(client, "duel-round", {
        "attacker": {"health": 4, "damage": 0, "icon": "special", "value": 2, "special": "reward"},
        "defender": {"health": 3, "damage": 1, "icon": "rout", "value": 1}})
    assert r.status_code == 200
    assert r.get_json() == {"attacker": {"health": 4, "damage": 0, "defeated": False},
                            "defender": {"health": 3, "damage": 2, "defeated": False}}
    r = api(client, "duel-round", {"attacker": {"health": 2, "damage": 1, "icon": "damage", "value": 1},
                                   "defender": {"health": 2, "damage": 1, "icon": "special", "special": "damage"}})
    assert r.get_json()["attacker"]["defeated"] and r.get_json()["defender"]["defeated"]
    for bad in ({"attacker": {"health": 2, "icon": "damage", "value": 1}},
                {"attacker": {"health": 2, "icon": "punch"}, "defender": {"health": 2, "icon": "miss"}},
                {"attacker": {"health": 2, "icon": "damage"}, "defender": {"health": 2, "icon": "miss"}},
                {"attacker": {"health": 2, "icon": "miss", "value": True}, "defender": {"health": 2, "icon": "miss"}},
                {"attacker": {"health": 2, "icon": "special", "special": "magic"},
                 "defender": {"health": 2, "icon": "miss"}}, "text"):
        r = api(client, "duel-round", bad)
        assert r.status_code == 400 and "error" in r.get_json()
