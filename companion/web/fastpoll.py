"""The live-update poll's steady state, answered before Flask: every open page asks once a second whether the game
changed, and almost always it did not. Such a poll carries the page's poll key (``k``, an HMAC of the game's
current token, so rotating the token retires it) and the newest seq the page shows; when the key is right and the
seq is the game's last, the answer is ``204`` from one indexed query on this thread's reused connection, without a
request context, a session or the template engine. Anything else (a change, a missing or stale key, a revoked
device) falls through to the full route, ``GET /games/<id>/poll`` in ``companion/web/games.py``, which checks the
device's session as every page does."""

from __future__ import annotations

import hmac
import re
from urllib.parse import parse_qs

from flask import current_app, g, url_for

from ..db import get_db, reader
from .access import token_key

_PATH = re.compile(r"/games/([0-9]{1,18})/poll")
_HEADERS = [("Cache-Control", "no-store"), ("Vary", "HX-Request, Cookie, Accept-Encoding"), ("Content-Length", "0")]


def poll_key(secret: str, game_id: int, token: str) -> str:
    """The key a game page's poller sends: only devices that could open the page have it."""
    return token_key(secret, "poll", game_id, token)[:32]


class FastPoll:
    """WSGI middleware in front of the Flask app (see the module's docstring)."""

    def __init__(self, wsgi_app, config):
        self.wsgi_app = wsgi_app
        self.config = config

    def __call__(self, environ, start_response):
        m = _PATH.fullmatch(environ.get("PATH_INFO", ""))
        if m and environ.get("REQUEST_METHOD") == "GET" and self._unchanged(int(m.group(1)), environ):
            start_response("204 No Content", list(_HEADERS))
            return []
        return self.wsgi_app(environ, start_response)

    def _unchanged(self, game_id: int, environ) -> bool:
        try:
            query = parse_qs(environ.get("QUERY_STRING", ""), max_num_fields=8)
        except ValueError:  # more fields than a poll has: not a steady-state poll, the full route answers
            return False
        key, seq = query.get("k", [""])[0], query.get("seq", [""])[0]
        if not key or not seq or game_id >= 1 << 63:
            return False
        row = reader(self.config["DATABASE"]).execute(
            "SELECT token, (SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id = games.id) "
            "FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None or seq != str(row[1]):
            return False
        expected = poll_key(self.config["SECRET_KEY"], game_id, row[0])
        return hmac.compare_digest(key.encode("utf-8", "replace"), expected.encode())


def init_app(app) -> None:
    """Put the fast path in front of the app and give templates ``poll_url(game_id)`` (the poller's address)."""
    def poll_url(game_id: int) -> str:
        game = g.get("game")
        if game is not None and getattr(game, "id", None) == game_id:
            token = game.token
        else:
            rows = list(get_db().query("SELECT token FROM games WHERE id = ?", [game_id]))
            if not rows:
                return url_for("games.poll", game_id=game_id)
            token = rows[0]["token"]
        return url_for("games.poll", game_id=game_id, k=poll_key(current_app.config["SECRET_KEY"], game_id, token))

    app.jinja_env.globals["poll_url"] = poll_url
    app.wsgi_app = FastPoll(app.wsgi_app, app.config)
