"""Brute-force references for the combat optimisers (used by the tests and ``benchmarks/combat.py``).

They try every assignment / grouping through the rule functions themselves, so they are slow but obviously
right; the fast optimisers in ``damage.py`` and ``plan.py`` must match them.
"""
from __future__ import annotations

import time
from dataclasses import replace
from itertools import permutations
from typing import Sequence

from companion.rules.combat.attack import resolve_attack
from companion.rules.combat.damage import (
    Hero,
    UnblockedAttack,
    Unit,
    _apply,
    _Board,
    _validate,
    assign_damage,
    assignment_key,
    prepare_attack,
)
from companion.rules.combat.enemies import CombatError, Enemy, PlayerAttack, Site


def _sequences(ids: Sequence[str]):
    for k in range(len(ids) + 1):
        yield from permutations(ids, k)


def brute_force_suggest(hero: Hero, units: Sequence[Unit], attacks: Sequence[UnblockedAttack],
                        site: Site | None = None, prefer: str = "units"):
    """Every ordered list of units for every attack, each run through ``assign_damage``; the best key.
    Invalid assignments (rules errors) are skipped. Returns (key, assign tuple)."""
    ids = [u.id for u in units]
    best = None

    def rec(i, chosen):
        nonlocal best
        if i == len(attacks):
            try:
                res = assign_damage(hero, units, [replace(a, assign=c) for a, c in zip(attacks, chosen)], site)
            except CombatError:
                return
            key = assignment_key(res, units, hero, prefer)
            if best is None or key < best[0]:
                best = (key, tuple(chosen))
            return
        for seq in _sequences(ids):
            rec(i + 1, chosen + [seq])

    rec(0, [])
    return best


def brute_force_suggest_fast(hero: Hero, units: Sequence[Unit], attacks: Sequence[UnblockedAttack],
                             site: Site | None = None, prefer: str = "units"):
    """The same enumeration for bigger inputs: every ordered list of still-usable units per attack, simulated
    incrementally with the rule function ``_apply`` (lists longer than the damage are cut, as the extra
    units would take nothing). Returns (key, assign tuple)."""
    _validate(hero, units)
    prepared = [prepare_attack(a, site) for a in attacks]
    levels = {u.id: u.level for u in units}
    best = None

    def snapshot(board):
        return (dict(board.wounds), dict(board.wounded), dict(board.absorbed), dict(board.destroyed))

    def restore(board, snap):
        board.wounds, board.wounded, board.absorbed, board.destroyed = (dict(x) for x in snap)

    board = _Board(units)

    def score(hand, discard, paralysed):
        destroyed = sum(board.destroyed.values())
        wounds = sum(board.wounds.values())
        hurt = sum(levels[u] for u in levels if board.wounds[u] or board.destroyed[u])
        used = sum(1 for u in levels if board.wounds[u] or board.destroyed[u] or board.absorbed[u])
        ko = int(hero.wounds_this_combat + hand >= hero.hand_limit)
        tail = (discard, hurt, used)
        if prefer == "hero":
            return (ko, destroyed, wounds, hand) + tail
        return (hand, ko, destroyed, wounds) + tail

    def rec(i, chosen, hand, discard, paralysed):
        nonlocal best
        if i == len(prepared):
            key = score(hand, discard, paralysed)
            if best is None or key < best[0]:
                best = (key, tuple(chosen))
            return
        pa = prepared[i]
        usable = [u.id for u in units
                  if not (board.wounded[u.id] or board.absorbed[u.id] or board.destroyed[u.id])]
        if "assassination" in pa.abilities or pa.damage <= 0:
            usable = []

        def extend(seq, remaining):
            snap = snapshot(board)
            h, d, p, _ = _apply(board, hero, pa, seq, None)
            rec(i + 1, chosen + [tuple(seq)], hand + h, discard + d, paralysed or p)
            restore(board, snap)
            # try adding one more unit only if damage would still reach it
            dmg_left = _remaining(board, hero, pa, seq)
            if dmg_left <= 0:
                return
            for uid in remaining:
                extend(seq + [uid], [r for r in remaining if r != uid])

        extend([], usable)

    rec(0, [], 0, 0, False)
    return best


def _remaining(board, hero, pa, seq) -> int:
    damage = pa.damage
    for uid in seq:
        unit = board.units[uid]
        if damage <= 0:
            break
        if unit.resistant(pa.element):
            if damage <= unit.armor:
                return 0
            damage -= unit.armor
        damage = max(0, damage - unit.armor)
    return damage


def brute_force_plan(enemies: Sequence[Enemy], attacks: Sequence[PlayerAttack], phase: str,
                     site: Site | None = None, time_limit: float | None = None):
    """Every way to split the enemies into target groups (or leave them) and give each group any subset of
    the attacks not used yet, each checked with ``resolve_attack``. Returns (fame, points) of the best.
    Unused Defend abilities: exactly one attacked group (any) is the first attack and takes them (through
    ``resolve_attack`` with the other enemies as ``others``); the others are attacked with Defend used.
    Raises TimeoutError after ``time_limit`` seconds."""
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    n, m = len(enemies), len(attacks)
    has_defend = any(e.defend and not e.defend_used for e in enemies)
    used_enemies = [replace(e, defend_used=True) for e in enemies]
    best = (0, 0)
    cache = {}

    def ok(tmask, amask, first):
        k = (tmask, amask, first)
        if k not in cache:
            atks = [attacks[j] for j in range(m) if amask >> j & 1]
            if first:
                targets = [enemies[i] for i in range(n) if tmask >> i & 1]
                others = [enemies[i] for i in range(n) if not tmask >> i & 1]
            else:
                targets = [used_enemies[i] for i in range(n) if tmask >> i & 1]
                others = []
            r = resolve_attack(targets, atks, phase, site, others)
            cache[k] = r.allowed and r.success
        return cache[k]

    def rec(emask, amask, fame, points, pending):
        nonlocal best
        if deadline is not None and time.perf_counter() > deadline:
            raise TimeoutError
        if pending != 2 and (fame, -points) > (best[0], -best[1]):
            best = (fame, points)
        if not emask:
            return
        low = emask & -emask
        rec(emask & ~low, amask, fame, points, pending)  # lowest enemy not attacked
        rest = emask & ~low
        t = rest
        while True:
            tmask = t | low
            a = amask
            while a:
                for first in ((False, True) if pending else (False,)):
                    if ok(tmask, a, first):
                        f = sum(enemies[i].fame for i in range(n) if tmask >> i & 1)
                        p = sum(attacks[j].value for j in range(m) if a >> j & 1)
                        nxt = 0 if first or not pending else 2
                        rec(emask & ~tmask, amask & ~a, fame + f, points + p, nxt)
                a = (a - 1) & amask
            if t == 0:
                break
            t = (t - 1) & rest

    rec((1 << n) - 1, (1 << m) - 1, 0, 0, 1 if has_defend else 0)
    return best
