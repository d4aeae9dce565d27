"""The Player versus Player page on a German phone shows the engine's explanation lines in German: the steps of the
fight (computed for the page), a refused step's reason, and the recorded outcome (stored in the event as JSON);
units are named in German (rules data).

Rules behind the lines: Rulebook "Player versus Player Combat", Ranged and Siege Attacks 3b (no cards sideways),
4c (reduced by 1 per 2 block points), 5a (wounding a unit costs its Armor), Melee Attacks 2b (damage as move cost
forces a retreat), Combat Outcome 1 and 1c (same level, as much Fame: no Fame).
"""

from __future__ import annotations

import html as htmllib
import json
from urllib.parse import urlencode

from game_helpers import new_game, seq_of
from test_pvp_page import state_of

PASS = {"pass": True}


def step(attacks, blocks=(), hero=0, units=(), move_cost=None):
    return {"attacks": [list(a) for a in attacks], "blocks": [list(b) for b in blocks], "full": False,
            "units": list(units), "hero": hero, "artifacts": 0, "move_cost": move_cost}


def show(client, gid, log, status=200) -> str:
    resp = client.get(f"/games/{gid}/pvp?" + urlencode({"a": 0, "d": 1, "log": json.dumps(log)}))
    assert resp.status_code == status, resp.get_data(as_text=True)[-2000:]
    return htmllib.unescape(resp.get_data(as_text=True))


def test_german_pvp_page_shows_the_engine_lines_in_german(client):
    gid = new_game(client)  # Anna (aggressor, player 0) and Ben (defender, player 1), both level 1
    resp = client.post(f"/games/{gid}/do/recruit", data={"player": "1", "unit": "peasants"})
    assert resp.status_code == 303
    peasants = next(u["uid"] for u in state_of(client, gid)["players"][1]["units"])
    client.post("/lang", data={"lang": "de"})

    # Ranged and Siege 3b: a refused step, its reason in German
    html = show(client, gid, [step([[1, "physical", "sideways"]])], status=400)
    assert "Fern- und Belagerungsangriffe 3b: quer ausgespielte Karten zählen für diesen Angriff nicht" in html

    # Ben (the defender attacks first): Fire Ranged 4 against Anna's Ice Block 2 - reduced by 1 (4c)
    log = [step([[4, "fire", "ranged"]], [[2, "ice"]], hero=1), PASS, PASS]
    # Melee: Anna 11 - Ben's Peasants (Armor 3) and a forced retreat (move cost 4)
    log.append(step([[11, "physical", "melee"]], units=[peasants], move_cost=4))
    html = show(client, gid, log)
    assert "Angriff 4 = 4 (Feuer)" in html
    assert "Regelheft, Spieler gegen Spieler, Fern- und Belagerungsangriffe 4c: Der Angriff sinkt um 1 je 2 " \
           "Blockpunkte: -1" in html
    assert f"3 Schaden verletzen Einheit Bauern #{peasants} (Rüstung 3)" in html
    assert "Regelheft, Spieler gegen Spieler, Kampfergebnis 1: Ben wurde zum Rückzug gezwungen, Anna siegt" in html
    assert "Rulebook" not in html

    # the recorded outcome (event payload, JSON) comes back in German
    resp = client.post(f"/games/{gid}/pvp/end", data={"a": "0", "d": "1", "log": json.dumps(log),
                                                      "based_on": str(seq_of(client, gid))})
    assert resp.status_code == 303, resp.get_data(as_text=True)[-2000:]
    html = htmllib.unescape(client.get(f"/games/{gid}/pvp").get_data(as_text=True))
    assert "Kampfergebnis 1c: Der Sieger hat gleich viel oder mehr Ruhm: kein Ruhm" in html
    assert "verletzte Einheiten von Ben: Bauern" in html
    assert "verletzte Einheiten: Bauern" in html  # the outcome's summary names the unit in German too

    client.post("/lang", data={"lang": "en"})
    html = htmllib.unescape(client.get(f"/games/{gid}/pvp").get_data(as_text=True))
    assert "Rulebook PvP Combat Outcome 1c: the victor has as much Fame or more: no Fame" in html
    assert "Ben's units wounded: Peasants" in html
