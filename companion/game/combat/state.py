"""Combat's state: the vocabulary, reading ``state["combat"]`` and the adapters over the pure engine.

State: ``state["combat"] = {"current": <combat> | None, "last": <outcome> | None, "cities": {colour: {...}}}``.
``cities`` keeps each city's level, its Shields in the order they were put on the City card (player indexes,
Rulebook Combat Outcomes 2a/3a) and whether it is conquered, across combats.

``engine_enemy`` turns a state enemy (token values with the game's override, plus this combat's Defend/Vampiric/
blocks/summoned tokens) into ``rules.combat.enemies.Enemy``; ``units_after`` feeds the suggestion the units still
able to take damage after attacks assigned by hand. No Flask, no database.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

from ...rules.combat.damage import Hero, UnblockedAttack, Unit
from ...rules.combat.enemies import CombatError, Enemy, EnemyAttack, Site
from ...rules.data import get_rules
from ...rules.text import N_, T, translate_line
from ...state import player
from ..flow.fight_hooks import fight_hooks
from ..spine.command import Invalid
from ..spine.sentences import name_arg

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
    # Scenario Book, Conquer and Hold: "Mage towers work like keeps ... others may assault it ... for half the Fame"
    "other_mage_tower": ("other_players_keep", True, True, False, "mage_tower"),
    # Scenario Book, Mines Liberation: "fight both enemies; Night rules apply as in a dungeon (but you may use Units)"
    "mine": ("adventure", False, True, True, None),
    # Quick reference, Maze / Labyrinth: "you may choose one ready unwounded Unit to accompany you. You cannot use
    # any Unit other than the chosen one"; seed 004, Site Reference: "You can use only 1 unwounded Unit."
    "maze": ("adventure", False, True, False, "adventure"),
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
    "other_mage_tower": N_("Another player's mage tower (Conquer and Hold: half Fame)"),
    "mine": N_("A mine (Mines Liberation: Night rules, Units allowed)"),
    "maze": N_("Maze or labyrinth (one unwounded Unit)"),
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


class RulesRefusal(Invalid):
    """The engine refuses (``CombatError`` or an attack it does not allow): "The rules do not allow this: ...",
    the engine's reason shown in the reader's language (an explanation line, ``T``)."""

    def __init__(self, reason: Any):
        super().__init__(N_("The rules do not allow this: %(reason)s"), reason=str(reason))
        self.reason = reason

    def translated(self, translate, lang: str = "en") -> str:
        return translate("The rules do not allow this: %(reason)s") % {
            "reason": translate_line(self.reason, translate, lang) if isinstance(self.reason, T) else
            str(self.reason)}


def refuse(err: CombatError):
    raise RulesRefusal(err) from err


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
        state["combat"] = {"current": None, "last": None, "cities": {}}
        c = state["combat"]  # the state's own copy (an import's strict replay tracks what is put in: journal.py)
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
    return Site(fortified=bool(s.get("fortified")), city=s.get("city"), across_wall=bool(s.get("across_wall")),
                megapolis=s.get("megapolis"))


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


def player_units(state: dict, i: int) -> list[dict]:
    """Player ``i``'s Units as the combat reads them: the Mage Knight ``units``, or the game kind's own (Mage Lite:
    the Units recorded on its page with the Armor and resistances typed from the card, ``FightHooks.units``)."""
    hooks = fight_hooks(state)
    if hooks is not None and hooks.units is not None:
        return hooks.units(state, i)
    return player(state, i)["units"]


def usable_units(state: dict, cur: dict) -> list[dict]:
    """The fighting player's units this combat may use: none in dungeons, tombs, monasteries; in a maze or
    labyrinth only the one chosen at the set-up (``only_unit``; none chosen: none)."""
    if not cur.get("units_allowed", True):
        return []
    units = player_units(state, cur["player"])
    if cur["fight"] == "maze":
        return [u for u in units if u["uid"] == cur.get("only_unit")]
    return list(units)


def units_of(state: dict, cur: dict) -> list[Unit]:
    """The fighting player's units as the damage engine sees them (``usable_units``)."""
    out = []
    cards = get_rules().units
    for u in usable_units(state, cur):
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


