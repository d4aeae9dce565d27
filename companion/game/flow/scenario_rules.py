"""Scenario special rules the app applies (Scenario Book, each scenario's "Special Rules"; Variants), not only
prints: the start values of a new game, the extra Fame of Blitz scenarios, Mines Liberation's liberated mines,
First Reconnaissance's Fame per revealed tile, closed cities, and which rules stay reminders.

Every special rule in ``rules_data/scenarios.yaml`` names its effect (``special_rules_effects``): "reminder" or an
id of ``EFFECTS`` below, which says where the app computes it. No Flask, no database.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...rules.data import get_rules
from ...rules.data.setup_rules import VARIANT_IDS
from ...rules.progression import standing
from ...rules.text import N_, Nn_
from ...state import COLORS, reducer
from ..spine.command import Command, Invalid, command
from ..spine.fields import choice, player_index, whole
from ..spine.sentences import plural_sentence, sentence
from .scenario_info import active, scenario
from .scenario_play import liberate

# effect id -> where the app computes it (a test checks every id of the rules data's schema is here)
EFFECTS: dict[str, str] = {
    "reminder": "printed on the board's scenario set-up only",
    "start_fame_and_line_bonus": "start_values() (new game) and line_bonus() (Fame tracker, combat outcome)",
    "start_reputation": "start_values() (new game)",
    "fame_per_revealed_tile": "the tile_revealed command (board)",
    "cities_closed": "combat set-up refuses a city assault (cities_closed())",
    "friendly_city": "combat set-up refuses a city assault (cities_closed())",
    "dummy_tactics": "companion.game.flow.round_state.tactic_rule (the scenario's tactics_rule)",
    "solo_setup": "scenario_info.day_night_order and board.scenario_setup read the solo variant",
    "coop_scoring": "companion.rules.scoring (co-op kind: lowest Fame, best player per category)",
    "team_rules": "companion.rules.scoring (Team Rules); combat set-up refuses assaulting an ally's keep "
                  "(scenario_play.check_setup); the board's Hand limit: by my keep or my ally's",
    "mine_liberation": "the mine_liberated command (board): Reputation +1 (+2 core), the liberator's crystal; "
                       "scenario_play.start_of_round: a crystal per liberated mine at every new round",
    "druid_incantation": "combat set-up 'incantation' (Druid Nights): Fame doubled, crystals per monster",
    "no_assault_reputation_loss": "combat outcome: no Reputation loss for keeps and mage towers",
    "rounds_by_players": "Scenario.rounds_for (the round tracker)",
    "towers_like_keeps": "combat set-up 'other_mage_tower' (half Fame, the owner's Shield replaced)",
    "druid_glades": "the glade_marked command (board) counts each player's glades; the incantation summons that "
                    "many monsters (scenario_play.check_defenders); the glades are cleared at the end of a Night",
    "dungeon_no_revisit": "combat set-up refuses a revisit of a conquered dungeon or tomb (scenario_play.check_setup)",
    "conquer_hold_defenders": "leaving a combat's set-up: 1, 2 or 3 defenders of another player's keep or mage "
                              "tower by the round (scenario_play.check_defenders)",
    "conquer_hold_tower_mana": "the board shows each player's gold (Day) or black (Night) mana per mage tower "
                               "owned (scenario_play.tower_mana)",
    "mine_fight": "the combat set-up's mine (Night rules, Units allowed; its tile and colour): winning it liberates "
                  "the mine (Reputation in the outcome, the crystal; scenario_play.mine_of, after_combat)",
    "no_elite_units": "the recruit command refuses an Elite Unit (scenario_play.check_recruit)",
    "conquer_hold_units": "the recruit command refuses level IV Units, and Elite Units before the round of the "
                          "second half (scenario_play.check_recruit)",
    "setup_numbers": "game/flow/setup.py setup_numbers_of (rules/setup_numbers.py): the new-game page and the board",
}

# Scenario Book, Variants (the setup form's `variant` choices; stored in the set-up as "variants")
VARIANTS = VARIANT_IDS  # the one list, which the rules data (setup.yaml ``variants``) is checked against
VARIANT_NAMES = {
    "rampaging_evil": N_("Rampaging Evil (start at Reputation -2; new rampaging enemies at the end of each round)"),
    "more_rampage": N_("More Rampage! (start at Reputation -4; rampaging enemies always come back)"),
    "interactive_combat": N_("Interactive Combat (the previous player sets a secret colour for a fight against a "
                             "single enemy)"),
    "megapolis": N_("Megapolis (the last city is two cities with one garrison, levels 2 to 24)"),
}


def solo_allowed(sc) -> bool:
    """Scenario Book, Solo Conquest, Variants, "Other Solo Missions": "you may play any other mission as solo,
    just use similar setup modifications and special rules as this mission". Not the very competitive
    scenarios, whose goal is to beat the other players (Conquer and Hold, One to Return)."""
    return "solo" in sc.modes or sc.solo_variant is not None or sc.type != "very_competitive"


def start_values(scenario_id: str, mode: str, variants=()) -> dict:
    """Fame and Reputation every player starts with. Scenario Book, Blitz Conquest / Blitz Cooperation: "You start
    with 1 Fame", "You start with +2 Reputation"; Variants, Rampaging Evil: "Your characters start with -2
    Reputation" (More Rampage!: -4). A variant's start Reputation replaces the scenario's (the table chose it)."""
    sc = scenario({"scenario": scenario_id, "mode": mode})
    setup = dict(getattr(sc, "setup", {}) or {}) if sc is not None else {}
    out = {"fame": int(setup.get("start_fame") or 0), "reputation": int(setup.get("start_reputation") or 0)}
    if "more_rampage" in variants:
        out["reputation"] = -4
    elif "rampaging_evil" in variants:
        out["reputation"] = -2
    return out


