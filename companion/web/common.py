"""What every blueprint shares: security, errors, the game a request is about, recording commands, htmx fragments."""

from __future__ import annotations

import json
import re
import secrets
from dataclasses import dataclass
from typing import Any

from flask import (
    Blueprint,
    abort,
    current_app,
    g,
    jsonify,
    redirect,
    render_template,
    request,
    session,
)
from flask_babel import gettext
from flask_htmx import HTMX
from flask_wtf.csrf import CSRFProtect, generate_csrf
from flask.json.provider import DefaultJSONProvider
from werkzeug.exceptions import BadRequest
from werkzeug.routing import IntegerConverter

from .. import events as ev
from ..db import get_db
from ..game.spine import fields, safejson
from ..game.spine.command import COMMANDS, Actor, Command, Invalid, NeedsConfirm, NotYours, apply, run
from ..state import Event
from ..state_cache import CACHE as STATE_CACHE
from .access import device_id, has_access, is_api, is_host, my_by, my_role
from .language import invalid_text

csrf = CSRFProtect()
htmx = HTMX()

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; manifest-src 'self'; object-src 'none'; "
    "base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
)


class ApiError(Exception):
    """An error of the JSON API, answered as ``{"error": message}`` with a 4xx status."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.message = message
        self.status = status


def api_blueprint(name: str, import_name: str, url_prefix: str) -> Blueprint:
    """A blueprint for the JSON API: CSRF-exempt (no cookies are used to authorise it). A refusal of the parsing
    layer (``Invalid``) is a 400 ``{"error": reason}`` in English, like every API error."""
    bp = Blueprint(name, import_name, url_prefix=url_prefix)
    csrf.exempt(bp)
    bp.register_error_handler(Invalid, lambda err: (jsonify({"error": str(err)}), 400))
    return bp


class GuardedJSON(DefaultJSONProvider):
    """Every JSON the app reads from a request (``request.get_json``) goes through ``companion.game.spine.safejson``:
    bounded size and depth, finite numbers, storable text. A refusal is a 400 with the reason (a JSON
    ``{"error"}`` on the API, the error page elsewhere), never a 500 and never silently None."""

    def loads(self, s, **kwargs):
        try:
            return safejson.loads(s)
        except Invalid as err:
            raise BadRequest(description=invalid_text(err)) from None


class GameIdConverter(IntegerConverter):
    """``<int:...>`` in every route: at most 2^63 - 1 (SQLite's INTEGER), else the route does not match (404)."""

    def __init__(self, map, *args, **kwargs):
        kwargs.setdefault("max", (1 << 63) - 1)
        super().__init__(map, *args, **kwargs)


def json_body() -> dict:
    """The request's JSON object, or an ApiError saying what is wrong with it."""
    data = request.get_json(silent=True)
    if data is None:
        raise ApiError("the body must be a JSON object (Content-Type: application/json)")
    if not isinstance(data, dict):
        raise ApiError("the body must be a JSON object")
    return data


# ---------------------------------------------------------------------------------------------- games and access


@dataclass
class Game:
    id: int
    row: dict
    setup: dict
    state: dict  # this request's own copy (from the state cache): a command may not mutate it, but could
    seq: int
    is_host: bool
    me: dict  # {"role": "host"|"player"|"watcher"|None, "player": index or None}
    _events: list[Event] | None = None

    @property
    def token(self) -> str:
        return self.row["token"]

    @property
    def events(self) -> list[Event]:
        """The log up to ``seq``, read when a page needs it (the log page, the export): most requests don't."""
        if self._events is None:
            # the state cache's copy with its undo/redo walk done; else read from the database
            self._events = STATE_CACHE.log(current_app.config["DATABASE"], self.id, self.row["seed"], self.seq)
            if self._events is None:
                self._events = [e for e in ev.load_events(get_db(), self.id) if e.seq <= self.seq]
        return self._events


def game_row(game_id: int) -> dict:
    rows = list(get_db().query("SELECT * FROM games WHERE id = ?", [game_id]))
    if not rows:
        abort(404, description=gettext("There is no such game."))
    return rows[0]


def load_game(game_id: int) -> Game:
    """The game and its state, folded from the log. 403 unless this device joined with the current token."""
    row = game_row(game_id)
    if not has_access(row):
        abort(403, description=gettext("This game is private: scan the game's QR code to join it."))
    return game_of(row, my_role(game_id), is_host(row))


def game_of(row: dict, me: dict, host: bool) -> Game:
    """The game of a row whose access was checked (``load_game``; the table screen's own key), folded from the
    log; ``me`` is the device's role in it."""
    game_id = row["id"]
    setup = json.loads(row["setup"])
    # the folded state from the process's cache: one indexed query when nothing changed, the new events only
    # after a command, the events after the nearest checkpoint after an undo/redo (companion/state_cache.py)
    state, seq = STATE_CACHE.state(get_db(), current_app.config["DATABASE"], game_id, setup, row["seed"])
    game = Game(
        id=game_id,
        row=row,
        setup=setup,
        state=state,
        seq=seq,
        is_host=host,
        me=me,
    )
    g.game = game
    return game


def _form_value(name: str) -> Any:
    if request.is_json:
        data = request.get_json(silent=True)
        if data is not None and not isinstance(data, dict):
            bad_request(gettext("The request's body must be a JSON object."))
        return (data or {}).get(name)
    return request.form.get(name)


def based_on() -> int | None:
    raw = _form_value("based_on")
    if raw in (None, ""):
        return None
    try:
        return fields.whole_value(raw, "based_on", lo=0)
    except Invalid:
        bad_request(gettext("The form was damaged (based_on is not a number). Reload the page."))


MAX_NONCE = 64


def nonce() -> str | None:
    """The request's nonce (a double tap records one event): short text, or None."""
    raw = _form_value("nonce")
    if raw in (None, ""):
        return None
    try:
        return fields.text_value(raw, "nonce", max_len=MAX_NONCE) or None
    except Invalid as err:
        bad_request(invalid_text(err))


def bad_request(message: str):
    """A 400 with the reason: ``{"error"}`` on the API, the error page elsewhere."""
    if is_api():
        raise ApiError(message, 400)
    abort(400, description=message)


def record_command(game: Game, type: str, payload: dict, sentence: dict, scope: tuple[str, ...] | list[str]):
    """Record one event for this request's command, after a dry run of it on a copy of the state (a reducer that
    cannot apply it is a 400 with the reason, nothing recorded). A stale view becomes a 409 with the fresh state."""
    try:
        apply(game.state, Command(type, payload, sentence, tuple(scope)), game.seq + 1)
    except Invalid as err:
        abort(400, description=invalid_text(err))
    sentence = dict(sentence, by=my_by(game.id))  # the log names the device that did it
    try:
        return ev.record(
            get_db(), game.id, type=type, payload=payload, sentence=sentence, scope=tuple(scope),
            based_on=based_on(), device=device_id(), nonce=nonce(),
        )
    except ev.Conflict:
        conflict()


def actor_of(game: Game) -> Actor:
    """The acting device as the game layer's commands see it: its player, whether it hosts, whether it watches."""
    me = my_role(game.id)
    p = me.get("player")
    return Actor(player=p if isinstance(p, int) and not isinstance(p, bool) else None,
                 is_host=bool(game.is_host or me.get("role") == "host"), is_watcher=me.get("role") == "watcher",
                 chosen=me.get("role") != "joined")


def game_command(game: Game, name: str, data) -> Command:
    """The registered command ``name`` given by this device: the game layer's ``run`` (the command's checks and
    who may give it, then the command). Every route that runs a command goes through here, so no page skips a
    check; it raises ``NotYours`` or ``Invalid`` for the route to show."""
    return run(name, game.state, data, actor_of(game))


def run_command(game: Game, name: str, data) -> ev.Recorded:
    """Run the registered command ``name`` (``companion.game.spine.command.COMMANDS``) given by this device (the game
    layer checks who may give it: ``game_command``) on the form's or JSON body's values and record its event
    (``record_command``). 404 for an unknown command, 403 for another player's turn, 400 with the reason for a
    refusal."""
    if COMMANDS.get(name) is None:
        abort(404, description=gettext("Unknown command."))
    try:
        cmd = game_command(game, name, data)
    except NotYours as err:  # another player's turn: not this phone's to do
        abort(403, description=invalid_text(err))
    except NeedsConfirm as err:  # refused unless the table confirms: the refusal offers the same form, confirmed
        g.needs_confirm = True
        abort(400, description=invalid_text(err))
    except Invalid as err:
        abort(400, description=invalid_text(err))
    return record_command(game, cmd.type, cmd.payload, cmd.sentence, cmd.scope)


CONFIRM_SKIPPED = ("csrf_token", "nonce", "confirm")


def refusal_confirm() -> dict | None:
    """For a refusal the table may overrule (``NeedsConfirm``): the address and fields that send the same form again,
    confirmed ("Move on anyway" beside the reason); else None."""
    if not g.get("needs_confirm") or request.method != "POST" or request.is_json:
        return None
    fields_ = [(k, v) for k, v in request.form.items(multi=True) if k not in CONFIRM_SKIPPED]
    fields_ += [("csrf_token", _csrf_token()), ("nonce", new_nonce()), ("confirm", "yes")]
    return {"action": request.path, "fields": fields_, "label": g.get("confirm_label")}


def conflict():
    abort(409, description=gettext(
        "Another phone changed this game while you were looking at it. Here is the current state: "
        "check it and try again."
    ))


# ---------------------------------------------------------------------------------------------- rendering


def page(template_name: str, **context: Any):
    """A full page, or for htmx requests just its ``live`` block plus the updated sync poller."""
    game = context.get("game") or g.get("game")
    if game is not None:
        context.setdefault("game", game)
        context.setdefault("seq", game.seq)
        if session.get("nav_game") != game.id:
            session["nav_game"] = game.id  # the Rules reference keeps this game's navigation (invite.game_behind)
    # For htmx: the same template with fragment=True renders only the live part (base.html), plus the sync poller
    # out of band, so the next poll does not fetch the change this phone just made.
    return render_template(template_name, fragment=bool(htmx) and not request.headers.get("HX-Boosted"), **context)


_SHOW = re.compile(r"[a-z][a-z0-9-]{0,40}")


def done(url: str):
    """After a command: 303 to the page (htmx follows it and receives the page's fragment). A form whose result
    appears elsewhere on the page names it in a hidden ``show`` field (an element id): the address gets it as its
    fragment, so without JavaScript the browser opens the page there (app.js scrolls to it after an htmx swap)."""
    show = request.form.get("show", "") if request.method == "POST" else ""
    if _SHOW.fullmatch(show) and "#" not in url:
        url = f"{url}#{show}"
    return redirect(url, code=303)


def new_nonce() -> str:
    return secrets.token_urlsafe(12)


def _csrf_token() -> str:
    return generate_csrf()
