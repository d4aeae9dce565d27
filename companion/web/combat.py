"""Combat referee in a game (issue 4): one combat, phase by phase, on a phone; the outcome goes into the game.

Rules: Rulebook "Combat with Enemies" (Ranged and Siege, Block, Assign Damage, Attack phases), "Combat Outcomes",
"City Assaults"; quick reference sheet (sites, enemy abilities). The rules themselves are the pure engine's
(``companion.rules.combat``, ``damage``, ``combat_plan``): this module parses forms, asks the engine, records one
event per user action and shows the engine's explanation trace.

Events (all undoable, scope ``("combat",)``; the end also touches the fighting player):

``combat.setup``        a new combat: who fights, what kind of fight, the site (fortified, city colour and level,
                        across a wall), the hero's Armor and unmodified Hand limit
``combat.enemy_add``    one enemy (a token from the rules data with the game's overrides, or typed in), rampaging or not
``combat.enemy_remove`` take an enemy back out (set-up only)
``combat.coop_deal``    cooperative city assault: the garrison dealt at random (engine ``coop_split``) by the agreed
                        numbers; participants then fight their shares one after another (each ``combat.end``
                        applies to that participant and starts the next one's combat)
``combat.phase``        go to the next phase
``combat.attack``       one attack (Ranged and Siege or Attack phase) on a group of targets, with the engine's result
``combat.summon``       a summoner's brown token: said by the table, or drawn here from the pile's remaining tokens
``combat.block``        one block of one attack of one enemy
``combat.damage``       damage assigned: the engine's suggestion for all unblocked attacks, or one attack by hand
``combat.end``          the outcome: Fame, Reputation, Wounds, units, shields, conquest, applied to the player
``combat.cancel``       forget the combat without any effect

State: ``state["combat"] = {"current": <combat> | None, "last": <outcome> | None, "cities": {colour: {...}}}``.
``cities`` keeps each city's level, its Shields in the order they were put on the City card (player indexes,
Rulebook Combat Outcomes 2a/3a) and whether it is conquered, across combats.

Adapters over the engine (no engine change needed): ``engine_enemy`` turns a state enemy (token values with the
game's override, plus this combat's Defend/Vampiric/blocks/summoned tokens) into ``rules.combat.Enemy``;
``units_after`` feeds the suggestion the units still able to take damage after attacks assigned by hand.

Results are computed by the engine when the command is given and stored in the event, so a replay (undo, redo,
restart) gives exactly what the table saw; reducers only apply them.
"""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any, Mapping

from flask import Blueprint, abort, redirect, request, url_for
from flask_babel import gettext
from werkzeug.exceptions import HTTPException

from ..events import name_arg, sentence
from ..i18n import N_
from ..rules.combat import (
    Block,
    CombatError,
    Enemy,
    EnemyAttack,
    PlayerAttack,
    Site,
    combat_outcome,
    current_armor,
    draw_summoned,
    effective_enemy,
    fortification,
    resolve_attack,
    resolve_block,
)
from ..rules.combat_plan import plan_attacks
from ..rules.pvp import coop_split
from ..rules.damage import Hero, UnblockedAttack, Unit, assign_damage, prepare_attack, suggest_assignment
from ..rules.data import RulesDataError, apply_override, get_rules
from ..rules.odds import pile_contents
from ..rules.progression import change_fame, move_reputation, standing
from ..rules.text import T, translate_line
from ..trackers import REWARD_TEXT
from ..state import player, reducer, rng
from .common import done, load_game, page, record_command

bp = Blueprint("combat", __name__)

SCOPE = "combat"

# ---------------------------------------------------------------------------------------------- vocabulary

# What kind of fight: (engine kind, site fortified, units may be used, night rules, shield kind on conquest).
# Quick reference sheet: keeps, mage towers and cities are fortified; dungeons and tombs: Night rules, no Units;
# burning a monastery: no Units, Reputation -3; another player's keep: half Fame.
FIGHTS: dict[str, tuple[str, bool, bool, bool, str | None]] = {
    "rampaging": ("none", False, True, False, None),
    "keep": ("assault", True, True, False, "keep"),
    "mage_tower": ("assault", True, True, False, "mage_tower"),
    "city": ("city", True, True, False, "city"),
    "adventure": ("adventure", False, True, False, "adventure"),
    "dungeon": ("adventure", False, False, True, "adventure"),
    "monastery": ("burn_monastery", False, False, False, "monastery"),
    "other_keep": ("other_players_keep", True, True, False, "keep"),
}
FIGHT_NAMES = {
    "rampaging": N_("Rampaging enemies (no site)"),
    "keep": N_("Assault on a keep (fortified)"),
    "mage_tower": N_("Assault on a mage tower (fortified)"),
    "city": N_("City assault (fortified)"),
    "adventure": N_("Adventure site (ruins, monster den, spawning grounds …)"),
    "dungeon": N_("Dungeon or tomb (Night rules, no units)"),
    "monastery": N_("Burning a monastery (no units)"),
    "other_keep": N_("Another player's keep (half Fame)"),
}
PHASES = ("setup", "ranged_siege", "block", "damage", "attack")
PHASE_NAMES = {
    "setup": N_("Enemies and site"),
    "ranged_siege": N_("Ranged and Siege Attack phase"),
    "block": N_("Block phase"),
    "damage": N_("Assign Damage phase"),
    "attack": N_("Attack phase"),
}
ELEMENTS = ("physical", "fire", "ice", "cold_fire")
ELEMENT_NAMES = {"physical": N_("physical"), "fire": N_("Fire"), "ice": N_("Ice"), "cold_fire": N_("Cold Fire")}
RESISTANCES = ("physical", "fire", "ice")
RESISTANCE_NAMES = {"physical": N_("Physical Resistance"), "fire": N_("Fire Resistance"),
                    "ice": N_("Ice Resistance")}
ATTACK_KINDS = ("melee", "ranged", "siege", "sideways")
ATTACK_KIND_NAMES = {"melee": N_("Attack"), "ranged": N_("Ranged Attack"), "siege": N_("Siege Attack"),
                     "sideways": N_("card played sideways (Attack 1)")}
ABILITIES = ("fortified", "unfortified", "elusive", "arcane_immunity", "swift", "brutal", "poison", "paralyze",
             "assassination", "cumbersome", "vampiric", "summon", "defend")
ABILITY_NAMES = {
    "fortified": N_("Fortified"), "unfortified": N_("Unfortified"), "elusive": N_("Elusive"),
    "arcane_immunity": N_("Arcane Immunity"), "swift": N_("Swift"), "brutal": N_("Brutal"),
    "poison": N_("Poison"), "paralyze": N_("Paralyze"), "assassination": N_("Assassination"),
    "cumbersome": N_("Cumbersome"), "vampiric": N_("Vampiric"), "summon": N_("Summon"), "defend": N_("Defend"),
}
CITY_NAMES = {"white": N_("White city"), "blue": N_("Blue city"), "red": N_("Red city"), "green": N_("Green city")}
PILE_NAMES = {"green": N_("green (orc marauders)"), "gray": N_("gray (keeps)"), "violet": N_("violet (mage towers)"),
              "brown": N_("brown (dungeons)"), "red": N_("red (draconum)"), "white": N_("white (cities)")}
