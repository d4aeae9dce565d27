"""The fight replayed: the turn order the engine does not model, over ``companion.rules.pvp.fight``.

``replay`` runs the turn order (Rulebook PvP Ranged and Siege 1 and 6: the defender attacks first, roles alternate,
the phase ends when both pass in succession; Melee 1a: the aggressor starts; Melee 3 / Outcome 2: the fight ends
with a forced retreat or when both pass in succession), carries each hero's Wounds this combat (knock-out, Ranged
and Siege 5b) and the units wounded earlier in the fight (they cannot be wounded again, 5a) from one attack to the
next, and decides which blocker is fortified (3a: the defender in a keep or mage tower; quick reference Walls:
across a wall).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from ...rules.combat.damage import Hero, Unit
from ...rules.combat.enemies import Block, CombatError, PlayerAttack
from ...rules.data import get_rules
from ...rules.progression import standing
from ...rules.pvp.fight import pvp_attack, pvp_damage
from ...rules.text import N_, T, translate_line
from ..spine.command import Invalid, arg_text

ATTACK_ROWS = 5
BLOCK_ROWS = 4


class PvpInvalid(Invalid):
    """A refusal of the calculator; an argument may be an engine's explanation line (``T``), translated too."""

    def translated(self, translate: Callable[[str], str], lang: str = "en") -> str:
        args = {k: translate_line(v, translate, lang) if isinstance(v, T) else arg_text(v, translate, lang)
                for k, v in self.args_.items()}
        try:
            return translate(self.msgid) % args if args else translate(self.msgid)
        except (KeyError, TypeError, ValueError):
            return str(self)


def refuse(msgid: str, **args: Any):
    raise PvpInvalid(msgid, **args)


def engine_reason(err: Exception) -> Any:
    """The engine's reason for a refusal (a refused attack carries an explanation line, ``T``)."""
    return err.args[0] if err.args and isinstance(err.args[0], T) else str(err)


@dataclass(frozen=True)
class Side:
    """One player as the fight sees them: hero Armor and unmodified Hand limit from the Fame track, units."""

    index: int
    name: str
    fame: int
    level: int
    armor: int
    hand_limit: int
    units: tuple[Unit, ...]  # id = unit_key: "name #uid", so the engine's trace names the unit
    labels: Mapping[int, str] = field(default_factory=dict)  # uid -> the unit's name in the page's language


@dataclass
class Fight:
    """The fight replayed so far."""

    phase: str = "ranged_siege"
    attacker: int = 0  # player index of the next attacker
    passes: int = 0  # passes in succession in this phase
    ended: str | None = None  # None | "retreat" | "draw"
    victor: int | None = None
    retreated: int | None = None
    steps: list[dict] = field(default_factory=list)  # resolved steps for the page
    hand_wounds: dict[int, int] = field(default_factory=dict)
    units_wounded: dict[int, list[int]] = field(default_factory=dict)
    artifacts_lost: dict[int, int] = field(default_factory=dict)


def unit_key(u: Mapping[str, Any]) -> str:
    return f"{u.get('name') or '?'} #{u['uid']}"


def name_de(u: Mapping[str, Any]) -> str:
    """The rules data's German name of a unit from the card list ("" for a unit typed in)."""
    card = get_rules().units.get(u.get("unit") or "")
    return getattr(card, "name_de", "") or ""


def unit_label(u: Mapping[str, Any], lang: str = "en") -> str:
    """A unit's name in the reader's language (the rules data's German name for a unit from the card list)."""
    if lang == "de" and name_de(u):
        return name_de(u)
    return u.get("name") or "?"


def uid_of(unit_id: str) -> int:
    return int(str(unit_id).rsplit("#", 1)[-1])


def sides_of(state: Mapping, a: int, d: int, lang: str = "en") -> dict[int, Side]:
    levels = get_rules().levels
    out = {}
    for i in (a, d):
        pl = state["players"][i]
        st = standing(levels, int(pl["fame"]))
        units = tuple(Unit(id=unit_key(u), armor=int(u["armor"]), level=int(u.get("level") or 1),
                           resistances=tuple(u.get("resistances") or ()), wounded=bool(u.get("wounded")),
                           name=u.get("name") or "", name_de=name_de(u)) for u in pl["units"])
        out[i] = Side(i, pl["name"], int(pl["fame"]), st.level, st.armor, st.hand_limit, units,
                      {int(u["uid"]): unit_label(u, lang) for u in pl["units"]})
    return out


def blocker_fortified(blocker: int, defender: int, keep: bool, wall: bool) -> bool:
    """Rulebook PvP Ranged and Siege 3a: the blocker is the defender at a fortified site (keep or mage tower);
    quick reference Walls: attacking another player across a wall, the target (the defender) is fortified."""
    return blocker == defender and (keep or wall)


def spend_list(step: Mapping, side: Side) -> list[str]:
    """The engine's spending order: units, the hero, artifacts, and a forced retreat last (it ends the fight)."""
    ids = {uid_of(u.id): u.id for u in side.units}
    out = [ids.get(int(uid), f"#{uid}") for uid in step.get("units", [])]
    out += ["hero"] * int(step.get("hero", 0))
    out += ["artifact"] * int(step.get("artifacts", 0))
    if step.get("move_cost"):
        out.append("retreat")
    return out


