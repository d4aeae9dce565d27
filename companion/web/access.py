"""Who may see and change a game, and who is asking.

A device is named by the id its signed session cookie keeps (pages) or by its own API token (the JSON API). What
it joined is kept on the server, in the ``members`` table (companion/db.py): per game the join key (an HMAC of
the game's token when it joined: a new token retires it), the role it chose (host, player, watcher; "joined"
before it chose), its player, and the hash of its API token. So the cookie stays a few hundred bytes whatever
number of games a phone joins, and the host keeps the host role in every game it created.

Every request resolves to one current device, its player and its role, the same for a page and for the API:
``device_id()``, ``my_role(game_id)``, ``is_host(row)``, ``is_watcher(game_id)``/``can_change(game_id)``. The
game token the join link and QR code carry lets the API *read* a game; changing it through the API needs the
device's own token (``Authorization: Bearer ...`` or ``X-Device-Token``), so a watcher never writes."""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from datetime import datetime, timezone

from flask import abort, current_app, g, request, session
from flask_babel import gettext

from ..db import get_db
from ..game.spine.undo import by_of

SAFE_METHODS = ("GET", "HEAD", "OPTIONS")
ROLES = ("host", "player", "watcher", "joined")
MAX_UPGRADED = 500  # entries of an old cookie moved to the server at most
DEVICE_TOKEN_HEADER = "X-Device-Token"


def token_key(secret: str, purpose: str, game_id: int, token: str) -> str:
    """An HMAC of a game's current token for one purpose (``join``: a member's key, ``poll``: the live poller's
    key): it proves the token was known without showing it, and a new token retires it."""
    return hmac.new(str(secret).encode(), f"{purpose}:{game_id}:{token}".encode(), hashlib.sha256).hexdigest()


def join_key(game_id: int, token: str) -> str:
    """What the server keeps for a device that joined a game: an HMAC of the game's current token (the token itself
    is never stored with the device). A new token makes old keys useless."""
    return token_key(current_app.config["SECRET_KEY"], "join", game_id, token)


def screen_key(game_id: int, token: str) -> str:
    """The table screen's own key (``GET /games/<id>/screen/<key>``): an HMAC of the game's current token for the
    purpose ``screen``. It opens the read-only table screen and nothing else (the join token cannot be read back
    from it), and a new join code retires it as it retires every join key."""
    return token_key(current_app.config["SECRET_KEY"], "screen", game_id, token)[:32]


def same_secret(given, expected) -> bool:
    """Constant-time comparison of a secret from the request with the stored one; any text (non-ASCII, lone
    surrogates) or a non-text value is simply not equal (compare_digest refuses non-ASCII str)."""
    if not isinstance(given, str) or not isinstance(expected, str):
        return False
    return hmac.compare_digest(given.encode("utf-8", "surrogatepass"), expected.encode("utf-8", "surrogatepass"))


def is_api() -> bool:
    return request.path.startswith("/api/")


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


# ---------------------------------------------------------------------------------------------- the API's token


def api_token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def given_device_token() -> str | None:
    """The device token this API request carries (``Authorization: Bearer <t>`` or ``X-Device-Token: <t>``)."""
    auth = request.headers.get("Authorization", "")
    if auth[:7].lower() == "bearer ":
        return auth[7:].strip() or None
    return request.headers.get(DEVICE_TOKEN_HEADER) or None


def api_member() -> dict | None:
    """The member row this API request's device token names (any game), or None; looked up once per request."""
    if not is_api():
        return None
    if "api_member" not in g:
        token = given_device_token()
        row = None
        if token and len(token) <= 200:
            rows = list(get_db().query("SELECT * FROM members WHERE api_hash = ?", [api_token_hash(token)]))
            row = rows[0] if rows else None
        g.api_member = row
    return g.api_member


def new_device_token(game_id: int, device: str) -> str:
    """A new API token for this device in this game (its old one stops working); shown once, kept as a hash."""
    token = "mkd_" + secrets.token_urlsafe(24)
    get_db().execute("UPDATE members SET api_hash = ? WHERE device = ? AND game_id = ?",
                     [api_token_hash(token), device, game_id])
    g.pop("members", None)
    return token


# ---------------------------------------------------------------------------------------------- the current device


def device_id() -> str:
    """The current device: the one an API request's device token names, else the one the session cookie keeps
    (made on a device's first request)."""
    member = api_member() if is_api() else None
    if member is not None:
        return member["device"]
    if "device" not in session:
        session["device"] = secrets.token_urlsafe(12)
        session.permanent = True
    return session["device"]


