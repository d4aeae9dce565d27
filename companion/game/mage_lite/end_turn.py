"""Mage Lite's end of the turn (seed 004, "End of Turn"): Forced Withdrawal's wounds and the steps the page lists
beside "My turn is over". The app never sees the map or the hand: the player says how many spaces they backtracked;
the page says how each wound is taken.

Event ``mage_lite.withdraw`` ``{spaces}``; ``state["mage_lite"]["last_withdrawal"]`` ``{spaces, seq}``. No Flask.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...rules.text import N_, Nn_
from ...state import Event, reducer
from ..spine.command import Command, Invalid, check, command
from ..spine.fields import between
from ..spine.payloads import needs_at_record
from ..spine.sentences import plural_sentence
from .core import SCOPE, live, require_running


@needs_at_record("mage_lite.withdraw")
def may_withdraw(state: dict, p: Mapping[str, Any]) -> None:
    require_running(state)
    if (state.get("combat") or {}).get("current"):
        raise Invalid(N_("Forced Withdrawal comes at the end of your turn: end the combat first."))


@reducer("mage_lite.withdraw")
def _withdraw(state: dict, p: dict, ev: Event) -> None:
    live(state)["last_withdrawal"] = {"spaces": p["spaces"], "seq": ev.seq}


@check("mage_lite_withdraw")
def _running(state: dict, _form: Mapping[str, Any]) -> None:
    require_running(state)


@command("mage_lite_withdraw")
def cmd_withdraw(state: dict, form: Mapping[str, Any]) -> Command:
    """004 "End of Turn" 1: "Forced Withdrawal: You must end your turn on a safe space ... If you are not on a safe
    space, you must backtrack your move until you arrive at a safe space. For each space you move while
    backtracking, you get wounded." (``spaces``: how many.)"""
    spaces = between(form, "spaces", 1, 9, label=N_("Spaces backtracked"))
    p = {"spaces": spaces}
    may_withdraw(state, p)
    return Command("mage_lite.withdraw", p,
                   plural_sentence(*Nn_("Forced Withdrawal: %(n)d space backtracked, %(n)d wound",
                                        "Forced Withdrawal: %(n)d spaces backtracked, %(n)d wounds"), "n", n=spaces),
                   SCOPE)
