"""The table screen: ``GET /games/<id>/table``, one read-only scoreboard for a laptop, tablet or TV beside the board
(the game layer's ``companion.game.views.table`` says what it shows). It has no form and carries no CSRF token, so nothing
on it can change the game; the only routes are GETs (a POST to them is a 405).

It follows the game like every page (the live part morphs when the log's seq moves) and, besides, the fight a phone
is typing: the combat page's running total (``POST /games/<id>/combat/check``, sent while a player types, nothing
recorded) leaves its form here as the game's *draft*: kept in this process's memory only, never an event, one per
game (the latest typing wins), shown while no event was recorded since the seq it was typed on and for at most
``DRAFT_TTL`` seconds. The table's poller (``GET /games/<id>/table/poll?seq=N&d=V``) asks with the seq and the
draft's version it shows: ``204`` while both are the same, else the new poller with ``HX-Trigger: gameChanged``.
"""

from __future__ import annotations

import itertools
import threading
import time
from typing import Any, Mapping

from flask import Blueprint, abort, current_app, render_template, request, url_for
from flask_babel import gettext

from ..game.views.table import DRAFT_CHECKS, table_view
from ..state import walk
from .access import has_access, my_role, same_secret, screen_key
from .board import join_url, qr_svg
from .common import game_of, game_row, htmx, load_game, page
from .games import polled_seq, token_and_seq
from .language import current_lang, render_sentence_here

bp = Blueprint("table", __name__)

DRAFT_TTL = 300  # seconds a typed, unsent running total stays on the table screen
LOG_LINES = 4  # the last log sentences the table screen shows
# the fields of a combat step's form that describe what is typed (never the CSRF token, the nonce, where to go)
DRAFT_FIELDS = ("check", "key", "attack_index", "move_points", "target", "value", "element", "kind", "attack",
                "unit", "prefer", "mode")
MAX_VALUES = 24  # per field: the forms have at most a few rows

_drafts: dict[int, dict] = {}
_lock = threading.Lock()
_versions = itertools.count(1)


def remember_draft(game, form: Mapping[str, Any]) -> None:
    """The running total a phone asked for (``combat.check``) is what it is typing: keep it as the game's draft
    for the table screen. Only the combat step's own fields, a few values each."""
    if form.get("check") not in DRAFT_CHECKS:
        return
    fields = {}
    for name in DRAFT_FIELDS:
        values = form.getlist(name) if hasattr(form, "getlist") else [form.get(name)]
        values = [str(v)[:40] for v in values if v is not None][:MAX_VALUES]
        if values:
            fields[name] = values
    player = my_role(game.id).get("player")
    with _lock:
        _drafts[game.id] = {"v": next(_versions), "seq": game.seq, "at": time.monotonic(), "fields": fields,
                            "player": player if isinstance(player, int) else None}


class DraftForm(dict):
    """A stored draft read back as the form the combat page's checks parse (``get``, ``getlist``)."""

    def get(self, key, default=None):
        values = super().get(key)
        return values[0] if values else default

    def getlist(self, key):
        return list(super().get(key) or ())


def draft_of(game_id: int, seq: int) -> dict | None:
    """The game's draft while it is fresh: typed on this very seq, within ``DRAFT_TTL``."""
    with _lock:
        d = _drafts.get(game_id)
        if d is not None and (d["seq"] != seq or time.monotonic() - d["at"] > DRAFT_TTL):
            _drafts.pop(game_id, None)
            d = None
    return d


def last_sentences(game) -> list[dict]:
    """The newest entries of the log in force, newest last: the sentence in this page's language."""
    active, _undone, _status = walk(game.events)
    return [{"seq": e.seq, "text": render_sentence_here(e.sentence)} for e in active[-LOG_LINES:]]


def table_poll_url(game_id: int, version: int) -> str:
    return url_for("table.poll", game_id=game_id, d=version)


def how_to_get_the_screen() -> str:
    return gettext("To show this game on a big screen, open the table screen's own address on that screen: a phone "
                   "in the game finds it, with its QR code, on the game's Invite (QR) page.")


def screen_context(game, poll_url) -> dict:
    """What the table screen shows (a joined device's and the screen key's alike)."""
    draft = draft_of(game.id, game.seq)
    typing = None
    if draft is not None and draft["player"] is not None and draft["player"] < len(game.state["players"]):
        typing = game.state["players"][draft["player"]]["name"]
    view = table_view(game.state, current_lang(), gettext("Dummy player"),
                      DraftForm(draft["fields"]) if draft else None)
    return {"game": game, "t": view, "typing": typing, "log": last_sentences(game),
            "poll": poll_url(draft["v"] if draft else 0)}


@bp.get("/games/<int:game_id>/table")
def show(game_id: int):
    if not has_access(game_row(game_id)):
        abort(403, description=gettext("This game is private: scan the game's QR code to join it.") + " "
              + how_to_get_the_screen())
    game = load_game(game_id)
    url = join_url(game)
    return page("table/screen.html", qr=qr_svg(url), join_url=url,
                **screen_context(game, lambda v: table_poll_url(game.id, v)))


@bp.get("/games/<int:game_id>/table/poll")
def poll(game_id: int):
    """``204`` while neither the log nor the typed draft changed; else the new poller and ``gameChanged``."""
    return _poll(game_id, polled_seq(game_id), lambda v: table_poll_url(game_id, v))


def _poll(game_id: int, last: int, poll_url):
    draft = draft_of(game_id, last)
    version = draft["v"] if draft else 0
    if request.args.get("seq") == str(last) and request.args.get("d") == str(version):
        return "", 204
    resp = current_app.make_response(render_template("table/_sync.html", poll=poll_url(version), seq=last))
    resp.headers["HX-Trigger"] = "gameChanged"
    return resp


# ---------------------------------------------------------------------------------------------- the screen's own key
# ``GET /games/<id>/screen/<key>``: the table screen for a browser that joined nothing (a laptop by the board): the
# Invite page shows this address and its QR code. The key only reads the screen: no other page, no export, no
# command accepts it, and the screen it opens does not show the join code (that would make it a join key). The
# host's "new join code" retires it (it is made from the game's token).


def _screen_row(game_id: int, key: str) -> dict:
    row = game_row(game_id)
    if not same_secret(key, screen_key(game_id, row["token"])):
        abort(403, description=gettext("This table screen's address no longer opens the game: the host made a new "
                                       "join code, which retires it.") + " " + how_to_get_the_screen())
    return row


def screen_poll_url(game_id: int, key: str, version: int) -> str:
    return url_for("table.screen_poll", game_id=game_id, key=key, d=version)


@bp.get("/games/<int:game_id>/screen/<key>")
def screen(game_id: int, key: str):
    """The read-only table screen opened with its own key: no join, no choice, no session."""
    game = game_of(_screen_row(game_id, key), {"role": None, "player": None}, False)
    return render_template("table/screen.html", fragment=bool(htmx) and not request.headers.get("HX-Boosted"),
                           seq=game.seq, qr=None, **screen_context(game, lambda v: screen_poll_url(game.id, key, v)))


@bp.get("/games/<int:game_id>/screen/<key>/poll")
def screen_poll(game_id: int, key: str):
    """The screen key's poll: as ``/table/poll``, for the key instead of a joined device."""
    token, seq = token_and_seq(game_id)
    if not same_secret(key, screen_key(game_id, token)):
        abort(403, description=how_to_get_the_screen())
    return _poll(game_id, seq, lambda v: screen_poll_url(game_id, key, v))

