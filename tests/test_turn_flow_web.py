"""The game's flow through the pages and the JSON API (Flask test client): whose turn it is, owned (Rulebook, A Round
4a and 4b), the Dummy player in the Round order, Round Order token flips (PvP defender), The Right Moment, and the
scenario's end (Scenario Book, each scenario's "Scenario End") on every phone."""

import re

import pytest

from game_helpers import new_game
from game_helpers import join_phone as _join, page_seq as _seq


def _do(phone, gid, name, status=303, **form):
    form.setdefault("based_on", _seq(phone, gid))
    r = phone.post(f"/games/{gid}/do/{name}", data=form)
    assert r.status_code == status, r.get_data(as_text=True)[:1500]
    return r


def _state(client, gid):
    return client.get(f"/api/v1/games/{gid}", headers=_token(client.application, gid)).get_json()["state"]


def _token(app, gid) -> dict:
    with app.app_context():
        from companion.web.common import game_row

        return {"X-Game-Token": game_row(gid)["token"]}


def _api_phone(app, client, gid, player):
    """A device of player ``player`` for the JSON API: its own device token where the app gives one, else a phone
    that joined as that player, with the game's token."""
    r = client.post(f"/api/v1/games/{gid}/devices", json={"player": player}, headers=_token(app, gid))
    if r.status_code == 201:
        return app.test_client(), {"Authorization": "Bearer " + r.get_json()["device_token"]}
    return _join(app, client, gid, str(player)), _token(app, gid)


def _current(state):
    r = state["rounds"]
    return state["round_order"][r["turn"] % len(state["round_order"])]


def _three(app, client):
    gid = new_game(client, players=(("Anna", "arythea"), ("Ben", "tovak"), ("Cleo", "goldyx")))
    for tactic in ("early_bird", "rethink", "mana_steal"):  # the host picks for everybody, lowest Fame first
        who = re.search(r'name="player" value="(\d)"', client.get(f"/games/{gid}").get_data(as_text=True)
                        .split('data-testid="tactic-choices"')[1]).group(1)
        _do(client, gid, "round_tactic", player=who, tactic=tactic)
    return gid


def test_another_phone_cannot_end_a_turn_the_host_can_and_the_log_says_so(app, client):
    """Rulebook, A Round 4a/4b: it is the current player's turn and their decision; another phone gets a 403 naming
    whose turn it is; the host taps for them and the log line says so ("Ben's turn is over (by the host).")."""
    gid = _three(app, client)
    s = _state(client, gid)
    who = _current(s)
    name = s["players"][who]["name"]
    other = (who + 1) % 3
    phone = _join(app, client, gid, str(other))
    board = phone.get(f"/games/{gid}").get_data(as_text=True)
    assert 'data-testid="not-your-turn"' in board and 'data-testid="end-turn"' not in board
    r = _do(phone, gid, "round_end_turn", status=403, player=str(who))
    assert f"It is {name}&#39;s turn" in r.get_data(as_text=True)
    _do(phone, gid, "round_announce", status=403, player=str(who), deck_empty="1")
    _do(client, gid, "round_end_turn", player=str(who))  # the host
    log = client.get(f"/games/{gid}/log").get_data(as_text=True)
    # one sentence naming the player once and saying the host did it (found by a first-evening walkthrough)
    assert f"{name}&#39;s turn is over (by the host)." in log and f"(by the host for {name})" not in log
    nxt = _current(_state(client, gid))
    own = phone if nxt == other else _join(app, client, gid, str(nxt))
    _do(own, gid, "round_end_turn", player=str(nxt))  # their own phone


def test_the_json_api_applies_the_same_rule(app, client):
    """The JSON API runs the same commands with the same owner check: another player's device is refused (403,
    naming whose turn it is), the player's own device ends the turn."""
    gid = _three(app, client)
    s = _state(client, gid)
    who = _current(s)
    other_phone, other_headers = _api_phone(app, client, gid, (who + 1) % 3)
    r = other_phone.post(f"/api/v1/games/{gid}/commands/round_end_turn", json={"player": who}, headers=other_headers)
    assert r.status_code == 403 and s["players"][who]["name"] in r.get_json()["error"]
    own_phone, own_headers = _api_phone(app, client, gid, who)
    r = own_phone.post(f"/api/v1/games/{gid}/commands/round_end_turn", json={"player": who}, headers=own_headers)
    assert r.status_code == 201 and _current(r.get_json()["state"]) != who


