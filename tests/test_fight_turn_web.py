"""A fight starts on its player's turn, on the pages and through the JSON API (Flask test client).

Rulebook, A Round 4a: "Players take their turns in the order stated by the Round Order tokens"; Combat with Enemies:
a combat is part of the fighting player's turn. Found by a first-evening walkthrough: on Cleo's turn Ben's phone
started a fight, and Cleo's combat page then only watched Ben's fight."""

import re

from game_helpers import join_phone, new_game, page_seq


def _state(client, gid):
    return client.get(f"/api/v1/games/{gid}", headers=_token(client.application, gid)).get_json()["state"]


def _token(app, gid) -> dict:
    with app.app_context():
        from companion.web.common import game_row

        return {"X-Game-Token": game_row(gid)["token"]}


def _do(phone, gid, name, status=303, **form):
    form.setdefault("based_on", page_seq(phone, gid))
    r = phone.post(f"/games/{gid}/do/{name}", data=form)
    assert r.status_code == status, r.get_data(as_text=True)[:1500]
    return r


def _pick(client, gid, tactic):
    who = re.search(r'name="player" value="(\d)"', client.get(f"/games/{gid}").get_data(as_text=True)
                    .split('data-testid="tactic-choices"')[1]).group(1)
    _do(client, gid, "round_tactic", player=who, tactic=tactic)


def _three(client):
    return new_game(client, players=(("Anna", "arythea"), ("Ben", "tovak"), ("Cleo", "goldyx")))


def _current(state):
    return state["round_order"][state["rounds"]["turn"] % len(state["round_order"])]


def test_a_fight_out_of_turn_is_refused_on_the_pages_and_the_combat_page_says_whose_turn_it_is(app, client):
    """Rulebook, A Round 4a: it is the current player's turn. Another player's phone sees no fight to start on the
    combat page, only whose turn it is; its start is a 403 naming that player, nothing recorded. The current
    player's phone starts its own fight; the host starts one for the current player only (the log says so)."""
    gid = _three(client)
    for tactic in ("early_bird", "rethink", "mana_steal"):
        _pick(client, gid, tactic)
    s = _state(client, gid)
    now = _current(s)
    name = s["players"][now]["name"]
    other = (now + 1) % 3
    phone = join_phone(app, client, gid, str(other))
    page = phone.get(f"/games/{gid}/combat").get_data(as_text=True)
    assert 'data-testid="fight-not-your-turn"' in page and f"It is {name}&#39;s turn" in page
    assert 'data-testid="combat-setup-go"' not in page and 'data-testid="quick-fight-keep"' not in page
    seq = page_seq(client, gid)
    r = phone.post(f"/games/{gid}/combat/setup", data={"player": str(other), "fight": "rampaging",
                                                      "based_on": str(seq)})
    assert r.status_code == 403 and f"It is {name}&#39;s turn" in r.get_data(as_text=True)
    r = client.post(f"/games/{gid}/combat/setup", data={"player": str(other), "fight": "keep", "based_on": str(seq)})
    assert r.status_code == 403 and f"It is {name}&#39;s turn" in r.get_data(as_text=True)  # the host, too
    assert page_seq(client, gid) == seq and (_state(client, gid).get("combat") or {}).get("current") is None
    own = join_phone(app, client, gid, str(now))
    page = own.get(f"/games/{gid}/combat").get_data(as_text=True)
    assert 'data-testid="fight-not-your-turn"' not in page and 'data-testid="quick-fight-keep"' in page
    r = own.post(f"/games/{gid}/combat/setup", data={"player": str(now), "fight": "keep", "based_on": str(seq)})
    assert r.status_code == 303 and _state(client, gid)["combat"]["current"]["player"] == now
    _do(own, gid, "combat_cancel")
    _do(client, gid, "combat_setup", player=str(now), fight="keep")  # the host, for the current player
    log = client.get(f"/games/{gid}/log").get_data(as_text=True)
    # the log names the player once and says the host did it (web/access.py: by; spine/sentences.py: _host_for)
    assert f"{name} starts a combat: Assault on a keep (fortified) (by the host)." in log


def test_a_fight_out_of_turn_is_refused_through_the_json_api(app, client):
    """The JSON API runs the same guard: another player's device gets a 403 naming whose turn it is, nothing
    recorded; the current player's device starts its own fight."""
    gid = _three(client)
    for tactic in ("early_bird", "rethink", "mana_steal"):
        _pick(client, gid, tactic)
    s = _state(client, gid)
    now = _current(s)
    other = (now + 1) % 3
    headers = {}
    r = client.post(f"/api/v1/games/{gid}/devices", json={"player": other}, headers=_token(app, gid))
    assert r.status_code == 201
    headers = {"Authorization": "Bearer " + r.get_json()["device_token"]}
    seq = page_seq(client, gid)
    r = app.test_client().post(f"/api/v1/games/{gid}/commands/combat_setup",
                               json={"player": other, "fight": "rampaging"}, headers=headers)
    assert r.status_code == 403 and s["players"][now]["name"] in r.get_json()["error"]
    assert page_seq(client, gid) == seq
    r = client.post(f"/api/v1/games/{gid}/devices", json={"player": now}, headers=_token(app, gid))
    own = {"Authorization": "Bearer " + r.get_json()["device_token"]}
    r = app.test_client().post(f"/api/v1/games/{gid}/commands/combat_setup",
                               json={"player": now, "fight": "rampaging"}, headers=own)
    assert r.status_code == 201 and r.get_json()["state"]["combat"]["current"]["player"] == now


def test_no_fight_starts_while_the_tactics_are_chosen(app, client):
    """Rulebook, A Round 3: the Tactics are chosen before any turn (4): once the first Tactic of the Round is
    chosen, no fight starts - not even from the host - until every Tactic is chosen."""
    gid = _three(client)
    _pick(client, gid, "early_bird")
    seq = page_seq(client, gid)
    r = client.post(f"/games/{gid}/combat/setup", data={"player": "0", "fight": "keep", "based_on": str(seq)})
    assert r.status_code == 403 and "Tactics of this Round are being chosen" in r.get_data(as_text=True)
    assert page_seq(client, gid) == seq
    page = client.get(f"/games/{gid}/combat").get_data(as_text=True)
    assert 'data-testid="fight-not-your-turn"' in page
