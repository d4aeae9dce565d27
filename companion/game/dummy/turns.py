"""The Dummy player's turns and the End of the Round (Scenario Book, Dummy Player, "When it is the Dummy player's
turn"; Rulebook, Players play their turns 4b and End of the Round: "each other player takes one last turn")."""

from __future__ import annotations

from typing import Any, Mapping

from ...rules import dummy as rules
from ...rules.text import N_, Nn_
from ...state import Event
from ..flow.round_state import dummy_current, dummy_last_turn_due
from ..flow.round_tokens import refuse_announce, turn_ended
from ..flow.scenario_end import skips_dummy
from ..spine.command import Command, Invalid, command
from ..spine.fields import player_index
from ..spine.payloads import needs_at_record
from ..spine.sentences import plural_sentence, sentence
from .common import advance_pointer, dummy_command, color, dummy_reducer, need_dummy, who_name


@dummy_reducer("dummy.turn")
def _turn(state: dict, p: dict, ev: Event) -> None:
    d = state["dummy"]
    if d["mode"] == "virtual":
        t = rules.take_turn(d["deck"], d["crystals"])
        d["deck"] = list(t.deck)
        d["discard"] += list(t.flipped)
        last = {"flipped": list(t.flipped), "count": len(t.flipped)}
    else:
        t = rules.physical_turn(d["deck_count"], d["crystals"], p.get("color"))
        if t.deciding_color:
            d["seen"][t.deciding_color] += 1
        last = {"flipped": [], "count": t.flipped_count}
    d["deck_count"] = len(d["deck"]) if d["mode"] == "virtual" else t.deck_count
    last.update(deciding=t.deciding_color, extra=(t.extra if d["mode"] == "virtual"
                                                   else max(0, t.flipped_count - 3)),
                end_of_round=t.end_of_round, ran_out=t.deck_ran_out, explanation=list(t.explanation),
                seq=ev.seq)
    d["last"] = last
    d["turns"].append({k: last[k] for k in ("count", "deciding", "end_of_round")})
    if d["announced"] and d.get("announced_by") != "dummy":
        # a player announced: this was the dummy's one last turn
        d["last_turn_done"] = True
        if d.get("last_turns_left"):
            d["last_turns_left"] -= 1
    elif t.end_of_round:
        d["announced"], d["announced_by"] = True, "dummy"
        d["last_turns_left"] = len(state["players"])
    if dummy_current(state, d) == "dummy":
        advance_pointer(state, d)


@dummy_reducer("dummy.pass")
def _pass(state: dict, p: dict, ev: Event) -> None:
    """A player's turn is over: the next one in the round order plays."""
    d = state["dummy"]
    if d.get("announced") and d.get("last_turns_left"):
        d["last_turns_left"] -= 1
    if state.get("round_order"):
        turn_ended(state, dummy_current(state, d), ev.seq)
    advance_pointer(state, d)
    skip_dummy(state, d)


def skip_dummy(state: dict, d: dict) -> None:
    """Once the scenario's last turns began, the Dummy player takes none: its place in the order is passed."""
    if dummy_current(state, d) == "dummy" and skips_dummy(state):
        advance_pointer(state, d)


@dummy_reducer("dummy.player_announced")
def _player_announced(state: dict, p: dict, ev: Event) -> None:
    """Rulebook, Players play their turns 4b: a player whose deck is empty may announce the End of the Round
    instead of playing their turn; "each other player takes one last turn" - the Dummy player too."""
    d = state["dummy"]
    d["announced"], d["announced_by"] = True, int(p["player"])
    d["last_turns_left"] = len(state["players"]) - 1 + (0 if d["mode"] == "mage_lite" else 1)
    d["last_turn_done"] = d["mode"] == "mage_lite"
    if skips_dummy(state) and not d["last_turn_done"]:
        # the scenario's last turns are running: the Dummy player takes no last turn of this Round either
        d["last_turn_done"] = True
        d["last_turns_left"] -= 1
    turn_ended(state, int(p["player"]), ev.seq)
    advance_pointer(state, d)
    skip_dummy(state, d)


def dummy_turn_now(state: dict) -> dict:
    """The Dummy player plays a turn now (its Dummy), or ``Invalid``."""
    d = need_dummy(state)
    if d["mode"] == "mage_lite":
        raise Invalid(N_("The Mage Lite counter moves after each of your turns."))
    if d["announced"] and d.get("announced_by") == "dummy":
        raise Invalid(N_("The Dummy player has already announced the End of the Round."))
    if d["announced"] and d.get("last_turn_done"):
        raise Invalid(N_("The Dummy player has already taken its last turn of this round."))
    # the game being over (or the scenario's last turns, which the Dummy takes none of) is refused by the
    # command's registered check (scenario_end.refuse_dummy_turn)
    order = state.get("round_order") or []
    if "dummy" in order and dummy_current(state, d) != "dummy":
        # Rulebook, A Round 4a: turns follow the Round order (the Dummy's place in it comes from its Tactic)
        raise Invalid(N_("It is %(name)s's turn: the Dummy player plays when the Round order says so."),
                      name=who_name(state, dummy_current(state, d)))
    return d


