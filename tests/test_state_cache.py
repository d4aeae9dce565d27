"""The per-game state cache and write transactions. Rulebook: Fame track (fame adds
up on the track); the app's rule that the state is the fold of the log, undo/redo included (docs/architecture.md)."""
import threading

import pytest

from companion.db import connect
from companion.events import Conflict, load_events, record, undo_or_redo
from companion.game.flow import trackers, units  # noqa: F401  (registers the tracker and Unit reducers)
from companion.game.spine.sentences import sentence
from companion.state import fold
from companion.state_cache import StateCache

SETUP = {"scenario": "full_conquest", "mode": "competitive", "players": [{"name": "Anna"}, {"name": "Ben"}]}
NS = "test-db"


@pytest.fixture
def db(tmp_path):
    d = connect(str(tmp_path / "cache.db"), migrate=True)
    for gid, seed in ((1, "seed-one"), (2, "seed-two")):
        d["games"].insert({"id": gid, "name": "", "token": "t", "host_device": "h", "seed": seed, "setup": "{}",
                           "created": "now"})
    return d


def fame(db, amount, player=0, game=1, based_on=None):
    return record(db, game, type="player.fame", payload={"player": player, "amount": amount},
                  sentence=sentence("%(n)d Fame", n=amount), scope=(f"player:{player}:fame",), based_on=based_on)


def cached(cache, db, game=1):
    return cache.state(db, NS, game, SETUP, "seed-one" if game == 1 else "seed-two")


def folded(db, game=1):
    return fold(game, SETUP, "seed-one" if game == 1 else "seed-two", load_events(db, game))


def test_a_hit_costs_no_fold_and_equals_the_fold(db):
    cache = StateCache()
    fame(db, 3)
    first, seq = cached(cache, db)
    again, seq2 = cached(cache, db)
    assert first == again == folded(db) and seq == seq2 == 1
    assert cache.stats == {"hit": 1, "incremental": 0, "checkpoint": 0, "full": 1}


def test_a_write_is_seen_and_applied_incrementally(db):
    """Fame track: 3 then 4 more Fame is 7; the second read applies only the new event."""
    cache = StateCache()
    fame(db, 3)
    cached(cache, db)
    fame(db, 4)
    st, seq = cached(cache, db)
    assert st["players"][0]["fame"] == 7 and seq == 2 and st == folded(db)
    assert cache.stats["incremental"] == 1 and cache.stats["full"] == 1


def test_undo_and_redo_rebuild_the_state(db):
    cache = StateCache()
    fame(db, 3)
    fame(db, 4)
    assert cached(cache, db)[0]["players"][0]["fame"] == 7
    undo_or_redo(db, 1, "undo", based_on=2)
    st, seq = cached(cache, db)
    assert st["players"][0]["fame"] == 3 and seq == 3 and st == folded(db)
    undo_or_redo(db, 1, "redo", based_on=3)
    st, seq = cached(cache, db)
    assert st["players"][0]["fame"] == 7 and seq == 4 and st == folded(db)
    fame(db, 1)  # after a redo, a plain event is applied incrementally again
    assert cached(cache, db)[0] == folded(db)


def test_a_conflict_records_nothing_and_the_cache_shows_the_winner(db):
    cache = StateCache()
    fame(db, 3)
    cached(cache, db)
    fame(db, 2, based_on=1)  # phone A
    with pytest.raises(Conflict):
        fame(db, 5, based_on=1)  # phone B, same scope, stale view
    st, seq = cached(cache, db)
    assert st["players"][0]["fame"] == 5 and seq == 2 and st == folded(db)


def test_two_games_do_not_mix(db):
    cache = StateCache()
    fame(db, 3, game=1)
    fame(db, 9, game=2)
    assert cached(cache, db, 1)[0]["players"][0]["fame"] == 3
    assert cached(cache, db, 2)[0]["players"][0]["fame"] == 9
    assert cached(cache, db, 1)[0]["game"]["seed"] == "seed-one"


