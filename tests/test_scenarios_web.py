"""Every scenario created through the JSON API and through the new-game form: its start values and special rules are
in the game. Sources: the Scenario Book (seed 000 pp. 14-22; German seed 002): each
scenario's Special Rules; Variants (Rampaging Evil, Megapolis); Solo Conquest, "Other Solo Missions"; Rulebook, End
of the Turn (the Hand limit's keep and city bonuses)."""

import re

import pytest

from companion.rules.data import get_rules
from game_helpers import new_game

TWO = [{"name": "Anna", "hero": "tovak"}, {"name": "Ben", "hero": "goldyx"}]
MODE = {"solo_conquest": "solo", "full_cooperation": "coop", "blitz_cooperation": "coop"}
START = {"blitz_conquest": (1, 2), "blitz_cooperation": (1, 2)}  # Scenario Book, Blitz: Fame 1, Reputation +2


def api_game(client, scenario, mode=None, players=None, **extra):
    mode = mode or MODE.get(scenario, "competitive")
    players = players or (TWO[:1] if mode == "solo" else TWO)
    r = client.post("/api/v1/games", json={"scenario": scenario, "mode": mode, "players": players, **extra})
    assert r.status_code == 201, r.get_json()
    gid = r.get_json()["id"]
    client.get(r.get_json()["join_path"])  # this phone also joins, to see the pages
    return gid, {"Authorization": "Bearer " + r.get_json()["device_token"]}


@pytest.mark.parametrize("scenario", sorted(get_rules().scenarios))
def test_each_scenario_through_the_api_has_its_start_values_and_rules(client, scenario):
    """Scenario Book, each scenario: start Fame and Reputation (Blitz: 1 and +2, others 0) in the state, and every
    special rule listed with what the app does with it (an effect, or "reminder")."""
    gid, h = api_game(client, scenario)
    body = client.get(f"/api/v1/games/{gid}", headers=h).get_json()
    fame, rep = START.get(scenario, (0, 0))
    assert all(p["fame"] == fame and p["reputation"] == rep for p in body["state"]["players"])
    sc = get_rules().scenarios[scenario]
    if body["state"]["game"]["mode"] != "solo" or sc.solo_variant is None:
        assert [r["rule"] for r in body["scenario_rules"]] == list(sc.special_rules)
        assert [r["effect"] for r in body["scenario_rules"]] == list(sc.special_rules_effects)


@pytest.mark.parametrize("scenario", sorted(get_rules().scenarios))
def test_each_scenario_through_the_form(client, scenario):
    """The new-game form creates the same game: start values in the board's state (Scenario Book, Blitz)."""
    mode = MODE.get(scenario, "competitive")
    players = (("Anna", "tovak"),) if mode == "solo" else (("Anna", "tovak"), ("Ben", "goldyx"))
    gid = new_game(client, scenario=scenario, mode=mode, players=players)
    client.get(f"/games/{gid}/who")
    fame, rep = START.get(scenario, (0, 0))
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    assert 'data-testid="setup-summary"' in html
    out = re.search(r'data-testid="fame-0".*?<output class="stepper-value">(-?\d+)</output>', html, re.S)
    assert out and int(out.group(1)) == fame
    out = re.search(r'Reputation</span>.*?<output class="stepper-value">(-?\d+)</output>', html, re.S)
    assert out and int(out.group(1)) == rep


def test_blitz_line_bonus_through_the_api(client):
    """Scenario Book, Blitz Conquest: "Whenever you cross a line on the Fame track, you get 1 extra Fame"."""
    gid, h = api_game(client, "blitz_conquest")
    r = client.post(f"/api/v1/games/{gid}/commands/fame", json={"player": 0, "amount": 2}, headers=h)
    assert r.status_code == 201 and r.get_json()["state"]["players"][0]["fame"] == 4
    assert r.get_json()["event"]["payload"] == {"player": 0, "amount": 2, "bonus": 1}


def test_mines_liberation_through_the_api_and_refusals(client):
    """Mines Liberation: Reputation +2 for a Core-tile mine; a bad tile is a 400 with the reason."""
    gid, h = api_game(client, "mines_liberation")
    r = client.post(f"/api/v1/games/{gid}/commands/mine_liberated", json={"player": 1, "tile": "core"}, headers=h)
    assert r.status_code == 201 and r.get_json()["state"]["players"][1]["reputation"] == 2
    r = client.post(f"/api/v1/games/{gid}/commands/mine_liberated", json={"player": 1, "tile": 3}, headers=h)
    assert r.status_code == 400 and r.get_json()["error"]
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    assert 'data-testid="mine-liberated-0"' in html


# ------------------------------------------------------------------------------------------- variants


def test_rampaging_evil_starts_at_reputation_minus_2_more_rampage_minus_4(client):
    """Scenario Book, Variants, Rampaging Evil: "Your characters start with -2 Reputation (i.e. they have -1 penalty
    to interaction)"; More Rampage!: "start with -4 Reputation (-2 penalty)"."""
    gid, h = api_game(client, "full_conquest", variants=["rampaging_evil"])
    st = client.get(f"/api/v1/games/{gid}", headers=h).get_json()["state"]
    assert [p["reputation"] for p in st["players"]] == [-2, -2] and st["game"]["variants"] == ["rampaging_evil"]
    gid, h = api_game(client, "full_conquest", variants=["more_rampage"])
    st = client.get(f"/api/v1/games/{gid}", headers=h).get_json()["state"]
    assert [p["reputation"] for p in st["players"]] == [-4, -4]


