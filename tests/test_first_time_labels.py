"""Pages read as a first-time player would (at 360 px, in both languages): what to do next is said where it is
needed, and no control invites a tap that skips a step. Through the Flask test client."""

import re

import pytest

from companion import create_app
from game_helpers import GameTable

PLAYERS = (("Anna", "arythea"), ("Ben", "tovak"))


@pytest.fixture()
def app(tmp_path):
    return create_app({"DATABASE": str(tmp_path / "labels.db"), "TESTING": True, "SECRET_KEY": "test",
                       "WTF_CSRF_ENABLED": False})


class Table(GameTable):
    def do(self, name, status=303, **form):
        form.setdefault("based_on", self.seq())
        r = self.client.post(f"/games/{self.id}/do/{name}", data=form)
        assert r.status_code == status, r.get_data(as_text=True)[:2000]
        return r

    def get(self, path=""):
        r = self.client.get(f"/games/{self.id}{path}")
        assert r.status_code == 200
        return r.get_data(as_text=True)


def next_round_button(html):
    m = re.search(r'<(a|button) class="(?:button )?(\w+)"[^>]*data-testid="next-round"', html)
    return m.group(2) if m else None


def test_next_round_is_the_main_button_only_once_the_round_is_over(app):
    """Rulebook, A Round 4b: the Round ends after the last turns; before that a first tap on a main "Next round"
    would skip the whole Round, so it is a plain button until the Round flow says the Round is over."""
    t = Table(app, "full_conquest", "competitive", PLAYERS)
    assert next_round_button(t.get()) == "ghost"  # choosing Tactics
    t.do("round_tactic", player="1", tactic="planning")
    t.do("round_tactic", player="0", tactic="early_bird")
    assert next_round_button(t.get()) == "ghost"  # Anna's turn
    t.do("round_announce", player="0", deck_empty="1")
    t.do("round_end_turn", player="1")
    html = t.get()
    assert 'data-testid="round-over"' in html and next_round_button(html) == "primary"


def test_solo_before_the_dummy_is_set_up_the_next_round_is_on_the_dummy_page(app):
    """Scenario Book, Solo Conquest: the Dummy player is set up first; its page starts each new round (it reshuffles
    its deck), so the board's "Next round" leads there even before the set-up, and is not the main button."""
    t = Table(app, "solo_conquest", "solo", (("Anna", "goldyx"),))
    html = t.get()
    assert f'<a class="button ghost" href="/games/{t.id}/dummy#new-round" data-testid="next-round">' in html
    assert f'href="/games/{t.id}/dummy#dummy-setup" data-testid="now-dummy-setup"' in html
    assert 'id="dummy-setup"' in t.get("/dummy")  # the header's link lands on the set-up form


def test_dummy_page_says_to_choose_the_tactics_first(app):
    """Rulebook, A Round 3c: the Round order follows the Tactic numbers, so on the Dummy player's page the turn
    buttons come after the Tactics: a link to the Tactics form while they are being chosen, gone afterwards."""
    t = Table(app, "solo_conquest", "solo", (("Anna", "goldyx"),))
    t.client.post(f"/games/{t.id}/dummy/setup", data={"mode": "virtual", "hero": "tovak", "based_on": t.seq()})
    html = t.get("/dummy")
    assert '<a class="button primary" href="#dummy-tactics" data-testid="dummy-tactics-first">' in html
    assert 'id="dummy-tactics"' in html
    t.client.post(f"/games/{t.id}/dummy/tactics", data={"tactic_0": "planning", "based_on": t.seq()})
    assert t.state()["round_order"] and 'data-testid="dummy-tactics-first"' not in t.get("/dummy")


def test_dummy_forecast_uses_the_decimal_comma_in_german(app):
    t = Table(app, "solo_conquest", "solo", (("Anna", "goldyx"),))
    t.client.post(f"/games/{t.id}/dummy/setup", data={"mode": "virtual", "hero": "tovak", "based_on": t.seq()})
    expected = re.compile(r'data-testid="dummy-expected">[^<]*?(\d+[.,]\d)')
    assert "." in expected.search(t.get("/dummy")).group(1)
    t.client.post("/lang", data={"lang": "de"})
    assert "," in expected.search(t.get("/dummy")).group(1)


def test_dummy_setup_says_what_mage_lite_is(app):
    t = Table(app, "solo_conquest", "solo", (("Anna", "goldyx"),))
    html = t.get("/dummy")
    assert "Mage Lite counter (for the 18-card Mage Lite game)" in html
    assert "Only with the Mage Lite counter: the Dummy ends the round at level" in html


def test_board_names_the_crystals(app):
    t = Table(app, "full_conquest", "competitive", PLAYERS)
    assert t.get().count('<p class="crystals-title">Crystals in the Inventory</p>') == 2
    t.client.post("/lang", data={"lang": "de"})
    assert '<p class="crystals-title">Kristalle im Vorrat</p>' in t.get()


