"""The board page shows the scenario rules the app applies from the record (Scenario Book, Special Rules and
Variants): Druid Nights' glade button and count, Conquer and Hold's mage-tower mana, Rampaging Evil's dice at the
end of the round, and the Team Rules' "my ally's keep" on the Hand limit form; in English and German."""

import re

from game_helpers import GameTable

TEAMS = (("Anna", "tovak", "A"), ("Ben", "goldyx", "B"), ("Cleo", "arythea", "A"), ("Dan", "norowas", "B"))


class Board(GameTable):
    def post(self, path, status=303, **form):
        form.setdefault("based_on", self.seq())
        r = self.client.post(f"/games/{self.id}/{path}", data=form)
        assert r.status_code == status, r.get_data(as_text=True)[:1500]
        return r

    def html(self):
        return self.client.get(f"/games/{self.id}").get_data(as_text=True)


def test_druid_nights_glade_button_and_count(app):
    t = Board(app, "druid_nights", "competitive", (("Anna", "tovak"), ("Ben", "goldyx")))
    assert 'data-testid="glade-marked-0"' in t.html()
    t.post("do/glade_marked", player=0)
    t.post("do/glade_marked", player=0)
    html = t.html()
    assert re.search(r'data-testid="glades-0">\s*2 glades with my Shield: the incantation summons 2 monsters', html)
    t.client.post("/lang", data={"lang": "de"})
    assert "2 Lichtungen mit meinem Schildplättchen" in t.html()


def test_conquer_and_hold_mana_and_refusals_on_the_page(app):
    t = Board(app, "conquer_and_hold", "competitive", (("Anna", "tovak"), ("Ben", "goldyx")))
    t.post("do/shield", player=0, site="mage_tower", amount=1)
    assert "1 gold mana (Day)" in t.html()
    r = t.post("do/recruit", status=400, player=1, unit="altem_guardians", reward="yes")
    assert "level IV Units are removed" in r.get_data(as_text=True)


def test_rampaging_evil_rolls_shown_after_the_round(app):
    """Scenario Book, Variants, Rampaging Evil: at the end of the Day a die per space where a rampaging enemy was
    defeated; the board shows the die and what comes back."""
    from companion.web.common import game_row
    from companion.web.games import create_game

    t = Board(app, "full_conquest", "competitive", (("Anna", "tovak"), ("Ben", "goldyx")))
    setup = {"scenario": "full_conquest", "mode": "competitive", "name": "t", "variants": ["rampaging_evil"],
             "start": {"fame": 0, "reputation": -2},
             "players": [{"name": "Anna", "hero": "tovak", "team": None}, {"name": "Ben", "hero": "goldyx",
                                                                           "team": None}]}
    with app.test_request_context():
        t.id = create_game(setup, "host-device")
        token = game_row(t.id)["token"]
    with t.client.session_transaction() as sess:
        sess["games"] = {str(t.id): {"token": token, "role": "host", "player": 0}}
    t.post("combat/setup", player=0, fight="rampaging")
    t.post("combat/enemy", token="prowlers")
    t.post("combat/phase")
    key = t.state()["combat"]["current"]["enemies"][0]["key"]
    t.post("combat/attack", target=key, value=20, element="physical", kind="ranged")
    t.post("combat/phase")
    t.post("combat/end")
    assert 'data-testid="rampage-rolls"' not in t.html()
    t.post("do/next_round")
    html = t.html()
    section = re.search(r'data-testid="rampage-rolls">(.*?)</section>', html, re.S).group(1)
    assert "Rampaging Evil: the end of Round 1" in section and "Prowlers: the die shows" in section
    roll = t.state()["scenario_play"]["rampage_rolls"][0]["rolls"][0]
    expected = ("Put a new green token (orc marauders) and a brown token on that space." if roll["brown"] else
                "Put a new green token (orc marauders) on that space." if roll["new"] else "Nothing comes back.")
    assert expected in section
    t.client.post("/lang", data={"lang": "de"})
    assert "Umherziehendes Übel: Ende von Runde 1" in t.html()


def test_team_game_hand_limit_names_the_allys_keep_and_assault_is_refused(app):
    t = Board(app, "full_conquest", "team", TEAMS)
    assert "On or next to my keep or my ally" in t.html()
    r = t.post("combat/setup", status=400, player=0, fight="other_keep", owner=2)
    assert "Cleo is your ally" in r.get_data(as_text=True)
    t.client.post("/lang", data={"lang": "de"})
    r = t.post("combat/setup", status=400, player=0, fight="other_keep", owner=2)
    assert "Cleo ist dein Verbündeter" in r.get_data(as_text=True)


def test_the_combat_page_offers_a_mine_only_in_mines_liberation(app):
    """Mines Liberation, Special Rules: a mine is entered and its two enemies fought (Night rules, Units allowed)."""
    t = Board(app, "mines_liberation", "competitive", (("Anna", "tovak"), ("Ben", "goldyx")))
    html = t.client.get(f"/games/{t.id}/combat").get_data(as_text=True)
    assert 'name="fight" value="mine"' in html and "A mine: its tile" in html
    t.post("combat/setup", player=0, fight="mine", mine_tile="core", mine_color="red")
    assert t.state()["combat"]["current"]["site"]["mine"] == {"tile": "core", "color": "red"}
    t.client.post("/lang", data={"lang": "de"})
    t.post("combat/cancel")
    assert "Ein Bergwerk: sein Spielplanteil" in t.client.get(f"/games/{t.id}/combat").get_data(as_text=True)
    other = Board(app, "full_conquest", "competitive", (("Anna", "tovak"), ("Ben", "goldyx")))
    assert 'value="mine"' not in other.client.get(f"/games/{other.id}/combat").get_data(as_text=True)
