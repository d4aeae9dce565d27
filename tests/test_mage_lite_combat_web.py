"""Mage Lite's combat page on a phone (seed 004), in a real Mage Lite game created from the
new-game form (its set-up's mode ``mage_lite`` is what ``companion/game/combat/variant.py: mage_lite_rules``
reads)."""

from __future__ import annotations

import re

from test_combat_flow import client, post, state  # noqa: F401  (fixture)


def mage_lite_game(client) -> int:  # noqa: F811
    r = client.post("/mage-lite", data={"name_0": "Anna", "difficulty": "normal", "variant": ["main_expansion"]})
    assert r.status_code == 303
    return int(re.search(r"/games/(\d+)/mage-lite", r.headers["Location"]).group(1))


def page(client, gid) -> str:  # noqa: F811
    return client.get(f"/games/{gid}/combat").get_data(as_text=True)


def test_a_mage_lite_fight_typed_enemy_poison_choice_and_wounds_in_its_words(client):  # noqa: F811
    """004 "ENEMIES": the enemy is on the Enemy card (typed, no token piles); 004 "Taking Wounds", POISON: "you may
    choose to take that EXTRA damage into your deck"; the outcome says where the wounds went in Mage Lite's words
    ("Rotate a Starting card ... to Waning", "discard a Waning card")."""
    gid = mage_lite_game(client)
    assert "quick-fight-maze" in page(client, gid)
    post(client, gid, "/combat/setup", {"player": "0", "fight": "rampaging"})
    html = page(client, gid)
    assert 'data-testid="mage-lite-enemies"' in html and 'data-testid="quick-tokens"' not in html
    post(client, gid, "/combat/enemy", {"name": "Orc", "armor": "5", "attack": "3", "ability": "poison",
                                        "fame": "3", "color": "green", "keep": "yes"})
    for _ in range(3):
        post(client, gid, "/combat/phase")
    html = page(client, gid)
    assert 'data-testid="mage-lite-wounds"' in html and 'name="poison"' in html
    assert "2 wounds into your hand, 2 into your deed deck" in html  # the suggestion, in Mage Lite's words
    post(client, gid, "/combat/damage", {"mode": "suggest", "poison": "deck"})
    html = page(client, gid)
    assert 'data-testid="mage-lite-result"' in html and "2 wounds into your hand, 2 into your deed deck" in html
    post(client, gid, "/combat/phase")
    post(client, gid, "/combat/end")
    html = page(client, gid)
    assert 'data-testid="outcome-mage-lite"' in html and "into your deed deck: 2" in html
    assert state(client, gid)["players"][0]["wounds"] == 4
    # a bad choice is a 400 with its reason, nothing recorded
    post(client, gid, "/combat/setup", {"player": "0", "fight": "rampaging"})
    post(client, gid, "/combat/enemy", {"kept": "k1"})
    for _ in range(3):
        post(client, gid, "/combat/phase")
    resp = post(client, gid, "/combat/damage", {"mode": "suggest", "poison": "river"}, status=400)
    assert "poison" in resp.get_data(as_text=True)


def test_the_dungeon_note_and_the_summon_guide(client):  # noqa: F811
    """004 Site Reference, Dungeon: "You can't use Units in the Dungeon. Use Night Rules. (Gold Mana can't be spent,
    but Dark Mana can)"; Block phase 2: the summoned Brown enemy by the Guiding symbol of the second card."""
    gid = mage_lite_game(client)
    post(client, gid, "/combat/setup", {"player": "0", "fight": "dungeon"})
    html = page(client, gid)
    assert 'data-testid="mage-lite-site"' in html and "gold mana can" in html
    post(client, gid, "/combat/enemy", {"name": "Summoner", "armor": "3", "ability": "summon", "fame": "3"})
    post(client, gid, "/combat/phase")
    post(client, gid, "/combat/phase")
    html = page(client, gid)
    assert 'data-testid="summon-guide"' in html and "second card" in html and 'data-testid="summon-typed-1"' in html
    post(client, gid, "/combat/summon", {"key": "1", "name": "Gargoyle", "armor": "4", "attack": "5", "fame": "4",
                                         "keep": "yes"})
    assert state(client, gid)["combat"]["current"]["enemies"][0]["summoned"][0]["name"] == "Gargoyle"
