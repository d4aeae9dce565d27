"""Bounded work of the exact combat searches: no request may use more than about 1 s of CPU.

Times (CPU of this thread) the largest inputs the API accepts: the plan on 10 enemies x 16 attacks (values up to
99, and 12 random table-like inputs with armor 3-8 and attacks 1-6) and the damage suggestion on 8 units x 16
attacks, printing for each whether it answered (the proven optimum) or refused as over budget, and the worst
time against the strict target (budget 1 s + 10 % for the check interval and the set-up).

Run: python benchmarks/combat_budget.py
"""
from __future__ import annotations

import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.rules.combat.budget import CPU_BUDGET_S, OverBudget  # noqa: E402
from companion.rules.combat.damage import suggest_assignment  # noqa: E402
from companion.rules.combat.enemies import ELEMENTS, RESISTANCES, Enemy, PlayerAttack  # noqa: E402
from companion.rules.combat.plan import plan_attacks  # noqa: E402
from tests.test_combat_budget import slowest_plan_input, slowest_suggest_input  # noqa: E402

STRICT_S = CPU_BUDGET_S * 1.1


def timed(fn) -> tuple[str, float]:
    t = time.thread_time()
    try:
        fn()
        out = "answered"
    except OverBudget:
        out = "over budget (refused)"
    return out, time.thread_time() - t


def table_like(seed: int):
    rng = random.Random(seed)
    enemies = [Enemy(f"e{i}", rng.randint(3, 8), (), (), tuple(r for r in RESISTANCES if rng.random() < 0.3),
                     rng.randint(2, 7)) for i in range(10)]
    attacks = [PlayerAttack(rng.randint(1, 6), rng.choice(ELEMENTS), "melee") for _ in range(16)]
    return enemies, attacks


def main() -> None:
    worst = 0.0
    rows = []
    for seed in (2, 3):
        enemies, attacks = slowest_plan_input(seed)
        rows.append((f"plan 10 x 16, values up to 99 (seed {seed})",) + timed(
            lambda: plan_attacks(enemies, attacks, "attack")))
    answered = 0
    for seed in range(12):
        enemies, attacks = table_like(seed)
        out, took = timed(lambda: plan_attacks(enemies, attacks, "attack"))
        answered += out == "answered"
        rows.append((f"plan 10 x 16, armor 3-8, attacks 1-6 (seed {seed})", out, took))
    hero, units, attacks = slowest_suggest_input()
    for prefer in ("units", "hero"):
        rows.append((f"suggest 8 units x 16 attacks (prefer {prefer})",) + timed(
            lambda: suggest_assignment(hero, units, attacks, None, prefer)))
    for name, out, took in rows:
        worst = max(worst, took)
        print(f"{name:55s} {took * 1000:7.0f} ms CPU  {out}")
    print(f"table-like plans answered exactly: {answered}/12 (the rest refused at the budget)")
    print(f"worst {worst * 1000:.0f} ms CPU (strict target <= {STRICT_S * 1000:.0f} ms: "
          f"{'OK' if worst <= STRICT_S else 'MISSED'})")


if __name__ == "__main__":
    main()
