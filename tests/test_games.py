"""Games through the web layer: create, join by QR link, privacy, commands, conflicts, undo, durability, token
corrections."""

import io
import json
import re

from companion import create_app
from game_helpers import new_game, seq_of


def join_link(client, game_id):
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    return re.search(r'data-testid="join-url">([^<]+)<', html).group(1)


def test_create_game_shows_setup_and_qr(client):
    gid = new_game(client)
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "Anna" in html and "Ben" in html
    assert "<svg" in html and 'class="qr"' in html  # the QR code is inline SVG
    assert re.search(r"/join/%d/[\w-]{20,}" % gid, join_link(client, gid))


def test_without_the_token_nobody_reads_or_changes_a_game(app, client):
    gid = new_game(client)
    other = app.test_client()
    assert other.get(f"/games/{gid}").status_code == 403
    assert other.get(f"/games/{gid}/log").status_code == 403
    assert other.get(f"/games/{gid}/poll?seq=0").status_code == 403
    assert other.post(f"/games/{gid}/do/fame", data={"player": 0, "amount": 3}).status_code == 403
    assert other.get(f"/join/{gid}/wrong-token").status_code == 403


def test_joining_through_the_qr_link_removes_the_token_from_the_address(app, client):
    gid = new_game(client)
    link = join_link(client, gid)
    phone = app.test_client()
    resp = phone.get(link[link.index("/join/"):])
    assert resp.status_code == 303 and resp.headers["Location"] == f"/games/{gid}/who"
    assert phone.get(f"/games/{gid}").status_code == 200
    resp = phone.post(f"/games/{gid}/who", data={"player": "1"})
    assert resp.status_code == 303
    assert 'class="card player me"' in phone.get(f"/games/{gid}").get_data(as_text=True)


def test_host_rotates_the_token_and_old_links_stop_working(app, client):
    gid = new_game(client)
    old = join_link(client, gid)
    phone = app.test_client()
    phone.get(old[old.index("/join/"):])
    assert phone.post(f"/games/{gid}/token").status_code == 403  # only the host
    assert client.post(f"/games/{gid}/token").status_code == 303
    assert app.test_client().get(old[old.index("/join/"):]).status_code == 403
    assert phone.get(f"/games/{gid}").status_code == 403  # revoked: must scan the new code
    assert client.get(f"/games/{gid}").status_code == 200


def test_only_the_host_deletes(app, client):
    gid = new_game(client)
    link = join_link(client, gid)
    phone = app.test_client()
    phone.get(link[link.index("/join/"):])
    assert phone.post(f"/games/{gid}/delete", data={"confirm": "yes"}).status_code == 403
    assert client.post(f"/games/{gid}/delete", data={}).status_code == 400
    assert client.post(f"/games/{gid}/delete", data={"confirm": "yes"}).status_code == 303
    assert client.get(f"/games/{gid}").status_code == 404


def test_fame_command_records_a_sentence(client):
    gid = new_game(client)
    resp = client.post(f"/games/{gid}/do/fame", data={"player": 0, "amount": 9, "based_on": 0})
    assert resp.status_code == 303
    log = client.get(f"/games/{gid}/log").get_data(as_text=True)
    assert "Anna gains 9 Fame: level 1 → 3, Armor 3, Hand limit 5" in log
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert re.search(r'data-testid="level-0">3<', page)


def test_conflicting_command_gets_409_and_the_fresh_state(app, client):
    gid = new_game(client)
    client.post(f"/games/{gid}/do/fame", data={"player": 0, "amount": 2, "based_on": 0, "nonce": "a"})
    resp = client.post(f"/games/{gid}/do/fame", data={"player": 0, "amount": 5, "based_on": 0, "nonce": "b"})
    assert resp.status_code == 409
    html = resp.get_data(as_text=True)
    assert "Another phone changed this game" in html
    assert re.search(r'<output class="stepper-value">2</output>', html)  # the fresh state, on the same page
    # never overwritten silently: only the first change is there
    assert re.search(r'<output class="stepper-value">2</output>', client.get(f"/games/{gid}").get_data(as_text=True))


