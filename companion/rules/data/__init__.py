"""Rules-data loader: ``rules_data/*.yaml`` -> typed, frozen dataclasses.

The package is split by concept: ``schema`` (vocabularies, errors, validating helpers), ``records`` (the
dataclasses), one parser module per kind (``tracks``, ``scenarios``, ``pieces``, ``enemies``, ``cards``) and
``loader`` (``load_rules``, ``get_rules``).  Every name stays importable from ``companion.rules.data``.

Usage::

    from companion.rules.data import get_rules, load_rules, RulesDataError
    rules = get_rules()          # cached; loads <repo>/rules_data
    rules.enemies["orc_summoner"].armor

Every file is validated when it is loaded.  Bad data raises ``RulesDataError`` with a message of the form
``"<file>: <entry id>: <field>: <problem>"`` so a broken edit fails at start-up, not in the middle of a game.

This module is pure: no Flask, no database.  The only I/O is reading the YAML files.
"""
from __future__ import annotations

from .schema import (  # noqa: F401
    as_dict, CARD_COLORS, CARD_KINDS, _check_sources, CITY_COLORS, DEFAULT_DIR, ELEMENTS, ENEMY_ABILITIES,
    _entries, _Entry, _entry_id, EXPANSIONS, _freeze, _ident, LEVEL_REWARDS, MANA_COLORS, MODES, PILE_COLORS,
    _plain, _read_yaml, RECRUIT_REPUTATION, RECRUIT_SITES, RESISTANCES, RulesDataError, TACTICS_RULES, TIMES,
    _unique, UNIT_KINDS, _YamlLoader, _names,
)
from .records import (  # noqa: F401
    _ApiMixin, Attack, Card, City, DeckCard, Enemy, Hero, Level, ReputationSpace, Rules, Scenario, Site, Skill,
    Tactic, Terrain, Unit,
)
from .tracks import (  # noqa: F401
    _parse_levels, _parse_reputation,
)
from .scenarios import (  # noqa: F401
    _parse_scenario, _parse_scenarios, _per_players, _TILE_KEYS,
)
from .pieces import (  # noqa: F401
    _parse_cities, _parse_heroes, _parse_tactics,
)
from .enemies import (  # noqa: F401
    apply_override, _ENEMY_FIELDS, _enemy_from_entry, OVERRIDABLE_ENEMY_FIELDS, _parse_attacks, _parse_enemies,
)
from .cards import (  # noqa: F401
    _parse_cards, _parse_sites, _parse_terrains, _parse_units,
)
from .loader import (  # noqa: F401
    _CARD_FILES, _cross_check, get_rules, load_rules, _SINGLE_FILES,
)

__all__ = [
    "RulesDataError", "Rules", "Level", "ReputationSpace", "Scenario", "Hero", "DeckCard", "Skill", "Tactic",
    "City", "Enemy", "Attack", "Unit", "Site", "Terrain", "Card", "get_rules", "load_rules", "as_dict",
    "apply_override", "ELEMENTS", "RESISTANCES", "ENEMY_ABILITIES", "PILE_COLORS", "EXPANSIONS",
]
