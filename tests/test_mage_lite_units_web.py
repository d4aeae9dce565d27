"""Mage Lite's Units through the pages (seed 004 "UNITS", "Assign Damage phase", Poison): a
Unit gained with its card's numbers, another typed on the combat page before its first fight, a Poison enemy's
damage assigned to a Unit, the outcome card saying it in Mage Lite's words (and the level-up: a Skill and an
Advanced Action from the three left-most basic actions, the Fame Bonus added), the Mage Lite page showing the
wounded Unit and healing it, the log, the export imported again; every page in its own language, German with the
rulebook's terms."""

from __future__ import annotations

import re

import pytest

from import_helpers import exported, import_file, imported_id
from test_combat_flow import client, post, state  # noqa: F401  (fixture)
from test_english_pages_complete import other_language
from test_german_pages_complete import visible

POISON_ORC = {"name": "Orc", "armor": "5", "attack": "3", "ability": "poison", "fame": "3", "color": "green"}


def mage_lite_game(client) -> int:  # noqa: F811
    r = client.post("/mage-lite", data={"name_0": "Anna", "difficulty": "normal"})
    assert r.status_code == 303
    return int(re.search(r"/games/(\d+)/mage-lite", r.headers["Location"]).group(1))


def pages(client):  # noqa: F811
    """A poisoned Unit through the pages: (label, html) of every page on the way."""
    gid = mage_lite_game(client)
    ml = f"/games/{gid}/mage-lite"
    post(client, gid, "/do/mage_lite_fame", {"amount": "8", "next": ml})  # level 3: two Command tokens
    post(client, gid, "/do/mage_lite_item", {"action": "gain", "kind": "unit", "name": "Peasants", "armor": "3",
                                             "next": ml})
    post(client, gid, "/do/mage_lite_item", {"action": "gain", "kind": "unit", "name": "Foresters", "next": ml})
    yield "units", client.get(ml).get_data(as_text=True)
    html = client.get(f"/games/{gid}/combat").get_data(as_text=True)
    assert 'data-testid="ml-untyped-units"' in html and "Foresters" in html  # typed before the first fight
    yield "combat set-up", html
    post(client, gid, "/do/mage_lite_unit", {"action": "card", "id": "i2", "armor": "4", "resistance": "fire",
                                             "next": f"/games/{gid}/combat"})
    assert 'data-testid="ml-untyped-units"' not in client.get(f"/games/{gid}/combat").get_data(as_text=True)
    post(client, gid, "/combat/setup", {"player": "0", "fight": "rampaging"})
    post(client, gid, "/combat/enemy", POISON_ORC)
    while state(client, gid)["combat"]["current"]["phase"] != "damage":
        post(client, gid, "/combat/phase")
    html = client.get(f"/games/{gid}/combat").get_data(as_text=True)
    assert "Peasants" in html and "Foresters" in html  # the game's Units take damage
    yield "damage", html
    post(client, gid, "/combat/damage", {"mode": "manual", "attack": "1:0", "unit": "Peasants #1"})
    post(client, gid, "/combat/phase")
    post(client, gid, "/combat/attack", {"target": "1", "value": "5", "element": "physical", "kind": "melee"})
    post(client, gid, "/combat/end")
    yield "outcome", client.get(f"/games/{gid}/combat").get_data(as_text=True)
    yield "wounded", client.get(ml).get_data(as_text=True)
    post(client, gid, "/do/mage_lite_unit", {"action": "heal", "id": "i1", "next": ml})
    yield "healed once", client.get(ml).get_data(as_text=True)
    yield "log", client.get(f"/games/{gid}/log").get_data(as_text=True)


