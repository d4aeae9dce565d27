"""A new game's set-up (Scenario Book: each scenario's players and modes; Team Rules), checked strictly: the form
and the JSON API (and an import) give plain values; wrong types are refused with a reason, never coerced.
No Flask."""

from __future__ import annotations

from typing import Any, Mapping

from ...rules.data import get_rules
from ...rules.setup_numbers import setup_numbers
from ...rules.text import N_
from ...state import initializer
from ..mage_lite.setup import is_mage_lite_setup, mage_lite_numbers, validate_mage_lite_setup
from ..runewars.setup import is_runewars_setup, validate_runewars_setup
from ..spine.command import Invalid, term
from ..spine.fields import text_value
from ..spine.sentences import name_arg
from .scenario_info import scenario
from .scenario_rules import VARIANTS, solo_allowed, start_values

MODES = ("solo", "coop", "competitive", "team")
MODE_TERMS = {"solo": N_("solo"), "coop": N_("co-op"), "competitive": N_("competitive"), "team": N_("team")}
MAX_PLAYERS = 5
MAX_NAME = 40  # a player's name
MAX_GAME_NAME = 60
TEAMS = ("A", "B")
# Scenario Book, Variants, Interactive Combat: "the previous player" sets a secret colour: a solo game has none
NEEDS_ANOTHER_PLAYER = ("interactive_combat",)


def modes_for(sc) -> tuple[str, ...]:
    """The ways a scenario is played, which the new-game form offers: its own modes (Solo Conquest: solo only), and
    solo where the Scenario Book allows it ("Other Solo Missions")."""
    own = tuple(m for m in (sc.modes or MODES) if m in MODES)
    return own + (("solo",) if "solo" not in own and solo_allowed(sc) else ())


def variants_for(mode: str | None) -> tuple[str, ...]:
    """The Scenario Book's variants a game played ``mode`` can use (no Interactive Combat in a solo game)."""
    return tuple(v for v in VARIANTS if not (mode == "solo" and v in NEEDS_ANOTHER_PLAYER))


def setup_from_form(form: Mapping[str, Any]) -> dict:
    """The new-game form's fields (``scenario``, ``mode``, ``name``, ``name_<i>``, ``hero_<i>``, ``team_<i>``) as
    the set-up mapping ``validate_setup`` reads (the JSON API's shape)."""
    return {
        "scenario": form.get("scenario"),
        "mode": form.get("mode"),
        "name": form.get("name", ""),
        "variants": (form.getlist("variant") if hasattr(form, "getlist") else form.get("variants")) or [],
        "players": [
            {"name": form.get(f"name_{i}", ""), "hero": form.get(f"hero_{i}") or None, "team": form.get(f"team_{i}")}
            for i in range(MAX_PLAYERS)
        ],
    }


def _text_or_none(raw: Any, field: Any, max_len: int) -> str | None:
    if raw is None or raw == "":
        return None
    if not isinstance(raw, str):
        raise Invalid(N_("%(field)s must be text."), field=field)
    return text_value(raw, field, max_len=max_len) or None


