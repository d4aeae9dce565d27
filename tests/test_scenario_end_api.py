"""Every scenario's end reached through the JSON API alone, from what was recorded (the city assaults on the combat
commands, the Round limit, the printed goal the table confirms), with the last turns each scenario prints (Scenario
Book, seed 000, each scenario's "Scenario End"), then every further turn, Dummy turn and new round refused with a
clear message. The goal-confirmed scenarios with two players are in tests/test_turn_flow_web.py
(``test_every_scenarios_end_through_the_json_api``); this file adds the ones that end by conquest, the co-op and
solo ones with the Dummy player, the Round limit and the solo variant of First Reconnaissance."""

import pytest

NEW_ROUND = {"advanced_action": "color:blue", "spell_color": "red"}


class Api:
    """One game created through ``POST /api/v1/games``; the creating device (the host) acts with its own token."""

    def __init__(self, app, scenario, mode, names):
        self.http = app.test_client()
        heroes = ("arythea", "tovak", "goldyx", "norowas")
        r = self.http.post("/api/v1/games", json={
            "scenario": scenario, "mode": mode, "name": "t",
            "players": [{"name": n, "hero": heroes[i]} for i, n in enumerate(names)]})
        assert r.status_code == 201, r.get_json()
        body = r.get_json()
        self.id = body["id"]
        self.h = {"Authorization": "Bearer " + body["device_token"]}
        self.n = len(names)

    def state(self):
        return self.http.get(f"/api/v1/games/{self.id}", headers=self.h).get_json()["state"]

    def post(self, name, **data):
        return self.http.post(f"/api/v1/games/{self.id}/commands/{name}", json=data, headers=self.h)

    def run(self, name, **data):
        r = self.post(name, **data)
        assert r.status_code == 201, (name, data, r.get_json())
        return r.get_json()

    def refused(self, name, words, **data):
        r = self.post(name, **data)
        assert r.status_code == 400, (name, r.get_json())
        assert words in r.get_json()["error"], r.get_json()["error"]

    def end(self):
        """``state.scenario_end`` (absent until the game first records something that touches it)."""
        return self.state().get("scenario_end") or {"goal": None, "started": None, "pending": []}

    def current(self):
        """Whose turn it is, as every phone shows it (the game layer's query over the API's state)."""
        from companion.game.flow import round_state

        return round_state.current(self.state())

    def pick_tactics(self):
        """The Tactics in the rulebook's order: whoever's pick it is (as every phone shows it) takes the first free
        one; in Full Cooperation the Dummy player draws first."""
        from companion.game.flow import round_state

        while round_state.phase(s := self.state()) == "tactics":
            who = round_state.next_picker(s)
            if who == "dummy":
                self.run("dummy_tactic_draw")
            else:
                self.run("round_tactic", player=who, tactic=round_state.available(s)[0].id)

    def dummy_until_a_player(self):
        while self.current() == "dummy":
            self.run("dummy_turn")

    def conquer(self, player, city, level):
        """Rulebook, Combat Outcomes 3a: every defender defeated, the city is conquered (one Prowlers token)."""
        self.run("combat_setup", player=player, fight="city", city=city, level=level)
        self.run("combat_enemy_add", token="prowlers")
        key = self.state()["combat"]["current"]["enemies"][0]["key"]
        while self.state()["combat"]["current"]["phase"] != "attack":
            if self.state()["combat"]["current"]["phase"] == "block":
                self.run("combat_block", key=key, attack_index=0, value=[9], element=["physical"])
            self.run("combat_phase")
        self.run("combat_attack", target=[key], value=[20], element=["physical"], kind=["melee"])
        self.run("combat_end")

    def end_turn(self):
        return self.run("round_end_turn", player=self.current())

    def refuses_everything(self):
        """Once the game is over: a turn, the End of the Round, a Tactic, a new round - each a 400 saying so."""
        self.refused("round_end_turn", "game is over", player=0)
        self.refused("round_announce", "game is over", player=0, deck_empty="1")
        self.refused("round_tactic", "game is over", player=0, tactic="early_bird")
        self.refused("next_round", "game is over")
        if self.state().get("dummy") is not None:
            self.refused("dummy_turn", "game is over")
            self.refused("dummy_new_round", "game is over", **NEW_ROUND)


def cities(api):
    from companion.rules.data import get_rules

    scenario = get_rules().scenarios[api.state()["game"]["scenario"]]
    return list(zip(("white", "blue", "red", "green"), scenario.city_levels[api.n]))


