"""Games: create, join by QR code, the tracker page, commands, undo/redo, the log, live sync, export/import."""

from __future__ import annotations

import json

from flask import Blueprint, abort, current_app, jsonify, redirect, render_template, request, session, url_for
from flask_babel import gettext

from .. import events as ev
from .. import store
from ..db import get_db, reader
from ..game.flow.scenario_rules import VARIANT_NAMES, VARIANTS
from ..game.flow.setup import MAX_PLAYERS, MODES, modes_for, setup_from_form, validate_setup, variants_for
from ..game.spine import exchange, safejson
from ..game.spine.command import Invalid
from ..game.spine.exchange import check_import, export_dict
from ..game.spine.fields import player_index
from ..game.spine.undo import latest_active
from ..rules.data import get_rules
from ..state import walk
from ..state_cache import CACHE as STATE_CACHE
from .access import (device_id, has_access, joined_games, my_by, my_role, remember_join, same_secret,
                     taken_players)
from .board import board_context
from .common import based_on, conflict, done, game_row, load_game, nonce, page, run_command
from .language import invalid_text
from .undo import ask_before_undo, log_entries

bp = Blueprint("games", __name__)

# ---------------------------------------------------------------------------------------------- set-up


def create_game(setup: dict, host_device: str) -> int:
    """A new game in this app's database (``companion.store``)."""
    return store.create_game(get_db(), setup, host_device)


# ---------------------------------------------------------------------------------------------- pages


@bp.get("/")
def index():
    if "nav_game" in session:
        session.pop("nav_game")  # out of the game: the Rules reference opened from here has no game's navigation
    games = []
    for r in joined_games():  # kept on the server per device (companion/web/access.py)
        setup = json.loads(r["setup"])
        # finished or not is derived from the log (a final score can be undone)
        state, _seq = STATE_CACHE.state(get_db(), current_app.config["DATABASE"], r["id"], setup, r["seed"])
        games.append({"id": r["id"], "name": r["name"], "setup": setup, "created": r["created"],
                      "finished": state.get("finished", False)})
    return render_template("index.html", games=games, rules=get_rules())


def new_game_context(form) -> dict:
    """What the new-game page shows: the scenarios, and for the scenario chosen only the modes and variants that fit
    it (game/flow/setup.py modes_for, variants_for)."""
    return {"rules": get_rules(), "modes": MODES, "max_players": MAX_PLAYERS, "form": form, "variants": VARIANTS,
            "variant_names": VARIANT_NAMES, "modes_for": modes_for, "variants_for": variants_for}


@bp.get("/games/new")
def new_game():
    return render_template("games/new.html", error=None, **new_game_context(request.args))


@bp.post("/games")
def create():
    try:
        setup = validate_setup(setup_from_form(request.form))
    except Invalid as err:
        return render_template("games/new.html", error=invalid_text(err), **new_game_context(request.form)), 400
    game_id = create_game(setup, device_id())
    row = game_row(game_id)
    remember_join(game_id, row["token"], "host", 0 if len(setup["players"]) == 1 else None)
    return redirect(url_for("games.who", game_id=game_id), code=303)


@bp.get("/join/<int:game_id>/<token>")
def join(game_id: int, token: str):
    row = game_row(game_id)
    if not same_secret(token, row["token"]):
        abort(403, description=gettext("This join link is no longer valid: ask the host for the game's new QR code."))
    old = my_role(game_id)
    # "joined": scanned the code, not yet chosen who it is (may change the game; only a chosen watcher may not)
    role = "host" if row["host_device"] == device_id() else old.get("role") or "joined"
    remember_join(game_id, token, role, old.get("player"))
    # The token leaves the address bar: the device is remembered by its signed cookie.
    return redirect(url_for("games.who", game_id=game_id), code=303)