def member(game_id: int) -> dict | None:
    """The current device's entry for this game (valid or retired by a new token), or None."""
    if is_api():
        m = api_member()
        return m if m is not None and m["game_id"] == game_id else None
    cache = g.setdefault("members", {})
    if game_id not in cache:
        rows = list(get_db().query("SELECT * FROM members WHERE device = ? AND game_id = ?", [device_id(), game_id]))
        cache[game_id] = rows[0] if rows else None
    return cache[game_id]


def _valid(m: dict | None, row: dict) -> bool:
    return m is not None and same_secret(m["key"], join_key(row["id"], row["token"]))


def has_access(row: dict) -> bool:
    """May this request see the game? A page: the device joined with the game's current token (its server-side
    entry). The JSON API: the device's own token for this game; or the game's token (``X-Game-Token``) to read
    only: a change through it answers 403 naming the device token. The API never looks at the session cookie."""
    if is_api():
        if given_device_token() is not None:
            return _valid(member(row["id"]), row)
        if not same_secret(request.headers.get("X-Game-Token"), row["token"]):
            return False
        if request.method not in SAFE_METHODS:
            abort(403, description=gettext(
                "The game token only reads a game through the API. To change it, send this device's own token "
                "(Authorization: Bearer ...): POST /api/v1/games/%(id)s/devices with the game token makes one.",
                id=row["id"]))
        return True
    if _valid(member(row["id"]), row):
        return True
    # a script reading a page (the score sheet's CSV) with the game token; it never changes the game that way
    return request.method in SAFE_METHODS and request.headers.get("X-Game-Token") is not None \
        and same_secret(request.headers["X-Game-Token"], row["token"])


def remember_join(game_id: int, token: str, role: str, player: int | None = None, device: str | None = None) -> None:
    """This device joined the game (or chose who it is): its key, role and player, on the server. A new key (a new
    token) retires the device's API token."""
    device = device or device_id()
    get_db().execute(
        "INSERT INTO members (device, game_id, key, role, player, api_hash, joined) VALUES (?, ?, ?, ?, ?, NULL, ?) "
        "ON CONFLICT(device, game_id) DO UPDATE SET role = excluded.role, player = excluded.player, "
        "api_hash = CASE WHEN members.key = excluded.key THEN members.api_hash END, key = excluded.key",
        [device, game_id, join_key(game_id, token), role, player, _now()])
    g.pop("members", None)
    g.pop("api_member", None)


def taken_players(game_id: int, token: str) -> set[int]:
    """The players another device of this game (joined with its current token) already said it is."""
    rows = get_db().execute(
        "SELECT player FROM members WHERE game_id = ? AND device != ? AND key = ? AND player IS NOT NULL "
        "AND role IN ('player', 'host')", [game_id, device_id(), join_key(game_id, token)]).fetchall()
    return {r[0] for r in rows if isinstance(r[0], int)}


def joined_games(limit: int = 200) -> list[dict]:
    """The games this device joined with their current token, newest first (the start page's list)."""
    rows = get_db().query(
        "SELECT games.id, games.name, games.setup, games.created, games.seed, games.token, members.key "
        "FROM members JOIN games ON games.id = members.game_id WHERE members.device = ? "
        "ORDER BY games.id DESC LIMIT ?", [device_id(), limit])
    return [r for r in rows if same_secret(r["key"], join_key(r["id"], r["token"]))]


def _upgrade_joined() -> None:
    """A cookie from before the server kept the joined games carried them itself (with the token, or its join
    key): move them to the server once (the device stays joined, with its role) and drop them from the cookie."""
    joined = session.get("games")
    if joined is None or is_api():
        return
    session.pop("games", None)
    if not isinstance(joined, dict):
        return
    device = device_id()
    for gid, entry in list(joined.items())[:MAX_UPGRADED]:
        if not isinstance(entry, dict) or not str(gid).isdigit() or len(str(gid)) > 18:
            continue
        game_id = int(gid)
        rows = list(get_db().query("SELECT id, token FROM games WHERE id = ?", [game_id]))
        if not rows:
            continue
        key = join_key(game_id, entry["token"]) if isinstance(entry.get("token"), str) else entry.get("key")
        if not same_secret(key, join_key(game_id, rows[0]["token"])):
            continue
        role = entry.get("role") if entry.get("role") in ROLES else "joined"
        player = entry.get("player") if isinstance(entry.get("player"), int) and not isinstance(
            entry.get("player"), bool) and 0 <= entry["player"] < 100 else None
        get_db().execute("INSERT OR IGNORE INTO members (device, game_id, key, role, player, api_hash, joined) "
                         "VALUES (?, ?, ?, ?, ?, NULL, ?)", [device, game_id, key, role, player, _now()])
    g.pop("members", None)