@pytest.mark.parametrize("variants", [["nope"], "x" * 3, [1], {"a": 1}, ["rampaging_evil", "more_rampage"]])
def test_bad_variants_are_refused_with_a_reason(client, variants):
    r = client.post("/api/v1/games", json={"scenario": "full_conquest", "mode": "competitive", "players": TWO,
                                           "variants": variants})
    assert r.status_code == 400 and r.get_json()["error"]


def test_variants_through_the_form(client):
    """The new-game form's variant checkboxes (Scenario Book, Variants: "Only use a variant rule if all players
    agree")."""
    assert 'name="variant" value="megapolis"' in client.get("/games/new").get_data(as_text=True)
    gid = new_game(client, scenario="full_conquest", variant="rampaging_evil")
    client.get(f"/games/{gid}/who")
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    assert re.search(r'Reputation</span>.*?<output class="stepper-value">-2</output>', html, re.S)


def test_megapolis_allows_city_levels_beyond_11(client):
    """Scenario Book, Variants, Megapolis: "set the level of the Megapolis: it can be any number from 2 to 24"."""
    gid, h = api_game(client, "full_conquest", variants=["megapolis"])
    r = client.post(f"/api/v1/games/{gid}/commands/combat_setup",
                    json={"player": 0, "fight": "city", "city": "white", "level": 16}, headers=h)
    assert r.status_code == 201 and r.get_json()["state"]["combat"]["current"]["level"] == 16
    gid, h = api_game(client, "full_conquest")
    r = client.post(f"/api/v1/games/{gid}/commands/combat_setup",
                    json={"player": 0, "fight": "city", "city": "white", "level": 16}, headers=h)
    assert r.status_code == 400


def test_megapolis_needs_cities_to_conquer(client):
    r = client.post("/api/v1/games", json={"scenario": "mines_liberation", "mode": "competitive", "players": TWO,
                                           "variants": ["megapolis"]})
    assert r.status_code == 400 and "Megapolis" in r.get_json()["error"]


# ------------------------------------------------------------------------------------------- solo


def test_first_reconnaissance_solo_variant_is_created(client):
    """Scenario Book, First Reconnaissance, Solo Variant: "play with 8 countryside tiles (as in a 2 player game),
    and four rounds (2 days and 2 nights). Use a Dummy player and the Tactic selection from Solo Conquest"."""
    gid, h = api_game(client, "first_reconnaissance", mode="solo")
    body = client.get(f"/api/v1/games/{gid}", headers=h).get_json()
    assert [r["effect"] for r in body["scenario_rules"]] == ["solo_setup", "dummy_tactics", "reminder"]
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "Round 1 of 4" in html


def test_any_scenario_solo_with_the_books_modifications(client):
    """Scenario Book, Solo Conquest, Other Solo Missions: "you may play any other mission as solo, just use similar
    setup modifications and special rules as this mission": a Dummy player, Solo Conquest's Tactics, two-player
    tiles. Conquer and Hold (very competitive: victory points against the other side) is not played solo."""
    gid, h = api_game(client, "blitz_conquest", mode="solo")
    body = client.get(f"/api/v1/games/{gid}", headers=h).get_json()
    effects = [r["effect"] for r in body["scenario_rules"]]
    assert effects[:3] == ["solo_setup", "reminder", "dummy_tactics"] and "start_reputation" in effects
    assert body["state"]["players"][0]["fame"] == 1
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "Round 1 of 4" in html and "Countryside tiles" in html
    r = client.post("/api/v1/games", json={"scenario": "conquer_and_hold", "mode": "solo", "players": TWO[:1]})
    assert r.status_code == 400


# ------------------------------------------------------------------------------------------- Hand limit


def test_hand_limit_with_keep_and_city_bonus_on_the_board(client):
    """Rulebook, End of the Turn: on or next to a keep you own, Hand limit + the number of keeps you own; on or next
    to a conquered city with your Shield, +1 (+2 as its leader); "If both a keep and a city bonus are possible,
    use the higher bonus only"."""
    gid, h = api_game(client, "full_conquest")
    url = f"/api/v1/games/{gid}/commands/"
    for _ in range(2):
        assert client.post(url + "shield", json={"player": 0, "site": "keep", "amount": 1}, headers=h).status_code == 201
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    assert re.search(r'data-testid="hand-limit-0">5<', html)
    r = client.post(url + "position", json={"player": 0, "near_keep": True, "city": "shield"}, headers=h)
    assert r.status_code == 201
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    assert re.search(r'data-testid="hand-limit-0">7<', html)  # 5 + 2 keeps (the city's +1 is lower)
    client.post(url + "position", json={"player": 0, "near_keep": False, "city": "leader"}, headers=h)
    assert re.search(r'data-testid="hand-limit-0">7<', client.get(f"/games/{gid}").get_data(as_text=True))
    r = client.post(url + "position", json={"player": 0, "city": "castle"}, headers=h)
    assert r.status_code == 400


