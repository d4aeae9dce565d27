"""Games: create, join by QR code, the tracker page, commands, undo/redo, the log, live sync, export/import."""

from __future__ import annotations

import io
import json
import secrets
from datetime import datetime, timezone
from urllib.parse import urlsplit

import qrcode
import qrcode.image.svg
from flask import Blueprint, abort, current_app, jsonify, redirect, render_template, request, session, url_for
from flask_babel import gettext
from markupsafe import Markup

from .. import events as ev
from ..cli import lan_address
from ..commands import COMMANDS, Invalid, term
from ..events import name_arg
from ..i18n import N_
from ..db import get_db
from ..rules.data import get_rules
from ..rules.progression import reputation_modifier, standing
from ..state import COLORS, SHIELD_KINDS, fold, walk
from ..trackers import day_night_order
from .common import device_id, done, game_row, load_game, page

bp = Blueprint("games", __name__)

MODES = ("solo", "coop", "competitive", "team")
MODE_TERMS = {"solo": N_("solo"), "coop": N_("co-op"), "competitive": N_("competitive"), "team": N_("team")}
MAX_PLAYERS = 5
FORMAT_VERSION = 1


# ---------------------------------------------------------------------------------------------- set-up


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def validate_setup(data: dict) -> dict:
    """Check a new game's set-up; raises Invalid with the reason."""
    rules = get_rules()
    scenario_id = data.get("scenario")
    if scenario_id not in rules.scenarios:
        raise Invalid("Choose a scenario.")
    sc = rules.scenarios[scenario_id]
    mode = data.get("mode")
    if mode not in MODES:
        raise Invalid("Choose how you play: solo, co-op, competitive or team.")
    if sc.modes and mode not in sc.modes:
        raise Invalid("%(scenario)s is not played %(mode)s.", scenario=name_arg(sc.name, sc.name_de), mode=term(MODE_TERMS[mode]))
    players = []
    names = set()
    heroes = set()
    for p in data.get("players") or []:
        name = (p.get("name") or "").strip()
        if not name:
            continue
        if len(name) > 40:
            raise Invalid("A player's name can have at most 40 characters.")
        if name.casefold() in names:
            raise Invalid("Two players are called %(name)s: give them different names.", name=name)
        names.add(name.casefold())
        hero = p.get("hero") or None
        if hero is not None:
            if hero not in rules.heroes:
                raise Invalid("There is no hero %(hero)s.", hero=str(hero)[:30])
            if hero in heroes:
                raise Invalid("Two players chose %(hero)s: each hero can be played once.",
                              hero=name_arg(rules.heroes[hero].name, rules.heroes[hero].name_de))
            heroes.add(hero)
        team = p.get("team") or None
        if mode == "team" and team not in ("A", "B"):
            raise Invalid("In a team game every player is in team A or team B.")
        players.append({"name": name, "hero": hero, "team": team if mode == "team" else None})
    if not players:
        raise Invalid("Enter at least one player's name.")
    if len(players) > MAX_PLAYERS:
        raise Invalid("At most %(n)d players.", n=MAX_PLAYERS)
    if mode == "solo" and len(players) != 1:
        raise Invalid("A solo game has exactly one player.")
    if mode != "solo" and len(players) < 2:
        raise Invalid("A %(mode)s game needs at least two players.", mode=term(MODE_TERMS[mode]))
    if mode == "team" and sorted(p["team"] for p in players) != ["A", "A", "B", "B"]:
        raise Invalid("A team game is four players: two in team A, two in team B.")
    if sc.id == "conquer_and_hold" and len(players) == 4 and mode != "team":
        # Scenario Book, Conquer and Hold: "Players: 2, or 4 (two teams)"; "If playing with four, Team Rules apply"
        raise Invalid("With four players, %(scenario)s is played in two teams.", scenario=name_arg(sc.name, sc.name_de))
    if mode != "solo" and not (sc.players_min <= len(players) <= sc.players_max):
        raise Invalid("%(scenario)s is for %(lo)d to %(hi)d players.", scenario=name_arg(sc.name, sc.name_de), lo=sc.players_min,
                      hi=sc.players_max)
    return {"scenario": scenario_id, "mode": mode, "players": players, "name": (data.get("name") or "").strip()[:60]}


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


def remember_join(game_id: int, token: str, role: str, player: int | None = None) -> None:
    games = dict(session.get("games", {}))
    games[str(game_id)] = {"token": token, "role": role, "player": player}
    session["games"] = games
    session.permanent = True


def form_setup(form) -> dict:
    return {
        "scenario": form.get("scenario"),
        "mode": form.get("mode"),
        "name": form.get("name", ""),
        "players": [
            {"name": form.get(f"name_{i}", ""), "hero": form.get(f"hero_{i}") or None, "team": form.get(f"team_{i}")}
            for i in range(MAX_PLAYERS)
        ],
    }


def invalid_message(err: Invalid) -> str:
    from .common import _current_lang

    return err.translated(gettext, _current_lang())


