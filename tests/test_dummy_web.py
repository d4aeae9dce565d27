"""The Dummy player in a game: its page and events, through the Flask test client."""
from __future__ import annotations

import re

import pytest
from markupsafe import escape

from companion import create_app
from companion.db import get_db
from companion.events import load_events
from companion.rules.data import get_rules
from game_helpers import GameTable


@pytest.fixture()
def app(tmp_path):
    return create_app({"DATABASE": str(tmp_path / "dummy_web.db"), "TESTING": True, "SECRET_KEY": "test",
                       "WTF_CSRF_ENABLED": False})


class Table(GameTable):
    def __init__(self, app, mode="solo", players=(("Anna", "goldyx"),), scenario="solo_conquest"):
        super().__init__(app, scenario, mode, players)

    @property
    def url(self):
        return f"/games/{self.id}/dummy"

    def do(self, action, status=303, **form):
        form.setdefault("based_on", self.seq())
        r = self.client.post(f"{self.url}/{action}", data=form)
        assert r.status_code == status, r.get_data(as_text=True)[:2000]
        return r


    def redo(self):
        r = self.client.post(f"/games/{self.id}/redo", data={"based_on": self.seq()})
        assert r.status_code == 303

    def page(self, **headers):
        r = self.client.get(self.url, headers=headers)
        assert r.status_code == 200
        return r.get_data(as_text=True)


def end_round(t):
    """Play the round to its end: a player announces the End of the Round (unless it was announced), the Dummy
    player takes its last turn, every other player's last turn is over."""
    d = t.state()["dummy"]
    if d["mode"] == "mage_lite":
        while not t.state()["dummy"]["announced"]:
            t.do("mage-lite", color="")
    elif not d["announced"]:
        s = t.state()
        order = s.get("round_order") or []
        while order and order[s["dummy"]["turn"] % len(order)] == "dummy":
            t.do("turn", **({"color": "green"} if d["mode"] == "physical" and s["dummy"]["deck_count"] > 3 else {}))
            s = t.state()
        who = order[s["dummy"]["turn"] % len(order)] if order else 0
        t.do("announce", player=str(who))
    for _ in range(10):  # the last turns in Round order: the Dummy player flips when the order says it is its turn
        s = t.state()
        d, order = s["dummy"], s.get("round_order") or []
        due = d["mode"] != "mage_lite" and d["announced_by"] != "dummy" and not d["last_turn_done"]
        if not due or (order and "dummy" in order and order[d["turn"] % len(order)] != "dummy"):
            break
        t.do("turn", **({"color": "green"} if d["mode"] == "physical" and d["deck_count"] > 3 else {}))
    for _ in range(10):
        s = t.state()
        d, order = s["dummy"], s.get("round_order") or []
        if order and "dummy" in order and order[d["turn"] % len(order)] == "dummy" and not d["last_turn_done"] \
                and d["announced_by"] != "dummy":
            t.do("turn", **({"color": "green"} if d["mode"] == "physical" and d["deck_count"] > 3 else {}))
            continue
        if not t.state()["dummy"]["last_turns_left"]:
            break
        t.do("pass")
    assert not t.state()["dummy"]["last_turns_left"]


def test_page_needs_the_game_token(app):
    t = Table(app)
    other = app.test_client()
    assert other.get(t.url).status_code == 403
    assert other.post(f"{t.url}/setup", data={"mode": "virtual"}).status_code in (400, 403)
    assert t.state().get("dummy") is None


def test_setup_random_hero_not_in_play_its_crystals_and_sixteen_cards(app):
    """Scenario Book, Dummy Player, At the start of the game: a random hero not in the game, three crystals
    from its hero card's dots, its 16 basic cards shuffled."""
    heroes = get_rules().heroes
    for _ in range(6):
        t = Table(app, players=(("Anna", "goldyx"),))
        t.do("setup", mode="virtual")
        d = t.state()["dummy"]
        assert d["hero"] != "goldyx" and d["hero"] in heroes
        hero = heroes[d["hero"]]
        assert sum(d["crystals"].values()) == 3
        for c in hero.crystals:
            assert d["crystals"][c] == list(hero.crystals).count(c)
        assert d["deck_count"] == 16 and len(d["deck"]) == 16
        assert sorted(c["id"] for c in d["deck"]) == sorted(c.id for c in hero.deck for _ in range(c.count))
    assert "Dummy player" in t.page()


