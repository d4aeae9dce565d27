"""Tactics and the new Round with a Dummy player (Scenario Book, Solo Conquest and Full Cooperation, Special Rules;
Dummy Player, "When preparing a new Round": one Advanced Action and a crystal of the Spell's colour)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping

from babel.messages.pofile import read_po

from ...resources import TRANSLATIONS
from ...rules import dummy as rules
from ...rules.data import get_rules
from ...rules.mage_lite import dummy as mage_lite
from ...rules.text import N_, T, Term
from ...state import REDUCERS, Event, rng
from ..flow.round_state import available_tactics, round_running, tactic_by_id, tactic_rule
from ..flow.scenario_info import day_night_order
from ..spine.command import Command, Invalid, command
from ..spine.fields import flag
from ..spine.payloads import needs_at_record
from ..spine.sentences import sentence
from .common import (dummy_command, color_value, dummy_reducer, is_final_day_or_night, need_dummy, text_or_none,
                     zeros)

CATALOGS = TRANSLATIONS / "de" / "LC_MESSAGES"
COLOUR_ONLY = N_("Advanced Action (%(color)s)")


@dummy_reducer("dummy.tactic_draw")
def _tactic_draw(state: dict, p: dict, ev: Event) -> None:
    """Full Cooperation: the Dummy player takes a random Tactic first."""
    d = state["dummy"]
    avail = p.get("available") or [t.id for t in available_tactics(state)]
    pick = rules.dummy_takes_tactic(rules.COOPERATIVE, avail, [], rng(state, ev))
    d["tactic"] = pick.tactic
    d["player_tactics"] = {}
    d["tactic_explanation"] = list(pick.explanation)


@dummy_reducer("dummy.tactics")
def _tactics(state: dict, p: dict, ev: Event) -> None:
    """The players' Tactics; in Solo Conquest the Dummy player then takes a random one of the rest. The round
    order follows the Tactic numbers, with the dummy in it."""
    d = state["dummy"]
    picks = {str(k): v for k, v in p["players"].items()}
    rule = p.get("rule") or rules.SOLO
    avail = p.get("available") or [t.id for t in available_tactics(state)]
    if rule == rules.SOLO:
        pick = rules.dummy_takes_tactic(rules.SOLO, avail, list(picks.values()), rng(state, ev))
        d["tactic"] = pick.tactic
        d["tactic_explanation"] = list(pick.explanation)
    d["player_tactics"] = picks
    known = p.get("numbers") or {}

    def number(tid: str) -> int:
        return int(known[tid]) if tid in known else tactic_by_id(tid).number

    numbers: dict[Any, int] = {int(i): number(tid) for i, tid in picks.items()}
    numbers["dummy"] = number(d["tactic"])
    order = rules.round_order(numbers)
    state["round_order"] = list(order.order)
    d["turn"] = 0


@dummy_reducer("dummy.new_round")
def _new_round(state: dict, p: dict, ev: Event) -> None:
    d = state["dummy"]
    r = rng(state, ev)
    # tactics used this round leave the game as the scenario says
    removed = p.get("removed_tactics") or []
    d["removed_tactics"] = list(d.get("removed_tactics", [])) + [t for t in removed if t]
    d["tactic"], d["player_tactics"] = None, {}
    aa = p.get("advanced_action")
    spell = p.get("spell_color")
    if d["mode"] == "mage_lite":
        d["level"] = mage_lite.START_LEVEL
        d["explanation"] = [T("%(rule)s: a new round: the dummy card starts again on level 1",
                              rule=Term(mage_lite.ML))]
    elif d["mode"] == "virtual":
        nr = rules.new_round(d["deck"] + d["discard"], d["crystals"], r, aa, spell)
        d["deck"], d["discard"] = list(nr.deck), []
        d["crystals"] = nr.crystals.as_dict()
        d["deck_count"] = len(d["deck"])
        d["composition"] = rules.color_counts(d["deck"])
        d["explanation"] = list(nr.explanation)
    else:
        nr = rules.new_round([c for c in rules.COLORS for _ in range(d["composition"][c])], d["crystals"], r,
                             aa, spell)
        d["crystals"] = nr.crystals.as_dict()
        d["composition"] = rules.color_counts(nr.deck)
        d["deck_count"] = len(nr.deck)
        d["explanation"] = [physical_line(line) for line in nr.explanation]
    d["seen"] = zeros()
    d["announced"], d["announced_by"], d["last_turns_left"], d["last_turn_done"] = False, None, None, False
    d["last"], d["turns"] = None, []
    d["turn"] = 0
    # Prepare the Round: the round tracker moves on too, unless the table already moved it
    if state["round"] == d.get("round", state["round"]) and "round.next" in REDUCERS:
        REDUCERS["round.next"](state, {"time": p.get("time")}, ev)
    state["round_order"] = [x for x in state.get("round_order", []) if x != "dummy"]
    d["round"] = state["round"]


def physical_line(line: str) -> str:
    """With the real cards the table shuffles them: the engine's last new-round line says so."""
    if getattr(line, "msgid", None) == rules.SHUFFLED:
        return T("%(rule)s: all its %(n)d cards are shuffled into a new deck (shuffle the real cards)",
                 **line.args)
    return line


