"""Player versus Player combat in a game (Rulebook "Player versus Player Combat"): the turn order of a fight over
the pure engine (``companion.rules.pvp.fight``), its outcome, the ``pvp.end`` event and its reducer. No Flask.

The calculator records nothing while the fight goes on: the whole fight so far travels with the page as a log of
steps (``parse``), replayed through the engine on every request (``fight``); only the outcome of a finished fight
is recorded, as one undoable event (``outcome``: the ``pvp_end`` command and the ``pvp.end`` reducer; ``payloads``:
its payload check). ``page`` answers what the page shows.
"""

from __future__ import annotations

from . import payloads as _payloads  # noqa: F401  (declares pvp.end's payload with its reducer)
from .fight import (ATTACK_ROWS, BLOCK_ROWS, Fight, PvpInvalid, Side, apply_pass, apply_step, attack_only,
                    blocker_fortified, replay, resolve_step, sides_of, spend_list, try_step, uid_of, unit_key)
from .outcome import cmd_end, end_command, outcome
from .parse import (ELEMENT_NAMES, KIND_NAMES, KINDS, PHASE_NAMES, RESISTANCE_NAMES, Setup, parse_log, parse_setup,
                    parse_step)

__all__ = ["ATTACK_ROWS", "BLOCK_ROWS", "ELEMENT_NAMES", "Fight", "KINDS", "KIND_NAMES", "PHASE_NAMES", "PvpInvalid",
           "RESISTANCE_NAMES", "Setup", "Side", "apply_pass", "apply_step", "attack_only", "blocker_fortified",
           "cmd_end", "end_command", "outcome", "parse_log", "parse_setup", "parse_step", "replay", "resolve_step",
           "sides_of", "spend_list", "try_step", "uid_of", "unit_key"]
