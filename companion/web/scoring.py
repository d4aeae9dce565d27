"""The score sheet page of a game and its exports: a thin adapter over :mod:`companion.game.scoring` (the sheet,
its commands ``score_set``/``score_confirm``/``score_final`` and reducers, the result views).

The engine's explanation lines and title reasons are ``T`` lines (companion.rules.text): the page shows them with
``|tr`` in its language. The JSON export turns them into their English sentences. The CSV export is in the
requesting device's language (its ``key`` column keeps the English ids); after the sheet's rows it has the story
of the game's (``story_*`` keys: Fame at the end of each Round, fights, turns and their time)."""

from __future__ import annotations

import csv
import io
import json

from flask import Blueprint, Response, abort, request, url_for
from flask_babel import get_locale, gettext

from ..game.flow.scenario_end import is_over
from ..game.scoring import (all_confirmed, chart_view, confirmed, english_result, game_fields, is_final,
                            is_team_game, player_fields, result_for, scenario_of, table_view, titles_view,
                            typed_lines, winner_text)
from ..game.scoring import sheet_values, strength_view
from ..game.spine.command import Invalid
from ..rules import scoring as rules
from ..rules.data import get_rules
from ..rules.text import translate_line
from .common import done, game_command, load_game, page, record_command
from .language import invalid_text, ui_gettext
from .story import csv_rows, game_story

bp = Blueprint("scoring", __name__)


def _lang() -> str:
    loc = get_locale()
    return loc.language if loc else "en"


def error_text(e: rules.ScoringError) -> str:
    """Why the engine refused the sheet, in this request's language (its T line translated)."""
    return translate_line(e.args[0] if e.args else str(e), ui_gettext, _lang())


def _fields(fields) -> list[dict]:
    return [{"key": f.key, "label": f.label_in(gettext), "flag": f.flag, "negative": f.negative, "steps": f.steps}
            for f in fields]


@bp.get("/games/<int:game_id>/score")
def sheet(game_id: int):
    game = load_game(game_id)
    state = game.state
    sc = scenario_of(state)
    if sc is None:
        return page("scoring/sheet.html", game=game, sc=None, unsupported=True)
    players, gvals = sheet_values(state)
    res, refused, _ = result_for(state)
    final = is_final(state)
    typed = [] if final else typed_lines(state)  # once: the marks beside the lines and the warning above
    return page(
        "scoring/sheet.html",
        game=game,
        sc=sc,
        unsupported=False,
        final=final,
        mission_decided=final or is_over(state),
        pfields=_fields(player_fields(sc, is_team_game(state))),
        gfields=_fields(game_fields(sc)),
        values=players,
        gvalues=gvals,
        confirmed=confirmed(state),
        all_confirmed=all_confirmed(state),
        res=res,
        error=error_text(refused) if refused else None,
        table=table_view(res, gettext) if res else None,
        chart=chart_view(res, gettext) if res else [],
        titles=titles_view(res, gettext),
        winner=winner_text(res, gettext) if res else "",
        scenario_name=_scenario_name(sc),
        strength=strength_view(state) if not final else [],
        differs={(str(d["player"]), d["field"]): d for d in typed},
        differences=_difference_lines(state, [d for d in typed if d["differs"]]),
    )


def _difference_lines(state: dict, differences: list[dict]) -> list[str]:
    """The warning above "Record the final score": every edited line that differs from the board
    (``differences``: the typed lines whose value ``differs``)."""
    sc = scenario_of(state)
    labels = {f.key: f.label_in(gettext) for f in player_fields(sc, is_team_game(state)) + game_fields(sc)}
    out = []
    for d in differences:
        who = gettext("The game") if d["player"] == "game" else state["players"][d["player"]]["name"]
        out.append(gettext("%(who)s, %(line)s: sheet %(value)s, board %(board)s", who=who, line=labels[d["field"]],
                           value=_shown(d["value"]), board=_shown(d["board"])))
    return out


