"""Games: create, join by QR code, the tracker page, commands, undo/redo, the log, live sync, export/import."""

from __future__ import annotations

import json
import secrets
from datetime import datetime, timezone
from urllib.parse import urlsplit

import qrcode
from flask import Blueprint, abort, current_app, jsonify, redirect, render_template, request, session, url_for
from flask_babel import gettext
from markupsafe import Markup

from .. import events as ev
from ..cli import lan_address
from ..commands import COMMANDS, Invalid
from ..db import get_db
from ..game import board, exchange, safejson
from ..game.fields import player_index
from ..game.exchange import FORMAT_VERSION, check_import, export_dict  # noqa: F401 (FORMAT_VERSION: imports)
from ..game.scenario_rules import VARIANT_NAMES, VARIANTS
from ..game.setup import MAX_PLAYERS, MODE_TERMS, MODES, setup_from_form, validate_setup  # noqa: F401
from ..rules.data import get_rules
from ..state import walk
from ..state_cache import CACHE as STATE_CACHE
from .common import (device_id, done, game_row, invalid_text, joined_games, load_game, my_by, my_role, nonce, page,
                     remember_join, same_secret)

bp = Blueprint("games", __name__)

# ---------------------------------------------------------------------------------------------- set-up


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def create_game(setup: dict, host_device: str) -> int:
    db = get_db()
    with db.atomic():
        table = db["games"]
        table.insert({
            "name": setup.get("name") or "",
            "token": secrets.token_urlsafe(18),
            "host_device": host_device,
            "seed": secrets.token_hex(16),
            "setup": json.dumps(setup, sort_keys=True),
            "created": _now(),
        })
        return table.last_pk


def form_setup(form) -> dict:
    return setup_from_form(form)


def invalid_message(err: Invalid) -> str:
    return invalid_text(err)


# ---------------------------------------------------------------------------------------------- pages


@bp.get("/")
def index():
    games = []
    for r in joined_games():  # kept on the server per device (companion/web/access.py)
        setup = json.loads(r["setup"])
        # finished or not is derived from the log (a final score can be undone)
        state, _seq = STATE_CACHE.state(get_db(), current_app.config["DATABASE"], r["id"], setup, r["seed"])
        games.append({"id": r["id"], "name": r["name"], "setup": setup, "created": r["created"],
                      "finished": state.get("finished", False)})
    return render_template("index.html", games=games, rules=get_rules())


@bp.get("/games/new")
def new_game():
    return render_template("games/new.html", rules=get_rules(), modes=MODES, max_players=MAX_PLAYERS, form={},
                           variants=VARIANTS, variant_names=VARIANT_NAMES,
                           error=None)


@bp.post("/games")
def create():
    try:
        setup = validate_setup(form_setup(request.form))
    except Invalid as err:
        return render_template("games/new.html", rules=get_rules(), modes=MODES, max_players=MAX_PLAYERS,
                               variants=VARIANTS, variant_names=VARIANT_NAMES,
                               form=request.form, error=invalid_message(err)), 400
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
    if request.method == "POST":
        choice = request.form.get("player", "")
        role = "host" if game.is_host else "player"
        if choice == "watch":
            remember_join(game_id, game.token, "host" if game.is_host else "watcher", None)
        else:
            try:
                index = player_index(game.state, {"player": choice})
            except Invalid:
                abort(400, description=gettext("Choose one of the players, or watch."))
            remember_join(game_id, game.token, role, index)
        return redirect(url_for("games.show", game_id=game_id), code=303)
    if game.is_host and len(game.state["players"]) == 1 and game.me.get("player") == 0:
        # one player at the table: the host is that player, nobody to ask "who are you?"
        return redirect(url_for("games.show", game_id=game_id), code=303)
    return render_template("games/who.html", game=game, seq=game.seq)


def join_url(game) -> str:
    base = current_app.config.get("PUBLIC_URL")
    if not base:
        parts = urlsplit(request.host_url)
        host = parts.hostname or "localhost"
        if host in ("localhost", "127.0.0.1", "::1"):
            port = f":{parts.port}" if parts.port else ""
            base = f"{parts.scheme}://{lan_address()}{port}/"
        else:
            base = request.host_url
    return base.rstrip("/") + url_for("games.join", game_id=game.id, token=game.token)


def qr_svg(data: str) -> Markup:
    """The join code as a small SVG: one path, a rectangle per run of dark modules in a row (a light page)."""
    qr = qrcode.QRCode(border=2)
    qr.add_data(data)
    qr.make(fit=True)
    rows = qr.get_matrix()  # the border included
    size = len(rows)
    runs = []
    for y, row in enumerate(rows):
        x = 0
        while x < size:
            if row[x]:
                start = x
                while x < size and row[x]:
                    x += 1
                runs.append(f"M{start} {y}h{x - start}v1h-{x - start}z")
            else:
                x += 1
    return Markup(f'<svg class="qr" role="img" aria-label="QR code" viewBox="0 0 {size} {size}" '
                  f'xmlns="http://www.w3.org/2000/svg" shape-rendering="crispEdges"><path d="{"".join(runs)}"/></svg>')


def tracker_context(game) -> dict:
    return board.tracker_view(game.state)


@bp.get("/games/<int:game_id>")
def show(game_id: int):
    game = load_game(game_id)
    if game.setup.get("game") == "runewars":  # a Runewars game's board is its Runewars page (web/runewars.py)
        return redirect(url_for("runewars.battle_page", game_id=game_id), code=303)
    return page("games/show.html", **board_context(game))


def scenario_setup(game) -> dict | None:
    """The scenario's set-up for this game's player count (Scenario Book), shown on the board."""
    return board.scenario_setup(game.state, _lang())


