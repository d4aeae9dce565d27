"""The Player versus Player calculator page in a game.

Rules cited: Rulebook "Player versus Player Combat" 4 (two phases; ends with a forced retreat or when neither wants to
attack any more), Ranged and Siege Attacks 1 (the defender attacks first), 3a (a defender in a keep or mage tower:
Siege only), 3b (no cards sideways), 4c (reduced by 1 per 2 block points; "loses Swiftness": 1 per point, with the
example Fire Ranged Attack 4 against Ice Block 4 / Block 7), 5a-c (the attacker assigns; a unit's Armor, doubled if
resistant; the hero's Armor per Wound; knock-out), 6 (roles alternate; both pass in succession: the phase ends);
Melee Attacks 1a (the aggressor starts), 1c (sideways = physical Attack 1), 1d (1 per block point), 2a (5 damage
steal an artifact), 2b (damage as move cost forces a retreat and ends the combat); Combat Outcome 1a-c (Fame for the
victor), 2 (a draw). Quick reference "Walls": attacking another player across a wall, the target is fortified.
"""

from __future__ import annotations

import json
import re
from urllib.parse import urlencode

import pytest

from companion.state import fold
from game_helpers import new_game, seq_of


def state_of(client, gid):
    from companion.db import get_db
    from companion.events import load_events

    with client.application.app_context():
        db = get_db()
        row = next(db.query("SELECT * FROM games WHERE id = ?", [gid]))
        return fold(gid, json.loads(row["setup"]), row["seed"], load_events(db, gid))


def do(client, gid, name, **data):
    resp = client.post(f"/games/{gid}/do/{name}", data={k: str(v) for k, v in data.items()})
    assert resp.status_code == 303, resp.get_data(as_text=True)[-1500:]


def url(gid, log=(), **params):
    q = {"a": 0, "d": 1, **params}
    if log:
        q["log"] = json.dumps(list(log))
    return f"/games/{gid}/pvp?" + urlencode(q, doseq=True)


def get(client, gid, log=(), status=200, **params):
    resp = client.get(url(gid, log, **params))
    assert resp.status_code == status, resp.get_data(as_text=True)[-3000:]
    return resp


def log_of(resp) -> list:
    """The fight's log after an Add or Pass: the redirect carries it."""
    assert resp.status_code == 303, resp.get_data(as_text=True)[-2000:]
    from urllib.parse import parse_qs, urlparse

    q = parse_qs(urlparse(resp.headers["Location"]).query)
    return json.loads(q["log"][0]) if "log" in q else []


def attack(value, element="physical", kind="ranged"):
    return [value, element, kind]


def step(attacks, blocks=(), hero=0, units=(), artifacts=0, move_cost=None, full=False):
    return {"attacks": [list(a) for a in attacks], "blocks": [list(b) for b in blocks], "full": full,
            "units": list(units), "hero": hero, "artifacts": artifacts, "move_cost": move_cost}


PASS = {"pass": True}


@pytest.fixture
def gid(client):
    return new_game(client)  # Anna (player 0) and Ben (player 1), full conquest, competitive


def uid_of(client, gid, player, name):
    return next(u["uid"] for u in state_of(client, gid)["players"][player]["units"] if u["name"] == name)


# ---------------------------------------------------------------------------------------------- rendering


def test_page_renders_in_english_and_german(client, gid):
    html = client.get(f"/games/{gid}/pvp").get_data(as_text=True)
    assert "Player versus Player" in html and "Aggressor" in html and "Start the fight" in html
    html = get(client, gid).get_data(as_text=True)
    assert "Ranged and Siege Attacks" in html and "Ben attacks, Anna blocks." in html

    client.post("/lang", data={"lang": "de"})
    html = client.get(f"/games/{gid}/pvp").get_data(as_text=True)
    assert "Spieler gegen Spieler" in html and "Verteidiger" in html and "Kampf beginnen" in html
    html = get(client, gid, [PASS, PASS]).get_data(as_text=True)
    assert "Nahkampfangriffe" in html and "Anna greift an, Ben blockt." in html and "Rüstung" in html
    assert "Player versus Player" not in html


