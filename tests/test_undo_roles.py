"""Undo you can read and roles through the Flask test client: undo you can read ("Undo: ... (by Ben)", "Undo my last",
the notice on every phone, undo of one log entry) and roles the server enforces (a watcher changes nothing)."""

import re

from companion.db import get_db
from companion.events import load_events
from companion.game.spine import undo as u
from companion.state import UNDO_EVENT, Event, walk

from game_helpers import device_headers, my_device_headers, new_game
from game_helpers import join_phone as _join, page_seq as _seq


def _events(app, gid):
    with app.test_request_context():
        return load_events(get_db(), gid)


def _token(app, gid) -> dict:
    with app.app_context():
        from companion.web.common import game_row

        return {"X-Game-Token": game_row(gid)["token"]}


def _table(app, client):
    gid = new_game(client)
    client.post(f"/games/{gid}/who", data={"player": "0"})  # the host is Anna
    ben = _join(app, client, gid, "1")
    return gid, ben


def test_undo_button_says_what_and_whose(app, client):
    gid, ben = _table(app, client)
    ben.post(f"/games/{gid}/do/crystal", data={"player": 1, "color": "white", "amount": 1})
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    undo = re.search(r'data-testid="undo"[^>]*>([^<]+)<', html).group(1)
    assert "Undo: Ben" in undo and "white" in undo and "(by Ben)" in undo
    log = client.get(f"/games/{gid}/log").get_data(as_text=True)
    assert "by Ben" in log


def test_undo_my_last_takes_back_my_own_change_not_a_later_one_elsewhere(app, client):
    """Anna's slip is Fame; Ben's crystal came after: "Undo my last" takes back Anna's Fame, Ben's crystal stays."""
    gid, ben = _table(app, client)
    client.post(f"/games/{gid}/do/fame", data={"player": 0, "amount": 5})
    ben.post(f"/games/{gid}/do/crystal", data={"player": 1, "color": "white", "amount": 1})
    r = client.post(f"/games/{gid}/undo-mine", data={})
    assert r.status_code == 303
    evs = _events(app, gid)
    assert evs[-1].type == UNDO_EVENT and evs[-1].payload == {"target": 1}
    active, _, _ = walk(evs)
    assert [e.seq for e in active] == [2]
    html = ben.get(f"/games/{gid}").get_data(as_text=True)
    notice = re.search(r'data-testid="undo-notice">([^<]+)<', html).group(1)
    assert notice.startswith("Anna undid: Anna gains 5 Fame")
    # redo puts it back in its place
    assert client.post(f"/games/{gid}/redo", data={}).status_code == 303
    assert [e.seq for e in walk(_events(app, gid))[0]] == [1, 2]
    assert "Anna redid: Anna gains 5 Fame" in ben.get(f"/games/{gid}").get_data(as_text=True)


def test_undo_my_last_is_refused_naming_the_change_in_the_way(app, client):
    gid, ben = _table(app, client)
    client.post(f"/games/{gid}/do/fame", data={"player": 0, "amount": 5})
    ben.post(f"/games/{gid}/do/fame", data={"player": 0, "amount": 3})
    r = client.post(f"/games/{gid}/undo-mine", data={})
    body = r.get_data(as_text=True)
    assert r.status_code == 409
    # in its own words: the later entry, its number and who made it (not "Changed on another phone")
    assert "Ben&#39;s entry #2, “Anna gains 3 Fame" in body
    assert "”, changed this since: undo that first, or ask Ben." in body
    assert "<strong>Changed on another phone</strong>" not in body and "<strong>Not taken back</strong>" in body
    assert len(_events(app, gid)) == 2
    # in German too
    client.post("/lang", data={"lang": "de"})
    r = client.post(f"/games/{gid}/undo-mine", data={})
    assert r.status_code == 409 and "Eintrag #2 von Ben" in r.get_data(as_text=True)


def test_log_page_undoes_one_entry_under_the_same_rule(app, client):
    gid, ben = _table(app, client)
    client.post(f"/games/{gid}/do/fame", data={"player": 0, "amount": 5})
    ben.post(f"/games/{gid}/do/crystal", data={"player": 1, "color": "red", "amount": 1})
    ben.post(f"/games/{gid}/do/crystal", data={"player": 1, "color": "red", "amount": 1})
    log = client.get(f"/games/{gid}/log").get_data(as_text=True)
    assert 'data-testid="undo-entry-1"' in log and 'data-testid="undo-entry-3"' in log
    assert 'data-testid="undo-entry-2"' not in log  # the third entry touched the same crystals since
    assert client.post(f"/games/{gid}/undo/2", data={}).status_code == 409
    assert client.post(f"/games/{gid}/undo/1", data={}).status_code == 303
    state = client.get(f"/api/v1/games/{gid}", headers=_token(app, gid)).get_json()["state"]
    assert state["players"][0]["fame"] == 0 and state["players"][1]["crystals"]["red"] == 2
    assert client.post(f"/games/{gid}/undo/99", data={}).status_code == 409