SHIELD_NAMES = {"keep": N_("keep"), "mage_tower": N_("mage tower"), "monastery": N_("monastery"),
                "adventure": N_("adventure site"), "city": N_("city")}
EXPANSION_NAMES = {"base": N_("base game"), "lost_legion": N_("The Lost Legion"), "krang": N_("Krang"),
                   "tezla": N_("Shades of Tezla")}
ATTACK_ROWS = 6  # attack rows on a form (empty rows are ignored)
BLOCK_ROWS = 3
MAX_ENEMIES = 12


def t(msgid: str) -> str:
    """Translate a vocabulary entry (the dictionaries above hold msgids)."""
    return gettext(msgid)


def bad(msgid: str, **args: Any):
    """Refuse the request: 400 with the reason on the page (translated)."""
    abort(400, description=gettext(msgid, **args) if args else gettext(msgid))


def rules_refuse(err: Exception):
    abort(400, description=gettext("The rules do not allow this: %(reason)s", reason=str(err)))


def line_here(line) -> str:
    """An explanation line in this request's language (the engine's reason for a refusal)."""
    from flask_babel import get_locale

    loc = get_locale()
    return translate_line(line, gettext, loc.language if loc is not None else "en")


def lines_json(lines) -> list:
    """Explanation lines as stored in an event payload (JSON): a translatable line keeps its msgid and
    arguments (``T.to_json``), so the page shows it in the reader's language (``|tr``)."""
    return [line.to_json() if isinstance(line, T) else line for line in lines]


def names_arg(enemies) -> dict:
    """Enemy names joined for a log sentence, in both languages."""
    return name_arg(", ".join(e["name"] for e in enemies), ", ".join(e.get("name_de") or e["name"] for e in enemies))


def enemy_arg(e: Mapping[str, Any]) -> dict:
    return name_arg(e["name"], e.get("name_de"))


# ---------------------------------------------------------------------------------------------- state helpers


def root(state: dict) -> dict:
    c = state.get("combat")
    if not isinstance(c, dict) or "cities" not in c:
        c = {"current": None, "last": None, "cities": {}}
        state["combat"] = c
    return c


def current(state: dict) -> dict | None:
    return root(state).get("current")


def enemy_by_key(cur: dict, key: int) -> dict | None:
    for e in cur["enemies"]:
        if e["key"] == key:
            return e
    return None


def site_of(cur: dict) -> Site:
    s = cur["site"]
    return Site(fortified=bool(s.get("fortified")), city=s.get("city"), across_wall=bool(s.get("across_wall")))


def _engine_enemy(d: Mapping[str, Any]) -> Enemy:
    """A state enemy dict -> the engine's ``Enemy`` (without combat progress)."""
    abilities = tuple(d.get("abilities") or ())
    return Enemy(
        name=d["name"],
        name_de=d.get("name_de") or None,
        armor=int(d["armor"]),
        attacks=tuple(EnemyAttack(int(a["value"]), a.get("element", "physical")) for a in d.get("attacks") or ()),
        abilities=abilities,
        resistances=tuple(d.get("resistances") or ()),
        fame=int(d.get("fame") or 0),
        elusive_armor=d.get("elusive_armor"),
        defend=int(d.get("defend") or 0),
        summon=d.get("summon") or ("brown" if "summon" in abilities else None),
        rampaging=bool(d.get("rampaging")),
        color=d.get("color"),
        id=d.get("token"),
    )


def engine_enemy(e: Mapping[str, Any], with_summoned: bool = True) -> Enemy:
    """The enemy as fought now: printed values plus this combat's progress (Defend, Vampiric, blocks, summon)."""
    base = _engine_enemy(e)
    summoned = None
    tokens = [_engine_enemy({**tok, "rampaging": e.get("rampaging")}) for tok in e.get("summoned") or ()]
    if with_summoned and tokens:
        # Dragon Summoner: several tokens, their attacks numbered one after the other (engine ``acting_attack``)
        summoned = tokens[0] if len(tokens) == 1 else tuple(tokens)
    return replace(
        base,
        defend_used=bool(e.get("defend_used")),
        armor_bonus=int(e.get("armor_bonus") or 0) + int(e.get("vampiric") or 0),
        all_attacks_blocked=all_blocked(e),
        summoned=summoned,
    )


def is_summoner(e: Mapping[str, Any]) -> bool:
    return bool(e.get("summon")) or "summon" in (e.get("abilities") or ())


def summon_count(e: Mapping[str, Any]) -> int:
    return int(e.get("summon_count") or 1)


def summons_missing(e: Mapping[str, Any]) -> int:
    """How many tokens this summoner still has to draw (Rulebook Block phase 2; the Dragon Summoner draws two)."""
    if not is_summoner(e):
        return 0
    return max(0, summon_count(e) - len(e.get("summoned") or ()))


def acting(e: Mapping[str, Any]) -> list[tuple[Mapping[str, Any], Mapping[str, Any]]]:
    """Who blocks and deals damage for this enemy, attack by attack: (token, attack) in the order the attacks are
    numbered - the enemy's own, or for a summoner those of its summoned token(s); empty until all are drawn."""
    if is_summoner(e):
        if summons_missing(e):
            return []
        return [(tok, a) for tok in e.get("summoned") or () for a in tok.get("attacks") or ()]
    return [(e, a) for a in e.get("attacks") or ()]


def all_blocked(e: Mapping[str, Any]) -> bool:
    attacks = acting(e)
    if not attacks:
        return False
    return all(i in e.get("blocked", []) for i in range(len(attacks)))


def mine(cur: dict) -> list[dict]:
    """The enemies this combat's player fights: all of them, or in a cooperative city assault the share dealt to
    them (Rulebook Cooperative City Assault 6: each player faces only the enemies assigned to them)."""
    coop = cur.get("coop")
    if not coop:
        return cur["enemies"]
    return [e for e in cur["enemies"] if e.get("share") == coop["turn"]]


def alive(cur: dict) -> list[dict]:
    return [e for e in mine(cur) if not e.get("defeated")]


def unblocked_attacks(cur: dict) -> list[tuple[int, int]]:
    """(enemy key, attack index) of every attack still to deal damage, in the order of the enemies."""
    out = []
    for e in alive(cur):
        for i in range(len(acting(e))):
            if i not in e.get("blocked", []):
                out.append((e["key"], i))
    return out


def move_points_of(e: Mapping[str, Any], attack_index: int) -> int:
    return int((e.get("move_points") or {}).get(str(attack_index), 0))


def hero_of(cur: dict) -> Hero:
    return Hero(armor=int(cur["hero_armor"]), hand_limit=int(cur["hand_limit"]))


def unit_key(u: Mapping[str, Any]) -> str:
    """The id a unit has in the damage engine: its name and uid, so the engine's trace names it."""
    return f"{u['name']} #{u['uid']}"


