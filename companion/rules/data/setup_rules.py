"""Parser of setup.yaml (the set-up numbers every scenario shares) and the check of the set-up numbers a scenario
changes (scenarios.yaml ``setup``)."""
from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Mapping

from .records import _ApiMixin
from .schema import RulesDataError, _Entry

VARIANT_IDS = ("rampaging_evil", "more_rampage", "interactive_combat", "megapolis")


@dataclass(frozen=True)
class SetupRules(_ApiMixin):
    """Rulebook, Game Setup: the Source and the Unit offer are ``per_player`` x actual players + ``plus``."""
    source_dice_per_player: int
    source_dice_plus: int
    unit_offer_per_player: int
    unit_offer_plus: int
    spell_offer: int
    advanced_action_offer: int
    start_fame: int
    start_reputation: int
    variant_start_reputation: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))


def _per_player(file: str, raw: Any, key: str) -> tuple[int, int]:
    e = _Entry(file, raw, f"standard.{key}", ("per_player", "plus"))
    return e.int("per_player", lo=0, hi=3), e.int("plus", lo=0, hi=6)


def _parse_setup(file: str, doc: dict) -> SetupRules:
    std_raw = doc.get("standard")
    if not isinstance(std_raw, dict):
        raise RulesDataError(f"{file}: standard: -: missing or not a mapping")
    e = _Entry(file, std_raw, "standard", ("source_dice", "unit_offer", "spell_offer", "advanced_action_offer",
                                           "start_fame", "start_reputation"))
    dice = _per_player(file, e.req("source_dice"), "source_dice")
    units = _per_player(file, e.req("unit_offer"), "unit_offer")
    variants_raw = doc.get("variants", {}) or {}
    if not isinstance(variants_raw, dict):
        raise RulesDataError(f"{file}: variants: -: must be a mapping of variant ids")
    variants = {}
    for vid, raw in variants_raw.items():
        if vid not in VARIANT_IDS:
            raise RulesDataError(f"{file}: variants: {vid}: not a variant of the Scenario Book")
        ve = _Entry(file, raw, f"variants.{vid}", ("start_reputation",))
        variants[vid] = ve.int("start_reputation", lo=-7, hi=7)
    unknown = set(doc) - {"sources", "standard", "variants"}
    if unknown:
        raise RulesDataError(f"{file}: {sorted(unknown)[0]}: -: unknown key")
    return SetupRules(
        source_dice_per_player=dice[0], source_dice_plus=dice[1], unit_offer_per_player=units[0],
        unit_offer_plus=units[1], spell_offer=e.int("spell_offer", lo=0, hi=6),
        advanced_action_offer=e.int("advanced_action_offer", lo=0, hi=6), start_fame=e.int("start_fame", lo=0, hi=10),
        start_reputation=e.int("start_reputation", lo=-7, hi=7), variant_start_reputation=MappingProxyType(variants))


# scenarios.yaml ``setup``: the keys that change a set-up number, and what each may hold
_INT_KEYS = {"extra_source_dice": (0, 3), "extra_units_in_offer": (0, 3), "start_fame": (0, 10),
             "start_reputation": (-7, 7), "fame_per_line_crossed": (0, 3), "fame_per_revealed_tile": (0, 3)}
_BOOL_KEYS = ("elite_units", "offers_revealed_when_needed", "remove_interactive_spells", "remove_interactive_skills",
              "countryside_sorted_by_number", "remove_level_4_elite_units")


def check_scenario_setup(e: _Entry, setup: Mapping[str, Any], players: range, rounds: int) -> None:
    """Refuse a scenario's set-up numbers of the wrong type or out of range (``e.fail``)."""
    for key, (lo, hi) in _INT_KEYS.items():
        if key in setup:
            e.check_int(f"setup.{key}", setup[key], lo, hi)
    for key in _BOOL_KEYS:
        if key in setup and not isinstance(setup[key], bool):
            e.fail(f"setup.{key}", "must be true or false")
    if "elite_units_from_round" in setup:
        by_players = setup["elite_units_from_round"]
        if not isinstance(by_players, Mapping):
            e.fail("setup.elite_units_from_round", "must map a player count to a round")
        for n, r in by_players.items():
            e.check_int("setup.elite_units_from_round", n, players.start, players.stop - 1)
            e.check_int("setup.elite_units_from_round", r, 1, 12)
        if setup.get("elite_units") is False:
            e.fail("setup.elite_units_from_round", "elite Units are not used in this scenario")
