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
    assert "Regelheft, Kampfergebnis 2a: umherziehende Marodierende Orks Herumtreiber besiegt, Ansehen +1" in html
    # the outcome names the unit in German, in a sentence right for a plural name (not "Bauern ist")
    assert re.search(r"Bauern: (verletzt|zerstört)", html) and "Bauern ist" not in html

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


# ---------------------------------------------------------------------------------------------- the engines


def _german():
    from companion.i18n import merged_catalog

    catalog = merged_catalog("de")

    def german(msgid):
        msg = catalog.get(msgid)
        string = msg.string if msg is not None else msgid
        return string[0] if isinstance(string, (tuple, list)) else string

    def ngettext(singular, plural, n):  # German plural rule: one form for 1, the other for the rest
        msg = catalog.get(singular)
        if msg is None or not isinstance(msg.string, (tuple, list)):
            return singular if n == 1 else plural
        return msg.string[0 if n == 1 else 1]

    german.ngettext = ngettext
    return german


def test_block_line_names_the_enemy_in_german():
    """Rulebook Block phase 6a: Swift doubles the attack for blocking; the Freezers (rules data: "Froster") are
    Swift with Ice Attack 3."""
    from companion.rules.combat.enemies import Block, enemy_from_token
    from companion.rules.combat.block import resolve_block
    from companion.rules.text import translate_line

    res = resolve_block(enemy_from_token("freezers"), [Block(6, "fire")])
    line = next(x for x in res.explanation if "Swift" in x)
    assert line == "Rulebook Block phase 6a: Freezers is Swift, block needs twice its attack: 6"
    assert translate_line(line, _german(), "de") == \
        "Regelheft, Blockphase 6a: Froster ist Flink, der Block braucht den doppelten Angriff: 6"


def _all_lines(rng):
    """Explanation lines of every combat engine function for one random situation."""
    from companion.rules.combat import enemies as c
    from companion.rules.combat import block as cb
    from companion.rules.combat import outcomes as co
    from companion.rules.combat import damage as d
    from companion.rules.pvp import fight as p
    from companion.rules.combat.attack import resolve_attack
    from companion.rules.combat.plan import plan_attacks

    abilities = ["swift", "brutal", "poison", "paralyze", "fortified", "unfortified", "arcane_immunity",
                 "cumbersome", "vampiric", "assassination"]

    def enemy():
        return c.Enemy(name="Orc", name_de="Ork", armor=rng.randint(1, 6),
                       attacks=tuple(c.EnemyAttack(rng.randint(0, 6), rng.choice(c.ELEMENTS))
                                     for _ in range(rng.choice([1, 2]))),
                       abilities=tuple(rng.sample(abilities, rng.randint(0, 3))),
                       resistances=tuple(rng.sample(c.RESISTANCES, rng.randint(0, 3))), fame=rng.randint(0, 5),
                       elusive_armor=rng.choice([None, 8]), defend=rng.choice([0, 1]), rampaging=rng.random() < .4,
                       all_attacks_blocked=rng.random() < .5, color=rng.choice(["green", "red", "gray"]))

    site = c.Site(rng.random() < .5, rng.choice([None, *c.CITY_COLOURS]), rng.random() < .2)
    es = [enemy() for _ in range(3)]
    if rng.random() < .3:
        es[0] = c.Enemy(name="Summoner", armor=4, summon="brown", summoned=enemy(), abilities=("summon",))
    attacks = [c.PlayerAttack(rng.randint(1, 6), rng.choice(c.ELEMENTS), rng.choice(c.ATTACK_KINDS))
               for _ in range(rng.randint(1, 3))]
    blocks = [c.Block(rng.randint(0, 6), rng.choice(c.ELEMENTS)) for _ in range(rng.randint(1, 2))]
    units = [d.Unit(f"Peasants #{i}", rng.randint(1, 4), 1, tuple(rng.sample(c.RESISTANCES, rng.randint(0, 2))),
                    False, "Peasants", "Bauern") for i in range(2)]
    hero = d.Hero(rng.randint(1, 3), rng.randint(2, 5), rng.randint(0, 2))
    calls = [
        lambda: resolve_attack(es[1:], attacks, rng.choice(c.PHASES), site, es[:1]).explanation,
        lambda: cb.resolve_block(es[0], blocks, 0, rng.choice([0, 0, 2]), site).explanation,
        lambda: co.combat_outcome(es[1:2], es[2:], rng.choice(co.ASSAULT_KINDS)).explanation,
        lambda: d.assign_damage(hero, units, [d.UnblockedAttack(e, 0, tuple(rng.sample(
            [u.id for u in units], rng.randint(0, 2)))) for e in es], site).explanation,
        lambda: d.suggest_assignment(hero, units, [d.UnblockedAttack(e) for e in es], site).result.explanation,
        lambda: plan_attacks(es[1:], attacks, rng.choice(c.PHASES), site).explanation,
        lambda: p.pvp_attack(attacks, blocks, rng.choice(p.PVP_PHASES), rng.random() < .3).explanation,
        lambda: p.pvp_damage(rng.randint(0, 12), ["fire"], hero, units, rng.sample(
            ["hero", "artifact", "retreat", "Peasants #0", "Peasants #1"], rng.randint(0, 2)), "melee", 2).explanation,
        lambda: p.pvp_fame(rng.randint(1, 3), rng.randint(0, 5), rng.randint(1, 3), rng.randint(0, 5))[1],
    ]
    out = []
    for call in calls:
        try:
            out.extend(call())
        except c.CombatError:
            pass
    return out


def test_every_engine_line_is_translatable_and_has_its_german_translation():
    """Every explanation line of the combat engines is a translatable line (not a plain English string), its msgid
    is in the German catalog (lines that only join names need none), and the German text formats with its
    arguments; German names come through (Ork, Bauern), never the English ones."""
    import random

    from companion.rules.text import T

    german = _german()
    rng = random.Random(4)
    seen = set()
    for _ in range(400):
        for line in _all_lines(rng):
            assert isinstance(line, T), line
            seen.add(line.msgid)
            stack = [line]
            while stack:
                x = stack.pop()
                stack.extend(v for v in x.args.values() if isinstance(v, T))
                if x.msgid.replace("%(", "").strip() and not set(x.msgid) <= set("%()ns0123456789, "):
                    assert german(x.msgid) != x.msgid, x.msgid
                    args = {k: "x" if isinstance(v, str) else v for k, v in x.args.items()}
                    german(x.msgid) % args  # formats: same placeholders and types
            de = line.translated(german, "de")
            assert "Orc" not in de and "Peasants" not in de, de
    assert len(seen) >= 70  # the random situations reach most of the rules
