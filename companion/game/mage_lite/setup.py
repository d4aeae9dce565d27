"""A Mage Lite game's set-up (seed 004: one player, the Mini Blitz at a difficulty, the Main Expansion and the
Crystal expansion as variants), checked strictly: from the new-game form, the JSON API and an import. The stored
set-up keeps the first Round's Day or Night as ``start_time`` (the set-up's ``start`` holds a Mage Knight
scenario's start Fame and Reputation). No Flask."""

from __future__ import annotations

from typing import Any, Mapping

from ...rules import dummy as rules_dummy
from ...rules.data import get_rules
from ...rules.mage_lite import dummy as ml_rules_counter
from ...rules.mage_lite import game as ml_rules
from ...rules.text import N_
from ...state import initializer
from ..spine.command import Invalid, term
from ..spine.fields import text_value
from .core import MODE, data

MAX_NAME = 40
MAX_GAME_NAME = 60
VARIANTS = ("main_expansion", "crystals")
VARIANT_NAMES = {"main_expansion": N_("Main Expansion (Dummy counter, white and green cities, Portal start)"),
                 "crystals": N_("Crystal expansion (crystals, at most 3 of each colour)")}
DIFFICULTY_NAMES = {"casual": N_("Casual"), "normal": N_("Normal"), "hard": N_("Hard"),
                    "impossible": N_("Impossible")}
KEYS = {"game", "mode", "scenario", "name", "difficulty", "start", "start_time", "players", "variants"}


def is_mage_lite_setup(value: Any) -> bool:
    return isinstance(value, Mapping) and value.get("game") == MODE


def mage_lite_setup_from_form(form: Mapping[str, Any]) -> dict:
    """The new-Mage-Lite-game form's fields as the API's body."""
    variants = form.getlist("variant") if hasattr(form, "getlist") else form.get("variants") or []
    out = {"game": MODE, "name": form.get("name", ""), "difficulty": form.get("difficulty"),
           "players": [{"name": form.get("name_0", "")}], "variants": variants}
    if form.get("start"):
        out["start"] = form.get("start")
    return out


def validate_mage_lite_setup(raw: Any) -> dict:
    """The stored set-up: ``{"game": "mage_lite", "mode": "mage_lite", "scenario": None, "name", "difficulty",
    "start_time": "day"|"night", "variants": [...], "players": [{"name", "hero": None, "team": None}]}``."""
    if not isinstance(raw, Mapping) or raw.get("game") != MODE:
        raise Invalid(N_("The set-up must be an object with a scenario, a mode and the players."))
    unknown = sorted(k for k in raw if k not in KEYS)
    if unknown:
        raise Invalid(N_("A Mage Lite game's set-up has no field %(field)s."), field=str(unknown[0])[:30])
    if raw.get("mode") not in (None, MODE) or raw.get("scenario") is not None:
        raise Invalid(N_("A Mage Lite game's set-up has mode mage_lite and no scenario."))
    difficulty = raw.get("difficulty")
    if difficulty not in ml_rules.DIFFICULTIES:
        raise Invalid(N_("Choose the difficulty: casual, normal, hard or impossible."))
    chosen = data().difficulties[difficulty]
    start = raw.get("start")
    if isinstance(start, Mapping) or start is None:  # an import of a stored set-up: start_time
        start = raw.get("start_time")
    if start not in (None, "", *ml_rules.TIMES):
        raise Invalid(N_("The first Round is a day or a night."))
    start = start or None
    if start is not None and not chosen.start_choice and start != "day":
        # 004 Mini Blitz: only Hard and Impossible print "player choice on whether you start on Day or Night"
        raise Invalid(N_("Only Hard and Impossible let you choose to start on a Night."))
    players = raw.get("players")
    if not isinstance(players, list) or len(players) != 1 or not isinstance(players[0], Mapping):
        raise Invalid(N_("Mage Lite is a solo game: exactly one player."))
    p = players[0]
    if p.get("hero") not in (None, "") or p.get("team") not in (None, ""):
        raise Invalid(N_("A Mage Lite player has no hero and no team to choose."))
    name = text_value(p.get("name") if p.get("name") is not None else "", term(N_("A player's name")),
                      max_len=MAX_NAME) if isinstance(p.get("name"), str) else None
    if not name:
        raise Invalid(N_("Enter the player's name."))
    variants = raw.get("variants") or []
    if not isinstance(variants, list) or any(v not in VARIANTS for v in variants):
        raise Invalid(N_("The variants are main_expansion and crystals."))
    raw_name = raw.get("name")
    if raw_name not in (None, "") and not isinstance(raw_name, str):
        raise Invalid(N_("The game's name must be text."))
    game_name = text_value(raw_name, term(N_("The game's name")), max_len=MAX_GAME_NAME) if raw_name else ""
    return {"game": MODE, "mode": MODE, "scenario": None, "name": game_name or "Mage Lite",
            "difficulty": difficulty, "start_time": start or "day",
            "variants": [v for v in VARIANTS if v in variants],
            "players": [{"name": name, "hero": None, "team": None}]}


def mage_lite_numbers(setup: Mapping[str, Any]) -> dict | None:
    """``state["game"]["setup_numbers"]`` of a Mage Lite game: ``rounds``, ``day_night``, ``city_levels``,
    ``fame_bonus`` (and the tiles, the cities, the Portal start)."""
    try:
        return ml_rules.mini_blitz(data(), setup["difficulty"], setup.get("start_time") or "day",
                                   "main_expansion" in (setup.get("variants") or ())).to_json()
    except (KeyError, ValueError, TypeError):
        return None


def fresh(setup: Mapping[str, Any]) -> dict:
    variants = setup.get("variants") or ()
    dummy = None
    if "main_expansion" in variants:
        # 004 Main Expansion, DUMMY PLAYER: Tovak's base-game hero card, "start it on level 1"
        from_rules = _tovak_pips()
        dummy = {"level": ml_rules_counter.START_LEVEL, "threshold": 7, "pips": from_rules, "announced": False,
                 "final_turn_done": False, "last": None}
    return {"difficulty": setup.get("difficulty"), "start": setup.get("start_time") or "day",
            "main_expansion": "main_expansion" in variants, "crystals": "crystals" in variants,
            "turns": 0, "dummy": dummy, "cities": [], "city_defeated": {}, "over": None, "hero_card": {},
            "last_fame": None, "items": [], "next_id": 1, "commitment": None, "sites": [], "keeps": 0,
            "near": "none"}


def _tovak_pips() -> dict:
    from_data = get_rules().heroes.get("tovak")
    pips = rules_dummy.starting_crystals(from_data).as_dict() if from_data else dict(ml_rules_counter.TOVAK_PIPS)
    return {c: int(pips.get(c, 0)) for c in ("red", "blue", "green", "white")}


@initializer
def _mage_lite_state(state: dict, setup: Mapping[str, Any]) -> None:
    """A Mage Lite game starts with its own part of the state and the first Round's Day or Night."""
    if not is_mage_lite_setup(setup):
        return
    state["mage_lite"] = fresh(setup)
    state["time"] = setup.get("start_time") or "day"
