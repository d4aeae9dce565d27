"""docs/rules-coverage.md lists every special rule of every scenario (Scenario Book, each scenario's "Special
Rules"; the solo variants; "Other Solo Missions"): where the app applies it, or that it stays a reminder and why.
Every rule that is still a reminder must be listed there as one, word for word as the board prints it."""

from pathlib import Path

import pytest

from companion.game.flow.scenario_info import SOLO_RULES
from companion.game.flow.scenario_rules import EFFECTS
from companion.rules.data import get_rules

DOC = Path(__file__).resolve().parent.parent / "docs" / "rules-coverage.md"


def all_rules():
    for sc in get_rules().scenarios.values():
        for s in (sc, sc.solo_variant):
            if s is not None:
                yield from ((s.id, r, e) for r, e in zip(s.special_rules, s.special_rules_effects))
    yield from (("other_solo_missions", r, e) for r, _de, e in SOLO_RULES)


def entries() -> dict[str, str]:
    """Each listed rule (a "- " line) and the verdict on the line after it."""
    lines = DOC.read_text(encoding="utf-8").splitlines()
    return {line[2:]: lines[n + 1].strip() for n, line in enumerate(lines[:-1]) if line.startswith("- ")}


@pytest.mark.parametrize("sid, rule, effect", list(all_rules()), ids=lambda x: str(x)[:40])
def test_every_special_rule_is_listed_with_its_verdict(sid, rule, effect):
    verdict = entries().get(rule)
    assert verdict is not None, f"{sid}: not in docs/rules-coverage.md: {rule}"
    if effect == "reminder":
        assert verdict.startswith("**Reminder**:") and len(verdict) > 30, (sid, rule, verdict)
    else:
        assert verdict.startswith(f"**Applied** (`{effect}`):"), (sid, rule, verdict)
        assert effect in EFFECTS


def test_the_reminders_left_are_the_ones_the_app_cannot_apply():
    """The rules the app applies from what it records are not reminders any more (Druid Nights' glades, Dungeon
    Lords' revisits, Conquer and Hold's defenders, mana and Units, First Reconnaissance's Elite Units)."""
    reminders = {r for _sid, r, e in all_rules() if e == "reminder"}
    for applied in ("Elite Units are not used in this scenario.",
                    "At the end of the first Night remove all Shield tokens from the glades.",
                    "Conquered tombs and dungeons (normal and secret) cannot be entered again for more Fame."):
        assert applied not in reminders