def test_score_lines_say_what_they_count(app):
    """Scenario Book, Standard Achievements scoring: the Greatest Knowledge "2 Fame for each Spell, and 1 Fame for
    each Advanced Action", Loot "2 Fame for each Artifact ... 1 Fame for every two crystals", Leader "the total level
    of all their Units. Wounded Units are counted only as half", Conqueror "2 Fame for each Shield token they have on
    a keep, mage tower or monastery", Adventurer "on an adventure site", Beating "loses 2 Fame for each Wound card
    in their deck"."""
    t = Table(app, "full_conquest", "competitive", PLAYERS)
    html = t.get("/score")
    hints = dict(re.findall(r'data-testid="line-hint-(\w+)">([^<]+)<', html))
    assert hints == {"knowledge": "2 per Spell, 1 per Advanced Action", "loot": "2 per Artifact, 1 per two crystals",
                     "leader": "the levels of your Units (wounded: half)",
                     "conqueror": "2 per Shield on a keep, mage tower or monastery",
                     "adventurer": "2 per Shield on an adventure site", "beating": "−2 per Wound card in your deck"}


def test_action_upgrades_strength_only_with_someone_to_compare(app):
    """Scenario Book, Variants, Action Upgrades: the weakest player picks first; alone there is no order to show."""
    duo = Table(app, "full_conquest", "competitive", PLAYERS)
    assert 'data-testid="strength"' in duo.get("/score")
    solo = Table(app, "solo_conquest", "solo", (("Anna", "goldyx"),))
    assert 'data-testid="strength"' not in solo.get("/score")


def test_new_game_form_says_the_brackets_are_the_number_of_players(app):
    """Scenario Book: Solo Conquest is for one player, Full Conquest for two to four."""
    html = app.test_client().get("/games/new").get_data(as_text=True)
    assert "Scenario (number of players in brackets)" in html
    assert re.search(r'value="solo_conquest"[^>]*>Solo Conquest \(1\)</option>', html)
    assert re.search(r'value="full_conquest"[^>]*>Full Conquest \(2–4\)</option>', html)


@pytest.mark.parametrize("path", ["", "/combat", "/score", "/pvp", "/pvp?a=0&d=1", "/log", "/invite",
                                  "/tokens?enemy=guardsmen"])
def test_every_game_page_says_whose_pick_it_is(app, path):
    """Rulebook, A Round 3a (the first Round: the last to pick a Hero picks first): every page of a game, the Player
    vs. player page included, tells who chooses a Tactic now."""
    t = Table(app, "full_conquest", "competitive", PLAYERS)
    html = t.get(path)
    assert re.search(r'<p id="now-playing"[^>]*>\s*Choosing Tactics: Ben chooses now\s*</p>', html), path


def test_scenario_end_confirmation_says_when_it_is_needed(app):
    """Scenario Book, Full Conquest, Scenario end ("when all cities are conquered"): the app sees it from its
    combats; the table's confirmation is for an end it did not see, and the page says so before the form."""
    t = Table(app, "full_conquest", "competitive", PLAYERS)
    html = t.get()
    help_at = html.index('data-testid="scenario-goal-help"')
    assert "Only when this end is reached on the board and this page does not say so yet:" in html
    assert help_at < html.index('data-testid="scenario-goal"')


def test_board_says_day_and_night_follow_the_rounds(app):
    """Scenario Book, Full Conquest: Day, Night, Day, Night, Day, Night; a new round sets the time by itself, so the
    Day/Night switch is said to be a correction."""
    t = Table(app, "full_conquest", "competitive", PLAYERS)
    assert "Day and Night change with each new round by themselves: switch only to correct them." in t.get()


def test_start_page_says_runewars_is_another_game(app):
    html = app.test_client().get("/").get_data(as_text=True)
    assert re.search(r'New Runewars game</a></p><p class="muted small">\(another board game: its battles and hero '
                     r'duels\)</p>', html)


def test_redo_shows_only_when_there_is_something_to_redo(app):
    """Nothing to redo: no Redo button (on a phone it took a row of its own); after an undo it names what it
    brings back."""
    t = Table(app, "full_conquest", "competitive", PLAYERS)
    t.do("fame", player="0", amount="2")
    assert 'data-testid="redo"' not in t.get()
    assert t.client.post(f"/games/{t.id}/undo", data={"based_on": t.seq()}).status_code == 303
    assert re.search(r'data-testid="redo">↷ Redo: [^<]*Fame', t.get())


def test_solo_header_links_to_the_dummy_set_up_in_both_languages(app):
    """Scenario Book, Solo Conquest: the Dummy player is set up before the first Tactic; on every page of the game
    the header is a link to its set-up saying what to do, in English and German ("Dummyspieler", seed 002)."""
    t = Table(app, "solo_conquest", "solo", (("Anna", "goldyx"),))
    link = re.compile(rf'<a href="/games/{t.id}/dummy#dummy-setup" data-testid="now-dummy-setup">([^<]+)</a>')
    for path in ("", "/combat", "/score", "/log"):
        assert link.search(t.get(path)).group(1) == "Set up the Dummy player →", path
    t.client.post("/lang", data={"lang": "de"})
    assert link.search(t.get("/combat")).group(1) == "Dummyspieler einrichten →"
