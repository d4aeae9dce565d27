"""The scenario's end (Scenario Book, each scenario's "Scenario End"; Rulebook, End of the Turn: "At the end of each
player's turn check the Scenario End description to see whether the conditions have been met. This will often
involve all players having one last turn before the game then ends"; End of the Round d: "If a player has announced
the End of the Round and the Scenario End conditions have also been met then players get their final turn according
to whichever occurred first"; A Round 5a: the Round limit).

The end conditions are data (``rules_data/scenarios.yaml``, ``end``): ``all_cities_conquered`` is read from the
recorded city assaults (``state["combat"]["cities"]``); ``goal`` is the printed condition the app does not track
(a city revealed, every mine liberated, ...), which the table confirms with the ``scenario_goal`` command (event
``scenario.goal``). Every scenario also ends when its last Round is over.

What is stored, in ``state["scenario_end"]`` (advanced only by the reducers of turn ends, so an undo across the end
restores the game):
``goal``      the confirmed goal ({"player", "seq"}) or None
``started``   the turn end after which the last turns began ({"seq", "round", "reason"}) or None
``pending``   the players who still have their one last turn (never the Dummy player)
No Flask, no database.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...rules.text import N_, Nn_
from ...state import Event, reducer
from ..spine.command import Command, Invalid, InvalidN, check, command
from ..spine.fields import player_index
from ..spine.payloads import needs_at_record
from ..spine.sentences import sentence
from .round_state import final_round, phase
from .scenario_info import DUMMY, total_rounds
from .scenario_info import scenario as _scenario

# why the game ends, as every phone shows it
REASONS = {
    "cities": N_("Every city is conquered."),
    "goal": N_("The scenario's goal was reached."),
    "round_limit": N_("The scenario's last round is over."),
}
GOALS = {
    "city_revealed": N_("A city was revealed"),
    "mines_liberated": N_("Every map tile is revealed and every mine liberated"),
    "dungeons_conquered": N_("Every map tile is revealed and every dungeon and tomb conquered"),
    "incantations": N_("Every player performed the incantation in the second Night"),
    "concession": N_("One side admits the other side has won"),
}



def end_rule(state: dict) -> dict:
    """The scenario's ``end`` data: {"when": [...], "goal": ..., "last_turns": ...} (nothing for no scenario)."""
    sc = _scenario(state)
    end = getattr(sc, "end", None) or {}
    return {"when": list(end.get("when") or ()), "goal": end.get("goal"), "last_turns": end.get("last_turns",
                                                                                                   "each_player")}


def scenario_text(state: dict) -> tuple[str, str] | None:
    """The scenario's printed "Scenario End" (English, German)."""
    sc = _scenario(state)
    if sc is None or not getattr(sc, "end_conditions", None):
        return None
    return sc.end_conditions, sc.end_conditions_de


def record(state: dict) -> dict:
    return state.get("scenario_end") or {"goal": None, "started": None, "pending": []}


def _own(state: dict) -> dict:
    state["scenario_end"] = record(state)
    return state["scenario_end"]  # the stored one: an import's journaled state stores a tracked copy (journal.py)


def cities_needed(state: dict) -> int:
    """How many cities the scenario has for this player count (0: no cities to conquer)."""
    sc = _scenario(state)
    levels = getattr(sc, "city_levels", None) or {}
    return len(levels.get(len(state.get("players") or []), ()))


def cities_conquered(state: dict) -> int:
    cities = ((state.get("combat") or {}).get("cities") or {})
    return sum(1 for c in cities.values() if isinstance(c, dict) and c.get("conquered"))


def incantations_done(state: dict) -> bool:
    """Druid Nights, Scenario End: "When all players have performed the incantation during the second Night", read
    from the recorded incantation fights (combat outcome: ``combat.incantations``)."""
    done = {str(x.get("player")) for x in ((state.get("combat") or {}).get("incantations") or [])
            if isinstance(x, dict) and x.get("night") == 2}
    players = state.get("players") or []
    return bool(players) and all(str(i) in done for i in range(len(players)))


