"""The flow of a Round for every game: Tactic selection, the Round order from the Tactic numbers,
whose turn it is, the End of the Round and the last turns (Rulebook, "A Round" 3 and 4, "End of the Round").

Its data lives in ``state["rounds"]`` and belongs to one Round (``round``): when the round tracker moves on
(``round.next``, or the Dummy player's ``dummy.new_round``) the flow starts again with Tactic selection.

``picks``         {player index: tactic id} this Round
``turn``          index into ``state["round_order"]`` of whoever plays now
``announced_by``  the player who announced the End of the Round (None before)
``last_turns``    the players who still have their one last turn, in Round order
``over``          every last turn was taken: the next Round can begin

A game with a Dummy player (solo and Full/Blitz Cooperation) keeps the Dummy's own flow (``companion.game.dummy``):
its Tactic (drawn first in Full Cooperation, taken after the players in Solo Conquest), its turns and its
announcement stay there. Here the players pick their Tactics one by one in the rulebook's order; the last pick
hands all picks to the Dummy's ``dummy.tactics`` reducer (same payload as the Dummy page's form), and a player's
"turn over" and "announce" are the Dummy's own ``dummy.pass`` and ``dummy.player_announced`` events. Whose turn it is
comes from the Dummy's pointer then. No Flask, no database.

Beside it: the read-only queries every part of the flow asks (``round_state``: the phase, whose turn it is, the
Tactics, the announcement, the last Round), the commands (``round_commands``), who may end a turn (``turn_owner``:
the player whose turn it is, or the host for them), missed turns and The Right Moment (``round_tokens``), and the
scenario's end (``scenario_end``: derived in the fold, so an undo across it restores the game). This module holds
the reducers and what every phone shows (``now``).
"""

from __future__ import annotations

from typing import Any

from ...rules.rounds import order_by_tactics
from ...state import REDUCERS, Event, reducer
from .round_state import (announced_by, available, current, dummy_of, final_round, flow, needs_dummy, next_picker,
                          phase, pick_order, tactic_of, who_name)
from .round_tokens import reminders, turn_ended
from .scenario_end import GOALS, REASONS, end_rule, scenario_text, status
from .scenario_info import DUMMY


# ---------------------------------------------------------------------------------------------- queries

def next_up(state: dict) -> Any:
    """Who plays after the current player this Round (a player index or "dummy"), None when nobody does."""
    who = current(state)
    order = state.get("round_order") or []
    if who is None or who not in order:
        return None
    after = [order[(order.index(who) + k) % len(order)] for k in range(1, len(order))]
    st = status(state)
    d = dummy_of(state)
    if st and st["phase"] == "last_turns":  # the scenario's last turns: the players still owed one, no Dummy
        return next((x for x in after if x in st["pending"] and x != who), None)
    if d is None:
        r = flow(state)
        if r["announced_by"] is not None:
            return r["last_turns"][1] if len(r["last_turns"]) > 1 else None
        return after[0] if after else None
    if d.get("announced"):
        if (d.get("last_turns_left") or 0) <= 1:
            return None
        done = d.get("announced_by") == DUMMY or d.get("last_turn_done")
        after = [x for x in after if not (x == DUMMY and done) and x != d.get("announced_by")]
    return after[0] if after else None


def now(state: dict) -> dict | None:
    """What every phone shows: the phase, who acts now, and this Round's Tactics and order."""
    try:
        ph = phase(state)
    except (KeyError, TypeError, AttributeError, ValueError):
        return None
    if ph is None:
        return None
    waiting = ph == "tactics" and needs_dummy(state)
    who = None if waiting else next_picker(state) if ph == "tactics" else current(state)
    by = announced_by(state)
    last = by is not None and who is not None and who != by and ph == "turns"
    end = _end(state)
    if end["status"] and end["status"]["phase"] == "over":
        ph, who, last = "game_over", None, False
    elif end["status"] and end["status"]["phase"] == "last_turns" and ph == "turns":
        last = True
    return {
        "phase": ph,
        "who": who,
        "name": who_name(state, who),
        "last_turn": last,
        "announced_by": by,
        "announced_name": who_name(state, by),
        "pick_order": pick_order(state),
        "tactics": {i: tactic_of(state, i) for i in range(len(state["players"]))},
        "dummy_tactic": tactic_of(state, DUMMY) if dummy_of(state) is not None else None,
        "available": available(state) if ph == "tactics" else [],
        "has_dummy": dummy_of(state) is not None,
        "needs_dummy": waiting,
        "final": final_round(state),
        "end": end,
        "next": next_up(state) if ph == "turns" else None,
        "held": reminders(state, who) if ph == "turns" else None,
    }


def _end(state: dict) -> dict:
    """The scenario's end as every phone shows it (``companion.game.flow.scenario_end``)."""
    st = status(state)
    rule = end_rule(state)
    return {"status": st, "reason": REASONS.get(st["reason"]) if st else None,
            "pending": [who_name(state, i) for i in (st or {}).get("pending", [])],
            "goal": GOALS.get(rule["goal"] or "") if "goal" in rule["when"] else None,
            # a condition the app reads may still need the table's word (a team game's two big cities)
            "confirmable": bool(rule["when"]) and rule["last_turns"] != "none" or "goal" in rule["when"],
            "text": scenario_text(state)}


# ---------------------------------------------------------------------------------------------- reducers

def _own(state: dict) -> dict:
    state["rounds"] = flow(state)
    return state["rounds"]  # the stored one: an import's journaled state stores a tracked copy (spine/journal.py)


@reducer("round.tactic")
def _tactic(state: dict, p: dict, ev: Event) -> None:
    r = _own(state)
    r["picks"][str(int(p["player"]))] = p["tactic"]
    r.setdefault("picked_at", {})[str(int(p["player"]))] = ev.seq  # a "when you take it" reminder's moment
    if "dummy" in p and state.get("dummy"):
        REDUCERS["dummy.tactics"](state, p["dummy"], ev)
        r["turn"] = 0
    elif p.get("numbers"):
        state["round_order"] = list(order_by_tactics({int(k): int(v) for k, v in p["numbers"].items()}))
        r["turn"] = 0


@reducer("round.turn_end")
def _turn_end(state: dict, p: dict, ev: Event) -> None:
    r = _own(state)
    order = state["round_order"]
    who = int(p["player"])
    turn_ended(state, who, ev.seq)
    if r["announced_by"] is not None:
        r["last_turns"] = [x for x in r["last_turns"] if x != who]
        if r["last_turns"]:
            r["turn"] = order.index(r["last_turns"][0])
        else:
            r["over"] = True
    else:
        r["turn"] = (order.index(who) + 1) % len(order)


@reducer("round.announce")
def _announce(state: dict, p: dict, ev: Event) -> None:
    """Rulebook, A Round 4b: the announcer forfeits their turn; "each other player takes one last turn"."""
    r = _own(state)
    r["announced_by"] = int(p["player"])
    turn_ended(state, r["announced_by"], ev.seq)
    r["last_turns"] = [int(x) for x in p["last_turns"]]
    if r["last_turns"]:
        r["turn"] = state["round_order"].index(r["last_turns"][0])
    else:
        r["over"] = True

