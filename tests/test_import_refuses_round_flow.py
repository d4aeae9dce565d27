"""An import refuses the events of the Round flow, the Dummy player, the score sheet's "follows the
board", a kept enemy's correction and Mage Lite's turns, hero card and position where their commands refuse them
(``companion.game.spine.payloads.needs_at_record``: the command's own refusal, checked where the event is recorded:
the command's dry run and the import's strict replay, never the fold). Each test crafts a file from a real game's
export with one event its command refuses at the end: refused naming the event's position, nothing written. And the
import's journaled replay gives the fold's state for random games of every kind (a reducer that stored a fresh dict
and then changed it lost the change there: the Round's first Tactic, the scenario's goal)."""

from __future__ import annotations

import copy
import random

import pytest

from companion.game.spine.exchange import check_import
from companion.game.spine.replay import replay_strict
from companion.state import Event, fold
from game_driver import GAMES, Chooser, Table, fast_app, play
from import_helpers import exported, import_file, imported_id, refused


@pytest.fixture
def app(tmp_path):
    app, cleanup = fast_app(tmp_path)
    yield app
    cleanup()


def table(app, kind: str) -> Table:
    path, form = GAMES[kind]
    return Table(app, app.test_client(), form=form, path=path)


def state_of(data: dict) -> dict:
    return fold(0, data["setup"], data["seed"], [
        Event(seq=e["seq"], type=e["type"], payload=copy.deepcopy(e["payload"]), sentence=e["sentence"],
              scope=tuple(e["scope"])) for e in data["events"]])


def refused_at_end(app, t: Table, type_: str, payload: dict, *words: str) -> str:
    """The game's export with one more event (``type_``, ``payload``) is refused naming it; nothing is written;
    the export itself imports."""
    data = exported(t.client, t.id)
    n = len(data["events"]) + 1
    crafted = copy.deepcopy(data)
    crafted["events"].append({"seq": n, "type": type_, "payload": payload, "sentence": {"msg": "x", "args": {}},
                              "text": "", "scope": ["*"], "device": None, "created": None})
    text = refused(app, t.client, crafted, n, f"Event {n} ({type_})", *words)
    imported_id(import_file(t.client, data))  # without it, the same file comes back
    return text


def ok(t: Table, cmd: str, **body) -> dict:
    assert t.command(cmd, body) == 201, (cmd, body, t.statuses[-1])
    return t.recorded[-1][2]


# ---------------------------------------------------------------------------------------------- the Round flow


def test_a_tactic_taken_out_of_turn_is_refused(app):
    """Rulebook, A Round 3: "each player chooses one Tactic card", the lowest Fame first: a second pick by the
    same player is refused, naming whose pick it is."""
    t = table(app, "competitive")
    first = next(ev for who in (0, 1) if t.command("round_tactic", {"player": who, "tactic": "early_bird"}) == 201
                 for ev in [t.recorded[-1][2]])
    refused_at_end(app, t, "round.tactic", {"player": first["payload"]["player"], "tactic": "rethink"},
                   "turn to pick a Tactic")


@pytest.mark.parametrize("type_,payload,words", [
    ("round.turn_end", {"player": 0}, "Choose the Tactics of this round first."),
    ("round.announce", {"player": 0, "last_turns": [1]}, "Choose the Tactics of this round first."),
    ("round.extra_turn", {"player": 0}, "Only the holder of The Right Moment takes another turn."),
])
def test_a_turn_event_before_the_tactics_are_chosen_is_refused(app, type_, payload, words):
    """Rulebook, A Round 3-4: the turns follow the Tactics; The Right Moment (Day Tactic 6) only for its holder."""
    refused_at_end(app, table(app, "competitive"), type_, payload, words)


def test_a_turn_over_of_a_player_whose_turn_it_is_not_is_refused(app):
    """Rulebook, A Round 4a: "Players take their turns in the order stated by the Round Order tokens"."""
    t = table(app, "competitive")
    for _ in range(2):
        assert any(t.command("round_tactic", {"player": who, "tactic": tactic}) == 201
                   for who in (0, 1) for tactic in ("early_bird", "rethink"))
    order = state_of(exported(t.client, t.id))["round_order"]
    refused_at_end(app, t, "round.turn_end", {"player": order[1]}, "turn, not")
    refused_at_end(app, t, "round.announce", {"player": order[1], "last_turns": [order[0]]}, "turn, not")


def test_a_round_after_the_scenarios_last_is_refused(app):
    """Rulebook, A Round 5a: "if the Round limit is reached, the game is over"."""
    t = table(app, "competitive")
    while t.command("next_round", {"confirm": True}) == 201:
        pass
    refused_at_end(app, t, "round.next", {"time": "day"}, "the game is over")


def test_the_scenarios_goal_confirmed_twice_is_refused(app):
    """Scenario Book, Scenario End: the table confirms the end condition once; a second confirmation is refused."""
    t = table(app, "coop city")
    ok(t, "scenario_goal", player=0)
    refused_at_end(app, t, "scenario.goal", {"player": 1}, "end condition is already met")