def test_double_tap_records_one_event(client):
    gid = new_game(client)
    for _ in range(2):
        client.post(f"/games/{gid}/do/fame", data={"player": 0, "amount": 1, "based_on": 0, "nonce": "same"})
    assert seq_of(client, gid) == 1


def test_undo_and_redo_from_any_players_phone(app, client):
    """Undo from any phone of a player of the game (or the host's); a phone fresh from the QR code
    that has not said who it is sees no Undo and is refused (403 with the reason) until it chooses."""
    gid = new_game(client)
    link = join_link(client, gid)
    phone = app.test_client()
    phone.get(link[link.index("/join/"):])
    client.post(f"/games/{gid}/do/fame", data={"player": 0, "amount": 3, "based_on": 0})
    who = phone.get(f"/games/{gid}/who").get_data(as_text=True)
    assert 'data-testid="undo"' not in who and 'data-testid="undo-mine"' not in who
    for path in ("undo", "redo", "undo-mine", "undo/1", "do/fame"):
        r = phone.post(f"/games/{gid}/{path}", data={"based_on": 1, "player": 0, "amount": 1})
        assert r.status_code == 403 and "has not said who it is" in r.get_data(as_text=True), path
    assert phone.post(f"/games/{gid}/who", data={"player": "1"}).status_code == 303
    r = phone.post(f"/games/{gid}/undo", data={"based_on": 1})  # the host's entry: asked first
    assert r.status_code == 400 and "It is the host&#39;s entry" in r.get_data(as_text=True)
    assert phone.post(f"/games/{gid}/undo", data={"based_on": 1, "confirm": "yes"}).status_code == 303
    assert re.search(r'data-testid="level-0">1<', client.get(f"/games/{gid}").get_data(as_text=True))
    assert client.post(f"/games/{gid}/redo", data={"based_on": 2}).status_code == 303
    assert re.search(r'data-testid="level-0">2<', phone.get(f"/games/{gid}").get_data(as_text=True))
    log = client.get(f"/games/{gid}/log").get_data(as_text=True)
    assert "Undone, the host&#39;s entry: Anna gains 3 Fame" in log and "Redone: Anna gains 3 Fame" in log


def test_poll_answers_204_until_something_changes(client):
    gid = new_game(client)
    assert client.get(f"/games/{gid}/poll?seq=0").status_code == 204
    client.post(f"/games/{gid}/do/wounds", data={"player": 1, "amount": 2})
    resp = client.get(f"/games/{gid}/poll?seq=0")
    assert resp.status_code == 200 and resp.headers["HX-Trigger"] == "gameChanged"
    assert 'data-seq="1"' in resp.get_data(as_text=True)


def test_htmx_requests_get_a_fragment_and_vary(client):
    gid = new_game(client)
    full = client.get(f"/games/{gid}")
    frag = client.get(f"/games/{gid}", headers={"HX-Request": "true"})
    assert "<html" in full.get_data(as_text=True)
    assert "<html" not in frag.get_data(as_text=True) and "stepper" in frag.get_data(as_text=True)
    assert "HX-Request" in frag.headers["Vary"]


def test_crystals_at_most_three_each(client):
    """Rulebook, Crystal mine: a crystal of the mine's color 'unless you have 3 crystals of that color already'."""
    gid = new_game(client)
    for _ in range(3):
        assert client.post(f"/games/{gid}/do/crystal", data={"player": 0, "color": "red", "amount": 1}).status_code == 303
    resp = client.post(f"/games/{gid}/do/crystal", data={"player": 0, "color": "red", "amount": 1})
    assert resp.status_code == 400 and "At most 3 crystals" in resp.get_data(as_text=True)


def test_units_need_command_tokens(client):
    """Rulebook, Player Setup: 'Each Unit needs its own Command token. You currently have one Command token, so you
    can only have one Unit.'"""
    gid = new_game(client)
    peasants = {"player": 0, "name": "Peasants", "level": 1, "armor": 3}
    assert client.post(f"/games/{gid}/do/recruit", data=peasants).status_code == 303
    resp = client.post(f"/games/{gid}/do/recruit", data=peasants)
    assert resp.status_code == 400 and "Command token" in resp.get_data(as_text=True)
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    uid = re.search(r'name="uid" value="(\d+)"', html).group(1)
    assert client.post(f"/games/{gid}/do/unit", data={"player": 0, "uid": uid, "action": "wound"}).status_code == 303
    assert "wounded" in client.get(f"/games/{gid}").get_data(as_text=True)


