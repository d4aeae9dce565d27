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

Beside it: the commands (``round_commands``), who may end a turn (``turn_owner``: the player whose turn it is, or
the host for them), missed turns and The Right Moment (``round_tokens``), and the scenario's end
(``scenario_end``: derived in the fold, so an undo across it restores the game).
"""

from __future__ import annotations

from typing import Any

from ..rules.data import get_rules
from ..rules.rounds import order_by_tactics, tactic_pick_order
from ..state import REDUCERS, Event, reducer
from .round_tokens import turn_ended
from .scenario_info import DUMMY, day_night_order

SCOPE = ("rounds", "round_order")


# ---------------------------------------------------------------------------------------------- queries

def fresh(state: dict) -> dict:
    return {"round": state["round"], "picks": {}, "turn": 0, "announced_by": None, "last_turns": [], "over": False}


def flow(state: dict) -> dict:
    """This Round's flow (read only): a fresh one once the round tracker moved on."""
    r = state.get("rounds")
    if r and r.get("round") == state["round"]:
        return r
    return fresh(state)


def _own(state: dict) -> dict:
    r = flow(state)
    state["rounds"] = r
    return r


def dummy_of(state: dict) -> dict | None:
    return state.get("dummy") or None


def _dummy_rule(state: dict) -> str | None:
    from .dummy.common import tactic_rule

    return tactic_rule(state)


def needs_dummy(state: dict) -> bool:
    """The game is played with a Dummy player (a solo game, or the scenario says so: Full and Blitz Cooperation)
    but it is not set up yet: its page sets it up, and its Tactic rule decides who picks first."""
    if dummy_of(state) is not None:
        return False
    from .dummy.common import scenario

    sc = scenario(state)
    return state["game"].get("mode") == "solo" or bool(sc is not None and getattr(sc, "dummy", False))


def tactics_done(state: dict) -> bool:
    d = dummy_of(state)
    if d is not None:
        return bool(d.get("player_tactics"))
    return bool(state["players"]) and len(flow(state)["picks"]) >= len(state["players"])


def pick_order(state: dict) -> list[int]:
    """Every player in the order they pick their Tactic this Round (Rulebook, A Round 3a)."""
    fame = {i: p["fame"] for i, p in enumerate(state["players"])}
    previous = [x for x in state.get("round_order") or [] if x != DUMMY]
    return list(tactic_pick_order(fame, previous))


def next_picker(state: dict) -> Any:
    """Who takes a Tactic now: a player index, "dummy" (Full Cooperation: it draws first), or None (all done)."""
    if tactics_done(state):
        return None
    d = dummy_of(state)
    if d is not None and not d.get("tactic"):
        from ..rules import dummy as drules

        if _dummy_rule(state) == drules.COOPERATIVE:
            return DUMMY
    picks = flow(state)["picks"]
    for i in pick_order(state):
        if str(i) not in picks:
            return i
    return None


def tactic_cards(state: dict) -> list[Any]:
    """The Tactic cards of this Round on display (Day or Night; in a Dummy game without those removed)."""
    d = dummy_of(state)
    if d is not None:
        from .dummy.common import available_tactics

        return [t for t in available_tactics(state) if t.id != d.get("tactic")]
    return [t for t in get_rules().tactics if t.time == state["time"]]


def available(state: dict) -> list[Any]:
    taken = set(flow(state)["picks"].values())
    return [t for t in tactic_cards(state) if t.id not in taken]


def phase(state: dict) -> str | None:
    """"tactics", "turns" or "over" (every last turn taken); None in a game without players."""
    if not state.get("players"):
        return None
    d = dummy_of(state)
    if d is not None and d.get("announced") and d.get("round", state["round"]) == state["round"]:
        from .dummy.turns import round_running

        if not round_running(state, d):
            return "over"  # the round was played without the Tactics (the Dummy page alone): it is over all the same
    if not tactics_done(state):
        return "tactics"
    if d is not None:
        from .dummy.turns import round_running

        return "turns" if round_running(state, d) else "over"
    return "over" if flow(state)["over"] else "turns"


def current(state: dict) -> Any:
    """Whoever plays now (a player index or "dummy"); None during Tactic selection or after the Round."""
    if phase(state) != "turns":
        return None
    order = state.get("round_order") or []
    if not order:
        return None
    d = dummy_of(state)
    if d is not None:
        from .dummy.common import current as dummy_current

        return dummy_current(state, d)
    r = flow(state)
    if r["announced_by"] is not None:
        return r["last_turns"][0] if r["last_turns"] else None
    return order[r["turn"] % len(order)]


def next_up(state: dict) -> Any:
    """Who plays after the current player this Round (a player index or "dummy"), None when nobody does."""
    from .scenario_end import status

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


def announced_by(state: dict) -> Any:
    d = dummy_of(state)
    if d is not None:
        return d.get("announced_by") if d.get("announced") else None
    return flow(state)["announced_by"]


def tactic_of(state: dict, who: Any) -> Any:
    """The Tactic card ``who`` holds this Round (None before they picked)."""
    d = dummy_of(state)
    if who == DUMMY:
        tid = (d or {}).get("tactic")
    else:
        tid = flow(state)["picks"].get(str(who)) or ((d or {}).get("player_tactics") or {}).get(str(who))
    for t in get_rules().tactics:
        if t.id == tid:
            return t
    return None


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
    from .round_tokens import reminders

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
    """The scenario's end as every phone shows it (``companion.game.scenario_end``)."""
    from .scenario_end import GOALS, REASONS, end_rule, scenario_text, status

    st = status(state)
    rule = end_rule(state)
    return {"status": st, "reason": REASONS.get(st["reason"]) if st else None,
            "pending": [who_name(state, i) for i in (st or {}).get("pending", [])],
            "goal": GOALS.get(rule["goal"] or "") if "goal" in rule["when"] else None,
            # a condition the app reads may still need the table's word (a team game's two big cities)
            "confirmable": bool(rule["when"]) and rule["last_turns"] != "none" or "goal" in rule["when"],
            "text": scenario_text(state)}


def final_round(state: dict) -> bool:
    """This is the scenario's last Round (Rulebook, A Round 5a: "if the Round limit is reached, the game is over")."""

    total = len(day_night_order(state))
    return bool(total) and state["round"] >= total


def who_name(state: dict, who: Any) -> str | None:
    if who is None:
        return None
    if who == DUMMY:
        return DUMMY
    return state["players"][int(who)]["name"]


# ---------------------------------------------------------------------------------------------- reducers

@reducer("round.tactic")
def _tactic(state: dict, p: dict, ev: Event) -> None:
    r = _own(state)
    r["picks"][str(int(p["player"]))] = p["tactic"]
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


# the commands (round_tactic, round_end_turn, round_announce, round_order_random)
from . import round_commands  # noqa: E402,F401
