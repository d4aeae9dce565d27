"""A game's set-up numbers for its scenario and player count, as the books print them: the Source's mana dice, the
Unit offer, the Spell and Advanced Action offers, the tiles, the city levels, the rounds, the starting Fame and
Reputation.

Rulebook (seed 000), Game Setup: "Roll as many mana dice as there are actual players plus 2"; Unit offer: "as many
cards from the Regular (silver) Unit deck as there are actual players plus 2"; Spell offer: "Reveal the first three
as the offer"; the Advanced Action offer "in the same way as for Spells". Scenario Book, Dummy Player: "Do not count
the dummy player for the purpose of determining how many mana dice and Units to use in a scenario." Each scenario's
own changes (Blitz: "one more die in the Source and one more Unit in the offer", "You start with 1 Fame", "+2
Reputation"; First Reconnaissance: Spells and Advanced Actions revealed when first needed, no Elite Units; Conquer
and Hold: Elite Units from a round) come from scenarios.yaml ``setup``. Pure: no Flask, no game state."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from .text import N_, Name, T

TILE_KINDS = ("countryside", "core_city", "core_non_city")


@dataclass(frozen=True)
class SetupNumbers:
    scenario: str
    players: int                      # actual players (a Dummy player is not counted)
    dummy: bool
    rounds: int
    day_night: tuple[str, ...]
    source_dice: int
    unit_offer: int
    elite_units: str                  # "used" | "not_used" | "from_round"
    elite_units_from_round: int | None
    spell_offer: int
    advanced_action_offer: int
    offers_revealed_when_needed: bool  # the offers start empty: each card is revealed when first needed
    tiles: Mapping[str, int]
    city_levels: tuple[int, ...]
    city_status: str
    start_fame: int
    start_reputation: int
    explanation: tuple[str, ...] = field(default=(), compare=False)

    def to_json(self) -> dict[str, Any]:
        """The plain JSON kept in the game's state (``state["game"]["setup_numbers"]``)."""
        return {
            "players": self.players, "dummy": self.dummy, "rounds": self.rounds, "day_night": list(self.day_night),
            "source_dice": self.source_dice, "unit_offer": self.unit_offer, "elite_units": self.elite_units,
            "elite_units_from_round": self.elite_units_from_round, "spell_offer": self.spell_offer,
            "advanced_action_offer": self.advanced_action_offer,
            "offers_revealed_when_needed": self.offers_revealed_when_needed, "tiles": dict(self.tiles),
            "city_levels": list(self.city_levels), "city_status": self.city_status, "start_fame": self.start_fame,
            "start_reputation": self.start_reputation,
        }


def setup_numbers(sc, players: int, standard, variants=()) -> SetupNumbers:
    """The set-up numbers of scenario ``sc`` (the one played: a solo game's variant already chosen) for ``players``
    actual players; ``standard`` is the rules data's SetupRules; ``variants`` the Scenario Book's variants chosen."""
    if not sc.players_min <= players <= sc.players_max:
        raise ValueError(f"{sc.id} is for {sc.players_min}-{sc.players_max} players, not {players}")
    setup = dict(sc.setup or {})
    name = Name(sc.name, sc.name_de)
    lines = []
    extra_dice = int(setup.get("extra_source_dice") or 0)
    dice = standard.source_dice_per_player * players + standard.source_dice_plus + extra_dice
    extra_units = int(setup.get("extra_units_in_offer") or 0)
    units = standard.unit_offer_per_player * players + standard.unit_offer_plus + extra_units
    lines.append(T(N_("Rulebook, Game Setup: mana dice in the Source and Units in the offer = actual players "
                      "(%(players)d) + 2%(dummy)s%(extra)s: %(dice)d dice, %(units)d Units"),
                   players=players, dummy=T(N_("; the Dummy player does not count")) if sc.dummy else "",
                   extra=T(N_("; %(scenario)s: one more of each"), scenario=name) if extra_dice or extra_units else "",
                   dice=dice, units=units))
    hidden = bool(setup.get("offers_revealed_when_needed"))
    spells = 0 if hidden else standard.spell_offer
    actions = 0 if hidden else standard.advanced_action_offer
    if hidden:
        lines.append(T(N_("%(scenario)s: Spells and Advanced Action cards are revealed when first needed"),
                       scenario=name))
    from_round = (setup.get("elite_units_from_round") or {}).get(players)
    elite = "not_used" if setup.get("elite_units") is False else ("from_round" if from_round else "used")
    rounds = sc.rounds_for(players)
    start_fame = int(setup.get("start_fame") or standard.start_fame)
    start_rep = int(setup.get("start_reputation") or standard.start_reputation)
    for v in variants:  # Variants, Rampaging Evil / More Rampage!: the variant's start Reputation
        if v in standard.variant_start_reputation:
            start_rep = standard.variant_start_reputation[v]
    if start_fame or start_rep:
        lines.append(T(N_("Start: Fame %(fame)d, Reputation %(reputation)+d"), fame=start_fame, reputation=start_rep))
    return SetupNumbers(
        scenario=sc.id, players=players, dummy=bool(sc.dummy), rounds=rounds, day_night=sc.day_night_for(players),
        source_dice=dice, unit_offer=units, elite_units=elite,
        elite_units_from_round=from_round if elite == "from_round" else None, spell_offer=spells,
        advanced_action_offer=actions, offers_revealed_when_needed=hidden,
        tiles={k: sc.tiles[k][players] for k in TILE_KINDS if players in sc.tiles.get(k, {})},
        city_levels=tuple(sc.city_levels.get(players, ())), city_status=sc.city_status,
        start_fame=start_fame, start_reputation=start_rep, explanation=tuple(lines),
    )