def test_htmx_gets_the_live_part_carrying_the_fight_in_its_url(client, gid):
    """The live part is re-fetched when another phone changes the game: with the same parameters, so a fight being
    entered is not lost."""
    resp = client.get(url(gid, [PASS]), headers={"HX-Request": "true"})
    html = resp.get_data(as_text=True)
    assert resp.status_code == 200 and "<html" not in html
    m = re.search(r'<div id="live" hx-get="([^"]+)"', html)
    assert m and "log=" in m.group(1) and "a=0" in m.group(1)
    # the seq this view shows, for the sync poller (no out-of-band swap, which failed on pages without it)
    assert re.search(r'data-live-seq data-seq="\d+"', html) and "hx-swap-oob" not in html


def test_a_game_with_one_player_has_no_fight(client):
    resp = client.post("/games", data={"scenario": "solo_conquest", "mode": "solo", "name_0": "Anna",
                                       "hero_0": "arythea"})
    solo = int(re.search(r"/games/(\d+)/", resp.headers["Location"]).group(1))
    html = client.get(f"/games/{solo}/pvp").get_data(as_text=True)
    assert "needs at least two players" in html


# ---------------------------------------------------------------------------------------------- the rules through the page


def test_rulebook_example_fire_ranged_4_against_ice_block_4_and_block_7(client, gid):
    """Rulebook PvP Ranged and Siege 4c example: Fire Ranged Attack 4 vs Ice Block 4 -> 2; vs Block 7 -> 3.
    Ranged and Siege 1: the defender (Ben) is the first attacker."""
    html = get(client, gid, go="check", value="4", element="fire", kind="ranged", bvalue="4",
               belement="ice").get_data(as_text=True)
    assert "Attack 4, Block 4: reduced by 2, 2 damage to assign." in html
    assert "Rulebook PvP Ranged and Siege 4c" in html  # the engine's trace, step by step
    html = get(client, gid, go="check", value="4", element="fire", kind="ranged", bvalue="7",
               belement="physical").get_data(as_text=True)
    assert "Attack 4, Block 3: reduced by 1, 3 damage to assign." in html
    # "blocked enemy loses Swiftness": the block counts fully
    html = get(client, gid, go="check", value="4", element="fire", kind="ranged", bvalue="4", belement="ice",
               full="1").get_data(as_text=True)
    assert "reduced by 4, 0 damage to assign." in html


def test_turn_order_phases_and_a_draw(client, gid):
    """Ranged and Siege 1, 6: defender first, roles alternate, both pass in succession -> the phase ends; Melee 1a:
    the aggressor starts; Outcome 2: both pass in the Melee phase -> a draw, no Fame."""
    log = log_of(get(client, gid, go="add", value="3", kind="ranged", hero=1, status=303))
    html = get(client, gid, log).get_data(as_text=True)
    assert "Anna attacks, Ben blocks." in html and "Ranged and Siege Attacks" in html
    log = log_of(get(client, gid, log, go="pass", status=303))
    assert log[-1] == PASS
    html = get(client, gid, log).get_data(as_text=True)
    assert "Ben attacks, Anna blocks." in html  # still the ranged phase: only one pass so far
    log = log_of(get(client, gid, log, go="pass", status=303))
    html = get(client, gid, log).get_data(as_text=True)
    assert "Melee Attacks" in html and "Anna attacks, Ben blocks." in html
    log = log + [PASS, PASS]
    html = get(client, gid, log).get_data(as_text=True)
    assert 'data-testid="pvp-outcome"' in html and "A draw" in html
    assert 'data-testid="pvp-wounds-0">1<' in html  # Anna took one Wound (3 damage, Armor 2)


