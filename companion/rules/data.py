"""Rules-data loader: ``rules_data/*.yaml`` -> typed, frozen dataclasses.

Usage::

    from companion.rules.data import get_rules, load_rules, RulesDataError
    rules = get_rules()          # cached; loads <repo>/rules_data
    rules.enemies["orc_summoner"].armor

Every file is validated when it is loaded.  Bad data raises ``RulesDataError`` with a message of the form
``"<file>: <entry id>: <field>: <problem>"`` so a broken edit fails at start-up, not in the middle of a game.

This module is pure: no Flask, no database.  The only I/O is reading the YAML files.
"""
from __future__ import annotations

import dataclasses
import functools
import os
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable, Iterable, Mapping

import yaml

try:  # the C loader is several times faster; fall back to the pure-Python one
    _YamlLoader = yaml.CSafeLoader  # type: ignore[attr-defined]
except AttributeError:  # pragma: no cover
    _YamlLoader = yaml.SafeLoader

DEFAULT_DIR = Path(__file__).resolve().parents[2] / "rules_data"

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
    """The API shape of any rules-data object (issue 3, part 4)."""
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


# --------------------------------------------------------------------------------------------- dataclasses
class _ApiMixin:
    _api_fields: tuple[str, ...] = ()

    def to_dict(self) -> dict:
        names = self._api_fields or tuple(f.name for f in dataclasses.fields(self))  # type: ignore[arg-type]
        return {n: _plain(getattr(self, n)) for n in names}


@dataclass(frozen=True)
class Level(_ApiMixin):
    level: int
    fame: int                 # minimum Fame for this level
    armor: int
    hand_limit: int
    command_tokens: int
    reward: str               # what you get on reaching this level (see LEVEL_REWARDS)
    _api_fields = ("level", "fame", "armor", "hand_limit", "command_tokens", "reward")


@dataclass(frozen=True)
class ReputationSpace(_ApiMixin):
    space: int | str          # -7..7 or "X"
    modifier: int | None      # None on X: cannot interact at all
    _api_fields = ("space", "modifier")


@dataclass(frozen=True)
class Scenario(_ApiMixin):
    id: str
    name: str
    name_de: str
    players_min: int
    players_max: int
    modes: tuple[str, ...]
    rounds: int                                   # for the usual player count; see rounds_for()
    day_night: tuple[str, ...]                    # "day"/"night" per round, in order
    map_shape: str                                # English text
    map_shape_de: str
    tiles: Mapping[str, Mapping[int, int]]        # {"countryside"|"core_city"|"core_non_city": {players: n}}
    city_levels: Mapping[int, tuple[int, ...]]    # players -> levels in reveal order (empty: no conquest)
    city_status: str                              # "conquerable" | "not_enterable" | "friendly"
    dummy: bool
    tactics_rule: str
    special_rules: tuple[str, ...]
    special_rules_de: tuple[str, ...]
    end_conditions: str
    end_conditions_de: str
    scoring: Mapping[str, Any]
    type: str = "competitive"
    rounds_by_players: Mapping[int, int] = field(default_factory=lambda: MappingProxyType({}))
    solo_variant: "Scenario | None" = None
    page: int | None = None
    name_de_source: str = "seed"
    setup: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    def rounds_for(self, players: int) -> int:
        return self.rounds_by_players.get(players, self.rounds)

    def day_night_for(self, players: int) -> tuple[str, ...]:
        n = self.rounds_for(players)
        return tuple("day" if i % 2 == 0 else "night" for i in range(n))

    def to_dict(self) -> dict:
        d = {f.name: _plain(getattr(self, f.name)) for f in dataclasses.fields(self)}
        return d


@dataclass(frozen=True)
class DeckCard(_ApiMixin):
    id: str
    name: str
    name_de: str
    color: str
    count: int
    replaces: str | None = None     # id of the standard basic action this hero card replaces
    _api_fields = ("id", "name", "name_de", "color", "count", "replaces")


@dataclass(frozen=True)
class Skill(_ApiMixin):
    id: str
    name: str
    name_de: str
    interactive: bool = False
    _api_fields = ("id", "name", "name_de", "interactive")


