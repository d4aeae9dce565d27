"""Combat phases: moving on, attacks (Ranged and Siege phase, Attack phase), summoned tokens and blocks.

Events: ``combat.phase``, ``combat.attack``, ``combat.summon``, ``combat.block`` (scope ``("combat",)``).
Rulebook "Combat with Enemies": Ranged and Siege Attack phase, Block phase (2: summoners draw first), Attack
phase; quick reference sheet (Defend, Cumbersome, Swift, Elusive). The engine's result is computed when the
command is given and stored in the event, so a replay gives exactly what the table saw.
"""

from __future__ import annotations

import copy
from typing import Any, Mapping

from ...rules.combat.attack import resolve_attack
from ...rules.combat.block import draw_summoned, resolve_block
from ...rules.combat.enemies import Block, CombatError, PlayerAttack, effective_enemy, fortification
from ...rules.combat.odds import pile_contents
from ...rules.text import N_
from ...state import reducer, rng
from ..flow.scenario_play import check_defenders
from ..spine.command import Command, Invalid, command, term
from ..spine.fields import between, many, text, yes
from ..spine.sentences import sentence
from .forms import (live_enemy, need_current, not_blocked, parse_attacks, parse_blocks, parse_targets, token_enemy,
                    typed_enemy)
from .interactive import on_phase
from .kept import kept_enemy, new_kept_id, store_kept
from .state import (EXPANSION_NAMES, PHASE_NAMES, PHASES, PILE_NAMES, SCOPE, RulesRefusal, acting, alive,
                    current, engine_enemy, enemy_arg, enemy_by_key, get_rules, is_summoner, lines_json,
                    move_points_of, names_arg, refuse, remaining_attacks, site_of, summons_missing, unblocked_attacks)
from .variant import mage_lite_rules

# ---------------------------------------------------------------------------------------------- reducers


@reducer("combat.phase")
def _phase(state, p, ev):
    cur = current(state)
    if cur is not None:
        cur["phase"] = p["to"]
        cur["skipped"] = list(p.get("skipped") or ())  # the phases jumped over just now, each with its note
        on_phase(cur, p["to"])  # Interactive Combat variant: the secret colour's Armor bonus of this phase


@reducer("combat.attack")
def _attack(state, p, ev):
    cur = current(state)
    if cur is None:
        return
    res = p["result"]
    targets = [enemy_by_key(cur, k) for k in p["targets"]]
    if res.get("defend_bonus"):
        # Quick reference, Defend: the first enemy attacked keeps the bonus for the rest of the combat; every
        # Defend is used once per combat.
        targets[0]["armor_bonus"] = int(targets[0].get("armor_bonus") or 0) + int(res["defend_bonus"])
        for e in alive(cur):
            if e.get("defend"):
                e["defend_used"] = True
    if res["success"]:
        for e in targets:
            e["defeated"] = True
            e["defeated_in"] = p["phase"]
        cur["fame"] += int(res["fame"])
    cur["actions"].append({"seq": ev.seq, "what": "attack", **copy.deepcopy(p)})


@reducer("combat.summon")
def _summon(state, p, ev):
    cur = current(state)
    if cur is None:
        return
    e = enemy_by_key(cur, int(p["key"]))
    if "token" in p:
        token = copy.deepcopy(p["token"])
    else:
        drawn = draw_summoned(p["pile"], rng(state, ev, "summon"))
        token = copy.deepcopy(p["tokens"][drawn])
        token["drawn"] = True
    e["summoned"] = list(e.get("summoned") or []) + [token]
    if p.get("keep"):
        store_kept(state, p["keep"], p["token"])  # typed once, kept for later fights (kept.py)
    e["blocked"] = []
    e["move_points"] = {}


@reducer("combat.block")
def _block(state, p, ev):
    cur = current(state)
    if cur is None:
        return
    e = enemy_by_key(cur, int(p["key"]))
    if p.get("move_points"):
        e.setdefault("move_points", {})[str(p["attack_index"])] = int(p["move_points"])
    if p["result"]["success"] and p["attack_index"] not in e["blocked"]:
        e["blocked"].append(int(p["attack_index"]))
    cur["actions"].append({"seq": ev.seq, "what": "block", **copy.deepcopy(p)})