def test_fortified_defender_siege_only_and_not_for_the_aggressor(client, gid):
    """Rulebook PvP Ranged and Siege 3a: the blocker is the defender in a keep: Siege only; the aggressor blocking
    is not fortified. Quick reference Walls: across a wall the target is fortified as well."""
    # Ben (defender) attacks Anna with a Ranged attack: allowed
    get(client, gid, site="keep", go="check", value="3", kind="ranged")
    log = [step([attack(3)]), ]
    resp = get(client, gid, log, site="keep", go="add", value="3", kind="ranged", status=400)
    assert "only Siege attacks" in resp.get_data(as_text=True)
    html = get(client, gid, log, site="keep", go="check", value="3", kind="siege").get_data(as_text=True)
    assert "3 damage to assign" in html
    resp = get(client, gid, log, wall="1", go="add", value="3", kind="ranged", status=400)
    assert "only Siege attacks" in resp.get_data(as_text=True)
    html = get(client, gid, log, go="check", value="3", kind="ranged").get_data(as_text=True)
    assert "3 damage to assign" in html  # open space: no fortification


def test_resistant_units_need_twice_their_armor_and_wounded_units_are_out(client, gid):
    """Rulebook PvP Ranged and Siege 5a and icon reference (Player vs. Player): a unit resistant to an element of
    the attack needs twice its Armor; a wounded unit cannot be wounded again. Melee 1c: a card sideways makes the
    attack physical."""
    do(client, gid, "fame", player=1, amount=8)  # Ben: level 3, Armor 3, two Command tokens
    do(client, gid, "recruit", player=1, unit="guardian_golems")  # Armor 3, Physical Resistance
    do(client, gid, "recruit", player=1, unit="peasants")  # Armor 3
    golems, peasants = uid_of(client, gid, 1, "Guardian Golems"), uid_of(client, gid, 1, "Peasants")
    melee = [PASS, PASS]  # the ranged phase passes; Anna attacks in the Melee phase
    resp = get(client, gid, melee, go="add", value=["4", "1"], element=["fire", "physical"],
               kind=["melee", "sideways"], unit=str(golems), status=400)
    html = resp.get_data(as_text=True)
    assert "not enough" in html and "it needs 6" in html
    assert "Attack 5, Block 0: reduced by 0, 5 damage to assign." in html  # the running total stays on the page
    # without the sideways card the fire attack does not double the golems' Armor: 4 damage wound them
    log = log_of(get(client, gid, melee, go="add", value="4", element="fire", kind="melee", unit=str(golems),
                     status=303))
    assert log[-1]["units"] == [golems]
    # Ben's turn, then Anna again: the golems are wounded and no longer offered, the peasants are
    log = log + [PASS]
    html = get(client, gid, log).get_data(as_text=True)
    assert f'name="unit" value="{golems}"' not in html and f'name="unit" value="{peasants}"' in html
    forged = log + [step([attack(6, kind="melee")], units=[golems])]
    resp = get(client, gid, forged, status=400)
    assert "wounded" in resp.get_data(as_text=True)


def test_knock_out_counts_wounds_across_the_attacks_of_the_fight(client, gid):
    """Rulebook PvP Ranged and Siege 5b: the blocker can be knocked out (Wounds into the hand this combat reach the
    hand limit, 5 for Anna at level 1)."""
    log = [step([attack(6)], hero=3), PASS, PASS]  # Ben hits Anna: 3 Wounds (Armor 2 each); both pass
    html = get(client, gid, log).get_data(as_text=True)
    assert "Anna attacks, Ben blocks." in html and "Melee Attacks" in html  # Melee 1a: the aggressor starts
    log = log + [PASS]  # Anna passes in the Melee phase: Ben attacks her again
    html = get(client, gid, log, go="check", value="4", kind="melee", hero=1).get_data(as_text=True)
    assert "Anna is knocked out" not in html  # 4 Wounds < 5
    html = get(client, gid, log, go="check", value="4", kind="melee", hero=2).get_data(as_text=True)
    assert "Anna is knocked out" in html


