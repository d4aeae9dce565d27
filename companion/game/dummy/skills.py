"""The Dummy player's Skills in a solo game (Scenario Book, Skills in a Solo Game) and the Mage Lite counter
(004 Mage Lite: Tovak's hero card as a level counter instead of a deck)."""

from __future__ import annotations

from typing import Any, Mapping

from ...rules import dummy as rules
from ...rules.mage_lite import dummy as mage_lite
from ...rules.text import N_
from ...state import Event
from ..spine.command import Command, Invalid, command
from ..spine.payloads import needs
from ..spine.sentences import sentence
from .common import dummy_command, color, dummy_reducer, need_dummy


@dummy_reducer("dummy.skill_reveal")
def _skill_reveal(state: dict, p: dict, ev: Event) -> None:
    s = state["dummy"]["skills"]
    rev = rules.reveal_skill(s["pile"])
    if rev.revealed is not None:
        s["offer"].append(rev.revealed)
        s["pile"] = list(rev.pile)


@dummy_reducer("dummy.skill_take")
def _skill_take(state: dict, p: dict, ev: Event) -> None:
    s = state["dummy"]["skills"]
    if p["skill"] in s["offer"]:
        s["offer"].remove(p["skill"])
        s.setdefault("taken", []).append(p["skill"])


@dummy_reducer("dummy.mage_lite")
def _mage_lite(state: dict, p: dict, ev: Event) -> None:
    d = state["dummy"]
    step = mage_lite.advance(d["level"], p.get("color") or None, d["pips"], d["threshold"])
    d["level"] = step.level
    d["last"] = {"moved": step.moved, "color": p.get("color") or None, "explanation": list(step.explanation),
                 "seq": ev.seq}
    if step.end_of_round and not d["announced"]:
        d["announced"], d["announced_by"] = True, "dummy"
        d["last_turns_left"] = 1


# the commands' checks, for their events wherever they are applied (companion.game.spine.payloads.needs)


@needs("dummy.skill_reveal")
def skill_to_reveal(state: dict, p: dict | None = None) -> None:
    d = need_dummy(state)
    if not d.get("skills"):
        raise Invalid(N_("The Dummy player's Skills are only used in a solo game."))
    if not d["skills"]["pile"]:
        raise Invalid(N_("The Dummy player has no Skill left to reveal."))


@needs("dummy.skill_take")
def skill_in_offer(state: dict, p: dict) -> None:
    d = need_dummy(state)
    if not d.get("skills") or not isinstance(p["skill"], str) or p["skill"] not in d["skills"]["offer"]:
        raise Invalid(N_("That Skill is not in the Common Skill offer."))


@needs("dummy.mage_lite")
def mage_lite_moves(state: dict, p: dict | None = None) -> None:
    d = need_dummy(state)
    if d["mode"] != "mage_lite":
        raise Invalid(N_("This Dummy player is not a Mage Lite counter."))
    if d["announced"]:
        raise Invalid(N_("The Dummy player has already announced the End of the Round."))


@command("dummy_skill_reveal")
def cmd_skill_reveal(state: dict, data: Mapping[str, Any]) -> Command:
    """Scenario Book, Skills in a Solo Game: when your hero gains a Skill, a Dummy Skill goes to the offer."""
    skill_to_reveal(state)
    return dummy_command("dummy.skill_reveal", {},
                   sentence(N_("Your hero gained a Skill: a Dummy Skill goes to the offer")))


@command("dummy_skill_take")
def cmd_skill_take(state: dict, data: Mapping[str, Any]) -> Command:
    skill = data.get("skill") if hasattr(data, "get") else None
    skill_in_offer(state, {"skill": skill})
    return dummy_command("dummy.skill_take", {"skill": skill},
                   sentence(N_("A Dummy Skill is taken from the offer")))


@command("dummy_mage_lite")
def cmd_mage_lite(state: dict, data: Mapping[str, Any]) -> Command:
    """004 Mage Lite: after each of your turns the dummy card moves, by the mana you used."""
    mage_lite_moves(state)
    c = color(data, required=False)
    return dummy_command("dummy.mage_lite", {"color": c}, sentence(
        N_("Turn over: the dummy card moves (mana %(color)s)"), translate=("color",), color=c or "-"))