@pytest.mark.parametrize("scenario,names", [
    ("full_conquest", ("Anna", "Ben", "Cleo")),
    ("blitz_conquest", ("Anna", "Ben")),
])
def test_conquest_by_api_all_players_including_the_conqueror_have_one_last_turn(app, scenario, names):
    """Scenario Book, Full Conquest and Blitz Conquest, Scenario End: "When all cities are conquered, all players
    (including the one who conquered the last city) have one last turn." The cities are conquered through the
    combat commands; the end is read from them (no goal confirmed)."""
    api = Api(app, scenario, "competitive", names)
    api.pick_tactics()
    conqueror = api.current()
    for city, level in cities(api):
        assert api.end()["started"] is None
        api.conquer(conqueror, city, level)
    assert api.end()["goal"] is None
    api.end_turn()  # the conquering turn: the last turns begin
    se = api.end()
    assert se["started"] and sorted(se["pending"]) == list(range(api.n))
    taken = []
    for _ in names:
        taken.append(api.current())
        api.end_turn()
    assert sorted(taken) == list(range(api.n)) and taken[-1] == conqueror  # each once, the conqueror last
    api.refuses_everything()


def test_full_conquest_by_api_the_round_ending_during_the_last_turns_ends_it_at_once(app):
    """Scenario Book, Full Conquest, Scenario End: "If the Round ends during this, the game ends immediately."
    (Rulebook, End of the Round d: "players get their final turn according to whichever occurred first".)"""
    api = Api(app, "full_conquest", "competitive", ("Anna", "Ben", "Cleo"))
    api.pick_tactics()
    api.run("round_announce", player=api.current(), deck_empty="1")  # two last turns of the Round left
    conqueror = api.current()
    for city, level in cities(api):
        api.conquer(conqueror, city, level)
    api.end_turn()
    assert api.end()["pending"]
    api.end_turn()  # the Round's last turn: the Round ends, and the game with it
    api.refuses_everything()


def test_solo_conquest_by_api_you_have_one_last_turn_the_dummy_player_does_not(app):
    """Scenario Book, Solo Conquest, Scenario End: "When all cities are conquered, you have one last turn (the
    Dummy player does not)." During that turn the Dummy's turn is refused; after it, everything is."""
    api = Api(app, "solo_conquest", "solo", ("Anna",))
    api.run("dummy_setup", mode="virtual", hero="tovak")
    api.run("round_tactic", player=0, tactic="early_bird")  # Anna first; the Dummy takes a random one of the rest
    api.dummy_until_a_player()
    for city, level in cities(api):
        api.conquer(0, city, level)
    api.end_turn()
    assert api.end()["pending"] == [0]
    assert api.current() == 0  # the Dummy's place in the Round order is passed
    api.refused("dummy_turn", "the Dummy player none")
    api.end_turn()  # your one last turn
    api.refuses_everything()


@pytest.mark.parametrize("scenario", ["full_cooperation", "blitz_cooperation"])
def test_cooperation_by_api_all_players_except_the_dummy_have_one_last_turn(app, scenario):
    """Scenario Book, Full Cooperation, Scenario End: "When all cities are conquered, all players except the Dummy
    player have one last turn." Blitz Cooperation: "All the rules and setup conditions for Full Cooperation apply"
    (two players: Full Cooperation's cities 5, 5, 8; Blitz Cooperation's 5, 8)."""
    api = Api(app, scenario, "coop", ("Anna", "Ben"))
    api.run("dummy_setup", mode="virtual", hero="norowas")
    api.pick_tactics()
    api.dummy_until_a_player()
    conqueror = api.current()
    for city, level in cities(api):
        api.conquer(conqueror, city, level)
    api.end_turn()
    assert sorted(api.end()["pending"]) == [0, 1]
    seen = []
    for _ in range(2):
        assert api.current() != "dummy"
        api.refused("dummy_turn", "Dummy")
        seen.append(api.current())
        api.end_turn()
    assert sorted(seen) == [0, 1]
    api.refuses_everything()


def test_first_reconnaissance_solo_by_api_a_city_revealed_gives_you_one_last_turn(app):
    """Scenario Book, First Reconnaissance, Scenario End: "When a player reveals a city, all players (including
    themselves) have one last turn"; its solo variant uses a Dummy player, which is no player: it has none."""
    api = Api(app, "first_reconnaissance", "solo", ("Anna",))
    api.run("dummy_setup", mode="virtual", hero="tovak")
    api.run("round_tactic", player=0, tactic="early_bird")
    api.dummy_until_a_player()
    api.run("scenario_goal", player=0)  # the table confirms: Anna revealed the city
    api.end_turn()
    assert api.end()["pending"] == [0]
    api.refused("dummy_turn", "the Dummy player none")
    api.end_turn()
    api.refuses_everything()


def test_one_to_return_by_api_ends_as_soon_as_the_second_night_is_over(app):
    """Scenario Book, One to Return, Scenario End: "The scenario ends as soon as the second Night is over" (its
    fourth Round: Day, Night, Day, Night). No goal to confirm; no last turns after the Round."""
    api = Api(app, "one_to_return", "competitive", ("Anna", "Ben"))
    api.refused("scenario_goal", "last Round", player=0)
    for _ in range(3):
        api.run("next_round")
    s = api.state()
    assert s["round"] == 4 and s["time"] == "night"
    api.pick_tactics()
    api.run("round_announce", player=api.current(), deck_empty="1")
    api.end_turn()  # the other player's last turn of the Round: the second Night is over
    api.refuses_everything()