def test_setup_rejects_hero_in_play_unknown_mode_and_twice(app):
    t = Table(app)
    t.do("setup", status=400, mode="virtual", hero="goldyx")
    t.do("setup", status=400, mode="virtual", hero="nobody")
    t.do("setup", status=400, mode="tarot")
    t.do("setup", mode="virtual", hero="tovak")
    assert t.state()["dummy"]["hero"] == "tovak"
    assert t.state()["dummy"]["crystals"] == {"red": 1, "blue": 2, "green": 0, "white": 0}
    t.do("setup", status=400, mode="virtual")


def test_virtual_turn_flips_and_shows_cards_undo_redo_replay_the_same(app):
    """A turn: three cards, one more per crystal of the last one's colour; the phone shows the flipped cards;
    undo puts them back and redo flips the very same cards."""
    t = Table(app)
    t.do("setup", mode="virtual", hero="tovak")
    before = t.state()["dummy"]
    t.do("turn")
    d = t.state()["dummy"]
    flipped = d["last"]["flipped"]
    third = before["deck"][2]["color"]
    assert len(flipped) == 3 + before["crystals"][third]
    assert flipped == before["deck"][:len(flipped)]
    assert d["deck_count"] == 16 - len(flipped)
    html = t.page()
    for card in flipped:
        assert card["name"] in html
    t.undo()
    assert t.state()["dummy"]["deck_count"] == 16
    t.redo()
    assert t.state()["dummy"]["last"]["flipped"] == flipped


def test_round_runs_out_announces_and_new_round_adds_card_and_crystal(app):
    """Empty deck at the start of its turn: it announces the End of the Round. New round: the Advanced Action
    leaving the offer joins its deck, the Spell gives a crystal of its colour (no limit of 3), all reshuffled."""
    t = Table(app)
    t.do("setup", mode="virtual", hero="tovak")
    turns = 0
    while not t.state()["dummy"]["announced"]:
        t.do("turn")
        turns += 1
        assert turns <= 7
    d = t.state()["dummy"]
    assert d["deck_count"] == 0 and d["last"]["end_of_round"]
    assert d["last_turns_left"] == 1
    assert "End of the Round announced" in t.page()
    t.do("turn", status=400)  # already announced
    t.do("new-round", status=400, advanced_action="color:blue", spell_color="blue")  # Anna's last turn first
    assert 'data-testid="dummy-new-round-submit"' not in t.page()
    t.do("pass")  # Anna's last turn is over (no round order: a last turn of the round)
    assert 'data-testid="dummy-new-round-submit"' in t.page()
    t.do("new-round", advanced_action="color:blue", spell_color="blue")
    s = t.state()
    d = s["dummy"]
    assert d["deck_count"] == 17 and len(d["deck"]) == 17 and d["discard"] == []
    assert d["crystals"]["blue"] == 3
    assert s["round"] == 2 and s["time"] == "night"
    assert not d["announced"]
    end_round(t)
    t.do("new-round", spell_color="blue", advanced_action="empty")
    assert t.state()["dummy"]["crystals"]["blue"] == 4  # more than 3 for the Dummy player
    end_round(t)
    t.do("new-round", status=400, spell_color="mauve", advanced_action="empty")


def test_physical_deck_counts_from_the_tapped_colour(app):
    """Physical deck: flip three, tap the last one's colour; the app says how many more to flip."""
    t = Table(app)
    t.do("setup", mode="physical", hero="tovak")  # blue, blue, red
    assert "deck" not in t.state()["dummy"] or t.state()["dummy"]["deck"] == []
    t.do("turn", status=400)  # no colour tapped
    t.do("turn", status=400, color="purple")
    t.do("turn", color="blue")
    d = t.state()["dummy"]
    assert d["deck_count"] == 11 and d["last"]["extra"] == 2 and d["seen"]["blue"] == 1
    assert "Flip more cards: 2" in t.page()
    t.do("turn", color="green")
    assert t.state()["dummy"]["deck_count"] == 8
    assert 'data-testid="dummy-forecast"' in t.page()


