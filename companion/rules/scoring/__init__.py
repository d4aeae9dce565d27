"""End-game scoring (Scenario Book: "Standard Achievements scoring", "Team Rules",
each scenario's "Scoring" / "The Winner", and the "Action Upgrades" variant).

Pure rules code: no Flask, no database. Every result carries an explanation trace
(a tuple of English strings citing the Scenario Book). Each line is a ``T`` line
(companion.rules.text): its value is the English sentence, and pages show it in their
language with ``|tr``. Player and team names are the players' own words, never translated.

Vocabulary
----------
A *side* is what owns one score: a player (competitive games), a team (Team Rules)
or the whole table (solo and cooperative scenarios).

Where the Scenario Book is silent the decision is noted in a comment marked
``Book silent:``.

The package is split by concept: ``scenarios`` (each scenario's scoring rules), ``sheet`` (the input and
its checks), ``results`` (the output), ``achievements`` (Standard Achievements and titles), ``scenario_kinds``
(scoring by the scenario's kind), ``cities`` (the City leader) and ``strength`` (the Action Upgrades variant).
The names of ``__all__`` are importable from here; the helpers from their own module.
"""

from __future__ import annotations

from .scenarios import (BOOK, CARD, COMPETITIVE, COOP, PORTAL, SCENARIOS, SOLO, ScenarioScoring, VICTORY_POINTS,
                        default_cities_total)
from .sheet import COUNT_FIELDS, GameSheet, PlayerSheet, ScoringError, Unit, validate
from .results import ScoreResult, Side, TitleAward
from .achievements import (ACHIEVEMENTS, CATEGORY_TERMS, TITLE_NAMES, TITLE_OF, achievement_points, award_beating,
                           award_title, city_points, mine_points, unit_points)
from .scenario_kinds import score
from .cities import CityRecord, cities_of, city_leader
from .strength import StrengthResult, StrengthSheet, action_upgrade_strength

__all__ = [
    "BOOK", "CARD", "COMPETITIVE", "COOP", "PORTAL", "SCENARIOS", "SOLO", "ScenarioScoring", "VICTORY_POINTS",
    "default_cities_total", "COUNT_FIELDS", "GameSheet", "PlayerSheet", "ScoringError", "Unit", "validate",
    "ScoreResult", "Side", "TitleAward", "ACHIEVEMENTS", "CATEGORY_TERMS", "TITLE_NAMES", "TITLE_OF",
    "achievement_points", "award_beating", "award_title", "city_points", "mine_points", "unit_points", "score",
    "CityRecord", "cities_of", "city_leader", "StrengthResult", "StrengthSheet", "action_upgrade_strength"
]
