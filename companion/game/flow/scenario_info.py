"""The scenario a game plays, read from its set-up: the Scenario Book's entry (or the solo game made of it), which
special rules are in effect, the Days and Nights it lasts. A leaf of the game floor: it reads the rules data and the
game's set-up and imports no other game module, so every feature (rounds, the Dummy player, the scenario's end, the
board, combat) can ask it without an import circle. No Flask, no database.
"""

from __future__ import annotations

import dataclasses
from types import MappingProxyType
from typing import Any, Mapping

from ...rules.data import get_rules

# The Dummy player's place in the Round order (the solo and co-op scenarios' virtual player)
DUMMY = "dummy"
# A game without a scenario (or one the rules data does not know) runs six Rounds, three Days and three Nights, as
# the Scenario Book's Full Conquest does.
DEFAULT_ROUNDS = 6


SOLO_RULES = (
    ("Solo game (Scenario Book, Other Solo Missions): set up as for two players, with a Dummy player.",
     "Solospiel (Szenarioheft, Andere Szenarien solo spielen): Aufbau wie für 2 Spieler, mit einem Dummyspieler.",
     "solo_setup"),
    ("Remove the four interactive Spells (109-112) and the interactive Skills.",
     "Entferne die vier interaktiven Zauber (109-112) und die interaktiven Fähigkeiten.", "reminder"),
    ("When taking Tactics, you always choose first; the Dummy player then takes a random one of the rest; at the "
     "end of each Day or Night remove both used Tactic cards.",
     "Bei der Wahl der Taktiken bist du zuerst an der Reihe, der Dummyspieler zieht zufällig eine der übrigen; am "
     "Ende jeder Runde entfernst du beide benutzten Taktikkarten.", "dummy_tactics"),
)


def _solo_of(sc):
    """The solo game of a scenario without a solo variant: the two-player set-up, a Dummy player, Solo
    Conquest's Tactics rule and removals, no titles (Scenario Book, Other Solo Missions)."""
    n = 2 if 2 in range(sc.players_min, sc.players_max + 1) else sc.players_min
    tiles = MappingProxyType({k: MappingProxyType({1: v.get(n, 0)}) for k, v in sc.tiles.items()})
    levels = MappingProxyType({1: tuple(sc.city_levels.get(n, ()))}) if sc.city_levels else sc.city_levels
    scoring = dict(sc.scoring)
    scoring.update({"titles": False, "winner": "none"})
    return dataclasses.replace(
        sc, id=f"{sc.id}_solo", players_min=1, players_max=1, modes=("solo",), tiles=tiles, city_levels=levels,
        dummy=True, tactics_rule="solo_conquest", rounds_by_players=MappingProxyType({}),
        special_rules=tuple(r[0] for r in SOLO_RULES) + sc.special_rules,
        special_rules_de=tuple(r[1] for r in SOLO_RULES) + sc.special_rules_de,
        special_rules_effects=tuple(r[2] for r in SOLO_RULES) + sc.special_rules_effects,
        scoring=MappingProxyType(scoring), solo_variant=None,
    )


def scenario(state_or_game: Mapping[str, Any]):
    """The scenario this game plays (its solo variant in a solo game; for a scenario without one, the Scenario
    Book's "Other Solo Missions" set-up), or None."""
    game = state_or_game.get("game", state_or_game)
    sc = get_rules().scenarios.get(game.get("scenario"))
    if sc is not None and game.get("mode") == "solo" and "solo" not in sc.modes:
        return sc.solo_variant if sc.solo_variant is not None else _solo_of(sc)
    return sc


def has_effect(sc, effect: str) -> bool:
    return sc is not None and effect in getattr(sc, "special_rules_effects", ())


def rule_fits(state: Mapping[str, Any], effect: str) -> bool:
    """A special rule of the scenario belongs to this game: the Team Rules only to a team game (Scenario Book,
    Full Conquest: "Team game (4 players): Team Rules apply"; a three-player competitive game has no teams)."""
    return effect != "team_rules" or state.get("game", state).get("mode") == "team"


def special_rules_here(state: Mapping[str, Any], sc) -> list[tuple[str, str, str]]:
    """The scenario's special rules that belong to this game: (English, German, effect) each."""
    de = sc.special_rules_de or sc.special_rules
    effects = sc.special_rules_effects or ("reminder",) * len(sc.special_rules)
    return [(r, d, e) for r, d, e in zip(sc.special_rules, de, effects) if rule_fits(state, e)]


def active(state: Mapping[str, Any], effect: str) -> bool:
    """The game's scenario applies ``effect``: its own rules, and in a solo variant also the scenario's rules it
    modifies (First Reconnaissance solo: "play with 8 Countryside tiles ... and four rounds", the rest stays)."""
    game = state.get("game", state)
    base = get_rules().scenarios.get(game.get("scenario"))
    return has_effect(scenario(state), effect) or has_effect(base, effect)


def day_night_order(state: Mapping[str, Any]) -> tuple[str, ...]:
    """The scenario's rounds, Day or Night each, for this game's player count (``total_rounds`` of them); empty
    for a game without a known scenario."""
    sc = scenario(state)
    if sc is None:
        return ()
    return tuple(sc.day_night_for(len(state["players"])))


def total_rounds(state: Mapping[str, Any], default: int = DEFAULT_ROUNDS) -> int:
    """How many Rounds this game lasts: the one answer every feature asks (the Round flow's last Round and the
    game-over refusal, the Dummy player's last Day and Night, the score sheet's Rounds left, the set-up numbers).
    The scenario as played, for this game's player count: a solo variant's own length ("First Reconnaissance solo:
    ... four rounds"), the Scenario Book's "Other Solo Missions" set-up, ``rounds_by_players`` (Conquer and Hold:
    six Rounds with two players, four otherwise). ``default`` for a game without a known scenario: the standard
    six, or 0 where no limit is wanted."""
    sc = scenario(state)
    if sc is None:
        return default
    return sc.rounds_for(len(state["players"]))