# ---------------------------------------------------------------------------------------------- pages


@bp.get("/")
def index():
    joined = session.get("games", {})
    games = []
    if joined:
        ids = [int(k) for k in joined]
        rows = get_db().query(
            f"SELECT id, name, setup, created, seed, token FROM games WHERE id IN ({','.join('?' * len(ids))}) "
            "ORDER BY id DESC", ids)
        for r in rows:
            if joined.get(str(r["id"]), {}).get("token") == r["token"]:
                setup = json.loads(r["setup"])
                # finished or not is derived from the log (a final score can be undone)
                state = fold(r["id"], setup, r["seed"], ev.load_events(get_db(), r["id"]))
                games.append({"id": r["id"], "name": r["name"], "setup": setup, "created": r["created"],
                              "finished": state.get("finished", False)})
    return render_template("index.html", games=games, rules=get_rules())


@bp.get("/games/new")
def new_game():
    return render_template("games/new.html", rules=get_rules(), modes=MODES, max_players=MAX_PLAYERS, form={},
                           error=None)


@bp.post("/games")
def create():
    try:
        setup = validate_setup(form_setup(request.form))
    except Invalid as err:
        return render_template("games/new.html", rules=get_rules(), modes=MODES, max_players=MAX_PLAYERS,
                               form=request.form, error=invalid_message(err)), 400
    game_id = create_game(setup, device_id())
    row = game_row(game_id)
    remember_join(game_id, row["token"], "host", 0 if len(setup["players"]) == 1 else None)
    return redirect(url_for("games.who", game_id=game_id), code=303)


@bp.get("/join/<int:game_id>/<token>")
def join(game_id: int, token: str):
    row = game_row(game_id)
    if not secrets.compare_digest(token, row["token"]):
        abort(403, description=gettext("This join link is no longer valid: ask the host for the game's new QR code."))
    old = session.get("games", {}).get(str(game_id), {})
    role = "host" if row["host_device"] == device_id() else old.get("role") or "watcher"
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
                index = int(choice)
                assert 0 <= index < len(game.state["players"])
            except (ValueError, AssertionError):
                abort(400, description=gettext("Choose one of the players, or watch."))
            remember_join(game_id, game.token, role, index)
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
    img = qrcode.make(data, image_factory=qrcode.image.svg.SvgPathImage, box_size=10, border=2)
    buf = io.BytesIO()
    img.save(buf)
    svg = buf.getvalue().decode()
    svg = svg[svg.index("<svg"):]
    return Markup(svg.replace("<svg ", '<svg class="qr" role="img" aria-label="QR code" ', 1))


def tracker_context(game) -> dict:
    rules = get_rules()
    players = []
    for i, p in enumerate(game.state["players"]):
        st = standing(rules.levels, p["fame"])
        players.append({
            "index": i,
            "p": p,
            "standing": st,
            "reputation_modifier": reputation_modifier(rules.reputation, p["reputation"]),
            "hero": rules.heroes.get(p["hero"]) if p.get("hero") else None,
            "units_full": len(p["units"]) >= st.command_tokens,
        })
    scenario = rules.scenarios.get(game.state["game"]["scenario"])
    dummy = game.state.get("dummy")
    order = game.state.get("round_order") or []
    dummy_now = bool(dummy and order and order[dummy.get("turn", 0) % len(order)] == "dummy")
    return {
        "dummy": dummy,
        "dummy_now": dummy_now,
        "rules": rules,
        "players": players,
        "scenario": scenario,
        "colors": COLORS,
        "shield_kinds": SHIELD_KINDS,
        "move_costs": list(rules.terrains.values()) if hasattr(rules.terrains, "values") else list(rules.terrains),
        "day_night": day_night_order(game.state),
    }


@bp.get("/games/<int:game_id>")
def show(game_id: int):
    game = load_game(game_id)
    if game.setup.get("game") == "runewars":  # a Runewars game's board is its Runewars page (web/runewars.py)
        return redirect(url_for("runewars.battle_page", game_id=game_id), code=303)
    return page("games/show.html", **board_context(game))


def scenario_setup(game) -> dict | None:
    """The scenario's set-up for this game's player count (Scenario Book), shown on the board."""
    sc = get_rules().scenarios.get(game.state["game"]["scenario"])
    if sc is None:
        return None
    if game.state["game"].get("mode") == "solo" and sc.solo_variant is not None:
        sc = sc.solo_variant
    n = len(game.state["players"])
    return {
        "scenario": sc,
        "day_night": day_night_order(game.state),
        "tiles": {kind: counts.get(n) for kind, counts in sc.tiles.items() if counts.get(n) is not None},
        "city_levels": sc.city_levels.get(n, ()),
        "dummy": sc.dummy,
        "special_rules": sc.special_rules_de if _lang() == "de" and sc.special_rules_de else sc.special_rules,
    }


def _lang() -> str:
    from .common import _current_lang

    return _current_lang()


