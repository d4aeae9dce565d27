"""Who may see and change a game: the join key a device's signed cookie keeps, the game token of the JSON API, the
device's role (host, player, watcher) and the one check that refuses changes from a watching phone."""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets

from flask import abort, current_app, request, session
from flask_babel import gettext


def token_key(secret: str, purpose: str, game_id: int, token: str) -> str:
    """An HMAC of a game's current token for one purpose (``join``: the cookie's key, ``poll``: the live poller's
    key): it proves the token was known without showing it, and a new token retires it."""
    return hmac.new(str(secret).encode(), f"{purpose}:{game_id}:{token}".encode(), hashlib.sha256).hexdigest()


def join_key(game_id: int, token: str) -> str:
    """What the session cookie keeps for a joined game: an HMAC of the game's current token (the cookie is signed,
    not encrypted: the token itself must not be readable in it). A new token makes old keys useless."""
    return token_key(current_app.config["SECRET_KEY"], "join", game_id, token)


def same_secret(given, expected) -> bool:
    """Constant-time comparison of a secret from the request with the stored one; any text (non-ASCII, lone
    surrogates) or a non-text value is simply not equal (compare_digest refuses non-ASCII str)."""
    if not isinstance(given, str) or not isinstance(expected, str):
        return False
    return hmac.compare_digest(given.encode("utf-8", "surrogatepass"), expected.encode("utf-8", "surrogatepass"))


def is_api() -> bool:
    return request.path.startswith("/api/")


def device_id() -> str:
    if "device" not in session:
        session["device"] = secrets.token_urlsafe(12)
        session.permanent = True
    return session["device"]


def has_access(row: dict) -> bool:
    """The JSON API authorises by the ``X-Game-Token`` header only (never by the session cookie: a page could
    otherwise make a joined phone's browser call it); pages by the join key the device's cookie keeps."""
    if is_api():
        return same_secret(request.headers.get("X-Game-Token"), row["token"])
    if request.headers.get("X-Game-Token"):
        return same_secret(request.headers["X-Game-Token"], row["token"])
    joined = session.get("games", {}).get(str(row["id"]), {})
    return bool(joined) and same_secret(joined.get("key"), join_key(row["id"], row["token"]))


def remember_join(game_id: int, token: str, role: str, player: int | None = None) -> None:
    """This device joined the game (keeps the join key, its role and who it is in the signed cookie)."""
    games = dict(session.get("games", {}))
    games[str(game_id)] = {"key": join_key(game_id, token), "role": role, "player": player}
    session["games"] = games
    session.permanent = True


def _upgrade_joined() -> None:
    """A cookie from before join keys kept the token itself: replace it by its key (the device stays joined)."""
    joined = session.get("games")
    if not isinstance(joined, dict) or not any(isinstance(v, dict) and "token" in v for v in joined.values()):
        return
    games = {}
    for gid, entry in joined.items():
        if isinstance(entry, dict) and "token" in entry:
            entry = dict(entry)
            token = entry.pop("token")
            if isinstance(token, str) and str(gid).isdigit():
                entry["key"] = join_key(int(gid), token)
        games[gid] = entry
    session["games"] = games


def my_role(game_id: int) -> dict:
    """This device's role in the game as it chose it on the who-are-you page: {"role": ..., "player": ...}."""
    me = session.get("games", {}).get(str(game_id)) or {}
    return {"role": me.get("role"), "player": me.get("player")}


def my_by(game_id: int) -> dict:
    from ..game.undo import by_of

    me = my_role(game_id)
    return by_of(me["role"], me["player"])


def can_change(game_id: int) -> bool:
    """A device that only watches sees everything and changes nothing."""
    return my_role(game_id)["role"] != "watcher"


_GAME_POST = re.compile(r"^(?:/api/v1)?/games/(\d+)/(.*)$")


def refuse_watchers() -> None:
    """The one check of roles: every change to a game (its commands, undo and redo, from a page
    or the JSON API) from a device that chose "I only watch" answers 403. Choosing who one is stays open."""
    if request.method in ("GET", "HEAD", "OPTIONS"):
        return
    m = _GAME_POST.match(request.path)
    if m is None or m.group(2) == "who" or len(m.group(1)) > 18:
        return
    if not can_change(int(m.group(1))):
        abort(403, description=gettext("You only watch this game: a watching phone changes nothing. "
                                       "Choose who you are to play."))
