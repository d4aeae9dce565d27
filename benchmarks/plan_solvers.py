"""The attack plan on real fights: the hand-written exact search (companion/rules/combat/plan.py) against a
well-kept solver on the same model, OR-Tools CP-SAT and HiGHS (MIP), when they are installed.

Fights: enemies drawn from the real tokens (rules_data/enemies), attacks of value 1-7 (benchmarks/plan_fights.py),
8 x 14 and 10 x 16, 40 each, the Attack phase. For the comparison the Defend bonus is left out (the solvers'
model below has no Defend; the planner's answers are compared on the same fights). Then the real fights with
Defend: the planner in its strict mode (exact or refuse) and as the app runs it (best_found). Prints for each method the
median and worst CPU time, how many answers are proven optimal, and whether the proven answers agree
(most Fame, then fewest attack points). Then the planner as the app runs it (``best_found``: the best plan
found when the time runs out, with its bound): median, worst, and the gap between plan and bound.

The solvers' model (the planner's own: a group of targets T is defeated when 2 x efficient + inefficient >=
2 x armor(T), every attack of an element resisted by any target of T counting once, not twice): a 0/1 variable per
possible group, an integer per (group, kind of attack) for how many of those attacks go to it; each enemy in at
most one group, each attack used once; maximise Fame x M - attack points.

Run: python benchmarks/plan_solvers.py [fights per size, default 40] [solver time limit s, default 1]
(pip install ortools highspy to include them; both are optional and not dependencies of the app.)
"""
from __future__ import annotations

import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from plan_fights import real_fight  # noqa: E402

from companion.rules.combat.enemies import CombatError, current_armor, effective_enemy, validate_site  # noqa: E402
from companion.rules.combat.plan import plan_attacks  # noqa: E402

SIZES = ((8, 14), (10, 16))


def model(enemies, attacks, phase="attack"):
    """(types [(value, element, count)], groups [(mask, fame, need, weights)]) as the planner sees them."""
    site = validate_site(None)
    eff = [effective_enemy(e, site)[0] for e in enemies]
    armor = [current_armor(e, phase) for e in eff]
    kinds: dict[tuple, int] = {}
    for a in attacks:
        key = (a.value, "physical" if a.kind == "sideways" else a.element)
        kinds[key] = kinds.get(key, 0) + 1
    types = [(v, el, c) for (v, el), c in kinds.items()]
    groups = []
    n = len(enemies)
    for mask in range(1, 1 << n):
        idx = [i for i in range(n) if mask >> i & 1]
        weights = [v if any(eff[i].resistant(el) for i in idx) else 2 * v for v, el, _c in types]
        groups.append((mask, sum(enemies[i].fame for i in idx), 2 * sum(armor[i] for i in idx), weights))
    return types, groups


