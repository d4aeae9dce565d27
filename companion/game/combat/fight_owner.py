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
No Flask.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...rules.text import N_
from ..flow.round_state import who_name
from ..flow.turn_owner import may_end_turn, theirs
from ..spine.command import Actor, NotYours, guard
from ..spine.fields import whole_value
from ..spine.invalid import Invalid
from .state import current

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


@guard("combat_setup")
def own_setup(state: dict, data: Mapping[str, Any], actor: Actor) -> str | None:
    """A new combat is the phone of the player who fights it (or the host's, acting for them)."""
    who = _named(data, "player", state)
    return theirs(state, actor, lambda _s: who, N_("Only %(name)s's phone (or the host) can start %(name)s's combat."))


def may_record_pvp(actor: Actor, a: int, d: int) -> bool:
    """Whether ``actor``'s phone records the outcome of a PvP fight between ``a`` and ``d`` (the page shows the
    button by this, the guard below refuses by it)."""
    return actor.is_host or actor.player in (a, d)


@guard("pvp_end")
def own_pvp(state: dict, data: Mapping[str, Any], actor: Actor) -> str | None:
    """Player versus Player: either player of the fight records its outcome, or the host for the aggressor."""
    a, d = _named(data, "a", state), _named(data, "d", state)
    if a is None or d is None or actor.player in (a, d):
        return None  # nobody named: the command itself says what is missing
    if may_record_pvp(actor, a, d):
        return who_name(state, a)  # the host, for the aggressor
    raise NotYours(N_("This fight is between %(a)s and %(d)s: only their phones (or the host) can record it."),
                   a=who_name(state, a), d=who_name(state, d))


__all__ = ["FIGHT_COMMANDS", "FIGHT_REFUSAL", "fighter", "may_fight", "may_record_pvp", "own_fight", "own_pvp",
           "own_setup"]
