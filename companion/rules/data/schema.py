"""Rules-data vocabularies, the error type and the validating helpers every per-kind parser uses."""
from __future__ import annotations

import dataclasses
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable, Iterable, Mapping

import yaml

from ...resources import RULES_DATA

try:  # the C loader is several times faster; fall back to the pure-Python one
    _YamlLoader = yaml.CSafeLoader  # type: ignore[attr-defined]
except AttributeError:  # pragma: no cover
    _YamlLoader = yaml.SafeLoader

DEFAULT_DIR = RULES_DATA


# --------------------------------------------------------------------------------------------- vocabularies
ELEMENTS = ("physical", "fire", "ice", "cold_fire")
RESISTANCES = ("physical", "fire", "ice")
ENEMY_ABILITIES = (
    "fortified", "unfortified", "elusive", "arcane_immunity", "swift", "brutal", "poison", "paralyze",
    "assassination", "cumbersome", "vampiric", "summon", "defend",
)


PILE_COLORS = ("green", "gray", "violet", "brown", "red", "white")
EXPANSIONS = ("base", "lost_legion", "krang", "tezla")
MANA_COLORS = ("red", "blue", "green", "white")
CITY_COLORS = ("white", "blue", "red", "green")
MODES = ("solo", "coop", "competitive", "team")
TIMES = ("day", "night")
TACTICS_RULES = ("standard", "solo_conquest", "full_cooperation")
# What a scenario's special rule makes the app compute (scenarios.yaml ``special_rules_effects``, one per rule);
# "reminder": the rule is printed on the board only, the table applies it. Each id is implemented in
# companion/game/flow/scenario_rules.py (EFFECTS; a test checks that every id here is).
SCENARIO_EFFECTS = (
    "reminder",
    "start_fame_and_line_bonus",     # Blitz: start at Fame 1, +1 Fame per line crossed on the Fame track
    "start_reputation",              # Blitz: start at Reputation +2
    "fame_per_revealed_tile",        # First Reconnaissance: the board's "tile revealed" button gives 1 Fame
    "cities_closed",                 # cities cannot be entered: a city assault is refused
    "friendly_city",                 # a friendly city: no city assault, no city scoring
    "dummy_tactics",                 # the Dummy player's Tactics rule (the Dummy page)
    "solo_setup",                    # solo variant: rounds, tiles and Dummy player from the data
    "coop_scoring",                  # one team score (the Score page)
    "team_rules",                    # Team Rules scoring (the Score page)
    "mine_liberation",               # Mines Liberation: the board's "mine liberated" action, Reputation +1/+2
    "druid_incantation",             # Druid Nights: the incantation combat, Fame doubled, crystals per monster
    "no_assault_reputation_loss",    # Conquer and Hold: assaulting keeps and mage towers costs no Reputation
    "rounds_by_players",             # Conquer and Hold: 6 rounds with 2 players, 4 otherwise
    "towers_like_keeps",             # Conquer and Hold: another player's mage tower is assaulted for half Fame
    "druid_glades",                  # Druid Nights: glades marked with a Shield (board), cleared after a Night
    "dungeon_no_revisit",            # Dungeon Lords: a conquered dungeon or tomb is not fought again for Fame
    "conquer_hold_defenders",        # Conquer and Hold: 1/2/3 defenders of another player's keep or tower
    "conquer_hold_tower_mana",       # Conquer and Hold: gold/black mana per mage tower owned (board)
    "no_elite_units",                # First Reconnaissance: recruiting an Elite Unit is refused
    "conquer_hold_units",            # Conquer and Hold: no level IV Units; Elite Units from Round 3 or 4
    "mine_fight",                    # Mines Liberation: the combat page's mine (Night rules, Units), liberated
    "setup_numbers",                 # a set-up number (Source dice, Unit offer, offers, Elite Units) shown at set-up
)
# How a scenario ends (scenarios.yaml ``end``; the game layer's companion/game/flow/scenario_end.py): ``when`` the
# conditions the app reads from the record (every scenario also ends when its last Round is over), ``goal`` the
# printed condition the table confirms with the "scenario goal" command where the app does not track it, and
# ``last_turns`` what follows: each player (never the Dummy player) one last turn, or none (the game ends at once).
SCENARIO_END_WHEN = ("all_cities_conquered", "goal")
SCENARIO_GOALS = ("city_revealed", "mines_liberated", "dungeons_conquered", "incantations", "concession")
SCENARIO_LAST_TURNS = ("each_player", "none")
# What a Tactic card makes the app do (tactics.yaml ``effect``): its number only, another turn (The Right Moment),
# or a reminder to its holder (a hand, deck or mana effect the app does not track).
TACTIC_EFFECTS = ("order_only", "extra_turn", "reminder")
LEVEL_REWARDS = ("start", "skill_and_advanced_action", "command_token_armor_hand")
UNIT_KINDS = ("regular", "elite")
RECRUIT_SITES = ("village", "keep", "mage_tower", "monastery", "city", "camp", "magical_glade")
RECRUIT_REPUTATION = ("reversed", "doubled")  # Thugs reverse the Reputation modifier, Heroes double it
CARD_KINDS = ("basic_action", "advanced_action", "spell", "artifact")
CARD_COLORS = ("red", "blue", "green", "white")


class RulesDataError(ValueError):
    """Broken rules data.  The message names the file, the entry and the field."""