def test_a_solo_conquest_ends_on_every_phone_and_points_to_the_score_sheet(app, client):
    """Scenario Book, Solo Conquest, Scenario End: "When all cities are conquered, you have one last turn (the Dummy
    player does not)"; then no Dummy turn, no new round (400 with the reason), and the board opens the score
    sheet. The cities come from the recorded assaults."""
    gid = new_game(client, scenario="solo_conquest", mode="solo", players=(("Anna", "goldyx"),))
    client.post(f"/games/{gid}/dummy/setup", data={"mode": "virtual", "hero": "tovak", "based_on": _seq(client, gid)})
    _do(client, gid, "round_tactic", player="0", tactic="early_bird")
    for city, level in (("white", 5), ("blue", 8)):
        _do(client, gid, "combat_setup", player="0", fight="city", city=city, level=str(level))
        _do(client, gid, "combat_enemy_add", token="prowlers")
        cur = _state(client, gid)["combat"]["current"]
        key = cur["enemies"][0]["key"]
        while _state(client, gid)["combat"]["current"]["phase"] != "attack":
            if _state(client, gid)["combat"]["current"]["phase"] == "block":
                _do(client, gid, "combat_block", key=str(key), attack_index="0", value="9", element="physical")
            _do(client, gid, "combat_phase")
        _do(client, gid, "combat_attack", target=str(key), value="20", element="physical", kind="melee")
        _do(client, gid, "combat_end")
    board = client.get(f"/games/{gid}").get_data(as_text=True)
    assert 'data-testid="scenario-end-met"' in board
    _do(client, gid, "round_end_turn", player="0")
    assert 'data-testid="scenario-end-last-turns"' in client.get(f"/games/{gid}").get_data(as_text=True)
    combat_page = client.get(f"/games/{gid}/combat").get_data(as_text=True)  # every game page's header
    assert 'data-testid="now-scenario-end">Every city is conquered.' in combat_page
    r = client.post(f"/games/{gid}/dummy/turn", data={"based_on": _seq(client, gid)})
    assert r.status_code == 400 and "the Dummy player none" in r.get_data(as_text=True)
    _do(client, gid, "round_end_turn", player="0")
    board = client.get(f"/games/{gid}").get_data(as_text=True)
    assert 'data-testid="game-over"' in board and f'href="/games/{gid}/score" data-testid="rounds-score"' in board
    assert 'data-testid="next-round"' not in board and 'data-testid="end-turn"' not in board
    dummy_page = client.get(f"/games/{gid}/dummy").get_data(as_text=True)
    assert 'data-testid="now-game-over"' in dummy_page  # every game page shows it
    assert f'href="/games/{gid}/story" data-testid="now-story"' in dummy_page  # and the story of the game
    story = client.get(f"/games/{gid}/story").get_data(as_text=True)
    assert 'data-testid="story-status">The game is over.' in story
    assert story.count('data-testid="conquest"') == 2 and "White city" in story and "Blue city" in story
    r = client.post(f"/games/{gid}/dummy/new-round",
                    data={"advanced_action": "empty", "spell_color": "empty", "based_on": _seq(client, gid)})
    assert r.status_code == 400 and "game is over" in r.get_data(as_text=True)
    assert f'href="/games/{gid}/score" data-testid="error-score"' in r.get_data(as_text=True)  # "Open the score sheet"
    api = client.post(f"/api/v1/games/{gid}/commands/dummy_turn", json={}, headers=_token(app, gid))
    assert api.status_code in (400, 403)