def uid_of(unit_id: str) -> int:
    return int(str(unit_id).rsplit("#", 1)[-1])


def units_of(state: dict, cur: dict) -> list[Unit]:
    """The fighting player's units as the damage engine sees them (none in dungeons, tombs, monasteries)."""
    if not cur.get("units_allowed", True):
        return []
    out = []
    cards = get_rules().units
    for u in player(state, cur["player"])["units"]:
        card = cards.get(u.get("unit") or "")
        out.append(Unit(id=unit_key(u), armor=int(u["armor"]), level=int(u.get("level") or 1),
                        resistances=tuple(u.get("resistances") or ()), wounded=bool(u.get("wounded")),
                        name=u.get("name") or "", name_de=getattr(card, "name_de", "") or ""))
    return out


def unblocked_for_engine(cur: dict, entries) -> list[UnblockedAttack]:
    out = []
    for key, index, assign in entries:
        e = enemy_by_key(cur, key)
        out.append(UnblockedAttack(enemy=engine_enemy(e), attack_index=index, assign=tuple(assign),
                                   move_points=move_points_of(e, index)))
    return out


def assigned_entries(cur: dict) -> list[tuple[int, int, tuple[str, ...]]]:
    dmg = cur.get("damage") or {}
    return [(a["key"], a["attack_index"], tuple(a["assign"])) for a in dmg.get("assigned", [])]


def remaining_attacks(cur: dict) -> list[tuple[int, int]]:
    done_ = {(k, i) for k, i, _ in assigned_entries(cur)}
    return [x for x in unblocked_attacks(cur) if x not in done_]


def result_dict(res) -> dict:
    return {
        "hero": {"wounds_to_hand": res.hero.wounds_to_hand, "wounds_to_discard": res.hero.wounds_to_discard,
                 "knocked_out": res.hero.knocked_out, "discard_non_wounds": res.hero.discard_non_wounds},
        "units": [{"id": u.id, "wounds": u.wounds, "destroyed": u.destroyed, "absorbed": u.absorbed}
                  for u in res.units],
        "vampiric": [{"attack": v.attack, "armor_bonus": v.armor_bonus} for v in res.vampiric],
        "explanation": lines_json(res.explanation),
    }


def units_after(state: dict, cur: dict) -> tuple[list[Unit], int]:
    """Units still able to take damage after the attacks assigned so far, and the hand wounds so far.
    A wounded or destroyed unit is wounded; a unit that absorbed without a wound is left out (Rulebook Assign
    Damage 4b: it cannot be assigned damage again this combat)."""
    units = units_of(state, cur)
    res = (cur.get("damage") or {}).get("result")
    if not res:
        return units, 0
    by_id = {u["id"]: u for u in res["units"]}
    out = []
    for u in units:
        r = by_id.get(u.id)
        if r and r["absorbed"]:
            continue
        if r and (r["wounds"] or r["destroyed"]):
            u = replace(u, wounded=True)
        out.append(u)
    return out, int(res["hero"]["wounds_to_hand"])


def unit_name_de(u: Mapping[str, Any]) -> str | None:
    """A unit's German name from the rules data (None for a unit typed in)."""
    card = get_rules().units.get(u.get("unit") or "")
    return getattr(card, "name_de", None) or None


def unit_label(u: Mapping[str, Any]) -> str:
    """A unit's name in the page's language."""
    from flask_babel import get_locale

    loc = get_locale()
    if loc is not None and loc.language == "de" and unit_name_de(u):
        return unit_name_de(u)
    return u["name"]


def enemy_label(e: Mapping[str, Any]) -> str:
    from flask_babel import get_locale

    loc = get_locale()
    if loc is not None and loc.language == "de" and e.get("name_de"):
        return e["name_de"]
    return e["name"]


# ---------------------------------------------------------------------------------------------- reducers


@reducer("combat.setup")
def _setup(state, p, ev):
    r = root(state)
    r["current"] = {
        "player": int(p["player"]),
        "fight": p["fight"],
        "kind": FIGHTS[p["fight"]][0],
        "site": dict(p["site"]),
        "level": p.get("level"),
        "hero_armor": int(p["hero_armor"]),
        "hand_limit": int(p["hand_limit"]),
        "units_allowed": bool(p["units_allowed"]),
        "night": bool(p.get("night")),
        "revisit": bool(p.get("revisit")),
        "owner": p.get("owner"),
        "enemies": [],
        "next_key": 1,
        "phase": "setup",
        "fame": 0,
        "actions": [],
        "damage": None,
        "started": ev.seq,
    }


@reducer("combat.enemy_add")
def _enemy_add(state, p, ev):
    cur = current(state)
    if cur is None:
        return
    e = copy.deepcopy(p["enemy"])
    e.update({"key": cur["next_key"], "defeated": False, "blocked": [], "move_points": {}, "armor_bonus": 0,
              "defend_used": False, "summoned": [], "vampiric": 0})
    cur["next_key"] += 1
    cur["enemies"].append(e)


@reducer("combat.enemy_remove")
def _enemy_remove(state, p, ev):
    cur = current(state)
    if cur is not None:
        cur["enemies"] = [e for e in cur["enemies"] if e["key"] != int(p["key"])]


@reducer("combat.phase")
def _phase(state, p, ev):
    cur = current(state)
    if cur is not None:
        cur["phase"] = p["to"]


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


@reducer("combat.damage")
def _damage(state, p, ev):
    cur = current(state)
    if cur is None:
        return
    cur["damage"] = {"assigned": copy.deepcopy(p["assigned"]), "result": copy.deepcopy(p["result"])}
    # Quick reference, Vampiric: the enemy's Armor rises for the rest of the combat
    for e in cur["enemies"]:
        e["vampiric"] = 0
    for v in p["result"].get("vampiric", []):
        e = enemy_by_key(cur, p["assigned"][v["attack"]]["key"])
        if e is not None:
            e["vampiric"] = int(e.get("vampiric") or 0) + int(v["armor_bonus"])
    cur["actions"].append({"seq": ev.seq, "what": "damage", "mode": p.get("mode"), "prefer": p.get("prefer")})