@dataclass(frozen=True)
class Hero(_ApiMixin):
    id: str
    name: str
    name_de: str
    crystals: tuple[str, str, str]
    deck: tuple[DeckCard, ...]
    skills: tuple[Skill, ...]
    expansion: str = "base"
    crystals_source: str = ""
    crystals_verified: bool = True
    _api_fields = ("id", "name", "name_de", "expansion", "crystals", "crystals_verified", "deck", "skills")

    @property
    def deck_size(self) -> int:
        return sum(c.count for c in self.deck)


@dataclass(frozen=True)
class Tactic(_ApiMixin):
    id: str
    name: str
    name_de: str
    time: str
    number: int
    text: str = ""
    text_de: str = ""
    _api_fields = ("id", "name", "name_de", "time", "number")


@dataclass(frozen=True)
class City(_ApiMixin):
    color: str
    name: str
    name_de: str
    bonus: str
    bonus_de: str
    garrison: Mapping[int, tuple[str, ...]]
    printing_note: str | None = None
    _api_fields = ("color", "name", "name_de", "bonus", "bonus_de", "garrison", "printing_note")

    @property
    def id(self) -> str:
        return self.color


@dataclass(frozen=True)
class Attack(_ApiMixin):
    value: int
    element: str = "physical"
    _api_fields = ("value", "element")


@dataclass(frozen=True)
class Enemy(_ApiMixin):
    id: str
    name: str
    name_de: str
    color: str
    expansion: str
    copies: int
    armor: int
    elusive_armor: int | None
    attacks: tuple[Attack, ...]
    abilities: tuple[str, ...]
    defend: int | None
    summon: str | None
    resistances: tuple[str, ...]
    fame: int
    reputation: int | None = None
    printing_note: str | None = None
    summon_count: int = 1             # Dragon Summoner draws two tokens (two summon attacks)
    faction: str | None = None        # Shades of Tezla: elementalist | dark_crusader
    _api_fields = ("id", "name", "name_de", "color", "expansion", "copies", "armor", "elusive_armor", "attacks",
                   "abilities", "defend", "summon", "resistances", "fame", "reputation", "printing_note",
                   "summon_count", "faction")


@dataclass(frozen=True)
class Unit(_ApiMixin):
    id: str
    name: str
    name_de: str
    kind: str
    level: int
    cost: int
    armor: int
    resistances: tuple[str, ...]
    recruit_sites: tuple[str, ...]
    copies: int
    abilities: tuple[str, ...]
    abilities_de: tuple[str, ...]
    expansion: str = "base"
    printing_note: str | None = None
    recruit_reputation: str | None = None  # "reversed" (Thugs) or "doubled" (Heroes): the recruit's Reputation rule


@dataclass(frozen=True)
class Site(_ApiMixin):
    id: str
    name: str
    name_de: str
    kind: str
    rules: tuple[str, ...]
    rules_de: tuple[str, ...]
    expansion: str = "base"


@dataclass(frozen=True)
class Terrain(_ApiMixin):
    id: str
    name: str
    name_de: str
    day: int | None       # move cost, None = impassable
    night: int | None
    note: str = ""
    note_de: str = ""


@dataclass(frozen=True)
class Card(_ApiMixin):
    id: str
    name: str
    name_de: str
    kind: str
    color: str | None
    copies: int = 1
    expansion: str = "base"
    number: int | None = None
    name_night: str | None = None       # spells: the powered (night) name
    name_night_de: str | None = None
    interactive: bool = False


@dataclass(frozen=True)
class Rules:
    path: str
    sources: Mapping[str, tuple[str, ...]]
    levels: tuple[Level, ...]
    reputation: tuple[ReputationSpace, ...]
    scenarios: Mapping[str, Scenario]
    heroes: Mapping[str, Hero]
    tactics: tuple[Tactic, ...]
    cities: Mapping[str, City]
    enemies: Mapping[str, Enemy]
    units: Mapping[str, Unit]
    sites: Mapping[str, Site]
    terrains: Mapping[str, Terrain]
    cards: Mapping[str, Card]

    def kind(self, name: str) -> list[dict]:
        """API list for /api/v1/rules/<kind>."""
        value = getattr(self, name)
        items = value.values() if isinstance(value, Mapping) else value
        return [as_dict(x) for x in items]

    def level_for_fame(self, fame: int) -> Level:
        best = self.levels[0]
        for lv in self.levels:
            if fame >= lv.fame:
                best = lv
        return best

    def reputation_modifier(self, space: int | str) -> int | None:
        """The Influence modifier of a space; None on X (the -7 space, also accepted as -7)."""
        space = "X" if space == -7 else space
        for r in self.reputation:
            if r.space == space:
                return r.modifier
        raise KeyError(space)


