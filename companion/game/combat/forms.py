"""Reading a combat command's input (an HTML form's fields, or the same names in a plain mapping) into the combat's
values: rows of attacks and blocks, targets, a damage assignment, a typed-in enemy. Every field is read by the one
parsing layer ``companion.game.spine.fields``; a refusal is ``Invalid`` naming the field."""

from __future__ import annotations

from typing import Any, Mapping

from ...rules.combat.enemies import Block, PlayerAttack
from ...rules.data import RulesDataError, apply_override, get_rules
from ...rules.text import N_
from ..spine.command import Invalid, term
from ..spine.fields import between, choice, enemy_token, many, shown, text, whole_value
from .state import (ABILITIES, ATTACK_KINDS, ELEMENTS, PHASE_NAMES, PILE_NAMES, RESISTANCES, alive, current,
                    enemy_by_key, player, player_units, remaining_attacks, unit_key, usable_units)

def need_current(state: dict, phases=None) -> dict:
    cur = current(state)
    if cur is None:
        raise Invalid(N_("There is no combat going on: set one up first."))
    if phases is not None and cur["phase"] not in phases:
        raise Invalid(N_("This is not possible in the %(phase)s."), phase=term(PHASE_NAMES[cur["phase"]]))
    return cur


def no_combat(state: dict) -> None:
    """A new combat is set up only when none is going on."""
    if current(state) is not None:
        raise Invalid(N_("A combat is already going on: finish or cancel it first."))


def setup_open(state: dict) -> dict:
    """The combat's enemies can still change: the set-up, before a cooperative garrison is dealt."""
    cur = need_current(state, ("setup",))
    if cur.get("coop"):
        raise Invalid(N_("The garrison has been dealt: undo the deal to change the enemies."))
    return cur


def live_enemy(cur: dict, key: Any) -> dict:
    """An enemy still in the combat (not defeated), by its key."""
    e = enemy_by_key(cur, key)
    if e is None or e not in alive(cur):
        raise Invalid(N_("That enemy is no longer in the combat."))
    return e


def not_blocked(e: dict, index: int) -> None:
    if index in e.get("blocked", []):
        raise Invalid(N_("That attack is already blocked."))


def unassigned(cur: dict) -> None:
    if not remaining_attacks(cur):
        raise Invalid(N_("Every unblocked attack is already assigned."))


def may_end(state: dict) -> dict:
    """Rulebook, Combat with Enemies: the combat ends after the Attack phase, or as soon as no enemy is left."""
    cur = need_current(state)
    if cur["phase"] != "attack" and (cur["phase"] == "setup" or alive(cur)):
        need_current(state, ("attack",))
    return cur


def _value_and_element(raw: Any, elements: list, i: int, not_a_number: str, out_of_range: str) -> tuple[int, str]:
    """One typed row of an attack or block form: a value 1-99 and its element (physical when not given)."""
    try:
        value = whole_value(raw, "value")
    except Invalid:
        raise Invalid(not_a_number, value=shown(raw)[:20]) from None
    if not 0 < value <= 99:
        raise Invalid(out_of_range)
    element = elements[i] if i < len(elements) and elements[i] not in (None, "") else "physical"
    if element not in ELEMENTS:
        raise Invalid(N_("Unknown element: %(element)s."), element=shown(element)[:20])
    return value, element


def _blank(raw: Any) -> bool:
    return raw is None or (isinstance(raw, str) and raw.strip() == "")


def parse_attacks(data: Mapping[str, Any]) -> list[PlayerAttack]:
    """Rows of value/element/kind; rows without a value are skipped."""
    values, elements, kinds = many(data, "value"), many(data, "element"), many(data, "kind")
    out = []
    for i, raw in enumerate(values):
        kind = kinds[i] if i < len(kinds) else "melee"
        if kind not in ATTACK_KINDS:
            raise Invalid(N_("Unknown kind of attack: %(kind)s."), kind=shown(kind)[:20])
        if _blank(raw) and kind != "sideways":
            continue
        if kind == "sideways":
            # Rulebook: a card played sideways is Attack 1 (physical); a sideways row's number is how many cards
            # (empty: one card), so "3" is three cards, never silently one.
            cards = 1 if _blank(raw) else _value_and_element(raw, [], i, N_(
                "The number of cards played sideways must be a whole number, not %(value)s."), N_(
                "The number of cards played sideways must be between 1 and 24."))[0]
            if cards > 24:
                raise Invalid(N_("The number of cards played sideways must be between 1 and 24."))
            out.extend(PlayerAttack(1, "physical", "sideways") for _ in range(cards))
            continue
        else:
            value, element = _value_and_element(raw, elements, i, N_(
                "An attack value must be a whole number, not %(value)s."), N_(
                "An attack value must be between 1 and 99."))
        out.append(PlayerAttack(value, element, kind))
    if len(out) > 24:
        raise Invalid(N_("At most 24 attacks at once."))
    return out


def parse_blocks(data: Mapping[str, Any]) -> list[Block]:
    values, elements = many(data, "value"), many(data, "element")
    out = []
    for i, raw in enumerate(values):
        if _blank(raw):
            continue
        value, element = _value_and_element(raw, elements, i, N_(
            "A block value must be a whole number, not %(value)s."), N_("A block value must be between 1 and 99."))
        out.append(Block(value, element))
    return out


