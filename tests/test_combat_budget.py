"""Bounded work: the exact planner and damage suggestion answer within about 1 s of CPU on the
largest inputs the API accepts (10 enemies x 16 attacks; 8 units x 16 attacks), either with the proven optimum
or with an explicit "over budget" refusal, never a guess. Rulebook Ranged and Siege 7 / Attack phase 2 (attack
groups) and Assign Damage 3-4 (damage to units) define what is searched; here only the bound is tested (the
optimum itself is checked against brute force in test_combat_engine_plan.py and test_damage.py).
The strict timings are in benchmarks/combat_budget.py; these limits are loose (3 s of CPU) so a busy
machine does not fail."""
import random
import time

import pytest

from companion.rules.combat.budget import OverBudget, PlanTooLarge, SuggestTooLarge
from companion.rules.combat.damage import Hero, UnblockedAttack, Unit, suggest_assignment
from companion.rules.combat.enemies import ELEMENTS, RESISTANCES, CombatError, Enemy, EnemyAttack, PlayerAttack
from companion.rules.combat.plan import plan_attacks

LOOSE_S = 3.0


def slowest_plan_input(seed=3):
    """10 enemies x 16 attacks with values up to 99 (inside the API's limits): 38 s of CPU before the budget."""
    rng = random.Random(seed)
    enemies = [Enemy(f"e{i}", rng.randint(20, 99), (), (), tuple(r for r in RESISTANCES if rng.random() < 0.3),
                     rng.randint(2, 9)) for i in range(10)]
    attacks = [PlayerAttack(rng.randint(1, 99), rng.choice(ELEMENTS), "melee") for _ in range(16)]
    return enemies, attacks


def slowest_suggest_input():
    """8 units x 16 unblocked attacks, preferring to wound the hero (the widest Pareto fronts)."""
    rng = random.Random(11)
    units = [Unit(f"u{i}", rng.randint(2, 7), rng.randint(1, 4),
                  tuple(r for r in ("physical", "fire", "ice") if rng.random() < 0.4)) for i in range(8)]
    attacks = [UnblockedAttack(Enemy(f"E{i}", 5, (EnemyAttack(rng.randint(1, 12), rng.choice(ELEMENTS)),),
                                     tuple(a for a in ("brutal", "poison", "paralyze") if rng.random() < 0.2), (), 4))
               for i in range(16)]
    return Hero(armor=2, hand_limit=9), units, attacks


def _timed(fn):
    """(result or OverBudget, CPU seconds of this thread): CPU time, not wall time, so that other processes on
    a busy machine do not make the test flaky."""
    start = time.thread_time()
    try:
        return fn(), time.thread_time() - start
    except OverBudget as err:
        return err, time.thread_time() - start


@pytest.mark.parametrize("seed", [2, 3])
def test_slowest_known_plan_answers_within_the_budget(seed):
    """Ranged and Siege 7 / Attack phase 2 groupings on 10 enemies x 16 attacks: an answer (plan or refusal)
    in well under 3 s, where it took 13-38 s before."""
    enemies, attacks = slowest_plan_input(seed)
    out, took = _timed(lambda: plan_attacks(enemies, attacks, "attack"))
    assert took < LOOSE_S
    if isinstance(out, OverBudget):
        assert isinstance(out, PlanTooLarge) and isinstance(out, CombatError)
        assert "time budget" in str(out) and "split" in str(out)


def test_slowest_known_suggest_answers_within_the_budget():
    """Assign Damage 3-4 on 8 units x 16 attacks: an answer within the loose limit for either preference."""
    hero, units, attacks = slowest_suggest_input()
    for prefer in ("units", "hero"):
        out, took = _timed(lambda: suggest_assignment(hero, units, attacks, None, prefer))
        assert took < LOOSE_S
        if isinstance(out, OverBudget):
            assert isinstance(out, SuggestTooLarge) and "time budget" in str(out)


def test_over_budget_is_a_refusal_not_a_guess():
    """With a tiny budget the planner refuses with PlanTooLarge (a CombatError: the API answers 400 with the
    reason) instead of returning a plan it has not proven best."""
    enemies, attacks = slowest_plan_input(3)
    with pytest.raises(PlanTooLarge, match="time budget"):
        plan_attacks(enemies, attacks, "attack", budget_s=0.01)
    hero, units, attacks = slowest_suggest_input()
    with pytest.raises(SuggestTooLarge, match="time budget"):
        suggest_assignment(hero, units, attacks, None, "hero", budget_s=0.0)


def test_small_inputs_are_untouched_by_the_budget():
    """Rulebook Ranged and Siege 7: armor 3 and 3, attacks 4 and 2 together defeat both, well within budget."""
    plan = plan_attacks([Enemy("A", 3, (), (), (), 2), Enemy("B", 3, (), (), (), 2)],
                        [PlayerAttack(4, "physical", "melee"), PlayerAttack(2, "physical", "melee")], "attack")
    assert plan.fame == 4