@needs_at_record("dummy.tactic_draw")
def tactic_draw_open(state: dict, p: dict | None = None) -> None:
    """The Dummy player may take its random Tactic now: the command's refusals, and its event's where it is
    recorded (an import's too)."""
    d = need_dummy(state)
    if tactic_rule(state) != rules.COOPERATIVE:
        raise Invalid(N_("In this scenario you choose your Tactic first."))
    if d.get("tactic"):
        raise Invalid(N_("The Dummy player already has its Tactic this round."))
    if d.get("announced"):
        raise Invalid(N_("The End of the Round was already announced: this round's Tactics can no longer be "
                         "chosen."))
    if not available_tactics(state):
        raise Invalid(N_("No Tactic card is left."))


@command("dummy_tactic_draw")
def cmd_tactic_draw(state: dict, data: Mapping[str, Any]) -> Command:
    """Scenario Book, Full Cooperation, Special Rules: the Dummy player takes a random Tactic first."""
    tactic_draw_open(state)
    return dummy_command("dummy.tactic_draw", {"available": [t.id for t in available_tactics(state)]},
                   sentence(N_("Dummy player takes a random Tactic")))


def tactics_open(state: dict) -> tuple[dict, str]:
    """The players may choose this Round's Tactics on the Dummy page now: the Dummy and the scenario's tactic
    rule, or ``Invalid``."""
    d = need_dummy(state)
    rule = tactic_rule(state)
    if rule is None:
        raise Invalid(N_("This game has no Dummy player tactics."))
    if d.get("player_tactics"):
        raise Invalid(N_("The Tactics of this round are already chosen."))
    if d.get("announced"):
        raise Invalid(N_("The End of the Round was already announced: this round's Tactics can no longer be "
                         "chosen."))
    if rule == rules.COOPERATIVE and not d.get("tactic"):
        raise Invalid(N_("The Dummy player takes its Tactic first."))
    return d, rule


def chosen_tactics(state: dict, d: dict, rule: str, chosen: Mapping[str, Any]) -> dict[str, str]:
    """Every player's Tactic (``chosen``: a player's index as text -> the Tactic's id), each available, not the
    Dummy's, no two alike; with Solo Conquest's one left for the Dummy: the picks, or ``Invalid``."""
    avail = {t.id for t in available_tactics(state)}
    picks: dict[str, str] = {}
    for i, _pl in enumerate(state["players"]):
        tid = chosen.get(str(i))
        if not tid:
            raise Invalid(N_("Choose a Tactic for every player."))
        if not isinstance(tid, str) or tid not in avail or tid == d.get("tactic"):
            raise Invalid(N_("That Tactic is not available."))
        if tid in picks.values():
            raise Invalid(N_("Two players cannot take the same Tactic."))
        picks[str(i)] = tid
    if rule == rules.SOLO and len(avail - set(picks.values())) == 0:
        raise Invalid(N_("No Tactic card is left for the Dummy player."))
    return picks


@needs_at_record("dummy.tactics")
def tactics_allowed(state: dict, p: dict) -> None:
    """The command's refusals of the Round's Tactics, for its event where it is recorded (an import's too)."""
    d, rule = tactics_open(state)
    chosen = {str(k): v for k, v in p["players"].items()}
    if set(chosen) - {str(i) for i in range(len(state["players"]))}:
        raise Invalid(N_("Choose a Tactic for every player."))
    chosen_tactics(state, d, rule, chosen)


@command("dummy_tactics")
def cmd_tactics(state: dict, data: Mapping[str, Any]) -> Command:
    """The players' Tactics (Solo Conquest: then the Dummy player takes a random one of the rest)."""
    d, rule = tactics_open(state)
    picks = chosen_tactics(state, d, rule, {str(i): data.get(f"tactic_{i}") if hasattr(data, "get") else None
                                            for i in range(len(state["players"]))})
    numbers = {t.id: t.number for t in available_tactics(state)}
    return dummy_command("dummy.tactics",
                   {"players": picks, "rule": rule, "numbers": numbers, "available": sorted(numbers)},
                   sentence(N_("Tactics chosen; the round order is set")), ("dummy", "round_order"))