def test_solo_conquest_tactics_round_order_and_dummys_turn_prompt(app):
    """Solo Conquest: you choose first, the Dummy player takes a random one of the rest; round order by Tactic
    numbers with the dummy in it; both Tactics leave the game at the end of the round."""
    t = Table(app)
    t.do("setup", mode="virtual", hero="tovak")
    t.do("tactics", status=400)  # no pick
    t.do("tactics", tactic_0="planning")
    s = t.state()
    d = s["dummy"]
    day = {x.id: x.number for x in get_rules().tactics if x.time == "day"}
    assert d["tactic"] in day and d["tactic"] != "planning"
    expected = [0, "dummy"] if day["planning"] < day[d["tactic"]] else ["dummy", 0]
    assert s["round_order"] == expected
    html = t.page()
    if expected[0] == "dummy":
        assert "Dummy&#39;s turn" in html or "Dummy's turn" in html
        t.do("turn")
        assert t.state()["dummy"]["turn"] == 1
    else:
        assert "Dummy&#39;s turn" not in html and "Dummy's turn" not in html
        t.do("pass")
        assert "Dummy&#39;s turn" in t.page() or "Dummy's turn" in t.page()
        t.do("pass", status=400)  # it is the dummy's turn now
    end_round(t)
    t.do("new-round", advanced_action="empty", spell_color="empty")
    d = t.state()["dummy"]
    assert set(d["removed_tactics"]) == {"planning", s["dummy"]["tactic"]}
    assert t.state()["time"] == "night"


def test_cooperative_dummy_draws_first_players_remove_one_of_theirs(app):
    """Full Cooperation: the Dummy player takes a random Tactic first; at round end the players remove one of
    theirs (not the dummy's)."""
    t = Table(app, mode="coop", players=(("Anna", "goldyx"), ("Ben", "arythea")), scenario="full_cooperation")
    t.do("setup", mode="virtual")
    t.do("tactics", status=400, tactic_0="planning", tactic_1="rethink")  # the dummy first
    t.do("tactic-draw")
    dt = t.state()["dummy"]["tactic"]
    free = [x.id for x in get_rules().tactics if x.time == "day" and x.id != dt]
    t.do("tactics", status=400, tactic_0=dt, tactic_1=free[0])
    t.do("tactics", status=400, tactic_0=free[0], tactic_1=free[0])
    t.do("tactics", tactic_0=free[0], tactic_1=free[1])
    s = t.state()
    assert set(s["round_order"]) == {0, 1, "dummy"} and len(s["round_order"]) == 3
    end_round(t)
    t.do("new-round", status=400, advanced_action="empty", spell_color="empty")  # which one leaves?
    t.do("new-round", status=400, remove_tactic=dt, advanced_action="empty", spell_color="empty")
    t.do("new-round", remove_tactic=free[1], advanced_action="empty", spell_color="empty")
    assert t.state()["dummy"]["removed_tactics"] == [free[1]]


def test_mage_lite_counter(app):
    """004 Mage Lite, Dummy Player: one level after each of your turns plus one per matching pip (Tovak: two blue,
    one red); end of round at level 7."""
    t = Table(app)
    t.do("setup", mode="mage_lite", difficulty="normal")
    d = t.state()["dummy"]
    assert (d["level"], d["threshold"], d["pips"]["blue"], d["pips"]["red"]) == (1, 7, 2, 1)
    t.do("mage-lite", color="red")
    assert t.state()["dummy"]["level"] == 3
    t.do("mage-lite", color="")
    t.do("mage-lite", color="blue")
    d = t.state()["dummy"]
    assert d["level"] == 7 and d["announced"]
    assert "your next turn is your final turn" in t.page()
    t.do("mage-lite", status=400, color="red")
    t.do("new-round", status=400, advanced_action="empty", spell_color="empty")  # your final turn first
    assert 'data-testid="dummy-last-turn-over"' in t.page() and 'data-testid="dummy-new-round-submit"' not in t.page()
    t.do("pass")
    assert 'data-testid="dummy-last-turn-over"' not in t.page() and 'data-testid="dummy-new-round-submit"' in t.page()
    t.do("new-round", advanced_action="empty", spell_color="empty")
    assert t.state()["dummy"]["level"] == 1


