"""The story of a game (``/games/<id>/story``): Fame by Round drawn as SVG on the server with a table beside it,
the fights, the conquests, the Dummy player's rounds and the time on turns. A thin adapter over
:mod:`companion.game.views.story` (the derivation, from the events in force) and :mod:`companion.game.views.story_chart` (the
chart's numbers); the JSON API's ``GET /api/v1/games/<id>/story`` (``web/story_api.py``) and the score sheet's CSV
(``csv_rows``) read the same story."""

from __future__ import annotations

import threading
from collections import OrderedDict

from flask import Blueprint, current_app
from flask_babel import gettext

from ..game.views.story import site_msgid, story
from ..game.views.story_chart import fame_chart, time_bars
from .common import Game, load_game, page
from .language import current_lang

bp = Blueprint("story", __name__)

_CACHE: OrderedDict[tuple, dict] = OrderedDict()  # (database, game, seed, seq) -> its story: a page poll is cheap
_CACHE_SIZE = 16
_lock = threading.Lock()


def game_story(game: Game) -> dict:
    """The story of ``game`` as this request sees it (its log up to ``game.seq``); the same for the page, the API
    and the CSV."""
    key = (str(current_app.config.get("DATABASE")), game.id, game.row["seed"], game.seq)
    with _lock:
        if key in _CACHE:
            _CACHE.move_to_end(key)
            return _CACHE[key]
    told = story(game.id, game.setup, game.row["seed"], game.events)
    with _lock:
        _CACHE[key] = told
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    return told


def duration(seconds: int | None) -> str:
    """A time on turns as a person reads it: "42 s", "3 min 05 s", "1 h 02 min"."""
    if seconds is None:
        return "–"
    if seconds < 60:
        return gettext("%(s)d s", s=seconds)
    if seconds < 3600:
        return gettext("%(m)d min %(s)02d s", m=seconds // 60, s=seconds % 60)
    return gettext("%(h)d h %(m)02d min", h=seconds // 3600, m=seconds % 3600 // 60)


def _enemy_name(e: dict) -> str:
    return (e.get("name_de") or e["name"]) if current_lang() == "de" else e["name"]


def _site(entry: dict) -> str:
    return gettext(site_msgid(entry))


def _fights(told: dict) -> list[dict]:
    return [{**f, "site_name": _site(f), "enemy_names": ", ".join(_enemy_name(e) for e in f["enemies"]),
             "defeated_names": ", ".join(_enemy_name(e) for e in f["enemies"] if e["defeated"])}
            for f in told["fights"]]


def _dummy_name() -> str:
    return gettext("Dummy player")


@bp.get("/games/<int:game_id>/story")
def show(game_id: int):
    game = load_game(game_id)
    told = game_story(game)
    mk = told["kind"] != "runewars"  # Mage Knight's and Mage Lite's: Fame by Round and the turns
    return page(
        "story/story.html",
        game=game,
        story=told,
        chart=fame_chart(told["fame_by_round"], told["players"]) if mk else None,
        bars=time_bars(told["turn_times"]) if mk else [],
        fights=_fights(told),
        conquests=[{**c, "site_name": _site(c)} for c in told["conquests"]],
        duration=duration,
        dummy_name=_dummy_name(),
    )


def csv_rows(told: dict, columns: list[str]) -> list[list]:
    """The story's lines for the score sheet's CSV, added after its rows (``columns``: the CSV's column names; a
    player's column by their name, other columns empty): Fame at the end of each Round, fights, fights won,
    turns and the seconds on them."""
    if told["kind"] != "mage_knight":
        return []
    index = {p["name"]: p["index"] for p in told["players"]}

    def row(label: str, key: str, values: list) -> list:
        return [label, key, *[values[index[c]] if c in index else "" for c in columns]]

    rows = [row(gettext("Fame at the end of Round %(n)d", n=r["round"]), f"story_fame_round_{r['round']}",
                r["fame"]) for r in told["fame_by_round"] if r["round"] >= 1]
    n = len(told["players"])
    fights = [sum(1 for f in told["fights"] if f["player"] == i) for i in range(n)]
    won = [sum(1 for f in told["fights"] if f["player"] == i and f["won"]) for i in range(n)]
    times = {t["player"]: t for t in told["turn_times"]}
    rows.append(row(gettext("Fights"), "story_fights", fights))
    rows.append(row(gettext("Fights won"), "story_fights_won", won))
    rows.append(row(gettext("Turns"), "story_turns", [times[i]["turns"] for i in range(n)]))
    rows.append(row(gettext("Time on turns (seconds)"), "story_turn_seconds", [times[i]["seconds"] for i in range(n)]))
    return rows
