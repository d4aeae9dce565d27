"""Scenarios and their scoring rules (Scenario Book, each scenario's "Scoring").

Part of :mod:`companion.rules.scoring` (import the names from there). Pure rules code."""
from __future__ import annotations

from dataclasses import dataclass

from ..text import Name, T

BOOK = "Scenario Book"
CARD = T("Scenario Book, Standard Achievements scoring")


# --------------------------------------------------------------------------------------
# Scenarios
# --------------------------------------------------------------------------------------

COMPETITIVE = "competitive"
SOLO = "solo"
COOP = "coop"
VICTORY_POINTS = "victory_points"
PORTAL = "portal"


@dataclass(frozen=True)
class ScenarioScoring:
    """The scoring-relevant facts of one scenario (Scenario Book, each scenario page)."""

    id: str
    title: str
    kind: str  # COMPETITIVE, SOLO, COOP, VICTORY_POINTS, PORTAL
    rounds: int
    min_players: int
    max_players: int
    cities_scoring: bool = False  # 7 / 4 per city and Greatest City Conqueror
    mines_scoring: bool = False  # Mines Liberation
    dungeon_scoring: bool = False  # Dungeon Lords
    # Team Rules: "Some four player scenarios are played by two teams": only the scenarios that say
    # so (Full Conquest "Team Game", Conquer and Hold "Team Rules", One to Return "Team Variant");
    # as rules_data/scenarios.yaml modes.
    teams_allowed: bool = True
    title_de: str = ""  # the German Szenarioheft's title (as rules_data/scenarios.yaml name_de)

    @property
    def name(self) -> Name:
        """The scenario's title for a trace, with its German form."""
        return Name(self.title, self.title_de or self.title)


# Scenario ids: snake_case of the English title. Rounds and player counts are from
# each scenario's header ("Players", "Length").
# German titles (title_de): the German Szenarioheft's, as rules_data/scenarios.yaml name_de.
SCENARIOS: dict[str, ScenarioScoring] = {
    s.id: s
    for s in (
        # "Players: 2 to 4 (plus a solo variant)", "Length: Three rounds" (solo variant: four).
        ScenarioScoring("first_reconnaissance", "First Reconnaissance", COMPETITIVE, 3, 1, 4, teams_allowed=False,
                        title_de="Die ersten Erkundungen"),
        ScenarioScoring("full_conquest", "Full Conquest", COMPETITIVE, 6, 1, 4, cities_scoring=True,
                        title_de="Vollständige Eroberung"),
        ScenarioScoring("blitz_conquest", "Blitz Conquest", COMPETITIVE, 4, 1, 4, cities_scoring=True,
                        teams_allowed=False,
                        title_de="Blitz-Eroberung"),
        ScenarioScoring("solo_conquest", "Solo Conquest", SOLO, 6, 1, 1, teams_allowed=False,
                        title_de="Solo-Eroberung"),
        ScenarioScoring("full_cooperation", "Full Cooperation", COOP, 6, 2, 3, teams_allowed=False,
                        title_de="Vollständige Kooperation"),
        ScenarioScoring("blitz_cooperation", "Blitz Cooperation", COOP, 4, 2, 3, teams_allowed=False,
                        title_de="Blitz-Kooperation"),
        ScenarioScoring("mines_liberation", "Mines Liberation", COMPETITIVE, 4, 1, 4, mines_scoring=True,
                        teams_allowed=False,
                        title_de="Freiheit den Bergwerken!"),
        ScenarioScoring("druid_nights", "Druid Nights", COMPETITIVE, 4, 1, 4, teams_allowed=False,
                        title_de="Druidennächte"),
        ScenarioScoring("dungeon_lords", "Dungeon Lords", COMPETITIVE, 5, 1, 4, dungeon_scoring=True,
                        teams_allowed=False,
                        title_de="Dungeon Lords"),
        # "Players: 2, or 4 (two teams)", "Length: Four rounds (4 players), six rounds (2 players)";
        # Variants: "You can also play this scenario with 3 players".
        ScenarioScoring("conquer_and_hold", "Conquer and Hold", VICTORY_POINTS, 6, 2, 4,
                        title_de="Erobern und Halten"),
        # German: "Nur einer kommt zurück". "Players: 2 to 4", "Length: Four rounds".
        # Ids of these two as in rules_data/scenarios.yaml (published English titles).
        ScenarioScoring("one_to_return", "One to Return", PORTAL, 4, 2, 4,
                        title_de="Nur einer kommt zurück"),
    )
}

# Cities in play (Scenario Book, each scenario's "Map ... Core city tiles"), used when the
# caller does not say how many cities there were.
def default_cities_total(scenario: str, n_players: int) -> int | None:
    if scenario == "solo_conquest":
        return 2  # "Core city tiles: 2"
    if scenario == "full_cooperation":
        return n_players + 1  # "Core city tiles: 3, or 4 (one more than players)"
    if scenario == "blitz_cooperation":
        return n_players  # "Core city tiles: 2 or 3 (equal to number of players)"
    if scenario in ("full_conquest", "blitz_conquest"):
        return n_players  # "Core city tiles: 2, 3, or 4 (the same number as there are players)"
    return None
