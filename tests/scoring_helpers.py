"""Builders for score sheets in the scoring tests."""

from companion.rules.scoring import GameSheet, PlayerSheet, Unit, score


def P(name, **kw):
    if "units" in kw:
        kw["units"] = tuple(Unit(*u) if isinstance(u, tuple) else Unit(u) for u in kw["units"])
    return PlayerSheet(name, **kw)


def run(scenario, *players, **kw):
    return score(GameSheet(scenario, tuple(players), **kw))
