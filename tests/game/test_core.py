"""The game layer's core, without Flask: strict fields, commands through an in-memory log, a fold that never breaks."""

import subprocess
import sys

import pytest

from companion.game.spine.command import Invalid
from companion.game.spine.fields import choice, flag, text, whole
from companion.game.spine.local import LocalGame
from companion.state import Event, fold

SOLO = {"scenario": "first_reconnaissance", "mode": "solo", "players": [{"name": "Anna", "hero": "tovak"}]}


@pytest.mark.parametrize("raw", ["1.9", 1.9, True, "true", "1_000", "١٢", "1e999", "Infinity", float("inf"), [], {},
                                 "", None])
def test_whole_numbers_are_refused_not_coerced(raw):
    """Numbers are whole numbers - refuse 1.9, true, "1_000" and non-ASCII digits rather than coerce."""
    with pytest.raises(Invalid):
        whole({"n": raw}, "n")


@pytest.mark.parametrize("raw,value", [("12", 12), (" -3 ", -3), (7, 7), ("0", 0)])
def test_whole_numbers_from_forms_and_json(raw, value):
    assert whole({"n": raw}, "n") == value


def test_bounds_and_defaults():
    assert whole({}, "n", default=4) == 4
    with pytest.raises(Invalid, match="at most 3"):
        whole({"n": "4"}, "n", hi=3)
    with pytest.raises(Invalid, match="at least 0"):
        whole({"n": -1}, "n", lo=0)
    with pytest.raises(Invalid):
        whole({"n": 10**40}, "n")


def test_choice_text_flag_are_strict():
    assert choice({"c": "red"}, "c", ["red", "blue"]) == "red"
    for bad in (["red"], 1, None, "green"):
        with pytest.raises(Invalid):
            choice({"c": bad}, "c", ["red", "blue"])
    assert text({"t": "  Anna "}, "t") == "Anna"
    for bad in ("x" * 201, "a\ud800b", 5, ["a"]):
        with pytest.raises(Invalid):
            text({"t": bad}, "t")
    assert flag({"f": "on"}, "f") is True and flag({}, "f") is False
    with pytest.raises(Invalid):
        flag({"f": "maybe"}, "f")


def test_a_tracker_command_runs_through_the_log_and_undo_without_flask():
    """Rulebook, Fame track: Fame only grows at the table; the command records one event the fold applies."""
    g = LocalGame(SOLO)
    g.run("fame", player=0, amount=5)
    g.run("crystal", player=0, color="white", amount=1)
    assert g.state["players"][0]["fame"] == 5
    assert g.state["players"][0]["crystals"]["white"] == 1
    g.undo()
    assert g.state["players"][0]["crystals"]["white"] == 0
    g.redo()
    assert g.state["players"][0]["crystals"]["white"] == 1
    with pytest.raises(Invalid):
        g.run("fame", player=3, amount=5)


def test_the_game_layer_imports_no_flask():
    code = ("import sys, companion.game as g; g.load_all(); "
            "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('flask', 'flask_babel', 'werkzeug', 'sqlite_utils')); "
            "print(','.join(bad))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "", f"the game layer pulled in {out}"


def test_a_stored_event_a_reducer_cannot_apply_never_breaks_the_fold():
    """A game that once loaded always loads - a failing reducer's event is skipped and named."""
    g = LocalGame(SOLO)
    g.run("fame", player=0, amount=5)
    bad = Event(seq=2, type="player.fame", payload={"player": 9, "amount": 1}, sentence={})
    good = Event(seq=3, type="player.fame", payload={"player": 0, "amount": 2}, sentence={})
    state = fold(1, SOLO, "s", g.events + [bad, good])
    assert state["players"][0]["fame"] == 7
    assert [f["seq"] for f in state["failed_events"]] == [2]
