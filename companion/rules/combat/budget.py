"""A work budget for the exact combat searches (no request may use more than about 1 s of CPU).

The planner and the damage suggestion are exact: they answer only with a proven optimum. On inputs too large
to prove one within the budget they stop and raise :class:`OverBudget` (a ``CombatError``, so callers that
map ``CombatError`` to a 400 keep working), never a guess. The budget is CPU time of the calling thread
(``time.thread_time``: other requests running in parallel threads do not count against it), checked every
few hundred steps so the check itself costs nothing measurable.
"""
from __future__ import annotations

import time

from companion.rules.combat.enemies import CombatError

CPU_BUDGET_S = 1.0
PLAN_ANSWER_S = 0.8  # the attack plan's search when it answers the best plan found: an answer within 1 s


class OverBudget(CombatError):
    """The exact search would take more than its CPU budget: the input must be split."""


class PlanTooLarge(OverBudget):
    """The attack planner (``plan.plan_attacks``) ran out of budget."""


class SuggestTooLarge(OverBudget):
    """The damage suggestion (``damage.suggest_assignment``) ran out of budget."""


class Budget:
    """CPU-time budget of this thread; ``check()`` raises ``error`` once it is spent."""

    __slots__ = ("deadline", "error")

    def __init__(self, error: OverBudget, seconds: float | None = None):
        self.deadline = time.thread_time() + (CPU_BUDGET_S if seconds is None else seconds)
        self.error = error

    def check(self) -> None:
        if time.thread_time() > self.deadline:
            raise self.error
