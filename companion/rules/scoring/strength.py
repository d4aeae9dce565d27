"""Variant: Action Upgrades (Scenario Book, Variants, "Action Upgrades").

Part of :mod:`companion.rules.scoring` (import the names from there). Pure rules code."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..text import T
from .sheet import ScoringError, Unit
from .achievements import unit_points

# --------------------------------------------------------------------------------------
# Variant: Action Upgrades (Scenario Book, Variants, "Action Upgrades")
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class StrengthSheet:
    name: str
    level: int
    fame: int = 0
    spells: int = 0
    artifacts: int = 0
    advanced_actions: int = 0
    crystals: int = 0
    units: tuple[Unit, ...] = ()
    turn_position: int = 0  # position in the last Round's order (0 = played first)


@dataclass(frozen=True)
class StrengthResult:
    points: tuple[tuple[str, int], ...]  # in input order
    pick_order: tuple[str, ...]  # who may take a displayed Advanced Action first
    explanation: tuple[str, ...]


def action_upgrade_strength(players: Sequence[StrengthSheet]) -> StrengthResult:
    """Action Upgrades: "score their strength. Use the first three lines of the Achievements
    Scoring: Two points for each Artifact or Spell. One point for each Advanced Action card.
    One point for every two crystals. As many points as its level for each Unit (Wounded
    Units count as half, rounded down). To this score, add 3 points for every level you are
    above the player who is of lowest level ... starting from the player who had the lowest
    result (if tied, the one with the lower Fame, if still tied, the one who played later in
    the last round), each player may ... take one of the displayed Advanced Action cards"."""
    if not players:
        raise ScoringError("no players")
    names = [p.name for p in players]
    if len(set(names)) != len(names) or any(not str(n).strip() for n in names):
        raise ScoringError("every player needs a different name")
    for p in players:
        for f in ("spells", "artifacts", "advanced_actions", "crystals", "turn_position"):
            v = getattr(p, f)
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise ScoringError(f"{p.name}: {f} must be a whole number, not negative")
        if isinstance(p.level, bool) or not isinstance(p.level, int) or not 1 <= p.level <= 10:
            raise ScoringError(f"{p.name}: level must be 1 to 10")
        if isinstance(p.fame, bool) or not isinstance(p.fame, int):
            raise ScoringError(f"{p.name}: fame must be a whole number")
        for u in p.units:
            if isinstance(u.level, bool) or not isinstance(u.level, int) or not 1 <= u.level <= 4:
                raise ScoringError(f"{p.name}: unit level must be 1 to 4")
    src = T("Scenario Book, Variants, Action Upgrades")
    lowest = min(p.level for p in players)
    trace: list[str] = []
    pts: list[tuple[str, int]] = []
    for p in players:
        units = sum(unit_points(u) for u in p.units)
        lv = 3 * (p.level - lowest)
        total = 2 * (p.artifacts + p.spells) + p.advanced_actions + p.crystals // 2 + units + lv
        pts.append((p.name, total))
        trace.append(T(
            "%(name)s: %(source)s: 2 x (%(artifacts)d Artifacts + %(spells)d Spells) + "
            "%(advanced_actions)d Advanced Actions + %(crystals)d crystals // 2 + Units %(units)d "
            "+ 3 x %(levels)d levels above the lowest = %(total)d",
            name=p.name, source=src, artifacts=p.artifacts, spells=p.spells,
            advanced_actions=p.advanced_actions, crystals=p.crystals, units=units,
            levels=p.level - lowest, total=total,
        ))
    by_name = dict(pts)
    order = sorted(players, key=lambda p: (by_name[p.name], p.fame, -p.turn_position))
    trace.append(T(
        "%(source)s: lowest result first (tie: lower Fame, then who played later in the last "
        "round): %(order)s", source=src, order=", ".join(p.name for p in order),
    ))
    return StrengthResult(tuple(pts), tuple(p.name for p in order), tuple(trace))
