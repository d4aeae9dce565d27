"""The combat page on a German phone shows the engine's explanation lines in German, with the German names of the
enemies and units (rules data), both for lines computed for the page (running totals) and for lines stored in the
events (attacks, blocks, damage, the outcome); the log names enemies in the reader's language.

Rules behind the lines: Rulebook Ranged and Siege phase 3 (a fortified enemy: Siege attacks only) and 5 (defeated,
Fame), Block phase 5b (inefficient blocks halved), Assign Damage 2a (Brutal doubles the damage), Combat Outcomes 2a
(rampaging orc marauders defeated: Reputation +1).
"""

from __future__ import annotations

import html as htmllib
import re

from game_helpers import new_game


def page(client, gid) -> str:
    return htmllib.unescape(client.get(f"/games/{gid}/combat").get_data(as_text=True))


def seq(client, gid) -> int:
    raw = client.get(f"/games/{gid}/combat").get_data(as_text=True)
    return int(re.search(r'name="based_on" value="(\d+)"', raw).group(1))


def post(client, gid, path, data=None, status=303):
    data = dict(data or {})
    data.setdefault("based_on", str(seq(client, gid)))
    resp = client.post(f"/games/{gid}{path}", data=data)
    assert resp.status_code == status, resp.get_data(as_text=True)[-2000:]
    return htmllib.unescape(resp.get_data(as_text=True))


def fight(client):
    gid = new_game(client, scenario="solo_conquest", mode="solo", players=(("Anna", "arythea"),))
    post(client, gid, "/do/fame", {"player": "0", "amount": "10"})  # level 3: Armor 3, Hand limit 5
    post(client, gid, "/do/recruit", {"player": "0", "unit": "peasants"})
    client.post("/lang", data={"lang": "de"})
    post(client, gid, "/combat/setup", {"player": "0", "fight": "rampaging"})
    for token in ("prowlers", "gunners", "diggers", "orc_summoners"):
        post(client, gid, "/combat/enemy", {"token": token, "rampaging": "yes"})
    post(client, gid, "/combat/phase")
    return gid


def test_german_combat_page_shows_the_engine_lines_in_german(client):
    gid = fight(client)
    html = page(client, gid)
    assert all(de in html for de in ("Herumtreiber", "Kanoniere", "Buddler", "Ork-Beschwörer"))
    keys = _keys(client, gid)

    # Ranged and Siege 3: the Diggers are Fortified - a Ranged attack is refused, the reason in German
    body = post(client, gid, "/combat/attack", {"target": keys["diggers"], "value": "5", "element": "physical",
                                                 "kind": "ranged"}, status=400)
    assert "Regelheft, Fern- und Belagerungsangriffsphase 3: Buddler befestigt, nur Belagerungsangriffe" in body

    # Ranged and Siege 5: a stored attack line (event payload, JSON) comes back in German
    post(client, gid, "/combat/attack", {"target": keys["prowlers"], "value": "3", "element": "physical",
                                         "kind": "ranged"})
    html = page(client, gid)
    assert "Regelheft, Fern- und Belagerungsangriffsphase 5: 3 >= 3, Herumtreiber besiegt; Ruhm +2" in html
    assert "Prowlers defeated" not in html
    post(client, gid, "/combat/phase")

    # the log sentence names the summoner and the summoned token in German
    post(client, gid, "/combat/summon", {"key": keys["orc_summoners"], "token": "minotaur"})
    log = htmllib.unescape(client.get(f"/games/{gid}/log").get_data(as_text=True))
    assert "Ork-Beschwörer ruft Minotaurus herbei." in log and "Orc Summoners" not in log

    # Block phase 5b: a running total (lines computed for the page) in German, the element as a German term
    body = htmllib.unescape(client.post(f"/games/{gid}/combat/check", data={
        "check": "block", "key": keys["gunners"], "attack_index": "0", "value": ["2"],
        "element": ["physical"]}).get_data(as_text=True))
    assert "Regelheft, Blockphase 5b: ineffiziente Blocks gegen einen Angriff (Feuer) 2 = 2, einmal halbiert = 1" \
        in body
    post(client, gid, "/combat/phase")

    # Assign Damage 2a: stored damage lines, German enemy names
    post(client, gid, "/combat/damage", {"mode": "suggest", "prefer": "units"})
    html = page(client, gid)
    assert "Regelheft, Schadensphase 2a: Kanoniere ist Brutal, Schaden 6 x 2 = 12" in html
    assert "Regelheft, Schadensphase 2a: Minotaurus ist Brutal, Schaden 5 x 2 = 10" in html
    post(client, gid, "/combat/phase")

    # Combat Outcomes 2a: the stored outcome in German
    post(client, gid, "/combat/end")
    html = page(client, gid)
    assert "Regelheft, Kampfergebnis 2a: marodierende Orks Herumtreiber besiegt, Ansehen +1" in html

    # the same stored lines in English on an English phone
    client.post("/lang", data={"lang": "en"})
    html = page(client, gid)
    assert "Rulebook Combat Outcomes 2a: rampaging orc marauders Prowlers defeated, Reputation +1" in html


def _keys(client, gid) -> dict[str, str]:
    """Enemy keys by token id, from the folded state."""
    import json

    from companion.db import get_db
    from companion.events import load_events
    from companion.state import fold

    with client.application.app_context():
        db = get_db()
        row = next(db.query("SELECT * FROM games WHERE id = ?", [gid]))
        st = fold(gid, json.loads(row["setup"]), row["seed"], load_events(db, gid))
    return {e["token"]: str(e["key"]) for e in st["combat"]["current"]["enemies"]}