def condition_met(state: dict) -> str | None:
    """Why the scenario's end condition is met ("cities", "goal"), or None."""
    rule = end_rule(state)
    if record(state).get("goal"):
        return "goal"
    if rule["goal"] == "incantations" and incantations_done(state):
        return "goal"
    need = cities_needed(state)
    if "all_cities_conquered" in rule["when"] and need and cities_conquered(state) >= need:
        return "cities"
    return None


def _round_over(state: dict) -> bool:
    try:
        return phase(state) == "over"
    except (KeyError, TypeError, ValueError, AttributeError):
        return False


def status(state: dict) -> dict | None:
    """Where the game stands towards its end (None while the scenario's end is not in sight):
    ``phase``: "met" (the condition is met: this turn finishes, then the last turns), "last_turns" or "over";
    ``reason``: a key of ``REASONS``; ``pending``: the players with their one last turn still to come."""
    se = record(state)
    rule = end_rule(state)
    if final_round(state) and _round_over(state):
        return {"phase": "over", "reason": "round_limit", "pending": []}
    reason = condition_met(state)
    if reason is None:
        return None
    if rule["last_turns"] == "none":
        return {"phase": "over", "reason": reason, "pending": []}
    started = se.get("started")
    if not started:
        return {"phase": "met", "reason": reason, "pending": list(range(len(state["players"])))}
    pending = list(se.get("pending") or [])
    if not pending or (_round_over(state) and state["round"] == started.get("round")):
        # Full Conquest and others: "If the Round ends during this, the game ends immediately"
        return {"phase": "over", "reason": started.get("reason") or reason, "pending": []}
    return {"phase": "last_turns", "reason": started.get("reason") or reason, "pending": pending}


def is_over(state: dict) -> bool:
    st = status(state)
    return bool(st and st["phase"] == "over")


def skips_dummy(state: dict) -> bool:
    """The last turns are running: the Dummy player takes none (Solo Conquest, the co-op scenarios)."""
    st = status(state)
    return bool(st and st["phase"] in ("last_turns", "over"))


# ---------------------------------------------------------------------------------------------- reducers' hook

def after_turn(state: dict, who: Any) -> None:
    """A player's turn ended (or was forfeited by announcing the End of the Round, or missed): the first turn end
    after the condition is met starts the last turns; each later one takes that player's last turn."""
    if who == DUMMY or who is None:
        return
    se = _own(state)
    if se.get("started"):
        se["pending"] = [x for x in se.get("pending") or [] if x != who]
        return
    reason = condition_met(state)
    if reason is None or end_rule(state)["last_turns"] == "none":
        return
    se["started"] = {"round": state["round"], "reason": reason}
    se["pending"] = list(range(len(state["players"])))
    d = state.get("dummy")
    if d and d.get("announced") and d.get("announced_by") != DUMMY and not d.get("last_turn_done") \
            and d.get("mode") != "mage_lite":
        # the Dummy player's last turn of this Round is forfeited too: it takes no more turns
        d["last_turn_done"] = True
        if d.get("last_turns_left"):
            d["last_turns_left"] -= 1


@reducer("scenario.goal")
def _goal(state: dict, p: dict, ev: Event) -> None:
    se = _own(state)
    se["goal"] = {"player": p.get("player"), "seq": ev.seq}


# ---------------------------------------------------------------------------------------------- refusals

def over_reason(state: dict) -> str:
    st = status(state) or {}
    return REASONS.get(st.get("reason") or "round_limit", REASONS["round_limit"])


# Rulebook, A Round 5a: "if the Round limit is reached, the game is over"; the one message for it
ROUND_LIMIT = Nn_("This scenario has %(n)d round: the game is over. Open the score sheet.",
                  "This scenario has %(n)d rounds: the game is over. Open the score sheet.")


def refuse_if_over(state: dict) -> None:
    """No more turns, Dummy turns or Rounds once the game is over."""
    st = status(state)
    if st and st["phase"] == "over" and st["reason"] == "round_limit":
        raise InvalidN(*ROUND_LIMIT, n=total_rounds(state, default=0))
    if st and st["phase"] == "over":
        raise Invalid(N_("The game is over: %(why)s No more turns or rounds: open the score sheet."),
                      why=over_reason(state))