# --------------------------------------------------------------------------------------------- parsers
def _names(e: _Entry) -> tuple[str, str]:
    return e.str("name"), e.str("name_de")


def _parse_levels(file: str, doc: dict) -> tuple[Level, ...]:
    out = []
    for i, raw in enumerate(_entries(file, doc, "levels")):
        e = _Entry(file, raw, _entry_id(file, raw, i, "level"),
                   ("level", "fame", "armor", "hand_limit", "command_tokens", "reward"))
        out.append(Level(e.int("level", lo=1), e.int("fame", lo=0), e.int("armor", lo=1), e.int("hand_limit", lo=1),
                         e.int("command_tokens", lo=1), e.str("reward", choices=LEVEL_REWARDS)))
    _unique(file, (str(x.level) for x in out))
    for a, b in zip(out, out[1:]):
        if b.level != a.level + 1:
            raise RulesDataError(f"{file}: {b.level}: level: levels must be consecutive")
        if b.fame <= a.fame:
            raise RulesDataError(f"{file}: {b.level}: fame: must be higher than level {a.level}'s ({a.fame})")
    return tuple(out)


def _parse_reputation(file: str, doc: dict) -> tuple[ReputationSpace, ...]:
    out = []
    for i, raw in enumerate(_entries(file, doc, "reputation")):
        e = _Entry(file, raw, _entry_id(file, raw, i, "space"), ("space", "modifier"))
        space = e.req("space")
        if space == "X":
            if e.has("modifier"):
                e.fail("modifier", "the X space has no modifier (null): you cannot interact at all")
            out.append(ReputationSpace("X", None))
        else:
            if space == -7:
                e.fail("space", "the -7 space is the X space (no interaction): write it as space: X")
            out.append(ReputationSpace(e.check_int("space", space, -6, 7), e.int("modifier", lo=-10, hi=10)))
    _unique(file, (str(x.space) for x in out))
    if any(x.space == "X" for x in out[1:]):
        raise RulesDataError(f"{file}: X: space: the X space is the -7 end of the track and must come first")
    return tuple(out)


_TILE_KEYS = ("countryside", "core_city", "core_non_city")


def _per_players(e: _Entry, key: str, value: Any, players: range, lo: int = 0) -> dict[int, Any]:
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            n = e.check_int(key, k, players.start, players.stop - 1)
            out[n] = e.check_int(key, v, lo)
        missing = [n for n in players if n not in out]
        if missing:
            e.fail(key, f"no value for {missing[0]} players")
        return out
    v = e.check_int(key, value, lo)
    return {n: v for n in players}


