"""The strict replay an import goes through (companion/game/spine/replay.py): the same state as the fold for any mix of
events, undos and redos; the first event a reducer refuses is named."""

import random

import pytest

from companion.game.spine.command import Invalid
from companion.game.spine.local import LocalGame
from companion.game.spine.replay import replay_strict
from companion.state import Event, Walker, fold, walk

SETUP = {"scenario": "full_conquest", "mode": "competitive", "name": "",
         "players": [{"name": "A", "hero": "tovak", "team": None}, {"name": "B", "hero": None, "team": None}]}


def log(kinds):
    """Fame events, undos and redos; an undo or redo with nothing to take back or put back (which no route
    records, and an import refuses) becomes a Fame event."""
    LocalGame(SETUP)  # registers every reducer
    events, walker = [], Walker()
    for i, k in enumerate(kinds, 1):
        if (k == "undo" and not walker.active) or (k == "redo" and not walker.undone):
            k = "player.fame"
        events.append(Event(seq=i, type=k, payload={"player": i % 2, "amount": 1} if k == "player.fame" else {},
                            sentence={}))
        walker.push(events[-1])
    return events


@pytest.mark.parametrize("seed", range(6))
def test_strict_replay_gives_the_folds_state_with_undo_and_redo(seed):
    rnd = random.Random(seed)
    events = log(rnd.choice(["player.fame"] * 3 + ["undo", "redo"]) for _ in range(400))
    assert replay_strict(0, SETUP, "s", events) == fold(0, SETUP, "s", events)


def test_the_first_event_a_reducer_refuses_is_named_even_if_it_was_undone():
    events = log(["player.fame", "player.fame", "undo", "player.fame"])
    events[1] = Event(seq=2, type="player.fame", payload={"player": 7, "amount": 1}, sentence={})
    with pytest.raises(Invalid, match=r"Event 2 \(player.fame\) cannot be replayed"):
        replay_strict(0, SETUP, "s", events)


def test_an_unknown_event_type_is_refused():
    events = log(["player.fame", "no.such"])
    with pytest.raises(Invalid, match=r"Event 2 \(no.such\) cannot be replayed: this version does not know"):
        replay_strict(0, SETUP, "s", events)


@pytest.mark.parametrize("seed", range(4))
def test_strict_replay_resumed_from_dense_checkpoints_is_the_fold(monkeypatch, seed):
    """With a checkpoint after every event, every undo resumes from one: still exactly the fold."""
    from companion.game.spine import replay

    monkeypatch.setattr(replay, "CHECKPOINT", 1)
    rnd = random.Random(100 + seed)
    events = log(rnd.choice(["player.fame"] * 3 + ["undo", "undo", "redo"]) for _ in range(300))
    assert replay_strict(0, SETUP, "s", events) == fold(0, SETUP, "s", events)


def _undo_event(seq: int, target: int) -> Event:
    return Event(seq=seq, type="undo.event", payload={"target": target}, sentence={})


def test_an_event_taken_back_from_the_middle_and_redone_replays_as_the_fold():
    """An entry taken back from the middle of a long log (the log page's undo), then put back in its place by a redo:
    the replay resumes from a checkpoint before the change (too far back for the journals), never from one after
    it, and gives the fold's state at each step."""
    events = log(["player.fame"] * 200)
    taken = events + [_undo_event(201, 51)]
    assert replay_strict(0, SETUP, "s", taken) == fold(0, SETUP, "s", taken)
    assert fold(0, SETUP, "s", taken) == fold(0, SETUP, "s", events[:50] + events[51:])
    redone = taken + [Event(seq=202, type="redo", payload={}, sentence={})]
    assert replay_strict(0, SETUP, "s", redone) == fold(0, SETUP, "s", events)
    after = redone + [Event(seq=203, type="player.fame", payload={"player": 1, "amount": 2}, sentence={})]
    assert replay_strict(0, SETUP, "s", after) == fold(0, SETUP, "s", after)


@pytest.mark.parametrize("seed", range(6))
def test_every_kind_of_undo_mixed_replays_as_the_fold(seed):
    """Undo, per-entry undo (the log page: any entry, in force or not), "Undo my last" (a player's latest entry)
    and redo, mixed at random: the strict replay follows them exactly as the fold does."""
    rnd = random.Random(500 + seed)
    events: list[Event] = log([])
    for seq in range(1, 401):
        roll = rnd.random()
        active, undone, _status = walk(events)
        if roll < 0.55 or not active:
            events.append(Event(seq=seq, type="player.fame", payload={"player": seq % 2, "amount": 1}, sentence={}))
        elif roll < 0.65:
            events.append(Event(seq=seq, type="undo", payload={}, sentence={}))
        elif roll < 0.75:  # the log page: any entry in force
            events.append(_undo_event(seq, rnd.choice(active).seq))
        elif roll < 0.85:  # "Undo my last": the latest entry of player 0 in force
            mine = [e.seq for e in active if e.payload["player"] == 0]
            events.append(_undo_event(seq, mine[-1] if mine else active[-1].seq))
        elif undone:
            events.append(Event(seq=seq, type="redo", payload={}, sentence={}))
        else:
            events.append(Event(seq=seq, type="player.fame", payload={"player": 0, "amount": 2}, sentence={}))
    assert replay_strict(0, SETUP, "s", events) == fold(0, SETUP, "s", events)
    for cut in (50, 150, 300):
        assert replay_strict(0, SETUP, "s", events[:cut]) == fold(0, SETUP, "s", events[:cut])


@pytest.mark.parametrize(("target", "left"), [(3, [1, 2, 4, 5]), (1, [2, 3, 4, 5]), (5, [1, 2, 3, 4]),
                                              (9, [1, 2, 3, 4, 5]), ("3", [1, 2, 3, 4, 5]), (None, [1, 2, 3, 4, 5])])
def test_undo_of_a_named_entry_takes_back_that_entry_only(target, left):
    """The walker finds the named entry wherever it is in the log; a name that is no entry in force takes back
    nothing (and then a redo has nothing to put back)."""
    events = log(["player.fame"] * 5) + [_undo_event(6, target)]
    active, undone, _status = walk(events)
    assert [e.seq for e in active] == left
    active, _undone, _status = walk(events + [Event(seq=7, type="redo", payload={}, sentence={})])
    assert [e.seq for e in active] == [1, 2, 3, 4, 5]
    assert [e.seq for e in undone] == ([] if len(left) == 5 else [target])