def board_context(game) -> dict:
    return {"game": game, "join_url": join_url(game), "qr": qr_svg(join_url(game)), "setup_summary": scenario_setup(game),
            **tracker_context(game)}


@bp.get("/games/<int:game_id>/log")
def log(game_id: int):
    game = load_game(game_id)
    _active, undone, status = walk(game.events)
    entries = [{"event": e, "status": status.get(e.seq, "active")} for e in reversed(game.events)]
    return page("games/log.html", game=game, entries=entries, can_redo=bool(undone))


@bp.get("/games/<int:game_id>/poll")
def poll(game_id: int):
    """The cheap endpoint every open page asks about once a second: 204 while nothing changed."""
    row = game_row(game_id)
    from .common import has_access

    if not has_access(row):
        abort(403, description=gettext("This game is private: scan the game's QR code to join it."))
    try:
        seen = int(request.args.get("seq", "-1"))
    except ValueError:
        seen = -1
    last = ev.last_seq(get_db(), game_id)
    if last == seen:
        return "", 204
    resp = current_app.make_response(render_template("_sync.html", game={"id": game_id}, seq=last, oob=False))
    resp.headers["HX-Trigger"] = "gameChanged"
    return resp


# ---------------------------------------------------------------------------------------------- commands


def run_command(game, name: str, data) -> ev.Recorded:
    fn = COMMANDS.get(name)
    if fn is None:
        abort(404, description=gettext("Unknown command."))
    try:
        cmd = fn(game.state, data)
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
    return bool(url) and url.startswith("/") and not url.startswith("//")


@bp.post("/games/<int:game_id>/undo")
def undo(game_id: int):
    return _undo_redo(game_id, "undo")


@bp.post("/games/<int:game_id>/redo")
def redo(game_id: int):
    return _undo_redo(game_id, "redo")


def _undo_redo(game_id: int, which: str):
    game = load_game(game_id)
    try:
        ev.undo_or_redo(get_db(), game_id, which, based_on=_based_on(), device=device_id(),
                        nonce=request.form.get("nonce") or None)
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
    games = dict(session.get("games", {}))
    games.pop(str(game_id), None)
    session["games"] = games
    return redirect(url_for("games.index"), code=303)


# ---------------------------------------------------------------------------------------------- export/import


def export_game(game) -> dict:
    return {
        "format_version": FORMAT_VERSION,
        "exported": _now(),
        "setup": game.setup,
        "seed": game.row["seed"],
        "events": [
            {"seq": e.seq, "type": e.type, "payload": e.payload, "sentence": e.sentence, "text": e.text,
             "scope": list(e.scope), "device": e.device, "created": e.created}
            for e in game.events
        ],
    }


def import_game(data: dict, host_device: str) -> int:
    if not isinstance(data, dict) or data.get("format_version") != FORMAT_VERSION:
        raise Invalid("This is not a game export this version can read (format_version %(v)d expected).",
                      v=FORMAT_VERSION)
    setup = validate_setup(data.get("setup") or {})
    events = data.get("events")
    if not isinstance(events, list):
        raise Invalid("The export has no list of events.")
    seqs = [e.get("seq") for e in events if isinstance(e, dict)]
    if len(seqs) != len(events) or seqs != list(range(1, len(events) + 1)):
        raise Invalid("The export's events must be numbered 1, 2, 3 … without gaps.")
    db = get_db()
    with db.atomic():
        game_id = create_game(setup, host_device)
        if isinstance(data.get("seed"), str) and data["seed"]:
            db["games"].update(game_id, {"seed": data["seed"][:64]})
        for e in events:
            if not isinstance(e.get("type"), str) or not isinstance(e.get("payload"), dict):
                raise Invalid("Event %(n)d is damaged.", n=e["seq"])
            db["events"].insert({
                "game_id": game_id, "seq": e["seq"], "type": e["type"],
                "payload": json.dumps(e["payload"], sort_keys=True),
                "sentence": json.dumps(e.get("sentence") or {"msg": e.get("text") or e["type"], "args": {}},
                                       sort_keys=True),
                "text": e.get("text") or "", "scope": json.dumps(list(e.get("scope") or ["*"])),
                "device": e.get("device"), "nonce": None, "created": e.get("created") or _now(),
            })
    return game_id


@bp.get("/games/<int:game_id>/export.json")
def export(game_id: int):
    game = load_game(game_id)
    resp = jsonify(export_game(game))
    resp.headers["Content-Disposition"] = f'attachment; filename="mage-knight-game-{game_id}.json"'
    return resp


@bp.post("/games/import")
def import_view():
    upload = request.files.get("file")
    if upload is None or not upload.filename:
        abort(400, description=gettext("Choose a game export file (.json) to import."))
    try:
        data = json.load(upload.stream)
    except (ValueError, UnicodeDecodeError):
        abort(400, description=gettext("That file is not JSON: choose a file exported by this app."))
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