@bp.route("/games/<int:game_id>/who", methods=["GET", "POST"])
def who(game_id: int):
    game = load_game(game_id)
    taken = taken_players(game_id, game.token)
    if request.method == "POST":
        choice = request.form.get("player", "")
        role = "host" if game.is_host else "player"
        if game.me.get("role") == "watcher" and choice != "watch":
            # "I only watch" is a role only the host changes (access.let_play, on the host's Invite page)
            abort(403, description=gettext("This phone only watches: only the host can let it play (on the host's "
                                           "Invite page)."))
        if choice == "watch":
            remember_join(game_id, game.token, "host" if game.is_host else "watcher", None)
        else:
            try:
                index = player_index(game.state, {"player": choice})
            except Invalid:
                abort(400, description=gettext("Choose one of the players, or watch."))
            if index in taken and request.form.get("confirm") != "yes":
                # another phone already is this player: ask first (a page of its own, so that a live update keeps
                # the question; a plain form: the same without JavaScript)
                return redirect(url_for("games.who", game_id=game_id, confirm=index), code=303)
            remember_join(game_id, game.token, role, index)
        return redirect(url_for("games.show", game_id=game_id), code=303)
    if game.is_host and len(game.state["players"]) == 1 and game.me.get("player") == 0:
        # one player at the table: the host is that player, nobody to ask "who are you?"
        return redirect(url_for("games.show", game_id=game_id), code=303)
    asked = request.args.get("confirm", "")
    confirm = int(asked) if asked.isdigit() and int(asked) in taken else None
    # page(): a live update (another phone's change) receives the live part only, never a whole document
    return page("games/who.html", game=game, taken=taken, confirm=confirm)


@bp.get("/games/<int:game_id>")
def show(game_id: int):
    game = load_game(game_id)
    if game.setup.get("game") == "runewars":  # a Runewars game's board is its Runewars page (web/runewars.py)
        return redirect(url_for("runewars.battle_page", game_id=game_id), code=303)
    if game.setup.get("game") == "mage_lite":  # a Mage Lite game's board is its Mage Lite page (web/mage_lite.py)
        return redirect(url_for("mage_lite.game_page", game_id=game_id), code=303)
    return page("games/show.html", **board_context(game))


@bp.get("/games/<int:game_id>/log")
def log(game_id: int):
    game = load_game(game_id)
    _active, undone, _status = walk(game.events)
    return page("games/log.html", game=game, entries=log_entries(game), can_redo=bool(undone))


def token_and_seq(game_id: int) -> tuple[str, int]:
    """The game's join token and last sequence number for a live poll (404 for no such game): one indexed query on
    this thread's reused read connection. The caller checks who may poll (a joined device, the screen's key)."""
    if game_id >= 1 << 63:
        abort(404, description=gettext("There is no such game."))
    row = reader(current_app.config["DATABASE"]).execute(
        "SELECT token, (SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id = games.id) "
        "FROM games WHERE id = ?", (game_id,)).fetchone()
    if row is None:
        abort(404, description=gettext("There is no such game."))
    return row[0], row[1]


def polled_seq(game_id: int) -> int:
    """The game's last sequence number for a live poll, after the access check (403 for a device that did not
    join)."""
    token, seq = token_and_seq(game_id)
    if not has_access({"id": game_id, "token": token}):
        abort(403, description=gettext("This game is private: scan the game's QR code to join it."))
    return seq


@bp.get("/games/<int:game_id>/poll")
def poll(game_id: int):
    """The cheap endpoint every open page asks about once a second: 204 while nothing changed. One indexed
    query (the game's token and last sequence number) on this thread's reused read connection."""
    last = polled_seq(game_id)
    if request.args.get("seq") == str(last):
        return "", 204
    resp = current_app.make_response(render_template("_sync.html", game={"id": game_id}, seq=last, oob=False))
    resp.headers["HX-Trigger"] = "gameChanged"
    return resp


# ---------------------------------------------------------------------------------------------- commands


@bp.post("/games/<int:game_id>/do/<name>")
def do(game_id: int, name: str):
    game = load_game(game_id)
    run_command(game, name, request.form)
    return done(request.form.get("next") if _safe_next(request.form.get("next")) else
                url_for("games.show", game_id=game_id))


def _safe_next(url: str | None) -> bool:
    """A path of this app only: never another site (``//host``, ``/\\host``, which browsers read as ``//``)."""
    return bool(url) and len(url) <= 2000 and url.startswith("/") and not url.startswith("//") \
        and "\\" not in url and url.isprintable()


@bp.post("/games/<int:game_id>/undo")
def undo(game_id: int):
    return _undo_redo(game_id, "undo")


@bp.post("/games/<int:game_id>/redo")
def redo(game_id: int):
    return _undo_redo(game_id, "redo")


