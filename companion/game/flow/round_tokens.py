"""Turns that are missed, turns that are added, and Tactic effects on turns and hands.

- Round Order token flips (Rulebook, Players play their turns 2, seed 000; German rulebook "Wenn dein
  Zugfolgeplättchen umgedreht ist", seed 002): "If your round order token is flipped then flip it back and miss your
  turn. a. In a cooperative game your round order token may be flipped because you took part in a cooperative city
  assault since your last turn (Cooperative City Assault 4: "all invited players flip their Round Order token face
  down", in any game where players agree to one). b. In a fully competitive game ... because you were a defender in a player versus
  player combat that you fully attended since your last turn. ... d. If you have to flip your round order token back
  then you cannot declare the End of the Round this turn." Derived from the record: a cooperative assault's
  participants (``state["combat"]["coop_assaults"]``), a PvP defender who fully attended (``state["pvp"]
  ["attended"]``), against each player's last turn end (``state["turn_ends"]``).
- The Right Moment (Day Tactic 6, the published card): "Once this Round, at the end of your turn: take another turn
  right after this one. Not on your last turn of the Round" (event ``round.extra_turn``).
- Every other Tactic's effect on turns, hands or the Round order is shown to its holder on their turn as a reminder
  (``rules_data/tactics.yaml``: text and effect), Planning with the Hand limit it gives.
No Flask, no database.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...rules.text import N_
from ...state import Event, reducer
from ..spine.command import Command, Invalid, check, command, term
from ..spine.fields import LARGEST, between, player_index
from ..spine.payloads import needs_at_record
from ..spine.sentences import name_arg, sentence
from .hand_limit import hand_limit_now
from .round_state import announced_by, current, flow, phase, tactic_of
from .scenario_end import after_turn, status
from .scenario_info import DUMMY


# ---------------------------------------------------------------------------------------------- turn ends

def turn_ended(state: dict, who: Any, seq: int) -> None:
    """Every reducer of a player's turn end calls this: it notes the turn end (for the token flips) and lets the
    scenario's end count it."""
    if who is None or who == DUMMY:
        return
    state.setdefault("turn_ends", {})[str(int(who))] = seq
    after_turn(state, int(who))


def _since_last_turn(state: dict, who: int, seq: int) -> bool:
    return seq > int((state.get("turn_ends") or {}).get(str(who), 0))


def flipped(state: dict, who: Any) -> str | None:
    """Why ``who``'s Round Order token is flipped (they miss their next turn): "coop_assault", "pvp", or None."""
    if who is None or who == DUMMY:
        return None
    who = int(who)
    # Cooperative City Assault 4: "all invited players flip their Round Order token face down" (the initiator
    # assaults in their own turn, which ends after the assault)
    for a in (state.get("combat") or {}).get("coop_assaults") or []:
        if who in a.get("participants", []) and _since_last_turn(state, who, int(a.get("seq", 0))):
            return "coop_assault"
    for a in (state.get("pvp") or {}).get("attended") or []:
        if a.get("player") == who and _since_last_turn(state, who, int(a.get("seq", 0))):
            return "pvp"
    return None


FLIP_REASONS = {
    "coop_assault": N_("took part in a cooperative city assault since their last turn"),
    "pvp": N_("fully attended a combat as the defender since their last turn"),
}


def refuse_announce(state: dict, who: int) -> None:
    """Rulebook, Players play their turns 2d: no End of the Round on a turn whose token flipped back."""
    why = flipped(state, who)
    if why:
        raise Invalid(N_("%(name)s misses this turn (their Round Order token flips back: they %(why)s) and cannot "
                         "announce the End of the Round on it."),
                      name=state["players"][who]["name"], why=term(FLIP_REASONS[why]))


def missed_turn_sentence(state: dict, who: int) -> dict | None:
    why = flipped(state, who)
    if not why:
        return None
    return sentence(N_("%(name)s misses this turn: their Round Order token flips back (they %(why)s)."),
                    translate=("why",), name=state["players"][who]["name"], why=FLIP_REASONS[why])


@check("combat_coop_deal")
def coop_assault_allowed(state: dict, data: Mapping[str, Any]) -> None:
    """Rulebook, Cooperative City Assault 2a: only if "The End of the Round has not been announced yet, and the
    scenario conditions have not yet been fulfilled"; 2d: no participant whose Round Order token is face down."""
    if announced_by(state) is not None:
        raise Invalid(N_("A cooperative city assault cannot begin once the End of the Round was announced."))
    if status(state) is not None:
        raise Invalid(N_("A cooperative city assault cannot begin once the scenario's end conditions are met."))
    for i, pl in enumerate(state["players"]):
        try:  # the participants as the command reads them (a count above 0)
            n = between(data, f"count_{i}", 0, LARGEST, default=0)
        except Invalid:
            continue  # the command itself refuses that number
        if n and flipped(state, i):
            raise Invalid(N_("%(name)s's Round Order token is face down: they cannot join a cooperative city "
                             "assault."), name=pl["name"])


# ---------------------------------------------------------------------------------------------- The Right Moment