def test_a_goal_confirmed_on_the_board_and_the_right_moment_button(app, client):
    """Scenario Book, First Reconnaissance, Scenario End ("When a player reveals a city, all players ... have one
    last turn"): the board confirms the goal (event scenario.goal); The Right Moment (Day Tactic 6) has its button
    on its holder's turn."""
    gid = new_game(client, scenario="first_reconnaissance", mode="competitive")
    _do(client, gid, "round_tactic", player="1", tactic="the_right_moment")
    _do(client, gid, "round_tactic", player="0", tactic="early_bird")
    _do(client, gid, "round_end_turn", player="0")
    board = client.get(f"/games/{gid}").get_data(as_text=True)
    assert 'data-testid="extra-turn"' in board
    _do(client, gid, "round_extra_turn", player="1")
    assert _current(_state(client, gid)) == 1
    _do(client, gid, "scenario_goal", player="1")
    assert _state(client, gid)["scenario_end"]["goal"]["player"] == 1
    for who in ("1", "0", "1"):
        _do(client, gid, "round_end_turn", player=who)
    assert 'data-testid="game-over"' in client.get(f"/games/{gid}").get_data(as_text=True)


@pytest.mark.parametrize("scenario,mode,names,ends_at_once", [
    ("first_reconnaissance", "competitive", ("Anna", "Ben"), False),
    ("mines_liberation", "competitive", ("Anna", "Ben"), False),
    ("druid_nights", "competitive", ("Anna", "Ben"), False),
    ("dungeon_lords", "competitive", ("Anna", "Ben"), False),
    ("conquer_and_hold", "competitive", ("Anna", "Ben"), True),
    ("full_conquest", "competitive", ("Anna", "Ben"), False),
])
def test_every_scenarios_end_through_the_json_api(app, scenario, mode, names, ends_at_once):
    """Scenario Book, each scenario's Scenario End, through the JSON API: the printed condition confirmed
    (``scenario_goal``: a city revealed, every mine liberated, every incantation, every dungeon and tomb, a side
    conceding; Full Conquest's team game with two cities the table says are all), then each player's one last turn
    (Conquer and Hold: none), then every flow command answers 400 "The game is over"."""
    api = app.test_client()
    heroes = ("arythea", "tovak", "goldyx")
    r = api.post("/api/v1/games", json={"scenario": scenario, "mode": mode, "name": "t",
                                        "players": [{"name": n, "hero": heroes[i]} for i, n in enumerate(names)]})
    assert r.status_code == 201, r.get_json()
    body = r.get_json()
    h = {"Authorization": "Bearer " + body["device_token"]} if body.get("device_token") else {"X-Game-Token":
                                                                                             body["token"]}
    url = f"/api/v1/games/{body['id']}/commands"
    for _ in names:  # the Tactics: whoever's pick it is
        for i in range(len(names)):
            tactic = ("early_bird", "rethink", "mana_steal")[len(_state_of(api, body, h).get("rounds", {})
                                                                  .get("picks", {}))]
            if api.post(f"{url}/round_tactic", json={"player": i, "tactic": tactic}, headers=h).status_code == 201:
                break
    state = _state_of(api, body, h)
    assert api.post(f"{url}/scenario_goal", json={"player": _current(state)}, headers=h).status_code == 201
    # the turn the goal was met in, then each player's one last turn (Conquer and Hold: the game ends at once)
    for _ in range(0 if ends_at_once else len(names) + 1):
        assert not _state_of(api, body, h)["scenario_end"].get("started") or \
            _state_of(api, body, h)["scenario_end"]["pending"]
        r = api.post(f"{url}/round_end_turn", json={"player": _current(_state_of(api, body, h))}, headers=h)
        assert r.status_code == 201, r.get_json()
    r = api.post(f"{url}/round_end_turn", json={"player": _current(_state_of(api, body, h))}, headers=h)
    assert r.status_code == 400 and "game is over" in r.get_json()["error"]
    assert api.post(f"{url}/next_round", json={}, headers=h).status_code == 400


def _state_of(api, body, h):
    return api.get(f"/api/v1/games/{body['id']}", headers=h).get_json()["state"]


