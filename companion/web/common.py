"""What every blueprint shares: security, errors, the game a request is about, recording commands, htmx fragments."""

from __future__ import annotations

import gzip
import json
import re
import secrets
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

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
from flask_babel import gettext, lazy_gettext
from flask_htmx import HTMX
from flask_wtf.csrf import CSRFError, CSRFProtect, generate_csrf
from flask.json.provider import DefaultJSONProvider
from markupsafe import Markup, escape
from werkzeug.exceptions import BadRequest, HTTPException
from werkzeug.routing import IntegerConverter

from .. import events as ev
from ..db import get_db
from ..game.flow.turn_owner import may_end_turn
from ..game.spine import fields, safejson
from ..game.spine.command import COMMANDS, Actor, Command, Invalid, NeedsConfirm, NotYours, apply, run
from ..rules.data import get_rules
from ..rules.text import translate_line
from ..state import Event
from ..state_cache import CACHE as STATE_CACHE
from .access import (_upgrade_joined, can_change, device_id, has_access, is_api, is_host, my_by, my_role,
                     refuse_watchers, whoami)
from .board import board_context
from .language import current_lang, invalid_text, render_sentence_here, ui_gettext
from .refusal import refused_page

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
    setup = json.loads(row["setup"])
    # the folded state from the process's cache: one indexed query when nothing changed, the new events only
    # after a command, the events after the nearest checkpoint after an undo/redo (companion/state_cache.py)
    state, seq = STATE_CACHE.state(get_db(), current_app.config["DATABASE"], game_id, setup, row["seed"])
    me = my_role(game_id)
    game = Game(
        id=game_id,
        row=row,
        setup=setup,
        state=state,
        seq=seq,
        is_host=is_host(row),
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
    return {"action": request.path, "fields": fields_}


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


# ---------------------------------------------------------------------------------------------- app wiring


def init_app(app) -> None:
    """Called before any blueprint is registered (the converter applies to the routes added after it)."""
    csrf.init_app(app)
    htmx.init_app(app)
    app.json = GuardedJSON(app)
    app.url_map.converters["int"] = GameIdConverter

    @app.before_request
    def _device():
        device_id()
        _upgrade_joined()

    app.before_request(refuse_watchers)

    @app.after_request
    def _headers(resp):
        resp.headers.setdefault("Content-Security-Policy", CSP)
        resp.headers.setdefault("X-Content-Type-Options", "nosniff")
        resp.headers.setdefault("X-Frame-Options", "DENY")
        resp.headers.setdefault("Referrer-Policy", "same-origin")
        resp.headers.setdefault("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
        resp.vary.add("HX-Request")
        resp.vary.add("Cookie")
        if g.get("game") is not None or _PRIVATE.match(request.path):
            resp.headers["Cache-Control"] = "no-store"  # a private game: never kept by a browser or proxy
        return _gzip(resp)

    @app.errorhandler(ApiError)
    def _api_error(err: ApiError):
        return jsonify({"error": err.message}), err.status

    @app.errorhandler(CSRFError)
    def _csrf_error(err: CSRFError):
        msg = gettext("The form had expired or was not sent from this app (%(reason)s). Reload the page and try again.",
                      reason=err.description)
        return _error_response(400, msg)

    @app.errorhandler(HTTPException)
    def _http_error(err: HTTPException):
        return _error_response(err.code or 500, err.description)

    @app.errorhandler(Exception)
    def _unexpected(err: Exception):
        if isinstance(err, HTTPException):
            return _error_response(err.code or 500, err.description)
        current_app.logger.exception("unexpected error")
        return _error_response(500, gettext("This is a bug in the app, not your fault. What was recorded before is safe."))

    @app.template_filter("tr")
    def _translate_line(line):
        """An explanation line from a rules engine, in this page's language (companion.rules.text)."""
        return translate_line(line, ui_gettext, current_lang())

    @app.context_processor
    def _helpers():
        return {
            "csrf_token_value": _csrf_token,
            "new_nonce": new_nonce,
            "render_sentence": render_sentence_here,
            "languages": {"en": "English", "de": "Deutsch"},
            "game_form_fields": game_form_fields,
            "unit_name": unit_name,
            "url_exists": url_exists,
            "game_links": GAME_LINKS,
            "current_lang": current_lang(),
            "can_change": (lambda: can_change(g.game.id) if g.get("game") is not None else True),
            "whoami": whoami,
            "refusal_confirm": refusal_confirm,
            # this phone ends ``who``'s turn (theirs, or the host's): the game layer's rule (game/flow/turn_owner.py)
            "may_end_turn": (lambda game, who: may_end_turn(actor_of(game), who)),
        }


def _gzip(resp):
    """Pages and JSON answers gzipped for browsers that accept it (static files: WhiteNoise, companion.assets)."""
    resp.vary.add("Accept-Encoding")
    if (resp.direct_passthrough or resp.is_streamed or "gzip" not in request.headers.get("Accept-Encoding", "")
            or resp.headers.get("Content-Encoding") or resp.mimetype not in ("text/html", "application/json")):
        return resp
    data = resp.get_data()
    if len(data) > 1024:
        resp.set_data(gzip.compress(data, 6))
        resp.headers["Content-Encoding"] = "gzip"
    return resp


_PRIVATE = re.compile(r"^(/api)?/(games/\d+|join/)")

# Feature pages of a game, shown in the game's navigation when the feature is installed.
GAME_LINKS = (
    ("/games/%d/combat", lazy_gettext("Combat")),
    ("/games/%d/dummy", lazy_gettext("Dummy player")),
    ("/games/%d/score", lazy_gettext("Score")),
    ("/games/%d/story", lazy_gettext("The story of the game")),
    ("/games/%d/pvp", lazy_gettext("Player vs. player")),
    ("/games/%d/tokens", lazy_gettext("Token corrections")),
)


def unit_name(u: dict) -> str:
    """A unit of the game state by its name in this page's language (units from the rules data have both)."""
    ref = get_rules().units.get(u.get("unit") or "")
    if ref is None:
        return u.get("name", "")
    return ref.name_de if current_lang() == "de" else ref.name


def url_exists(path: str) -> bool:
    adapter = current_app.url_map.bind("localhost")
    try:
        adapter.match(path, method="GET")
        return True
    except HTTPException:
        return False


def game_form_fields(next_url: str | None = None) -> Markup:
    """Hidden fields every game form carries: CSRF token, the sequence number the view was based on, a nonce
    (a double tap records one event) and where to go back to."""
    game = g.get("game")
    seq = game.seq if game is not None else 0
    query = request.query_string.decode()
    nxt = next_url or (request.path + (f"?{query}" if query else ""))
    return Markup(
        f'<input type="hidden" name="csrf_token" value="{escape(_csrf_token())}">'
        f'<input type="hidden" name="based_on" value="{seq}">'
        f'<input type="hidden" name="nonce" value="{new_nonce()}">'
        f'<input type="hidden" name="next" value="{escape(nxt)}">'
    )


def _csrf_token() -> str:
    return generate_csrf()


TITLES = {
    400: lazy_gettext("That did not work"),
    403: lazy_gettext("Not allowed"),
    404: lazy_gettext("Not found"),
    405: lazy_gettext("Not allowed"),
    409: lazy_gettext("Changed on another phone"),
    413: lazy_gettext("Too large"),
    422: lazy_gettext("That did not work"),
}


def _error_response(status: int, message: str):
    if is_api():
        body = {"error": str(message)}
        if g.get("needs_confirm"):
            body["needs_confirm"] = True  # the same command with "confirm": true goes through
        return jsonify(body), status
    title = TITLES.get(status, lazy_gettext("Something went wrong"))
    game = g.get("game")
    if game is not None and status == 409:
        # show the fresh state: reload the game from the log
        game = load_game(game.id)
    if htmx:
        # htmx does not swap error responses by default; base.html's config swaps 4xx into #flash,
        # and the live part reloads itself
        resp = current_app.make_response(
            (render_template("_flash.html", title=title, message=message, status=status), status)
        )
        resp.headers["HX-Retarget"] = "#flash"
        resp.headers["HX-Reswap"] = "innerHTML"
        if game is not None and status == 409:
            resp.headers["HX-Trigger"] = "gameChanged"  # show the fresh state under the message
        return resp
    if game is not None and status == 409:
        # without JavaScript: the board as it is now, with the message on top
        return render_template("games/show.html", flash_title=title, flash_message=message,
                               **board_context(game)), status
    back = safe_back()
    # without JavaScript: the page the form was on, the reason beside the form, what was typed kept
    return refused_page(title, message, status, back) or (
        render_template("error.html", title=title, message=message, status=status, game=game, back=back), status)


def safe_back() -> str | None:
    """The error page's Back link: the Referer only when it is a page of this app (same scheme and host), as a
    path; never a ``javascript:`` or another site's address."""
    ref = request.referrer
    if not ref or len(ref) > 2000:
        return None
    try:
        parts = urlsplit(ref)
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or parts.netloc != request.host or not parts.path.startswith("/") \
            or parts.path.startswith("//") or any(ord(c) < 32 for c in ref):
        return None
    return parts.path + (f"?{parts.query}" if parts.query else "")