def test_recorded_outcome_changes_the_game_and_undo_takes_it_back(client, gid):
    """Rulebook PvP Melee 2a-b, Combat Outcome 1a: Anna (level 1, 0 Fame) forces Ben (level 3, 8 Fame) to retreat:
    1 + 2 x 2 = 5 Fame; Wounds into the hands and wounded units go into the game; one event, undoable."""
    do(client, gid, "fame", player=1, amount=8)
    do(client, gid, "recruit", player=1, unit="peasants")
    peasants = uid_of(client, gid, 1, "Peasants")
    before = state_of(client, gid)
    # Ranged: Ben hits Anna for 2 Wounds (Fire Ranged 4 + 2, Ice Block 2 -> reduced by 1: 5 damage, 2 x Armor 2)
    log = log_of(get(client, gid, go="add", value=["4", "2"], element=["fire", "fire"], kind=["ranged", "ranged"],
                     bvalue="2", belement="ice", hero="2", status=303))
    log = log + [PASS, PASS]  # Anna passes, Ben passes: Melee, Anna first
    # Melee: Anna 14 - Block 0: Peasants (3) + one artifact (5) + a forced retreat (move cost 4) = 12, 2 left
    resp = get(client, gid, log, go="add", value="14", kind="melee", unit=str(peasants), artifacts="1",
               move_cost="4", status=303)
    log = log_of(resp)
    html = get(client, gid, log).get_data(as_text=True)
    assert "Ben is forced to retreat; Anna is victorious." in html
    assert "Rulebook PvP Combat Outcome 1a" in html and "Fame +5" in html
    # nothing recorded yet
    assert state_of(client, gid)["players"] == before["players"]

    seq = seq_of(client, gid)
    data = {"a": "0", "d": "1", "log": json.dumps(log), "based_on": str(seq), "nonce": "pvp-1"}
    resp = client.post(f"/games/{gid}/pvp/end", data=data)
    assert resp.status_code == 303 and resp.headers["Location"].endswith(f"/games/{gid}/pvp")
    after = state_of(client, gid)
    anna, ben = after["players"]
    assert anna["fame"] == 5 and anna["wounds"] == 2
    assert ben["fame"] == 8 and ben["wounds"] == 0
    assert [u["wounded"] for u in ben["units"] if u["uid"] == peasants] == [True]
    assert after["pvp"]["last"]["players"][1]["artifacts_lost"] == 1
    html = client.get(f"/games/{gid}/pvp").get_data(as_text=True)
    assert 'data-testid="pvp-last"' in html and "Fame 0 → 5" in html
    log_html = client.get(f"/games/{gid}/log").get_data(as_text=True)
    assert "Ben is forced to retreat, Anna gains 5 Fame" in log_html
    # the same nonce twice (a double tap) records one event
    client.post(f"/games/{gid}/pvp/end", data=data)
    assert state_of(client, gid)["players"][0]["fame"] == 5

    resp = client.post(f"/games/{gid}/undo", data={"based_on": str(seq_of(client, gid))})
    assert resp.status_code == 303
    undone = state_of(client, gid)
    assert undone["players"] == before["players"] and "pvp" not in undone


def test_a_draw_records_wounds_but_no_fame(client, gid):
    """Rulebook PvP Combat Outcome 2: a draw, no one gains Fame; the Wounds taken stay."""
    log = [step([attack(4)], hero=2), PASS, PASS, PASS, PASS]
    html = get(client, gid, log).get_data(as_text=True)
    assert "A draw" in html
    resp = client.post(f"/games/{gid}/pvp/end", data={"a": "0", "d": "1", "log": json.dumps(log),
                                                      "based_on": str(seq_of(client, gid))})
    assert resp.status_code == 303
    anna, ben = state_of(client, gid)["players"]
    assert (anna["fame"], anna["wounds"], ben["fame"], ben["wounds"]) == (0, 2, 0, 0)


# ---------------------------------------------------------------------------------------------- bad input