def _player(p: Any, mode: str, rules, names: set, heroes: set) -> dict | None:
    """One player's entry; None for an empty slot of the form (no name)."""
    if not isinstance(p, Mapping):
        raise Invalid(N_("Each player must be an object with a name, a hero and a team."))
    raw_name = p.get("name")
    if raw_name is not None and not isinstance(raw_name, str):
        raise Invalid(N_("A player's name must be text."))
    name = (raw_name or "").strip()
    if not name:
        return None
    if len(name) > MAX_NAME:
        raise Invalid("A player's name can have at most 40 characters.")
    text_value(name, term(N_("A player's name")), max_len=MAX_NAME)  # no control characters or lone surrogates
    if name.casefold() in names:
        raise Invalid("Two players are called %(name)s: give them different names.", name=name)
    names.add(name.casefold())
    raw_hero = p.get("hero")
    if raw_hero is not None and raw_hero != "" and not isinstance(raw_hero, str):
        raise Invalid(N_("A hero must be given by its id (text)."))
    hero = raw_hero or None
    if hero is not None:
        if hero not in rules.heroes:
            raise Invalid("There is no hero %(hero)s.", hero=str(hero)[:30])
        if hero in heroes:
            raise Invalid("Two players chose %(hero)s: each hero can be played once.",
                          hero=name_arg(rules.heroes[hero].name, rules.heroes[hero].name_de))
        heroes.add(hero)
    raw_team = p.get("team")
    if raw_team is not None and raw_team != "" and not isinstance(raw_team, str):
        raise Invalid(N_("A team is A or B."))
    team = raw_team or None
    if mode == "team" and team not in TEAMS:
        raise Invalid("In a team game every player is in team A or team B.")
    return {"name": name, "hero": hero, "team": team if mode == "team" else None}


def validate_setup(data: Any, new: bool = True) -> dict:
    """Check a new game's set-up; raises Invalid with the reason. Returns the stored set-up:
    ``{"scenario", "mode", "players": [{"name", "hero", "team"}], "name"}``. ``new=False`` (an import) keeps a
    variant an older version let a game choose (Interactive Combat in a solo game)."""
    if is_runewars_setup(data):  # a Runewars game (seed 001): its own set-up
        return validate_runewars_setup(data)
    if is_mage_lite_setup(data):  # a Mage Lite game (seed 004): its own set-up
        return validate_mage_lite_setup(data)
    rules = get_rules()
    if not isinstance(data, Mapping):
        raise Invalid(N_("The set-up must be an object with a scenario, a mode and the players."))
    scenario_id = data.get("scenario")
    if not isinstance(scenario_id, str) or scenario_id not in rules.scenarios:
        raise Invalid("Choose a scenario.")
    sc = rules.scenarios[scenario_id]
    mode = data.get("mode")
    if not isinstance(mode, str) or mode not in MODES:
        raise Invalid("Choose how you play: solo, co-op, competitive or team.")
    if sc.modes and mode not in sc.modes and not (mode == "solo" and solo_allowed(sc)):
        raise Invalid("%(scenario)s is not played %(mode)s.", scenario=name_arg(sc.name, sc.name_de),
                      mode=term(MODE_TERMS[mode]))
    raw_players = data.get("players")
    if raw_players is None:
        raw_players = []
    if not isinstance(raw_players, (list, tuple)):
        raise Invalid(N_("The players must be a list."))
    if len(raw_players) > 20:  # the form sends 5 slots; no table has more
        raise Invalid("At most %(n)d players.", n=MAX_PLAYERS)
    names: set = set()
    heroes: set = set()
    players = [pl for pl in (_player(p, mode, rules, names, heroes) for p in raw_players) if pl is not None]
    if not players:
        raise Invalid("Enter at least one player's name.")
    if len(players) > MAX_PLAYERS:
        raise Invalid("At most %(n)d players.", n=MAX_PLAYERS)
    if mode == "solo" and len(players) != 1:
        raise Invalid("A solo game has exactly one player.")
    if mode != "solo" and len(players) < 2:
        raise Invalid("A %(mode)s game needs at least two players.", mode=term(MODE_TERMS[mode]))
    if mode == "team" and sorted(p["team"] for p in players) != ["A", "A", "B", "B"]:
        raise Invalid("A team game is four players: two in team A, two in team B.")
    if sc.id == "conquer_and_hold" and len(players) == 4 and mode != "team":
        # Scenario Book, Conquer and Hold: "Players: 2, or 4 (two teams)"; "If playing with four, Team Rules apply"
        raise Invalid("With four players, %(scenario)s is played in two teams.",
                      scenario=name_arg(sc.name, sc.name_de))
    if mode != "solo" and not (sc.players_min <= len(players) <= sc.players_max):
        raise Invalid("%(scenario)s is for %(lo)d to %(hi)d players.", scenario=name_arg(sc.name, sc.name_de),
                      lo=sc.players_min, hi=sc.players_max)
    raw_game_name = data.get("name")
    if raw_game_name is not None and not isinstance(raw_game_name, str):
        raise Invalid(N_("The game's name must be text."))
    game_name = (raw_game_name or "").strip()[:MAX_GAME_NAME]
    _text_or_none(game_name, term(N_("The game's name")), MAX_GAME_NAME)
    variants = _variants(data.get("variants"), sc)
    if new and any(v not in variants_for(mode) for v in variants):
        raise Invalid(N_("Interactive Combat needs a previous player: it is not played solo."))
    out = {"scenario": scenario_id, "mode": mode, "players": players, "name": game_name}
    if variants:
        out["variants"] = variants
    start = start_values(scenario_id, mode, variants)
    if any(start.values()):
        out["start"] = start  # every player's start Fame and Reputation (state.initial_state)
    return out