def line_bonus(state: dict, fame_before: int, amount: int) -> int:
    """Blitz scenarios: "Whenever you cross a line on the Fame track, you get 1 extra Fame" (Scenario Book,
    Blitz Conquest, Special Rules). A line is a level threshold (Rulebook, End of the Turn 6: "a level for each
    line crossed"); the extra Fame may cross one more line, which gives one more."""
    sc = scenario(state)
    per = int((getattr(sc, "setup", {}) or {}).get("fame_per_line_crossed") or 0) if sc is not None else 0
    if not per or amount <= 0:
        return 0
    levels = get_rules().levels
    bonus = 0
    level = standing(levels, fame_before).level
    while True:
        new_level = standing(levels, fame_before + amount + bonus).level
        if new_level == level:
            return bonus
        bonus += per * (new_level - level)
        level = new_level


def cities_closed(state: dict) -> bool:
    """Cities that cannot be assaulted: First Reconnaissance ("Cities cannot be conquered nor entered"), Conquer
    and Hold ("you may not enter it") and the friendly cities of Mines Liberation, Druid Nights, Dungeon Lords."""
    return active(state, "cities_closed") or active(state, "friendly_city")


def assault_costs_reputation(state: dict, fight: str) -> bool:
    """Conquer and Hold: "There is no Reputation loss for assaulting keeps and mage towers"."""
    return not (fight in ("keep", "mage_tower", "other_keep", "other_mage_tower") and active(state, "no_assault_reputation_loss"))


def towers_like_keeps(state: dict) -> bool:
    """Conquer and Hold: "Mage towers work like keeps ... it becomes yours and others may assault it"."""
    game = state.get("game", state)
    return game.get("scenario") == "conquer_and_hold"


def incantation_allowed(state: dict) -> bool:
    return active(state, "druid_incantation")


# ---------------------------------------------------------------------------------------------- tracker actions


@reducer("scenario.mine")
def _mine(state, p, ev):
    liberate(state, p["player"], bool(p.get("core")), p.get("crystal"))


@command("mine_liberated")
def cmd_mine_liberated(state, data) -> Command:
    """Mines Liberation, Special Rules: "Whoever defeats the last enemy liberates the mine ... and gains
    Reputation +1 (+2 on a Core tile)"; "the liberator gets a crystal on the turn of liberation" (its colour)."""
    if not active(state, "mine_liberation"):
        raise Invalid(N_("Only Mines Liberation has mines to liberate."))
    i = player_index(state, data)
    where = choice(data, "tile", ("countryside", "core"))
    raw = data.get("color")
    color = None if raw in (None, "") else choice(data, "color", COLORS)
    pl = state["players"][i]
    steps = 2 if where == "core" else 1
    if color:
        s = sentence(N_("%(name)s liberates a mine (%(tile)s tile): Reputation +%(n)d and a %(color)s crystal."),
                     translate=("tile", "color"), name=pl["name"], tile=TILE_NAMES[where], n=steps,
                     color=COLOR_NAMES[color])
    else:
        s = sentence(N_("%(name)s liberates a mine (%(tile)s tile): Reputation +%(n)d."), translate=("tile",),
                     name=pl["name"], tile=TILE_NAMES[where], n=steps)
    return Command("scenario.mine", {"player": i, "core": where == "core", "crystal": color}, s,
                   (f"player:{i}:reputation", f"player:{i}:mines"))


TILE_NAMES = {"countryside": N_("Countryside"), "core": N_("Core")}
COLOR_NAMES = {"red": N_("red"), "blue": N_("blue"), "green": N_("green"), "white": N_("white")}


@command("tile_revealed")
def cmd_tile_revealed(state, data) -> Command:
    """First Reconnaissance, Special Rules: "A player scores 1 Fame whenever they reveal a new tile, no matter
    which type." Recorded as the Fame tracker's event."""
    if not active(state, "fame_per_revealed_tile"):
        raise Invalid(N_("Only First Reconnaissance gives Fame for a revealed tile."))
    i = player_index(state, data)
    n = whole(data, "count", default=1, lo=1, hi=3)
    pl = state["players"][i]
    s = plural_sentence(*Nn_("%(name)s reveals %(n)d new tile: %(n)d Fame (now %(fame)d).",
                             "%(name)s reveals %(n)d new tiles: %(n)d Fame (now %(fame)d)."), "n", name=pl["name"], n=n,
                 fame=pl["fame"] + n)
    return Command("player.fame", {"player": i, "amount": n}, s, (f"player:{i}:fame",))


def rules_in_play(state: Mapping[str, Any]) -> list[dict]:
    """The game's special rules, each with what the app does with it ("reminder" or an ``EFFECTS`` id), the
    variants chosen and the start values: the games API shows them (docs/api.md, Games)."""
    sc = scenario(state)
    if sc is None:
        return []
    de = sc.special_rules_de or sc.special_rules
    return [{"rule": r, "rule_de": d, "effect": e}
            for r, d, e in zip(sc.special_rules, de, sc.special_rules_effects or ("reminder",) * len(sc.special_rules))]
