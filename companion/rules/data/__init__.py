"""Rules-data loader: ``rules_data/*.yaml`` -> typed, frozen dataclasses.

The package is split by concept: ``schema`` (vocabularies, errors, validating helpers), ``records`` (the
dataclasses), one parser module per kind (``tracks``, ``scenarios``, ``pieces``, ``enemies``, ``cards``) and
``loader`` (``load_rules``, ``get_rules``).  The names in ``__all__`` are importable from ``companion.rules.data``;
the parsers and the validating helpers from their own module.

Usage::

    from companion.rules.data import get_rules, load_rules, RulesDataError
    rules = get_rules()          # cached; loads <repo>/rules_data
    rules.enemies["orc_summoner"].armor

Every file is validated when it is loaded.  Bad data raises ``RulesDataError`` with a message of the form
``"<file>: <entry id>: <field>: <problem>"`` so a broken edit fails at start-up, not in the middle of a game.

This module is pure: no Flask, no database.  The only I/O is reading the YAML files.
"""
from __future__ import annotations

from .enemies import apply_override
from .loader import get_rules, load_rules
from .records import (Attack, Card, City, DeckCard, Enemy, Hero, Level, ReputationSpace, Rules, Scenario, Site, Skill,
                      Tactic, Terrain, Unit)
from .schema import ELEMENTS, ENEMY_ABILITIES, EXPANSIONS, PILE_COLORS, RESISTANCES, RulesDataError, as_dict

__all__ = [
    "RulesDataError", "Rules", "Level", "ReputationSpace", "Scenario", "Hero", "DeckCard", "Skill", "Tactic",
    "City", "Enemy", "Attack", "Unit", "Site", "Terrain", "Card", "get_rules", "load_rules", "as_dict",
    "apply_override", "ELEMENTS", "RESISTANCES", "ENEMY_ABILITIES", "PILE_COLORS", "EXPANSIONS",
]
