"""The rules reference's vocabulary: labels of the rules data's ids (pile colours, expansions, unit kinds, modes,
scenario fields, abilities, resistances, elements) in the reader's language (``lazy_gettext``), with the rulebook's
wording of each ability. Used by the reference pages (``companion.web.rules``) and their templates."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext

# ------------------------------------------------------------------------------------------------ vocabulary

#: Enemy pile colours in the rulebook's order (Rulebook, Setup: "Enemy and Ruins tokens").
PILES: dict[str, Any] = {
    "green": lazy_gettext("Green (marauding orcs)"),
    "gray": lazy_gettext("Grey (keeps)"),
    "violet": lazy_gettext("Violet (mage towers)"),
    "brown": lazy_gettext("Brown (dungeons, monster dens)"),
    "red": lazy_gettext("Red (draconum)"),
    "white": lazy_gettext("White (cities)"),
}

COLOR_NAMES: dict[str, Any] = {
    "green": lazy_gettext("green"),
    "gray": lazy_gettext("grey"),
    "violet": lazy_gettext("violet"),
    "brown": lazy_gettext("brown"),
    "red": lazy_gettext("red"),
    "white": lazy_gettext("white"),
    "blue": lazy_gettext("blue"),
    "gold": lazy_gettext("gold"),
    "black": lazy_gettext("black"),
}

EXPANSIONS: dict[str, Any] = {
    "base": lazy_gettext("Base game"),
    "lost_legion": lazy_gettext("The Lost Legion"),
    "krang": lazy_gettext("Krang"),
    "tezla": lazy_gettext("Shades of Tezla"),
}

#: Shades of Tezla factions.
FACTIONS: dict[str, Any] = {
    "elementalist": lazy_gettext("Elementalists"),
    "dark_crusader": lazy_gettext("Dark Crusaders"),
}

UNIT_KINDS: dict[str, Any] = {
    "regular": lazy_gettext("Regular unit"),
    "elite": lazy_gettext("Elite unit"),
}

#: Recruit sites (the icons on the unit cards).
RECRUIT_SITES: dict[str, Any] = {
    "village": lazy_gettext("Village"),
    "keep": lazy_gettext("Keep"),
    "mage_tower": lazy_gettext("Mage Tower"),
    "monastery": lazy_gettext("Monastery"),
    "city": lazy_gettext("City"),
    "camp": lazy_gettext("Refugee Camp"),
    "magical_glade": lazy_gettext("Magical Glade"),
}

MODES: dict[str, Any] = {
    "solo": lazy_gettext("solo"),
    "coop": lazy_gettext("cooperative"),
    "competitive": lazy_gettext("competitive"),
    "team": lazy_gettext("teams"),
}

#: Tactic selection (Rulebook "Preparing the Round" 3a; Scenario Book "Solo Conquest" and "Full Cooperation").
TACTICS_RULES: dict[str, Any] = {
    "standard": lazy_gettext(
        "Each player chooses one of the face-up Tactic cards, the player with the lowest Fame first; unclaimed "
        "Tactics are set aside."),
    "solo_conquest": lazy_gettext(
        "When taking Tactics, you always choose first. The Dummy player then takes one random card from those "
        "remaining. At the end of each Day or Night, remove both used Tactic cards from the game."),
    "full_cooperation": lazy_gettext(
        "When taking Tactics, the Dummy player takes a random Tactic first, then the players choose theirs. At "
        "the end of the Day or Night, agree and remove one of the Tactics used by the players (not the Dummy "
        "player) from the game."),
}

CITY_STATUS: dict[str, Any] = {
    "conquerable": lazy_gettext("Cities can be assaulted and conquered."),
    "not_enterable": lazy_gettext("Cities cannot be entered."),
    "friendly": lazy_gettext("Cities are friendly."),
}

SCORING_BASE: dict[str, Any] = {
    "fame": lazy_gettext("each player's Fame"),
    "lowest_fame": lazy_gettext("the lowest Fame of the players"),
    "none": lazy_gettext("no Fame base"),
}

TILE_KINDS: dict[str, Any] = {
    "countryside": lazy_gettext("Countryside tiles"),
    "core_non_city": lazy_gettext("Core tiles without a city"),
    "core_city": lazy_gettext("City tiles"),
}

TIMES: dict[str, Any] = {"day": lazy_gettext("Day"), "night": lazy_gettext("Night")}

#: What a level on the Fame track gives (rules_data/levels.yaml `reward`).
LEVEL_REWARDS: dict[str, Any] = {
    "start": lazy_gettext("Starting level"),
    "skill_and_advanced_action": lazy_gettext("A Skill and an Advanced Action"),
    "command_token_armor_hand": lazy_gettext("A Command token, new Armor and Hand limit"),
}

CARD_KINDS: dict[str, Any] = {
    "basic_action": lazy_gettext("Basic Actions"),
    "advanced_action": lazy_gettext("Advanced Actions"),
    "spell": lazy_gettext("Spells"),
    "artifact": lazy_gettext("Artifacts"),
}

#: Enemy abilities: name and the quick reference sheet's wording ("Enemy token abilities"); the German
#: translations (rules.po) are the German rulebook's wording ("Feindplättchen-Eigenschaften", p. 24).
ABILITIES: dict[str, tuple[Any, Any]] = {
    "fortified": (lazy_gettext("Fortified"), lazy_gettext(
        "Only Siege Attacks can be used against this enemy in the Ranged and Siege Attacks phase "
        "(no attacks at all if it also defends a fortified site).")),
    "unfortified": (lazy_gettext("Unfortified"), lazy_gettext("All site fortifications are ignored for such an enemy.")),
    "elusive": (lazy_gettext("Elusive"), lazy_gettext(
        "An elusive enemy has an increased Armor value. The lower value is used only in the Attack phase, and "
        "only if all of the enemy attacks are successfully Blocked. Any Armor modifications apply to both values.")),
    "arcane_immunity": (lazy_gettext("Arcane Immunity"), lazy_gettext(
        "The enemy is not affected by any non-Attack/Block effects. Effects that directly affect enemy attacks "
        "still apply.")),
    "defend": (lazy_gettext("Defend"), lazy_gettext(
        "The first enemy that you attack in combat (either in the Ranged phase or the normal Attack phase) has "
        "its Armor value increased by the value of the Defend ability, until the end of that combat.")),
    "summon": (lazy_gettext("Summon"), lazy_gettext(
        "At the start of the Block phase, draw a random brown token for this enemy. It replaces the enemy in the "
        "Block and Assign Damage phases, then it is discarded.")),
    "swift": (lazy_gettext("Swift"), lazy_gettext("To block this enemy, you need twice as much Block as its Attack value.")),
    "brutal": (lazy_gettext("Brutal"), lazy_gettext("If unblocked, it deals twice as much damage as its Attack value.")),
    "poison": (lazy_gettext("Poison"), lazy_gettext(
        "If a Unit gets wounded because of an attack from an enemy with Poison, it is given two Wound cards "
        "instead of one. For each Wound a Hero takes into his hand from a Poisonous attack, he also puts one "
        "Wound into his discard pile.")),
    "paralyze": (lazy_gettext("Paralyze"), lazy_gettext(
        "If a Unit gets wounded because of an attack from an enemy with Paralyze, it is immediately destroyed "
        "(removed from the game). If a Hero takes one or more Wounds into his hand from a Paralyzing attack, he "
        "must immediately discard any non-Wound cards from his hand.")),
    "assassination": (lazy_gettext("Assassination"), lazy_gettext(
        "Damage from this attack cannot be assigned to Units; if unblocked, it has to be all assigned to the "
        "hero.")),
    "cumbersome": (lazy_gettext("Cumbersome"), lazy_gettext(
        "In the Block phase, you may spend Move points; for each Move point spent, the attack is reduced by 1 "
        "for the rest of the turn. An attack reduced to 0 is considered successfully blocked.")),
    "vampiric": (lazy_gettext("Vampiric"), lazy_gettext(
        "An enemy with the Vampiric ability has its Armor value increased by 1, for the rest of the combat, for "
        "each Unit its attacks wound and for each Wound its attacks cause to be added to a player's hand.")),
}

#: Enemy resistances (quick reference sheet, "Defensive").
RESISTANCES: dict[str, tuple[Any, Any]] = {
    "physical": (lazy_gettext("Physical Resistance"), lazy_gettext(
        "All physical Attacks (incl. cards played sideways) are inefficient (halved).")),
    "fire": (lazy_gettext("Fire Resistance"), lazy_gettext(
        "All Fire Attacks are inefficient (halved). The enemy ignores any non-Attack effects of red cards or "
        "Unit abilities powered by red mana.")),
    "ice": (lazy_gettext("Ice Resistance"), lazy_gettext(
        "All Ice Attacks are inefficient (halved). The enemy ignores any non-Attack effects of blue cards or "
        "Unit abilities powered by blue mana.")),
}
FIRE_AND_ICE = (lazy_gettext("Both Fire and Ice Resistance"), lazy_gettext("Also all Cold Fire Attacks are inefficient (halved)."))

#: Unit resistances (quick reference sheet, "Unit resistances").
UNIT_RESISTANCES: dict[str, tuple[Any, Any]] = {
    "physical": (lazy_gettext("Physical Resistance"), lazy_gettext(
        "Makes the Unit less vulnerable to physical Attacks of enemies and physical Attacks of an opponent.")),
    "fire": (lazy_gettext("Fire Resistance"), lazy_gettext(
        "Makes the Unit less vulnerable to Fire Attacks of enemies and Fire Attacks of an opponent. It also "
        "ignores non-Attack effects of opponents' red cards or Unit abilities powered by red mana.")),
    "ice": (lazy_gettext("Ice Resistance"), lazy_gettext(
        "Makes the Unit less vulnerable to Ice Attacks of enemies and Ice Attacks of an opponent. It also "
        "ignores non-Attack effects of opponents' blue cards or Unit abilities powered by blue mana.")),
}
UNIT_RESISTANCE_RULE = lazy_gettext(
    "If the Unit is assigned damage from an attack it is resistant to, the damage is reduced by its Armor first "
    "(without taking Wounds). If any damage remains, continue as normal (wound the Unit and reduce the damage by "
    "its Armor again).")

#: Attack elements (quick reference sheet, "Offensive"; physical: Rulebook, Block phase 4a).
ELEMENTS: dict[str, tuple[Any, Any]] = {
    "physical": (lazy_gettext("Physical Attack"), lazy_gettext("Any type of Block is efficient against a physical attack.")),
    "fire": (lazy_gettext("Fire Attack"), lazy_gettext(
        "Only Ice and Cold Fire Blocks are efficient when blocking this (others are halved).")),
    "ice": (lazy_gettext("Ice Attack"), lazy_gettext(
        "Only Fire and Cold Fire Blocks are efficient when blocking this (others are halved).")),
    "cold_fire": (lazy_gettext("Cold Fire Attack"), lazy_gettext(
        "Only Cold Fire Blocks are efficient when blocking this (others are halved).")),
}
MULTIPLE_ATTACKS = (lazy_gettext("Multiple Attacks"), lazy_gettext(
    "Each Attack has to be handled (blocked or get their damage assigned) separately. Effects that prevent an "
    "enemy from attacking prevent all his attacks. An enemy is considered \"successfully blocked\" if all its "
    "Attacks are blocked."))

ELEMENT_SHORT: dict[str, Any] = {
    "physical": lazy_gettext("physical"),
    "fire": lazy_gettext("fire"),
    "ice": lazy_gettext("ice"),
    "cold_fire": lazy_gettext("cold fire"),
}