def test_deck_count_in_state_for_scoring(app):
    t = Table(app)
    t.do("setup", mode="virtual", hero="tovak")
    t.do("turn")
    d = t.state()["dummy"]
    assert d["deck_count"] == len(d["deck"]) < 16


def test_page_in_german_and_without_inline_styles_or_scripts(app):
    t = Table(app)
    t.do("setup", mode="virtual", hero="tovak")
    t.do("turn")
    html = t.page(**{"Accept-Language": "de"})
    assert "Dummyspieler" in html
    assert "Prognose" in html
    assert not re.search(r"\sstyle=", html)
    assert not re.search(r"<script(?![^>]*\ssrc=)", html)


def test_htmx_request_gets_the_live_fragment(app):
    t = Table(app)
    t.do("setup", mode="virtual", hero="tovak")
    r = t.client.get(t.url, headers={"HX-Request": "true"})
    assert r.status_code == 200
    body = r.get_data(as_text=True)
    assert "<html" not in body and 'data-testid="dummy-forecast"' in body


def test_player_announces_dummy_takes_one_last_turn(app):
    """Rulebook, Players play their turns 4b: a player may announce the End of the Round; "each other player
    takes one last turn and then the Round ends" - the Dummy player flips once more, then no more."""
    t = Table(app)
    t.do("setup", mode="virtual", hero="tovak")
    t.do("announce", status=400, player="7")
    t.do("announce", player="0")
    d = t.state()["dummy"]
    assert d["announced"] and d["announced_by"] == 0 and d["last_turns_left"] == 1
    assert 'data-testid="dummy-flip"' in t.page()
    t.do("turn")
    d = t.state()["dummy"]
    assert d["last_turn_done"] and d["last_turns_left"] == 0 and d["deck_count"] < 16
    t.do("turn", status=400)
    t.do("announce", status=400, player="0")
    t.do("pass", status=400)  # the round is over
    assert "The round is over." in t.page()
    t.do("new-round", advanced_action="empty", spell_color="empty")
    d = t.state()["dummy"]
    assert not d["announced"] and d["announced_by"] is None and not d["last_turn_done"]


def test_dummy_announcing_gives_every_player_one_last_turn(app):
    t = Table(app, mode="coop", players=(("Anna", "goldyx"), ("Ben", "arythea")), scenario="full_cooperation")
    t.do("setup", mode="physical", hero="tovak")
    while t.state()["dummy"]["deck_count"] > 3:
        t.do("turn", color="green")
    t.do("turn")  # the last cards
    t.do("turn")  # empty deck: announces
    d = t.state()["dummy"]
    assert d["announced_by"] == "dummy" and d["last_turns_left"] == 2
    t.do("pass")
    t.do("pass")
    assert t.state()["dummy"]["last_turns_left"] == 0
    t.do("pass", status=400)


def test_physical_forecast_uses_what_the_table_saw(app):
    """The physical deck's forecast counts the unseen cards (in the deck or flipped unseen) and the cards left."""
    from companion.rules import dummy as rules
    from companion.web.dummy import forecast

    t = Table(app)
    t.do("setup", mode="physical", hero="tovak")
    t.do("turn", color="white")
    d = t.state()["dummy"]
    f = forecast(d)
    pool = {c: 4 for c in rules.COLORS}
    pool["white"] -= 1
    assert f.distribution == rules.forecast(pool, d["crystals"], remaining=13).distribution
    assert sum(p for _, p in f.distribution) == 1


def test_solo_skills_one_revealed_per_skill_gained_interactive_removed(app):
    """Scenario Book, Skills in a Solo Game: the Dummy hero's Skills without the interactive one, shuffled face
    down; each time your Hero gains a Skill one goes to the Common Skill offer."""
    t = Table(app)
    t.do("setup", mode="virtual", hero="tovak")
    hero = get_rules().heroes["tovak"]
    skills = t.state()["dummy"]["skills"]
    interactive = {s.id for s in hero.skills if s.interactive}
    assert interactive and not interactive & set(skills["pile"])
    assert set(skills["pile"]) == {s.id for s in hero.skills} - interactive
    t.do("skill-take", status=400, skill=skills["pile"][0])  # not in the offer yet
    t.do("skill-reveal")
    s = t.state()["dummy"]["skills"]
    assert s["offer"] == [skills["pile"][0]] and s["pile"] == skills["pile"][1:]
    name = next(x.name for x in hero.skills if x.id == s["offer"][0])
    assert str(escape(name)) in t.page()
    t.do("skill-take", skill=s["offer"][0])
    assert t.state()["dummy"]["skills"]["offer"] == []


