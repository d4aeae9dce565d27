"""Mage Lite's Fame card, hero card and Reputation card (seed 004, "FAME AND REPUTATION", "LEVELING UP", Mini Blitz's
Fame Bonus) as commands and reducers. Fame and Reputation are the one player's ``state["players"][0]`` fields.
``add_fame`` is what any Mage Lite reducer calls to give Fame (a fight's too), so the Fame Bonus is never missed."""

from __future__ import annotations

from typing import Any, Mapping

from ...rules.data import get_rules
from ...rules.mage_lite import game as ml_rules
from ...rules.text import N_
from ...state import Event, reducer
from ..spine.command import Command, Invalid, check, command
from ..spine.fields import between, choice
from ..spine.payloads import needs_at_record
from ..spine.sentences import sentence
from .core import SCOPE, data, live, ml, numbers, reputation, require_mage_lite, require_running, store_reputation

REASONS = ("assault", "orcs", "draconum", "burn_monastery", "up", "down")
REASON_NAMES = {"assault": N_("assault"), "orcs": N_("rampaging Orcs defeated"),
                "draconum": N_("rampaging Draconum defeated"), "burn_monastery": N_("monastery burned"),
                "up": N_("correction"), "down": N_("correction")}


def add_fame(state: dict, amount: int, seq: int) -> ml_rules.FameGain:
    """Give the player ``amount`` Fame with the Mini Blitz's Fame Bonus for every level crossed; the page shows
    what each level-up brings (``state["mage_lite"]["last_fame"]``)."""
    player = state["players"][0]
    gain = ml_rules.gain_fame(get_rules().levels, player["fame"], amount, numbers(state)["fame_bonus"],
                              data().max_level)
    player["fame"] = gain.after
    ml(state)["last_fame"] = {"before": gain.before, "gained": gain.gained, "bonus": gain.bonus,
                              "after": gain.after, "level_ups": [{"level": u.level, "reward": u.reward}
                                                                 for u in gain.level_ups],
                              "explanation": [line.to_json() for line in gain.explanation], "seq": seq}
    return gain


def shift_reputation(state: dict, delta: int) -> None:
    """Move the Reputation card ``delta`` steps (never beyond +7 or the X): for any Mage Lite reducer (a fight's
    assault, rampaging enemies defeated)."""
    store_reputation(state, ml_rules.change_reputation(reputation(state), delta))


@reducer("mage_lite.fame")
def _fame(state: dict, p: dict, ev: Event) -> None:
    live(state)
    add_fame(state, p["amount"], ev.seq)


@reducer("mage_lite.hero_card")
def _hero_card(state: dict, p: dict, ev: Event) -> None:
    live(state)["hero_card"][str(p["level"])] = {"armor": p["armor"], "hand_limit": p["hand_limit"]}


@reducer("mage_lite.reputation")
def _reputation(state: dict, p: dict, ev: Event) -> None:
    live(state)
    shift_reputation(state, p["delta"])


@check("mage_lite_fame", "mage_lite_reputation")
def _running(state: dict, _form: Mapping[str, Any]) -> None:
    require_running(state)


@command("mage_lite_fame")
def cmd_fame(state: dict, form: Mapping[str, Any]) -> Command:
    """Fame gained (a negative amount corrects a mistake); the Fame Bonus follows every level crossed."""
    amount = between(form, "amount", -99, 99, label=N_("Fame"))
    if amount == 0:
        raise Invalid(N_("Enter the Fame gained (or a negative number to correct a mistake)."))
    gain = ml_rules.gain_fame(get_rules().levels, state["players"][0]["fame"], amount,
                              numbers(state)["fame_bonus"], data().max_level)
    if gain.bonus:
        s = sentence(N_("Fame %(amount)+d and the Fame Bonus +%(bonus)d (level %(level)d): %(before)d -> %(after)d"),
                     amount=amount, bonus=gain.bonus, level=gain.level_after, before=gain.before, after=gain.after)
    else:
        s = sentence(N_("Fame %(amount)+d: %(before)d -> %(after)d"), amount=amount, before=gain.before,
                     after=gain.after)
    return Command("mage_lite.fame", {"amount": amount}, s, SCOPE + ("player:0:fame",))


def level_to_correct(state: dict, form: Mapping[str, Any]) -> int:
    """The hero card's level (``form``'s ``level``) that may be typed from the card now, or ``Invalid``: a level
    of Mage Lite's table, not corrected already."""
    m = require_mage_lite(state)
    level = between(form, "level", 1, data().max_level, label=N_("Level"))
    if str(level) in m["hero_card"]:
        raise Invalid(N_("Level %(level)d is already corrected for this game: undo that correction to change it."),
                      level=level)
    return level


# the command's refusals where its event is recorded (an import's too)
needs_at_record("mage_lite.hero_card")(level_to_correct)


@command("mage_lite_hero_card")
def cmd_hero_card(state: dict, form: Mapping[str, Any]) -> Command:
    """The hero card's armor and Hand limit at a level, typed from the card once for the game (the text prints
    none; until then Mage Knight's level table stands in)."""
    level = level_to_correct(state, form)
    armor = between(form, "armor", 1, 9, label=N_("Armor"))
    hand = between(form, "hand_limit", 1, 12, label=N_("Hand limit"))
    return Command("mage_lite.hero_card", {"level": level, "armor": armor, "hand_limit": hand},
                   sentence(N_("Hero card, level %(level)d, from the card: armor %(armor)d, Hand limit %(hand)d"),
                            level=level, armor=armor, hand=hand), SCOPE)


@command("mage_lite_reputation")
def cmd_reputation(state: dict, form: Mapping[str, Any]) -> Command:
    """004: "Every time you make an assault, you lose 1 Reputation"; rampaging "Reputation (+1 for each orc
    marauders, +2 for each draconum)" (not in ruins); burning a monastery "Reputation -3"; or one step up or down."""
    reason = choice(form, "reason", REASONS)
    count = between(form, "count", 1, 9, default=1, label=N_("How many"))
    changes = data().reputation_changes
    delta = {"up": 1, "down": -1}.get(reason) or changes[reason] * (count if reason in ("orcs", "draconum") else 1)
    before = reputation(state)
    after = ml_rules.change_reputation(before, delta)
    if after == before:
        raise Invalid(N_("The Reputation card has no step beyond this one."))
    return Command("mage_lite.reputation", {"reason": reason, "count": count, "delta": delta},
                   sentence(N_("Reputation %(delta)+d (%(reason)s): %(before)s -> %(after)s"), translate=("reason",),
                            delta=delta, reason=REASON_NAMES[reason], before=_shown(before), after=_shown(after)),
                   SCOPE + ("player:0:reputation",))


def _shown(step: int) -> str:
    return "X" if step == ml_rules.X else f"{step:+d}"