def refuse_round_after_last(state: dict) -> None:
    """No Round after the scenario's last one (moving the round tracker on: ``next_round``, or the Dummy player's
    new Round)."""
    refuse_if_over(state)
    total = total_rounds(state, default=0)
    if total and state["round"] >= total:
        raise InvalidN(*ROUND_LIMIT, n=total)


def refuse_dummy_turn(state: dict) -> None:
    refuse_if_over(state)
    if skips_dummy(state):
        raise Invalid(N_("The scenario's end is reached: every player has one last turn, the Dummy player none."))


# Every command of the Round flow and the Dummy player is refused once the game is over: one registered check each
# (``companion.game.spine.command.check``: it runs before the command, whoever gives it), never a call inside the command.
OVER_REFUSED = ("round_tactic", "round_end_turn", "round_announce", "round_extra_turn", "scenario_goal",
                "dummy_tactic_draw", "dummy_tactics", "dummy_pass", "dummy_announce")


# and their events where they are recorded (``needs_at_record``: the game's end reads the cities conquered and the
# turns taken, which an event's scope does not name), so an import refuses them too
OVER_EVENTS = ("round.tactic", "round.turn_end", "round.announce", "round.extra_turn", "scenario.goal",
               "dummy.tactic_draw", "dummy.tactics", "dummy.pass", "dummy.player_announced")


@needs_at_record(*OVER_EVENTS)
@check(*OVER_REFUSED)
def _refuse_if_over(state: dict, data: Mapping[str, Any]) -> None:
    refuse_if_over(state)


@needs_at_record("dummy.turn")
@check("dummy_turn")
def _refuse_dummy_turn(state: dict, data: Mapping[str, Any]) -> None:
    refuse_dummy_turn(state)


@needs_at_record("round.next")
@check("next_round")
def _refuse_next_round(state: dict, data: Mapping[str, Any]) -> None:
    refuse_round_after_last(state)


@needs_at_record("dummy.new_round")
@check("dummy_new_round")
def _refuse_dummy_new_round(state: dict, data: Mapping[str, Any]) -> None:
    d = state.get("dummy") or {}
    if d and d.get("round", state["round"]) == state["round"]:
        refuse_round_after_last(state)  # its new Round moves the round tracker on too
    else:
        refuse_if_over(state)


# ---------------------------------------------------------------------------------------------- commands

@needs_at_record("scenario.goal")
def goal_open(state: dict, p: dict | None = None) -> None:
    """The table may still confirm the scenario's end condition (the command's refusals and its event's)."""
    if not state.get("players"):
        raise Invalid(N_("This game has no players."))
    if not end_rule(state)["when"]:
        raise Invalid(N_("This scenario ends when its last Round is over."))
    if record(state).get("goal") or condition_met(state):
        raise Invalid(N_("The scenario's end condition is already met."))


@command("scenario_goal")
def cmd_goal(state: dict, data: Mapping[str, Any]) -> Command:
    """The table confirms the scenario's printed end condition that the app does not track (Scenario Book,
    "Scenario End": a city revealed, every mine liberated, every dungeon and tomb conquered, every incantation
    performed, a side conceding) - or, in a scenario whose end the app reads, one it could not see (Full
    Conquest's team game with two cities). Its ``player`` is the one who met it."""
    goal_open(state)
    i = player_index(state, data)
    goal = end_rule(state)["goal"]
    what = GOALS.get(goal or "", N_("The scenario's end condition is met"))
    s = sentence(N_("%(what)s (%(name)s): the scenario's end is reached."), translate=("what",), what=what,
                 name=state["players"][i]["name"])
    return Command("scenario.goal", {"player": i}, s, ("rounds", "scenario_end"))


__all__ = ["GOALS", "OVER_EVENTS", "OVER_REFUSED", "goal_open", "REASONS", "ROUND_LIMIT", "after_turn", "condition_met", "end_rule", "is_over",
           "refuse_dummy_turn", "refuse_if_over", "refuse_round_after_last", "skips_dummy", "status"]