def test_watcher_sees_everything_and_every_change_answers_403(app, client):
    gid, _ben = _table(app, client)
    client.post(f"/games/{gid}/do/fame", data={"player": 0, "amount": 5})
    watcher = _join(app, client, gid, "watch")
    html = watcher.get(f"/games/{gid}").get_data(as_text=True)
    assert 'class="watching"' in html and 'data-testid="watching"' in html and 'data-testid="undo"' not in html
    seq = _seq(watcher, gid)
    for path, data in ((f"/games/{gid}/do/fame", {"player": 0, "amount": 5, "based_on": seq}),
                       (f"/games/{gid}/undo", {"based_on": seq}), (f"/games/{gid}/redo", {}),
                       (f"/games/{gid}/undo-mine", {}), (f"/games/{gid}/undo/1", {}),
                       (f"/games/{gid}/do/nonsense", {}), (f"/games/{gid}/combat/new", {}),
                       (f"/games/{gid}/score/final", {})):
        assert watcher.post(path, data=data).status_code == 403, path
    r = watcher.post(f"/api/v1/games/{gid}/commands/fame", json={"player": 0, "amount": 1})
    assert r.status_code == 403  # the API never takes the cookie
    r = watcher.post(f"/api/v1/games/{gid}/commands/fame", json={"player": 0, "amount": 1}, headers=_token(app, gid))
    assert r.status_code == 403 and "Authorization: Bearer" in r.get_json()["error"]  # the game token only reads
    r = watcher.post(f"/api/v1/games/{gid}/commands/fame", json={"player": 0, "amount": 1},
                     headers=device_headers(app, gid, watch=True))
    assert r.status_code == 403 and "watch" in r.get_json()["error"]
    assert watcher.post(f"/games/{gid}/api-token").status_code == 403  # no API token for a watching phone
    assert len(_events(app, gid)) == 1
    # "I only watch" is a role only the host changes: the phone cannot choose a player itself
    assert watcher.post(f"/games/{gid}/who", data={"player": "1"}).status_code == 403
    assert watcher.post(f"/games/{gid}/do/fame", data={"player": 0, "amount": 1}).status_code == 403


def test_log_names_the_device_host_or_watcher():
    state = {"players": [{"name": "Anna"}, {"name": "Ben"}]}
    assert u.who(state, {"by": {"role": "player", "player": 1}}) == "Ben"
    assert u.who(state, {"by": {"role": "host", "player": None}}) == "host"
    assert u.who(state, {"by": {"role": "watcher", "player": None}}) == "watcher"
    assert u.who(state, {"msg": "x"}) is None


def test_walk_takes_back_a_middle_event_and_redo_puts_it_back_in_place():
    def e(seq, type_="t", **payload):
        return Event(seq=seq, type=type_, payload=payload, sentence={"msg": str(seq)}, scope=(f"s{seq}",))

    log = [e(1), e(2), e(3), e(4, UNDO_EVENT, target=2)]
    active, undone, status = walk(log)
    assert [x.seq for x in active] == [1, 3] and status[2] == "undone"
    active, _, _ = walk(log + [e(5, "redo")])
    assert [x.seq for x in active] == [1, 2, 3]


def test_runewars_game_navigation_shows_only_runewars_pages(client):
    """A Runewars game (setup "game": "runewars") has no Combat, Dummy, Score, PvP or token pages of Mage Knight."""
    r = client.post("/runewars", data={"name_0": "Elf", "name_1": "Uthuk"})
    gid = int(re.search(r"/games/(\d+)/who", r.headers["Location"]).group(1))
    client.post(f"/games/{gid}/who", data={"player": "0"})
    nav = re.search(r'<nav class="gamenav".*?</nav>', client.get(f"/games/{gid}/runewars").get_data(as_text=True),
                    re.S).group(0)
    keys = re.findall(r'data-testid="nav-([\w-]+)"', nav)
    assert keys == ["runewars", "runewars-heroes", "log", "invite"]
    mk = new_game(client)
    nav = re.search(r'<nav class="gamenav".*?</nav>', client.get(f"/games/{mk}").get_data(as_text=True), re.S).group(0)
    assert "nav-combat" in nav and "nav-score" in nav and "nav-runewars" not in nav