# ---------------------------------------------------------------------------------------------- engine calls


def attack_result(cur: dict, targets: list[dict], attacks: list[PlayerAttack], phase: str):
    others = [engine_enemy(e, False) for e in alive(cur) if e not in targets]
    try:
        return resolve_attack([engine_enemy(e, False) for e in targets], attacks, phase, site_of(cur), others)
    except CombatError as err:
        refuse(err)


def spent_move_points(e: dict, attack_index: int, now: int) -> int:
    """The Move points spent on one attack this turn: earlier blocks' and ``now`` (at most 99, as a field)."""
    return min(99, move_points_of(e, attack_index) + now)


def block_result(cur: dict, e: dict, attack_index: int, blocks: list[Block], move_points: int):
    """A block of one attack; ``move_points``: those spent with it. The Move points spent on that attack by an
    earlier block this turn still lower it (quick reference, Cumbersome: "for each Move point spent, the attack is
    reduced by 1 for the rest of the turn"), as the block row shows it."""
    try:
        return resolve_block(engine_enemy(e), blocks, attack_index, spent_move_points(e, attack_index, move_points),
                             site_of(cur))
    except CombatError as err:
        refuse(err)



def in_combat_counts(cur: dict) -> dict[str, int]:
    counts: dict[str, int] = {}
    for e in cur["enemies"]:
        for d in [e] + list(e.get("summoned") or ()):
            if d.get("token"):
                counts[d["token"]] = counts.get(d["token"], 0) + 1
    return counts


def summon_pile(cur: dict, pile_colour: str, expansions) -> list[str]:
    """The pile's remaining tokens: every copy of the pile's tokens (of the chosen expansions) except those in
    this combat. (Tokens elsewhere on the map are not known to the app; the table can name the token instead.)"""
    contents = pile_contents(get_rules().enemies.values(), pile_colour, expansions)
    used = in_combat_counts(cur)
    out = []
    for token_id, n in contents.items():
        out.extend([token_id] * max(0, n - used.get(token_id, 0)))
    return out


# A phase with nothing to do is skipped, with one line saying why (shown on the combat page after the jump).
SKIP_NOTES = {
    "ranged_siege": N_("Ranged and Siege Attack phase skipped: every enemy is doubly fortified, none can be "
                       "targeted in it."),
    "block": N_("Block phase skipped: no enemy is left to attack you."),
    "damage": N_("Assign Damage phase skipped: every attack was blocked, there is no damage to assign."),
}


def nothing_to_do(cur: dict, phase: str) -> bool:
    """Rulebook "Combat with Enemies": a phase nobody can act in. Ranged and Siege: every enemy left is doubly
    fortified (Ranged and Siege phase 3: cannot be targeted); Block: no enemy left; Assign Damage: no unblocked
    attack left (every attack blocked, or every attacker defeated)."""
    if phase == "ranged_siege":
        left = alive(cur)
        return bool(left) and all(fortification_of(cur, e) >= 2 for e in left)
    if phase == "block":
        return not alive(cur)
    if phase == "damage":
        return not unblocked_attacks(cur)
    return False


def fortification_of(cur: dict, e: dict) -> int:
    eff, _trace = effective_enemy(engine_enemy(e, False), site_of(cur))
    return fortification(eff, site_of(cur))


def next_step(cur: dict) -> tuple[str, list[str]]:
    """The phase after this one and the phases skipped on the way (nothing to do in them), or ``Invalid`` saying
    what is still to do (Rulebook "Combat with Enemies": the phases in order)."""
    phase = cur["phase"]
    if phase == "attack":
        raise Invalid(N_("The Attack phase is the last one: end the combat."))
    if phase == "setup" and not cur["enemies"]:
        raise Invalid(N_("Add at least one enemy first."))
    if phase == "block":
        missing = [e for e in alive(cur) if summons_missing(e)]
        if missing:
            raise Invalid(N_("Draw the summoned token for %(enemy)s first (Rulebook Block phase 2)."),
                          enemy=enemy_arg(missing[0]))
    if phase == "damage" and remaining_attacks(cur):
        raise Invalid(N_("Assign the damage of every unblocked attack first."))
    to = PHASES[PHASES.index(phase) + 1]
    skipped = []
    while to != "attack" and nothing_to_do(cur, to):
        skipped.append(to)
        to = PHASES[PHASES.index(to) + 1]
    return to, skipped