def test_a_poisoned_unit_is_shown_wounded_and_healed_twice(client):  # noqa: F811
    """004 Poison: "If a Hero or a Unit gets Wounded because of an attack from an enemy with Poison, each Wound are
    doubled. A unit that is Wound twice need to be healed twice this turn or on the next, if not it is disbanded."
    The Orc's 3 damage on the Peasants (Armor 3): wounded, twice by Poison, nothing left for the hero."""
    got = dict(pages(client))
    outcome = got["outcome"]
    assert "Peasants is wounded twice (Poison): heal it twice this turn or on the next, or it is disbanded." in outcome
    wounded = got["wounded"]
    assert 'data-testid="ml-unit-i1"' in wounded and 'data-testid="ml-unit-wounded"' in wounded
    assert "Wounded twice (Poison): heal it twice this turn or on the next, or it is disbanded." in wounded
    assert 'data-testid="ml-unit-heal"' in wounded
    assert "Armor 4, Fire Resistance" in wounded  # the Foresters' card, typed on the combat page
    healed = got["healed once"]
    assert "Wounded: heal it before you use it again." in healed
    assert "Peasants is healed once: one more heal and it is unwounded" in got["log"]
    assert "Foresters, from the Unit card: Armor 4, 1 resistance" in got["log"]


def test_the_outcome_card_says_the_level_up_in_mage_lites_words(client):  # noqa: F811
    """004 "LEVELING UP": "On every even level, you gain a skill ... and an advanced action" ("Look at the back
    sides of the three left-most basic actions in your hand"); "On every odd level, you gain a command token";
    Mini Blitz: the Fame Bonus. Normal: 4 Fame from 0 crosses level 2 at 3: +1. Not Mage Knight's "a Skill and an
    Advanced Action card" from the offer."""
    gid = mage_lite_game(client)
    post(client, gid, "/combat/setup", {"player": "0", "fight": "rampaging"})
    post(client, gid, "/combat/enemy", {"name": "Golem", "armor": "5", "attack": "2", "fame": "4"})
    while state(client, gid)["combat"]["current"]["phase"] != "damage":
        post(client, gid, "/combat/phase")
    post(client, gid, "/combat/damage", {"mode": "suggest"})
    post(client, gid, "/combat/phase")
    post(client, gid, "/combat/attack", {"target": "1", "value": "5", "element": "physical", "kind": "melee"})
    post(client, gid, "/combat/end")
    html = client.get(f"/games/{gid}/combat").get_data(as_text=True)
    level = re.search(r'data-testid="outcome-level">(.*?)</ul></li>', html, re.S).group(1)
    assert "Level 1 → 2 at the end of the turn (the Fame Bonus +1 is already added to your Fame):" in level
    assert "level 2: a Skill and an Advanced Action (look at the back of the three left-most basic actions" in level
    assert "a Skill and an Advanced Action card" not in level
    client.post("/lang", data={"lang": "de"})
    html = client.get(f"/games/{gid}/combat").get_data(as_text=True)
    level = visible(re.search(r'data-testid="outcome-level">(.*?)</ul></li>', html, re.S).group(1), "en")
    assert "Level 1 → 2 am Ende des Zugs" in level and "Ruhmbonus +1" in level and "Fertigkeit" in level
    # the export replays: the outcome and the Units as they were
    copy = imported_id(import_file(client, exported(client, gid)))
    assert state(client, copy)["combat"]["last"]["level"]["after"] == 2


def test_units_survive_the_export(client):  # noqa: F811
    got = dict(pages(client))
    gid = int(re.search(r"/games/(\d+)/mage-lite", got["healed once"]).group(1))  # the page links itself
    items = state(client, gid)["mage_lite"]["items"]
    copy = imported_id(import_file(client, exported(client, gid)))
    assert state(client, copy)["mage_lite"]["items"] == items
    assert [(i["name"], i.get("wounds"), i.get("armor")) for i in items] == [("Peasants", 1, 3), ("Foresters", 0, 4)]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_unit_pages_show_only_their_own_language(client, lang):  # noqa: F811
    client.post("/lang", data={"lang": lang})
    found, seen = other_language(lang, pages(client))
    assert seen == 7
    assert found == {}


def test_german_uses_the_rulebook_terms(client):  # noqa: F811
    client.post("/lang", data={"lang": "de"})
    got = dict(pages(client))
    shown = visible(got["wounded"], "en")
    for term in ("Einheit", "Rüstung 4", "Feuer-Widerstand", "Giftig", "heilen", "entlassen"):
        assert term in shown, term
    assert "Giftig" in visible(got["outcome"], "en")
