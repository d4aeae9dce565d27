"""The Round flow through the board's forms and the JSON API, with the Flask test client.
Rules: Rulebook, A Round 3 (Tactics, lowest Fame first), 3c (Round order by Tactic numbers), 4a-4b (turns, the End
of the Round and one last turn for each other player)."""

import re

import pytest

from companion import create_app
from game_helpers import GameTable, my_device_headers

PLAYERS = (("Anna", "arythea"), ("Ben", "tovak"), ("Cleo", "goldyx"))


@pytest.fixture()
def app(tmp_path):
    return create_app({"DATABASE": str(tmp_path / "rounds_web.db"), "TESTING": True, "SECRET_KEY": "test",
                       "WTF_CSRF_ENABLED": False})


class Table(GameTable):
    def __init__(self, app, scenario="full_conquest", mode="competitive", players=PLAYERS):
        super().__init__(app, scenario, mode, players)

    def do(self, name, status=303, **form):
        form.setdefault("based_on", self.seq())
        r = self.client.post(f"/games/{self.id}/do/{name}", data=form)
        assert r.status_code == status, r.get_data(as_text=True)[:2000]
        return r

    def board(self, **headers):
        r = self.client.get(f"/games/{self.id}", headers=headers)
        assert r.status_code == 200
        return r.get_data(as_text=True)


def now_playing(html):
    m = re.search(r'<p id="now-playing"[^>]*>(.*?)</p>', html, re.S)
    return " ".join(re.sub(r"<[^>]+>", "", m.group(1)).split()) if m else None


def test_a_round_through_the_board_forms(app):
    """Rulebook, A Round 3a: "The player with the lowest Fame picks first ... In case of a tie, the player whose
    Round Order token is in a lower position picks first" (first Round: the last to pick a Hero picks first);
    3c: the Round order by Tactic numbers; 4b: announcing the End of the Round gives each other player one last
    turn."""
    t = Table(app)
    html = t.board()
    assert now_playing(html) == "Choosing Tactics: Cleo chooses now"
    assert 'data-testid="tactic-early_bird"' in html and 'data-testid="round-flow"' in html
    r = t.do("round_tactic", status=400, player="0", tactic="planning")
    assert "Cleo&#39;s turn to pick a Tactic" in r.get_data(as_text=True)
    t.do("round_tactic", player="2", tactic="planning")
    t.do("round_tactic", player="1", tactic="early_bird")
    t.do("round_tactic", player="0", tactic="great_start")
    assert t.state()["round_order"] == [1, 2, 0]
    html = t.board()
    assert now_playing(html) == "Now playing: Ben"
    assert re.search(r'<li class="now"[^>]*>Ben: 1 · Early Bird</li>', html)

    t.do("round_end_turn", player="1")
    assert now_playing(t.board()) == "Now playing: Cleo"
    r = t.do("round_announce", status=400, player="2")  # the empty Deed deck is not confirmed
    assert "Deed deck is empty" in r.get_data(as_text=True)
    t.do("round_announce", player="2", deck_empty="1")
    html = t.board()
    assert now_playing(html) == "Last turn: yours, Anna"  # this phone is Anna's
    assert 'data-testid="round-announced"' in html and 'data-testid="announce"' not in html
    t.do("round_end_turn", player="0")
    t.do("round_end_turn", player="1")
    html = t.board()
    assert now_playing(html) == "The round is over: start the next round." and 'data-testid="round-over"' in html
    t.do("next_round")
    s = t.state()
    assert s["round"] == 2 and s["time"] == "night"
    # everyone at Fame 0: the lowest Round Order token (Anna, after Great Start 5) picks first
    assert now_playing(t.board()) == "Choosing Tactics: your choice now, Anna"


def test_bad_input_is_a_400_with_the_reason(app):
    t = Table(app)
    for form in ({"player": "2", "tactic": "nope"}, {"player": "2.0", "tactic": "planning"},
                 {"player": "9", "tactic": "planning"}, {"player": "2"}):
        r = t.do("round_tactic", status=400, **form)
        assert "error" in r.get_data(as_text=True).lower() or r.status_code == 400
    t.do("round_end_turn", status=400, player="0")  # Tactics first
    assert t.seq() == 0


def test_the_current_player_is_on_every_game_page_and_in_the_htmx_fragment(app):
    t = Table(app)
    for path in ("", "/log", "/score"):
        html = t.client.get(f"/games/{t.id}{path}").get_data(as_text=True)
        assert now_playing(html) == "Choosing Tactics: Cleo chooses now", path
    fragment = t.board(**{"HX-Request": "true"})
    # in the live part, which is morphed in place: no out-of-band swap
    assert now_playing(fragment) == "Choosing Tactics: Cleo chooses now" and "hx-swap-oob" not in fragment


