"""What the combat page shows: the phase's rows, running totals of a half-filled form (nothing recorded), the
suggestion, the outcome so far. Page queries over the folded state; no Flask (the web adapter adds the
translation helpers)."""

from __future__ import annotations

from collections import Counter
from typing import Any, Mapping

from ...rules.combat.block import resolve_block
from ...rules.combat.damage import UnblockedAttack, prepare_attack
from ...rules.combat.enemies import CombatError, current_armor, effective_enemy, fortification
from ...rules.combat.plan import plan_attacks
from ...rules.data import get_rules
from ...rules.mage_lite.combat import SUMMON_GUIDE
from ...rules.progression import standing
from ...rules.text import N_
from ...solvers import solve
from ...state import player
from ..flow.fight_hooks import fight_hooks
from ..flow.scenario_info import active
from ..flow.scenario_rules import towers_like_keeps
from ..flow.trackers import REWARD_TEXT
from ..spine.command import Invalid
from ..spine.fields import between
from .damage import damage_result, suggestion
from .forms import parse_assignment, parse_attacks, parse_blocks, parse_targets
from .kept import kept_enemies
from .mage_lite import damage_mage_lite, site_notes, wound_trace
from .outcome import outcome_of
from .phases import SKIP_NOTES, attack_result, block_result, next_phase_of
from .site_reward import SITE_FIGHTS
from .state import (ABILITIES, ABILITY_NAMES, ATTACK_KIND_NAMES, ATTACK_KINDS, ATTACK_ROWS, BLOCK_ROWS, CITY_NAMES,
                    ELEMENT_NAMES, ELEMENTS, EXPANSION_NAMES, FIGHT_NAMES, FIGHTS, PHASE_NAMES, PHASES, PILE_NAMES,
                    RESISTANCE_NAMES, RESISTANCES, SHIELD_NAMES, acting, alive, assigned_entries, engine_enemy,
                    enemy_by_key, mine, move_points_of, player_units, refuse, remaining_attacks, root, site_of,
                    summons_missing, unblocked_attacks, unit_key, unit_name_de, units_after, usable_units)
from .variant import mage_lite_rules


def unit_label(u: Mapping[str, Any], lang: str = "en") -> str:
    """A unit's name in the reader's language."""
    if lang == "de" and unit_name_de(u):
        return unit_name_de(u)
    return u["name"]


def enemy_label(e: Mapping[str, Any], lang: str = "en") -> str:
    if lang == "de" and e.get("name_de"):
        return e["name_de"]
    return e["name"]


def token_groups() -> list[tuple[str, list]]:
    """Tokens grouped by pile colour, in the order of the piles."""
    groups: dict[str, list] = {c: [] for c in PILE_NAMES}
    for tok in get_rules().enemies.values():
        groups.setdefault(tok.color, []).append(tok)
    return [(c, groups[c]) for c in groups if groups[c]]


# The pile(s) a site's defenders come from (quick reference sheet, site descriptions); orc marauders (green) and
# draconum (red) are the rampaging enemies of the map: at a site they only join the fight as rampaging enemies.
SITE_PILES = {"keep": ("gray",), "other_keep": ("gray",), "mage_tower": ("violet",), "other_mage_tower": ("violet",),
              "monastery": ("violet",), "dungeon": ("brown",), "adventure": ("brown",), "rampaging": ("green", "red")}
RAMPAGING_PILES = ("green", "red")
# Rulebook, Combat with Enemies 2b/2c: rampaging enemies join an assault on a fortified site (not fortified, not
# needed to conquer it), and a fight without a site is against rampaging enemies
RAMPAGING_JOIN = ("keep", "mage_tower", "city", "other_keep", "other_mage_tower", "rampaging")


def quick_piles(cur: dict, garrison=()) -> list[dict]:
    """Every pile, each token one tap to add (the one way to add a token): this fight's own piles first and open
    (a city's garrison piles, a site's defenders, a fight against rampaging enemies: the orc marauders and the
    draconum), the others closed; green and red marked rampaging where they can only be rampaging (at a keep, mage
    tower or city, or in a fight against rampaging enemies; not the monsters a Druid Nights incantation summons)."""
    own = tuple(dict.fromkeys(garrison or ())) if cur["fight"] == "city" else SITE_PILES.get(cur["fight"], ())
    forced = cur["fight"] in RAMPAGING_JOIN and not cur.get("incantation")
    groups = dict(token_groups())
    piles = list(own) + [c for c in RAMPAGING_PILES if c not in own] + [c for c in groups if c not in own
                                                                         and c not in RAMPAGING_PILES]
    return [{"color": c, "tokens": groups.get(c, []), "open": c in own,
             "rampaging": forced and c in RAMPAGING_PILES}
            for c in piles if groups.get(c)]