@lru_cache(maxsize=1)
def _german() -> dict[str, str]:
    """The German catalog's strings this module names cards with (read once; no Flask needed)."""
    out: dict[str, str] = {}
    with (CATALOGS / "dummy.po").open("rb") as fh:
        for msg in read_po(fh, locale="de"):
            if isinstance(msg.id, str) and msg.string:
                out[msg.id] = msg.string
    return out


def colour_only_card(color: str) -> dict[str, Any]:
    """An Advanced Action known only by its colour, named in both languages (whichever phone sent it)."""
    de = _german()
    return {"id": f"advanced_action_{color}", "name": COLOUR_ONLY % {"color": color},
            "name_de": de.get(COLOUR_ONLY, COLOUR_ONLY) % {"color": de.get(color, color)}, "color": color}


def _advanced_action(data: Mapping[str, Any]) -> dict | None:
    aa_id = text_or_none(data, "advanced_action") or ""
    if aa_id.startswith("color:"):
        return colour_only_card(color_value(aa_id[6:]))
    if not aa_id:
        return None
    card = (getattr(get_rules(), "cards", {}) or {}).get(aa_id)
    if card is None or not getattr(card, "color", None):
        raise Invalid(N_("Unknown Advanced Action card."))
    return rules.card_dict(card)


EMPTY = "empty"  # the table states the offer is empty


@needs_at_record("dummy.new_round")
def round_done(state: dict, p: dict | None = None) -> dict:
    """The Dummy's Round is over, so a new one may be prepared: the command's refusal, and its event's where it is
    recorded (an import's too)."""
    d = need_dummy(state)
    if round_running(state, d):
        if d.get("announced"):
            raise Invalid(N_("The round is still running: the last turns are not played yet (left: %(n)d)."),
                          n=d.get("last_turns_left") or 0)
        raise Invalid(N_("The round is still running: the new round starts after the End of the Round was "
                         "announced and everyone took their last turn."))
    return d


@command("dummy_new_round")
def cmd_new_round(state: dict, data: Mapping[str, Any]) -> Command:
    """Scenario Book, Dummy Player, When preparing a new Round: an Advanced Action from the offer goes into its
    deck, it gains a crystal of the colour of the Spell, and its deck is shuffled; the used Tactics leave as the
    scenario says. No Round after the scenario's last: the command's registered check
    (``scenario_end.refuse_round_after_last``)."""
    d = round_done(state)
    payload: dict[str, Any] = {}
    if d["mode"] != "mage_lite":
        # Scenario Book, Dummy Player, When preparing a new Round: "the lowest Advanced Action ... is added to
        # the Dummy player's deck", "the Dummy player gets one crystal of the colour of the lowest Spell": both
        # are required, unless the table states that offer is empty ("empty", or "offer_empty": both).
        both_empty = flag(data, "offer_empty")
        aa_raw, spell_raw = data.get("advanced_action"), data.get("spell_color")
        if both_empty or aa_raw == EMPTY:
            payload["advanced_action"] = None
        else:
            payload["advanced_action"] = _advanced_action(data)
            if payload["advanced_action"] is None:
                raise Invalid(N_("Choose the Advanced Action that joins the Dummy player's deck (or say the "
                                 "Advanced Action offer is empty)."))
        if both_empty or spell_raw == EMPTY:
            payload["spell_color"] = None
        else:
            payload["spell_color"] = color_value(spell_raw, required=False)
            if payload["spell_color"] is None:
                raise Invalid(N_("Choose the colour of the Spell leaving the offer: the Dummy player gains that "
                                 "crystal (or say the Spell offer is empty)."))
    rule = tactic_rule(state)
    removed: list[str] = []
    if rule == rules.SOLO and d.get("tactic"):
        removed = [*d.get("player_tactics", {}).values(), d["tactic"]]
    elif rule == rules.COOPERATIVE and d.get("player_tactics") and not is_final_day_or_night(state):
        chosen = text_or_none(data, "remove_tactic")
        if not chosen:
            raise Invalid(N_("Choose which of your Tactics leaves the game."))
        try:
            removed = list(rules.tactics_removed_at_round_end(
                rules.COOPERATIVE, d["tactic"], list(d["player_tactics"].values()), chosen).removed)
        except ValueError:
            raise Invalid(N_("Only a Tactic used by a player (not the Dummy player's) can be removed.")) from None
    payload["removed_tactics"] = removed
    if state["round"] == d["round"]:
        # this event also moves the round tracker on (Rulebook, Prepare the Round 2a: flip Day/Night)
        order = day_night_order(state)
        n = state["round"] + 1
        payload["time"] = order[n - 1] if n <= len(order) else ("night" if state["time"] == "day" else "day")
    return dummy_command("dummy.new_round", payload,
                   sentence(N_("New round: the Dummy player's deck is reshuffled")), ("dummy", "round", "round_order"))