def _parse_scenario(file: str, raw: Any, index: int, nested: bool = False) -> Scenario:
    sid = _entry_id(file, raw, index)
    allowed = ("id", "name", "name_de", "name_de_source", "type", "players_min", "players_max", "modes", "rounds",
               "rounds_by_players", "map_shape", "map_shape_de", "tiles", "city_levels", "city_status", "dummy",
               "tactics_rule", "special_rules", "special_rules_de", "end_conditions", "end_conditions_de", "scoring",
               "solo_variant", "page", "setup")
    e = _Entry(file, raw, sid, allowed)
    _ident(e)
    name, name_de = _names(e)
    pmin = e.int("players_min", lo=1, hi=4)
    pmax = e.int("players_max", lo=1, hi=4)
    if pmax < pmin:
        e.fail("players_max", f"{pmax} is below players_min {pmin}")
    players = range(pmin, pmax + 1)
    modes = e.strs("modes", choices=MODES)
    if not modes:
        e.fail("modes", "at least one mode")
    rounds = e.int("rounds", lo=1, hi=12)
    rbp = {}
    if e.has("rounds_by_players"):
        rbp = _per_players(e, "rounds_by_players", e.mapping("rounds_by_players"), players, lo=1)
    tiles_raw = e.mapping("tiles")
    tiles = {}
    for k in _TILE_KEYS:
        if k not in tiles_raw:
            e.fail(f"tiles.{k}", "missing")
        tiles[k] = _per_players(e, f"tiles.{k}", tiles_raw[k], players)
    extra = set(tiles_raw) - set(_TILE_KEYS)
    if extra:
        e.fail(f"tiles.{sorted(extra)[0]}", "unknown tile kind")
    status = e.str("city_status", "conquerable", choices=("conquerable", "not_enterable", "friendly"))
    levels_raw = e.mapping("city_levels", {})
    city_levels = {}
    for k, v in levels_raw.items():
        n = e.check_int("city_levels", k, pmin, pmax)
        if not isinstance(v, list):
            e.fail("city_levels", f"{n} players: must be a list of levels in reveal order")
        city_levels[n] = tuple(e.check_int("city_levels", x, 1, 24) for x in v)
    if status == "conquerable":
        for n in players:
            if n not in city_levels:
                e.fail("city_levels", f"no city levels for {n} players")
            if len(city_levels[n]) != tiles["core_city"][n]:
                e.fail("city_levels", f"{n} players: {len(city_levels[n])} levels for "
                                      f"{tiles['core_city'][n]} city tiles")
    elif city_levels:
        e.fail("city_levels", f"cities are {status}: no levels")
    scoring = e.mapping("scoring")
    for k in ("achievements", "titles"):
        if not isinstance(scoring.get(k), bool):
            e.fail(f"scoring.{k}", "must be true or false")
    if scoring.get("base") not in ("fame", "lowest_fame", "none"):
        e.fail("scoring.base", "must be fame, lowest_fame or none")
    sr = e.strs("special_rules", ())
    sr_de = e.strs("special_rules_de", ())
    if len(sr) != len(sr_de):
        e.fail("special_rules_de", f"{len(sr_de)} German rules for {len(sr)} English ones")
    solo = None
    sc = Scenario(
        id=sid, name=name, name_de=name_de, players_min=pmin, players_max=pmax, modes=modes, rounds=rounds,
        day_night=tuple("day" if i % 2 == 0 else "night" for i in range(rounds)),
        map_shape=e.str("map_shape"),
        map_shape_de=e.str("map_shape_de"),
        tiles=_freeze(tiles), city_levels=_freeze({k: list(v) for k, v in city_levels.items()}),
        city_status=status, dummy=e.bool("dummy"),
        tactics_rule=e.str("tactics_rule", choices=TACTICS_RULES), special_rules=sr, special_rules_de=sr_de,
        end_conditions=e.str("end_conditions"),
        end_conditions_de=e.str("end_conditions_de"),
        scoring=_freeze(scoring), type=e.str("type", "competitive"), rounds_by_players=_freeze(rbp),
        page=e.int("page", None), setup=_freeze(e.mapping("setup", {})), name_de_source=e.str("name_de_source", "seed",
                                                        choices=("seed", "translation")),
    )
    if sc.dummy and 1 not in players and "coop" not in modes:
        e.fail("dummy", "a dummy player is only used in solo and cooperative scenarios")
    if e.has("solo_variant"):
        if nested:
            e.fail("solo_variant", "nested solo variants are not allowed")
        # the variant is the scenario with the listed fields changed
        sv = {k: v for k, v in raw.items() if k not in ("solo_variant", "city_levels")}
        variant = e.mapping("solo_variant")
        sv.update(variant)
        sv["id"] = variant.get("id", f"{sid}_solo")
        solo = _parse_scenario(file, sv, index, nested=True)
        sc = dataclasses.replace(sc, solo_variant=solo)
    return sc


def _parse_scenarios(file: str, doc: dict) -> Mapping[str, Scenario]:
    out = [_parse_scenario(file, raw, i) for i, raw in enumerate(_entries(file, doc, "scenarios"))]
    _unique(file, (s.id for s in out))
    return MappingProxyType({s.id: s for s in out})


