"""The Dummy player (Scenario Book, "Dummy Player", p. 15) - pure rules, no Flask, no database.

Everything here is a pure function of its inputs; randomness comes in as a ``random.Random``.
Each result carries ``explanation``: a trace a player reads, citing the rule.

Decks are sequences of cards, top card first. A card is either a colour string ("red", "blue",
"green", "white") or anything with a ``color`` attribute / ``"color"`` key (e.g. the card dicts
the game state keeps), so the same engine serves the JSON API (colours) and the game (cards).

Split by concept: ``cards`` (colours, crystals, the hero's deck), ``deck`` (set-up and the new Round), ``turns``
(a turn with a virtual or a physical deck), ``forecast`` (turns left this Round), ``tactics`` (Tactics and the
round order), ``skills`` (the Dummy hero's Skills in a solo game). Every name is importable from here.
"""
from __future__ import annotations

from .cards import (COLORS, SB_COOP_TACTICS, SB_DUMMY, SB_NEW_ROUND, SB_SKILLS, SB_SOLO_TACTICS, SB_START, SB_TURN,
                    SHUFFLED, Crystals, basic_deck, card_dict, check_color, check_counts, color_counts, color_of,
                    starting_crystals)
from .deck import DummySetup, NewRound, choose_hero, new_round, set_up
from .forecast import Forecast, forecast, naive_forecast
from .skills import SkillPile, SkillReveal, reveal_skill, skill_pile
from .tactics import (COOPERATIVE, SOLO, RoundOrder, TacticPick, TacticsRemoved, dummy_takes_tactic, round_order,
                      tactic_rule, tactics_removed_at_round_end)
from .turns import DummyTurn, PhysicalTurn, extra_flips, physical_turn, take_turn

__all__ = ["COLORS", "COOPERATIVE", "SB_COOP_TACTICS", "SB_DUMMY", "SB_NEW_ROUND", "SB_SKILLS", "SB_SOLO_TACTICS",
           "SB_START", "SB_TURN", "SHUFFLED", "SOLO", "Crystals", "DummySetup", "DummyTurn", "Forecast", "NewRound",
           "PhysicalTurn", "RoundOrder", "SkillPile", "SkillReveal", "TacticPick", "TacticsRemoved", "basic_deck",
           "card_dict", "check_color", "check_counts", "choose_hero", "color_counts", "color_of",
           "dummy_takes_tactic", "extra_flips", "forecast", "naive_forecast", "new_round", "physical_turn",
           "reveal_skill", "round_order", "set_up", "skill_pile", "starting_crystals", "tactic_rule",
           "tactics_removed_at_round_end", "take_turn"]
