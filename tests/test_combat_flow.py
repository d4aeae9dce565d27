"""A whole combat: a level 5 city assault with rampaging orcs joining, through all four phases on a phone,
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


def plan_forms(html):
    """The hidden fields of each "Play this" form of the plan."""
    from werkzeug.datastructures import MultiDict

    out = []
    for form in re.findall(r"<form[^>]*combat/attack[^>]*>(.*?)</form>", html, re.S):
        if "play-group-" not in form:
            continue
        fields = MultiDict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">', form))
        fields.pop("nonce", None)
        fields.pop("based_on", None)
        out.append(fields)
    return out


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
    # Gunners: Fire attack 6; Ice blocks Fire efficiently, a physical block is halved
    gunners = key_of(st, "gunners")
    html = client.post(f"/games/{gid}/combat/check", data={
        "check": "block", "key": str(gunners), "attack_index": "0", "value": ["4", "2"],
        "element": ["ice", "physical"]}).get_data(as_text=True)
    assert "Block 5 of 6: need 1 more." in html  # 4 + 2/2 (Rulebook Block phase 5b)
    assert "inefficient blocks against a fire attack 2 = 2, halved once = 1" in html  # the trace, shown
    post(client, gid, "/combat/block", {"key": str(gunners), "attack_index": "0", "value": "6", "element": "ice"})
    # Freezers are Swift: Ice attack 3 needs a block of 6; a block of 3 has no effect (all or nothing)
    post(client, gid, "/combat/block", {"key": str(freezers), "attack_index": "0", "value": "3", "element": "fire"})
    post(client, gid, "/combat/block", {"key": str(guardsmen), "attack_index": "0", "value": "3",
                                        "element": "physical"})
    cur = state(client, gid)["combat"]["current"]
    blocked = {e["name"]: e["blocked"] for e in cur["enemies"] if not e["defeated"]}
    assert blocked == {"Guardsmen": [0], "Freezers": [], "Gunners": [0], "Orc Summoners": []}
    post(client, gid, "/combat/phase")

    # ---- Assign Damage: Freezers (Ice 3, Paralyze) and the Minotaur (5, Brutal: 10) are unblocked
    html = client.get(f"/games/{gid}/combat").get_data(as_text=True)
    assert "Freezers: 3 damage" in html and "Minotaur: 10 damage" in html
    # "Protect my units": not knocked out (5 Wounds would be), no unit destroyed, fewest unit wounds:
    # Golems take the Minotaur (absorb 3, wounded, 4 left: 2 Wounds), Freezers 1 Wound: 3 into the hand
    html = client.get(f"/games/{gid}/combat?prefer=hero").get_data(as_text=True)
    assert "Hero: 3 Wounds into the hand, 0 into the discard pile." in html
    # The default: fewest Wounds into the hand. Peasants and Golems both take the Minotaur (10 - 3 = 7, Golems
    # resistant absorb 3 then are wounded: 1 left, 1 Wound); the Freezers' 3 go to the hero (1 Wound; a unit
    # would be destroyed by Paralyze): 2 Wounds into the hand, no unit destroyed.
    html = client.get(f"/games/{gid}/combat").get_data(as_text=True)
    assert "Hero: 2 Wounds into the hand, 0 into the discard pile." in html
    post(client, gid, "/combat/damage", {"mode": "suggest", "prefer": "units"})
    cur = state(client, gid)["combat"]["current"]
    res = cur["damage"]["result"]
    assert res["hero"] == {"wounds_to_hand": 2, "wounds_to_discard": 0, "knocked_out": False,
                           "discard_non_wounds": True}
    assert {u["id"]: (u["wounds"], u["destroyed"]) for u in res["units"]} == {"Peasants #1": (1, False),
                                                                             "Guardian Golems #2": (1, False)}
    post(client, gid, "/combat/phase")

    # ---- Attack phase: the plan, then the attacks. White city: defenders +1 Armor.
    html = client.post(f"/games/{gid}/combat/check", data={
        "check": "plan", "value": ["8", "8", "7", "4"], "element": ["physical", "physical", "fire", "physical"],
        "kind": ["melee"] * 4}).get_data(as_text=True)
    assert "Best plan: Fame 21, using 27 attack points." in html
    groups = plan_forms(html)
    assert groups and sorted(k for g in groups for k in g.getlist("target")) == sorted(
        str(k) for k in (guardsmen, freezers, gunners, summoners))
    html = client.post(f"/games/{gid}/combat/check", data={
        "check": "attack", "target": str(freezers), "value": ["7"], "element": ["fire"], "kind": ["melee"]}
    ).get_data(as_text=True)
    assert "Attack 3 of 8: need 5 more." in html  # Fire Resistance: 7 halved = 3; Armor 7 + 1 (White city)
    for form in groups:  # "Play this" on each group of the plan
        form["based_on"] = str(seq(client, gid))
        assert client.post(f"/games/{gid}/combat/attack", data=form).status_code == 303
    cur = state(client, gid)["combat"]["current"]
    assert all(e["defeated"] for e in cur["enemies"]) and cur["fame"] == 2 + 21
    before_end = seq(client, gid)

    # ---- Outcome: one event
    post(client, gid, "/combat/end")
    st = state(client, gid)
    anna = st["players"][0]
    assert anna["fame"] == 10 + 23
    assert anna["reputation"] == 1  # assault -1, Prowlers +1, Orc Summoners +1
    assert anna["wounds"] == 2
    assert [(u["name"], u["wounded"]) for u in anna["units"]] == [("Peasants", True), ("Guardian Golems", True)]
    assert anna["shields"]["city"] == 3  # one per defeated defender; rampaging orcs give none
    assert st["combat"]["cities"]["white"] == {"level": 5, "shields": [0, 0, 0], "conquered": True}
    assert st["combat"]["current"] is None
    html = client.get(f"/games/{gid}/combat").get_data(as_text=True)
    assert "10 → 33" in html and "0 → 1" in html and "0 → 2" in html and "Site conquered." in html
    # Rulebook End of the Turn 6: the Fame track's new level applies at the end of the turn, with its rewards
    assert "Level 3 → 5 at the end of the turn: a Skill and an Advanced Action card; one more Command token" in html
    board = client.get(f"/games/{gid}").get_data(as_text=True)
    assert re.search(r'data-testid="level-0">5<', board)  # 33 Fame: level 5 on the Fame track

    # ---- Undo the outcome: all of it goes back at once; redo puts it back
    post(client, gid, "/undo")
    st = state(client, gid)
    anna = st["players"][0]
    assert (anna["fame"], anna["reputation"], anna["wounds"], anna["shields"]["city"]) == (10, 0, 0, 0)
    assert [u["wounded"] for u in anna["units"]] == [False, False]
    assert st["combat"]["current"]["phase"] == "attack" and seq(client, gid) == before_end + 2  # the end, its undo
    post(client, gid, "/redo")
    assert state(client, gid)["players"][0]["fame"] == 33
    # ... and any earlier step: undo back to before the damage assignment
    for _ in range(1 + len(groups) + 1):  # the end, the plan's attacks, the phase change
        post(client, gid, "/undo")
    cur = state(client, gid)["combat"]["current"]
    assert cur is not None and cur["phase"] == "damage" and cur["damage"] is not None
    post(client, gid, "/undo")
    cur = state(client, gid)["combat"]["current"]
    assert cur["damage"] is None and state(client, gid)["players"][0]["wounds"] == 0