def test_bad_input_is_a_clear_4xx_never_a_500(client):
    gid = new_game(client)
    cases = [
        ({"player": 7, "amount": 1}, "fame"), ({"player": 0, "amount": "lots"}, "fame"),
        ({"player": 0, "color": "purple", "amount": 1}, "crystal"), ({"player": 0, "site": "x", "amount": 1}, "shield"),
        ({"player": 0, "uid": 99, "action": "wound"}, "unit"), ({"order": "0,0"}, "round_order"),
        ({"player": 0, "amount": 1, "based_on": "abc"}, "fame"),
    ]
    for data, cmd in cases:
        resp = client.post(f"/games/{gid}/do/{cmd}", data=data)
        assert 400 <= resp.status_code < 500, (cmd, data, resp.status_code)
        assert "did not work" in resp.get_data(as_text=True) or "damaged" in resp.get_data(as_text=True)
    assert client.post(f"/games/{gid}/do/nonsense", data={}).status_code == 404
    assert client.post("/games", data={"scenario": "nope", "mode": "solo", "name_0": "A"}).status_code == 400
    assert seq_of(client, gid) == 0


def test_game_setup_validation_messages(client):
    resp = client.post("/games", data={"scenario": "solo_conquest", "mode": "solo", "name_0": "A", "name_1": "B"})
    assert resp.status_code == 400 and "exactly one player" in resp.get_data(as_text=True)
    resp = client.post("/games", data={"scenario": "full_conquest", "mode": "competitive", "name_0": "A",
                                       "hero_0": "tovak", "name_1": "B", "hero_1": "tovak"})
    assert resp.status_code == 400 and "each hero can be played once" in resp.get_data(as_text=True)


def test_player_names_are_escaped(client):
    gid = new_game(client, players=(("<script>alert(1)</script>", None), ("Ben", None)))
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "<script>alert(1)</script>" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_security_headers_and_csp_without_inline_script(client):
    resp = client.get("/")
    csp = resp.headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp
    assert resp.headers["X-Content-Type-Options"] == "nosniff"
    assert "<script>" not in resp.get_data(as_text=True)


def test_csrf_is_required_when_enabled(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "c.db"), "SECRET_KEY": "k"})
    c = app.test_client()
    resp = c.post("/games", data={"scenario": "full_conquest", "mode": "competitive", "name_0": "A", "name_1": "B"})
    assert resp.status_code == 400 and "Reload the page" in resp.get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', c.get("/games/new").get_data(as_text=True)).group(1)
    resp = c.post("/games", data={"csrf_token": token, "scenario": "full_conquest", "mode": "competitive",
                                  "name_0": "A", "name_1": "B"})
    assert resp.status_code == 303


def test_a_refused_form_says_why_in_the_phones_language(tmp_path):
    """Flask-WTF's reason ("The CSRF token is missing.") was English inside the German message."""
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "c.db"), "SECRET_KEY": "k"})
    c = app.test_client()
    c.post("/lang", data={"lang": "de", "csrf_token": re.search(
        r'name="csrf_token" value="([^"]+)"', c.get("/").get_data(as_text=True)).group(1)})
    html = c.post("/games", data={"scenario": "full_conquest"}).get_data(as_text=True)
    assert "Das Formular war abgelaufen" in html and "Sicherheitsmerkmal des Formulars fehlt" in html
    assert "The CSRF token" not in html


def test_session_cookie_is_samesite_lax(client):
    new_game(client)
    cookie = client.get_cookie("session")
    assert cookie is not None and cookie.same_site == "Lax" and cookie.http_only