@reducer("combat.end")
def _end(state, p, ev):
    r = root(state)
    o = p["outcome"]
    pl = player(state, o["player"])
    before = {"fame": pl["fame"], "reputation": pl["reputation"], "wounds": pl["wounds"]}
    pl["fame"] = max(0, pl["fame"] + int(o["fame"]))
    if o["reputation"]:
        pl["reputation"] = move_reputation(get_rules().reputation, pl["reputation"], int(o["reputation"]))
    pl["wounds"] = max(0, pl["wounds"] + int(o["wounds_to_hand"]) + int(o["wounds_to_discard"]))
    hurt = {int(u["uid"]): u for u in o["units"]}
    kept = []
    for u in pl["units"]:
        h = hurt.get(u["uid"])
        if h and h["destroyed"]:
            continue  # Paralyze: destroyed, removed from the game
        if h and h["wounds"]:
            u["wounded"] = True
            u["wound_cards"] = int(u.get("wound_cards") or 0) + int(h["wounds"])  # Poison: two, heal twice
        kept.append(u)
    pl["units"] = kept
    for kind, n in o["shields"].items():
        pl["shields"][kind] = pl["shields"].get(kind, 0) + int(n)
    if o.get("owner_loses_keep") is not None:
        owner = player(state, o["owner_loses_keep"])
        owner["shields"]["keep"] = max(0, owner["shields"].get("keep", 0) - 1)
    if o.get("city"):
        city = r["cities"].setdefault(o["city"], {"level": o.get("level"), "shields": [], "conquered": False})
        city["level"] = o.get("level") or city.get("level")
        city["shields"].extend([o["player"]] * int(o["shields"].get("city", 0)))
        city["conquered"] = city["conquered"] or bool(o["conquered"])
    after = {"fame": pl["fame"], "reputation": pl["reputation"], "wounds": pl["wounds"]}
    # Rulebook End of the Turn 6: the new level (and its reward) applies at the end of the turn
    ch = change_fame(get_rules().levels, before["fame"], pl["fame"] - before["fame"])
    level = {"before": ch.before.level, "after": ch.after.level, "rewards": list(ch.rewards)}
    r["last"] = {**copy.deepcopy(o), "before": before, "after": after, "level": level, "seq": ev.seq}
    cur = r.get("current")
    coop = (cur or {}).get("coop")
    if coop and coop["turn"] + 1 < len(coop["participants"]):
        start_turn(state, cur, coop["turn"] + 1)  # Rulebook Cooperative City Assault 6a: the next participant
    else:
        r["current"] = None


def start_turn(state: dict, cur: dict, turn: int) -> None:
    """A participant of a cooperative city assault starts their combat against their share."""
    coop = cur["coop"]
    coop["turn"] = turn
    i = int(coop["participants"][turn])
    cur["player"] = i
    if turn > 0:
        st = standing(get_rules().levels, player(state, i)["fame"])
        cur.update({"hero_armor": st.armor, "hand_limit": st.hand_limit, "phase": "ranged_siege", "fame": 0,
                    "actions": [], "damage": None})


@reducer("combat.coop_deal")
def _coop_deal(state, p, ev):
    cur = current(state)
    if cur is None:
        return
    garrison = [e["key"] for e in cur["enemies"] if not e.get("rampaging")]
    shares = coop_split(garrison, list(p["counts"]), rng(state, ev, "coop"))
    for turn, keys in enumerate(shares):
        for k in keys:
            enemy_by_key(cur, k)["share"] = turn
    for e in cur["enemies"]:
        if e.get("rampaging"):
            e["share"] = 0  # rampaging enemies joining are the initiator's
    cur["coop"] = {"participants": [int(x) for x in p["participants"]], "counts": list(p["counts"]), "turn": 0}
    start_turn(state, cur, 0)


@reducer("combat.cancel")
def _cancel(state, p, ev):
    root(state)["current"] = None


# ---------------------------------------------------------------------------------------------- form parsing


def form_int(form, name: str, lo: int, hi: int, default: int | None = None, label: str | None = None) -> int:
    raw = (form.get(name) or "").strip()
    if raw == "":
        if default is None:
            bad(N_("%(field)s is missing."), field=label or name)
        return default
    try:
        v = int(raw)
    except ValueError:
        bad(N_("%(field)s must be a whole number, not %(value)s."), field=label or name, value=raw[:20])
    if not lo <= v <= hi:
        bad(N_("%(field)s must be between %(lo)d and %(hi)d."), field=label or name, lo=lo, hi=hi)
    return v


def form_choice(form, name: str, choices, default: str | None = None) -> str:
    v = form.get(name) or default
    if v not in choices:
        bad(N_("%(field)s must be one of: %(choices)s."), field=name, choices=", ".join(choices))
    return v


def parse_attacks(form) -> list[PlayerAttack]:
    """Rows of value/element/kind; rows without a value are skipped."""
    values, elements, kinds = form.getlist("value"), form.getlist("element"), form.getlist("kind")
    out = []
    for i, raw in enumerate(values):
        raw = (raw or "").strip()
        kind = kinds[i] if i < len(kinds) else "melee"
        if kind not in ATTACK_KINDS:
            bad(N_("Unknown kind of attack: %(kind)s."), kind=str(kind)[:20])
        if raw == "" and kind != "sideways":
            continue
        if kind == "sideways":
            value, element = 1, "physical"  # Rulebook: a card played sideways is Attack 1 (physical)
        else:
            value, element = _value_and_element(raw, elements, i, N_(
                "An attack value must be a whole number, not %(value)s."), N_(
                "An attack value must be between 1 and 99."))
        out.append(PlayerAttack(value, element, kind))
    if len(out) > 24:
        bad(N_("At most 24 attacks at once."))
    return out


def parse_blocks(form) -> list[Block]:
    values, elements = form.getlist("value"), form.getlist("element")
    out = []
    for i, raw in enumerate(values):
        raw = (raw or "").strip()
        if raw == "":
            continue
        value, element = _value_and_element(raw, elements, i, N_(
            "A block value must be a whole number, not %(value)s."), N_("A block value must be between 1 and 99."))
        out.append(Block(value, element))
    return out


def _value_and_element(raw: str, elements: list, i: int, not_a_number: str, out_of_range: str) -> tuple[int, str]:
    """One typed row of an attack or block form: a value 1-99 and its element (physical when not given)."""
    try:
        value = int(raw)
    except ValueError:
        bad(not_a_number, value=raw[:20])
    if not 0 < value <= 99:
        bad(out_of_range)
    element = elements[i] if i < len(elements) else "physical"
    if element not in ELEMENTS:
        bad(N_("Unknown element: %(element)s."), element=str(element)[:20])
    return value, element


def parse_targets(form, cur: dict) -> list[dict]:
    keys = []
    for raw in form.getlist("target"):
        try:
            keys.append(int(raw))
        except ValueError:
            bad(N_("Choose the enemies to attack."))
    if not keys:
        bad(N_("Choose at least one enemy to attack."))
    if len(set(keys)) != len(keys):
        bad(N_("An enemy is chosen twice."))
    out = []
    for k in keys:
        e = enemy_by_key(cur, k)
        if e is None or e not in alive(cur):
            bad(N_("That enemy is no longer in the combat."))
        out.append(e)
    return out


def need_current(game, phases=None) -> dict:
    cur = current(game.state)
    if cur is None:
        bad(N_("There is no combat going on: set one up first."))
    if phases is not None and cur["phase"] not in phases:
        bad(N_("This is not possible in the %(phase)s."), phase=t(PHASE_NAMES[cur["phase"]]))
    return cur