# ------------------------------------------------------------------------------------------- recruit


def test_recruit_applies_the_thugs_and_heroes_reputation_rule(client):
    """Lost Legion unit cards: recruiting Thugs reverses the Reputation modifier, recruiting
    Heroes doubles it; Reputation +3 has the modifier +1 (Fame and Reputation board)."""
    gid, h = api_game(client, "full_conquest")
    url = f"/api/v1/games/{gid}/commands/"
    client.post(url + "fame", json={"player": 0, "amount": 40}, headers=h)
    client.post(url + "reputation", json={"player": 0, "amount": 3}, headers=h)
    thugs = next(u.id for u in get_rules().units.values() if u.recruit_reputation == "reversed")
    heroes = next(u.id for u in get_rules().units.values() if u.recruit_reputation == "doubled")
    r = client.post(url + "recruit", json={"player": 0, "unit": thugs}, headers=h)
    assert r.status_code == 201 and r.get_json()["event"]["payload"]["influence_modifier"] == -1
    r = client.post(url + "recruit", json={"player": 0, "unit": heroes}, headers=h)
    assert r.status_code == 201 and r.get_json()["event"]["payload"]["influence_modifier"] == 2
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "Reputation modifier doubled: Influence +2" in html


def test_no_recruit_on_the_x_space_unless_a_reward(client):
    """Rulebook, Interaction with Locals: on X nobody interacts with you; a Unit gained as a reward can still come."""
    gid, h = api_game(client, "full_conquest")
    url = f"/api/v1/games/{gid}/commands/"
    client.post(url + "reputation", json={"player": 0, "amount": -7}, headers=h)
    r = client.post(url + "recruit", json={"player": 0, "unit": "peasants"}, headers=h)
    assert r.status_code == 400 and "X space" in r.get_json()["error"]
    r = client.post(url + "recruit", json={"player": 0, "unit": "peasants", "reward": True}, headers=h)
    assert r.status_code == 201


def test_board_and_rules_page_say_which_rules_are_applied(client):
    """The board's scenario set-up marks each special rule as applied or a reminder; the chosen
    variants are listed."""
    gid, h = api_game(client, "blitz_conquest", variants=["rampaging_evil"])
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    # start Fame, start Reputation, and "one more die in the Source and one more Unit" (the set-up numbers)
    assert html.count("applied by the app") == 3 and 'data-testid="setup-source-dice">5<' in html
    gid, h = api_game(client, "mines_liberation")
    assert "reminder" in client.get(f"/games/{gid}").get_data(as_text=True)
    assert 'data-testid="variants-in-play"' in html and "Rampaging Evil" in html
    page = client.get("/rules/scenarios/blitz_conquest").get_data(as_text=True)
    assert "applied by the app" in page


def test_an_older_blitz_export_keeps_its_start_values():
    """Saved games and exports stay as the table played them: an export whose set-up has no start values (made
    before they were applied) is imported with its players at 0; a new export keeps Fame 1 and Reputation +2."""
    from companion.game.spine.exchange import check_import as import_plan

    old = {"format_version": 1, "seed": "ab", "events": [],
           "setup": {"scenario": "blitz_conquest", "mode": "competitive", "players": TWO}}
    assert "start" not in import_plan(old).setup
    new = dict(old, setup={**old["setup"], "start": {"fame": 1, "reputation": 2}})
    assert import_plan(new).setup["start"] == {"fame": 1, "reputation": 2}


def test_combat_api_site_of_a_megapolis(client):
    """Scenario Book, Variants, Megapolis: the defenders "benefit from the combat bonuses of both cities at once":
    a White+Blue Megapolis gives +1 Armor (Rulebook City Assaults 1a). A second city of the same colour is a 400."""
    orc = {"name": "Orc", "armor": 3, "attacks": [{"value": 3, "element": "physical"}], "fame": 2}
    body = {"phase": "attack", "targets": [orc], "attacks": [{"value": 3}],
            "site": {"fortified": True, "city": "blue", "megapolis": "white"}}
    r = client.post("/api/v1/combat/attack", json=body)
    assert r.status_code == 200 and r.get_json()["armor"] == 4 and not r.get_json()["success"]
    body["site"]["megapolis"] = "blue"
    assert client.post("/api/v1/combat/attack", json=body).status_code == 400
    body["site"] = {"megapolis": "white"}
    assert client.post("/api/v1/combat/attack", json=body).status_code == 400


def test_solo_game_of_a_scenario_without_dummy_offers_the_dummy_in_the_round_order(client):
    """Other Solo Missions: a Dummy player joins a solo game of any scenario; the board's round order offers it."""
    gid, h = api_game(client, "mines_liberation", mode="solo")
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    assert '<option value="dummy"' in html
    r = client.post(f"/api/v1/games/{gid}/commands/dummy_setup", json={"mode": "virtual", "hero": "goldyx"}, headers=h)
    assert r.status_code == 201