def test_nothing_is_lost_across_a_restart(tmp_path):
    cfg = {"TESTING": True, "DATABASE": str(tmp_path / "r.db"), "SECRET_KEY": "same", "WTF_CSRF_ENABLED": False}
    app = create_app(cfg)
    c = app.test_client()
    gid = new_game(c)
    c.post(f"/games/{gid}/do/fame", data={"player": 1, "amount": 8})
    c.post(f"/games/{gid}/do/reputation", data={"player": 1, "amount": -2})
    cookies = {k.key: k.value for k in c._cookies.values()}
    app2 = create_app(cfg)  # a new server process on the same file
    c2 = app2.test_client()
    for k, v in cookies.items():
        c2.set_cookie(k, v)
    html = c2.get(f"/games/{gid}").get_data(as_text=True)
    assert re.search(r'data-testid="level-1">3<', html)
    assert "Influence modifier -1" in html


def test_export_and_import_round_trip(client):
    gid = new_game(client)
    client.post(f"/games/{gid}/do/fame", data={"player": 0, "amount": 5})
    client.post(f"/games/{gid}/do/crystal", data={"player": 1, "color": "blue", "amount": 1})
    client.post(f"/games/{gid}/undo", data={})
    exported = client.get(f"/games/{gid}/export.json").get_json()
    assert exported["format_version"] == 1 and len(exported["events"]) == 3
    resp = client.post("/games/import", data={"file": (io.BytesIO(json.dumps(exported).encode()), "g.json")},
                       content_type="multipart/form-data")
    assert resp.status_code == 303
    new_id = int(re.search(r"/games/(\d+)/", resp.headers["Location"]).group(1))
    again = client.get(f"/games/{new_id}/export.json").get_json()
    assert [e["type"] for e in again["events"]] == [e["type"] for e in exported["events"]]
    assert again["seed"] == exported["seed"]
    bad = client.post("/games/import", data={"file": (io.BytesIO(b"not json"), "g.json")},
                      content_type="multipart/form-data")
    assert bad.status_code == 400


def test_language_switch_to_german(client):
    gid = new_game(client)
    client.post("/lang", data={"lang": "de"})
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "Ruhm" in html and "Ansehen" in html and "Handkartenlimit" in html


def test_german_from_the_browser_language(client):
    html = client.get("/", headers={"Accept-Language": "de-DE,de;q=0.9"}).get_data(as_text=True)
    assert "Neues Spiel" in html


def test_manifest_and_vendored_htmx(client):
    man = client.get("/manifest.webmanifest")
    assert man.status_code == 200 and man.get_json()["display"] == "standalone"
    assert client.get("/static/vendor/htmx-2.0.8/htmx.min.js").status_code == 200
    assert client.get("/static/vendor/htmx-2.0.8/LICENSE").status_code == 200


def test_json_api_mirrors_the_forms(client):
    resp = client.post("/api/v1/games", json={"scenario": "full_conquest", "mode": "competitive",
                                              "players": [{"name": "Anna", "hero": "goldyx"}, {"name": "Ben"}]})
    assert resp.status_code == 201
    gid, token = resp.get_json()["id"], resp.get_json()["token"]
    api = client.application.test_client()  # a tool without the cookie: the token header is its key
    assert api.get(f"/api/v1/games/{gid}").status_code == 403
    # the game token reads; a change needs the device's own token, which the creating device got
    assert api.get(f"/api/v1/games/{gid}", headers={"X-Game-Token": token}).status_code == 200
    r = api.post(f"/api/v1/games/{gid}/commands/fame", json={"player": 0, "amount": 4, "based_on": 0},
                 headers={"X-Game-Token": token})
    assert r.status_code == 403 and "Authorization: Bearer" in r.get_json()["error"]
    h = {"Authorization": "Bearer " + resp.get_json()["device_token"]}
    r = api.post(f"/api/v1/games/{gid}/commands/fame", json={"player": 0, "amount": 4, "based_on": 0}, headers=h)
    assert r.status_code == 201 and r.get_json()["state"]["players"][0]["fame"] == 4
    r = api.post(f"/api/v1/games/{gid}/commands/fame", json={"player": 0, "amount": 1, "based_on": 0}, headers=h)
    assert r.status_code == 409 and "error" in r.get_json()
    r = api.post(f"/api/v1/games/{gid}/commands/crystal", json={"player": 0, "color": "pink", "amount": 1}, headers=h)
    assert r.status_code == 400 and "color" in r.get_json()["error"]
    r = api.post(f"/api/v1/games/{gid}/undo", json={"based_on": 1}, headers=h)
    assert r.status_code == 201 and r.get_json()["state"]["players"][0]["fame"] == 0
    assert api.post(f"/api/v1/games/{gid}/undo", data="x", headers=h).status_code == 400
    assert api.get(f"/api/v1/games/{gid}/events", headers=h).get_json()["format_version"] == 1