# --------------------------------------------------------------------------------------------- helpers
def _freeze(value: Any) -> Any:
    if isinstance(value, dict):
        return MappingProxyType({k: _freeze(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


def _plain(value: Any) -> Any:
    """JSON-ready copy: dataclasses -> dicts, tuples -> lists, mapping keys -> str."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        if hasattr(value, "to_dict"):
            return value.to_dict()
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def as_dict(obj: Any) -> Any:
    """The API shape of any rules-data object."""
    return _plain(obj)


class _Entry:
    """Typed access to one YAML mapping with error messages naming file, entry and field."""

    def __init__(self, file: str, raw: Any, entry_id: str, allowed: Iterable[str] | None = None):
        self.file = file
        self.id = entry_id
        if not isinstance(raw, dict):
            self.fail("-", f"entry must be a mapping, got {type(raw).__name__}")
        self.raw = raw
        if allowed is not None:
            unknown = sorted(set(raw) - set(allowed))
            if unknown:
                self.fail(unknown[0], "unknown field (typo?)")

    def fail(self, fld: str, problem: str):
        raise RulesDataError(f"{self.file}: {self.id}: {fld}: {problem}")

    def has(self, key: str) -> bool:
        return key in self.raw and self.raw[key] is not None

    def get(self, key: str, default: Any = None) -> Any:
        return self.raw.get(key, default)

    def req(self, key: str) -> Any:
        if key not in self.raw or self.raw[key] is None:
            self.fail(key, "missing")
        return self.raw[key]

    def str(self, key: str, default: Any = ..., choices: Iterable[str] | None = None) -> Any:
        if default is not ... and not self.has(key):
            return default
        v = self.req(key)
        if not isinstance(v, str) or not v.strip():
            self.fail(key, f"must be a non-empty string, got {v!r}")
        if choices is not None and v not in tuple(choices):
            self.fail(key, f"{v!r} is not one of {', '.join(choices)}")
        return v

    def int(self, key: str, default: Any = ..., lo: int | None = None, hi: int | None = None) -> Any:
        if default is not ... and not self.has(key):
            return default
        v = self.req(key)
        return self.check_int(key, v, lo, hi)

    def check_int(self, key: str, v: Any, lo: int | None = None, hi: int | None = None) -> int:
        if isinstance(v, bool) or not isinstance(v, int):
            self.fail(key, f"must be an integer, got {v!r}")
        if lo is not None and v < lo:
            self.fail(key, f"must be at least {lo}, got {v}")
        if hi is not None and v > hi:
            self.fail(key, f"must be at most {hi}, got {v}")
        return v

    def bool(self, key: str, default: Any = ...) -> Any:
        if default is not ... and not self.has(key):
            return default
        v = self.req(key)
        if not isinstance(v, bool):
            self.fail(key, f"must be true or false, got {v!r}")
        return v

    def list(self, key: str, default: Any = ..., item: Callable[[Any], Any] | None = None,
             choices: Iterable[str] | None = None, unique: bool = False) -> tuple:
        if default is not ... and not self.has(key):
            return tuple(default)
        v = self.req(key)
        if not isinstance(v, list):
            self.fail(key, f"must be a list, got {v!r}")
        out = []
        for x in v:
            if choices is not None and x not in tuple(choices):
                self.fail(key, f"{x!r} is not one of {', '.join(choices)}")
            out.append(item(x) if item else x)
        if unique and len(set(out)) != len(out):
            self.fail(key, "duplicate values")
        return tuple(out)

    def strs(self, key: str, default: Any = ..., choices: Iterable[str] | None = None) -> tuple:
        def one(x):
            if not isinstance(x, str) or not x.strip():
                self.fail(key, f"items must be non-empty strings, got {x!r}")
            return x
        return self.list(key, default, item=one, choices=choices)

    def mapping(self, key: str, default: Any = ...) -> dict:
        if default is not ... and not self.has(key):
            return default
        v = self.req(key)
        if not isinstance(v, dict):
            self.fail(key, f"must be a mapping, got {v!r}")
        return v


def _read_yaml(path: Path) -> Any:
    try:
        with open(path, "rb") as fh:
            return yaml.load(fh, Loader=_YamlLoader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}" if mark is not None else "-"
        problem = getattr(exc, "problem", None) or str(exc)
        raise RulesDataError(f"{path.name}: {where}: -: invalid YAML: {problem}") from None


def _check_sources(file: str, doc: Any) -> tuple[str, ...]:
    if not isinstance(doc, dict):
        raise RulesDataError(f"{file}: -: -: the file must be a mapping with `sources:` and its entries")
    src = doc.get("sources")
    if not isinstance(src, list) or not src or not all(isinstance(s, str) and s.strip() for s in src):
        raise RulesDataError(f"{file}: -: sources: missing (every rules-data file lists its sources)")
    return tuple(src)


def _entries(file: str, doc: dict, key: str) -> list:
    items = doc.get(key)
    if not isinstance(items, list) or not items:
        raise RulesDataError(f"{file}: -: {key}: missing or empty list")
    return items


def _entry_id(file: str, raw: Any, index: int, key: str = "id") -> str:
    if isinstance(raw, dict) and isinstance(raw.get(key), (str, int)) and not isinstance(raw.get(key), bool):
        return str(raw[key])
    if isinstance(raw, dict) and key in raw:
        raise RulesDataError(f"{file}: #{index + 1}: {key}: must be a string, got {raw.get(key)!r}")
    raise RulesDataError(f"{file}: #{index + 1}: {key}: missing")


def _ident(e: _Entry, key: str = "id") -> str:
    v = e.str(key)
    if not v.replace("_", "").isalnum() or v != v.lower():
        e.fail(key, f"{v!r} must be snake_case (a-z, 0-9, _)")
    return v


def _unique(file: str, ids: Iterable[str]) -> None:
    seen: set[str] = set()
    for i in ids:
        if i in seen:
            raise RulesDataError(f"{file}: {i}: id: duplicate id")
        seen.add(i)


def _names(e: _Entry) -> tuple[str, str]:
    return e.str("name"), e.str("name_de")
