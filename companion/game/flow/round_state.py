"""Where a Round stands, read only (Rulebook, "A Round" 3 and 4, "End of the Round"): the phase, whose turn it is,
who picks a Tactic next and which Tactics are left, who announced the End of the Round, whether this is the
scenario's last Round - and the same for a game with a Dummy player, whose own pointer and announcement
(``state["dummy"]``) decide then.

The bottom of the Round flow: it reads the state and the rules data and imports no other module of the flow, so
the reducers and commands (``rounds``, ``round_commands``), the turn tokens (``round_tokens``), the scenario's end
(``scenario_end``), who may end a turn (``turn_owner``) and the Dummy player (``dummy``) all ask it without an
import circle. Nothing here changes the state. No Flask, no database.
"""

from __future__ import annotations

from typing import Any

from ...rules import dummy as drules
from ...rules.data import get_rules
from ...rules.rounds import tactic_pick_order
from .scenario_info import DUMMY, scenario, total_rounds


# ---------------------------------------------------------------------------------------------- Tactic cards

def tactic_by_id(tid: str | None) -> Any:
    """The Tactic card with this id (None for none)."""
    for t in get_rules().tactics:
        if t.id == tid:
            return t
    return None


def tactic_rule(state: dict) -> str | None:
    """The scenario's tactic rule for the Dummy player; a solo game of any other scenario uses Solo Conquest's
    ("Other Solo Missions: ... use similar setup modifications and special rules as this mission")."""
    sc = scenario(state)
    by_data = {"solo_conquest": drules.SOLO, "full_cooperation": drules.COOPERATIVE}
    if sc is not None and getattr(sc, "tactics_rule", None) in by_data:
        return by_data[sc.tactics_rule]
    return drules.tactic_rule(state["game"].get("mode") or "")


def available_tactics(state: dict) -> list[Any]:
    """This Round's Tactic cards (Day or Night), without those removed from the game at the end of earlier Rounds
    (a game with a Dummy player: Solo Conquest and Full Cooperation remove used Tactics)."""
    removed = set((state.get("dummy") or {}).get("removed_tactics", []))
    return [t for t in get_rules().tactics if t.time == state["time"] and t.id not in removed]


# ---------------------------------------------------------------------------------------------- the Dummy's Round

def dummy_of(state: dict) -> dict | None:
    return state.get("dummy") or None


def dummy_current(state: dict, d: dict | None) -> Any:
    """Whoever plays now by the Dummy player's pointer into the round order (a player index or "dummy"), None
    without a round order."""
    order = state.get("round_order") or []
    if not d or not order:
        return None
    return order[d.get("turn", 0) % len(order)]


def dummy_last_turn_due(d: dict) -> bool:
    """A player announced the End of the Round and the Dummy player has not taken its last turn yet."""
    return (d["mode"] != "mage_lite" and bool(d.get("announced")) and d.get("announced_by") != DUMMY
            and not d.get("last_turn_done"))


def round_running(state: dict, d: dict | None) -> bool:
    """The Dummy player's round is still being played: the End of the Round was not announced yet, or some of
    the last turns are still to come (Rulebook, End of the Round: "each other player takes one last turn and
    then the Round ends"). Once the round tracker has moved past the dummy's round the table has moved on."""
    if not d:
        return False
    if state["round"] > d.get("round", state["round"]):
        return False
    return not d.get("announced") or bool(d.get("last_turns_left")) or dummy_last_turn_due(d)


# ---------------------------------------------------------------------------------------------- the players' Round

def fresh(state: dict) -> dict:
    return {"round": state["round"], "picks": {}, "turn": 0, "announced_by": None, "last_turns": [], "over": False}


def flow(state: dict) -> dict:
    """This Round's flow (read only): a fresh one once the round tracker moved on."""
    r = state.get("rounds")
    if r and r.get("round") == state["round"]:
        return r
    return fresh(state)


def needs_dummy(state: dict) -> bool:
    """The game is played with a Dummy player (a solo game, or the scenario says so: Full and Blitz Cooperation)
    but it is not set up yet: its page sets it up, and its Tactic rule decides who picks first."""
    if dummy_of(state) is not None:
        return False
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
    if d is not None and not d.get("tactic") and tactic_rule(state) == drules.COOPERATIVE:
        return DUMMY
    picks = flow(state)["picks"]
    for i in pick_order(state):
        if str(i) not in picks:
            return i
    return None


def tactic_cards(state: dict) -> list[Any]:
    """The Tactic cards of this Round on display (Day or Night; in a Dummy game without those removed and the
    Dummy's own)."""
    held = (dummy_of(state) or {}).get("tactic")
    return [t for t in available_tactics(state) if held is None or t.id != held]


def available(state: dict) -> list[Any]:
    taken = set(flow(state)["picks"].values())
    return [t for t in tactic_cards(state) if t.id not in taken]


def phase(state: dict) -> str | None:
    """"tactics", "turns" or "over" (every last turn taken); None in a game without players."""
    if not state.get("players"):
        return None
    d = dummy_of(state)
    if d is not None and d.get("announced") and d.get("round", state["round"]) == state["round"] \
            and not round_running(state, d):
        return "over"  # the round was played without the Tactics (the Dummy page alone): it is over all the same
    if not tactics_done(state):
        return "tactics"
    if d is not None:
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
        return dummy_current(state, d)
    r = flow(state)
    if r["announced_by"] is not None:
        return r["last_turns"][0] if r["last_turns"] else None
    return order[r["turn"] % len(order)]


def announced_by(state: dict) -> Any:
    """Who announced the End of the Round this Round (a player index or "dummy"), None before."""
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
    return tactic_by_id(tid)


def final_round(state: dict) -> bool:
    """This is the scenario's last Round (Rulebook, A Round 5a: "if the Round limit is reached, the game is over");
    never in a game without a known scenario."""
    total = total_rounds(state, default=0)
    return bool(total) and state["round"] >= total


def who_name(state: dict, who: Any) -> str | None:
    if who is None:
        return None
    if who == DUMMY:
        return DUMMY
    return state["players"][int(who)]["name"]