def parse_targets(data: Mapping[str, Any], cur: dict) -> list[dict]:
    keys = []
    for raw in many(data, "target"):
        try:
            keys.append(whole_value(raw, "target"))
        except Invalid:
            raise Invalid(N_("Choose the enemies to attack.")) from None
    if not keys:
        raise Invalid(N_("Choose at least one enemy to attack."))
    if len(set(keys)) != len(keys):
        raise Invalid(N_("An enemy is chosen twice."))
    out = []
    for k in keys:
        e = live_enemy(cur, k)
        out.append(e)
    return out


def parse_assignment(data: Mapping[str, Any], cur: dict, state: dict) -> tuple[int, int, tuple[str, ...]]:
    """One unblocked attack ("key:index") and the units (ids ``unit_key``) its damage is assigned to, in order."""
    raw = data.get("attack") or ""
    try:
        key, index = (whole_value(x, "attack") for x in str(raw).split(":"))
    except (Invalid, ValueError):
        raise Invalid(N_("Choose which unblocked attack to assign.")) from None
    if (key, index) not in remaining_attacks(cur):
        raise Invalid(N_("That attack is blocked, defeated or already assigned."))
    assign = [u for u in many(data, "unit") if u]
    valid = {unit_key(u) for u in usable_units(state, cur)}
    wounded = {unit_key(u) for u in player_units(state, cur["player"]) if u.get("wounded")}
    for u in assign:
        if u not in valid:
            raise Invalid(N_("That unit cannot take damage in this combat."))
        if u in wounded:
            # Rulebook, Assign Damage phase 4: a wounded unit cannot be assigned damage
            raise Invalid(N_("A wounded unit cannot be assigned damage."))
    if len(set(assign)) != len(assign):
        raise Invalid(N_("A unit is listed twice for the same attack."))
    return key, index, tuple(assign)


def token_enemy(state: dict, token_id: str) -> dict:
    """A token from the rules data with the game's override applied, as a state enemy dict."""
    tok = get_rules().enemies[enemy_token(token_id)]
    changes = state.get("overrides", {}).get(token_id)
    if changes:
        try:
            tok = apply_override(tok, changes)
        except RulesDataError as err:
            raise Invalid(N_("This game's correction of the token is broken: %(reason)s"), reason=str(err)) from err
    return {
        "token": tok.id, "name": tok.name, "name_de": tok.name_de, "color": tok.color,
        "armor": tok.armor, "elusive_armor": tok.elusive_armor,
        "attacks": [{"value": a.value, "element": a.element} for a in tok.attacks],
        "abilities": list(tok.abilities), "resistances": list(tok.resistances), "fame": tok.fame,
        "defend": tok.defend or 0, "summon": tok.summon, "summon_count": getattr(tok, "summon_count", 1) or 1,
        "overridden": bool(changes),
    }


def typed_enemy(data: Mapping[str, Any]) -> dict:
    """An enemy typed in on the set-up form (not a token of the rules data)."""
    name = text(data, "name", default="")[:40]
    if not name:
        raise Invalid(N_("Choose a token, or type the enemy's name, Armor and Attack."))
    abilities = many(data, "ability")
    for a in abilities:
        if a not in ABILITIES:
            raise Invalid(N_("Unknown ability: %(ability)s."), ability=shown(a)[:30])
    resistances = many(data, "resistance")
    for r in resistances:
        if r not in RESISTANCES:
            raise Invalid(N_("Unknown resistance: %(r)s."), r=shown(r)[:20])
    armor = between(data, "armor", 1, 30, label=N_("Armor"))
    elusive = between(data, "elusive_armor", 1, 30, default=0, label=N_("Elusive Armor")) or None
    if ("elusive" in abilities) != (elusive is not None):
        raise Invalid(N_("An Elusive enemy has a second, higher Armor value: give both or neither."))
    if elusive is not None and elusive <= armor:
        raise Invalid(N_("The Elusive Armor must be higher than the Armor."))
    attacks = []
    value = between(data, "attack", 0, 30, default=0, label=N_("Attack"))
    if value:
        attacks.append({"value": value, "element": choice(data, "attack_element", ELEMENTS, default="physical")})
    value2 = between(data, "attack2", 0, 30, default=0, label=N_("Second attack"))
    if value2:
        attacks.append({"value": value2, "element": choice(data, "attack2_element", ELEMENTS, default="physical")})
    if not attacks and "summon" not in abilities:
        raise Invalid(N_("Only a summoner has no attack of its own: give the enemy's Attack."))
    defend = between(data, "defend", 0, 9, default=0, label=N_("Defend")) if "defend" in abilities else 0
    if "defend" in abilities and not defend:
        raise Invalid(N_("Give the value of Defend."))
    color = data.get("color") or None
    if color is not None and color not in PILE_NAMES:
        raise Invalid(N_("Unknown pile colour."))
    return {
        "token": None, "name": name, "name_de": None, "color": color, "armor": armor, "elusive_armor": elusive,
        "attacks": attacks, "abilities": abilities, "resistances": resistances,
        "fame": between(data, "fame", 0, 30, default=0, label=N_("Fame")),
        "defend": defend, "summon": "brown" if "summon" in abilities else None, "overridden": False,
    }