def test_cooperative_game_has_no_dummy_skills(app):
    t = Table(app, mode="coop", players=(("Anna", "goldyx"), ("Ben", "arythea")), scenario="full_cooperation")
    t.do("setup", mode="virtual")
    assert t.state()["dummy"]["skills"] is None
    t.do("skill-reveal", status=400)


def test_new_round_with_a_named_advanced_action_card(app):
    aa = next(c for c in get_rules().cards.values() if c.kind == "advanced_action" and c.color)
    t = Table(app)
    t.do("setup", mode="virtual", hero="tovak")
    end_round(t)
    t.do("new-round", status=400, advanced_action="no_such_card", spell_color="empty")
    t.do("new-round", advanced_action=aa.id, spell_color="empty")
    d = t.state()["dummy"]
    assert any(c["id"] == aa.id and c["color"] == aa.color for c in d["deck"])
    assert d["composition"][aa.color] == 5


def test_last_day_and_night_no_tactic_removal_in_cooperation(app):
    """Full Cooperation: removing a Tactic "does not matter on the last day and the last night"."""
    t = Table(app, mode="coop", players=(("Anna", "goldyx"), ("Ben", "arythea")), scenario="blitz_cooperation")
    t.do("setup", mode="virtual")
    for _ in range(2):  # rounds 1 and 2 of 4: one of theirs leaves the game
        t.do("tactic-draw")
        free = [x.id for x in t_available(t)]
        t.do("tactics", tactic_0=free[0], tactic_1=free[1])
        end_round(t)
        t.do("new-round", remove_tactic=free[0], advanced_action="empty", spell_color="empty")
    assert t.state()["round"] == 3  # the last day of Blitz Cooperation
    t.do("tactic-draw")
    free = [x.id for x in t_available(t)]
    t.do("tactics", tactic_0=free[0], tactic_1=free[1])
    before = list(t.state()["dummy"]["removed_tactics"])
    end_round(t)
    t.do("new-round", advanced_action="empty", spell_color="empty")  # no choice needed
    assert t.state()["dummy"]["removed_tactics"] == before


def t_available(t):
    from companion.web.dummy import available_tactics

    s = t.state()
    with t.app.test_request_context():
        return [x for x in available_tactics(s) if x.id != s["dummy"]["tactic"]]


def test_no_new_round_after_the_scenarios_last_round(app):
    """Blitz Cooperation lasts four rounds (2 days and 2 nights): no fifth."""
    t = Table(app, mode="coop", players=(("Anna", "goldyx"), ("Ben", "arythea")), scenario="blitz_cooperation")
    t.do("setup", mode="virtual")
    times = []
    for _ in range(3):
        end_round(t)
        t.do("new-round", advanced_action="empty", spell_color="empty")
        times.append(t.state()["time"])
    assert times == ["night", "day", "night"] and t.state()["round"] == 4
    end_round(t)
    r = t.do("new-round", status=400, advanced_action="empty", spell_color="empty")
    assert "4 rounds" in r.get_data(as_text=True)


def test_two_phones_flipping_at_once_one_gets_409_and_double_tap_is_one_event(app):
    t = Table(app)
    t.do("setup", mode="virtual", hero="tovak")
    seq = t.seq()
    t.do("turn", based_on=seq, nonce="tap-1")
    t.do("turn", based_on=seq, nonce="tap-1")  # the same tap again: nothing new
    assert t.seq() == seq + 1
    r = t.client.post(f"{t.url}/turn", data={"based_on": seq, "nonce": "other-phone"})
    assert r.status_code == 409
    assert t.seq() == seq + 1


def test_unknown_action_is_404_and_bad_based_on_is_400(app):
    t = Table(app)
    assert t.client.post(f"{t.url}/explode", data={}).status_code == 404
    t.do("setup", status=400, mode="virtual", based_on="yesterday")
    t.do("turn", status=400)  # not set up yet