def setup_numbers_of(setup: Mapping[str, Any]):
    """The set-up numbers (``companion.rules.setup_numbers``) of a game created with ``setup``: its scenario as
    played (a solo game's variant, or the Scenario Book's "Other Solo Missions" set-up), its actual players and
    variants; None for a game without a Mage Knight scenario (Runewars) or a player count the scenario has not."""
    if not isinstance(setup, Mapping) or not isinstance(setup.get("scenario"), str):
        return None
    sc = scenario({"scenario": setup.get("scenario"), "mode": setup.get("mode")})
    standard = get_rules().setup_rules
    players = setup.get("players") or []
    if sc is None or standard is None or not isinstance(players, list):
        return None
    variants = [v for v in setup.get("variants") or () if isinstance(v, str)]
    try:
        return setup_numbers(sc, len(players), standard, variants)
    except ValueError:
        return None


def setup_numbers_json(setup: Mapping[str, Any]) -> dict | None:
    """What the state keeps: ``state["game"]["setup_numbers"]`` (the fold's first step, ``state.initial_state``);
    a Mage Lite game's are its Mini Blitz numbers (``companion.game.mage_lite.setup``)."""
    if is_mage_lite_setup(setup):
        return mage_lite_numbers(setup)
    numbers = setup_numbers_of(setup)
    return numbers.to_json() if numbers is not None else None


@initializer
def _setup_numbers_in_state(state: dict, setup: Mapping[str, Any]) -> None:
    """The fold's first step (``state.initial_state``) keeps them in ``state["game"]["setup_numbers"]``."""
    state["game"]["setup_numbers"] = setup_numbers_json(setup)


def _variants(raw: Any, sc) -> list[str]:
    """The Scenario Book's variants the table chose (Variants: "Only use a variant rule if all players agree")."""
    if raw is None or raw == "":
        return []
    if isinstance(raw, str):
        raw = [raw]
    if not isinstance(raw, (list, tuple)) or len(raw) > len(VARIANTS):
        raise Invalid(N_("The variants must be a list of variant names."))
    out = []
    for v in raw:
        if not isinstance(v, str) or v not in VARIANTS:
            raise Invalid(N_("There is no variant %(variant)s."), variant=str(v)[:30])
        if v not in out:
            out.append(v)
    if "rampaging_evil" in out and "more_rampage" in out:
        raise Invalid(N_("More Rampage! is the extreme version of Rampaging Evil: choose one of them."))
    if "megapolis" in out:
        n_cities = max((len(v) for v in sc.city_levels.values()), default=0)
        if sc.city_status != "conquerable" or n_cities > 3 and sc.id != "full_conquest":
            # Variants, Megapolis: "This can only be done in scenarios with three or fewer cities"
            raise Invalid(N_("A Megapolis needs a scenario with cities to conquer (at most three)."))
    return [v for v in VARIANTS if v in out]
