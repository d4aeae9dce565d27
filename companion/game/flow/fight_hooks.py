"""What a kind of game with its own tracks adds to the combat referee's fights (a leaf: it imports no feature).

The combat package (``companion/game/combat``) referees every fight; a kind of game that keeps Fame, Reputation and
its cities its own way (Mage Lite, seed 004: the Fame card with the Mini Blitz's Fame Bonus, the Reputation card,
its two cities) registers its ``FightHooks`` here under its ``state["game"]["mode"]``, and the combat code asks
``fight_hooks(state)`` in one place each: the set-up (the hero card's Armor and Hand limit, the city's level, what
is refused), the outcome's trace and log sentence, and the ``combat.end`` reducer (Fame, Reputation, conquest). So
the combat package never imports the game kind's package, and the game kind imports no combat module. No Flask.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping


@dataclass(frozen=True)
class FightHooks:
    # (state, player) -> (hero Armor, unmodified Hand limit): the defaults of the combat set-up
    standing: Callable[[dict, int], tuple[int, int]]
    # (state, fight, city colour or None) -> None, or raises Invalid: a fight this game refuses
    check_setup: Callable[[dict, str, str | None], None]
    # (state, city colour) -> the city's level when the set-up leaves it empty, or None
    city_level: Callable[[dict, str], int | None]
    # (state, outcome so far) -> trace lines (T) the outcome adds (Fame Bonus, conquest, site beaten)
    outcome_lines: Callable[[dict, Mapping[str, Any]], list]
    # (state, outcome) -> the log sentence of combat.end, or None for the combat's own
    outcome_sentence: Callable[[dict, Mapping[str, Any]], Any]
    # (state, outcome, seq) -> None: applies Fame, Reputation and the conquest to the game's own tracks (reducer)
    apply_outcome: Callable[[dict, Mapping[str, Any], int], None]
    # (state) -> what the combat page shows for this game (cities with their levels, the hero card's numbers)
    page: Callable[[dict], dict]
    # what combat.end touches besides the combat and the player (its undo and stale-command checks): the game's own
    scope: tuple[str, ...] = ()
    # (state, player) -> the player's Units as the combat reads them ({"uid", "name", "armor", "level",
    # "resistances", "wounded", "state"}), or None: the player's Mage Knight ``units``. Mage Lite: its own Units
    units: Callable[[dict, int], list[dict]] | None = None
    # (state, Fame before, Fame after) -> the outcome's level-up ({"before", "after", "rewards", "lines"}) in the
    # game's own words, or None: Mage Knight's Fame track
    level_up: Callable[[dict, int, int], dict] | None = None


HOOKS: dict[str, FightHooks] = {}


def register_fight_hooks(mode: str, hooks: FightHooks) -> None:
    HOOKS[mode] = hooks


def fight_hooks(state: Mapping[str, Any]) -> FightHooks | None:
    """The hooks of this game's kind, or None (a Mage Knight game: the combat applies its own rules)."""
    return HOOKS.get((state.get("game") or {}).get("mode") or "")