def test_a_poisoned_unit_heals_one_wound_card_at_a_time(app, client):
    """Rulebook, Poison: a Unit 'is given two Wound cards instead of one'; each Wound card is healed separately."""
    from companion.db import get_db
    from companion.events import record
    from companion.game.spine.sentences import sentence

    gid = new_game(client)
    client.post(f"/games/{gid}/do/recruit", data={"player": 0, "name": "Guardian Golems", "level": 2, "armor": 3})
    with app.app_context():
        record(get_db(), gid, type="unit.update", payload={"player": 0, "uid": 1, "wounded": True, "wound_cards": 2},
               sentence=sentence("poisoned"), scope=("player:0:units:1",))
    client.post(f"/games/{gid}/do/unit", data={"player": 0, "uid": 1, "action": "heal"})
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "wounded" in html  # one Wound card left
    client.post(f"/games/{gid}/do/unit", data={"player": 0, "uid": 1, "action": "heal"})
    state = client.get(f"/api/v1/games/{gid}", headers={"X-Game-Token": _token(client, gid)}).get_json()["state"]
    assert state["players"][0]["units"][0]["wounded"] is False


def _token(client, gid):
    link = join_link(client, gid)
    return link.rsplit("/", 1)[1]


def test_a_table_corrects_a_token_for_its_game_and_can_undo_it(client):
    """Token corrections: 'a game can override a token's stats for its own copy (stored as an event, shown in the combat
    trace)'. The correction is validated like the rules data."""
    gid = new_game(client)
    page = client.get(f"/games/{gid}/tokens?enemy=swamp_dragon").get_data(as_text=True)
    assert 'name="armor"' in page and 'value="9"' in page
    form = {"enemy": "swamp_dragon", "armor": 8, "fame": 7, "attack_value": ["5"], "attack_element": ["physical"],
            "ability": ["swift", "poison"], "next": f"/games/{gid}/tokens?enemy=swamp_dragon"}
    resp = client.post(f"/games/{gid}/do/override", data=form)
    assert resp.status_code == 303 and resp.headers["Location"].endswith("?enemy=swamp_dragon")
    token = _token(client, gid)
    state = client.get(f"/api/v1/games/{gid}", headers={"X-Game-Token": token}).get_json()["state"]
    assert state["overrides"] == {"swamp_dragon": {"armor": 8}}
    assert "Swamp Dragon corrected for this game (armor)" in client.get(f"/games/{gid}/log").get_data(as_text=True)
    # an impossible token is refused with the reason
    bad = client.post(f"/games/{gid}/do/override", data={**form, "elusive_armor": 3})
    assert bad.status_code == 400
    # unchanged values are not a correction
    same = client.post(f"/games/{gid}/do/override", data={**form, "armor": 9})
    assert same.status_code == 303
    state = client.get(f"/api/v1/games/{gid}", headers={"X-Game-Token": token}).get_json()["state"]
    assert state["overrides"] == {}
    client.post(f"/games/{gid}/undo", data={})
    state = client.get(f"/api/v1/games/{gid}", headers={"X-Game-Token": token}).get_json()["state"]
    assert state["overrides"] == {"swamp_dragon": {"armor": 8}}


def test_units_and_log_in_the_readers_language(app, client):
    """A unit from the rules data shows its German name on a German phone, in the board and in the log."""
    gid = new_game(client)
    client.post(f"/games/{gid}/do/recruit", data={"player": 0, "unit": "peasants"})
    assert "Anna recruits Peasants." in client.get(f"/games/{gid}/log").get_data(as_text=True)
    client.post("/lang", data={"lang": "de"})
    assert "Anna rekrutiert Bauern." in client.get(f"/games/{gid}/log").get_data(as_text=True)
    board = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "<strong>Bauern</strong>" in board


