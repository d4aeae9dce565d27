"""Combat referee speed.

- suggest (exact damage assignment): 6 units x 8 unblocked attacks, target < 50 ms;
- plan (exact attack grouping): 8 enemies x 12 attacks, target < 200 ms;
each beside a brute-force reference (``companion.rules.combat.reference``) on the same input in the same run,
with the ratio printed. The plan's brute force (every grouping and every attack subset) cannot finish on
8 x 12 in reasonable time: it runs under a time limit and the ratio is then a lower bound; it is also run to
the end on a smaller input. Random 8 x 12 plans are timed too (median, 90th percentile, worst).

Run: python benchmarks/combat.py [brute-force time limit in seconds, default 60]
"""
from __future__ import annotations

import random
import statistics
import sys
import time

from companion.rules.combat.damage import Hero, UnblockedAttack, Unit, assignment_key, suggest_assignment
from companion.rules.combat.enemies import (
    ELEMENTS,
    RESISTANCES,
    Enemy,
    EnemyAttack,
    PlayerAttack,
    Site,
    enemy_from_token,
)
from companion.rules.combat.plan import plan_attacks
from companion.rules.combat.reference import brute_force_plan, brute_force_suggest_fast

SUGGEST_TARGET_MS = 50.0
PLAN_TARGET_MS = 200.0


def median_ms(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def once_s(fn):
    t = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - t


def suggest_bench() -> None:
    hero = Hero(armor=3, hand_limit=5)
    units = [Unit("peasants", 3, 1), Unit("guardsmen", 5, 2, ("physical",)), Unit("fire_mages", 4, 3, ("fire",)),
             Unit("ice_golems", 4, 3, ("ice",)), Unit("altem", 6, 4, ("fire", "ice")), Unit("foresters", 4, 1)]
    specs = [("Swordsmen", 6, "physical", ()), ("Wolf Riders", 3, "physical", ("swift",)),
             ("Ironclads", 4, "physical", ("brutal",)), ("Ice Mages", 5, "ice", ()),
             ("Cursed Hags", 3, "physical", ("poison",)), ("High Dragon", 6, "cold_fire", ("brutal",)),
             ("Medusa", 6, "physical", ("paralyze",)), ("Gunners", 6, "fire", ("brutal",))]
    attacks = [UnblockedAttack(Enemy(name, 5, (EnemyAttack(v, el),), ab, (), 4)) for name, v, el, ab in specs]
    for prefer in ("units", "hero"):
        fast = median_ms(lambda: suggest_assignment(hero, units, attacks, None, prefer), repeat=15)
        sug = suggest_assignment(hero, units, attacks, None, prefer)
        (ref_key, _), brute = once_s(lambda: brute_force_suggest_fast(hero, units, attacks, None, prefer))
        same = assignment_key(sug.result, units, hero, prefer) == ref_key
        print(f"suggest 6 units x 8 attacks (prefer {prefer}): {fast:.1f} ms (target < {SUGGEST_TARGET_MS:.0f} ms"
              f" {'OK' if fast < SUGGEST_TARGET_MS else 'MISSED'}); brute force {brute * 1000:.0f} ms; "
              f"ratio x{brute * 1000 / fast:.0f}; same optimum: {same}")


def plan_input():
    """A level 5-ish White city assault in the Attack phase with rampaging orcs and a draconum joining."""
    site = Site(fortified=True, city="white")
    ids = ["guardsmen", "swordsmen", "golems", "ice_mages", "fire_golems", "freezers"]
    enemies = [enemy_from_token(i) for i in ids]
    enemies += [enemy_from_token("ironclads", rampaging=True), enemy_from_token("fire_dragon", rampaging=True)]
    attacks = [PlayerAttack(v, e, k) for v, e, k in [
        (2, "physical", "melee"), (3, "physical", "melee"), (4, "fire", "melee"), (2, "ice", "ranged"),
        (5, "physical", "siege"), (3, "cold_fire", "melee"), (1, "physical", "sideways"), (1, "physical", "sideways"),
        (4, "ice", "melee"), (3, "fire", "ranged"), (2, "physical", "melee"), (6, "physical", "melee")]]
    return enemies, attacks, site


def plan_bench(limit: float) -> None:
    enemies, attacks, site = plan_input()
    fast = median_ms(lambda: plan_attacks(enemies, attacks, "attack", site), repeat=7)
    plan = plan_attacks(enemies, attacks, "attack", site)
    try:
        ref, brute = once_s(lambda: brute_force_plan(enemies, attacks, "attack", site, time_limit=limit))
        tail = f"brute force {brute:.1f} s; ratio x{brute * 1000 / fast:.0f}; same optimum: {ref == (plan.fame, plan.points)}"
    except TimeoutError:
        tail = f"brute force did not finish in {limit:.0f} s; ratio > x{limit * 1000 / fast:.0f}"
    print(f"plan 8 enemies x 12 attacks (city assault): {fast:.1f} ms (target < {PLAN_TARGET_MS:.0f} ms "
          f"{'OK' if fast < PLAN_TARGET_MS else 'MISSED'}), Fame {plan.fame} for {plan.points} points; {tail}")

    small_e, small_a = enemies[:5], attacks[:7]
    fast_small = median_ms(lambda: plan_attacks(small_e, small_a, "attack", site), repeat=15)
    small = plan_attacks(small_e, small_a, "attack", site)
    ref, brute = once_s(lambda: brute_force_plan(small_e, small_a, "attack", site))
    print(f"plan 5 enemies x 7 attacks: {fast_small:.1f} ms; brute force {brute * 1000:.0f} ms; "
          f"ratio x{brute * 1000 / fast_small:.0f}; same optimum: {ref == (small.fame, small.points)}")

    rng = random.Random(2026)
    times = []
    for _ in range(40):
        es = [Enemy(f"e{i}", rng.randint(3, 8), (), (), tuple(r for r in RESISTANCES if rng.random() < 0.3),
                    rng.randint(2, 7)) for i in range(8)]
        at = [PlayerAttack(rng.randint(1, 6), rng.choice(ELEMENTS), "melee") for _ in range(12)]
        times.append(median_ms(lambda: plan_attacks(es, at, "attack"), repeat=1))
    times.sort()
    print(f"plan 8 x 12, 40 random inputs: median {statistics.median(times):.1f} ms, "
          f"90th percentile {times[int(len(times) * 0.9) - 1]:.1f} ms, worst {times[-1]:.1f} ms, "
          f"{sum(t < PLAN_TARGET_MS for t in times)}/40 under {PLAN_TARGET_MS:.0f} ms")


def main() -> None:
    limit = float(sys.argv[1]) if len(sys.argv) > 1 else 60.0
    suggest_bench()
    plan_bench(limit)


if __name__ == "__main__":
    main()