def _parse_heroes(file: str, doc: dict) -> Mapping[str, Hero]:
    out = []
    for i, raw in enumerate(_entries(file, doc, "heroes")):
        e = _Entry(file, raw, _entry_id(file, raw, i),
                   ("id", "name", "name_de", "expansion", "crystals", "crystals_source", "crystals_verified",
                    "deck", "skills"))
        hid = _ident(e)
        name, name_de = _names(e)
        crystals = e.strs("crystals", choices=MANA_COLORS)
        if len(crystals) != 3:
            e.fail("crystals", f"a hero card shows exactly 3 crystal dots, got {len(crystals)}")
        deck = []
        for j, c in enumerate(e.list("deck")):
            ce = _Entry(file, c, f"{hid}.deck.{_entry_id(file, c, j)}",
                        ("id", "name", "name_de", "color", "count", "replaces"))
            deck.append(DeckCard(_ident(ce), ce.str("name"), ce.str("name_de"),
                                 ce.str("color", choices=CARD_COLORS), ce.int("count", lo=1, hi=16),
                                 ce.str("replaces", None)))
        _unique(file, (f"{hid}.deck.{c.id}" for c in deck))
        for c in deck:
            if c.replaces is not None and c.replaces == c.id:
                e.fail(f"deck.{c.id}.replaces", "a card cannot replace itself")
        skills = []
        for j, s in enumerate(e.list("skills", ())):
            se = _Entry(file, s, f"{hid}.skills.{_entry_id(file, s, j)}", ("id", "name", "name_de", "interactive"))
            skills.append(Skill(_ident(se), se.str("name"), se.str("name_de"), se.bool("interactive", False)))
        _unique(file, (f"{hid}.skills.{s.id}" for s in skills))
        out.append(Hero(hid, name, name_de, crystals, tuple(deck), tuple(skills),
                        e.str("expansion", "base", choices=EXPANSIONS), e.str("crystals_source"),
                        e.bool("crystals_verified", True)))
    _unique(file, (h.id for h in out))
    return MappingProxyType({h.id: h for h in out})


def _parse_tactics(file: str, doc: dict) -> tuple[Tactic, ...]:
    out = []
    for i, raw in enumerate(_entries(file, doc, "tactics")):
        e = _Entry(file, raw, _entry_id(file, raw, i), ("id", "name", "name_de", "time", "number", "text", "text_de"))
        out.append(Tactic(_ident(e), *_names(e), e.str("time", choices=TIMES), e.int("number", lo=1, hi=6),
                          e.str("text", ""), e.str("text_de", "")))
    _unique(file, (t.id for t in out))
    seen: dict[tuple[str, int], str] = {}
    for t in out:
        if (t.time, t.number) in seen:
            raise RulesDataError(f"{file}: {t.id}: number: {t.time} tactic {t.number} is already "
                                 f"{seen[(t.time, t.number)]}")
        seen[(t.time, t.number)] = t.id
    return tuple(sorted(out, key=lambda t: (TIMES.index(t.time), t.number)))


def _parse_cities(file: str, doc: dict) -> Mapping[str, City]:
    out = []
    for i, raw in enumerate(_entries(file, doc, "cities")):
        e = _Entry(file, raw, _entry_id(file, raw, i, "color"),
                   ("color", "name", "name_de", "bonus", "bonus_de", "garrison", "printing_note"))
        color = e.str("color", choices=CITY_COLORS)
        g = e.mapping("garrison")
        garrison = {}
        for lvl in range(1, 12):
            if lvl not in g:
                e.fail(f"garrison.{lvl}", "missing city level")
            piles = g[lvl]
            if not isinstance(piles, list) or not piles:
                e.fail(f"garrison.{lvl}", "must be a non-empty list of pile colours")
            for p in piles:
                if p not in PILE_COLORS:
                    e.fail(f"garrison.{lvl}", f"{p!r} is not a pile colour ({', '.join(PILE_COLORS)})")
            garrison[lvl] = tuple(piles)
        extra = [k for k in g if k not in garrison]
        if extra:
            e.fail(f"garrison.{extra[0]}", "city levels are 1-11")
        out.append(City(color, e.str("name"), e.str("name_de"), e.str("bonus"), e.str("bonus_de"),
                        MappingProxyType(garrison), e.str("printing_note", None)))
    _unique(file, (c.color for c in out))
    return MappingProxyType({c.color: c for c in out})


_ENEMY_FIELDS = ("id", "name", "name_de", "color", "expansion", "copies", "armor", "elusive_armor", "attacks",
                 "abilities", "defend", "summon", "resistances", "fame", "reputation", "printing_note", "summon_count",
                 "faction")