def extra_turn_possible(state: dict, who: Any) -> bool:
    """The Right Moment can be used now by ``who``: their turn, their card, not used, not a last turn."""
    if who is None or who == DUMMY:
        return False
    t = tactic_of(state, who)
    if t is None or t.effect != "extra_turn":
        return False
    if str(who) in (state.get("extra_turns") or {}).get(str(state["round"]), []):
        return False
    return (phase(state) == "turns" and current(state) == who and announced_by(state) is None
            and status(state) is None and not flipped(state, who))


@reducer("round.extra_turn")
def _extra_turn(state: dict, p: dict, ev: Event) -> None:
    """The turn ends and the same player plays again: the pointer stays."""
    who = int(p["player"])
    state.setdefault("extra_turns", {}).setdefault(str(state["round"]), []).append(str(who))
    turn_ended(state, who, ev.seq)


@needs_at_record("round.extra_turn")
def holds_the_right_moment(state: dict, p: dict):
    """The player holds The Right Moment and may use it now: its Tactic (the command's refusal, and its event's
    where it is recorded)."""
    t = tactic_of(state, p["player"])
    if t is None or t.effect != "extra_turn":
        raise Invalid(N_("Only the holder of The Right Moment takes another turn."))
    if not extra_turn_possible(state, p["player"]):
        raise Invalid(N_("The Right Moment cannot be used now: once a Round, at the end of your own turn, not on "
                         "your last turn of the Round."))
    return t


@command("round_extra_turn")
def cmd_extra_turn(state: dict, data: Mapping[str, Any]) -> Command:
    """The Right Moment (Day Tactic 6): "at the end of your turn, take another turn right after this one"; once a
    Round, and "not on your last turn of the Round" (after the End of the Round was announced, or in the
    scenario's last turns)."""
    # the game being over is refused by the command's registered check (scenario_end.OVER_REFUSED)
    i = player_index(state, data)
    t = holds_the_right_moment(state, {"player": i})
    s = sentence(N_("%(name)s's turn is over; %(tactic)s: %(name)s takes another turn right after it."),
                 name=state["players"][i]["name"], tactic=name_arg(t.name, t.name_de))
    return Command("round.extra_turn", {"player": i}, s, ("rounds", "round_order"))


# ---------------------------------------------------------------------------------------------- reminders

def reminders(state: dict, who: Any) -> dict | None:
    """What the player whose turn it is holds: their Tactic's text (a reminder unless the app applies it), whether
    their token flipped back, and Planning's Hand limit."""
    if who is None or who == DUMMY:
        return None
    t = tactic_of(state, who)
    return {"tactic": t, "flipped": flipped(state, who), "extra_turn": extra_turn_possible(state, who),
            "hand_limit": planning_hand_limit(state, who), "die_stolen_by": die_stolen_by(state, who),
            "spent": tactic_spent(state, who)}


# Tactics whose whole effect is "When you take this Tactic: ..." (rules_data/tactics.yaml: Rethink, Great Start,
# Preparation); Mana Steal's die stays on its card for the Round, so its text stays.
WHEN_TAKEN = frozenset({"rethink", "great_start", "preparation"})


def tactic_spent(state: dict, who: Any) -> bool:
    """The Tactic's moment is past: a "When you take this Tactic" effect, and ``who`` has ended a turn since taking
    it (its reminder then goes: found by a first-evening walkthrough, "Great Start: draw 2 cards" on a later turn)."""
    t = tactic_of(state, who)
    if t is None or t.id not in WHEN_TAKEN:
        return False
    picked = (flow(state).get("picked_at") or {}).get(str(int(who)))
    ended = (state.get("turn_ends") or {}).get(str(int(who)))
    return picked is not None and ended is not None and int(ended) > int(picked)


def die_stolen_by(state: dict, who: Any) -> list[str]:
    """Who else holds Mana Steal this Round (Day Tactic 3: "take a basic-colour die from the Source and keep it on
    this card; use it once this Round as if taken from the Source"; rules_data/tactics.yaml): while it lies there,
    the Source has one die fewer on every other player's turn too, so they see it (the holder sees the card's text).
    Silent in the seeds: the published card rerolls the die and returns it to the Source at the end of the turn it
    is used in."""
    return [p["name"] for i, p in enumerate(state["players"])
            if str(i) != str(who) and getattr(tactic_of(state, i), "id", None) == "mana_steal"]


def planning_hand_limit(state: dict, who: Any) -> int | None:
    """The Hand limit while ``who`` holds Planning (Day Tactic 4: "At the end of your turn, if you have at least 2
    cards in hand, draw as if your Hand limit were 1 higher"; card text in ``rules_data/tactics.yaml``), on top of
    the keep or city bonus; None when they do not hold it this Round. Shown on their turn and on the board."""
    if who is None or who == DUMMY:
        return None
    t = tactic_of(state, who)
    if t is None or t.id != "planning":
        return None
    try:
        return hand_limit_now(state["players"][int(who)]).limit + 1
    except (AttributeError, KeyError, TypeError, ValueError, IndexError):
        return None


__all__ = ["FLIP_REASONS", "cmd_extra_turn", "extra_turn_possible", "flipped", "missed_turn_sentence",
           "planning_hand_limit", "refuse_announce", "reminders", "tactic_spent", "turn_ended"]
