"""What the PvP calculator reads: who fights where, the fight so far (a JSON log of steps that travels with the
page, checked field by field since the page is not trusted), and the attack being entered."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Mapping

from ...rules.combat.enemies import ELEMENTS
from ...rules.text import N_
from ..spine import safejson
from ..spine.command import term
from ..spine.fields import between_value, many, whole_value
from .fight import Side, refuse, uid_of

MAX_STEPS = 80
MAX_LOG_CHARS = 20000

PHASE_NAMES = {"ranged_siege": N_("Ranged and Siege Attacks"), "melee": N_("Melee Attacks")}
ELEMENT_NAMES = {"physical": N_("physical"), "fire": N_("Fire"), "ice": N_("Ice"), "cold_fire": N_("Cold Fire")}
RESISTANCE_NAMES = {"physical": N_("Physical Resistance"), "fire": N_("Fire Resistance"),
                    "ice": N_("Ice Resistance")}
# Rulebook PvP Ranged and Siege 3: only Ranged and Siege attacks; Melee 1b-c: any attack, cards sideways
KINDS = {"ranged_siege": ("ranged", "siege"), "melee": ("melee", "ranged", "siege", "sideways")}
KIND_NAMES = {"melee": N_("Attack"), "ranged": N_("Ranged Attack"), "siege": N_("Siege Attack"),
              "sideways": N_("card played sideways (Attack 1)")}


@dataclass(frozen=True)
class Setup:
    a: int
    d: int
    keep: bool
    wall: bool
    log: list

    def params(self, log: list | None = None) -> dict:
        log = self.log if log is None else log
        out = {"a": self.a, "d": self.d}
        if self.keep:
            out["site"] = "keep"
        if self.wall:
            out["wall"] = "1"
        if log:
            out["log"] = json.dumps(log, separators=(",", ":"))
        return out


def parse_setup(args: Mapping[str, Any], state: dict) -> Setup | None:
    """Who fights where, and the fight so far; None while the players are not chosen yet."""
    n = len(state["players"])
    if args.get("a") in (None, "") and args.get("d") in (None, ""):
        return None
    a = between_value(args.get("a"), term(N_("Aggressor")), 0, n - 1)
    d = between_value(args.get("d"), term(N_("Defender")), 0, n - 1)
    if a == d:
        refuse(N_("A player cannot fight themselves: choose two different players."))
    site = args.get("site") or "open"
    if site not in ("open", "keep"):
        refuse(N_("Unknown kind of space: %(site)s."), site=str(site)[:20])
    return Setup(a, d, site == "keep", args.get("wall") in ("1", "yes", "on", True),
                 parse_log(args.get("log") or ""))


def parse_log(raw: Any) -> list[dict]:
    """The steps from the page's JSON text (or a JSON body's list)."""
    if not raw:
        return []
    if isinstance(raw, list):
        raw = json.dumps(raw)
    if not isinstance(raw, str):
        refuse(N_("The fight so far could not be read (the page was damaged): start again."))
    if len(raw) > MAX_LOG_CHARS:
        refuse(N_("The fight is too long to follow here."))
    try:
        data = safejson.loads(raw, max_bytes=MAX_LOG_CHARS, max_depth=8)  # no RecursionError, NaN or surrogates
    except ValueError:
        refuse(N_("The fight so far could not be read (the page was damaged): start again."))
    if not isinstance(data, list) or len(data) > MAX_STEPS:
        refuse(N_("The fight so far could not be read (the page was damaged): start again."))
    return [clean_step(s, n) for n, s in enumerate(data, 1)]


def _whole(raw: Any) -> int:
    """A whole number of a stored step (1.9, true or "1_000" are refused, not coerced: ``fields.whole_value``)."""
    return whole_value(raw, "step")


def clean_step(s: Any, n: int) -> dict:
    """One step of the log, checked field by field (the log comes from the page, so it is not trusted)."""
    broken = N_("Step %(n)d of the fight could not be read: start again or take it back.")
    if not isinstance(s, dict):
        refuse(broken, n=n)
    if s.get("pass"):
        return {"pass": True}
    try:
        attacks = [[_whole(v), str(el), str(k)] for v, el, k in s.get("attacks", [])]
        blocks = [[_whole(v), str(el)] for v, el in s.get("blocks", [])]
        units = [_whole(u) for u in s.get("units", [])]
        hero, artifacts = _whole(s.get("hero", 0)), _whole(s.get("artifacts", 0))
        move_cost = None if s.get("move_cost") in (None, "", 0) else _whole(s["move_cost"])
    except (TypeError, ValueError, OverflowError):
        refuse(broken, n=n)
    kinds = KINDS["melee"]
    if (not attacks or len(attacks) > 24 or len(blocks) > 24 or len(units) > 12
            or any(not 1 <= v <= 99 or el not in ELEMENTS or k not in kinds for v, el, k in attacks)
            or any(not 1 <= v <= 99 or el not in ELEMENTS for v, el in blocks)
            or not 0 <= hero <= 40 or not 0 <= artifacts <= 20 or (move_cost is not None and not 1 <= move_cost <= 9)):
        refuse(broken, n=n)
    return {"attacks": attacks, "blocks": blocks, "full": bool(s.get("full")), "units": units, "hero": hero,
            "artifacts": artifacts, "move_cost": move_cost}


def parse_step(args: Mapping[str, Any], phase: str, blocker: Side) -> dict:
    """The attack being entered: rows of attacks and blocks, and how the attacker spends the damage."""
    attacks = []
    values, els, kinds = many(args, "value"), many(args, "element"), many(args, "kind")
    for i, raw in enumerate(values):
        raw = (raw or "").strip() if isinstance(raw, str) else raw
        kind = kinds[i] if i < len(kinds) else KINDS[phase][0]
        if kind not in KINDS["melee"]:
            refuse(N_("Unknown kind of attack: %(kind)s."), kind=str(kind)[:20])
        if kind == "sideways":
            # Rulebook PvP Melee 1c: each card played sideways is a physical Attack 1; the value is how many cards
            n = between_value(raw, term(N_("Cards played sideways")), 1, 20, default=1)
            attacks.extend([[1, "physical", "sideways"]] * n)
            continue
        if raw == "" or raw is None:
            continue
        v = between_value(raw, term(N_("Attack")), 1, 99)
        el = els[i] if i < len(els) else "physical"
        if el not in ELEMENTS:
            refuse(N_("Unknown element: %(element)s."), element=str(el)[:20])
        attacks.append([v, el, kind])
    if not attacks:
        refuse(N_("Give at least one attack (or pass)."))
    if len(attacks) > 24:
        refuse(N_("At most 24 attacks at once."))
    blocks = []
    bvalues, bels = many(args, "bvalue"), many(args, "belement")
    for i, raw in enumerate(bvalues):
        if raw is None or (isinstance(raw, str) and raw.strip() == ""):
            continue
        v = between_value(raw, term(N_("Block")), 1, 99)
        el = bels[i] if i < len(bels) else "physical"
        if el not in ELEMENTS:
            refuse(N_("Unknown element: %(element)s."), element=str(el)[:20])
        blocks.append([v, el])
    known = {str(uid_of(u.id)) for u in blocker.units}
    units: list[int] = []
    for raw in many(args, "unit"):
        if str(raw) not in known:
            refuse(N_("%(name)s has no such unit."), name=blocker.name)
        if int(raw) in units:
            refuse(N_("A unit is chosen twice."))
        units.append(int(raw))
    hero = between_value(args.get("hero"), term(N_("Wounds to the hero")), 0, 40, default=0)
    artifacts = between_value(args.get("artifacts"), term(N_("Artifacts stolen")), 0, 20, default=0)
    move_cost = between_value(args.get("move_cost"), term(N_("Move cost of the space")), 0, 9, default=0) or None
    return {"attacks": attacks, "blocks": blocks, "full": args.get("full") in ("1", "on", "yes", True),
            "units": units, "hero": hero, "artifacts": artifacts, "move_cost": move_cost}