def _lang() -> str:
    from .common import _current_lang

    return _current_lang()


def board_context(game) -> dict:
    from ..game.trackers import REWARD_TEXT

    return {"game": game, "join_url": join_url(game), "qr": qr_svg(join_url(game)), "setup_summary": scenario_setup(game),
            "reward_text": REWARD_TEXT,
            "variant_names": VARIANT_NAMES, **tracker_context(game)}


@bp.get("/games/<int:game_id>/log")
def log(game_id: int):
    game = load_game(game_id)
    from .undo import log_entries

    _active, undone, _status = walk(game.events)
    return page("games/log.html", game=game, entries=log_entries(game), can_redo=bool(undone))


@bp.get("/games/<int:game_id>/poll")
def poll(game_id: int):
    """The cheap endpoint every open page asks about once a second: 204 while nothing changed. One indexed
    query (the game's token and last sequence number) on this thread's reused read connection."""
    from ..db import reader
    from .common import has_access

    if game_id >= 1 << 63:
        abort(404, description=gettext("There is no such game."))
    row = reader(current_app.config["DATABASE"]).execute(
        "SELECT id, token, (SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id = games.id) "
        "FROM games WHERE id = ?", (game_id,)).fetchone()
    if row is None:
        abort(404, description=gettext("There is no such game."))
    if not has_access({"id": row[0], "token": row[1]}):
        abort(403, description=gettext("This game is private: scan the game's QR code to join it."))
    last = row[2]
    if request.args.get("seq") == str(last):
        return "", 204
    resp = current_app.make_response(render_template("_sync.html", game={"id": game_id}, seq=last, oob=False))
    resp.headers["HX-Trigger"] = "gameChanged"
    return resp


# ---------------------------------------------------------------------------------------------- commands


def actor_of(game):
    """The acting device as the game layer's commands see it: its player, whether it hosts, whether it watches."""
    from ..game.command import Actor
    from .common import my_role

    me = my_role(game.id)
    p = me.get("player")
    return Actor(player=p if isinstance(p, int) and not isinstance(p, bool) else None,
                 is_host=bool(game.is_host or me.get("role") == "host"), is_watcher=me.get("role") == "watcher")


def run_command(game, name: str, data) -> ev.Recorded:
    """The command ``name`` given by this device (the game layer checks who may give it), recorded."""
    from ..game.command import NotYours, run

    if COMMANDS.get(name) is None:
        abort(404, description=gettext("Unknown command."))
    try:
        cmd = run(name, game.state, data, actor_of(game))
    except NotYours as err:  # another player's turn: not this phone's to do
        abort(403, description=invalid_message(err))
    except Invalid as err:
        abort(400, description=invalid_message(err))
    from .common import record_command

    return record_command(game, cmd.type, cmd.payload, cmd.sentence, cmd.scope)


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
    try:
        ev.undo_or_redo(get_db(), game_id, which, based_on=_based_on(), device=device_id(), nonce=nonce(),
                        by=my_by(game_id), log=game.events)
    except ev.Conflict:
        from .common import conflict

        conflict()
    except ev.NothingToDo:
        abort(400, description=gettext("There is nothing to undo.") if which == "undo" else
              gettext("There is nothing to redo."))
    nxt = request.form.get("next")
    return done(nxt if _safe_next(nxt) else url_for("games.show", game_id=game.id))


def _based_on():
    from .common import based_on

    return based_on()


@bp.post("/games/<int:game_id>/token")
def rotate_token(game_id: int):
    game = load_game(game_id)
    if not game.is_host:
        abort(403, description=gettext("Only the host can make a new join code."))
    token = secrets.token_urlsafe(18)
    get_db()["games"].update(game_id, {"token": token})
    remember_join(game_id, token, "host", game.me.get("player"))
    return done(url_for("games.show", game_id=game_id))


@bp.post("/games/<int:game_id>/delete")
def delete(game_id: int):
    game = load_game(game_id)
    if not game.is_host:
        abort(403, description=gettext("Only the host can delete the game."))
    if request.form.get("confirm") != "yes":
        abort(400, description=gettext("Tick the box to confirm that the game should be deleted."))
    db = get_db()
    with db.atomic():
        db.execute("DELETE FROM events WHERE game_id = ?", [game_id])
        db.execute("DELETE FROM games WHERE id = ?", [game_id])
    # the devices' entries of the game go with it (members: ON DELETE CASCADE)
    return redirect(url_for("games.index"), code=303)


# ---------------------------------------------------------------------------------------------- export/import


def export_game(game) -> dict:
    return export_dict(game.setup, game.row["seed"], game.events, _now())


def import_game(data, host_device: str) -> int:
    """Check the export (``companion.game.exchange``), then write the game and its events in one transaction."""
    plan = check_import(data)
    db = get_db()
    with db.atomic():
        game_id = create_game(plan.setup, host_device)
        if plan.seed:
            db["games"].update(game_id, {"seed": plan.seed})
        now = _now()
        db.conn.executemany(  # one statement for every event: 20,000 events cost what 2,000 cost, times ten
            "INSERT INTO events (game_id, seq, type, payload, sentence, text, scope, device, nonce, created) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, ?)",
            ((game_id, e.seq, e.type, json.dumps(e.payload, sort_keys=True), json.dumps(e.sentence, sort_keys=True),
              e.text, json.dumps(e.scope), e.device, e.created or now) for e in plan.events))
    return game_id


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
                                       reason=invalid_message(err)))
    try:
        game_id = import_game(data, device_id())
    except Invalid as err:
        abort(400, description=invalid_message(err))
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
