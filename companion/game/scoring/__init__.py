"""End-game scoring in a game (Scenario Book, each scenario's "Scoring"): the sheet's lines (``fields``), its values
pre-filled from the trackers and built into the engine's sheet (``sheet``), the commands and reducers
(``commands``), their events' payloads (``payloads``) and the result as pages and exports show it (``result``).
No Flask."""

from __future__ import annotations

from . import payloads as _payloads  # noqa: F401  (declares the score events' payloads with the reducers)
from .commands import cmd_score_confirm, cmd_score_final, cmd_score_follow, cmd_score_set
from .fields import (ACHIEVEMENT_INPUTS, GAME_FIELDS, MAX_VALUE, PLAYER_FIELDS, ROMAN, UNIT_LEVELS, Field,
                     game_fields, is_team_game, player_fields, scenario_of)
from .result import (LINE_LABELS, LINE_ORDER, chart_view, english_result, line_label, result_dict, result_for,
                     stored_result, table_view, title_reason, titles_view, winner_text)
from .sheet import (all_confirmed, build_sheet, confirmed, game_prefill, is_final, prefill,
                    recorded_cities, round_limit, score_state, sheet_dict, sheet_values, strength_view, typed_lines)

__all__ = [n for n in dir() if not n.startswith("_")]