def test_plurals_through_ngettext_in_both_languages(app, client):
    """Counts: "1 Wound card", "2 Wound cards" (Rulebook, Wounds: Wound cards go into the deed deck)."""
    gid = new_game(client)
    client.post(f"/games/{gid}/who", data={"player": "0"})
    client.post(f"/games/{gid}/do/wounds", data={"player": 0, "amount": 1})
    client.post(f"/games/{gid}/do/wounds", data={"player": 0, "amount": 2})
    log = client.get(f"/games/{gid}/log").get_data(as_text=True)
    assert "Anna takes 1 Wound card (1 in the deck)." in log and "Anna takes 2 Wound cards (3 in the deck)." in log
    client.post("/lang", data={"lang": "de"})
    log = client.get(f"/games/{gid}/log").get_data(as_text=True)
    assert "Anna nimmt 1 Verletzungskarte (1 im Deck)." in log and "Anna nimmt 2 Verletzungskarten (3 im Deck)." in log


def test_no_internal_ids_in_refusals(client):
    gid = new_game(client)
    client.post(f"/games/{gid}/who", data={"player": "0"})
    r = client.post(f"/games/{gid}/do/shield", data={"player": 0, "site": "mage_tower", "amount": -1})
    assert r.status_code == 400 and "mage_tower" not in r.get_data(as_text=True)
    assert "mage tower" in r.get_data(as_text=True)


def test_solo_scenario_sets_the_solo_mode(client):
    """Scenario Book, Solo Conquest is played solo: its option tells the form (static/app.js picks the mode; the
    browser test drives it). The server still refuses a solo scenario played another way, in the reader's words."""
    html = client.get("/games/new").get_data(as_text=True)
    assert re.search(r'value="solo_conquest" data-modes="solo"', html)
    # Full Cooperation is played co-op (its own way), and solo as the Scenario Book allows
    assert re.search(r'value="full_cooperation" data-modes="coop solo" data-own="coop"', html)


def test_grey_heroes_tokens_are_told_apart():
    """The Lost Legion's four grey tokens all printed "Heroes": named by what differs."""
    from companion.rules.data import get_rules

    e = get_rules().enemies
    assert {e[k].name for k in ("heroes_fortified", "heroes_swift", "heroes_fire", "heroes_ice")} == {
        "Heroes (Fortified)", "Heroes (Swift)", "Heroes (fire)", "Heroes (ice)"}
    assert e["heroes_swift"].name_de == "Helden (Flink)"


def test_cancelling_a_combat_asks_first(client):
    """Cancelling a combat drops what was entered in it: the form asks first (htmx's hx-confirm, no inline JS)."""
    gid = new_game(client)
    client.post(f"/games/{gid}/who", data={"player": "0"})
    r = client.post(f"/games/{gid}/combat/setup", data={"player": "0", "fight": "city", "city": "white",
                                                        "level": "5"})
    assert r.status_code == 303
    html = client.get(f"/games/{gid}/combat").get_data(as_text=True)
    form = re.search(r'<form[^>]*data-testid="combat-cancel-form"[^>]*>', html).group(0)
    assert 'hx-confirm="Cancel this combat?' in form


def test_json_api_undoes_one_event_and_refuses_watchers(app, client):
    gid, ben = _table(app, client)
    client.post(f"/games/{gid}/do/fame", data={"player": 0, "amount": 5})
    ben.post(f"/games/{gid}/do/fame", data={"player": 0, "amount": 3})
    h = my_device_headers(client, gid)  # the host's phone's own API token: the API acts as that phone
    r = client.post(f"/api/v1/games/{gid}/undo/1", json={}, headers=h)
    assert r.status_code == 409 and "Anna gains 3 Fame" in r.get_json()["error"]
    r = client.post(f"/api/v1/games/{gid}/undo/2", json={}, headers=h)  # Ben's entry: asked first
    assert r.status_code == 400 and r.get_json()["needs_confirm"] and "Ben's entry" in r.get_json()["error"]
    r = client.post(f"/api/v1/games/{gid}/undo/2", json={"confirm": True}, headers=h)
    assert r.status_code == 201 and r.get_json()["state"]["players"][0]["fame"] == 5
    for headers in (_token(app, gid), device_headers(app, gid, watch=True)):  # the game token reads; a watcher reads
        assert client.post(f"/api/v1/games/{gid}/undo/1", json={}, headers=headers).status_code == 403
        assert client.post(f"/api/v1/games/{gid}/undo", json={}, headers=headers).status_code == 403
        assert client.get(f"/api/v1/games/{gid}", headers=headers).status_code == 200
