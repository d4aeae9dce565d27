"""A fight refereed on the combat page, fed into the Mage Lite game (seed 004): registered as the Mage Lite game's
``FightHooks`` (``companion/game/flow/fight_hooks.py``), so the combat package asks for them without importing this one.

- The set-up: the hero's Armor and unmodified Hand limit from the hero card (``core.hero_card``: Mage Knight's
  level table, or the player's correction for the level); a city fight only against a city of this Mini Blitz not
  yet conquered, its level from the set-up ("City Levels: 3 and 5"; which city has which level the text does not
  say: as Mage Knight's scenarios print it, "the first revealed city is of level 5, the second revealed city is of
  level 8", the first city assaulted takes the first level, the other the second; another level can be typed).
- The outcome: the Fame through ``tracks.add_fame`` (the Mini Blitz's Fame Bonus at every level crossed, in the
  trace and the log sentence), the Reputation through ``tracks.shift_reputation`` (the combat computes it: an
  assault -1, rampaging Orcs +1 and Draconum +2 each, burning a monastery -3), a city won conquered through
  ``rounds.conquer_city`` with the enemies defeated there (each adds 1 Influence in it), a keep or another site won
  recorded as a site beaten (a keep also owned: its Hand limit bonus), the Units it hurt written back
  (``units.apply_fight``: wounded, twice by Poison, disbanded by Paralyze).
- The Units: the game's own (``units.combat_units``: the Mage Lite Units with their card's numbers), not Mage
  Knight's; the level-up in Mage Lite's words (``level_up``).
No Flask.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...rules.data import get_rules
from ...rules.mage_lite import game as ml_rules
from ...rules.text import N_, Nn_, T, Term
from ..flow.fight_hooks import FightHooks, register_fight_hooks
from ..spine.command import Invalid
from ..spine.sentences import plural_sentence
from .core import MODE, SCOPE, data, hero_card, live, ml, numbers, require_running
from .rounds import conquer_city
from .tracks import add_fame, shift_reputation
from .units import apply_fight, combat_units, untyped_units

# the sites a fight beats, as the page's list of sites beaten names them (msgids: the page translates them)
SITE_NAMES = {"keep": N_("Keep"), "mage_tower": N_("Mage tower"), "rampaging": N_("Rampaging enemies"),
              "adventure": N_("Adventure site"), "dungeon": N_("Dungeon or tomb"), "maze": N_("Maze or labyrinth"),
              "monastery": N_("Monastery (burned)")}
CITY_TERMS = {"white": N_("White city"), "blue": N_("Blue city"), "red": N_("Red city"), "green": N_("Green city")}


def standing(state: dict, _player: int) -> tuple[int, int]:
    card = hero_card(state)
    return card.armor, card.hand_limit


def _fought_levels(state: Mapping[str, Any]) -> dict:
    """The level each city was assaulted at (the combat's record of its cities)."""
    cities = (state.get("combat") or {}).get("cities") or {}
    return {c: v.get("level") for c, v in cities.items() if v.get("level")}


def city_level(state: dict, color: str) -> int | None:
    """The level of ``color``'s city: the one it was assaulted at before, else the first level of the Mini Blitz
    no other city has taken."""
    fought = _fought_levels(state)
    if color in fought:
        return int(fought[color])
    taken = [lv for c, lv in fought.items() if c != color]
    levels = list(numbers(state)["city_levels"])
    for lv in taken:
        if lv in levels:
            levels.remove(lv)
    return levels[0] if levels else None


def check_setup(state: dict, fight: str, city: str | None) -> None:
    m = require_running(state)
    if fight != "city":
        return
    if city not in numbers(state)["cities"]:
        # 004 "CITY ASSAULTS" 1: "only the red and blue city are available in the base game"
        raise Invalid(N_("This game has no such city: the base game has the red and the blue city, the Main "
                         "Expansion adds the white and the green one."))
    if city in m["cities"]:
        raise Invalid(N_("That city is already conquered."))


def _gain(state: dict, fame: int) -> ml_rules.FameGain:
    return ml_rules.gain_fame(get_rules().levels, state["players"][0]["fame"], fame, numbers(state)["fame_bonus"],
                              data().max_level)


def _defeated_there(state: dict, o: Mapping[str, Any]) -> int:
    """The enemies defeated in this city so far, this fight's included (one Shield each on the City card)."""
    before = (((state.get("combat") or {}).get("cities") or {}).get(o["city"]) or {}).get("shields") or []
    return min(9, len(before) + int((o.get("shields") or {}).get("city", 0)))


def _beaten(o: Mapping[str, Any]) -> bool:
    """A site won: its defenders all defeated (rampaging enemies: all of them, the site then an empty space)."""
    if o["fight"] == "rampaging":
        return bool(o.get("defeated")) and not o.get("undefeated")
    return bool(o.get("conquered")) and o["fight"] in SITE_NAMES


def outcome_lines(state: dict, o: Mapping[str, Any]) -> list:
    lines = []
    if int(o["fame"]) > 0:
        lines.extend(_gain(state, int(o["fame"])).explanation)
    if o.get("city") and o.get("conquered"):
        lines.append(T("Mage Lite, Interaction with Locals 3a: the %(city)s is conquered; interacting in it adds 1 "
                       "Influence for each enemy defeated there: +%(n)d", city=Term(CITY_TERMS[o["city"]]),
                       n=_defeated_there(state, o)))
    elif _beaten(o):
        lines.append(T("Mage Lite: the site is beaten (%(site)s)", site=Term(SITE_NAMES[o["fight"]])))
    return lines


def outcome_sentence(state: dict, o: Mapping[str, Any]):
    """combat.end's log sentence with the Fame Bonus, when a level is crossed (else the combat's own)."""
    gain = _gain(state, int(o["fame"])) if int(o["fame"]) > 0 else None
    if not gain or not gain.bonus:
        return None
    return plural_sentence(
        *Nn_("Combat over: %(name)s gains %(fame)d Fame and the Fame Bonus +%(bonus)d, Reputation %(rep)+d, "
             "%(wounds)d Wound; enemies defeated: %(defeated)d.",
             "Combat over: %(name)s gains %(fame)d Fame and the Fame Bonus +%(bonus)d, Reputation %(rep)+d, "
             "%(wounds)d Wounds; enemies defeated: %(defeated)d."), "wounds",
        name=state["players"][0]["name"], fame=int(o["fame"]), bonus=gain.bonus, rep=int(o["reputation"]),
        wounds=int(o["wounds_to_hand"]) + int(o["wounds_to_discard"]), defeated=len(o["defeated"]))


def apply_outcome(state: dict, o: Mapping[str, Any], seq: int) -> None:
    """The ``combat.end`` reducer's part for a Mage Lite game (the combat's record of the city is already
    updated)."""
    m = live(state)
    if int(o["fame"]):
        add_fame(state, int(o["fame"]), seq)
    if int(o["reputation"]):
        shift_reputation(state, int(o["reputation"]))
    apply_fight(state, o.get("units") or ())  # the Units hurt: wounded, twice by Poison, disbanded by Paralyze
    if o.get("city") and o.get("conquered"):
        shields = ((state.get("combat") or {}).get("cities") or {}).get(o["city"], {}).get("shields") or []
        conquer_city(state, o["city"], min(9, len(shields)))
    elif _beaten(o):
        m["sites"].append(SITE_NAMES[o["fight"]])
        if o["fight"] == "keep":
            m["keeps"] = min(9, m["keeps"] + 1)  # a keep conquered is owned (its Hand limit bonus)


def level_up(state: dict, before: int, after: int) -> dict:
    """The combat outcome's level-up in Mage Lite's words (004 "LEVELING UP": even levels a Skill and an Advanced
    Action from the three left-most basic actions of the new hand, odd levels a Command token), the Mini Blitz's
    Fame Bonus of each level crossed already in the Fame ``after``."""
    cap = data().max_level
    old = ml_rules.level_of(get_rules().levels, before, cap)
    new = ml_rules.level_of(get_rules().levels, after, cap)
    crossed = range(old + 1, new + 1)
    return {"before": old, "after": new, "bonus": numbers(state)["fame_bonus"] * len(crossed),
            "rewards": ["skill_and_advanced_action" if n % 2 == 0 else "command_token" for n in crossed],
            "lines": [line.to_json() for n in crossed for line in ml_rules.level_reward(n)]}


def page(state: dict) -> dict:
    m = ml(state)
    card = hero_card(state)
    # the cities still to conquer with their level; with the Main Expansion's four colours, once two were assaulted
    # the others are not on this map (two city cards): they have no level left and are not offered
    levels = [(c, city_level(state, c)) for c in numbers(state)["cities"] if c not in m["cities"]]
    return {"cities": [] if m.get("over") else [(c, lv) for c, lv in levels if lv is not None],
            "armor": card.armor, "hand_limit": card.hand_limit, "from_card": card.from_card,
            "levels": list(numbers(state)["city_levels"]), "over": bool(m.get("over")),
            # the verdict, shown on the combat page in place of its fights once the game is over
            "verdict": m.get("over"), "rounds": numbers(state)["rounds"], "conquered": len(m["cities"]),
            "untyped_units": untyped_units(state)}


register_fight_hooks(MODE, FightHooks(standing=standing, check_setup=check_setup, city_level=city_level,
                                      outcome_lines=outcome_lines, outcome_sentence=outcome_sentence,
                                      apply_outcome=apply_outcome, page=page, scope=SCOPE, units=combat_units,
                                      level_up=level_up))