def token_enemy(state: dict, token_id: str) -> dict:
    """A token from the rules data with the game's override applied, as a state enemy dict."""
    tokens = get_rules().enemies
    if token_id not in tokens:
        bad(N_("There is no enemy token %(token)s."), token=str(token_id)[:40])
    tok = tokens[token_id]
    changes = state.get("overrides", {}).get(token_id)
    if changes:
        try:
            tok = apply_override(tok, changes)
        except RulesDataError as err:
            abort(400, description=gettext("This game's correction of the token is broken: %(reason)s",
                                           reason=str(err)))
    return {
        "token": tok.id, "name": tok.name, "name_de": tok.name_de, "color": tok.color,
        "armor": tok.armor, "elusive_armor": tok.elusive_armor,
        "attacks": [{"value": a.value, "element": a.element} for a in tok.attacks],
        "abilities": list(tok.abilities), "resistances": list(tok.resistances), "fame": tok.fame,
        "defend": tok.defend or 0, "summon": tok.summon, "summon_count": getattr(tok, "summon_count", 1) or 1,
        "overridden": bool(changes),
    }


def typed_enemy(form) -> dict:
    name = (form.get("name") or "").strip()[:40]
    if not name:
        bad(N_("Choose a token, or type the enemy's name, Armor and Attack."))
    abilities = form.getlist("ability")
    for a in abilities:
        if a not in ABILITIES:
            bad(N_("Unknown ability: %(ability)s."), ability=a[:30])
    resistances = form.getlist("resistance")
    for r in resistances:
        if r not in RESISTANCES:
            bad(N_("Unknown resistance: %(r)s."), r=r[:20])
    armor = form_int(form, "armor", 1, 30, label=gettext("Armor"))
    elusive = form_int(form, "elusive_armor", 1, 30, default=0, label=gettext("Elusive Armor")) or None
    if ("elusive" in abilities) != (elusive is not None):
        bad(N_("An Elusive enemy has a second, higher Armor value: give both or neither."))
    if elusive is not None and elusive <= armor:
        bad(N_("The Elusive Armor must be higher than the Armor."))
    attacks = []
    value = form_int(form, "attack", 0, 30, default=0, label=gettext("Attack"))
    if value:
        attacks.append({"value": value, "element": form_choice(form, "attack_element", ELEMENTS, "physical")})
    value2 = form_int(form, "attack2", 0, 30, default=0, label=gettext("Second attack"))
    if value2:
        attacks.append({"value": value2, "element": form_choice(form, "attack2_element", ELEMENTS, "physical")})
    if not attacks and "summon" not in abilities:
        bad(N_("Only a summoner has no attack of its own: give the enemy's Attack."))
    defend = form_int(form, "defend", 0, 9, default=0, label=gettext("Defend")) if "defend" in abilities else 0
    if "defend" in abilities and not defend:
        bad(N_("Give the value of Defend."))
    color = form.get("color") or None
    if color is not None and color not in PILE_NAMES:
        bad(N_("Unknown pile colour."))
    return {
        "token": None, "name": name, "name_de": None, "color": color, "armor": armor, "elusive_armor": elusive,
        "attacks": attacks, "abilities": abilities, "resistances": resistances,
        "fame": form_int(form, "fame", 0, 30, default=0, label=gettext("Fame")),
        "defend": defend, "summon": "brown" if "summon" in abilities else None, "overridden": False,
    }


# ---------------------------------------------------------------------------------------------- engine calls


def attack_result(cur: dict, targets: list[dict], attacks: list[PlayerAttack], phase: str):
    others = [engine_enemy(e, False) for e in alive(cur) if e not in targets]
    try:
        return resolve_attack([engine_enemy(e, False) for e in targets], attacks, phase, site_of(cur), others)
    except CombatError as err:
        rules_refuse(err)


def block_result(cur: dict, e: dict, attack_index: int, blocks: list[Block], move_points: int):
    try:
        return resolve_block(engine_enemy(e), blocks, attack_index, move_points, site_of(cur))
    except CombatError as err:
        rules_refuse(err)


def damage_result(state: dict, cur: dict, entries):
    try:
        return assign_damage(hero_of(cur), units_of(state, cur), unblocked_for_engine(cur, entries), site_of(cur))
    except CombatError as err:
        rules_refuse(err)


def suggestion(state: dict, cur: dict, prefer: str):
    """The engine's best assignment for the attacks not assigned yet, given what earlier ones did."""
    units, hand = units_after(state, cur)
    remaining = remaining_attacks(cur)
    if not remaining:
        return None
    hero = replace(hero_of(cur), wounds_this_combat=hand)
    try:
        sug = suggest_assignment(hero, units, unblocked_for_engine(cur, [(k, i, ()) for k, i in remaining]),
                                 site_of(cur), prefer)
    except CombatError as err:
        rules_refuse(err)
    return [(k, i, tuple(a)) for (k, i), a in zip(remaining, sug.assign)], sug


def outcome_of(state: dict, cur: dict) -> dict:
    kind = cur["kind"]
    defeated = [e for e in mine(cur) if e.get("defeated")]
    undefeated = alive(cur)
    try:
        out = combat_outcome([engine_enemy(e, False) for e in defeated],
                             [engine_enemy(e, False) for e in undefeated], kind)
    except CombatError as err:
        rules_refuse(err)
    fame = out.fame
    trace = list(out.explanation)
    conquered = out.conquered
    coop = cur.get("coop")
    if coop:
        # Rulebook Cooperative City Assault 6: the city is conquered when every participant's share is defeated
        last = coop["turn"] == len(coop["participants"]) - 1
        left = [e for e in cur["enemies"] if not e.get("rampaging") and not e.get("defeated")]
        conquered = last and not left
        if last and conquered:
            trace.append(T("Rulebook Cooperative City Assault 6: every participant has fought: all defenders "
                           "defeated, city conquered"))
        elif last:
            trace.append(T("Rulebook Cooperative City Assault 6: every participant has fought: %(n)d defender(s) "
                           "left, city not conquered", n=len(left)))
        else:
            trace.append(T("Rulebook Cooperative City Assault 6: participant %(n)d of %(count)d; the next one fights "
                           "now", n=coop["turn"] + 1, count=len(coop["participants"])))
    shields: dict[str, int] = {}
    shield_kind = FIGHTS[cur["fight"]][4]
    if cur["fight"] == "city":
        if out.shields:
            shields["city"] = out.shields
    elif shield_kind and out.conquered and cur.get("revisit"):
        trace.append(T("Quick reference: a site conquered before gives no reward and no Shield token"))
    elif shield_kind and out.conquered:
        shields[shield_kind] = 1
        trace.append(T("Quick reference: site conquered, mark it with a Shield token (%(kind)s)", kind=shield_kind))
    owner_loses = None
    if cur["fight"] == "other_keep" and out.conquered and cur.get("owner") is not None:
        owner_loses = int(cur["owner"])
        trace.append(T("Quick reference, Other Players' Keeps: you replace the owner's Shield token with your own"))
    res = (cur.get("damage") or {}).get("result")
    hand = discard = 0
    knocked_out = False
    units = []
    if res:
        hand, discard = res["hero"]["wounds_to_hand"], res["hero"]["wounds_to_discard"]
        knocked_out = res["hero"]["knocked_out"]
        units = [{"uid": uid_of(u["id"]), "wounds": u["wounds"], "destroyed": u["destroyed"]}
                 for u in res["units"] if u["wounds"] or u["destroyed"]]
    pl = player(state, cur["player"])
    names = {str(u["uid"]): u["name"] for u in pl["units"]}
    names_de = {str(u["uid"]): unit_name_de(u) for u in pl["units"]}
    return {
        "player": cur["player"], "fight": cur["fight"], "fame": fame, "reputation": out.reputation,
        "wounds_to_hand": hand, "wounds_to_discard": discard, "knocked_out": knocked_out,
        "units": [{**u, "name": names.get(str(u["uid"]), "?"), "name_de": names_de.get(str(u["uid"]))}
                  for u in units],
        "shields": shields, "conquered": conquered if kind != "none" else None,
        "city": cur["site"].get("city") if cur["fight"] == "city" else None, "level": cur.get("level"),
        "defeated": [e["name"] for e in defeated], "undefeated": [e["name"] for e in undefeated],
        "explanation": lines_json(trace), "owner_loses_keep": owner_loses,
    }