def test_competitive_scenario_page_says_it_has_no_dummy(app):
    t = Table(app, mode="competitive", players=(("Anna", "goldyx"), ("Ben", "arythea")), scenario="full_conquest")
    assert "does not use a Dummy player" in t.page()
    t2 = Table(app)
    assert "does not use a Dummy player" not in t2.page()


def test_an_event_that_no_longer_applies_is_skipped_not_a_500(app):
    """A logged event the current rules data cannot replay (here: a hero that no longer exists) must not break
    the game page: the fold skips it and the page says so."""
    from companion.events import record
    from companion.game.spine.sentences import sentence

    t = Table(app)
    with app.test_request_context():
        record(get_db(), t.id, type="dummy.setup", payload={"mode": "virtual", "hero": "nobody"},
               sentence=sentence("x"), scope=("dummy",))
    assert t.state().get("dummy") is None
    assert [f["type"] for f in t.state()["failed_events"]] == ["dummy.setup"]
    assert 'data-testid="dummy-error"' in t.page()


def test_random_hero_drawn_from_the_heroes_free_when_asked(app):
    t = Table(app)
    t.do("setup", mode="virtual")
    with app.test_request_context():
        ev = [e for e in load_events(get_db(), t.id) if e.type == "dummy.setup"][0]
    assert "goldyx" not in ev.payload["candidates"]
    assert t.state()["dummy"]["hero"] in ev.payload["candidates"]


def test_round_tracker_moved_first_then_dummy_new_round_does_not_move_it_again(app):
    """The table may press the board's "Next round" before preparing the dummy: the round moves once."""
    t = Table(app)
    t.do("setup", mode="virtual", hero="tovak")
    r = t.client.post(f"/games/{t.id}/do/next_round", data={"based_on": t.seq()})
    assert r.status_code == 303
    assert t.state()["round"] == 2
    assert 'data-testid="dummy-new-round-due"' in t.page()
    t.do("new-round", spell_color="red", advanced_action="empty")
    s = t.state()
    assert s["round"] == 2 and s["time"] == "night" and s["dummy"]["round"] == 2
    assert s["dummy"]["crystals"]["red"] == 2


def test_board_offers_the_dummys_new_round_only_when_its_page_does(app):
    """Scenario Book, Dummy Player, When preparing a new Round: the new round is prepared once the round is over.
    While the round runs, the board shows no "Next round" link to the Dummy page (that page only says the round
    is still running); once the round is over, or the round tracker moved on, the link is there."""
    t = Table(app)
    t.do("setup", mode="virtual", hero="tovak")
    t.do("tactics", tactic_0="early_bird")

    def board():
        return t.client.get(f"/games/{t.id}").get_data(as_text=True)

    assert 'data-testid="next-round"' not in board()  # Anna's turn
    t.do("pass")  # the Dummy player's turn
    assert 'data-testid="next-round"' not in board()
    end_round(t)
    assert 'data-testid="rounds-next"' in board() and 'data-testid="next-round"' in board()
    t.do("new-round", spell_color="red", advanced_action="empty")
    assert 'data-testid="next-round"' not in board()  # round 2 is running


def test_german_page_shows_the_rules_trace_in_german(app):
    """Scenario Book, Dummy Player, When it is the Dummy player's turn: the "Why" trace of the latest turn is shown in
    the page's language (Szenarioheft, "Wenn der Dummyspieler am Zug ist"), the English page keeps the English text."""
    t = Table(app)
    t.do("setup", mode="virtual", hero="tovak")
    t.do("turn")
    line = t.state()["dummy"]["last"]["explanation"][0]
    assert line.startswith("Scenario Book, Dummy Player, When it is the Dummy player's turn: flip three cards (")
    de = t.page(**{"Accept-Language": "de"})
    assert "Szenarioheft, Dummyspieler, Wenn der Dummyspieler am Zug ist: 3 Karten aufdecken (" in de
    assert "When it is the Dummy player" not in de
    assert str(escape(line)) in t.page(**{"Accept-Language": "en"})
    # the set-up trace names the hero in German on the German page (Bei Spielbeginn)
    hero = get_rules().heroes["tovak"]
    assert f"Szenarioheft, Dummyspieler, Bei Spielbeginn: Held des Dummyspielers ist {escape(hero.name_de or hero.name)}" \
        in de.replace("&#39;", "'")