def rampaging_tick(cur: dict) -> dict | None:
    """The one "Rampaging" tick above the piles, for the tokens of the piles not marked rampaging: where rampaging
    enemies may join (an assault on a fortified site, a fight without a site); ticked in a fight against rampaging
    enemies (Scenario Book, Variants, Rampaging Evil / More Rampage!: a brown token beside the green or red one is
    part of the rampaging enemy), not for the monsters an incantation summons. None where none can join."""
    if cur["fight"] not in RAMPAGING_JOIN:
        return None
    return {"checked": cur["fight"] == "rampaging" and not cur.get("incantation")}


def preview(state: dict, cur: dict, args: Mapping[str, Any]) -> dict:
    """What a form asks to check (running totals), computed without recording anything. A mistake in the
    half-typed input is returned as ``error`` (an ``Invalid``) to show beside the form, not as an error page."""
    try:
        return _preview(state, cur, args)
    except Invalid as err:
        return {"check": args.get("check"), "error": err}


def _preview(state: dict, cur: dict, args: Mapping[str, Any]) -> dict:
    check = args.get("check")
    out: dict[str, Any] = {"check": check}
    if check == "attack" and cur["phase"] in ("ranged_siege", "attack"):
        targets = parse_targets(args, cur)
        attacks = parse_attacks(args)
        out["attack"] = {"targets": targets, "attacks": attacks,
                         "result": attack_result(cur, targets, attacks, cur["phase"])}
    elif check == "plan" and cur["phase"] in ("ranged_siege", "attack"):
        attacks = parse_attacks(args)
        if not attacks:
            raise Invalid(N_("Give the attacks you can make."))
        enemies = alive(cur)
        try:
            plan = solve(plan_attacks, [engine_enemy(e, False) for e in enemies], attacks, cur["phase"],
                         site_of(cur), best_found=True)
        except CombatError as err:
            refuse(err)
        groups = [{"targets": [enemies[i] for i in g.targets], "attacks": [attacks[j] for j in g.attacks], "g": g}
                  for g in plan.groups]
        out["plan"] = {"plan": plan, "groups": groups, "attacks": attacks}
    elif check == "block" and cur["phase"] == "block":
        key = between(args, "key", 0, 10 ** 6)
        e = enemy_by_key(cur, key)
        if e is None or e not in alive(cur):
            raise Invalid(N_("That enemy is no longer in the combat."))
        index = between(args, "attack_index", 0, 9, default=0)
        mp = between(args, "move_points", 0, 99, default=0)
        out["block"] = {"key": key, "attack_index": index, "move_points": mp,
                        "blocks": parse_blocks(args), "result": None}
        out["block"]["result"] = block_result(cur, e, index, out["block"]["blocks"], mp)
    elif check == "assign" and cur["phase"] == "damage":
        key, index, assign = parse_assignment(args, cur, state)
        res = damage_result(state, cur, assigned_entries(cur) + [(key, index, assign)])
        out["assign"] = {"key": key, "attack_index": index, "assign": assign, "result": res}
        if mage_lite_rules(state):  # seed 004 "Taking Wounds": the hero's wounds in the hand and the deed deck
            out["assign"]["mage_lite"] = damage_mage_lite(state, cur, assigned_entries(cur) + [(key, index, assign)],
                                                          args)
    return out


def fights_here(state: dict) -> dict:
    """The kinds of fight this game offers: another player's mage tower only in Conquer and Hold, a mine only in
    Mines Liberation, another player's keep not in Mage Lite (solo)."""
    return {k: v for k, v in FIGHTS.items() if (k != "other_mage_tower" or towers_like_keeps(state))
            and (k != "mine" or active(state, "mine_liberation"))
            and (k != "other_keep" or not mage_lite_rules(state))}  # Mage Lite is solo: no other player's keep


