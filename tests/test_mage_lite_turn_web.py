"""Mage Lite's turn on the pages, in seed 004's words: the wounds in the hand and the deed deck (never Mage
Knight's Wound cards in the discard pile), the verdict on the combat page, the end of a Round with no turn played
asking first. A real Mage Lite game created from the new-game form."""

from __future__ import annotations

import re

from test_combat_flow import client, post, state  # noqa: F401  (fixture)


def mage_lite_game(client, variants=("main_expansion",)) -> int:  # noqa: F811
    r = client.post("/mage-lite", data={"name_0": "Anna", "difficulty": "normal", "variant": list(variants)})
    assert r.status_code == 303
    return int(re.search(r"/games/(\d+)/mage-lite", r.headers["Location"]).group(1))


def page(client, gid, path="/combat") -> str:  # noqa: F811
    r = client.get(f"/games/{gid}{path}")
    assert r.status_code == 200
    return r.get_data(as_text=True)


def test_the_wounds_are_said_in_mage_lites_words_from_the_damage_step_to_the_result(client):  # noqa: F811
    """004 "TAKING WOUNDS": "For every 1 wound you take, you must do one of the following: Rotate a Starting card
    in your hand to Waning ... If neither of those options are available ... you must take the wounds into your
    deed deck"; POISON: "you may choose to take that EXTRA damage into your deck". No Wound cards: the damage step's
    "Why", its check and the fight's result speak of the hand and the deed deck, never of a discard pile of Wound
    cards ("Wounds in deck 0 -> 2" beside "into your hand: 2" was found by a first-evening walkthrough)."""
    gid = mage_lite_game(client)
    post(client, gid, "/combat/setup", {"player": "0", "fight": "rampaging"})
    post(client, gid, "/combat/enemy", {"name": "Orc", "armor": "5", "attack": "3", "ability": "poison",
                                        "fame": "3", "color": "green"})
    for _ in range(3):
        post(client, gid, "/combat/phase")
    html = page(client, gid)
    assert "discard pile" not in html and "Wound card" not in html
    r = client.get(f"/games/{gid}/combat?check=assign&key=1&attack_index=0")
    html = r.get_data(as_text=True)
    assert 'data-testid="mage-lite-result"' in html and "discard pile" not in html
    post(client, gid, "/combat/damage", {"mode": "suggest", "poison": "deck"})
    html = page(client, gid)
    assert "Mage Lite, Assign Damage 5a: 3 damage to your hero, armor 2: 2 wounds" in html
    assert "discard pile" not in html and "non-Wound" not in html
    post(client, gid, "/combat/phase")
    html = page(client, gid)
    assert "Wounds: 2 into your hand, 2 into your deed deck" in html  # the preview of the result
    post(client, gid, "/combat/end")
    html = page(client, gid)
    assert 'data-testid="outcome-wounds-hand">2<' in html and 'data-testid="outcome-wounds-deck">2<' in html
    assert "Wounds in deck" not in html and "discard pile" not in html