# ---------------------------------------------------------------------------------------------- pages


def _url(game_id: int) -> str:
    return url_for("combat.show", game_id=game_id)


def token_groups() -> list[tuple[str, list]]:
    """Tokens grouped by pile colour, in the order of the piles."""
    groups: dict[str, list] = {c: [] for c in PILE_NAMES}
    for tok in get_rules().enemies.values():
        groups.setdefault(tok.color, []).append(tok)
    return [(c, groups[c]) for c in groups if groups[c]]


def preview(game, cur: dict, args) -> dict:
    """What a form asks to check (running totals), computed without recording anything. A mistake in the
    half-typed input is shown beside the form, not as an error page."""
    try:
        return _preview(game, cur, args)
    except HTTPException as err:
        if err.code != 400:
            raise
        return {"check": args.get("check"), "error": err.description}


def _preview(game, cur: dict, args) -> dict:
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
            bad(N_("Give the attacks you can make."))
        enemies = alive(cur)
        try:
            plan = plan_attacks([engine_enemy(e, False) for e in enemies], attacks, cur["phase"], site_of(cur))
        except CombatError as err:
            rules_refuse(err)
        groups = [{"targets": [enemies[i] for i in g.targets], "attacks": [attacks[j] for j in g.attacks], "g": g}
                  for g in plan.groups]
        out["plan"] = {"plan": plan, "groups": groups, "attacks": attacks}
    elif check == "block" and cur["phase"] == "block":
        key = form_int(args, "key", 0, 10 ** 6)
        e = enemy_by_key(cur, key)
        if e is None or e not in alive(cur):
            bad(N_("That enemy is no longer in the combat."))
        index = form_int(args, "attack_index", 0, 9, default=0)
        mp = form_int(args, "move_points", 0, 99, default=0)
        out["block"] = {"key": key, "attack_index": index, "move_points": mp,
                        "blocks": parse_blocks(args), "result": None}
        out["block"]["result"] = block_result(cur, e, index, out["block"]["blocks"], mp)
    elif check == "assign" and cur["phase"] == "damage":
        key, index, assign = parse_assignment(args, cur, game.state)
        res = damage_result(game.state, cur, assigned_entries(cur) + [(key, index, assign)])
        out["assign"] = {"key": key, "attack_index": index, "assign": assign, "result": res}
    return out


def page_context(game, data=None) -> dict:
    state = game.state
    r = root(state)
    cur = r.get("current")
    rules = get_rules()
    ctx: dict[str, Any] = {
        "r": r, "cur": cur, "rules": rules, "fights": FIGHTS, "fight_names": FIGHT_NAMES,
        "phase_names": PHASE_NAMES, "phases": PHASES, "element_names": ELEMENT_NAMES, "elements": ELEMENTS,
        "attack_kind_names": ATTACK_KIND_NAMES, "attack_kinds": ATTACK_KINDS, "ability_names": ABILITY_NAMES,
        "abilities": ABILITIES, "resistance_names": RESISTANCE_NAMES, "resistances": RESISTANCES,
        "city_names": CITY_NAMES, "pile_names": PILE_NAMES, "shield_names": SHIELD_NAMES,
        "expansion_names": EXPANSION_NAMES, "reward_text": REWARD_TEXT, "n_attack_rows": ATTACK_ROWS, "block_rows": BLOCK_ROWS,
        "label": enemy_label, "args": data if data is not None else request.args, "t": t,
    }
    if cur is None:
        ctx["standings"] = [standing(rules.levels, p["fame"]) for p in state["players"]]
        return ctx
    pl = player(state, cur["player"])
    ctx.update({"pl": pl, "site": site_of(cur), "alive": alive(cur), "mine": mine(cur), "check": preview(game, cur, data if data is not None else request.args)})
    ctx["engine"] = {e["key"]: engine_enemy(e) for e in cur["enemies"]}
    ctx["armor_now"] = {}
    ctx["fortification"] = {}
    for e in cur["enemies"]:
        eff, _tr = effective_enemy(engine_enemy(e, False), site_of(cur))
        ctx["armor_now"][e["key"]] = current_armor(eff, "attack" if cur["phase"] == "attack" else "ranged_siege")
        ctx["fortification"][e["key"]] = fortification(eff, site_of(cur))
    if cur["phase"] == "setup":
        ctx["token_groups"] = token_groups()
        if cur["fight"] == "city" and cur["site"].get("city") in rules.cities and cur.get("level"):
            ctx["garrison"] = rules.cities[cur["site"]["city"]].garrison.get(int(cur["level"]), ())
    if cur["phase"] == "block":
        ctx["block_rows_for"] = block_rows(cur)
        ctx["summon_piles"] = summon_pile_options(cur)
        ctx["pile_tokens"] = dict(token_groups())
    if cur["phase"] == "damage":
        ctx.update(damage_context(game, cur, ctx["args"]))
    if cur["phase"] == "attack":
        ctx["outcome_preview"] = outcome_of(state, cur)
    ctx["units"] = pl["units"] if cur.get("units_allowed", True) else []
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


def summon_pile_options(cur: dict) -> list[str]:
    return sorted({tok.expansion for tok in get_rules().enemies.values() if tok.color == "brown"},
                  key=lambda x: list(EXPANSION_NAMES).index(x) if x in EXPANSION_NAMES else 99)


def parse_assignment(form, cur: dict, state: dict) -> tuple[int, int, tuple[str, ...]]:
    raw = form.get("attack") or ""
    try:
        key, index = (int(x) for x in raw.split(":"))
    except ValueError:
        bad(N_("Choose which unblocked attack to assign."))
    if (key, index) not in remaining_attacks(cur):
        bad(N_("That attack is blocked, defeated or already assigned."))
    assign = [u for u in form.getlist("unit") if u]
    valid = {unit_key(u) for u in player(state, cur["player"])["units"]} if cur.get("units_allowed", True) else set()
    for u in assign:
        if u not in valid:
            bad(N_("That unit cannot take damage in this combat."))
    if len(set(assign)) != len(assign):
        bad(N_("A unit is listed twice for the same attack."))
    return key, index, tuple(assign)


