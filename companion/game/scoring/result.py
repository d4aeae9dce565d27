"""A scored sheet as the page, the ``score.final`` event and the exports show it: the result's JSON form, the
table (lines of the Scoring card by side), the bar chart, why each title went where it did, who won.

Texts are msgids; the functions that return sentences take ``translate`` (gettext in the web layer, identity for
English) so that this module needs no Flask. Pure Python."""

from __future__ import annotations

from typing import Any, Callable

from ...rules import scoring as rules
from ...rules.text import N_, T, from_json
from .fields import scenario_of
from .sheet import build_sheet, score_state, sheet_dict

Translate = Callable[[str], str]


def _identity(msgid: str) -> str:
    return msgid


def tr(translate: Translate, msgid: str, **args: Any) -> str:
    return translate(msgid) % args if args else translate(msgid)


# The lines of a result, in the order of the Scoring card; labels for the table and the CSV.
LINE_LABELS: dict[str, str] = {
    "fame": N_("Fame"),
    "knowledge": N_("Knowledge"),
    "greatest_knowledge": N_("Greatest Knowledge"),
    "loot": N_("Loot"),
    "greatest_loot": N_("Greatest Loot"),
    "leader": N_("Leader"),
    "greatest_leader": N_("Greatest Leader"),
    "conqueror": N_("Conqueror"),
    "greatest_conqueror": N_("Greatest Conqueror"),
    "adventurer": N_("Adventurer"),
    "greatest_adventurer": N_("Greatest Adventurer"),
    "greatest_dungeon_crawler": N_("Greatest Dungeon Crawler"),
    "beating": N_("Beating"),
    "greatest_beating": N_("Greatest Beating"),
    "cities": N_("Cities"),
    "greatest_city_conqueror": N_("Greatest City Conqueror"),
    "mines": N_("Mines"),
    "greatest_liberator": N_("Greatest Liberator"),
    "cities_conquered": N_("10 per city conquered"),
    "every_player_leads": N_("Every player leads a city"),
    "all_cities": N_("All cities conquered"),
    "rounds_left": N_("30 per Round left"),
    "dummy_deck": N_("Dummy player's cards"),
    "end_of_round_not_announced": N_("End of the Round not announced"),
    "keeps_vp": N_("Keeps (3 Victory points)"),
    "mage_towers_vp": N_("Mage towers (2 Victory points)"),
}
LINE_ORDER = tuple(LINE_LABELS)


def line_label(key: str, translate: Translate = _identity) -> str:
    return translate(LINE_LABELS[key]) if key in LINE_LABELS else key


def result_dict(r: rules.ScoreResult, sheet: rules.GameSheet | None = None) -> dict:
    """The JSON form of a result (the API answer, and the page's JSON export)."""
    teams = {p.name: p.team for p in sheet.players} if sheet else {}
    out: dict[str, Any] = {
        "scenario": r.scenario,
        "kind": r.kind,
        "players": [
            {"name": s.name, "team": teams.get(s.name), "total": s.total, "categories": dict(s.lines)}
            for s in r.players
        ],
        "titles": [
            {"title": t.title, "category": t.category, "values": dict(t.values), "awarded": dict(t.awarded),
             "outcome": t.outcome, "reason": t.reason}
            for t in r.titles
        ],
        "winners": list(r.winners),
        "success": r.success,
        "explanation": list(r.explanation),
    }
    if r.team_game:
        out["teams"] = [
            {"team": t.name, "members": list(t.members), "total": t.total, "categories": dict(t.lines)}
            for t in r.teams
        ]
    if r.score is not None:
        out["score"] = r.score
        out["categories"] = dict(r.table.lines) if r.table else {}
    return out


def _stored_line(line: Any) -> Any:
    return line.to_json() if isinstance(line, T) else line


def stored_result(data: dict) -> dict:
    """The result as the ``score.final`` event keeps it (JSON): explanation lines and title reasons as
    ``{"msg", "args"}`` dicts, so each device can still show them in its own language."""
    out = dict(data)
    out["explanation"] = [_stored_line(x) for x in data.get("explanation", [])]
    out["titles"] = [dict(t, reason=_stored_line(t.get("reason"))) for t in data.get("titles", [])]
    return out


def english_result(data: dict) -> dict:
    """The result with every explanation line and title reason as its English sentence (the JSON export)."""
    out = dict(data)
    out["explanation"] = [str(from_json(x)) for x in data.get("explanation", [])]
    out["titles"] = [dict(t, reason=str(from_json(t.get("reason") or ""))) for t in data.get("titles", [])]
    return out


def result_for(state: dict) -> tuple[dict | None, rules.ScoringError | None, dict | None]:
    """(result, refusal, sheet): the recorded final result, else the live preview (or why the engine refuses the
    sheet: a ``ScoringError`` whose first argument is a ``T`` line)."""
    final = score_state(state).get("final")
    if final:
        return final["result"], None, final["sheet"]
    if scenario_of(state) is None:
        return None, None, None
    try:
        sheet = build_sheet(state)
        res = rules.score(sheet)
    except rules.ScoringError as e:
        return None, e, None
    return result_dict(res, sheet), None, sheet_dict(sheet)


