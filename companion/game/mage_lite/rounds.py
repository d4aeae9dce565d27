"""Mage Lite's Rounds and the Mini Blitz's verdict (seed 004, "One Round of the Game", "Mini Blitz Scenario"; the
Main Expansion's "DUMMY PLAYER" counter, ``companion.rules.mage_lite.dummy``): your turns, the Dummy card after each
one, the end of the Round (Day and Night alternate, used spells, artifacts and Units ready again), cities conquered,
won or lost. A city fight won on the combat page calls ``conquer_city`` from ``combat.end`` (``fights.py``)."""

from __future__ import annotations

from typing import Any, Mapping

from ...rules.mage_lite import dummy as counter
from ...rules.mage_lite import game as ml_rules
from ...rules.text import N_
from ...state import Event, reducer
from ..spine.command import Command, Invalid, NeedsConfirm, check, command
from ..spine.fields import between, choice, flag
from ..spine.payloads import needs_at_record
from ..spine.sentences import sentence
from .core import SCOPE, live, ml, numbers, require_running

COLORS = ("red", "blue", "green", "white")
ROUND_SCOPE = SCOPE + ("round",)


@reducer("mage_lite.turn")
def _turn(state: dict, p: dict, ev: Event) -> None:
    m = live(state)
    m["turns"] += 1
    if m.get("last_fame"):  # its level-up instruction lasts until the next turn's cards are drawn (page.level_ups_now)
        m["last_fame"]["turns_since"] = m["last_fame"].get("turns_since", 0) + 1
    m["all_turns"] = m.get("all_turns", 0) + 1  # the turns of the game (a Poisoned Unit's deadline: units.py)
    d = m["dummy"]
    if d is None:
        return
    if d["announced"]:
        d["final_turn_done"] = True  # "your next turn is your final turn of the round"
        return
    step = counter.advance(d["level"], p.get("color") or None, d["pips"], d["threshold"])
    d["level"] = step.level
    d["last"] = {"moved": step.moved, "color": p.get("color") or None, "seq": ev.seq,
                 "explanation": [line.to_json() for line in step.explanation]}
    d["announced"] = step.end_of_round


def conquer_city(state: dict, color: str, defeated: int) -> None:
    """A city conquered: both conquered end the game, won (004 Mini Blitz: "defeat both cities before time runs
    out")."""
    m = live(state)
    if color in m["cities"] or color not in numbers(state)["cities"]:
        raise ValueError("that city is already conquered, or not in this game")
    m["cities"].append(color)
    m["city_defeated"][color] = defeated
    v = ml_rules.verdict(numbers(state)["rounds"], state["round"], len(m["cities"]), False)
    if v.result:
        m["over"] = {"result": v.result, "round": v.round, "rounds_left": v.rounds_left}
        state["finished"] = True


@reducer("mage_lite.city")
def _city(state: dict, p: dict, ev: Event) -> None:
    conquer_city(state, p["color"], p.get("defeated") or 0)


@reducer("mage_lite.round_end")
def _round_end(state: dict, p: dict, ev: Event) -> None:
    m = live(state)
    n = numbers(state)
    v = ml_rules.verdict(n["rounds"], state["round"], len(m["cities"]), True)
    if v.result:
        m["over"] = {"result": v.result, "round": v.round, "rounds_left": v.rounds_left}
        state["finished"] = True
        return
    state["round"] += 1
    state["time"] = n["day_night"][state["round"] - 1]
    m["turns"] = 0
    for item in m["items"]:  # "Units are automatically Readied at the end of each Round"; spells and artifacts
        item["used"] = False  # "can be used once per round"
    if m["dummy"] is not None:
        m["dummy"].update(level=counter.START_LEVEL, announced=False, final_turn_done=False, last=None)


@reducer("mage_lite.dummy_end")
def _dummy_end(state: dict, p: dict, ev: Event) -> None:
    d = live(state)["dummy"]
    if d is None or d["announced"]:
        raise ValueError("no Dummy counter running")
    d["threshold"] = counter.threshold_for(p["difficulty"])