def test_german_mage_lite_trace(app):
    """004 Mage Lite: the counter's trace in German after a German phone switched its language (POST /lang)."""
    t = Table(app)
    t.do("setup", mode="mage_lite", difficulty="normal")
    t.do("mage-lite", color="red")
    t.client.post("/lang", data={"lang": "de"})
    html = t.page()
    assert "Mage Lite, Dummyspieler: Nach deinem Zug dreht sich die Dummykarte um eine Stufe weiter (1 -&gt; 2)" in html
    assert "Das Manasymbol ganz rechts ist rot und passt zu 1 Punkt: 1 zusätzliche Stufe" in html


def test_colour_only_advanced_action_is_named_in_both_languages(app):
    """A colour-only Advanced Action sent from a German phone still has its English name, and the German one."""
    t = Table(app)
    t.do("setup", mode="virtual", hero="tovak")
    end_round(t)
    t.client.post("/lang", data={"lang": "de"})
    t.do("new-round", advanced_action="color:green", spell_color="empty")
    card = next(c for c in t.state()["dummy"]["deck"] if c["id"] == "advanced_action_green")
    assert card["name"] == "Advanced Action (green)"
    assert card["name_de"] == "Fortgeschrittene Aktion (grün)"
    assert "Fortgeschrittene Aktion (grün), grün) kommt in sein Deck" in t.page()
    t.client.post("/lang", data={"lang": "en"})
    assert "the lowest Advanced Action of the offer (Advanced Action (green), green) joins its deck" in t.page()


def test_new_round_is_not_offered_while_the_round_runs(app):
    """Rulebook, End of the Round: after the announcement "each other player takes one last turn and then the Round
    ends"; only then is the new round prepared - unless the round tracker already moved on."""
    t = Table(app, mode="coop", players=(("Anna", "goldyx"), ("Ben", "arythea")), scenario="full_cooperation")
    t.do("setup", mode="virtual")
    html = t.page()
    assert 'data-testid="dummy-new-round-submit"' not in html and 'data-testid="dummy-new-round-later"' in html
    r = t.do("new-round", status=400, advanced_action="empty", spell_color="empty")
    assert "The round is still running" in r.get_data(as_text=True)
    t.do("announce", player="1")  # Ben announces: Anna and the Dummy player have one last turn each
    assert t.state()["dummy"]["last_turns_left"] == 2
    t.do("new-round", status=400, advanced_action="empty", spell_color="empty")
    t.do("pass")  # no round order: Anna's last turn
    t.do("pass", status=400)  # the one left is the dummy's
    t.do("new-round", status=400, advanced_action="empty", spell_color="empty")
    t.do("turn")  # the dummy's last turn
    assert 'data-testid="dummy-new-round-submit"' in t.page()
    t.do("new-round", advanced_action="empty", spell_color="empty")
    assert t.state()["round"] == 2
    # the board's round tracker moved on first: the dummy's new round is due at once
    r = t.client.post(f"/games/{t.id}/do/next_round", data={"based_on": t.seq()})
    assert r.status_code == 303 and t.state()["round"] == 3
    assert 'data-testid="dummy-new-round-submit"' in t.page()
    t.do("new-round", advanced_action="empty", spell_color="empty")


def test_physical_new_round_trace_in_german(app):
    """Scenario Book, Dummy Player, When preparing a new Round (Szenarioheft: "Wenn eine neue Runde vorbereitet
    wird"): with the real cards the trace tells the table to shuffle them, in the page's language."""
    t = Table(app)
    t.do("setup", mode="physical", hero="tovak")
    end_round(t)
    t.do("new-round", advanced_action="color:red", spell_color="white")
    html = t.page(**{"Accept-Language": "de"})
    assert ("Szenarioheft, Dummyspieler, Wenn eine neue Runde vorbereitet wird: Alle seine 17 Karten werden zu einem "
            "neuen Deck gemischt (mischt die echten Karten)") in html
    assert "Der unterste Zauber des Angebots ist weiß: Er erhält einen Kristall der Farbe weiß (jetzt 1;" in html
    assert "all its 17 cards are shuffled into a new deck (shuffle the real cards)" in t.page()
