"""The Dummy hero's Skills in a solo game (Scenario Book, Skills in a Solo Game)."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Sequence

from ..text import T, Term
from .cards import SB_SKILLS, _attr, _join, _name


# --------------------------------------------------------------------------- solo skills

def _is_interactive(skill: Any) -> bool:
    if isinstance(skill, str):
        return False
    return bool(_attr(skill, "interactive", False))


def _skill_id(skill: Any) -> Any:
    return skill if isinstance(skill, str) else _attr(skill, "id")


@dataclass(frozen=True)
class SkillPile:
    pile: tuple[Any, ...]
    removed: tuple[Any, ...]
    explanation: tuple[str, ...]


def skill_pile(skills: Sequence[Any], rng: random.Random) -> SkillPile:
    """Skills in a Solo Game: the Dummy hero's Skill tokens, "remove the Competitive Interactive Skill ...
    before the game", shuffled into a face-down pile."""
    removed = tuple(_skill_id(s) for s in skills if _is_interactive(s))
    pile = [_skill_id(s) for s in skills if not _is_interactive(s)]
    rng.shuffle(pile)
    trace = [T("%(rule)s: the Dummy hero's Skill tokens are shuffled face down (%(n)d tokens)",
               rule=Term(SB_SKILLS), n=len(pile))]
    if removed:
        names = [_name(s) for s in skills if _is_interactive(s)]
        trace.append(T("%(rule)s: the interactive Skill is removed before the game (%(skills)s)",
                       rule=Term(SB_SKILLS), skills=_join(names)))
    return SkillPile(tuple(pile), removed, tuple(trace))


@dataclass(frozen=True)
class SkillReveal:
    revealed: Any
    pile: tuple[Any, ...]
    explanation: tuple[str, ...]


def reveal_skill(pile: Sequence[Any]) -> SkillReveal:
    """"Every time your Hero has gained a Skill token, also reveal one Skill of the Dummy player, and put it
    into the Common Skill offer"."""
    if not pile:
        return SkillReveal(None, (), (T("%(rule)s: the Dummy hero has no Skill tokens left to reveal",
                                        rule=Term(SB_SKILLS)),))
    return SkillReveal(pile[0], tuple(pile[1:]), (
        T("%(rule)s: your Hero gained a Skill, so one Skill of the Dummy player (%(skill)s) goes to the "
          "Common Skill offer; taking it from there also takes the lowest Advanced Action", rule=Term(SB_SKILLS),
          skill=_name(pile[0])),))