def _shown(v) -> str:
    if isinstance(v, bool):
        return gettext("yes") if v else gettext("no")
    return str(v)


def _scenario_name(sc: rules.ScenarioScoring) -> str:
    try:
        data = get_rules().scenarios.get(sc.id)
        if data is not None:
            return data.name_de if _lang() == "de" else data.name
    except Exception:
        pass
    return sc.title


def _here(game_id: int) -> str:
    return url_for("scoring.sheet", game_id=game_id)


def _run(game, name: str, data) -> None:
    try:
        cmd = game_command(game, name, data)
    except Invalid as err:
        abort(400, description=invalid_text(err))
    record_command(game, cmd.type, cmd.payload, cmd.sentence, cmd.scope)


@bp.post("/games/<int:game_id>/score/set")
def set_value(game_id: int):
    """One stepper press (or a toggle) on the sheet: records the new value."""
    _run(load_game(game_id), "score_set", request.form)
    return done(_here(game_id))


@bp.post("/games/<int:game_id>/score/follow")
def follow(game_id: int):
    """One tap on an edited line: the board's value again (the line follows the board from now on)."""
    _run(load_game(game_id), "score_follow", request.form)
    return done(_here(game_id))


@bp.post("/games/<int:game_id>/score/confirm")
def confirm(game_id: int):
    _run(load_game(game_id), "score_confirm", request.form)
    return done(_here(game_id))


@bp.post("/games/<int:game_id>/score/final")
def final(game_id: int):
    """Record the final score: the game is kept as finished (undo reopens it)."""
    _run(load_game(game_id), "score_final", request.form)
    return done(_here(game_id))


# ---------------------------------------------------------------------------------------------- exports


def _export_name(game, ext: str) -> str:
    return f"mage-knight-game-{game.id}-score.{ext}"


def _result_or_400(game) -> tuple[dict, dict | None]:
    res, refused, sheet_data = result_for(game.state)
    if res is None:
        abort(400, description=error_text(refused) if refused else gettext("This game's scenario has no scoring."))
    return res, sheet_data


@bp.get("/games/<int:game_id>/score.json")
def export_json(game_id: int):
    game = load_game(game_id)
    res, sheet_data = _result_or_400(game)
    body = {"game": game.id, "name": game.state["game"].get("name") or "", "final": bool(is_final(game.state)),
            "sheet": sheet_data, "result": english_result(res),
            "typed": [] if is_final(game.state) else typed_lines(game.state)}
    return Response(json.dumps(body, ensure_ascii=False, indent=2), mimetype="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{_export_name(game, "json")}"'})


def csv_cells(cells: list) -> list:
    """Text cells a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a carriage return:
    a player named "=HYPERLINK(...)") get a leading ' so they stay text; numbers stay numbers."""
    return [f"'{c}" if isinstance(c, str) and c[:1] in ("=", "+", "-", "@", "\t", "\r") else c for c in cells]


@bp.get("/games/<int:game_id>/score.csv")
def export_csv(game_id: int):
    game = load_game(game_id)
    res, _ = _result_or_400(game)
    t = table_view(res, gettext)
    buf = io.StringIO()
    w = csv.writer(buf)
    w.writerow(csv_cells([gettext("Line"), "key", *[c["name"] for c in t["columns"]]]))
    for row in t["rows"]:
        w.writerow(csv_cells([row["label"], row["key"], *["" if v is None else v for v in row["values"]]]))
    w.writerow(csv_cells([gettext("Total"), "total", *[c["total"] for c in t["columns"]]]))
    w.writerow(csv_cells([gettext("Result"), "result", winner_text(res, gettext)]))
    # the story of the game (web/story.py), added after the sheet's rows: Fame by Round, fights, turns
    for row in csv_rows(game_story(game), [c["name"] for c in t["columns"]]):
        w.writerow(csv_cells(row))
    return Response(buf.getvalue(), mimetype="text/csv",
                    headers={"Content-Disposition": f'attachment; filename="{_export_name(game, "csv")}"'})
