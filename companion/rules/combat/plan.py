"""The attack planner: which attacks to group onto which targets to defeat the most Fame (exact).

Rules are those of ``attack.resolve_attack`` (Rulebook Ranged and Siege phase 3-7, Attack phase 1-2):
a group of targets is defeated when the attacks given to it reach the sum of the targets' armor, with every
attack of an element resisted by any target of the group halved (summed, halved once, rounded down). Each
attack is used at most once; each enemy is in at most one group.

Public, stable API: ``PlanGroup``, ``Plan``, ``plan_attacks(enemies, attacks, phase, site)``.

Method: total = efficient + floor(inefficient / 2) >= armor  <=>  2*efficient + inefficient >= 2*armor,
so against a given group each attack has a fixed weight (2v efficient, v inefficient, 0 unusable in this
phase). Identical attacks are interchangeable and counted, and it is never better to give a group more
attacks than an inclusion-minimal set that defeats it. A memoised search over (enemies left, attack
counts left) takes the lowest enemy left and either leaves it or attacks it inside some group with some
minimal set. Best = most Fame, then fewest attack points spent. Checked against brute force in the tests.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Sequence

from companion.rules.combat.attack import resolve_attack
from companion.rules.combat.budget import PLAN_ANSWER_S, Budget, PlanTooLarge
from companion.rules.combat.enemies import (
    ATTACK_KINDS,
    PHASES,
    CombatError,
    Enemy,
    PlayerAttack,
    Site,
    _check_int,
    check_element,
    current_armor,
    effective_enemy,
    enemy_name,
    fortification,
    name_list,
    validate_enemy,
    validate_site,
)
from companion.rules.text import T


@dataclass(frozen=True)
class PlanGroup:
    targets: tuple[int, ...]  # indices into the enemies list
    attacks: tuple[int, ...]  # indices into the attacks list
    total: int
    armor: int
    fame: int
    explanation: tuple[str, ...]


@dataclass(frozen=True)
class Plan:
    groups: tuple[PlanGroup, ...]  # in the order to attack (a group taking a Defend bonus comes first)
    fame: int
    points: int
    unused_attacks: tuple[int, ...]
    explanation: tuple[str, ...]
    proven_optimal: bool = True  # False: the best plan found when the time ran out (``best_found``)
    bound: int | None = None  # no plan can defeat more Fame than this (== fame when proven optimal)


MAX_NODES = 400_000
CHECK_EVERY = 255  # steps between two looks at the clock (a mask: 2**k - 1)


def plan_attacks(enemies: Sequence[Enemy], attacks: Sequence[PlayerAttack], phase: str,
                 site: Site | None = None, max_nodes: int = MAX_NODES, budget_s: float | None = None,
                 best_found: bool = False) -> Plan:
    """The grouping of ``attacks`` onto ``enemies`` that defeats the most Fame, ties: fewest attack points.
    Raises ``CombatError`` if the search would visit more than ``max_nodes`` states, and ``PlanTooLarge`` (a
    ``CombatError``) when it would use more than ``budget_s`` seconds of CPU (default
    ``budget.CPU_BUDGET_S``, about 1 s): it never returns a plan that is not proven best.

    ``best_found``: instead of refusing, answer the best plan found when the nodes or the time ran out
    (default budget ``budget.PLAN_ANSWER_S``), with ``proven_optimal`` False and ``bound``, the most Fame any
    plan could defeat (a proven upper bound); the plan itself is valid (every group it names is defeated)."""
    if phase not in PHASES:
        raise CombatError(f"phase must be one of {', '.join(PHASES)}, got {phase!r}")
    site = validate_site(site)
    for e in enemies:
        validate_enemy(e)
    # search order (only speed depends on it): the most resistant enemies first (their groups are the hardest
    # to fill), then by Fame per armor point (good plans early, so more is pruned)
    perm = sorted(range(len(enemies)),
                  key=lambda i: (-len(set(enemies[i].resistances)),
                                 -enemies[i].fame / max(1, current_armor(effective_enemy(enemies[i], site)[0], phase))))
    if best_found and budget_s is None:
        budget_s = PLAN_ANSWER_S
    budget = Budget(PlanTooLarge("too many possibilities to plan exactly within the time budget (about 1 s of "
                                 "CPU): split the enemies or the attacks"), budget_s)
    plan = _plan([enemies[i] for i in perm], attacks, phase, site, max_nodes, budget, best_found)
    groups = tuple(replace(g, targets=tuple(sorted(perm[i] for i in g.targets))) for g in plan.groups)
    return replace(plan, groups=groups)


def _plan(enemies: Sequence[Enemy], attacks: Sequence[PlayerAttack], phase: str, site: Site,
          max_nodes: int = MAX_NODES, budget: Budget | None = None, best_found: bool = False) -> Plan:
    budget = budget or Budget(PlanTooLarge("too many possibilities to plan exactly within the time budget"))
    check = budget.check
    if phase not in PHASES:
        raise CombatError(f"phase must be one of {', '.join(PHASES)}, got {phase!r}")
    site = validate_site(site)
    if len(enemies) > 12:
        raise CombatError("the planner takes at most 12 enemies")
    if len(attacks) > 24:
        raise CombatError("the planner takes at most 24 attacks")
    for e in enemies:
        validate_enemy(e)
    for a in attacks:
        _check_int(a.value, "attack value", 0)
        check_element(a.element, "attack element")
        if a.kind not in ATTACK_KINDS:
            raise CombatError(f"attack kind must be one of {', '.join(ATTACK_KINDS)}, got {a.kind!r}")
    eff_enemies = [effective_enemy(e, site)[0] for e in enemies]
    n = len(enemies)
    armor = [current_armor(e, phase) for e in eff_enemies]
    fort = [fortification(e, site) for e in eff_enemies]
    fame = [e.fame for e in enemies]
    defend_total = sum(e.defend for e in enemies if e.defend and not e.defend_used)

    # attack types: identical (value, element, usable-class) attacks are interchangeable
    def element_of(a: PlayerAttack) -> str:
        return "physical" if a.kind == "sideways" else a.element

    def klass(a: PlayerAttack) -> str:
        if phase == "attack":
            return "any"
        return a.kind if a.kind in ("ranged", "siege") else "none"

    type_index: dict[tuple, int] = {}
    types: list[tuple[int, str, str]] = []
    members: list[list[int]] = []
    for j, a in enumerate(attacks):
        key = (a.value, element_of(a), klass(a))
        if key not in type_index:
            type_index[key] = len(types)
            types.append(key)
            members.append([])
        members[type_index[key]].append(j)
    counts0 = tuple(len(m) for m in members)
    k = len(types)

    # valid groups and their weights
    group_info: dict[int, tuple[tuple[int, ...], int, int]] = {}  # tmask -> (weights, need, fame)
    for tmask in range(1, 1 << n):
        idx = [i for i in range(n) if tmask >> i & 1]
        if phase == "ranged_siege" and any(fort[i] >= 2 for i in idx):
            continue
        siege_only = any(fort[i] == 1 for i in idx)
        weights = []
        for value, element, kl in types:
            if phase == "ranged_siege" and (kl == "none" or (siege_only and kl != "siege")):
                weights.append(0)
                continue
            resisted = any(eff_enemies[i].resistant(element) for i in idx)
            weights.append(value if resisted else 2 * value)
        group_info[tmask] = (tuple(weights), 2 * sum(armor[i] for i in idx), sum(fame[i] for i in idx))

    points_of = [types[t][0] for t in range(k)]
    # counts packed into one int, 6 bits per type (5 bits + a guard bit), so "cover fits" is one subtraction
    guard = sum(1 << (6 * t + 5) for t in range(k))

    def pack(vec) -> int:
        return sum(c << (6 * t) for t, c in enumerate(vec))

    cover_cache: dict[tuple, list[tuple[int, int, tuple[int, ...]]]] = {}

    def covers(weights: tuple[int, ...], need: int) -> list[tuple[int, int, tuple[int, ...]]]:
        """Inclusion-minimal count vectors reaching ``need``, as (packed, points, vector), cheapest first."""
        key = (weights, need)
        if key in cover_cache:
            return cover_cache[key]
        out: list[tuple[int, int, tuple[int, ...]]] = []
        if need <= 0:
            out.append((0, 0, (0,) * k))
            cover_cache[key] = out
            return out
        order = sorted((t for t in range(k) if weights[t] > 0), key=lambda t: -weights[t])
        suffix = [0] * (len(order) + 1)
        for pos in range(len(order) - 1, -1, -1):
            t = order[pos]
            suffix[pos] = suffix[pos + 1] + weights[t] * counts0[t]
        vec = [0] * k

        steps = [0]

        def rec(pos: int, total: int, packed: int, pts: int, min_w: int):
            steps[0] += 1
            if not steps[0] & CHECK_EVERY:
                check()
            if total >= need:
                if total - min_w < need:  # removing any one attack would fall short: minimal
                    out.append((packed, pts, tuple(vec)))
                return
            if total + suffix[pos] < need:
                return
            t = order[pos]
            w, shift, p = weights[t], 6 * t, points_of[t]
            # more copies than needed to reach ``need`` would not be minimal
            for c in range(min(counts0[t], -(-(need - total) // w)), -1, -1):
                vec[t] = c
                rec(pos + 1, total + c * w, packed + (c << shift), pts + c * p, min(min_w, w) if c else min_w)
            vec[t] = 0

        rec(0, 0, 0, 0, 10 ** 9)
        out.sort(key=lambda x: x[1])
        cover_cache[key] = out
        return out

    # bounds. A group T needs weight 2*armor(T) and its weights are at most each member's own weights, so
    # the attack points it needs are at least the sum over its members of cost(i) = armor(i) + max(0,
    # armor(i) - E(i)), E(i) = value of the attacks usable and efficient against i alone (efficient points
    # give 2 weight, the others 1). ub_fame[emask][V]: most Fame of a subset whose costs fit in V points;
    # min_cost[emask][f]: least cost of a subset with Fame >= f.
    usable_types = [t for t in range(k) if any(group_info[tm][0][t] for tm in group_info)]
    v_total = sum(counts0[t] * points_of[t] for t in usable_types)
    fame_total = sum(fame)
    cost = []
    for i in range(n):
        info = group_info.get(1 << i)
        if info is None:
            cost.append(10 ** 6)  # cannot be attacked in this phase
            continue
        weights = info[0]
        efficient = sum(counts0[t] * points_of[t] for t in range(k) if weights[t] and weights[t] == 2 * points_of[t])
        cost.append(armor[i] + max(0, armor[i] - efficient))
    # beyond the sum of all costs every subset fits: cap the table there (big attack values stay cheap)
    v_cap = min(v_total, sum(c for c in cost if c < 10 ** 6))

    ub_fame = [[0] * (v_cap + 1) for _ in range(1 << n)]
    min_cost = [[0] + [10 ** 9] * fame_total for _ in range(1 << n)]
    tables_done = True
    try:
        for emask in range(1, 1 << n):
            if not emask & 63:
                check()
            low = (emask & -emask).bit_length() - 1
            prev = emask & (emask - 1)
            a, f = cost[low], fame[low]
            up, row = ub_fame[prev], ub_fame[emask]
            for v in range(v_cap + 1):
                row[v] = max(up[v], f + up[v - a]) if v >= a else up[v]
            mp, mr = min_cost[prev], min_cost[emask]
            for g in range(fame_total + 1):
                mr[g] = min(mp[g], a + mp[max(0, g - f)])
    except PlanTooLarge:
        if not best_found:
            raise
        tables_done = False

    # groups by their lowest enemy (covers are computed when first needed)
    by_low: dict[int, list] = {}
    for tmask, (weights, need, gfame) in group_info.items():
        gcost = sum(cost[i] for i in range(n) if tmask >> i & 1)
        by_low.setdefault(tmask & -tmask, []).append((tmask, gfame, weights, need, gcost))
    for lst in by_low.values():
        lst.sort(key=lambda g: -g[1])
    needs = ((0, False), (2 * defend_total, True)) if defend_total else ((0, False),)

    best_fame, best_points, best_choice = -1, 0, ()
    seen: dict[tuple, tuple[int, int]] = {}
    groups_in: dict[int, list] = {}
    nodes = [0]
    work, next_check = [0], [4096]  # covers looked at (bounded between two clock checks)

    def dfs(emask: int, packed: int, gained: int, points: int, state: int, chosen: tuple):
        """state: 0 no Defend bonus outstanding; 1 outstanding, no group yet; 2 outstanding and must be
        placed on a later group (a group was formed without it)."""
        nonlocal best_fame, best_points, best_choice
        nodes[0] += 1
        if nodes[0] > max_nodes:
            raise CombatError("too many possibilities to plan exactly: split the enemies or the attacks")
        if not nodes[0] & CHECK_EVERY:
            check()
        if state != 2 and (gained > best_fame or (gained == best_fame and points < best_points)):
            best_fame, best_points, best_choice = gained, points, chosen
        if emask == 0:
            return
        key = (emask, packed, state)
        seen_here = seen.get(key)
        if seen_here is not None and (seen_here[0] > gained or (seen_here[0] == gained and seen_here[1] <= points)):
            return  # the same enemies and attacks are left and we reached them with no more Fame
        seen[key] = (gained, points)
        left = v_total - points
        if state:  # the Defend bonus is still to be placed: the group that takes it pays its cost + the bonus
            left -= defend_total
            if left < 0 and state == 2:
                return
        ub = gained + (ub_fame[emask][min(v_cap, left)] if left >= 0 else 0)
        if ub < best_fame:
            return
        if ub == best_fame and points + min_cost[emask][best_fame - gained] >= best_points:
            return
        low = emask & -emask
        groups = groups_in.get(emask)
        if groups is None:  # the groups inside emask that hold its lowest enemy, computed once per emask
            groups = groups_in[emask] = [g for g in by_low.get(low, ()) if not g[0] & ~emask]
        for tmask, gfame, weights, need, gcost in groups:
            rest = emask & ~tmask
            ub_row, mc_row, now = ub_fame[rest], min_cost[rest], gained + gfame
            spent = points + gcost + (defend_total if state else 0)  # this group or a later one takes the bonus
            if spent > v_total:
                continue
            ub = now + ub_row[min(v_cap, v_total - spent)]
            if ub < best_fame or (ub == best_fame and spent + mc_row[max(0, best_fame - now)] >= best_points):
                continue
            for extra, takes in needs:
                if takes and not state:
                    continue
                nxt = 0 if takes else (2 if state else 0)
                cs = covers(weights, need + extra)
                packed_g = packed | guard
                work[0] += len(cs)
                if work[0] > next_check[0]:
                    next_check[0] = work[0] + 4096
                    check()
                for cpack, pts, cv in cs:
                    if (packed_g - cpack) & guard != guard:
                        continue  # not enough of these attacks left
                    # cheapest first: once the bound fails it fails for every later cover too
                    spent = points + pts
                    left = v_total - spent - (defend_total if nxt == 2 else 0)  # a later group takes the bonus
                    if left < 0:
                        break
                    ub = now + ub_row[left if left < v_cap else v_cap]
                    if ub < best_fame or (ub == best_fame and spent + mc_row[best_fame - now if best_fame > now else 0]
                                          >= best_points):
                        break
                    dfs(emask & ~tmask, packed - cpack, gained + gfame, points + pts, nxt,
                        chosen + ((tmask, cv, takes),))
        dfs(emask & ~low, packed, gained, points, state, chosen)

    proven = tables_done
    if tables_done:
        try:
            dfs((1 << n) - 1, pack(counts0), 0, 0, 1 if defend_total else 0, ())
        except CombatError:  # the time or the nodes ran out (PlanTooLarge, or too many states)
            if not best_found:
                raise
            proven = False
    if best_fame < 0:
        best_fame, best_points, best_choice = 0, 0, ()
    if proven:
        bound = best_fame
    else:  # no plan can defeat more: the Fame of the enemies whose least costs fit in the attack points
        # (with a Defend bonus, the group that takes it pays at least the bonus too)
        left = v_total - defend_total
        bound = max(best_fame, (ub_fame[(1 << n) - 1][min(v_cap, left)] if left >= 0 else 0) if tables_done
                    else fame_total)
    total_fame, choices = best_fame, best_choice
    neg_points = -best_points
    # the group that takes the Defend bonus is attacked first
    choices = sorted(choices, key=lambda c: not c[2])
    pools = [list(m) for m in members]
    groups = []
    trace = []
    defend_used_now = False
    for tmask, cv, takes in choices:
        idx = tuple(i for i in range(n) if tmask >> i & 1)
        used = []
        for t, c in enumerate(cv):
            used.extend(pools[t][:c])
            pools[t] = pools[t][c:]
        used.sort()
        targets = [enemies[i] for i in idx]
        if defend_used_now:
            targets = [replace(e, defend_used=True) for e in targets]
        others = [enemies[i] if not defend_used_now else replace(enemies[i], defend_used=True)
                  for i in range(n) if i not in idx] if not defend_used_now else []
        res = resolve_attack(targets, [attacks[j] for j in used], phase, site, others)
        if defend_total:
            defend_used_now = True
        groups.append(PlanGroup(idx, tuple(used), res.total, res.armor, res.fame, res.explanation))
        trace.append(T("Attack %(enemies)s with attacks %(attacks)s: %(total)d vs armor %(armor)d, Fame +%(fame)d",
                       enemies=name_list([enemy_name(enemies[i]) for i in idx]),
                       attacks=", ".join(str(j + 1) for j in used), total=res.total, armor=res.armor, fame=res.fame))
    unused = tuple(sorted(j for p in pools for j in p))
    points = -neg_points
    if proven:
        trace.append(T("Plan (exact): Fame %(fame)d using %(points)d attack points; the most Fame, then the fewest "
                       "points", fame=total_fame, points=points))
    else:
        trace.append(T("Plan (best found in the time, not proven best): Fame %(fame)d using %(points)d attack "
                       "points; no plan can defeat more than %(bound)d Fame", fame=total_fame, points=points,
                       bound=bound))
    return Plan(tuple(groups), total_fame, points, unused, tuple(trace), proven, bound)