def test_a_reused_game_id_with_a_new_seed_is_a_new_entry(db):
    """A deleted game's id can be reused by SQLite: the seed in the key keeps the old state out."""
    cache = StateCache()
    fame(db, 3)
    cached(cache, db)
    st, _ = cache.state(db, NS, 1, SETUP, "another-seed")
    assert st["game"]["seed"] == "another-seed" and cache.stats["full"] == 2


def test_a_mutated_returned_state_does_not_leak_into_the_cache(db):
    cache = StateCache()
    fame(db, 3)
    st, _ = cached(cache, db)
    st["players"][0]["fame"] = 99
    st["players"].append({"name": "intruder"})
    st["round"] = 7
    again, _ = cached(cache, db)
    assert again == folded(db) and again["players"][0]["fame"] == 3
    fame(db, 1)
    st2, _ = cached(cache, db)  # the incremental path copies too
    st2["players"][0]["crystals"]["red"] = 3
    assert cached(cache, db)[0] == folded(db)


def test_memory_is_bounded(db):
    cache = StateCache(max_games=1)
    cached(cache, db, 1)
    cached(cache, db, 2)
    assert len(cache) == 1
    assert cached(cache, db, 1)[0] == folded(db, 1)


def test_threads_reading_and_writing_see_consistent_states(db, tmp_path):
    """Waitress serves requests from several threads: every state handed out equals the fold at its seq."""
    cache = StateCache()
    path = str(tmp_path / "cache.db")
    errors = []

    def writer():
        conn = connect(path)
        for _ in range(15):
            fame(conn, 1)

    def reader():
        conn = connect(path)
        for _ in range(30):
            st, seq = cached(cache, conn)
            expected = fold(1, SETUP, "seed-one", [e for e in load_events(conn, 1) if e.seq <= seq])
            if st != expected:
                errors.append(seq)

    threads = [threading.Thread(target=writer)] + [threading.Thread(target=reader) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert cached(cache, db)[0]["players"][0]["fame"] == 15


def test_write_transactions_begin_immediate(db):
    """Every write transaction takes the write lock up front (no "database is locked" when a
    double tap's read finds a newer writer)."""
    seen = []
    db.conn.set_trace_callback(seen.append)
    fame(db, 1)
    undo_or_redo(db, 1, "undo", based_on=1)
    with db.atomic():
        db["games"].update(2, {"name": "x"})
    db.conn.set_trace_callback(None)
    begins = [s for s in seen if s.strip().upper().startswith("BEGIN")]
    assert begins and all(s.strip().upper() == "BEGIN IMMEDIATE" for s in begins)


def test_pages_and_poll_follow_the_log_through_the_app(client):
    """Through the web layer: the board shows each change (cache invalidated by the write), the poll answers
    204 while nothing changed and names the new seq after a change."""
    import re

    from game_helpers import new_game

    gid = new_game(client)
    client.post(f"/games/{gid}/who", data={"role": "player", "player": "0"})
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    seq = int(re.search(r'data-seq="(\d+)"', html).group(1))
    assert client.get(f"/games/{gid}/poll?seq={seq}").status_code == 204
    resp = client.post(f"/games/{gid}/do/fame", data={"player": "0", "amount": "5", "based_on": str(seq),
                                                     "nonce": "n1"})
    assert resp.status_code == 303
    poll = client.get(f"/games/{gid}/poll?seq={seq}")
    assert poll.status_code == 200 and f'data-seq="{seq + 1}"' in poll.get_data(as_text=True)
    assert client.get(f"/games/{gid}/poll?seq={seq + 1}").status_code == 204
    assert client.get("/games/999/poll?seq=0").status_code == 404
    assert client.get(f"/games/{2 ** 63}/poll?seq=0").status_code == 404


# ---------------------------------------------------------------------------------------- checkpoints of the fold

def _random_log_step(db, rnd, game=1):
    """One random step of a game: Fame, crystals, a unit recruited or disbanded, an undo, a redo, or taking back
    one chosen event in force (``undo.event``)."""
    from companion.events import _whole_log
    from companion.state import UNDO_EVENT, walk

    roll = rnd.random()
    p = rnd.randrange(2)
    if roll < 0.15:
        try:
            undo_or_redo(db, game, "undo", based_on=None)
        except Exception:  # noqa: BLE001 - nothing to undo
            pass
    elif roll < 0.27:
        try:
            undo_or_redo(db, game, "redo", based_on=None)
        except Exception:  # noqa: BLE001 - nothing to redo
            pass
    elif roll < 0.35:
        active, _undone, _ = walk(_whole_log(db, game, None))
        if active:
            target = rnd.choice(active)
            record(db, game, type=UNDO_EVENT, payload={"target": target.seq}, sentence=sentence("x"),
                   scope=target.scope)
    elif roll < 0.5:
        record(db, game, type="unit.recruit", payload={"player": p, "name": "Peasants", "level": 1, "armor": 3},
               sentence=sentence("x"), scope=(f"player:{p}:units",))
    elif roll < 0.65:
        record(db, game, type="player.crystal", payload={"player": p, "color": "red", "amount": 1},
               sentence=sentence("x"), scope=(f"player:{p}:crystals:red",))
    else:
        fame(db, rnd.randint(1, 5), player=p)


@pytest.mark.parametrize("seed", range(4))
def test_an_undo_resumed_from_a_checkpoint_equals_the_whole_fold(db, monkeypatch, seed):
    """The state is the fold of the log, undo/redo included (docs/architecture.md): after any mix of events,
    undos, redos and ``undo.event`` (taken back from the middle, put back in its place), the cached state resumed
    from a checkpoint is exactly the fold of the whole log, step after step."""
    import random

    from companion import state_cache

    monkeypatch.setattr(state_cache, "CHECKPOINT_EVERY", 3)  # many checkpoints in a short game
    rnd = random.Random(seed)
    cache = StateCache()
    for _ in range(120):
        for _ in range(rnd.choice((1, 1, 1, 2, 3))):  # a read can see several new events at once
            _random_log_step(db, rnd)
        assert cached(cache, db)[0] == folded(db)
    assert cache.stats["checkpoint"] > 10 and cache.stats["full"] == 1


def test_an_undo_in_a_long_game_resumes_near_its_end(db, monkeypatch):
    """An undo at 300 events applies only the events after the checkpoint before it, not the whole log."""
    from companion import state, state_cache

    cache = StateCache()
    for i in range(300):
        fame(db, 1, player=i % 2)
    cached(cache, db)
    calls = []
    original = state.REDUCERS["player.fame"]
    monkeypatch.setitem(state.REDUCERS, "player.fame", lambda s, p, e: (calls.append(e.seq), original(s, p, e)))
    undo_or_redo(db, 1, "undo", based_on=None)
    st, _ = cached(cache, db)
    applied = len(calls)
    assert st == folded(db) and st["players"][0]["fame"] + st["players"][1]["fame"] == 299
    assert 0 < applied <= state_cache.CHECKPOINT_EVERY and cache.stats["checkpoint"] == 1


def test_a_failing_event_is_skipped_as_the_fold_skips_it_then_undo_still_matches(db):
    """A stored event for a player the game does not have (its payload check refuses it) is skipped and named
    (``failed_events``), exactly as the fold does; undo and redo around it still give the fold's state."""
    cache = StateCache()
    fame(db, 2)
    cached(cache, db)
    record(db, 1, type="player.fame", payload={"player": 9, "amount": 1}, sentence=sentence("x"),
           scope=("player:9:fame",))
    fame(db, 3)
    st, _ = cached(cache, db)
    assert st == folded(db) and [f["seq"] for f in st["failed_events"]] == [2]
    undo_or_redo(db, 1, "undo", based_on=None)
    assert cached(cache, db)[0] == folded(db)
    undo_or_redo(db, 1, "redo", based_on=None)
    assert cached(cache, db)[0] == folded(db)


def test_the_cached_log_walks_as_the_log_does(db):
    """The log the cache hands out (``Log``, its undo/redo walk done) walks exactly as the events read again."""
    import random

    from companion.state import walk

    cache = StateCache()
    rnd = random.Random(7)
    for _ in range(60):
        _random_log_step(db, rnd)
        _st, seq = cached(cache, db)
        log = cache.log(NS, 1, "seed-one", seq)
        assert log is not None and log.walker is not None
        assert list(log) == load_events(db, 1) and walk(log) == walk(load_events(db, 1))


def test_the_events_kept_over_all_games_are_bounded(db, monkeypatch):
    """The cache keeps each game's parsed log: over all games at most MAX_EVENTS, the least recent game first."""
    from companion import state_cache

    monkeypatch.setattr(state_cache, "MAX_EVENTS", 3)
    cache = StateCache()
    fame(db, 1, game=1)
    fame(db, 2, game=1)
    fame(db, 1, game=2)
    fame(db, 2, game=2)
    cached(cache, db, 1)
    cached(cache, db, 2)
    assert len(cache) == 1 and cached(cache, db, 1)[0] == folded(db, 1)


def test_a_stored_event_its_payload_check_refuses_is_skipped_and_undo_still_resumes_from_a_checkpoint(db):
    """A game an earlier version stored with player -1 (a list index Python would read as the last player): the
    payload check refuses it, so the cache skips and names it exactly as the fold does, without refolding the whole
    log; the game keeps its checkpoints (an undo later resumes near the end, as in any game)."""
    cache = StateCache()
    fame(db, 2)
    cached(cache, db)
    record(db, 1, type="player.fame", payload={"player": -1, "amount": 5}, sentence=sentence("x"),
           scope=("player:1:fame",))
    for i in range(100):
        fame(db, 1, player=i % 2)
    st, _ = cached(cache, db)
    assert st == folded(db) and [(f["seq"], f["type"]) for f in st["failed_events"]] == [(2, "player.fame")]
    assert "player must be a player of this game, not -1" in st["failed_events"][0]["error"]
    assert [p["fame"] for p in st["players"]] == [52, 50]  # Ben did not get the 5
    undo_or_redo(db, 1, "undo", based_on=None)
    st, _ = cached(cache, db)
    assert st == folded(db) and [p["fame"] for p in st["players"]] == [52, 49]
    assert cache.stats["full"] == 1 and cache.stats["checkpoint"] == 1


def test_a_stored_event_its_reducer_refuses_is_skipped_as_the_fold_skips_it(db, monkeypatch):
    """A payload the check accepts but the reducer cannot apply (an old log after the rules data changed): the
    whole log is folded again, which skips and names it; undo and redo around it still give the fold's state."""
    from companion import state

    original = state.REDUCERS["player.fame"]

    def fails_on_seven(s, p, e):
        if p["amount"] == 7:
            raise KeyError("no such thing any more")
        original(s, p, e)

    monkeypatch.setitem(state.REDUCERS, "player.fame", fails_on_seven)
    cache = StateCache()
    fame(db, 2)
    cached(cache, db)
    fame(db, 7)
    fame(db, 3)
    st, _ = cached(cache, db)
    assert st == folded(db) and [f["seq"] for f in st["failed_events"]] == [2]
    assert "KeyError" in st["failed_events"][0]["error"] and st["players"][0]["fame"] == 5
    undo_or_redo(db, 1, "undo", based_on=None)
    assert cached(cache, db)[0] == folded(db)
    undo_or_redo(db, 1, "redo", based_on=None)
    assert cached(cache, db)[0] == folded(db)
