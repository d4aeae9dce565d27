"""Parsers of the Fame track (levels.yaml) and the Reputation track (reputation.yaml)."""
from __future__ import annotations

from .records import Level, ReputationSpace
from .schema import LEVEL_REWARDS, _entries, _Entry, _entry_id, RulesDataError, _unique


# --------------------------------------------------------------------------------------------- parsers
def _parse_levels(file: str, doc: dict) -> tuple[Level, ...]:
    out = []
    for i, raw in enumerate(_entries(file, doc, "levels")):
        e = _Entry(file, raw, _entry_id(file, raw, i, "level"),
                   ("level", "fame", "armor", "hand_limit", "command_tokens", "reward"))
        out.append(Level(e.int("level", lo=1), e.int("fame", lo=0), e.int("armor", lo=1), e.int("hand_limit", lo=1),
                         e.int("command_tokens", lo=1), e.str("reward", choices=LEVEL_REWARDS)))
    _unique(file, (str(x.level) for x in out))
    for a, b in zip(out, out[1:]):
        if b.level != a.level + 1:
            raise RulesDataError(f"{file}: {b.level}: level: levels must be consecutive")
        if b.fame <= a.fame:
            raise RulesDataError(f"{file}: {b.level}: fame: must be higher than level {a.level}'s ({a.fame})")
    return tuple(out)


def _parse_reputation(file: str, doc: dict) -> tuple[ReputationSpace, ...]:
    out = []
    for i, raw in enumerate(_entries(file, doc, "reputation")):
        e = _Entry(file, raw, _entry_id(file, raw, i, "space"), ("space", "modifier"))
        space = e.req("space")
        if space == "X":
            if e.has("modifier"):
                e.fail("modifier", "the X space has no modifier (null): you cannot interact at all")
            out.append(ReputationSpace("X", None))
        else:
            if space == -7:
                e.fail("space", "the -7 space is the X space (no interaction): write it as space: X")
            out.append(ReputationSpace(e.check_int("space", space, -6, 7), e.int("modifier", lo=-10, hi=10)))
    _unique(file, (str(x.space) for x in out))
    if any(x.space == "X" for x in out[1:]):
        raise RulesDataError(f"{file}: X: space: the X space is the -7 end of the track and must come first")
    return tuple(out)