def resolve_step(fight: Fight, sides: Mapping[int, Side], a: int, d: int, keep: bool, wall: bool,
                 step: Mapping) -> dict:
    """One attack of the fight through the engine: (attack + block) then the attacker's spending of the damage.
    Raises CombatError when the rules refuse it."""
    attacker, blocker = fight.attacker, (d if fight.attacker == a else a)
    attacks = [PlayerAttack(v, el, k) for v, el, k in step["attacks"]]
    blocks = [Block(v, el) for v, el in step["blocks"]]
    fortified = blocker_fortified(blocker, d, keep, wall)
    res = pvp_attack(attacks, blocks, fight.phase, fortified=fortified, block_full=bool(step.get("full")))
    if not res.allowed:
        raise CombatError(res.reason)
    side = sides[blocker]
    already = set(fight.units_wounded.get(blocker, []))
    units = [Unit(u.id, u.armor, u.level, u.resistances, u.wounded or uid_of(u.id) in already, u.name, u.name_de)
             for u in side.units]
    hero = Hero(armor=side.armor, hand_limit=side.hand_limit, wounds_this_combat=fight.hand_wounds.get(blocker, 0))
    dmg = pvp_damage(res.damage, res.elements, hero, units, spend_list(step, side), fight.phase,
                     move_cost=step.get("move_cost") or None)
    return {"attacker": attacker, "blocker": blocker, "fortified": fortified, "attack": res, "damage": dmg,
            "phase": fight.phase}


def apply_step(fight: Fight, a: int, d: int, resolved: dict) -> None:
    blocker, dmg = resolved["blocker"], resolved["damage"]
    fight.hand_wounds[blocker] = fight.hand_wounds.get(blocker, 0) + dmg.hero_wounds
    fight.units_wounded.setdefault(blocker, []).extend(uid_of(u) for u in dmg.units_wounded)
    fight.artifacts_lost[blocker] = fight.artifacts_lost.get(blocker, 0) + dmg.artifacts_stolen
    fight.passes = 0
    if dmg.retreat:
        # Rulebook PvP Melee 2b, Combat Outcome 1: the blocker is forced to retreat, the attacker is victorious
        fight.ended, fight.victor, fight.retreated = "retreat", resolved["attacker"], blocker
    fight.attacker = blocker  # Ranged and Siege 6 / Melee 3: the other player is the attacker next


def apply_pass(fight: Fight, a: int, d: int) -> str | None:
    """Ranged and Siege 6: both pass in succession -> the phase ends; Melee 1a: the aggressor starts the Melee
    phase; Melee 3, Outcome 2: both pass in succession in the Melee phase -> a draw."""
    fight.passes += 1
    other = d if fight.attacker == a else a
    if fight.passes < 2:
        fight.attacker = other
        return None
    fight.passes = 0
    if fight.phase == "ranged_siege":
        fight.phase, fight.attacker = "melee", a
        return T("Rulebook PvP Ranged and Siege 6: both players passed in succession, the phase ends; Melee 1a: "
                 "the aggressor starts as the attacker")
    fight.ended = "draw"
    return T("Rulebook PvP Combat Outcome 2: neither player wants to attack any more: a draw, no one gains Fame; "
             "2a: the aggressor withdraws to the space they attacked from")


def replay(sides: Mapping[int, Side], a: int, d: int, keep: bool, wall: bool, log: list[dict]) -> Fight:
    """The fight after the steps of ``log`` (Rulebook PvP Ranged and Siege 1: the defender attacks first)."""
    fight = Fight(attacker=d)
    for n, step in enumerate(log, 1):
        if fight.ended:
            refuse(N_("Step %(n)d: the fight is already over."), n=n)
        if step.get("pass"):
            entry = {"pass": True, "attacker": fight.attacker, "phase": fight.phase}
            entry["note"] = apply_pass(fight, a, d)
            fight.steps.append(entry)
            continue
        try:
            resolved = resolve_step(fight, sides, a, d, keep, wall, step)
        except CombatError as err:
            refuse(N_("Step %(n)d: the rules do not allow this: %(reason)s"), n=n, reason=engine_reason(err))
        apply_step(fight, a, d, resolved)
        fight.steps.append({**resolved, "pass": False, "input": step})
    return fight


def try_step(fight: Fight, sides, setup, step: dict) -> Fight:
    """The fight with the attack being entered, on a copy: nothing changes until it is added."""
    trial = copy.deepcopy(fight)
    try:
        resolved = resolve_step(trial, sides, setup.a, setup.d, setup.keep, setup.wall, step)
    except CombatError as err:
        refuse(N_("The rules do not allow this: %(reason)s"), reason=engine_reason(err))
    apply_step(trial, setup.a, setup.d, resolved)
    trial.steps.append({**resolved, "pass": False, "input": step})
    return trial


def attack_only(step: dict | None, fight: Fight, setup, blocker: Side) -> dict | None:
    """When the spending does not work out, still show the attack and the damage to assign (running totals)."""
    if step is None:
        return None
    attacks = [PlayerAttack(v, el, k) for v, el, k in step["attacks"]]
    blocks = [Block(v, el) for v, el in step["blocks"]]
    try:
        res = pvp_attack(attacks, blocks, fight.phase, blocker_fortified(blocker.index, setup.d, setup.keep,
                                                                          setup.wall), bool(step["full"]))
    except CombatError:
        return None
    return {"step": {"attack": res, "damage": None}, "ended": None}
