"""Whose turn it is, owned (Rulebook, A Round 4a: "Players take their turns in the order stated by the Round Order
tokens"; 4b: the player whose turn it is may announce the End of the Round "instead of playing their turn").

Only the phone of the player whose turn it is ends that turn or announces the End of the Round, and only the phone of
the player who chooses a Tactic now chooses it (A Round 3: each player chooses their own Tactic card); the host may
do it for them (the log line then says so: "Ben's turn is over (by the host)."); any other phone is refused, and told whose it is.
The web layer only supplies the acting device (``companion.game.spine.command.Actor``); this module decides. No Flask.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from ...rules.text import N_
from ..spine.command import Actor, NotYours, guard
from .round_state import current, next_picker, who_name
from .scenario_info import DUMMY

TURN_COMMANDS = ("round_end_turn", "round_announce", "dummy_pass", "dummy_announce")


def may_end_turn(actor: Actor, who: Any) -> bool:
    """Whether ``actor``'s phone may end ``who``'s turn or announce for them: their own phone, or the host's (the
    pages show the buttons by this, the guard below refuses by it)."""
    return actor.is_host or (actor.player is not None and actor.player == who)


@guard(*TURN_COMMANDS)
def own_turn(state: dict, data: Mapping[str, Any], actor: Actor) -> str | None:
    """Refuse anybody but the player whose turn it is (or the host, who acts for them: their name is returned)."""
    return theirs(state, actor, current, N_("It is %(name)s's turn: only %(name)s's phone (or the host) can end "
                                             "it or announce the End of the Round."))


@guard("round_tactic")
def own_tactic(state: dict, data: Mapping[str, Any], actor: Actor) -> str | None:
    """Rulebook, A Round 3: "each player chooses one Tactic card" - their own: refuse anybody but the player who
    chooses now (or the host, who acts for them: their name is returned)."""
    return theirs(state, actor, next_picker,
                   N_("It is %(name)s's choice of Tactic: only %(name)s's phone (or the host) can choose it."))


def theirs(state: dict, actor: Actor, whose: Callable[[dict], Any], refusal: str) -> str | None:
    """Let ``actor`` act if it is the player ``whose(state)`` names (None), or the host acting for them (their
    name); refuse anybody else with ``refusal``. Nobody named (the Dummy's part, nothing tracked): the command
    itself says what is possible."""
    try:
        who = whose(state)
    except (KeyError, TypeError, ValueError, AttributeError):
        return None
    if who is None or who == DUMMY or actor.player == who:
        return None
    name = who_name(state, who)
    if may_end_turn(actor, who):
        return name  # the host, acting for them
    raise NotYours(refusal, name=name)


__all__ = ["TURN_COMMANDS", "may_end_turn", "own_tactic", "own_turn", "theirs"]