def page_context(state: dict, data: Mapping[str, Any], lang: str = "en") -> dict:
    """Everything the combat page shows (template context names are a contract with the templates)."""
    r = root(state)
    cur = r.get("current")
    rules = get_rules()
    ctx: dict[str, Any] = {
        "r": r, "cur": cur, "rules": rules, "fights": fights_here(state), "fight_names": FIGHT_NAMES,
        "phase_names": PHASE_NAMES, "phases": PHASES, "element_names": ELEMENT_NAMES, "elements": ELEMENTS,
        "attack_kind_names": ATTACK_KIND_NAMES, "attack_kinds": ATTACK_KINDS, "ability_names": ABILITY_NAMES,
        "abilities": ABILITIES, "resistance_names": RESISTANCE_NAMES, "resistances": RESISTANCES,
        "city_names": CITY_NAMES, "pile_names": PILE_NAMES, "shield_names": SHIELD_NAMES,
        "expansion_names": EXPANSION_NAMES, "reward_text": REWARD_TEXT, "n_attack_rows": ATTACK_ROWS,
        "block_rows": BLOCK_ROWS, "label": lambda e: enemy_label(e, lang), "args": data, "only_target": None,
        "adventure_sites": SITE_FIGHTS,
    }
    ctx["mage_lite"] = mage_lite_rules(state)  # seed 004's rules on top (variant.py: the one seam)
    ctx["kept"] = sorted(kept_enemies(state).items(), key=lambda kv: (len(kv[0]), kv[0]))
    ctx["summon_guide"] = SUMMON_GUIDE
    ctx["wound_trace"] = wound_trace  # Mage Lite: the Assign Damage step's "Why" in its own words
    hooks = fight_hooks(state)
    # Mage Lite: its cities not yet conquered with their Mini Blitz levels, the hero card's Armor and Hand limit
    ctx["own_game"] = hooks.page(state) if hooks else None
    if cur is None:
        ctx["standings"] = [standing(rules.levels, p["fame"]) for p in state["players"]]
        # a maze or labyrinth: the one unwounded Unit that may go along (setup.py: maze_unit)
        ctx["maze_units"] = [(i, u) for i in range(len(state["players"])) for u in player_units(state, i)
                             if not u.get("wounded")]
        return ctx
    pl = player(state, cur["player"])
    ctx.update({"pl": pl, "site": site_of(cur), "alive": alive(cur), "mine": mine(cur),
                "check": preview(state, cur, data)})
    ctx["engine"] = {e["key"]: engine_enemy(e) for e in cur["enemies"]}
    ctx["armor_now"] = {}
    ctx["fortification"] = {}
    for e in cur["enemies"]:
        eff, _tr = effective_enemy(engine_enemy(e, False), site_of(cur))
        ctx["armor_now"][e["key"]] = current_armor(eff, "attack" if cur["phase"] == "attack" else "ranged_siege")
        ctx["fortification"][e["key"]] = fortification(eff, site_of(cur))
    if cur["phase"] == "setup":
        if cur["fight"] == "city" and cur["site"].get("city") in rules.cities and cur.get("level"):
            ctx["garrison"] = rules.cities[cur["site"]["city"]].garrison.get(int(cur["level"]), ())
            second = cur["site"].get("megapolis")
            if second in rules.cities:
                # Scenario Book, Variants, Megapolis: each city at half the level (left rounded up, right down);
                # both garrisons together
                level = int(cur["level"])
                ctx["garrison"] = (tuple(rules.cities[cur["site"]["city"]].garrison.get(-(-level // 2), ()))
                                   + tuple(rules.cities[second].garrison.get(level // 2, ())))
        ctx["quick_piles"] = quick_piles(cur, ctx.get("garrison"))
        # each token's button says how many of it the fight has: a tap's result where it was tapped (the list of
        # enemies is at the top of the page)
        ctx["in_fight"] = Counter(e.get("token") for e in cur["enemies"])
        ctx["rampaging_tick"] = rampaging_tick(cur)
    if cur["phase"] == "block":
        ctx["block_rows_for"] = block_rows(cur)
        ctx["summon_piles"] = summon_pile_options(cur)
        ctx["pile_tokens"] = dict(token_groups())
    if cur["phase"] == "damage":
        ctx.update(damage_context(state, cur, data, lang))
    try:
        ctx["next_phase"] = next_phase_of(cur)  # what "Done" leads to (phases with nothing to do skipped)
    except Invalid:
        ctx["next_phase"] = PHASES[min(PHASES.index(cur["phase"]) + 1, len(PHASES) - 1)]
    ctx["skip_notes"] = [SKIP_NOTES[ph] for ph in cur.get("skipped") or () if ph in SKIP_NOTES]
    ctx["site_notes"] = site_notes(cur) if ctx["mage_lite"] else []
    # no enemy left: the combat jumps to its result (the outcome and its End button) from any phase
    ctx["can_end"] = cur["phase"] == "attack" or (cur["phase"] != "setup" and not alive(cur))
    if ctx["can_end"]:
        ctx["outcome_preview"] = outcome_of(state, cur)
        ctx["unit_names"] = {unit_key(u): unit_label(u, lang) for u in player_units(state, cur["player"])}
    if cur["phase"] in ("ranged_siege", "attack"):
        # only the enemies an attack can target in this phase are offered: in the Ranged and Siege phase not the
        # doubly fortified ones (Rulebook Ranged and Siege phase 3)
        ctx["targetable"] = [e for e in alive(cur)
                             if cur["phase"] == "attack" or ctx["fortification"][e["key"]] < 2]
        # fewer taps: one enemy left is the target; in the Ranged and Siege phase so is the only enemy a Ranged
        # attack (the first kind offered) can reach, unfortified (Rulebook Ranged and Siege phase 3)
        reach = ctx["targetable"]
        if cur["phase"] == "ranged_siege" and len(reach) > 1:
            reach = [e for e in reach if ctx["fortification"][e["key"]] == 0]
        if len(reach) == 1:
            ctx["only_target"] = reach[0]["key"]
    ctx["units"] = usable_units(state, cur)
    return ctx


def block_rows(cur: dict) -> list[dict]:
    """Every attack of every enemy still in the combat, as the Block phase shows it."""
    rows = []
    for e in alive(cur):
        if summons_missing(e):
            rows.append({"e": e, "needs_summon": True})
            continue
        attacks = acting(e)
        for i, (a, atk) in enumerate(attacks):
            try:
                prepared = resolve_block(engine_enemy(e), [], i, move_points_of(e, i), site_of(cur))
            except CombatError:
                prepared = None
            rows.append({"e": e, "acting": a, "index": i, "attack": atk, "blocked": i in e.get("blocked", []),
                         "required": prepared.required if prepared else atk["value"],
                         "value": prepared.attack if prepared else atk["value"],
                         "count": len(attacks), "cumbersome": "cumbersome" in (a.get("abilities") or ())})
    return rows



def summon_pile_options(cur: dict) -> list[str]:
    return sorted({tok.expansion for tok in get_rules().enemies.values() if tok.color == "brown"},
                  key=lambda x: list(EXPANSION_NAMES).index(x) if x in EXPANSION_NAMES else 99)



def damage_context(state: dict, cur: dict, data: Mapping[str, Any], lang: str = "en") -> dict:
    prefer = data.get("prefer", "units")
    if prefer not in ("units", "hero"):
        prefer = "units"
    remaining = remaining_attacks(cur)
    prepared = {}
    for k, i in unblocked_attacks(cur):
        e = enemy_by_key(cur, k)
        try:
            prepared[f"{k}:{i}"] = prepare_attack(
                UnblockedAttack(engine_enemy(e), i, (), move_points_of(e, i)), site_of(cur))
        except CombatError as err:
            refuse(err)
    sug = suggestion(state, cur, prefer) if remaining else None
    units, _hand = units_after(state, cur)
    names = {unit_key(u): unit_label(u, lang) for u in player_units(state, cur["player"])}
    # Mage Lite: the suggestion's wounds said as Mage Lite takes them (Poison's extra ones into the deck)
    ml = (damage_mage_lite(state, cur, assigned_entries(cur) + list(sug[0]), {}) if sug and mage_lite_rules(state)
          else None)
    return {"prefer": prefer, "remaining": remaining, "prepared": prepared, "suggestion": sug,
            "assignable": [u for u in units if not u.wounded], "unit_names": names,
            "damage": cur.get("damage"), "suggestion_mage_lite": ml}