def test_the_board_shows_plannings_hand_limit_beside_its_holders_hand_limit(app, client):
    """Planning (Day Tactic 4, the published card; rules_data/tactics.yaml): "draw as if your Hand limit were 1
    higher" (with at least 2 cards in hand) - the board's per-player Hand limit shows it for the holder only; in
    German with the official term "Planung" (seed 002)."""
    gid = new_game(client)
    _do(client, gid, "round_tactic", player="1", tactic="planning")  # Fame 0 for both: the last in order picks first
    _do(client, gid, "round_tactic", player="0", tactic="early_bird")
    board = client.get(f"/games/{gid}").get_data(as_text=True)
    assert re.search(r'data-testid="hand-limit-planning-1">Planning: 6 with at least 2 cards in hand<', board)
    assert 'data-testid="hand-limit-planning-0"' not in board
    assert re.search(r'data-testid="hand-limit-1">5<', board)  # the Hand limit itself is unchanged
    client.set_cookie("lang", "de")
    de = client.get(f"/games/{gid}", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert "Planung: 6 bei mindestens 2 Handkarten" in de


@pytest.mark.parametrize("scenario", ["full_cooperation", "blitz_cooperation"])
def test_co_op_the_dummys_turn_through_the_api_only_when_the_round_order_says_so(app, scenario):
    """Scenario Book, Dummy Player ("When it is the Dummy player's turn: ...") and Full Cooperation, Special Rules
    ("When taking Tactics, the Dummy player takes a random Tactic first"): through the JSON API, no player picks
    before the Dummy has drawn; the Dummy's turn is refused with the name of whose turn it is while it is a
    player's; each of three Rounds is played through and a new one started."""
    from companion.game.flow import round_state

    api = app.test_client()
    r = api.post("/api/v1/games", json={"scenario": scenario, "mode": "coop", "name": "t", "players": [
        {"name": "Anna", "hero": "arythea"}, {"name": "Ben", "hero": "goldyx"}]})
    gid, h = r.get_json()["id"], {"Authorization": "Bearer " + r.get_json()["device_token"]}
    url = f"/api/v1/games/{gid}/commands/"

    def st():
        return api.get(f"/api/v1/games/{gid}", headers=h).get_json()["state"]

    def ok(name, **data):
        r = api.post(url + name, json=data, headers=h)
        assert r.status_code == 201, (name, data, r.get_json())

    ok("dummy_setup", mode="virtual", hero="tovak")
    for rnd in (1, 2, 3):
        r = api.post(url + "round_tactic", json={"player": 0, "tactic": round_state.available(st())[0].id}, headers=h)
        assert r.status_code == 400, r.get_json()
        ok("dummy_tactic_draw")
        while round_state.phase(s := st()) == "tactics":
            ok("round_tactic", player=round_state.next_picker(s), tactic=round_state.available(s)[0].id)
        refused = 0
        for _ in range(80):
            s = st()
            who = round_state.current(s)
            if who is None:
                break
            if who == "dummy":
                ok("dummy_turn")
                continue
            r = api.post(url + "dummy_turn", json={}, headers=h)
            assert r.status_code == 400, r.get_json()
            if not s["dummy"].get("announced"):  # (after its announcement it says that it has announced)
                assert f"It is {s['players'][who]['name']}'s turn" in r.get_json()["error"], r.get_json()
                refused += 1
            ok("round_end_turn", player=who)
        assert round_state.phase(st()) == "over" and refused
        ok("dummy_new_round", advanced_action="color:red", spell_color="blue",
           remove_tactic=next(iter(st()["dummy"]["player_tactics"].values())))
        assert st()["round"] == rnd + 1


def test_the_combat_page_refuses_a_cooperative_assault_after_the_announcement(app, client):
    """Rulebook, Cooperative City Assault 2a: an assault can begin only if "The End of the Round has not been
    announced yet" - the combat page's own form (not only the JSON command) is refused, and nothing is dealt."""
    gid = _three(app, client)
    s = _state(client, gid)
    who = _current(s)
    _do(client, gid, "round_announce", player=str(who), deck_empty="1")
    nxt = _current(_state(client, gid))
    for path, form in (("setup", {"player": str(nxt), "fight": "city", "city": "white", "level": "4"}),
                       ("enemy", {"token": "prowlers"}), ("enemy", {"token": "prowlers"})):
        form["based_on"] = _seq(client, gid)
        assert client.post(f"/games/{gid}/combat/{path}", data=form).status_code == 303
    others = [i for i in range(3) if i != nxt]
    r = client.post(f"/games/{gid}/combat/coop", data={f"count_{nxt}": "1", f"count_{others[0]}": "1",
                                                        "based_on": _seq(client, gid)})
    assert r.status_code == 400 and "End of the Round was announced" in r.get_data(as_text=True)
    assert not _state(client, gid)["combat"]["current"].get("coop")
