"""The scoring output: sides, titles and the result.

Part of :mod:`companion.rules.scoring` (import the names from there). Pure rules code."""
from __future__ import annotations

from dataclasses import dataclass


# --------------------------------------------------------------------------------------
# Output
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Side:
    """One score: a player, a team, or the whole table."""

    name: str
    members: tuple[str, ...]
    lines: tuple[tuple[str, int], ...]  # (category key, points), in sheet order
    total: int

    @property
    def categories(self) -> dict[str, int]:
        return dict(self.lines)


@dataclass(frozen=True)
class TitleAward:
    """A title and how it was decided.

    outcome: "sole" (one side has the best value), "tie" (shared), "tie_at_zero"
    (tied at zero: nobody gets it), "no_wounds" (Greatest Beating tied between sides
    without Wounds), "none" (no comparison: solo or co-op).
    """

    title: str  # e.g. "greatest_knowledge"
    category: str  # the category compared, e.g. "knowledge"
    values: tuple[tuple[str, int], ...]  # side name -> compared value
    awarded: tuple[tuple[str, int], ...]  # side name -> title points (only sides that got some)
    outcome: str
    reason: str


@dataclass(frozen=True)
class ScoreResult:
    scenario: str
    kind: str  # COMPETITIVE, SOLO, COOP, VICTORY_POINTS, PORTAL
    team_game: bool
    players: tuple[Side, ...]  # every player's own lines (and titles, in individual games)
    teams: tuple[Side, ...]  # team games: each team's common score
    score: int | None  # solo and co-op: the one score
    table: Side | None  # solo and co-op: the lines of the one score
    titles: tuple[TitleAward, ...]
    winners: tuple[str, ...]  # player or team names; empty = no winner (or solo/co-op)
    success: bool | None  # mission successful (where the scenario says so)
    explanation: tuple[str, ...]