def _parse_attacks(e: _Entry, value: Any) -> tuple[Attack, ...]:
    if not isinstance(value, list):
        e.fail("attacks", "must be a list of {value, element}")
    out = []
    for a in value:
        if isinstance(a, int) and not isinstance(a, bool):
            a = {"value": a}
        if not isinstance(a, dict) or set(a) - {"value", "element"}:
            e.fail("attacks", f"each attack is {{value, element}}, got {a!r}")
        v = e.check_int("attacks", a.get("value"), 0, 30)
        el = a.get("element", "physical")
        if el not in ELEMENTS:
            e.fail("attacks", f"element {el!r} is not one of {', '.join(ELEMENTS)}")
        out.append(Attack(v, el))
    return tuple(out)


def _enemy_from_entry(e: _Entry) -> Enemy:
    eid = _ident(e)
    abilities = e.strs("abilities", (), choices=ENEMY_ABILITIES)
    if len(set(abilities)) != len(abilities):
        e.fail("abilities", "duplicate ability")
    defend = e.int("defend", None, lo=1)
    if ("defend" in abilities) != (defend is not None):
        e.fail("defend", "`defend: N` goes with the ability `defend` (both or neither)")
    summon = e.str("summon", None, choices=PILE_COLORS)
    if e.has("summon_count") and summon is None and e.get("summon_count") != 1:
        e.fail("summon_count", "only summoners have a summon count")
    if ("summon" in abilities) != (summon is not None):
        e.fail("summon", "`summon: <pile>` goes with the ability `summon` (both or neither)")
    elusive = e.int("elusive_armor", None, lo=1)
    if ("elusive" in abilities) != (elusive is not None):
        e.fail("elusive_armor", "`elusive_armor` goes with the ability `elusive` (both or neither)")
    armor = e.int("armor", lo=1, hi=30)
    if elusive is not None and elusive <= armor:
        e.fail("elusive_armor", f"elusive armor {elusive} must be higher than armor {armor}")
    if "fortified" in abilities and "unfortified" in abilities:
        e.fail("abilities", "fortified and unfortified exclude each other")
    attacks = _parse_attacks(e, e.req("attacks"))
    if not attacks and "summon" not in abilities:
        e.fail("attacks", "only summoners have no attack of their own")
    res = e.strs("resistances", (), choices=RESISTANCES)
    if len(set(res)) != len(res):
        e.fail("resistances", "duplicate resistance")
    expansion = e.str("expansion", choices=EXPANSIONS)
    if (expansion == "tezla") != e.has("faction"):
        e.fail("faction", "Shades of Tezla tokens (and only they) belong to a faction: elementalist or dark_crusader")
    return Enemy(eid, e.str("name"), e.str("name_de"), e.str("color", choices=PILE_COLORS),
                 expansion, e.int("copies", lo=1, hi=10), armor, elusive,
                 attacks, abilities, defend, summon, res, e.int("fame", lo=0, hi=30),
                 e.int("reputation", None, lo=-5, hi=5), e.str("printing_note", None),
                 e.int("summon_count", 1, lo=1, hi=3), e.str("faction", None, choices=("elementalist", "dark_crusader")))


def _parse_enemies(file: str, doc: dict) -> Mapping[str, Enemy]:
    out = []
    for i, raw in enumerate(_entries(file, doc, "enemies")):
        out.append(_enemy_from_entry(_Entry(file, raw, _entry_id(file, raw, i), _ENEMY_FIELDS)))
    _unique(file, (x.id for x in out))
    return MappingProxyType({x.id: x for x in out})


