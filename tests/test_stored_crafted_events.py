"""A game stored by an earlier version (imported before imports were checked, or written by an older app) whose log
holds an event today's payload check refuses: the fold skips that event as it skips one its reducer refuses (kept
in the log, its effect left out, named in ``state["failed_events"]``), so every page of the game answers without a
500 and the good events around the bad one still count. The events are written straight into the database, as an
old version would have. The crafted events are the ones the audit imported (a huge number, a Round order out of
range, player -1, a malformed enemy, a final score without players, a Runewars unit type without a name).
Rulebook (seed 000), Fame track: the Fame gained adds up on the track."""

from __future__ import annotations

import json
import re

import pytest

from game_helpers import my_device_headers, new_game
from import_helpers import render_every_page

COMBAT_SETUP = {"player": 0, "fight": "rampaging", "site": {"fortified": False, "city": None, "across_wall": False},
                "level": None, "hero_armor": 2, "hand_limit": 5, "units_allowed": True, "night": False,
                "revisit": False, "owner": None}
FAME = "player.fame"

# (label, the events written after Anna's first 3 Fame: [(type, payload, sentence or None)], the bad event's place
# among them)
CRAFTED = [
    ("huge number in a sentence argument",
     [(FAME, {"player": 0, "amount": 1}, {"msg": "%(n)c gains", "args": {"n": 10**30}})], None),
    ("huge number in a payload", [(FAME, {"player": 0, "amount": 10**30}, None)], 0),
    ("Round order index out of range", [("round.order", {"order": [5, 0]}, None)], 0),
    ("Round order with player -1", [("round.order", {"order": [-1, 0]}, None)], 0),
    ("player -1", [(FAME, {"player": -1, "amount": 4}, None)], 0),
    ("player as text", [(FAME, {"player": "0", "amount": 4}, None)], 0),
    ("amount not a whole number", [(FAME, {"player": 0, "amount": 1.5}, None)], 0),
    ("500 crystals", [("player.crystal", {"player": 0, "color": "red", "amount": 500}, None)], 0),
    ("malformed enemy", [("combat.setup", COMBAT_SETUP, None),
                         ("combat.enemy_add", {"enemy": {"name": "X", "armor": 3, "attacks": "many"}}, None)], 1),
    ("enemy as text", [("combat.setup", COMBAT_SETUP, None), ("combat.enemy_add", {"enemy": "golem"}, None)], 1),
    ("final score without players", [("score.final", {"sheet": {}, "result": {"players": []}}, None)], 0),
]


def write_events(app, gid, events):
    """Append rows to the game's log as an old version would have written them: no check at all."""
    from companion.db import get_db
    from companion.events import last_seq

    with app.app_context():
        db = get_db()
        seq = last_seq(db, gid)
        for type_, payload, sentence in events:
            seq += 1
            db["events"].insert({"game_id": gid, "seq": seq, "type": type_, "payload": json.dumps(payload),
                                 "sentence": json.dumps(sentence or {"msg": "x", "args": {}}), "text": "x",
                                 "scope": '["*"]', "device": None, "nonce": None, "created": "2025-01-01"})
        return seq


def forget_folded_states():
    from companion.state_cache import CACHE

    CACHE.clear()


def fame_of(client, gid, headers):
    r = client.get(f"/api/v1/games/{gid}", headers=headers)
    assert r.status_code == 200, r.status_code
    state = r.get_json()["state"]
    return [p["fame"] for p in state["players"]], state


@pytest.mark.parametrize("cold", [False, True], ids=["advanced", "cold fold"])
@pytest.mark.parametrize("label, events, bad", CRAFTED, ids=[c[0] for c in CRAFTED])
def test_a_stored_event_the_check_refuses_is_skipped_and_every_page_answers(app, client, label, events, bad, cold):
    gid = new_game(client)
    h = my_device_headers(client, gid)
    assert client.post(f"/games/{gid}/do/fame", data={"player": "0", "amount": "3"}).status_code == 303
    render_every_page(client, gid)  # the cache holds the game: the crafted rows arrive as new events
    first = write_events(app, gid, events) - len(events) + 1
    if cold:
        forget_folded_states()
    render_every_page(client, gid)
    r = client.post(f"/games/{gid}/do/fame", data={"player": "0", "amount": "2"})  # the game goes on
    assert r.status_code == 303, r.get_data(as_text=True)[-400:]
    render_every_page(client, gid)
    fame, state = fame_of(client, gid, h)
    failed = [f["seq"] for f in state.get("failed_events", [])]
    if bad is None:  # only its log sentence is bad: the event counts, its log line shows without the argument
        assert failed == [] and fame == [6, 0]
    else:  # the good events before and after count, the bad one does not
        assert failed == [first + bad] and fame == [5, 0], label
    assert len(client.get(f"/games/{gid}/export.json").get_json()["events"]) == 2 + len(events)  # kept in the log
    forget_folded_states()
    assert fame_of(client, gid, h)[1] == state  # the cold fold and the cache agree


