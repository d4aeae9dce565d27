"""Mage Lite state helpers (pure: no Flask, no database).

``state["mage_lite"]``::

    difficulty, start          the Mini Blitz difficulty and the first Round's Day or Night
    main_expansion, crystals   the variants in play
    turns                      your turns this Round
    dummy                      Main Expansion: the Dummy counter {"level", "threshold", "pips", "announced",
                               "final_turn_done", "last"}; None without the expansion
    cities                     the colours of the cities conquered, in order; city_defeated {colour: enemies}
    over                       None, or {"result": "won"|"lost", "round", "rounds_left"}
    hero_card                  {"<level>": {"armor", "hand_limit"}}: the player's corrections from the card
    last_fame                  the latest Fame gain: before, gained, bonus, after, level_ups
    items                      spells, artifacts and Units owned: [{"id", "kind", "name", "used"}]; next_id; a
                               Unit also "armor", "resistances", "wounds" once its card is typed (units.py)
    commitment                 base game: None, "spell" or "artifact" (the first one gained)
    sites                      the sites beaten (names as typed)
    keeps, near                keeps owned; where the hero ends the turn: "none", "keep", "city" or
                               "both" (next to a keep you own and a conquered city: the higher bonus only)
"""

from __future__ import annotations

from ...rules.data import get_rules
from ...rules.mage_lite import game as ml_rules
from ...rules.text import N_
from ..spine.command import Invalid

MODE = "mage_lite"
SCOPE = ("mage_lite",)


def is_mage_lite(state: dict) -> bool:
    return (state.get("game") or {}).get("mode") == MODE


def data():
    return get_rules().mage_lite


def ml(state: dict) -> dict:
    return state["mage_lite"]


def live(state: dict) -> dict:
    """The Mage Lite part of a game still being played, for a reducer: a stored event after the verdict (an
    import's) is refused, as its command would have been."""
    m = state["mage_lite"]
    if m.get("over"):
        raise ValueError("the game is over")
    return m


def numbers(state: dict) -> dict:
    return state["game"]["setup_numbers"]


def require_mage_lite(state: dict) -> dict:
    if not is_mage_lite(state) or "mage_lite" not in state:
        raise Invalid(N_("This is not a Mage Lite game."))
    return state["mage_lite"]


def require_running(state: dict) -> dict:
    m = require_mage_lite(state)
    if m.get("over"):
        raise Invalid(N_("The game is over: undo the last step to play on."))
    return m


def reputation(state: dict) -> int:
    """The one player's Reputation as a step of the card, -7 (the X) to +7 (stored as Mage Knight stores it:
    the X as "X")."""
    r = state["players"][0]["reputation"]
    return ml_rules.X if r == "X" else int(r)


def store_reputation(state: dict, value: int) -> None:
    state["players"][0]["reputation"] = "X" if value == ml_rules.X else value


def level(state: dict) -> int:
    return ml_rules.level_of(get_rules().levels, state["players"][0]["fame"], data().max_level)


def hero_card(state: dict) -> ml_rules.HeroCard:
    return ml_rules.hero_card(get_rules().levels, level(state), ml(state).get("hero_card"))