def next_phase_of(cur: dict) -> str:
    """The phase after this one (phases with nothing to do skipped), or ``Invalid``."""
    return next_step(cur)[0]


# ---------------------------------------------------------------------------------------------- commands


@command("combat_phase")
def next_phase(state: dict, data: Mapping[str, Any]) -> Command:
    cur = need_current(state)
    if cur["phase"] == "setup":
        check_defenders(state, cur)  # Conquer and Hold's defenders, Druid Nights' summoned monsters
    to, skipped = next_step(cur)
    payload = {"to": to, **({"skipped": skipped} if skipped else {})}
    return Command("combat.phase", payload,
                   sentence(N_("Combat: %(phase)s."), translate=("phase",), phase=PHASE_NAMES[to]), (SCOPE,))


@command("combat_attack")
def attack(state: dict, data: Mapping[str, Any]) -> Command:
    """One attack on a group of targets (Rulebook Ranged and Siege phase 4, Attack phase 2): the attacks' total
    against the targets' summed Armor; refused when the phase forbids it."""
    cur = need_current(state, ("ranged_siege", "attack"))
    targets = parse_targets(data, cur)
    attacks = parse_attacks(data)
    if not attacks:
        raise Invalid(N_("Give at least one attack."))
    res = attack_result(cur, targets, attacks, cur["phase"])
    if not res.allowed:
        raise RulesRefusal(res.reason)
    payload = {
        "phase": cur["phase"], "targets": [e["key"] for e in targets],
        "attacks": [{"value": a.value, "element": a.element, "kind": a.kind} for a in attacks],
        "result": {"success": res.success, "total": res.total, "armor": res.armor, "fame": res.fame,
                   "defend_bonus": res.defend_bonus, "explanation": lines_json(res.explanation)},
    }
    names = names_arg(targets)
    if res.success:
        s = sentence(N_("Attack %(total)d against Armor %(armor)d: %(enemies)s defeated, Fame +%(fame)d."),
                     total=res.total, armor=res.armor, enemies=names, fame=res.fame)
    else:
        s = sentence(N_("Attack %(total)d against Armor %(armor)d on %(enemies)s: no effect."),
                     total=res.total, armor=res.armor, enemies=names)
    return Command("combat.attack", payload, s, (SCOPE,))


def summoner_to_draw(state: dict, key: Any) -> dict:
    """Rulebook Block phase 2: a summoner still in the combat that has not summoned yet (the command's and its
    event's check)."""
    cur = need_current(state, ("block",))
    e = enemy_by_key(cur, key)
    if e is None or e not in alive(cur) or not is_summoner(e):
        raise Invalid(N_("That enemy does not summon."))
    if not summons_missing(e):
        raise Invalid(N_("%(enemy)s has already summoned: undo that first to change it."), enemy=enemy_arg(e))
    return e