def damage_context(game, cur: dict, data) -> dict:
    state = game.state
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
            rules_refuse(err)
    sug = suggestion(state, cur, prefer) if remaining else None
    units, _hand = units_after(state, cur)
    names = {unit_key(u): unit_label(u) for u in player(state, cur["player"])["units"]}
    return {"prefer": prefer, "remaining": remaining, "prepared": prepared, "suggestion": sug,
            "assignable": [u for u in units if not u.wounded], "unit_names": names,
            "damage": cur.get("damage")}


@bp.get("/games/<int:game_id>/combat")
def show(game_id: int):
    game = load_game(game_id)
    return page("combat/show.html", game=game, **page_context(game))


@bp.get("/games/<int:game_id>/combat/check")
def check_get(game_id: int):
    """Forms on a checked page go back to it (undo, redo): that is the combat page."""
    return redirect(_url(game_id), code=303)


@bp.post("/games/<int:game_id>/combat/check")
def check(game_id: int):
    """Running totals for a half-filled form ("need 3 more"): the page with the check, nothing recorded."""
    game = load_game(game_id)
    return page("combat/show.html", game=game, **page_context(game, request.form))


# ---------------------------------------------------------------------------------------------- commands


def _record(game, type_: str, payload: dict, s: dict, extra_scope: tuple[str, ...] = ()):
    record_command(game, type_, payload, s, (SCOPE,) + extra_scope)
    return done(_url(game.id))


@bp.post("/games/<int:game_id>/combat/setup")
def setup(game_id: int):
    game = load_game(game_id)
    state = game.state
    cur = current(state)
    if cur is not None:
        bad(N_("A combat is already going on: finish or cancel it first."))
    form = request.form
    i = form_int(form, "player", 0, len(state["players"]) - 1, label=gettext("Player"))
    fight = form_choice(form, "fight", tuple(FIGHTS))
    kind, fortified, units_allowed, night, _shield = FIGHTS[fight]
    city = None
    level = None
    if fight == "city":
        city = form_choice(form, "city", tuple(CITY_NAMES))
        level = form_int(form, "level", 1, 11, label=gettext("City level"))
    # Quick reference, Dungeon/Tomb (and other adventure sites): a conquered one can be entered again; defeating
    # the enemy then gives its Fame but no reward and no Shield token.
    revisit = fight in ("dungeon", "adventure") and form.get("revisit") == "yes"
    owner = None
    if fight == "other_keep" and (form.get("owner") or "") != "":
        owner = form_int(form, "owner", 0, len(state["players"]) - 1, label=gettext("Keep owner"))
        if owner == i:
            bad(N_("The keep's owner cannot assault it."))
    st = standing(get_rules().levels, player(state, i)["fame"])
    armor = form_int(form, "hero_armor", 1, 20, default=st.armor, label=gettext("Armor"))
    payload = {
        "player": i, "fight": fight,
        "site": {"fortified": fortified, "city": city, "across_wall": form.get("across_wall") == "yes"},
        "level": level, "hero_armor": armor, "hand_limit": st.hand_limit, "units_allowed": units_allowed,
        "night": night, "revisit": revisit, "owner": owner,
    }
    if city:
        s = sentence(N_("%(name)s assaults a level %(level)d %(city)s."), translate=("city",),
                     name=player(state, i)["name"], level=level, city=CITY_NAMES[city])
    else:
        s = sentence(N_("%(name)s starts a combat: %(fight)s."), translate=("fight",),
                     name=player(state, i)["name"], fight=FIGHT_NAMES[fight])
    return _record(game, "combat.setup", payload, s)


@bp.post("/games/<int:game_id>/combat/enemy")
def enemy_add(game_id: int):
    game = load_game(game_id)
    cur = need_current(game, ("setup",))
    if cur.get("coop"):
        bad(N_("The garrison has been dealt: undo the deal to change the enemies."))
    if len(cur["enemies"]) >= MAX_ENEMIES:
        bad(N_("At most %(n)d enemies in one combat."), n=MAX_ENEMIES)
    form = request.form
    token = (form.get("token") or "").strip()
    e = token_enemy(game.state, token) if token else typed_enemy(form)
    e["rampaging"] = form.get("rampaging") == "yes"
    if e["rampaging"] and cur["fight"] in ("dungeon", "monastery"):
        bad(N_("Rampaging enemies cannot join this fight."))
    msg = (N_("%(enemy)s (rampaging) joins the combat.") if e["rampaging"] else
           N_("%(enemy)s is in the combat."))
    return _record(game, "combat.enemy_add", {"enemy": e}, sentence(msg, enemy=enemy_arg(e)))


@bp.post("/games/<int:game_id>/combat/enemy/<int:key>/remove")
def enemy_remove(game_id: int, key: int):
    game = load_game(game_id)
    cur = need_current(game, ("setup",))
    if cur.get("coop"):
        bad(N_("The garrison has been dealt: undo the deal to change the enemies."))
    e = enemy_by_key(cur, key)
    if e is None:
        bad(N_("That enemy is no longer in the combat."))
    return _record(game, "combat.enemy_remove", {"key": key},
                   sentence(N_("%(enemy)s is taken out of the combat."), enemy=enemy_arg(e)))


@bp.post("/games/<int:game_id>/combat/coop")
def coop_deal(game_id: int):
    """Rulebook Cooperative City Assault 5: the garrison is shuffled and dealt at random to the participants by
    the agreed numbers; then they fight one after another in Round order, starting with the initiator."""
    game = load_game(game_id)
    state = game.state
    cur = need_current(game, ("setup",))
    if cur["fight"] != "city":
        bad(N_("Only a city assault can be cooperative."))
    if cur.get("coop"):
        bad(N_("The garrison has already been dealt."))
    counts = {}
    for i, pl in enumerate(state["players"]):
        n = form_int(request.form, f"count_{i}", 0, MAX_ENEMIES, default=0, label=pl["name"])
        if n:
            counts[i] = n
    if cur["player"] not in counts:
        bad(N_("The player who starts the assault fights too: give them at least one enemy."))
    if len(counts) < 2:
        bad(N_("A cooperative assault needs at least two participants."))
    garrison = [e for e in cur["enemies"] if not e.get("rampaging")]
    if sum(counts.values()) != len(garrison):
        bad(N_("The agreed numbers add up to %(n)d, the garrison has %(g)d enemies."), n=sum(counts.values()),
            g=len(garrison))
    order = [int(x) for x in state.get("round_order", []) if x != "dummy"]
    order = [x for x in order if x in counts] + [x for x in counts if x not in order]
    start = order.index(cur["player"])
    participants = order[start:] + order[:start]  # Round order, starting with the initiator (6)
    names = ", ".join(f"{state['players'][i]['name']} {counts[i]}" for i in participants)
    return _record(game, "combat.coop_deal",
                   {"participants": participants, "counts": [counts[i] for i in participants]},
                   sentence(N_("Cooperative city assault: the garrison is dealt at random (%(names)s)."),
                            names=names), tuple(f"player:{i}" for i in participants))