@needs_at_record("dummy.turn")
def dummy_turn_allowed(state: dict, p: dict) -> None:
    """The command's refusals of the Dummy's turn, for its event where it is recorded (an import's too): with the
    real cards, the deciding colour is named while more than three cards are left."""
    d = dummy_turn_now(state)
    if d["mode"] == "physical":
        color(p, required=d["deck_count"] > 3)


@command("dummy_turn")
def cmd_turn(state: dict, data: Mapping[str, Any]) -> Command:
    """Scenario Book, Dummy Player, When it is the Dummy player's turn: flip three cards, then as many more as it
    has crystals of the last card's colour; with no card left it announces the End of the Round."""
    d = dummy_turn_now(state)
    payload: dict[str, Any] = {}
    if d["mode"] == "physical":
        picked = color(data, required=d["deck_count"] > 3)
        if picked:
            payload["color"] = picked
    if d["deck_count"] == 0:
        return dummy_command("dummy.turn", payload, sentence(N_("Dummy player announces the End of the Round")))
    if d["mode"] == "virtual":
        t = rules.take_turn(d["deck"], d["crystals"])
        n, deciding = len(t.flipped), t.deciding_color
    else:
        pt = rules.physical_turn(d["deck_count"], d["crystals"], payload.get("color"))
        n, deciding = pt.flipped_count, pt.deciding_color
    return dummy_command("dummy.turn", payload, plural_sentence(
        *Nn_("Dummy player flips %(n)d card (last: %(color)s)", "Dummy player flips %(n)d cards (last: %(color)s)"),
        "n", translate=("color",), n=n, color=deciding or "-"))


@needs_at_record("dummy.pass")
def passing(state: dict, p: dict | None = None) -> Any:
    """Whose turn is over (None: one of the last turns, the app not knowing whose), or ``Invalid``: the command's
    refusals, and its event's where it is recorded (an import's too)."""
    d = need_dummy(state)
    order = state.get("round_order") or []
    if d["announced"] and not d.get("last_turns_left"):
        raise Invalid(N_("The round is over: start the new round."))
    if d["announced"] and dummy_last_turn_due(d) and d["last_turns_left"] <= 1:
        raise Invalid(N_("The last turn left is the Dummy player's: flip for it."))
    if d["announced"] and (not order or d["mode"] == "mage_lite"):
        return None  # the app does not know whose turn it is: one of the last turns is over
    if not order:
        raise Invalid(N_("There is no round order yet."))
    who = dummy_current(state, d)
    if who == "dummy":
        raise Invalid(N_("It is the Dummy player's turn."))
    return who


@command("dummy_pass")
def cmd_pass(state: dict, data: Mapping[str, Any]) -> Command:
    """A player's turn is over (or, once the End of the Round is announced, one of the last turns)."""
    who = passing(state)
    if who is None:
        return dummy_command("dummy.pass", {}, sentence(N_("A last turn of the round is over")))
    return dummy_command("dummy.pass", {}, sentence(N_("%(name)s's turn is over"), name=who_name(state, who)))


def announce_open(state: dict) -> dict:
    d = need_dummy(state)
    if d["announced"]:
        raise Invalid(N_("The End of the Round was already announced."))
    return d


def announcer(state: dict, index: int) -> None:
    """Player ``index`` may announce the End of the Round now, or ``Invalid``."""
    d = state["dummy"]
    order = state.get("round_order") or []
    if "dummy" in order and dummy_current(state, d) != index:
        # Rulebook, A Round 4b: the player whose turn it is announces, "instead of playing their turn"
        raise Invalid(N_("It is %(name)s's turn: only the player whose turn it is can announce the End of the "
                         "Round."), name=who_name(state, dummy_current(state, d)))
    refuse_announce(state, index)


@needs_at_record("dummy.player_announced")
def announce_allowed(state: dict, p: dict) -> None:
    """The command's refusals of an announcement, for its event where it is recorded (an import's too)."""
    announce_open(state)
    announcer(state, p["player"])


@command("dummy_announce")
def cmd_player_announced(state: dict, data: Mapping[str, Any]) -> Command:
    """Rulebook, Players play their turns 4b: a player announces the End of the Round."""
    announce_open(state)
    try:
        index = player_index(state, data)
    except Invalid:
        raise Invalid(N_("Choose the player who announces the End of the Round.")) from None
    announcer(state, index)
    return dummy_command("dummy.player_announced", {"player": index},
                   sentence(N_("%(name)s announces the End of the Round"), name=state["players"][index]["name"]))