@command("mage_lite_dummy_end")
def cmd_dummy_end(state: dict, form: Mapping[str, Any]) -> Command:
    """004 Main Expansion, DUMMY PLAYER: "For an easier experience, allow the dummy player to go all the way to
    level 8 before declaring end of round. Likewise, you can increase the challenge by having it declare end of
    round at level 6." (``companion.rules.mage_lite.dummy.THRESHOLDS``, as on the Dummy page.)"""
    d = ml(state)["dummy"]
    if d is None:
        raise Invalid(N_("The Dummy counter comes with the Main Expansion."))
    if d["announced"]:
        raise Invalid(N_("The Dummy player has already announced the End of the Round."))
    difficulty = choice(form, "difficulty", tuple(counter.THRESHOLDS))
    return Command("mage_lite.dummy_end", {"difficulty": difficulty},
                   sentence(N_("The Dummy card declares the end of the round at level %(level)d"),
                            level=counter.threshold_for(difficulty)), SCOPE)


@check("mage_lite_turn", "mage_lite_round_end", "mage_lite_city", "mage_lite_dummy_end")
def _running(state: dict, data: Mapping[str, Any]) -> None:
    require_running(state)


@needs_at_record("mage_lite.turn")
def turn_open(state: dict, p: dict | None = None) -> None:
    """A turn may end now: the game runs, and the final turn of the Round is not over yet (the command's refusals,
    and its event's where it is recorded: an import's too)."""
    d = require_running(state)["dummy"]
    if d is not None and d["final_turn_done"]:
        raise Invalid(N_("Your final turn of the round is over: end the round."))


@command("mage_lite_turn")
def cmd_turn(state: dict, form: Mapping[str, Any]) -> Command:
    """Your turn is over. With the Main Expansion the Dummy card rotates one level, plus one per pip matching the
    right-hand mana symbol of the furthest-right card of your new hand (``color``; none: no basic colour)."""
    m = ml(state)
    d = m["dummy"]
    color = choice(form, "color", COLORS, default="") if form.get("color") else None
    turn_open(state)
    if d is not None and d["announced"]:
        return Command("mage_lite.turn", {"color": None},
                       sentence(N_("Your final turn of Round %(round)d is over"), round=state["round"]), SCOPE)
    if d is None:
        return Command("mage_lite.turn", {"color": None},
                       sentence(N_("Turn %(n)d of Round %(round)d is over"), n=m["turns"] + 1,
                                round=state["round"]), SCOPE)
    step = counter.advance(d["level"], color, d["pips"], d["threshold"])
    s = (sentence(N_("Turn over: the Dummy card moves to level %(level)d and declares the end of the round: your "
                     "next turn is your final turn"), level=step.level) if step.end_of_round else
         sentence(N_("Turn over: the Dummy card moves to level %(level)d"), level=step.level))
    return Command("mage_lite.turn", {"color": color}, s, SCOPE)


@command("mage_lite_round_end")
def cmd_round_end(state: dict, form: Mapping[str, Any]) -> Command:
    """004 "One Round of the Game" 4c-5: the Round ends (no card left, the Dummy's end of the Round, or you choose
    to); "Check the Scenario description": the last Round over without both cities is lost. With no turn played in
    the Round it asks first (``confirm``: true), as Mage Knight's early next round does: one tap under "My turn is
    over" ended five Rounds in five taps (found by a first-evening walkthrough)."""
    n = numbers(state)
    if not ml(state)["turns"] and not flag(form, "confirm"):
        raise NeedsConfirm(N_("No turn was played in Round %(round)d yet: end it only if you have no card left to "
                              "play or want to move on to the next round."), round=state["round"])
    if state["round"] >= n["rounds"]:
        return Command("mage_lite.round_end", {}, sentence(N_("Round %(round)d, the last one, is over"),
                                                            round=state["round"]), ROUND_SCOPE)
    nxt = n["day_night"][state["round"]]
    return Command("mage_lite.round_end", {},
                   sentence(N_("Round %(round)d is over: Round %(next)d is a %(time)s"), translate=("time",),
                            round=state["round"], next=state["round"] + 1, time=nxt), ROUND_SCOPE)


@command("mage_lite_city")
def cmd_city(state: dict, form: Mapping[str, Any]) -> Command:
    """A city conquered (its defenders all defeated), with how many enemies were defeated there (each adds 1
    Influence when you interact in it)."""
    m = ml(state)
    color = choice(form, "color", numbers(state)["cities"])
    if color in m["cities"]:
        raise Invalid(N_("That city is already conquered."))
    defeated = between(form, "defeated", 0, 9, default=0, label=N_("Enemies defeated there"))
    return Command("mage_lite.city", {"color": color, "defeated": defeated},
                   sentence(N_("The %(color)s city is conquered"), translate=("color",), color=color), SCOPE)