def title_reason(t: dict, translate: Translate = _identity) -> str:
    """Why a title went the way it did, in the reader's language."""
    awarded = t["awarded"]
    values = t["values"]
    if t["outcome"] == "sole":
        (side, pts), = awarded.items()
        if t["title"] == "greatest_beating":
            return tr(translate, N_("%(side)s lost the most (%(value)d): %(points)+d."), side=side,
                      value=values[side], points=pts)
        return tr(translate, N_("%(side)s scored the most (%(value)d): %(points)+d."), side=side,
                  value=values[side], points=pts)
    if t["outcome"] == "tie":
        sides = list(awarded)
        return tr(translate, N_("%(sides)s tied at %(value)d: %(points)+d each."), sides=", ".join(sides),
                  value=values[sides[0]], points=awarded[sides[0]])
    if t["outcome"] == "no_wounds":
        return tr(translate, N_("Nobody has Wounds: a tie between players without Wounds gives no penalty."))
    return tr(translate, N_("Nobody scored in this category: a tie at zero gives no title."))


def winner_text(res: dict, translate: Translate = _identity) -> str:
    kind = res["kind"]
    winners = res["winners"]
    if res.get("score") is not None:
        return tr(translate, N_("Score: %(score)d"), score=res["score"])
    if not winners:
        if kind == rules.VICTORY_POINTS:
            return tr(translate, N_("Tied: no one is the winner."))
        return tr(translate, N_("There is no winner."))
    if res.get("teams"):
        totals = {t["team"]: t["total"] for t in res["teams"]}
    else:
        totals = {p["name"]: p["total"] for p in res["players"]}
    if kind == rules.PORTAL:
        return tr(translate, N_("%(name)s wins: standing on the portal."), name=winners[0])
    if len(winners) == 1:
        return tr(translate, N_("%(name)s wins with %(total)d."), name=winners[0], total=totals.get(winners[0], 0))
    return tr(translate, N_("Shared victory: %(names)s (%(total)d each)."), names=", ".join(winners),
              total=totals.get(winners[0], 0))


def table_view(res: dict, translate: Translate = _identity) -> dict:
    """Columns (sides) and rows (lines) of the result table."""
    score_name = tr(translate, N_("Score"))
    if res.get("score") is not None:
        columns = [{"name": p["name"], "categories": p["categories"], "total": p["total"], "own": True}
                   for p in res["players"]] if len(res["players"]) > 1 else []
        columns.append({"name": score_name, "categories": res["categories"], "total": res["score"], "own": False})
    elif res.get("teams"):
        columns = [{"name": p["name"], "categories": p["categories"], "total": p["total"], "own": True}
                   for p in res["players"]]
        columns += [{"name": tr(translate, N_("Team %(t)s"), t=t["team"]), "categories": t["categories"],
                     "total": t["total"], "own": False} for t in res["teams"]]
    else:
        columns = [{"name": p["name"], "categories": p["categories"], "total": p["total"], "own": False}
                   for p in res["players"]]
    keys: list[str] = []
    for c in columns:
        for k in c["categories"]:
            if k not in keys:
                keys.append(k)
    keys.sort(key=lambda k: LINE_ORDER.index(k) if k in LINE_ORDER else len(LINE_ORDER))
    rows = [{"key": k, "label": line_label(k, translate), "title": k.startswith("greatest_"),
             "values": [c["categories"].get(k) for c in columns]} for k in keys]
    return {"columns": columns, "rows": rows}


def chart_view(res: dict, translate: Translate = _identity) -> list[dict]:
    """Bars of the scores that decide the game (SVG rect widths; no inline styles)."""
    winners = set(res["winners"])
    if res["kind"] == rules.PORTAL:
        return []  # "There is no scoring, and Fame does not matter."
    if res.get("score") is not None:
        sides = [(tr(translate, N_("Score")), res["score"], False)]
    elif res.get("teams"):
        sides = [(tr(translate, N_("Team %(t)s"), t=t["team"]), t["total"], t["team"] in winners)
                 for t in res["teams"]]
    else:
        sides = [(p["name"], p["total"], p["name"] in winners) for p in res["players"]]
    top = max([v for _, v, _ in sides] + [1])
    return [{"name": name, "total": v, "win": win, "y": n * 34, "width": round(max(v, 0) / top * 220, 1)}
            for n, (name, v, win) in enumerate(sides)]


def titles_view(res: dict | None, translate: Translate = _identity) -> list[dict]:
    return [dict(t, label=line_label(t["title"], translate), why=title_reason(t, translate))
            for t in (res or {}).get("titles", [])]