@bp.post("/games/<int:game_id>/combat/phase")
def next_phase(game_id: int):
    game = load_game(game_id)
    cur = need_current(game)
    phase = cur["phase"]
    if phase == "attack":
        bad(N_("The Attack phase is the last one: end the combat."))
    if phase == "setup" and not cur["enemies"]:
        bad(N_("Add at least one enemy first."))
    if phase == "block":
        missing = [enemy_label(e) for e in alive(cur) if summons_missing(e)]
        if missing:
            bad(N_("Draw the summoned token for %(enemy)s first (Rulebook Block phase 2)."), enemy=missing[0])
    if phase == "damage" and remaining_attacks(cur):
        bad(N_("Assign the damage of every unblocked attack first."))
    to = PHASES[PHASES.index(phase) + 1]
    if to == "block" and not alive(cur):
        to = "attack"  # every enemy defeated by Ranged and Siege attacks: nothing to block or assign
    return _record(game, "combat.phase", {"to": to},
                   sentence(N_("Combat: %(phase)s."), translate=("phase",), phase=PHASE_NAMES[to]))


@bp.post("/games/<int:game_id>/combat/attack")
def attack(game_id: int):
    game = load_game(game_id)
    cur = need_current(game, ("ranged_siege", "attack"))
    form = request.form
    targets = parse_targets(form, cur)
    attacks = parse_attacks(form)
    if not attacks:
        bad(N_("Give at least one attack."))
    res = attack_result(cur, targets, attacks, cur["phase"])
    if not res.allowed:
        abort(400, description=gettext("The rules do not allow this: %(reason)s", reason=line_here(res.reason)))
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
    return _record(game, "combat.attack", payload, s)


@bp.post("/games/<int:game_id>/combat/summon")
def summon(game_id: int):
    game = load_game(game_id)
    cur = need_current(game, ("block",))
    form = request.form
    key = form_int(form, "key", 0, 10 ** 6)
    e = enemy_by_key(cur, key)
    if e is None or e not in alive(cur) or not is_summoner(e):
        bad(N_("That enemy does not summon."))
    if not summons_missing(e):
        bad(N_("%(enemy)s has already summoned: undo that first to change it."), enemy=enemy_label(e))
    pile_colour = e.get("summon") or "brown"
    token = (form.get("token") or "").strip()
    if token:
        tok = token_enemy(game.state, token)
        if tok["color"] != pile_colour:
            bad(N_("A summoned token comes from the %(pile)s pile."), pile=t(PILE_NAMES.get(pile_colour, pile_colour)))
        s = sentence(N_("%(enemy)s summons %(token)s."), enemy=enemy_arg(e), token=enemy_arg(tok))
        return _record(game, "combat.summon", {"key": key, "token": tok}, s)
    expansions = form.getlist("expansion") or ["base"]
    for x in expansions:
        if x not in EXPANSION_NAMES:
            bad(N_("Unknown expansion: %(x)s."), x=x[:20])
    pile = summon_pile(cur, pile_colour, expansions)
    if not pile:
        bad(N_("The %(pile)s pile has no token left to draw."), pile=t(PILE_NAMES.get(pile_colour, pile_colour)))
    tokens = {tid: token_enemy(game.state, tid) for tid in sorted(set(pile))}
    s = sentence(N_("%(enemy)s summons: a random token is drawn from the %(pile)s pile."), translate=("pile",),
                 enemy=enemy_arg(e), pile=PILE_NAMES.get(pile_colour, pile_colour))
    return _record(game, "combat.summon", {"key": key, "pile": pile, "tokens": tokens}, s)


@bp.post("/games/<int:game_id>/combat/block")
def block(game_id: int):
    game = load_game(game_id)
    cur = need_current(game, ("block",))
    form = request.form
    key = form_int(form, "key", 0, 10 ** 6)
    e = enemy_by_key(cur, key)
    if e is None or e not in alive(cur):
        bad(N_("That enemy is no longer in the combat."))
    if summons_missing(e):
        bad(N_("Draw the summoned token for %(enemy)s first (Rulebook Block phase 2)."), enemy=enemy_label(e))
    index = form_int(form, "attack_index", 0, 9, default=0)
    if index in e.get("blocked", []):
        bad(N_("That attack is already blocked."))
    blocks = parse_blocks(form)
    mp = form_int(form, "move_points", 0, 99, default=0)
    if not blocks and not mp:
        bad(N_("Give at least one block."))
    res = block_result(cur, e, index, blocks, mp)
    payload = {"key": key, "attack_index": index, "move_points": mp,
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
    return _record(game, "combat.block", payload, s)


@bp.post("/games/<int:game_id>/combat/damage")
def damage(game_id: int):
    game = load_game(game_id)
    state = game.state
    cur = need_current(game, ("damage",))
    form = request.form
    mode = form_choice(form, "mode", ("suggest", "manual"))
    prefer = form_choice(form, "prefer", ("units", "hero"), "units")
    if not remaining_attacks(cur):
        bad(N_("Every unblocked attack is already assigned."))
    if mode == "suggest":
        new, _sug = suggestion(state, cur, prefer)
    else:
        new = [parse_assignment(form, cur, state)]
    entries = assigned_entries(cur) + new
    res = damage_result(state, cur, entries)
    payload = {"mode": mode, "prefer": prefer,
               "assigned": [{"key": k, "attack_index": i, "assign": list(a)} for k, i, a in entries],
               "result": result_dict(res)}
    name = player(state, cur["player"])["name"]
    if mode == "suggest":
        msg = (N_("%(name)s takes the suggested damage assignment (protect my units): %(hand)d Wound(s) into the "
                  "hand.") if prefer == "hero" else
               N_("%(name)s takes the suggested damage assignment: %(hand)d Wound(s) into the hand."))
    else:
        msg = N_("%(name)s assigns the damage of one attack: %(hand)d Wound(s) into the hand so far.")
    return _record(game, "combat.damage", payload, sentence(msg, name=name, hand=res.hero.wounds_to_hand),
                   (f"player:{cur['player']}:units",))


@bp.post("/games/<int:game_id>/combat/end")
def end(game_id: int):
    game = load_game(game_id)
    state = game.state
    cur = need_current(game, ("attack",))
    o = outcome_of(state, cur)
    name = player(state, cur["player"])["name"]
    s = sentence(
        N_("Combat over: %(name)s gains %(fame)d Fame, Reputation %(rep)+d, %(wounds)d Wound(s); "
           "%(defeated)d enemies defeated."),
        name=name, fame=o["fame"], rep=o["reputation"], wounds=o["wounds_to_hand"] + o["wounds_to_discard"],
        defeated=len(o["defeated"]))
    scope = (f"player:{cur['player']}",) + ((f"player:{o['owner_loses_keep']}:shields",)
                                           if o.get("owner_loses_keep") is not None else ())
    return _record(game, "combat.end", {"outcome": o}, s, scope)


@bp.post("/games/<int:game_id>/combat/cancel")
def cancel(game_id: int):
    game = load_game(game_id)
    need_current(game)
    return _record(game, "combat.cancel", {}, sentence(N_("The combat is cancelled (nothing is applied).")))


__all__ = ["bp", "FIGHTS", "outcome_of", "suggestion", "engine_enemy"]
