"""The app's wiring for every blueprint: security headers, gzip, the error pages (400-500 as a page, an htmx flash
or JSON), and the helpers every template can call (``game_form_fields``, ``unit_name``, ``url_exists``...)."""

from __future__ import annotations

import gzip
import re
from urllib.parse import urlsplit

from flask import current_app, g, jsonify, render_template, request
from flask_babel import gettext, lazy_gettext
from flask_wtf.csrf import CSRFError
from markupsafe import Markup, escape
from werkzeug.exceptions import HTTPException

from ..rules.data import get_rules
from ..rules.text import N_, translate_line
from ..game.flow.turn_owner import may_end_turn
from .access import _upgrade_joined, can_change, device_id, is_api, refuse_watchers, whoami
from .board import board_context
from .common import (CSP, ApiError, GameIdConverter, GuardedJSON, _csrf_token, actor_of, csrf, htmx, load_game,
                     new_nonce, refusal_confirm)
from .language import current_lang, render_sentence_here, ui_gettext
from .refusal import refused_page

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
        reason = gettext(err.description) if err.description in CSRF_REASONS else err.description
        msg = gettext("The form had expired or was not sent from this app (%(reason)s). Reload the page and try again.",
                      reason=reason)
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


TITLES = {
    400: lazy_gettext("That did not work"),
    403: lazy_gettext("Not allowed"),
    404: lazy_gettext("Not found"),
    405: lazy_gettext("Not allowed"),
    409: lazy_gettext("Changed on another phone"),
    413: lazy_gettext("Too large"),
    422: lazy_gettext("That did not work"),
}


# Flask-WTF's reasons for refusing a form (flask_wtf/csrf.py), in the phone's language
CSRF_REASONS = frozenset((
    N_("The CSRF token is missing."), N_("The CSRF session token is missing."), N_("The CSRF token has expired."),
    N_("The CSRF token is invalid."), N_("The CSRF tokens do not match."), N_("The referrer header is missing."),
    N_("The referrer does not match the host."),
))


def _error_response(status: int, message: str):
    if is_api():
        body = {"error": str(message)}
        if g.get("needs_confirm"):
            body["needs_confirm"] = True  # the same command with "confirm": true goes through
        return jsonify(body), status
    title = g.get("refusal_title") or TITLES.get(status, lazy_gettext("Something went wrong"))
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