def _parse_units(file: str, doc: dict) -> Mapping[str, Unit]:
    out = []
    for i, raw in enumerate(_entries(file, doc, "units")):
        e = _Entry(file, raw, _entry_id(file, raw, i),
                   ("id", "name", "name_de", "kind", "level", "cost", "armor", "resistances", "recruit_sites",
                    "copies", "abilities", "abilities_de", "expansion", "printing_note", "recruit_reputation"))
        ab = e.strs("abilities")
        ab_de = e.strs("abilities_de")
        if len(ab) != len(ab_de):
            e.fail("abilities_de", f"{len(ab_de)} German abilities for {len(ab)} English ones")
        sites = e.strs("recruit_sites", choices=RECRUIT_SITES)
        if not sites:
            e.fail("recruit_sites", "at least one recruit site")
        out.append(Unit(_ident(e), *_names(e), e.str("kind", choices=UNIT_KINDS), e.int("level", lo=1, hi=4),
                        e.int("cost", lo=1, hi=20), e.int("armor", lo=1, hi=10),
                        e.strs("resistances", (), choices=RESISTANCES), sites, e.int("copies", lo=1, hi=6),
                        ab, ab_de, e.str("expansion", "base", choices=EXPANSIONS), e.str("printing_note", None),
                        e.str("recruit_reputation", None, choices=RECRUIT_REPUTATION)))
    _unique(file, (x.id for x in out))
    return MappingProxyType({x.id: x for x in out})


def _parse_sites(file: str, doc: dict) -> Mapping[str, Site]:
    out = []
    for i, raw in enumerate(_entries(file, doc, "sites")):
        e = _Entry(file, raw, _entry_id(file, raw, i), ("id", "name", "name_de", "kind", "rules", "rules_de",
                                                         "expansion"))
        r, r_de = e.strs("rules"), e.strs("rules_de")
        if len(r) != len(r_de):
            e.fail("rules_de", f"{len(r_de)} German rules for {len(r)} English ones")
        out.append(Site(_ident(e), *_names(e), e.str("kind"), r, r_de, e.str("expansion", "base", choices=EXPANSIONS)))
    _unique(file, (x.id for x in out))
    return MappingProxyType({x.id: x for x in out})


def _parse_terrains(file: str, doc: dict) -> Mapping[str, Terrain]:
    out = []
    for i, raw in enumerate(_entries(file, doc, "terrains")):
        e = _Entry(file, raw, _entry_id(file, raw, i), ("id", "name", "name_de", "day", "night", "note", "note_de"))
        out.append(Terrain(_ident(e), *_names(e), e.int("day", None, lo=1, hi=10), e.int("night", None, lo=1, hi=10),
                           e.str("note", ""), e.str("note_de", "")))
    _unique(file, (x.id for x in out))
    return MappingProxyType({x.id: x for x in out})


def _parse_cards(file: str, doc: dict) -> list[Card]:
    out = []
    for i, raw in enumerate(_entries(file, doc, "cards")):
        e = _Entry(file, raw, _entry_id(file, raw, i), ("id", "name", "name_de", "kind", "color", "copies",
                                                         "expansion", "number", "name_night", "name_night_de",
                                                         "interactive"))
        kind = e.str("kind", choices=CARD_KINDS)
        color = e.str("color", None, choices=CARD_COLORS)
        if kind != "artifact" and color is None:
            e.fail("color", "missing (only artifacts have no colour)")
        out.append(Card(_ident(e), *_names(e), kind, color, e.int("copies", 1, lo=1, hi=6),
                        e.str("expansion", "base", choices=EXPANSIONS), e.int("number", None, lo=1),
                        e.str("name_night", None), e.str("name_night_de", None), e.bool("interactive", False)))
    return out


# --------------------------------------------------------------------------------------------- loading
_SINGLE_FILES: dict[str, tuple[str, Callable[[str, dict], Any], Any]] = {
    # kind: (file, parser, empty value when the file is absent)
    "levels": ("levels.yaml", _parse_levels, ()),
    "reputation": ("reputation.yaml", _parse_reputation, ()),
    "scenarios": ("scenarios.yaml", _parse_scenarios, MappingProxyType({})),
    "heroes": ("heroes.yaml", _parse_heroes, MappingProxyType({})),
    "tactics": ("tactics.yaml", _parse_tactics, ()),
    "cities": ("cities.yaml", _parse_cities, MappingProxyType({})),
    "enemies": ("enemies.yaml", _parse_enemies, MappingProxyType({})),
    "units": ("units.yaml", _parse_units, MappingProxyType({})),
    "sites": ("sites.yaml", _parse_sites, MappingProxyType({})),
    "terrains": ("terrains.yaml", _parse_terrains, MappingProxyType({})),
}
_CARD_FILES = ("basic_actions.yaml", "advanced_actions.yaml", "spells.yaml", "artifacts.yaml")


