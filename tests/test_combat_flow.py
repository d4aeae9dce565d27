"""Issue 4, "Done when": a level 5 city assault with rampaging orcs joining, through all four phases on a phone,
with running totals, the suggested damage assignment taken, the outcome in the game, and every step undoable.

Rules cited: Rulebook "Combat with Enemies" (Ranged and Siege phase 3-5, Block phase 2-8, Assign Damage phase,
Attack phase), "City Assaults" 1a (White city: defenders +1 Armor), "Combat Outcomes" 1-2 (Fame, Reputation +1
per rampaging orc marauders defeated, -1 for an assault, a Shield on the City card per defeated defender, conquest
when every defender is defeated), quick reference (Swift, Brutal, Paralyze, Summon, resistant units).
"""

from __future__ import annotations

import re

import pytest

from companion import create_app


@pytest.fixture
def client(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "t.db"), "SECRET_KEY": "t",
                      "WTF_CSRF_ENABLED": False})
    return app.test_client()


def seq(client, gid) -> int:
    html = client.get(f"/games/{gid}/combat").get_data(as_text=True)
    return int(re.search(r'name="based_on" value="(\d+)"', html).group(1))


def post(client, gid, path, data=None, status=303):
    data = dict(data or {})
    data.setdefault("based_on", str(seq(client, gid)))
    resp = client.post(f"/games/{gid}{path}", data=data)
    assert resp.status_code == status, resp.get_data(as_text=True)[-2000:]
    return resp


def state(client, gid):
    """The folded game state, as the app computes it for this game."""
    from companion.state import fold
    from companion.events import load_events
    from companion.db import get_db
    import json

    with client.application.app_context():
        db = get_db()
        row = next(db.query("SELECT * FROM games WHERE id = ?", [gid]))
        return fold(gid, json.loads(row["setup"]), row["seed"], load_events(db, gid))


def new_solo_game(client) -> int:
    resp = client.post("/games", data={"scenario": "solo_conquest", "mode": "solo", "name_0": "Anna",
                                       "hero_0": "arythea"})
    assert resp.status_code == 303
    return int(re.search(r"/games/(\d+)/", resp.headers["Location"]).group(1))


def key_of(st, token):
    return next(e["key"] for e in st["combat"]["current"]["enemies"] if e["token"] == token)


def test_level_5_city_assault_with_rampaging_orcs_on_a_phone(client):
    gid = new_solo_game(client)
    # Anna: 10 Fame = level 3 (Armor 3, Hand limit 5, 2 Command tokens); Peasants and Guardian Golems
    post(client, gid, "/do/fame", {"player": "0", "amount": "10"})
    post(client, gid, "/do/recruit", {"player": "0", "unit": "peasants"})
    post(client, gid, "/do/recruit", {"player": "0", "unit": "guardian_golems"})
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    assert f'href="/games/{gid}/combat"' in html  # the nav shows the Combat page

    # ---- set-up: a level 5 White city; its garrison is one gray and two white tokens
    post(client, gid, "/combat/setup", {"player": "0", "fight": "city", "city": "white", "level": "5"})
    html = client.get(f"/games/{gid}/combat").get_data(as_text=True)
    assert 'data-testid="garrison"' in html
    for token in ("guardsmen", "freezers", "gunners"):
        post(client, gid, "/combat/enemy", {"token": token})
    for token in ("prowlers", "orc_summoners"):  # rampaging orcs next to the city join the assault
        post(client, gid, "/combat/enemy", {"token": token, "rampaging": "yes"})
    st = state(client, gid)
    cur = st["combat"]["current"]
    assert [e["name"] for e in cur["enemies"]] == ["Guardsmen", "Freezers", "Gunners", "Prowlers", "Orc Summoners"]
    assert (cur["hero_armor"], cur["hand_limit"]) == (3, 5)
    post(client, gid, "/combat/phase")
    assert state(client, gid)["combat"]["current"]["phase"] == "ranged_siege"

    # ---- Ranged and Siege phase: running total, then the attack
    st = state(client, gid)
    prowlers = key_of(st, "prowlers")
    guardsmen = key_of(st, "guardsmen")
    html = client.post(f"/games/{gid}/combat/check", data={
        "check": "attack", "target": str(prowlers), "value": ["2", ""], "element": ["physical", "physical"],
        "kind": ["ranged", "ranged"]}).get_data(as_text=True)
    assert "Attack 2 of 3: need 1 more." in html  # rampaging: not fortified, no city bonus
    # Guardsmen are Fortified and defend a fortified city: cannot be targeted at all in this phase
    resp = post(client, gid, "/combat/attack", {"target": str(guardsmen), "value": "9", "element": "physical",
                                                 "kind": "siege"}, status=400)
    assert "cannot be targeted" in resp.get_data(as_text=True)
    post(client, gid, "/combat/attack", {"target": str(prowlers), "value": "3", "element": "physical",
                                         "kind": "siege"})
    cur = state(client, gid)["combat"]["current"]
    assert cur["fame"] == 2 and [e["defeated"] for e in cur["enemies"]] == [False, False, False, True, False]
    post(client, gid, "/combat/phase")

    # ---- Block phase: the table says the Orc Summoners drew a Minotaur
    st = state(client, gid)
    summoners, freezers = key_of(st, "orc_summoners"), key_of(st, "freezers")
    post(client, gid, "/combat/summon", {"key": str(summoners), "token": "minotaur"})
    # Freezers: Swift Ice attack 3 needs 6; Fire blocks Ice efficiently
    html = client.post(f"/games/{gid}/combat/check", data={
        "check": "block", "key": str(freezers), "attack_index": "0", "value": "4", "element": "fire"}
    ).get_data(as_text=True)
    assert "Block 4 of 6: need 2 more." in html
    post(client, gid, "/combat/block", {"key": str(freezers), "attack_index": "0", "value": "6", "element": "fire"})
    post(client, gid, "/combat/block", {"key": str(guardsmen), "attack_index": "0", "value": "3",
                                        "element": "physical"})
    post(client, gid, "/combat/phase")

    # ---- Assign Damage: Gunners (Fire 6, Brutal: 12) and the Minotaur (5, Brutal: 10) are unblocked
    html = client.get(f"/games/{gid}/combat").get_data(as_text=True)
    assert "Gunners: 12 damage" in html and "Minotaur: 10 damage" in html
    # ...
