"""Whose fight it is, owned like a turn (Rulebook, "Combat with Enemies": a player's combat is part of their turn;
README: only the phone whose turn it is, or the host's, plays that turn).

A combat's commands (its enemies, phases, attacks, blocks, damage, its end or cancel) are given by the fighting
player's phone, or by the host for them (the log line then says "by the host for Ben", as for a turn's end); any
other phone is refused, told whose fight it is, and watches it live. Starting a combat is the phone of the player
it names (or the host's).

Decided where the rules and the issue are silent:
- A cooperative city assault (Rulebook, Cooperative City Assault 6: the participants "fight one after another"):
  each participant's part is theirs while they fight it - the fighting player is ``combat.current.player``, which
  moves on to the next participant - so the deal of the garrison and the first part belong to the initiator.
- Interactive Combat's die colour (set by the previous player, shown when the fight starts) is entered by the
  fighting player's phone like the rest of the set-up, or the host's.
- Player versus Player: the fight is calculated on one phone and only its outcome is recorded (``pvp_end``); either
  of the two players in the fight may record it (the attacker's or the defender's phone), or the host for them.
  Who may start one: the aggressor, on their own turn (Rulebook, Player vs. Player Combat 1: "A player can invoke
  Player vs. Player combat as their action for the turn" when they entered a space with another player, not a
  portal or city space, the End of the Round not announced, the other player's Round Order token not flipped
  face-down; 2: "the attacking player is referred to as the aggressor"). So its outcome, too, is recorded only on
  the aggressor's turn while the Round flow is followed (the same refusal as a fight's start).
- A fight starts on its player's turn (Rulebook, A Round 4: "Players take their turns"; Combat with Enemies: a
  combat is part of a player's turn): while the Round's turns are played, only for the player whose turn it is,
  from their phone or the host's (any other start is refused, naming whose turn it is, as ending a turn is); no
  fight while the Tactics are chosen, nor once the Round is over. A table that does not follow the Round flow in
  the app (no Tactic chosen in it yet) is not held to it; nor is a Mage Lite game (one player: every turn is
  theirs). A cooperative city assault keeps its participants: its initiator starts it on their turn.
No Flask.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...rules.text import N_
from ..flow.round_state import current as turn_now
from ..flow.round_state import flow, phase, who_name
from ..flow.scenario_info import DUMMY
from ..flow.turn_owner import may_end_turn, theirs
from ..spine.command import Actor, NotYours, guard
from ..spine.fields import whole_value
from ..spine.invalid import Invalid
from .state import current
from .variant import mage_lite_rules

FIGHT_COMMANDS = ("combat_enemy_add", "combat_enemy_remove", "combat_coop_deal", "combat_interactive",
                  "combat_phase", "combat_attack", "combat_summon", "combat_block", "combat_damage", "combat_end",
                  "combat_cancel")
FIGHT_REFUSAL = N_("It is %(name)s's fight: only %(name)s's phone (or the host) can play it. This phone watches it.")


def fighter(state: dict) -> int | None:
    """The player whose combat is going on (in a cooperative assault: the participant fighting now), or None."""
    cur = current(state)
    return None if cur is None else cur.get("player")


def may_fight(actor: Actor, state: dict) -> bool:
    """Whether ``actor``'s phone plays the combat going on (the pages show the controls by this, the guard refuses
    by it); with no combat going on, any phone may start one."""
    who = fighter(state)
    return who is None or may_end_turn(actor, who)


@guard(*FIGHT_COMMANDS)
def own_fight(state: dict, data: Mapping[str, Any], actor: Actor) -> str | None:
    return theirs(state, actor, fighter, FIGHT_REFUSAL)


def _named(data: Mapping[str, Any], field: str, state: dict) -> int | None:
    """The player a command's field names, or None when it names nobody valid (the command itself says so)."""
    try:
        return whole_value(data.get(field), field, lo=0, hi=len(state["players"]) - 1)
    except (Invalid, TypeError, ValueError):
        return None


def flow_followed(state: dict) -> bool:
    """The table follows the Round flow in the app: a Tactic was chosen in it (this Round or an earlier one)."""
    d = state.get("dummy") or {}
    return bool(state.get("rounds") or flow(state)["picks"] or d.get("tactic") or d.get("player_tactics"))


def turn_refusal(state: dict, who: int | None) -> NotYours | None:
    """Why a fight for player ``who`` cannot start now (whoever asks), or None: a fight starts on its player's
    turn (see the module's note)."""
    if mage_lite_rules(state) or not state.get("players") or not flow_followed(state):
        return None
    ph = phase(state)
    if ph == "tactics":
        return NotYours(N_("The Tactics of this Round are being chosen: a fight starts on its player's turn, once "
                           "every Tactic is chosen."))
    if ph == "over":
        return NotYours(N_("Round %(round)d is over: a fight starts on its player's turn, in the next Round."),
                        round=state["round"])
    now = turn_now(state)
    if now == DUMMY:
        return NotYours(N_("It is the Dummy player's turn: a fight starts on its player's turn."))
    if isinstance(now, int) and who is not None and who != now:
        return NotYours(N_("It is %(name)s's turn: a fight starts only on its player's turn, from %(name)s's phone "
                           "(or the host's)."), name=who_name(state, now))
    return None


def fights_as(state: dict, actor: Actor) -> int | None:
    """The player a phone starts a fight for: its own player, or, for the host, the player whose turn it is."""
    now = turn_now(state) if flow_followed(state) and not mage_lite_rules(state) else None
    if actor.is_host and isinstance(now, int):
        return now
    return actor.player


def start_refusal(state: dict, actor: Actor) -> NotYours | None:
    """Why this phone cannot start a fight now (the combat page shows it instead of the set-up), or None."""
    return turn_refusal(state, fights_as(state, actor))


@guard("combat_setup")
def own_setup(state: dict, data: Mapping[str, Any], actor: Actor) -> str | None:
    """A new combat is the phone of the player who fights it (or the host's, acting for them), on that player's
    turn."""
    who = _named(data, "player", state)
    refusal = turn_refusal(state, who)
    if refusal is not None:
        raise refusal
    return theirs(state, actor, lambda _s: who, N_("Only %(name)s's phone (or the host) can start %(name)s's combat."))


def may_record_pvp(actor: Actor, a: int, d: int) -> bool:
    """Whether ``actor``'s phone records the outcome of a PvP fight between ``a`` and ``d`` (the page shows the
    button by this, the guard below refuses by it)."""
    return actor.is_host or actor.player in (a, d)


@guard("pvp_end")
def own_pvp(state: dict, data: Mapping[str, Any], actor: Actor) -> str | None:
    """Player versus Player: either player of the fight records its outcome, or the host for the aggressor."""
    a, d = _named(data, "a", state), _named(data, "d", state)
    refusal = turn_refusal(state, a) if a is not None else None
    if refusal is not None:
        raise refusal
    if a is None or d is None or actor.player in (a, d):
        return None  # nobody named: the command itself says what is missing
    if may_record_pvp(actor, a, d):
        return who_name(state, a)  # the host, for the aggressor
    raise NotYours(N_("This fight is between %(a)s and %(d)s: only their phones (or the host) can record it."),
                   a=who_name(state, a), d=who_name(state, d))


__all__ = ["FIGHT_COMMANDS", "FIGHT_REFUSAL", "fighter", "fights_as", "flow_followed", "may_fight", "start_refusal",
           "turn_refusal", "may_record_pvp", "own_fight", "own_pvp",
           "own_setup"]