# ---------------------------------------------------------------------------------------------- roles


def my_role(game_id: int) -> dict:
    """The current device's role in the game as it chose it on the who-are-you page (or when it got its API
    token): {"role": "host"|"player"|"watcher"|"joined"|None, "player": index or None}."""
    m = member(game_id)
    return {"role": m["role"], "player": m["player"]} if m else {"role": None, "player": None}


def is_host(row: dict) -> bool:
    """The current device created the game (the host role is the creating device's, in every game it created). An
    API request is the host's only with the host's own device token (the game's token names no device)."""
    if is_api() and api_member() is None:
        return False
    return row["host_device"] == device_id()


def my_by(game_id: int) -> dict:
    me = my_role(game_id)
    return by_of(me["role"], me["player"])


def is_watcher(game_id: int) -> bool:
    return my_role(game_id)["role"] == "watcher"


def has_not_chosen(game_id: int) -> bool:
    """The device scanned the code but has not said who it is yet (role "joined": the who-are-you page)."""
    return my_role(game_id)["role"] == "joined"


def can_change(game_id: int) -> bool:
    """Only a player of the game or the host changes it: a device that only watches, or that has not said who it is
    yet, sees everything and changes nothing."""
    return my_role(game_id)["role"] in ("host", "player")


# "I only watch" is a role only the host changes: a phone chooses it (on the who-are-you page, or an API device
# made with {"watch": true}), and from then on it cannot make itself a player, neither on its pages nor through the
# API; the host lets it play again from the Invite page (its role goes back to "joined": it chooses who it is).


def phone_key(game_id: int, device: str) -> str:
    """A watching phone as the host's Invite page names it: an HMAC of its device id (the id itself is never
    shown to another phone)."""
    return token_key(current_app.config["SECRET_KEY"], "phone", game_id, device)[:16]


def watching_phones(game_id: int) -> list[dict]:
    """The devices of this game that only watch, oldest first: ``{"key", "joined", "api"}``."""
    rows = get_db().query("SELECT device, joined FROM members WHERE game_id = ? AND role = 'watcher' "
                          "ORDER BY joined, device", [game_id])
    return [{"key": phone_key(game_id, r["device"]), "joined": r["joined"], "api": r["device"].startswith("api-")}
            for r in rows]


def let_play(game_id: int, key: str) -> bool:
    """The host lets the watching phone ``key`` play: it chooses who it is again. False if no such phone."""
    for r in get_db().query("SELECT device FROM members WHERE game_id = ? AND role = 'watcher'", [game_id]):
        if same_secret(key, phone_key(game_id, r["device"])):
            get_db().execute("UPDATE members SET role = 'joined', player = NULL WHERE device = ? AND game_id = ?",
                             [r["device"], game_id])
            g.pop("members", None)
            g.pop("api_member", None)
            return True
    return False


_GAME_POST = re.compile(r"^(?:/api/v1)?/games/(\d+)/(.*)$")


def refuse_watchers() -> None:
    """The one check of roles: every change to a game (its commands, undo and redo, from a page
    or the JSON API) from a device that chose "I only watch", or that has not said who it is yet, answers 403 with
    the reason. The who-are-you page and the API's ``devices`` check for themselves that a watching device does not
    make itself a player."""
    if request.method in SAFE_METHODS:
        return
    m = _GAME_POST.match(request.path)
    if m is None or m.group(2) in ("who", "devices") or len(m.group(1)) > 18:
        return
    game_id = int(m.group(1))
    if has_not_chosen(game_id):
        abort(403, description=gettext("This phone has not said who it is yet: choose who you are (the “Who are "
                                       "you?” page) before changing the game."))
    if is_watcher(game_id):
        abort(403, description=gettext("You only watch this game: a watching phone changes nothing. Only the host "
                                       "can let it play (on the host's Invite page)."))


def whoami() -> dict | None:
    """Who this phone is in the request's game, for the top bar: its player's name, or the host, a watcher, or not
    chosen yet (``kind``: "player", "host", "watcher", "unchosen"); None outside a game."""
    game = g.get("game")
    if game is None:
        return None
    role, p = game.me.get("role"), game.me.get("player")
    players = game.state.get("players") or []
    if role in ("player", "host") and isinstance(p, int) and 0 <= p < len(players):
        return {"kind": "player", "label": players[p]["name"]}
    if game.is_host or role == "host":
        return {"kind": "host", "label": gettext("Host")}
    if role == "watcher":
        return {"kind": "watcher", "label": gettext("Watching")}
    return {"kind": "unchosen", "label": gettext("Who are you?")}