def test_german_board_uses_the_rulebook_terms(app):
    t = Table(app)
    t.client.post("/lang", data={"lang": "de"})
    html = t.board()
    assert now_playing(html) == "Wahl der Taktiken: Cleo wählt jetzt eine Taktikkarte"
    assert "Rundenablauf" in html and "4 · Planung" in html
    for who, tactic in ((2, "planning"), (1, "early_bird"), (0, "great_start")):
        t.do("round_tactic", player=str(who), tactic=tactic)
    html = t.board()
    assert "Rundenende ansagen" in html and now_playing(html) == "Jetzt am Zug: Ben"


def test_json_api_runs_the_same_commands(app):
    t = Table(app)
    api = app.test_client()
    h = my_device_headers(t.client, t.id)  # the API acts as the host's phone
    url = f"/api/v1/games/{t.id}/commands"
    r = api.post(f"{url}/round_tactic", json={"player": 0, "tactic": "planning"}, headers=h)
    assert r.status_code == 400 and "Cleo" in r.get_json()["error"]
    r = api.post(f"{url}/round_tactic", json={"player": True, "tactic": "planning"}, headers=h)
    assert r.status_code == 400
    r = api.post(f"{url}/round_tactic", json={"player": 2, "tactic": "planning"}, headers=h)
    assert r.status_code == 201 and r.get_json()["event"]["type"] == "round.tactic"
    assert r.get_json()["state"]["rounds"]["picks"] == {"2": "planning"}


def test_a_cooperative_game_with_the_dummy_player_through_the_forms(app):
    """Scenario Book, Full Cooperation: the Dummy player takes a random Tactic first, then the players choose; the
    Round order follows the Tactic numbers with the Dummy in it."""
    t = Table(app, "full_cooperation", "coop", (("Anna", "goldyx"), ("Ben", "arythea")))
    html = t.board()
    assert now_playing(html) == "Set up the Dummy player →" and html.count("Set up the Dummy player") == 1
    assert f'<a href="/games/{t.id}/dummy#dummy-setup" data-testid="now-dummy-setup">' in html
    # found by a first-evening walkthrough: on the Dummy page itself (its set-up form) no link to it
    dummy = t.client.get(f"/games/{t.id}/dummy").get_data(as_text=True)
    assert 'data-testid="now-dummy-setup"' not in dummy and 'data-testid="now-dummy-setup-here"' in dummy
    t.do("round_tactic", status=400, player="1", tactic="planning")
    t.client.post(f"/games/{t.id}/dummy/setup", data={"mode": "virtual", "hero": "tovak", "based_on": 0})
    assert t.state().get("dummy")
    html = t.board()
    assert now_playing(html) == "Choosing Tactics: the Dummy player draws one at random first"
    assert 'data-testid="rounds-dummy-draw"' in html
    t.do("dummy_tactic_draw")
    taken = t.state()["dummy"]["tactic"]
    free = [x for x in ("early_bird", "rethink", "mana_steal") if x != taken]
    t.do("round_tactic", player="1", tactic=free[0])
    t.do("round_tactic", player="0", tactic=free[1])
    s = t.state()
    assert set(s["round_order"]) == {0, 1, "dummy"} and s["dummy"]["player_tactics"] == {"1": free[0], "0": free[1]}
    assert now_playing(t.board()).startswith("Now playing:")


def test_after_the_last_round_the_board_points_to_the_score(app):
    """Rulebook, A Round 5a: "if the Round limit is reached, the game is over" (Full Conquest, 2 players: 6
    Rounds)."""
    t = Table(app, players=PLAYERS[:2])
    for _ in range(5):
        t.do("next_round")
    assert t.state()["round"] == 6
    t.do("round_tactic", player="1", tactic="sparing_power")
    t.do("round_tactic", player="0", tactic="long_night")
    t.do("round_announce", player="0", deck_empty="true")
    t.do("round_end_turn", player="1")
    html = t.board()
    assert 'data-testid="rounds-score"' in html and 'data-testid="rounds-next"' not in html
    assert now_playing(html).startswith("The game is over. The scenario's last round is over.")
    r = t.do("next_round", status=400)
    assert "the game is over" in r.get_data(as_text=True)


def test_the_round_limit_refusal_is_shown_in_german_with_its_count(app):
    """Rulebook, A Round 5a (German rulebook, seed 002: "Runde"): the one Round-limit refusal, through ngettext."""
    t = Table(app, players=PLAYERS[:2])
    for _ in range(5):
        t.do("next_round")
    t.client.post("/lang", data={"lang": "de"})
    r = t.do("next_round", status=400)
    assert "Dieses Szenario hat 6 Runden: Die Partie ist vorbei. Öffnet den Wertungsbogen." in r.get_data(as_text=True)