@command("combat_summon")
def summon(state: dict, data: Mapping[str, Any]) -> Command:
    """Rulebook Block phase 2: a summoner draws a brown token (named by the table, or drawn here at random from
    the pile's remaining tokens of the chosen expansions) that replaces it in Block and Assign Damage."""
    key = between(data, "key", 0, 10 ** 6)
    e = summoner_to_draw(state, key)
    cur = current(state)
    pile_colour = e.get("summon") or "brown"
    token = text(data, "token", default="")
    if text(data, "kept", default="") or text(data, "name", default=""):
        return summon_typed(state, data, key, e, pile_colour)
    if mage_lite_rules(state) and not token:
        # seed 004, Block phase 2: Mage Lite has no token piles; the Guiding symbol chooses the Brown enemy
        raise Invalid(N_("Mage Lite: the summoned Brown enemy is chosen by the Guiding symbol: tap it or type it "
                         "in."))
    if token:
        tok = token_enemy(state, token)
        if tok["color"] != pile_colour:
            raise Invalid(N_("A summoned token comes from the %(pile)s pile."),
                          pile=term(PILE_NAMES.get(pile_colour, pile_colour)))
        s = sentence(N_("%(enemy)s summons %(token)s."), enemy=enemy_arg(e), token=enemy_arg(tok))
        return Command("combat.summon", {"key": key, "token": tok}, s, (SCOPE,))
    expansions = many(data, "expansion") or ["base"]
    for x in expansions:
        if x not in EXPANSION_NAMES:
            raise Invalid(N_("Unknown expansion: %(x)s."), x=str(x)[:20])
    pile = summon_pile(cur, pile_colour, expansions)
    if not pile:
        raise Invalid(N_("The %(pile)s pile has no token left to draw."),
                      pile=term(PILE_NAMES.get(pile_colour, pile_colour)))
    tokens = {tid: token_enemy(state, tid) for tid in sorted(set(pile))}
    s = sentence(N_("%(enemy)s summons: a random token is drawn from the %(pile)s pile."), translate=("pile",),
                 enemy=enemy_arg(e), pile=PILE_NAMES.get(pile_colour, pile_colour))
    return Command("combat.summon", {"key": key, "pile": pile, "tokens": tokens}, s, (SCOPE,))


def summon_typed(state: dict, data: Mapping[str, Any], key: int, e: dict, pile_colour: str) -> Command:
    """The summoned enemy named by the table: one this game keeps (``kept``) or typed in (``keep`` "yes": kept for
    later fights, in the same event). Seed 004, Block phase 2: in Mage Lite the Guiding symbol chooses it."""
    kept = text(data, "kept", default="")
    tok = kept_enemy(state, kept) if kept else typed_enemy(data)
    if tok.get("color") not in (None, pile_colour):
        raise Invalid(N_("A summoned token comes from the %(pile)s pile."),
                      pile=term(PILE_NAMES.get(pile_colour, pile_colour)))
    tok["color"] = pile_colour
    payload: dict[str, Any] = {"key": key, "token": tok}
    if not kept and yes(data, "keep"):
        payload["keep"] = tok["kept"] = new_kept_id(state, tok["name"])
    s = sentence(N_("%(enemy)s summons %(token)s."), enemy=enemy_arg(e), token=enemy_arg(tok))
    return Command("combat.summon", payload, s, (SCOPE,) + ((f"kept:{payload['keep']}",) if "keep" in payload else ()))


@command("combat_block")
def block(state: dict, data: Mapping[str, Any]) -> Command:
    """Rulebook Block phase: one block of one attack of one enemy; it fully succeeds or does nothing
    (Cumbersome: move points lower the attack first)."""
    cur = need_current(state, ("block",))
    key = between(data, "key", 0, 10 ** 6)
    e = live_enemy(cur, key)
    if summons_missing(e):
        raise Invalid(N_("Draw the summoned token for %(enemy)s first (Rulebook Block phase 2)."),
                      enemy=enemy_arg(e))
    index = between(data, "attack_index", 0, 9, default=0)
    not_blocked(e, index)
    blocks = parse_blocks(data)
    mp = between(data, "move_points", 0, 99, default=0)
    if not blocks and not mp:
        raise Invalid(N_("Give at least one block."))
    res = block_result(cur, e, index, blocks, mp)
    # the event keeps every Move point spent on the attack so far (the fold sets it, as for a first block)
    payload = {"key": key, "attack_index": index, "move_points": spent_move_points(e, index, mp),
               "blocks": [{"value": b.value, "element": b.element} for b in blocks],
               "result": {"success": res.success, "attack": res.attack, "required": res.required, "total": res.total,
                          "explanation": lines_json(res.explanation)}}
    attacks = acting(e)
    who = enemy_arg(attacks[index][0] if index < len(attacks) else e)
    if res.success:
        s = sentence(N_("Block %(total)d against %(enemy)s (needs %(required)d): blocked."),
                     total=res.total, enemy=who, required=res.required)
    else:
        s = sentence(N_("Block %(total)d against %(enemy)s (needs %(required)d): no effect."),
                     total=res.total, enemy=who, required=res.required)
    return Command("combat.block", payload, s, (SCOPE,))