def test_the_bad_event_is_undone_and_redone_like_any_other(app, client):
    """An undo of the skipped event takes it back (nothing changes), a redo puts it back (skipped again); the
    state cache resumes from its checkpoints exactly as the fold."""
    gid = new_game(client)
    h = my_device_headers(client, gid)
    client.post(f"/games/{gid}/do/fame", data={"player": "1", "amount": "3"})
    bad = write_events(app, gid, [(FAME, {"player": -1, "amount": 4}, None)])
    fame, state = fame_of(client, gid, h)
    assert fame == [0, 3] and [f["seq"] for f in state["failed_events"]] == [bad]
    assert client.post(f"/games/{gid}/undo").status_code == 303
    fame, state = fame_of(client, gid, h)
    assert fame == [0, 3] and "failed_events" not in state
    assert client.post(f"/games/{gid}/redo").status_code == 303
    fame, state = fame_of(client, gid, h)
    assert fame == [0, 3] and [f["seq"] for f in state["failed_events"]] == [bad]
    forget_folded_states()
    assert fame_of(client, gid, h)[1] == state
    render_every_page(client, gid)


def test_a_stored_runewars_unit_type_without_a_name_is_skipped(app, client):
    r = client.post("/runewars", data={"name_0": "Elf", "name_1": "Uthuk", "name": "Night battle"})
    gid = int(re.search(r"/games/(\d+)/", r.headers["Location"]).group(1))
    form = {"owner": "0", "name": "Archer", "initiative": "3", "shape": "triangle", "health": "1"}
    assert client.post(f"/games/{gid}/do/runewars_unit_type", data=form).status_code == 303
    good = client.get(f"/games/{gid}/export.json").get_json()["events"][0]["payload"]
    nameless = {k: v for k, v in good.items() if k != "name"}
    bad = write_events(app, gid, [("runewars.unit_type", nameless, None)])
    for cold in (False, True):
        if cold:
            forget_folded_states()
        bodies = render_every_page(client, gid)
        status, html = bodies["/runewars"]
        assert status == 200 and "Archer" in html
        assert f"Event {bad} could not be applied and is skipped" in html
    assert client.post(f"/games/{gid}/do/runewars_unit_type", data=dict(form, name="Spear")).status_code == 303
    html = client.get(f"/games/{gid}/runewars").get_data(as_text=True)
    assert "Archer" in html and "Spear" in html



BAD_SENTENCES = [
    ("arguments not an object", {"msg": "%(n)d Fame", "args": [1, 2]}),
    ("translated names not a list", {"msg": "%(name)s wins", "args": {"name": "Anna"}, "t": 5}),
    ("a malformed name", {"msg": "%(name)s wins", "args": {"name": {"$name": ["Anna"]}}}),
    ("the device's role a list", {"msg": "Fame", "args": {}, "by": {"role": ["host"], "player": 0}}),
    ("a huge width", {"msg": "%(n)999999999d", "args": {"n": 1}}),
    ("not an object at all", ["Fame"]),
    ("a nested sentence that is not one", {"msg": "%(what)s (by the host)", "args": {"what": {"msg": 5}},
                                           "nested": "what"}),
]


@pytest.mark.parametrize("label, sentence", BAD_SENTENCES, ids=[b[0] for b in BAD_SENTENCES])
def test_a_stored_log_sentence_this_version_cannot_read_shows_as_text_and_no_page_fails(app, client, label, sentence):
    """Log sentences are rendered when a page shows them, not folded: one an old version stored in a shape this
    version cannot format shows as its message text (or as an entry this version cannot show), and the event
    itself still counts."""
    gid = new_game(client)
    h = my_device_headers(client, gid)
    write_events(app, gid, [(FAME, {"player": 0, "amount": 2}, sentence)])
    for cold in (False, True):
        if cold:
            forget_folded_states()
        bodies = render_every_page(client, gid)
        assert bodies["/log"][0] == 200, label
    assert client.get(f"/games/{gid}/log", headers={"HX-Request": "true"}).status_code == 200
    assert fame_of(client, gid, h)[0] == [2, 0]


def test_an_explanation_line_this_version_cannot_format_shows_as_text(app, client):
    """A final score stored with explanation lines in a shape this version cannot format (a number where text is
    wanted, a huge width, arguments not an object): the score pages answer, the lines show as their text."""
    gid = new_game(client)
    lines = [{"msg": "%(x)d points", "args": {"x": "a"}}, {"msg": "%(x)999999999d", "args": {"x": 1}},
             {"msg": "%(x)s", "args": ["no"]}, {"msg": "%(x)s", "args": {"x": {"$name": ["A"]}}}]
    result = {"players": [{"name": "Anna", "total": 3, "lines": lines}], "explanation": lines}
    write_events(app, gid, [("score.final", {"sheet": {}, "result": result}, None)])
    for cold in (False, True):
        if cold:
            forget_folded_states()
        render_every_page(client, gid)