def load_rules(path: str | os.PathLike | None = None) -> Rules:
    """Load and validate every rules-data file in ``path`` (default: the repository's rules_data/)."""
    base = Path(path) if path is not None else DEFAULT_DIR
    if not base.is_dir():
        raise RulesDataError(f"{base}: -: -: rules data folder not found")
    sources: dict[str, tuple[str, ...]] = {}
    values: dict[str, Any] = {}
    for kind, (fname, parser, empty) in _SINGLE_FILES.items():
        p = base / fname
        if not p.exists():
            values[kind] = empty
            continue
        doc = _read_yaml(p)
        sources[fname] = _check_sources(fname, doc)
        values[kind] = parser(fname, doc)
    cards: list[Card] = []
    for fname in _CARD_FILES:
        p = base / fname
        if p.exists():
            doc = _read_yaml(p)
            sources[fname] = _check_sources(fname, doc)
            cards.extend(_parse_cards(fname, doc))
    seen: dict[str, str] = {}
    for c in cards:
        if c.id in seen:
            raise RulesDataError(f"{c.kind}: {c.id}: id: duplicate card id (also a {seen[c.id]})")
        seen[c.id] = c.kind
    rules = Rules(path=str(base), sources=MappingProxyType(sources), cards=MappingProxyType({c.id: c for c in cards}),
                  **values)
    _cross_check(rules)
    return rules


def _cross_check(rules: Rules) -> None:
    """References between files."""
    basic = {c.id: c for c in rules.cards.values() if c.kind == "basic_action"}
    if basic:
        for h in rules.heroes.values():
            for c in h.deck:
                if c.id not in basic:
                    raise RulesDataError(f"heroes.yaml: {h.id}: deck.{c.id}: not a card of basic_actions.yaml")
                if basic[c.id].color != c.color:
                    raise RulesDataError(f"heroes.yaml: {h.id}: deck.{c.id}.color: {c.color} but basic_actions.yaml "
                                         f"says {basic[c.id].color}")
                if c.replaces is not None and c.replaces not in basic:
                    raise RulesDataError(f"heroes.yaml: {h.id}: deck.{c.id}.replaces: "
                                         f"{c.replaces!r} is not a basic action card")


@functools.lru_cache(maxsize=1)
def get_rules() -> Rules:
    """The game's rules data, loaded once and cached (raises RulesDataError on broken data)."""
    return load_rules(DEFAULT_DIR)


# --------------------------------------------------------------------------------------------- overrides
OVERRIDABLE_ENEMY_FIELDS = ("armor", "elusive_armor", "attacks", "abilities", "defend", "summon", "resistances",
                            "fame", "reputation")


def apply_override(enemy: Enemy, changes: Mapping[str, Any]) -> Enemy:
    """A table's correction of one printed token (stored as an event by the game; applied by the combat engine).

    ``changes`` uses the API/YAML shape (``attacks: [{"value": 5, "element": "fire"}]``).  The result is validated
    exactly like the rules data; bad changes raise ``RulesDataError("override: <enemy id>: <field>: <problem>")``.
    """
    if not isinstance(changes, Mapping):
        raise RulesDataError(f"override: {enemy.id}: -: must be a mapping of field -> value")
    for k in changes:
        if k not in OVERRIDABLE_ENEMY_FIELDS:
            raise RulesDataError(f"override: {enemy.id}: {k}: cannot be overridden "
                                 f"(allowed: {', '.join(OVERRIDABLE_ENEMY_FIELDS)})")
    raw = as_dict(enemy)
    raw.update({k: (list(v) if isinstance(v, tuple) else v) for k, v in changes.items()})
    raw = {k: v for k, v in raw.items() if k in _ENEMY_FIELDS}
    return _enemy_from_entry(_Entry("override", raw, enemy.id, _ENEMY_FIELDS))


__all__ = [
    "RulesDataError", "Rules", "Level", "ReputationSpace", "Scenario", "Hero", "DeckCard", "Skill", "Tactic",
    "City", "Enemy", "Attack", "Unit", "Site", "Terrain", "Card", "get_rules", "load_rules", "as_dict",
    "apply_override", "ELEMENTS", "RESISTANCES", "ENEMY_ABILITIES", "PILE_COLORS", "EXPANSIONS",
]