def test_a_line_that_was_never_typed_cannot_follow_the_board_again(app):
    """The score sheet follows the board until a line is typed; only a typed line can follow it again."""
    t = table(app, "competitive")
    refused_at_end(app, t, "score.follow", {"player": 0, "field": "fame"}, "already follows the board")


# ---------------------------------------------------------------------------------------------- the Dummy player


def solo_with_dummy(app) -> Table:
    t = table(app, "solo")
    ok(t, "dummy_setup", mode="virtual", hero="goldyx")
    return t


def test_the_dummys_events_its_commands_refuse_are_refused(app):
    """Scenario Book, Dummy Player: Solo Conquest's players choose their Tactic first (no random Tactic drawn
    first); a Round's Tactics once; a new Round only after the End of the Round; turns in the Round order."""
    t = solo_with_dummy(app)
    refused_at_end(app, t, "dummy.tactic_draw", {}, "you choose your Tactic first")
    refused_at_end(app, t, "dummy.new_round", {"advanced_action": None, "spell_color": None,
                                               "removed_tactics": []}, "still running")
    ok(t, "dummy_tactics", tactic_0="early_bird")
    refused_at_end(app, t, "dummy.tactics", {"players": {"0": "rethink"}, "rule": "solo"}, "already chosen")
    for _ in range(2):  # the Dummy's turn and Anna's, in the Round order either way
        state = state_of(exported(t.client, t.id))
        order, d = state["round_order"], state["dummy"]
        if order[d["turn"] % len(order)] == "dummy":
            refused_at_end(app, t, "dummy.pass", {}, "Dummy player")
            refused_at_end(app, t, "dummy.player_announced", {"player": 0}, "only the player whose turn it is")
            ok(t, "dummy_turn")
        else:
            refused_at_end(app, t, "dummy.turn", {}, "the Dummy player plays when the Round order says so")
            ok(t, "dummy_pass")


# ---------------------------------------------------------------------------------------------- kept enemies


def test_a_correction_of_an_enemy_the_game_does_not_keep_is_refused(app):
    """A kept enemy's correction (``correction``: true) names one the game keeps; an id the game did not give
    (``k5`` while the next is ``k2``) is no newly kept enemy either."""
    t = table(app, "competitive")
    kept = ok(t, "enemy_keep", name="Golem", armor=5, attack=2, attack_element="physical", fame=3)
    enemy = dict(kept["payload"]["enemy"], name="Golem II")
    refused_at_end(app, t, "enemy.kept", {"id": "k5", "enemy": enemy}, "keeps no such enemy")
    ok(t, "enemy_forget", id="k1")
    refused_at_end(app, t, "enemy.kept", {"id": "k1", "enemy": enemy, "correction": True}, "keeps no such enemy")


# ---------------------------------------------------------------------------------------------- Mage Lite


def test_mage_lites_events_its_commands_refuse_are_refused(app):
    """Seed 004: "your next turn is your final turn of the round"; a hero card level typed once; the hero stands
    near a conquered city only once one is conquered."""
    t = table(app, "mage lite")
    refused_at_end(app, t, "mage_lite.position", {"keeps": 0, "near": "city"}, "No city is conquered yet.")
    ok(t, "mage_lite_hero_card", level=2, armor=3, hand_limit=5)
    refused_at_end(app, t, "mage_lite.hero_card", {"level": 2, "armor": 4, "hand_limit": 5}, "already corrected")
    for _ in range(30):
        if t.command("mage_lite_turn", {"color": "red"}) != 201:
            break
    refused_at_end(app, t, "mage_lite.turn", {"color": None}, "final turn of the round is over")


# ---------------------------------------------------------------------------------------------- what stays lenient


def test_a_heal_of_more_wounds_than_the_hand_holds_still_imports(app):
    """``player.wounds`` is the one listed exception: a stored or imported heal beyond the hand leaves none
    (tests/game/test_wounds.py), so its command's refusal is no check of its event."""
    t = table(app, "competitive")
    data = exported(t.client, t.id)
    data["events"].append({"seq": len(data["events"]) + 1, "type": "player.wounds",
                           "payload": {"player": 0, "amount": -2}, "sentence": {"msg": "x", "args": {}},
                           "scope": ["player:0:wounds"]})
    gid = imported_id(import_file(t.client, data))
    assert state_of(exported(t.client, gid))["players"][0]["wounds"] == 0


# ---------------------------------------------------------------------------------------------- replay = fold


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_the_imports_replay_gives_the_folds_state(app, kind):
    """The strict replay's journaled state (``companion.game.spine.journal``) is the fold's after random games of
    every kind with every kind of undo, so its checks where an event is recorded see what the command saw."""
    path, form = GAMES[kind]
    t = Table(app, app.test_client(), form=form, path=path)
    play(Chooser(rnd=random.Random(3)), t, steps=60, runewars=kind == "runewars", entries=True)
    data = exported(t.client, t.id)
    plan = check_import(data)
    events = [Event(seq=r.seq, type=r.type, payload=copy.deepcopy(r.payload), sentence=r.sentence,
                    scope=tuple(r.scope)) for r in plan.events]
    assert replay_strict(0, plan.setup, data["seed"], events) == fold(0, plan.setup, data["seed"], events)