def _undo_redo(game_id: int, which: str):
    game = load_game(game_id)
    target = latest_active(game.events) if which == "undo" else None
    whose = ask_before_undo(game, target) if which == "undo" else None
    try:  # the entry asked about, and no other (another phone's newer entry is a conflict: never undone unasked)
        ev.undo_or_redo(get_db(), game_id, which, based_on=based_on(), device=device_id(), nonce=nonce(),
                        by=my_by(game_id), log=game.events, whose=whose,
                        expect=target.seq if target is not None else None)
    except ev.Conflict:
        conflict()
    except ev.NothingToDo:
        abort(400, description=gettext("There is nothing to undo.") if which == "undo" else
              gettext("There is nothing to redo."))
    nxt = request.form.get("next")
    return done(nxt if _safe_next(nxt) else url_for("games.show", game_id=game.id))


@bp.post("/games/<int:game_id>/token")
def rotate_token(game_id: int):
    game = load_game(game_id)
    if not game.is_host:
        abort(403, description=gettext("Only the host can make a new join code."))
    token = store.new_token(get_db(), game_id)
    remember_join(game_id, token, "host", game.me.get("player"))
    return done(url_for("games.show", game_id=game_id))


@bp.post("/games/<int:game_id>/delete")
def delete(game_id: int):
    game = load_game(game_id)
    if not game.is_host:
        abort(403, description=gettext("Only the host can delete the game."))
    if request.form.get("confirm") != "yes":
        abort(400, description=gettext("Tick the box to confirm that the game should be deleted."))
    store.delete_game(get_db(), game_id)  # the devices' entries of the game go with it (members: ON DELETE CASCADE)
    return redirect(url_for("games.index"), code=303)


# ---------------------------------------------------------------------------------------------- export/import


def export_game(game) -> dict:
    return export_dict(game.setup, game.row["seed"], game.events, store.now())


def import_game(data, host_device: str) -> int:
    """Check the export (``companion.game.spine.exchange``: nothing is written unless all of it is sound), then write the
    game and its events in one transaction (``companion.store``)."""
    return store.import_game(get_db(), check_import(data), host_device)


@bp.get("/games/<int:game_id>/export.json")
def export(game_id: int):
    game = load_game(game_id)
    if not game.is_host:  # README: the host exports the game (the export holds the seed and every device id)
        abort(403, description=gettext("Only the host can export the game."))
    resp = jsonify(export_game(game))
    resp.headers["Content-Disposition"] = f'attachment; filename="mage-knight-game-{game_id}.json"'
    return resp


@bp.post("/games/import")
def import_view():
    upload = request.files.get("file")
    if upload is None or not upload.filename:
        abort(400, description=gettext("Choose a game export file (.json) to import."))
    raw = upload.stream.read(exchange.MAX_BYTES + 1)
    if len(raw) > exchange.MAX_BYTES:
        abort(413, description=gettext("That file is too large for a game export (at most 4 MB)."))
    try:
        data = safejson.loads(raw, max_bytes=exchange.MAX_BYTES, max_depth=exchange.MAX_DEPTH)
    except Invalid as err:
        abort(400, description=gettext("That file is not a game export this app can read: %(reason)s",
                                       reason=invalid_text(err)))
    try:
        game_id = import_game(data, device_id())
    except Invalid as err:
        abort(400, description=invalid_text(err))
    remember_join(game_id, game_row(game_id)["token"], "host", None)
    return redirect(url_for("games.who", game_id=game_id), code=303)


# ---------------------------------------------------------------------------------------------- language, manifest


def _remember_setting(key: str, allowed: tuple[str, ...], error: str):
    """Keep a per-device setting in the signed session cookie, then go back to the page it was chosen on."""
    value = request.form.get(key)
    if value not in allowed:
        abort(400, description=error)
    session[key] = value
    nxt = request.form.get("next")
    return redirect(nxt if _safe_next(nxt) else url_for("games.index"), code=303)


@bp.post("/lang")
def set_lang():
    return _remember_setting("lang", ("en", "de"), gettext("Unknown language."))


@bp.post("/theme")
def set_theme():
    return _remember_setting("theme", ("auto", "dark", "light"), gettext("Unknown colour scheme."))


@bp.get("/manifest.webmanifest")
def manifest():
    resp = jsonify({
        "name": "Mage Knight Companion",
        "short_name": "MK Companion",
        "start_url": "/",
        "display": "standalone",
        "background_color": "#16141a",
        "theme_color": "#16141a",
        "icons": [{"src": url_for("static", filename="icon.svg"), "sizes": "any", "type": "image/svg+xml"},
                  {"src": url_for("static", filename="icon-192.png"), "sizes": "192x192", "type": "image/png"}],
    })
    resp.mimetype = "application/manifest+json"
    return resp
