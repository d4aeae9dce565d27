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


def do(client, gid, name, data=None, status=303):  # noqa: F811
    """A Mage Lite command through its page form."""
    html = page(client, gid, "/mage-lite")
    seq = re.search(r'name="based_on" value="(\d+)"', html).group(1)
    r = client.post(f"/games/{gid}/do/{name}", data={"based_on": seq, "next": f"/games/{gid}/mage-lite",
                                                     **(data or {})},
                    headers={"Referer": f"http://localhost/games/{gid}/mage-lite"})
    assert r.status_code == status, r.get_data(as_text=True)[-1500:]
    return r


def test_after_the_verdict_the_combat_page_shows_it_and_offers_no_fight(client):  # noqa: F811
    """004 Mini Blitz: "The goal is to defeat both cities before time runs out"; "One Round of the Game" 5a: "If
    the scenario conditions have been met ... the game is over". After the verdict the combat page offers no fight
    and shows the verdict itself (it offered every fight and said so only once tapped: found by a first-evening
    walkthrough)."""
    gid = mage_lite_game(client)
    do(client, gid, "mage_lite_city", {"color": "red", "defeated": "2"})
    do(client, gid, "mage_lite_city", {"color": "blue", "defeated": "3"})
    html = page(client, gid)
    assert 'data-testid="ml-verdict"' in html and 'data-testid="ml-won"' in html
    assert "Won: both cities are conquered." in html and "5 Rounds were left." in html
    assert 'data-testid="quick-fight-keep"' not in html and 'data-testid="combat-setup-go"' not in html
    assert 'data-testid="ml-back-to-game"' in html
    assert 'data-testid="ml-verdict"' in page(client, gid, "/mage-lite")
    client.post("/lang", data={"lang": "de"})
    assert "Gewonnen" in page(client, gid)


def test_end_the_round_with_no_turn_played_is_refused_until_the_table_confirms(client):  # noqa: F811
    """004 "One Round of the Game" 4c: the Round ends when the player has no card left "or if the player wants to
    go to the next round". With no turn played the page asks first and offers the same form confirmed."""
    gid = mage_lite_game(client)
    r = do(client, gid, "mage_lite_round_end", {"show": "ml-verdict"}, status=400)  # the page's form
    assert "No turn was played in Round 1 yet" in r.get_data(as_text=True)
    form = re.search(r'<form method="post" action="(/games/\d+/do/mage_lite_round_end)"[^>]*class="confirm-anyway">'
                     r'(.*?)</form>', r.get_data(as_text=True), re.S)
    assert form and 'name="confirm" value="yes"' in form.group(2)
    assert state(client, gid)["round"] == 1
    fields = dict(re.findall(r'name="(\w+)" value="([^"]*)"', form.group(2)))
    assert client.post(form.group(1), data=fields).status_code == 303
    assert state(client, gid)["round"] == 2


def test_the_red_side_note_says_to_read_the_card(client):  # noqa: F811
    """004 "FAME AND REPUTATION": "When your reputation goes below the starting 0, flip the card to be on the 0 on
    the negative reputation side (the red side) ... Use the same method to track your negative reputation": the text
    prints no red number, the card does. The note says so in plain words (it read "(red side: the text prints no
    numbers; Mage Knight's Reputation track)": found by a first-evening walkthrough)."""
    gid = mage_lite_game(client)
    do(client, gid, "mage_lite_reputation", {"reason": "assault"})
    do(client, gid, "mage_lite_reputation", {"reason": "assault"})
    html = page(client, gid, "/mage-lite")
    assert "If your card shows another number, go by your card." in html
    assert "the text prints no numbers" not in html


