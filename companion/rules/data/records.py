"""The frozen dataclasses the rules data loads into (one per kind), and ``Rules``, the whole set."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Mapping

from .schema import as_dict, _plain


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
    # one entry per special rule: "reminder" (printed only) or the id of what the app computes for it
    # (schema.SCENARIO_EFFECTS)
    special_rules_effects: tuple[str, ...] = ()
    # how the scenario ends (schema.SCENARIO_END_WHEN): {"when": [...], "goal": ..., "last_turns": ...}
    end: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))

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
    effect: str = "reminder"        # schema.TACTIC_EFFECTS
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
    setup_rules: Any = None  # setup.py's SetupRules: the set-up numbers every scenario shares (setup.yaml)
    mage_lite: Any = None  # data/mage_lite.py's MageLiteData: Mage Lite's (seed 004) numbers (mage_lite.yaml)
    procedures: Any = None  # data/procedures.py's Procedures by id: the look-ups of a turn and a Round (procedures.yaml)

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