def test_setup_errors_speak_one_language(client):
    client.post("/lang", data={"lang": "de"})
    resp = client.post("/games", data={"scenario": "solo_conquest", "mode": "competitive", "name_0": "A",
                                       "name_1": "B"})
    html = resp.get_data(as_text=True)
    assert resp.status_code == 400 and "Solo-Eroberung wird nicht kompetitiv gespielt." in html


def test_board_shows_the_scenario_setup_for_this_player_count(client):
    """The set-up summary: 'the scenario's setup summary (rounds, Day/Night order, city levels, tiles, dummy player or not)'.
    Scenario Book, Full Conquest (2 players): 8 countryside tiles, 2 core city tiles, 1 core non-city tile,
    each revealed city level 4."""
    gid = new_game(client)
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    summary = html[html.index('data-testid="setup-summary"'):]
    summary = summary[:summary.index("</details>")]
    assert "Day, Night, Day, Night, Day, Night" in summary
    assert re.search(r"Countryside tiles</dt><dd>8<", summary) and re.search(r"Core city tiles</dt><dd>2<", summary)
    assert re.search(r"City levels</dt><dd>4, 4<", summary) and re.search(r"Dummy player</dt><dd>no<", summary)


def test_four_player_conquer_and_hold_is_a_team_game(client):
    """Scenario Book, Conquer and Hold: 'Players: 2, or 4 (two teams)' and 'If playing with four, Team Rules apply'."""
    four = {f"name_{i}": n for i, n in enumerate("ABCD")}
    resp = client.post("/games", data={"scenario": "conquer_and_hold", "mode": "competitive", **four})
    assert resp.status_code == 400 and "played in two teams" in resp.get_data(as_text=True)
    teams = {f"team_{i}": t for i, t in enumerate("AABB")}
    assert client.post("/games", data={"scenario": "conquer_and_hold", "mode": "team", **four, **teams}).status_code == 303


# ------------------------------------------------------------------ token corrections: only what differs


def _api_game(client):
    r = client.post("/api/v1/games", json={"scenario": "solo_conquest", "mode": "solo",
                                           "players": [{"name": "Anna", "hero": "tovak"}]})
    return r.get_json()["id"], {"Authorization": "Bearer " + r.get_json()["device_token"]}


def test_a_token_correction_through_the_api_gives_only_the_fields_that_differ(client):
    """docs/api.md, command `override`: "Stores only what differs from the printed token" - a tool sends only
    those fields; the others keep the printed values (Swamp Dragon: Armor 9, Attack 5, Swift and Poison)."""
    gid, h = _api_game(client)
    url = f"/api/v1/games/{gid}/commands/override"
    r = client.post(url, json={"enemy": "swamp_dragon", "armor": 8}, headers=h)
    assert r.status_code == 201, r.get_data(as_text=True)
    assert r.get_json()["state"]["overrides"] == {"swamp_dragon": {"armor": 8}}
    r = client.post(url, json={"enemy": "swamp_dragon", "ability": ["swift", "paralyze"]}, headers=h)
    assert r.status_code == 201
    assert r.get_json()["state"]["overrides"] == {"swamp_dragon": {"abilities": ["swift", "paralyze"]}}
    r = client.post(url, json={"enemy": "swamp_dragon", "attack_value": [6], "attack_element": ["fire"]}, headers=h)
    assert r.get_json()["state"]["overrides"] == {"swamp_dragon": {"attacks": [{"value": 6, "element": "fire"}]}}
    r = client.post(url, json={"enemy": "swamp_dragon", "elusive_armor": None}, headers=h)  # no change at all
    assert r.status_code == 201 and r.get_json()["state"]["overrides"] == {}
    r = client.post(url, json={"enemy": "swamp_dragon", "fame": "much"}, headers=h)
    assert r.status_code == 400 and "error" in r.get_json()
