"""The set-up numbers on the new-game page ("Show the set-up numbers", before the game exists), on the board's
scenario set-up, and in the game's state through the API (Rulebook, Game Setup: actual players plus 2 mana dice and
Units; Scenario Book, each scenario's tiles, cities, length and start values)."""

import re

from game_helpers import new_game


def _shown(html, key):
    return re.search(rf'data-testid="setup-{key}">([^<]+)<', html).group(1)


def test_the_new_game_page_shows_the_numbers_for_the_chosen_scenario_and_players(client):
    form = {"scenario": "full_cooperation", "mode": "coop", "name_0": "Anna", "name_1": "Ben", "name_2": "Cleo",
            "name": "Friday"}
    r = client.post("/games/new/numbers", data=form)
    html = r.get_data(as_text=True)
    assert r.status_code == 200 and 'data-testid="setup-numbers"' in html
    # three actual players (the Dummy does not count): 5 dice and 5 Units; 10 / 4 / 3 tiles; cities 5, 5, 5, 11
    assert (_shown(html, "source-dice"), _shown(html, "unit-offer")) == ("5", "5")
    assert (_shown(html, "tiles-countryside"), _shown(html, "tiles-core_city"), _shown(html, "tiles-core_non_city")) \
        == ("10", "4", "3")
    assert _shown(html, "city-levels") == "5, 5, 5, 11" and _shown(html, "rounds").startswith("6 ")
    assert "the Dummy player does not count" in html
    assert 'value="Cleo"' in html and 'value="Friday"' in html  # what was typed stays in the form
    assert client.get("/").status_code == 200 and "Friday" not in client.get("/").get_data(as_text=True)


def test_a_wrong_set_up_shows_the_reason_and_no_numbers(client):
    r = client.post("/games/new/numbers", data={"scenario": "full_cooperation", "mode": "coop", "name_0": "Anna"})
    html = r.get_data(as_text=True)
    assert r.status_code == 400 and "at least two players" in html and 'data-testid="setup-numbers"' not in html


def test_the_board_and_the_api_keep_the_numbers(app, client):
    gid = new_game(client, scenario="first_reconnaissance", players=(("Anna", "arythea"), ("Ben", "tovak"),
                                                                      ("Cleo", "goldyx")))
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    assert (_shown(html, "source-dice"), _shown(html, "unit-offer")) == ("5", "5 · no Elite Units")
    assert _shown(html, "spell-offer") == "revealed when first needed"
    from game_helpers import game_token

    state = client.get(f"/api/v1/games/{gid}", headers={"X-Game-Token": game_token(app, gid)}).get_json()["state"]
    kept = state["game"]["setup_numbers"]
    assert kept["source_dice"] == 5 and kept["spell_offer"] == 0 and kept["offers_revealed_when_needed"] is True
    assert kept["tiles"] == {"countryside": 9, "core_city": 1, "core_non_city": 2} and kept["rounds"] == 3


def test_the_numbers_in_german(client):
    client.post("/lang", data={"lang": "de"})
    html = client.post("/games/new/numbers", data={"scenario": "blitz_conquest", "mode": "competitive",
                                                   "name_0": "Anna", "name_1": "Ben"}).get_data(as_text=True)
    assert "Manawürfel in der Quelle" in html and "Einheiten im Angebot" in html and "Zauberangebot" in html
    assert "reale Spieler (2) + 2; Blitz-Eroberung: je eins mehr: 5 Würfel, 5 Einheiten" in html
    assert _shown(html, "start") == "Ruhm 1, Ansehen +2"
