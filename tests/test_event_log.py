"""The event log: fold, undo/redo, conflicts, double taps ("Event log")."""

import pytest

from companion.db import connect
from companion.events import Conflict, NothingToDo, load_events, record, undo_or_redo
from companion.game.flow import trackers, units  # noqa: F401  (registers the tracker and Unit reducers)
from companion.game.spine.sentences import render_sentence, sentence
from companion.state import Event, fold, rng, scopes_overlap, walk

SETUP = {"scenario": "full_conquest", "mode": "competitive", "players": [{"name": "Anna"}, {"name": "Ben"}]}


def ev(seq, type, payload=None, scope=("x",)):
    return Event(seq=seq, type=type, payload=payload or {}, sentence={"msg": type, "args": {}}, scope=scope)


@pytest.fixture
def db(tmp_path):
    d = connect(str(tmp_path / "log.db"), migrate=True)
    d["games"].insert({"id": 1, "name": "", "token": "t", "host_device": "h", "seed": "s", "setup": "{}",
                       "created": "now"})
    return d


def fame(db, player, amount, based_on=None, nonce=None):
    return record(db, 1, type="player.fame", payload={"player": player, "amount": amount},
                  sentence=sentence("%(n)d Fame", n=amount), scope=(f"player:{player}:fame",),
                  based_on=based_on, nonce=nonce)


def state_of(db):
    return fold(1, SETUP, "seed", load_events(db, 1))


def test_state_is_the_fold_of_the_log(db):
    fame(db, 0, 4)
    fame(db, 0, 5)
    fame(db, 1, 2)
    st = state_of(db)
    assert [p["fame"] for p in st["players"]] == [9, 2]


def test_sequence_numbers_are_per_game_and_consecutive(db):
    db["games"].insert({"id": 2, "name": "", "token": "t2", "host_device": "h", "seed": "s", "setup": "{}",
                        "created": "now"})
    fame(db, 0, 1)
    record(db, 2, type="player.fame", payload={"player": 0, "amount": 1}, sentence=sentence("x"), scope=("a",))
    fame(db, 0, 1)
    assert [e.seq for e in load_events(db, 1)] == [1, 2]
    assert [e.seq for e in load_events(db, 2)] == [1]


def test_undo_takes_back_the_latest_event_and_redo_puts_it_back(db):
    fame(db, 0, 4)
    fame(db, 0, 5)
    undo_or_redo(db, 1, "undo", based_on=2)
    assert state_of(db)["players"][0]["fame"] == 4
    undo_or_redo(db, 1, "undo", based_on=3)
    assert state_of(db)["players"][0]["fame"] == 0
    undo_or_redo(db, 1, "redo", based_on=4)
    assert state_of(db)["players"][0]["fame"] == 4
    # the log keeps everything: 2 commands, 2 undos, 1 redo
    assert [e.type for e in load_events(db, 1)] == ["player.fame", "player.fame", "undo", "undo", "redo"]


def test_a_new_command_after_undo_clears_redo(db):
    fame(db, 0, 4)
    undo_or_redo(db, 1, "undo", based_on=1)
    fame(db, 0, 1)
    with pytest.raises(NothingToDo):
        undo_or_redo(db, 1, "redo", based_on=3)
    assert state_of(db)["players"][0]["fame"] == 1


def test_nothing_to_undo(db):
    with pytest.raises(NothingToDo):
        undo_or_redo(db, 1, "undo", based_on=0)


def test_stale_command_on_the_same_thing_is_a_conflict(db):
    fame(db, 0, 4, based_on=0)
    with pytest.raises(Conflict):
        fame(db, 0, 1, based_on=0)  # another phone changed Anna's Fame since this view
    assert state_of(db)["players"][0]["fame"] == 4


def test_stale_command_on_something_else_is_not_a_conflict(db):
    fame(db, 0, 4, based_on=0)
    fame(db, 1, 2, based_on=0)  # Ben's Fame: nothing changed there
    assert [p["fame"] for p in state_of(db)["players"]] == [4, 2]


def test_undo_from_a_stale_view_is_refused(db):
    fame(db, 0, 4, based_on=0)
    fame(db, 1, 2, based_on=1)
    with pytest.raises(Conflict):
        undo_or_redo(db, 1, "undo", based_on=1)  # would undo Ben's change, which this phone has not seen


def test_double_tap_records_one_event(db):
    a = fame(db, 0, 4, based_on=0, nonce="tap-1")
    b = fame(db, 0, 4, based_on=0, nonce="tap-1")
    assert not a.duplicate and b.duplicate and a.event.seq == b.event.seq
    assert len(load_events(db, 1)) == 1


def test_walk_marks_undone_events():
    events = [ev(1, "a"), ev(2, "b"), ev(3, "undo"), ev(4, "c")]
    active, redo, status = walk(events)
    assert [e.seq for e in active] == [1, 4] and redo == [] and status[2] == "undone"


def test_scopes_overlap_by_path():
    assert scopes_overlap(["player:0"], ["player:0:fame"])
    assert not scopes_overlap(["player:0:fame"], ["player:1:fame"])
    assert not scopes_overlap(["player:1"], ["player:10"])
    assert scopes_overlap(["*"], ["dummy"])


def test_randomness_is_seeded_by_game_and_event():
    st = {"game": {"seed": "abc"}}
    e = ev(7, "dummy.turn")
    assert rng(st, e).random() == rng(st, e).random()
    assert rng(st, e).random() != rng(st, ev(8, "dummy.turn")).random()


def test_sentences_render_with_translated_arguments():
    s = sentence("%(name)s gains a %(color)s crystal", translate=("color",), name="Anna", color="red")
    assert render_sentence(s) == "Anna gains a red crystal"
    assert render_sentence(s, {"red": "rot", "%(name)s gains a %(color)s crystal": "%(name)s: %(color)s"}.get) \
        == "Anna: rot"