def test_the_rules_reference_of_a_mage_lite_game_has_seed_004s_site_and_city_reference(client):  # noqa: F811
    """004 "Site Reference", Tomb: "Gain an Artifact or a Spell."; Monster Den: "Get 2 (or 3 for Spawning Grounds)
    Mana tokens ... (or crystals if you have the crystal expansion)"; Maze: "2 - 2 Mana tokens ... 4 - Spell. 6 -
    Artifact"; "City Reference": "In the Red city, all defenders that have physical Attack gain the Brutal ability.
    When conquered, you can pay 12 Influence to gain an Artifact." The rules reference (☰) a Mage Lite game opens
    leads there first, not only to Mage Knight's sites."""
    gid = mage_lite_game(client)
    page(client, gid, "/mage-lite")  # the phone is in this game
    html = client.get("/rules").get_data(as_text=True)
    assert 'data-testid="ml-rules-note"' in html and 'href="/rules/mage-lite"' in html
    html = client.get("/rules/mage-lite").get_data(as_text=True)
    tomb = re.search(r'data-testid="ml-site-tomb">(.*?)</article>', html, re.S).group(1)
    assert "Reward: an Artifact or a Spell." in tomb
    den = re.search(r'data-testid="ml-site-monster_den">(.*?)</article>', html, re.S).group(1)
    assert "2 mana tokens (crystals with the Crystal expansion)" in den and "Guiding symbol" in den
    assert "die" not in den.replace("</", "")
    maze = re.search(r'data-testid="ml-site-maze">(.*?)</article>', html, re.S).group(1)
    assert "4, a Spell; 6, an Artifact" in maze
    red = re.search(r'data-testid="ml-city-red">(.*?)</article>', html, re.S).group(1)
    assert "Brutal" in red and "12 Influence" in red
    # where the text says two things, both are shown
    assert "Interacting with Locals 4c says 8" in html and "in which" not in html
    client.post("/lang", data={"lang": "de"})
    html = client.get("/rules/mage-lite").get_data(as_text=True)
    assert "Belohnung: ein Artefakt oder ein Zauber." in html and "Monsterhöhle" in html


def test_interacting_and_healing_on_the_mage_lite_page(client):  # noqa: F811
    """004 "Interacting with Locals" 4b: "Healing points can be bought at villages for 3 Influence points and at
    monasteries for 2 Influence points"; "HEALING": "Rotate the right-most Waning card in your hand to Starting".
    The page's forms record it; the page says the total and how each point of healing is taken; a purchase the
    Influence does not cover is a 400 with the reason."""
    gid = mage_lite_game(client)
    html = page(client, gid, "/mage-lite")
    assert 'data-testid="ml-interact"' in html and 'data-testid="ml-interact-bonus"' in html
    r = do(client, gid, "mage_lite_interact", {"site": "monastery", "influence": "3", "heal": "2"}, status=400)
    assert "That costs 4 Influence; your Influence total is 3." in r.get_data(as_text=True)
    do(client, gid, "mage_lite_interact", {"site": "monastery", "influence": "4", "heal": "2"})
    html = page(client, gid, "/mage-lite")
    assert "Last interaction at the Monastery: Influence 4" in html
    assert "rotate the right-most Waning card in your hand to Starting" in html
    assert "already applied this turn" in html
    do(client, gid, "mage_lite_heal", {"amount": "1", "source": "glade"})
    client.post("/lang", data={"lang": "de"})
    html = page(client, gid, "/mage-lite")
    assert "Interagieren und Heilen" in html and "Schwindend" in html


def test_the_end_of_the_turn_step_by_step_with_forced_withdrawal(client):  # noqa: F811
    """004 "End of Turn": "1. Forced Withdrawal ... For each space you move while backtracking, you get wounded"; "3.
    Draw card up to your maximum hand size ... e. If both a keep and a city bonus are possible, use the higher bonus
    only"; "4. Use the benefits of your space: a. ... magical glade, you may heal 1 card (not a unit). b. ... crystal
    mine ... you gain a mana token of the mine's color"."""
    gid = mage_lite_game(client)
    html = page(client, gid, "/mage-lite")
    assert 'data-testid="ml-end-turn"' in html and "a mana token of its colour for your next turn" in html
    assert "Draw up to your Hand limit, 5 now" in html
    do(client, gid, "mage_lite_withdraw", {"spaces": "2"})
    html = page(client, gid, "/mage-lite")
    assert "Forced Withdrawal: 2 wounds: for each, rotate a Starting card in your hand to Waning" in html


def test_a_typed_enemy_in_a_fight_without_a_site_is_ticked_rampaging(client):  # noqa: F811
    """004 "Combat with Enemies" 1d: "If you are standing adjacent to a rampaging enemy site ... you can challenge
    it": the fight without a site is against rampaging enemies, so the typed enemy's "Rampaging" tick is already
    ticked there (a table fighting an Orc in the open did not tick it and got no Reputation: found by an
    independent check of seed 004's rules); at a keep it is not."""
    gid = mage_lite_game(client)
    post(client, gid, "/combat/setup", {"player": "0", "fight": "rampaging"})
    html = page(client, gid)
    assert re.search(r'name="rampaging" value="yes" checked data-testid="typed-rampaging"', html)
    post(client, gid, "/combat/cancel")
    post(client, gid, "/combat/setup", {"player": "0", "fight": "keep"})
    assert 'name="rampaging" value="yes" data-testid="typed-rampaging"' in page(client, gid)
