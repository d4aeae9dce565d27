"""Combat with enemies, the pieces of the pure engine: the enemy token as fought, its site, the player's attacks and
blocks as typed, and what every step asks of them (fortification, city bonuses, Elusive armor, the checks, the names
in an explanation line).

Rules: Rulebook "Combat with Enemies" 1b, "City Assaults" 1a-d; the quick reference sheet (enemy abilities, Walls,
Keep, Monastery); the icon reference (Rulebook p. 24). A player's attack is resolved in ``attack.py``, the Block
phase in ``block.py`` (``resolve_block`` -> ``BlockResult``, ``draw_summoned``), damage assignment in ``damage.py``,
the outcome in ``outcomes.py`` (``combat_outcome`` -> ``Outcome``), the attack planner in ``plan.py``; Player versus
Player and the cooperative city assault in ``rules/pvp/fight.py``.

Public, stable API (other modules and the web layer build on these names):

- data: ``EnemyAttack``, ``Enemy``, ``Site``, ``PlayerAttack``, ``Block``
- ``enemy_from_token(token_id, **overrides)`` - an ``Enemy`` from the rules data
- ``effective_enemy(enemy, site)`` - the enemy with the city bonus applied (traced)
- ``fortification(enemy, site)`` - 0, 1 or 2 (2 = cannot be targeted in the Ranged and Siege phase)

All functions are pure; bad input raises ``CombatError`` (a ``ValueError``) with a readable message.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Sequence

from companion.rules.data import get_rules  # the loader (rules data is the only I/O allowed here)
from companion.rules.text import N_, Name, T, Term

ELEMENTS = ("physical", "fire", "ice", "cold_fire")
RESISTANCES = ("physical", "fire", "ice")
ATTACK_KINDS = ("melee", "ranged", "siege", "sideways")
PHASES = ("ranged_siege", "attack")
CITY_COLOURS = ("white", "blue", "red", "green")

# Game terms in explanation lines (shown translated): an element as written in a sentence, a resistance.
ELEMENT_TERMS = {"physical": N_("physical"), "fire": N_("fire"), "ice": N_("ice"), "cold_fire": N_("cold fire")}
RESISTANCE_TERMS = {"physical": N_("Physical Resistance"), "fire": N_("Fire Resistance"),
                    "ice": N_("Ice Resistance"), "cold_fire": N_("Fire and Ice Resistance")}


class CombatError(ValueError):
    """Input that the rules cannot accept (the message says why)."""


# --------------------------------------------------------------------------------------------- data


@dataclass(frozen=True)
class EnemyAttack:
    value: int
    element: str = "physical"


@dataclass(frozen=True)
class Enemy:
    """An enemy token as fought: printed values plus what happened to it earlier in this combat.

    ``armor`` is the printed (lower) armor; ``elusive_armor`` the higher Elusive value (None if not elusive).
    ``armor_bonus`` is armor gained earlier this combat (Defend received, Vampiric); it applies to both
    Elusive values. ``summoned`` is the brown token drawn for a summoner (it replaces the summoner in the
    Block and Assign Damage phases); a tuple of tokens for a summoner that draws more than one (Dragon
    Summoner), whose attacks are then numbered one after the other.
    """

    name: str
    armor: int
    attacks: tuple[EnemyAttack, ...] = ()
    abilities: tuple[str, ...] = ()
    resistances: tuple[str, ...] = ()
    fame: int = 0
    elusive_armor: int | None = None
    defend: int = 0
    defend_used: bool = False
    summon: str | None = None
    rampaging: bool = False
    all_attacks_blocked: bool = False
    armor_bonus: int = 0
    color: str | None = None
    id: str | None = None
    summoned: "Enemy | tuple[Enemy, ...] | None" = None
    name_de: str | None = None  # the German name (rules data), for translated explanation lines

    def has(self, ability: str) -> bool:
        return ability in self.abilities

    def resistant(self, element: str) -> bool:
        """Rulebook Ranged and Siege 4a: Cold Fire counts as resisted only with both Fire and Ice Resistance."""
        if element == "cold_fire":
            return "fire" in self.resistances and "ice" in self.resistances
        return element in self.resistances


@dataclass(frozen=True)
class Site:
    """Where the fight is. Site effects apply to enemies that are not rampaging (walls apply to all)."""

    fortified: bool = False
    city: str | None = None
    across_wall: bool = False
    # Scenario Book, Variants, Megapolis: the second city of the pair; its defenders "benefit from the combat
    # bonuses of both cities at once"
    megapolis: str | None = None


def site_cities(site: "Site") -> tuple[str, ...]:
    """The cities whose bonuses the site's defenders get: one, or both cities of a Megapolis."""
    return tuple(c for c in (site.city, site.megapolis) if c)


