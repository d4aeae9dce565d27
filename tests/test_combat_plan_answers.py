"""The attack plan answers every real fight (companion/rules/combat/plan.py, ``best_found``): the proven optimum,
or, when the time runs out, the best plan found (every group in it defeated) with a proven bound on the Fame.
Rules: Rulebook, Attack phase 1-2 and Ranged and Siege phase 3-7 (targets grouped, armor summed, attacks of a
resisted element summed and halved once per group, rounded down)."""
import random
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules.combat.attack import resolve_attack
from companion.rules.combat.enemies import RESISTANCES, Enemy, PlayerAttack, enemy_from_token
from companion.rules.combat.plan import plan_attacks
from companion.rules.combat.reference import brute_force_plan
from companion.rules.data import get_rules

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
from plan_fights import real_fight  # noqa: E402

TOKENS = sorted(get_rules().enemies)
ELEMENTS = ("physical", "fire", "ice", "cold_fire")


def _valid(plan, enemies, attacks, phase="attack"):
    """Every group of the plan is defeated by its attacks, each enemy and attack used at most once."""
    seen_e, seen_a = set(), set()
    for g in plan.groups:
        assert not seen_e & set(g.targets) and not seen_a & set(g.attacks)
        seen_e |= set(g.targets)
        seen_a |= set(g.attacks)
    assert sum(g.fame for g in plan.groups) == plan.fame
    for g in plan.groups:
        if not any(enemies[i].defend for i in g.targets):
            res = resolve_attack([enemies[i] for i in g.targets], [attacks[j] for j in g.attacks], phase)
            assert res.success and res.total == g.total


fights = st.tuples(
    st.lists(st.sampled_from(TOKENS), min_size=1, max_size=4),
    st.lists(st.tuples(st.integers(1, 7), st.sampled_from(ELEMENTS), st.sampled_from(("melee", "ranged", "siege"))),
             min_size=1, max_size=5),
    st.sampled_from(("attack", "ranged_siege")))


@settings(derandomize=True, max_examples=60, deadline=None)
@given(fights)
def test_the_planner_and_the_exhaustive_search_agree_on_small_real_fights(fight):
    """Random small fights from the real tokens, either phase: the planner's answer (best_found, as the app asks)
    is proven optimal and has the exhaustive search's Fame and attack points."""
    ids, raw, phase = fight
    enemies = [enemy_from_token(i) for i in ids]
    attacks = [PlayerAttack(v, el, kind) for v, el, kind in raw]
    plan = plan_attacks(enemies, attacks, phase, best_found=True)
    assert plan.proven_optimal and plan.bound == plan.fame
    assert (plan.fame, plan.points) == brute_force_plan(enemies, attacks, phase)


def test_when_the_time_runs_out_the_best_plan_found_comes_with_its_bound():
    """A fight too large to prove within a tiny budget: a valid plan, labelled not proven, whose bound is at
    least the proven optimum (found with the full budget) and at least its own Fame."""
    for seed in range(6):
        enemies, attacks = real_fight(seed, 8, 12)
        quick = plan_attacks(enemies, attacks, "attack", best_found=True, budget_s=0.0)
        exact = plan_attacks(enemies, attacks, "attack")
        assert not quick.proven_optimal and quick.fame <= exact.fame <= quick.bound
        assert "not proven best" in quick.explanation[-1]
        _valid(quick, enemies, attacks)
        cut = plan_attacks(enemies, attacks, "attack", best_found=True, max_nodes=60)  # stopped in the search
        assert cut.fame <= exact.fame <= cut.bound and cut.fame > 0
        assert cut.proven_optimal == (cut.fame == exact.fame and cut.points == exact.points and cut.proven_optimal)
        _valid(cut, enemies, attacks)


def test_a_large_fight_answers_within_a_second_of_cpu():
    """10 enemies x 16 attacks with values up to 99 (38 s of CPU to prove): an answer, not a refusal."""
    import time

    rng = random.Random(3)
    enemies = [Enemy(f"e{i}", rng.randint(20, 99), (), (), tuple(r for r in RESISTANCES if rng.random() < 0.3),
                     rng.randint(2, 9)) for i in range(10)]
    attacks = [PlayerAttack(rng.randint(1, 99), rng.choice(ELEMENTS), "melee") for _ in range(16)]
    start = time.thread_time()
    plan = plan_attacks(enemies, attacks, "attack", best_found=True)
    assert time.thread_time() - start < 1.5
    assert plan.fame <= plan.bound and (plan.proven_optimal or plan.bound >= plan.fame)
    _valid(plan, enemies, attacks)


def test_the_api_says_whether_the_plan_is_proven(client):
    body = {"phase": "attack", "enemies": [{"name": "Orc", "armor": 3, "fame": 2}],
            "attacks": [{"value": 3, "element": "physical", "kind": "melee"}]}
    out = client.post("/api/v1/combat/plan", json=body).get_json()
    assert out["proven_optimal"] is True and out["bound"] == out["fame"] == 2