@pytest.mark.parametrize("params,log,reason", [
    ({"d": "0"}, (), "cannot fight themselves"),
    ({"a": "7"}, (), "must be between"),
    ({"site": "castle"}, (), "Unknown kind of space"),
    ({"log": "[{not json"}, None, "could not be read"),
    ({}, [{"attacks": [[4, "lava", "ranged"]]}], "could not be read"),
    ({}, [step([attack(2, kind="melee")])], "only Ranged and Siege attacks"),
    ({}, [step([attack(1, kind="sideways")])], "sideways"),
    ({}, [step([attack(3)], hero=2)], "not enough"),
    ({}, [step([attack(8)], artifacts=1)], "Melee phase"),
    ({}, [PASS, PASS, PASS, PASS, PASS], "already over"),
    ({"go": "add", "value": "abc", "kind": "ranged"}, (), "whole number"),
    ({"go": "add", "value": "3", "kind": "ranged", "element": "lava"}, (), "Unknown element"),
    ({"go": "add"}, (), "at least one attack"),
    ({"go": "add", "value": "3", "kind": "ranged", "unit": "999"}, (), "no such unit"),
    ({"go": "add", "value": "3", "kind": "ranged", "hero": "2"}, (), "not enough"),
    ({"go": "jump"}, (), "Unknown action"),
])
def test_bad_input_is_a_400_with_the_reason_on_the_page(client, gid, params, log, reason):
    q = {"a": "0", "d": "1", **params}
    if log:
        q["log"] = json.dumps(log)
    resp = client.get(f"/games/{gid}/pvp?" + urlencode(q))
    html = resp.get_data(as_text=True)
    assert resp.status_code == 400, html[-2000:]
    assert reason in html
    assert 'data-testid="pvp-error"' in html


def test_recording_an_unfinished_or_broken_fight_is_refused(client, gid):
    seq = seq_of(client, gid)
    resp = client.post(f"/games/{gid}/pvp/end", data={"a": "0", "d": "1", "log": json.dumps([PASS]),
                                                      "based_on": str(seq)})
    assert resp.status_code == 400 and "not over yet" in resp.get_data(as_text=True)
    resp = client.post(f"/games/{gid}/pvp/end", data={"based_on": str(seq)})
    assert resp.status_code == 400 and "Choose the aggressor" in resp.get_data(as_text=True)
    resp = client.post(f"/games/{gid}/pvp/end", data={"a": "0", "d": "1", "log": "{", "based_on": str(seq)})
    assert resp.status_code == 400
    assert state_of(client, gid)["players"][0]["fame"] == 0


def test_a_stale_view_gets_a_409_instead_of_a_wrong_fame(client, gid):
    """The Fame for the victor depends on both players' Fame: a change on another phone since the page was shown
    refuses the record (the fresh page shows the new values)."""
    log = [PASS, PASS, step([attack(4, kind="melee")], move_cost=2)]
    seq = seq_of(client, gid)
    do(client, gid, "fame", player=1, amount=3)
    resp = client.post(f"/games/{gid}/pvp/end", data={"a": "0", "d": "1", "log": json.dumps(log),
                                                      "based_on": str(seq)})
    assert resp.status_code == 409
    assert state_of(client, gid)["players"][0]["fame"] == 0


def test_take_back_the_last_step(client, gid):
    log = [step([attack(4)], hero=2), PASS]
    html = get(client, gid, log).get_data(as_text=True)
    m = re.search(r'href="([^"]+)"[^>]*data-testid="pvp-takeback"', html)
    assert m
    back = client.get(m.group(1).replace("&amp;", "&")).get_data(as_text=True)
    assert "Anna attacks, Ben blocks." in back and 'data-testid="pvp-wounds-0">2<' in back


def test_htmx_back_button_gets_the_whole_page_and_a_refused_step_is_not_pushed(client, gid):
    """htmx restores a page it has no snapshot of (hx-history="false") by asking the server: the whole page."""
    html = client.get(url(gid, [PASS]), headers={"HX-Request": "true", "HX-History-Restore-Request": "true"}
                      ).get_data(as_text=True)
    assert "<html" in html and 'hx-history="false"' in html
    resp = client.get(url(gid, go="add", value="x", kind="ranged"), headers={"HX-Request": "true"})
    assert resp.status_code == 400 and resp.headers.get("HX-Push-Url") == "false"
    assert "whole number" in resp.get_data(as_text=True)


def test_the_trace_names_the_units(client, gid):
    do(client, gid, "recruit", player=0, unit="peasants")
    peasants = uid_of(client, gid, 0, "Peasants")
    html = get(client, gid, go="check", value="5", kind="ranged", unit=str(peasants)).get_data(as_text=True)
    assert f"wound unit Peasants #{peasants} (armor 3)" in html and "Peasants is wounded" in html
    assert "2 damage left unassigned" in html  # Rulebook PvP Ranged and Siege 5c: may stay unassigned
