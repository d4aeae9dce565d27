"""What the Dummy player's page shows: whose turn it is, the forecast of its next turn, the tactics, Skills and
what can be done now. Plain data over the folded state; the web adapter adds the page's language."""

from __future__ import annotations

from typing import Any, Mapping

from ...rules import dummy as rules
from ...rules.mage_lite import dummy as mage_lite
from ...solvers import solve
from ..flow.round_state import available_tactics, dummy_current, round_running, tactic_by_id, tactic_rule
from ..flow.scenario_end import refuse_dummy_turn
from ..flow.scenario_info import scenario
from ..spine.command import Invalid
from .common import MODES, advanced_actions, hero, heroes, is_final_day_or_night, players_in_play, who_name


def forecast(d: dict | None) -> Any:
    """The forecast for the dummy as it stands (None when it has no deck or already announced)."""
    if not d or d["mode"] == "mage_lite" or d.get("announced_by") == "dummy" or d.get("last_turn_done"):
        return None
    if d["mode"] == "virtual":
        return solve(rules.forecast, rules.color_counts(d["deck"]), d["crystals"])
    pool = {c: d["composition"][c] - d["seen"][c] for c in rules.COLORS}
    return solve(rules.forecast, pool, d["crystals"], remaining=d["deck_count"])


def chart(f: Any) -> dict | None:
    """Bars for the forecast chart: SVG geometry computed here (no inline styles)."""
    if f is None:
        return None
    bar_h, gap, label_w, width = 16, 5, 18, 240
    bars = []
    top = max(float(p) for _, p in f.distribution)
    for i, (k, p) in enumerate(f.distribution):
        y = i * (bar_h + gap)
        w = round((width - label_w - 36) * float(p) / top, 2) if top else 0
        bars.append({"k": k, "p": float(p), "pct": round(100 * float(p)), "y": y, "w": max(w, 0.5),
                     "x": label_w, "text_y": round(y + bar_h * 0.75, 1)})
    return {"bars": bars, "height": len(bars) * (bar_h + gap), "bar_h": bar_h, "width": width,
            "expected": float(f.expected)}


def name_of(thing: Any, lang: str = "en") -> str:
    """A card's, hero's or tactic's name in the reader's language."""
    if thing is None:
        return ""
    get = thing.get if isinstance(thing, Mapping) else (lambda k, default=None: getattr(thing, k, default))
    if lang == "de" and get("name_de"):
        return get("name_de")
    return get("name") or get("id") or ""


def turn_refusal(state: dict) -> Any:
    """Why the Dummy player takes no turn any more (the scenario's end: ``Invalid``), or None."""
    try:
        refuse_dummy_turn(state)
    except Invalid as err:
        return err
    return None


def page_data(state: dict, lang: str = "en", dummy_name: str = "Dummy player") -> dict:
    """The Dummy page's data (the template context's names), in the reader's language ``lang``."""
    d = state.get("dummy")
    order = state.get("round_order") or []
    now = dummy_current(state, d)
    f = forecast(d)
    skills = d.get("skills") if d else None
    its_hero = hero(d["hero"]) if d else None
    skill_names = {s.id: name_of(s, lang) for s in getattr(its_hero, "skills", ())} if its_hero is not None else {}
    in_play = set(players_in_play(state))
    return {
        "state": state,
        "d": d,
        "hero": its_hero,
        "heroes": [h for h in heroes() if h.id not in in_play],
        "modes": MODES,
        "colors": rules.COLORS,
        "order": [{"who": w, "name": who_name(state, w, dummy_name), "current": w == now} for w in order],
        "current": now,
        "current_name": who_name(state, now, dummy_name) if now is not None else None,
        "forecast": f,
        "chart": chart(f),
        "rule": tactic_rule(state),
        "final_day_or_night": is_final_day_or_night(state),
        "tactics": available_tactics(state) if d else [],
        "tactic_by_id": tactic_by_id,
        "advanced_actions": advanced_actions(),
        "skills": skills,
        "skill_names": skill_names,
        "name_of": lambda thing: name_of(thing, lang),
        "thresholds": mage_lite.THRESHOLDS,
        "players": list(enumerate(state["players"])),
        "scenario_has_dummy": getattr(scenario(state), "dummy", None),
        "round_running": round_running(state, d),
        # nobody's turn is tracked (no round order, or the Mage Lite counter): a last turn is confirmed as such
        "untracked_last_turn": bool(d and d.get("announced") and d.get("last_turns_left")
                                    and (not order or d["mode"] == "mage_lite")),
    }
