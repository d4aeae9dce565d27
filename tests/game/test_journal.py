"""The journaled state of the strict replay (companion/game/spine/journal.py): taking back the latest events through
the inverses of their changes gives exactly the state before them, and the replay stays exactly the fold."""
import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.game.flow.scenario_info import total_rounds
from companion.game.spine import replay
from companion.game.spine.journal import Journal, plain, saw_foreign, track
from companion.game.spine.local import LocalGame
from companion.game.spine.payloads import PAYLOADS, Obj
from companion.game.spine.replay import replay_strict
from companion.state import REDUCERS, Event, Walker, fold

SETUP = {"scenario": "full_conquest", "mode": "competitive", "name": "",
         "players": [{"name": "A", "hero": "tovak", "team": None}, {"name": "B", "hero": None, "team": None}]}

OPS = st.lists(st.tuples(st.integers(0, 13), st.integers(0, 5), st.integers(0, 9)), max_size=25)


def _mutate(s: dict, op: int, a: int, b: int) -> None:
    """One change of the kinds reducers make, somewhere in the state."""
    lst, sub = s["list"], s["sub"]
    if op == 0:
        s[f"k{a}"] = b
    elif op == 1:
        s.pop(f"k{a}", None)
    elif op == 2:
        lst.append({"v": b, "in": [a]})
    elif op == 3 and lst:
        lst.pop(a % len(lst))
    elif op == 4:
        lst.insert(a, b)
    elif op == 5 and lst:
        lst[a % len(lst)] = [b]
    elif op == 6:
        lst.extend([a, {"w": b}])
    elif op == 7 and lst:
        del lst[a % len(lst)]
    elif op == 8:
        sub.setdefault(f"s{a}", []).append(b)
    elif op == 9:
        sub.update({f"u{a}": {"x": b}})
    elif op == 10:
        s["list"] = [x for x in lst if x != b]
    elif op == 11:
        for x in lst:
            if isinstance(x, dict):
                x["v"] = b
    elif op == 12:
        lst.sort(key=repr)
    elif op == 13:
        sub.clear()


@settings(derandomize=True, max_examples=200, deadline=None)
@given(OPS, OPS)
def test_rewinding_a_journal_gives_back_the_state_before_it(first, second):
    state = track({"list": [1, {"v": 0, "in": []}], "sub": {"s0": [1]}, "k0": 0})
    for op in first:
        _mutate(state, *op)
    before = copy.deepcopy(plain(state))
    journal = Journal()
    with journal:
        for op in second:
            _mutate(state, *op)
    journal.rewind()
    assert plain(state) == before and not saw_foreign()


def _rounds_left(events) -> bool:
    state = fold(0, SETUP, "s", events)
    return state["round"] < total_rounds(state)


def _log(rnd, n):
    """Units, crystals, Fame and Rounds with undos and redos, as the routes record them: an undo or redo only
    with something to take back or put back, a unit recruited only with a free Command token (Fame 0: one), a
    unit changed only while its player has it, a Round only up to the scenario's last."""
    LocalGame(SETUP)  # registers every reducer
    events, walker = [], Walker()
    for seq in range(1, n + 1):
        roll, p = rnd.random(), rnd.randrange(2)
        uids = [u["uid"] for u in fold(0, SETUP, "s", events)["players"][p]["units"]] if 0.3 <= roll < 0.7 else []
        if roll < 0.2 and walker.active:
            events.append(Event(seq=seq, type="undo", payload={}, sentence={}))
        elif roll < 0.3 and walker.undone:
            events.append(Event(seq=seq, type="redo", payload={}, sentence={}))
        elif (roll < 0.5 and uids) or roll < 0.3:
            events.append(Event(seq=seq, type="player.fame", payload={"player": p, "amount": 1}, sentence={}))
        elif roll < 0.5 or (roll < 0.7 and not uids):
            events.append(Event(seq=seq, type="unit.recruit", payload={"player": p, "name": "P", "level": 1,
                                                                       "armor": 3}, sentence={}))
        elif roll < 0.6:
            events.append(Event(seq=seq, type="unit.disband", payload={"player": p, "uid": rnd.choice(uids)},
                                sentence={}))
        elif roll < 0.7:
            events.append(Event(seq=seq, type="unit.update", payload={"player": p, "uid": rnd.choice(uids),
                                                                      "state": "spent", "wounded": True},
                                sentence={}))
        elif roll < 0.75 and _rounds_left(events):
            events.append(Event(seq=seq, type="round.next", payload={}, sentence={}))
        elif roll < 0.85:
            events.append(Event(seq=seq, type="player.crystal",
                                payload={"player": p, "color": "red", "amount": 1}, sentence={}))
        else:
            events.append(Event(seq=seq, type="player.fame", payload={"player": p, "amount": 2}, sentence={}))
        walker.push(events[-1])
    return events


@pytest.mark.parametrize("depth", [64, 0])
@pytest.mark.parametrize("seed", range(4))
def test_the_replay_through_journals_or_checkpoints_is_the_fold(monkeypatch, seed, depth):
    """Rulebook, End of the Round (units readied) and the unit and crystal reducers, with undos, redos and
    undos followed by new events: the same state as the fold, with the journals (depth 64) or without (0)."""
    monkeypatch.setattr(replay, "JOURNAL_DEPTH", depth)
    monkeypatch.setattr(replay, "CHECKPOINT", 4)
    events = _log(random.Random(seed), 300)
    assert replay_strict(0, SETUP, "s", events) == fold(0, SETUP, "s", events)


def test_a_set_in_the_state_turns_the_journals_off(monkeypatch):
    """A value the journal cannot follow (a set) makes the replay go back through checkpoints: still the fold."""
    def add_set(state, payload, ev):
        state.setdefault("seen", set()).add(ev.seq)

    # an event type of the Mage Knight kind's families (companion/game/kinds: an import holds a game to its kind)
    monkeypatch.setitem(REDUCERS, "player.test_set", add_set)
    monkeypatch.setitem(PAYLOADS, "player.test_set", Obj())  # an event type is replayed only with its payload check
    LocalGame(SETUP)
    kinds = ["player.test_set", "player.fame", "undo", "player.test_set", "undo", "player.fame"] * 5
    events = [Event(seq=i, type=k, payload={"player": 0, "amount": 1} if k == "player.fame" else {}, sentence={})
              for i, k in enumerate(kinds, 1)]
    assert replay_strict(0, SETUP, "s", events) == fold(0, SETUP, "s", events)
    assert saw_foreign()
