"""The strict replay an import goes through (companion/game/replay.py): the same state as the fold for any mix of
events, undos and redos; the first event a reducer refuses is named."""

import random

import pytest

from companion.game.command import Invalid
from companion.game.local import LocalGame
from companion.game.replay import replay_strict
from companion.state import Event, fold

SETUP = {"scenario": "full_conquest", "mode": "competitive", "name": "",
         "players": [{"name": "A", "hero": "tovak", "team": None}, {"name": "B", "hero": None, "team": None}]}


def log(kinds):
    LocalGame(SETUP)  # registers every reducer
    return [Event(seq=i, type=k, payload={"player": i % 2, "amount": 1} if k == "player.fame" else {},
                  sentence={}) for i, k in enumerate(kinds, 1)]


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
    from companion.game import replay

    monkeypatch.setattr(replay, "CHECKPOINT", 1)
    rnd = random.Random(100 + seed)
    events = log(rnd.choice(["player.fame"] * 3 + ["undo", "undo", "redo"]) for _ in range(300))
    assert replay_strict(0, SETUP, "s", events) == fold(0, SETUP, "s", events)


def test_a_catch_up_after_an_event_taken_from_the_middle_and_put_back_is_the_fold():
    """The active events changed anywhere (an event taken back from the middle, then put back in its place):
    the catch-up resumes from a checkpoint before the change, never from one after it."""
    from companion.game.replay import _Replay

    events = log(["player.fame"] * 200)
    r = _Replay(0, SETUP, "s")
    for ev in events:
        r.event(ev)
    taken = r.active.pop(50)
    r.catch_up()
    assert r.state == fold(0, SETUP, "s", events[:50] + events[51:])
    r.active.insert(50, taken)
    r.catch_up()
    assert r.state == fold(0, SETUP, "s", events)
