"""Parser of procedures.yaml: the procedures a Mage Knight table looks up during an evening (preparing a Round,
the end of a turn, Day and Night mana, resting, healing, rewards, the level-up Skill choice, exploring, the safe
space, a failed assault, a conquered city), each step in the Rulebook's words (seed 000) and the German Regelheft's
(seed 002), with its page, section and step number."""
from __future__ import annotations

import re
from dataclasses import dataclass
from types import MappingProxyType
from typing import Mapping

from .schema import _entries, _Entry, _entry_id, _ident, _unique, RulesDataError

# The procedures the app shows where their question arises (templates/procedures/): the file must hold each.
PROCEDURE_IDS = ("round_preparation", "end_of_turn", "mana_day", "mana_night", "resting", "healing", "rewards",
                 "level_up", "exploring", "safe_space", "failed_assault", "conquered_city")
RULEBOOK_PAGES = (1, 24)  # the Rulebook and the Scenario Book with the Summary: pages 1-24, the same in German
_REF = re.compile(r"^[0-9]{1,2}[a-g]?(-[a-g0-9]{1,2})?$")  # "2", "2c", "3a-c", "2a-b"


@dataclass(frozen=True)
class Step:
    ref: str            # the step's number in its section ("2c")
    text: str
    text_de: str
    page: int
    section: str
    section_de: str
    id: str | None = None  # a step the app adds its own number to (the Unit offer, the Hand limit, a Unit's cost)


@dataclass(frozen=True)
class Procedure:
    id: str
    title: str
    title_de: str
    page: int
    section: str
    section_de: str
    steps: tuple[Step, ...]

    def step(self, sid: str) -> Step | None:
        return next((s for s in self.steps if s.id == sid), None)


def _parse_procedures(file: str, doc: dict) -> Mapping[str, Procedure]:
    _Entry(file, doc, "-", ("sources", "procedures"))
    lo, hi = RULEBOOK_PAGES
    out = []
    for i, raw in enumerate(_entries(file, doc, "procedures")):
        e = _Entry(file, raw, _entry_id(file, raw, i), ("id", "title", "title_de", "page", "section", "section_de",
                                                         "steps"))
        pid = _ident(e)
        page, section, section_de = e.int("page", lo=lo, hi=hi), e.str("section"), e.str("section_de")
        raw_steps = e.req("steps")
        if not isinstance(raw_steps, list) or not raw_steps:
            e.fail("steps", "must be a non-empty list")
        steps = []
        for j, rs in enumerate(raw_steps):
            se = _Entry(file, rs, f"{pid}.steps.#{j + 1}", ("id", "ref", "text", "text_de", "page", "section",
                                                            "section_de"))
            ref = se.req("ref")
            if isinstance(ref, int) and not isinstance(ref, bool):
                ref = str(ref)
            if not isinstance(ref, str) or not _REF.match(ref):
                se.fail("ref", f"must be a step number like 2, 2c or 3a-c, got {ref!r}")
            text, text_de = se.str("text"), se.str("text_de")
            if text_de.strip() == text.strip():
                se.fail("text_de", "the German text is the English one (translate it with the Regelheft's words)")
            if se.has("section") != se.has("section_de"):
                se.fail("section_de" if se.has("section") else "section", "a step's own section needs both languages")
            sid = _ident(se) if se.has("id") else None
            steps.append(Step(ref, text, text_de, se.int("page", page, lo=lo, hi=hi), se.str("section", section),
                              se.str("section_de", section_de), sid))
        ids = [s.id for s in steps if s.id]
        if len(ids) != len(set(ids)):
            e.fail("steps", "duplicate step id")
        out.append(Procedure(pid, e.str("title"), e.str("title_de"), page, section, section_de, tuple(steps)))
    _unique(file, (p.id for p in out))
    missing = [p for p in PROCEDURE_IDS if p not in {x.id for x in out}]
    if missing:
        raise RulesDataError(f"{file}: {missing[0]}: id: missing (the app shows this procedure)")
    return MappingProxyType({p.id: p for p in out})
