"""Loading: every file of rules_data/ through its parser, the cross-file checks, the cached ``get_rules()``."""
from __future__ import annotations

import functools
import os
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable

from .cards import _parse_cards, _parse_sites, _parse_terrains, _parse_units
from .enemies import _parse_enemies
from .mage_lite import _parse_mage_lite
from .pieces import _parse_cities, _parse_heroes, _parse_tactics
from .procedures import _parse_procedures
from .records import Card, Rules
from .scenarios import _parse_scenarios
from .setup_rules import _parse_setup
from .schema import DEFAULT_DIR, _check_sources, _read_yaml, RulesDataError
from .tracks import _parse_levels, _parse_reputation


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
    "setup_rules": ("setup.yaml", _parse_setup, None),
    "mage_lite": ("mage_lite.yaml", _parse_mage_lite, None),
    "procedures": ("procedures.yaml", _parse_procedures, MappingProxyType({})),
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