NO_SITE = Site()


@dataclass(frozen=True)
class PlayerAttack:
    value: int
    element: str = "physical"
    kind: str = "melee"  # melee | ranged | siege | sideways (a card played sideways: physical)


@dataclass(frozen=True)
class Block:
    value: int
    element: str = "physical"


# ------------------------------------------------------------------------------------------ helpers


def _check_int(value, what: str, minimum: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise CombatError(f"{what} must be a whole number, got {value!r}")
    if value < minimum:
        raise CombatError(f"{what} must be at least {minimum}, got {value}")
    return value


def check_element(element: str, what: str = "element") -> str:
    if element not in ELEMENTS:
        raise CombatError(f"{what} must be one of {', '.join(ELEMENTS)}, got {element!r}")
    return element


def validate_enemy(enemy: Enemy) -> Enemy:
    _check_int(enemy.armor, f"{enemy.name}: armor", 1)
    if enemy.elusive_armor is not None:
        _check_int(enemy.elusive_armor, f"{enemy.name}: elusive_armor", 0)
    _check_int(enemy.fame, f"{enemy.name}: fame", 0)
    _check_int(enemy.defend, f"{enemy.name}: defend", 0)
    _check_int(enemy.armor_bonus, f"{enemy.name}: armor_bonus", 0)
    for a in enemy.attacks:
        _check_int(a.value, f"{enemy.name}: attack value", 0)
        check_element(a.element, f"{enemy.name}: attack element")
    for r in enemy.resistances:
        if r not in RESISTANCES:
            raise CombatError(f"{enemy.name}: resistance must be one of {', '.join(RESISTANCES)}, got {r!r}")
    for token in summoned_tokens(enemy):
        validate_enemy(token)
    return enemy


def validate_site(site: Site | None) -> Site:
    site = site or NO_SITE
    if site.city is not None and site.city not in CITY_COLOURS:
        raise CombatError(f"site.city must be null or one of {', '.join(CITY_COLOURS)}, got {site.city!r}")
    if site.megapolis is not None and (site.city is None or site.megapolis not in CITY_COLOURS
                                       or site.megapolis == site.city):
        raise CombatError(f"site.megapolis must be another city colour than site.city, got {site.megapolis!r}")
    return site


def enemy_from_token(token_id: str, **overrides) -> Enemy:
    """Build an ``Enemy`` from the rules data token ``token_id``; keyword arguments override fields."""
    enemies = get_rules().enemies
    if token_id not in enemies:
        raise CombatError(f"unknown enemy token {token_id!r}")
    t = enemies[token_id]
    abilities = tuple(getattr(t, "abilities", ()) or ())
    defend = getattr(t, "defend", None) or 0
    base = Enemy(
        name=getattr(t, "name", token_id),
        armor=t.armor,
        attacks=tuple(EnemyAttack(a.value, a.element) for a in (getattr(t, "attacks", ()) or ())),
        abilities=abilities,
        resistances=tuple(getattr(t, "resistances", ()) or ()),
        fame=getattr(t, "fame", 0) or 0,
        elusive_armor=getattr(t, "elusive_armor", None),
        defend=int(defend),
        summon=getattr(t, "summon", None) or None,
        color=getattr(t, "color", None),
        id=token_id,
        name_de=getattr(t, "name_de", None) or None,
    )
    fields_ = set(Enemy.__dataclass_fields__)
    bad = set(overrides) - fields_
    if bad:
        raise CombatError(f"unknown enemy field(s): {', '.join(sorted(bad))}")
    return replace(base, **overrides)


def is_defender(enemy: Enemy, site: Site) -> bool:
    """Site effects (fortification, city bonuses) apply to the site's defenders, not to rampaging enemies
    that joined (Rulebook Combat with Enemies 1b)."""
    return not enemy.rampaging


def effective_enemy(enemy: Enemy, site: Site | None = None) -> tuple[Enemy, tuple[str, ...]]:
    """The enemy with its city bonus applied (Rulebook City Assaults 1a-d); returns (enemy, trace).

    White: +1 armor (both Elusive values). Blue: +2 to Fire and Ice attacks, +1 to Cold Fire attacks.
    Red: physical attacks gain Brutal. Green: physical attacks gain Poison. City-given Brutal/Poison is kept
    per attack: we only give it to physical attacks (our reading of "defenders that have physical Attack").
    """
    site = validate_site(site)
    if not site.city or not is_defender(enemy, site):
        return enemy, ()
    trace = []
    for city in site_cities(site):
        enemy = _city_bonus(enemy, city, trace)
    if site.megapolis:
        trace.insert(0, T("Scenario Book, Variants, Megapolis: the defenders benefit from the combat bonuses of "
                          "both cities at once"))
    return enemy, tuple(trace)


def _city_bonus(enemy: Enemy, city: str, trace: list) -> Enemy:
    if city == "white":
        enemy = replace(enemy, armor_bonus=enemy.armor_bonus + 1)
        trace.append(T("Rulebook City Assaults 1a: White city, %(enemy)s gets +1 Armor", enemy=enemy_name(enemy)))
    elif city == "blue":
        new = []
        for a in enemy.attacks:
            bonus = 2 if a.element in ("fire", "ice") else 1 if a.element == "cold_fire" else 0
            new.append(EnemyAttack(a.value + bonus, a.element))
            if bonus:
                trace.append(T(
                    "Rulebook City Assaults 1b: Blue city, %(enemy)s's %(element)s attack %(value)d +%(bonus)d = "
                    "%(total)d", enemy=enemy_name(enemy), element=element_term(a.element), value=a.value, bonus=bonus,
                    total=a.value + bonus))
        enemy = replace(enemy, attacks=tuple(new))
    elif city in ("red", "green") and any(a.element == "physical" for a in enemy.attacks):
        if city == "red":
            trace.append(T("Rulebook City Assaults 1c: Red city, %(enemy)s's physical attack gains Brutal",
                           enemy=enemy_name(enemy)))
        else:
            trace.append(T("Rulebook City Assaults 1d: Green city, %(enemy)s's physical attack gains Poison",
                           enemy=enemy_name(enemy)))
    return enemy


def attack_abilities(enemy: Enemy, attack: EnemyAttack, site: Site | None = None) -> frozenset[str]:
    """Abilities that apply to one attack of ``enemy`` (its own plus Red/Green city bonuses)."""
    site = site or NO_SITE
    abilities = set(enemy.abilities)
    if site.city and is_defender(enemy, site) and attack.element == "physical":
        if "red" in site_cities(site):
            abilities.add("brutal")
        if "green" in site_cities(site):
            abilities.add("poison")
    return frozenset(abilities)


def fortification(enemy: Enemy, site: Site | None = None) -> int:
    """How fortified ``enemy`` is: site fortification (defenders of a fortified site; a wall between you and
    the enemy counts as one more - quick reference "Walls") plus the Fortified ability. Unfortified ignores
    all site fortifications (walls included). 2 or more = cannot be targeted in the Ranged and Siege phase."""
    site = site or NO_SITE
    site_level = 0
    if site.fortified and is_defender(enemy, site):
        site_level += 1
    if site.across_wall:
        site_level += 1
    if enemy.has("unfortified"):
        site_level = 0
    return site_level + (1 if enemy.has("fortified") else 0)


def current_armor(enemy: Enemy, phase: str) -> int:
    """Armor to beat. Elusive (quick reference): the higher value, except in the Attack phase when all its
    attacks were blocked; armor modifications (``armor_bonus``) apply to both values."""
    if enemy.elusive_armor is None:
        return enemy.armor + enemy.armor_bonus
    high, low = max(enemy.armor, enemy.elusive_armor), min(enemy.armor, enemy.elusive_armor)
    if phase == "attack" and enemy.all_attacks_blocked:
        return low + enemy.armor_bonus
    return high + enemy.armor_bonus


def enemy_name(enemy: Enemy) -> Name:
    """The enemy's name for an explanation line (German form from the rules data when known)."""
    return Name(enemy.name, enemy.name_de)


def element_term(element: str) -> Term:
    """An element as written in an explanation line ("cold fire"), translated when shown."""
    return Term(ELEMENT_TERMS.get(element, element.replace("_", " ")))


def name_list(names: Sequence[str]) -> str:
    """Names joined with ", " as one line argument; each keeps its German form (a line with one argument per
    name; its msgid is only placeholders, so it needs no translation)."""
    names = list(names)
    if len(names) == 1:
        return names[0]
    msgid = ", ".join(f"%(n{i})s" for i in range(len(names)))
    return T.__new__(T, msgid, **{f"n{i}": n for i, n in enumerate(names)})


def _fmt(values: Sequence[int]) -> str:
    return "+".join(str(v) for v in values) if values else "0"


# ------------------------------------------------------------------------------------------ summoners


def summoned_tokens(enemy: Enemy) -> tuple[Enemy, ...]:
    s = enemy.summoned
    if s is None:
        return ()
    return tuple(s) if isinstance(s, (tuple, list)) else (s,)


def is_summoner(enemy: Enemy) -> bool:
    return bool(enemy.summon) or enemy.has("summon")