def cpsat(enemies, attacks, limit):
    from ortools.sat.python import cp_model

    types, groups = model(enemies, attacks)
    m = cp_model.CpModel()
    big = sum(v * c for v, _e, c in types) + 1
    z, x, per_enemy, per_type, obj = [], [], {}, {}, []
    for gi, (mask, fame, need, weights) in enumerate(groups):
        zg = m.NewBoolVar(f"z{gi}")
        z.append(zg)
        terms = []
        for t, (v, _el, c) in enumerate(types):
            ub = min(c, -(-need // weights[t]))
            xv = m.NewIntVar(0, ub, f"x{gi}_{t}")
            m.Add(xv <= ub * zg)
            terms.append(weights[t] * xv)
            per_type.setdefault(t, []).append(xv)
            obj.append(-v * xv)
        m.Add(sum(terms) >= need * zg)
        for i in range(len(enemies)):
            if mask >> i & 1:
                per_enemy.setdefault(i, []).append(zg)
        obj.append(fame * big * zg)
    for zs in per_enemy.values():
        m.AddAtMostOne(zs)
    for t, xs in per_type.items():
        m.Add(sum(xs) <= types[t][2])
    m.Maximize(sum(obj))
    s = cp_model.CpSolver()
    s.parameters.max_time_in_seconds = limit
    s.parameters.num_workers = 1  # one core, as the planner
    status = s.Solve(m)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None, None, False
    value = round(s.ObjectiveValue())
    fame, points = -(-value // big), -(value - big * (-(-value // big)))
    return fame, points, status == cp_model.OPTIMAL


def highs(enemies, attacks, limit):
    import highspy

    types, groups = model(enemies, attacks)
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    h.setOptionValue("time_limit", float(limit))
    h.setOptionValue("threads", 1)
    big = sum(v * c for v, _e, c in types) + 1
    inf = highspy.kHighsInf
    per_enemy, per_type = {}, {}
    cost = []
    col = 0
    rows = []  # (indices, values, lower, upper)
    for mask, fame, need, weights in groups:
        zc = col
        col += 1
        cost.append((zc, -fame * big, 0, 1))
        cover_idx, cover_val = [zc], [-need]
        for t, (v, _el, c) in enumerate(types):
            ub = min(c, -(-need // weights[t]))
            xc = col
            col += 1
            cost.append((xc, v, 0, ub))
            cover_idx.append(xc)
            cover_val.append(weights[t])
            rows.append(([xc, zc], [1, -ub], -inf, 0))
            per_type.setdefault(t, []).append(xc)
        rows.append((cover_idx, cover_val, 0, inf))
        for i in range(len(enemies)):
            if mask >> i & 1:
                per_enemy.setdefault(i, []).append(zc)
    for zs in per_enemy.values():
        rows.append((zs, [1] * len(zs), -inf, 1))
    for t, xs in per_type.items():
        rows.append((xs, [1] * len(xs), -inf, types[t][2]))
    import numpy as np

    h.addVars(col, np.array([c[2] for c in cost], dtype=float), np.array([c[3] for c in cost], dtype=float))
    h.changeColsCost(col, np.arange(col, dtype=np.int32), np.array([c[1] for c in cost], dtype=float))
    h.changeColsIntegrality(col, np.arange(col, dtype=np.int32),
                            np.array([highspy.HighsVarType.kInteger] * col))
    for idx, val, lo, up in rows:
        h.addRow(lo, up, len(idx), np.array(idx, dtype=np.int32), np.array(val, dtype=float))
    h.run()
    raw = h.getInfo().objective_function_value
    if h.getInfo().primal_solution_status != 2 or raw != raw or abs(raw) == float("inf"):  # 2: feasible
        return None, None, False
    value = -round(raw)  # minimised -fame*big + points
    fame = -(-value // big)
    points = fame * big - value
    return fame, points, h.getModelStatus() == highspy.HighsModelStatus.kOptimal


def planner(enemies, attacks, _limit):
    try:
        p = plan_attacks(enemies, attacks, "attack")
    except CombatError:
        return None, None, False
    return p.fame, p.points, True


def timed(fn, *args):
    t = time.process_time()
    out = fn(*args)
    return out, time.process_time() - t


def available() -> dict:
    methods = {"hand-written search (exact)": planner}
    try:
        import ortools  # noqa: F401

        methods["OR-Tools CP-SAT (1 worker)"] = cpsat
    except ImportError:
        print("OR-Tools not installed: skipped (pip install ortools)")
    try:
        import highspy  # noqa: F401

        methods["HiGHS MIP (1 thread)"] = highs
    except ImportError:
        print("HiGHS not installed: skipped (pip install highspy)")
    return methods


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    limit = float(sys.argv[2]) if len(sys.argv) > 2 else 1.0
    methods = available()
    for ne, na in SIZES:
        fights, real = [], []
        for seed in range(count):
            enemies, attacks = real_fight(seed, ne, na)
            real.append((enemies, attacks))
            fights.append(([replace(e, defend=0) for e in enemies], attacks))
        answers = {}
        for name, fn in methods.items():
            rows = [timed(fn, e, a, limit) for e, a in fights]
            answers[name] = [r[0] for r in rows]
            times = sorted(r[1] for r in rows)
            proven = sum(r[0][2] for r in rows)
            print(f"{ne} x {na}, {name:28s}: median {statistics.median(times) * 1000:7.1f} ms, worst "
                  f"{times[-1] * 1000:7.1f} ms CPU; proven optimal {proven}/{count}")
        ref = answers["hand-written search (exact)"]
        for name, outs in answers.items():
            both = [(a, b) for a, b in zip(ref, outs) if a[2] and b[2]]
            agree = sum(a[:2] == b[:2] for a, b in both)
            if name != "hand-written search (exact)":
                print(f"  {name}: same optimum (Fame, points) as the search on {agree}/{len(both)} fights both proved")
        strict = [timed(planner, e, a, 0) for e, a in real]
        print(f"{ne} x {na}, with Defend, exact or refuse (strict mode): {sum(not r[0][2] for r in strict)}/{count} refused, "
              f"median {statistics.median(sorted(r[1] for r in strict)) * 1000:.1f} ms CPU")
        rows = [timed(lambda e=e, a=a: plan_attacks(e, a, "attack", best_found=True)) for e, a in real]
        times = sorted(r[1] for r in rows)
        unproven = [r[0] for r in rows if not r[0].proven_optimal]
        gaps = [p.bound - p.fame for p in unproven]
        print(f"{ne} x {na}, with Defend, the app's answer (best_found): median {statistics.median(times) * 1000:.1f} ms, worst "
              f"{times[-1] * 1000:.1f} ms CPU (target: median < 200 ms, every answer < 1 s); "
              f"{count - len(unproven)}/{count} proven optimal; the others' Fame vs bound: "
              f"{[(p.fame, p.bound) for p in unproven]}")
        if gaps:
            print(f"  gap to the bound: median {statistics.median(gaps)}, worst {max(gaps)} Fame")


if __name__ == "__main__":
    main()
