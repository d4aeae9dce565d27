"""Mage Knight table-side companion: the app factory."""

from __future__ import annotations

__version__ = "0.2.0"

import importlib
import os
import pkgutil
import secrets
from pathlib import Path
from urllib.parse import unquote

from typing import TYPE_CHECKING

from . import resources

if TYPE_CHECKING:  # the game and rules layers import this package without Flask
    from flask import Flask


def default_data_dir() -> Path:
    """A per-user folder for the database (XDG_DATA_HOME, else ~/.local/share)."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "mage-knight-companion"


def _secret_key(data_dir: Path) -> str:
    """A secret key kept beside the database, so signed cookies survive a restart."""
    path = data_dir / "secret_key"
    if path.exists():
        return path.read_text().strip()
    data_dir.mkdir(parents=True, exist_ok=True)
    key = secrets.token_hex(32)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as fh:
        fh.write(key)
    return key


def _folder(database: str) -> Path:
    """The folder of the database file (of the file an SQLite URI names)."""
    if database.startswith("file:"):
        database = unquote(database[len("file:"):].partition("?")[0])
    return Path(database).parent


def create_app(config: dict | None = None) -> "Flask":
    """The Flask app on the database ``config["DATABASE"]`` (else ``$COMPANION_DB``, else the user's data folder).

    Its imports are made here, not at the top of this module: every module of the lower floors (``companion.rules``,
    ``companion.game``) loads this package first, and must not load Flask, the web layer or the solvers with it."""
    from flask import Flask

    from . import assets, db, game, i18n, solvers, web
    from .web import fastpoll, wiring

    app = Flask(
        __name__,
        template_folder=str(resources.TEMPLATES),
        static_folder=str(resources.STATIC),
    )
    config = dict(config or {})
    database = str(config.pop("DATABASE", None) or os.environ.get("COMPANION_DB")
                   or default_data_dir() / "companion.db")
    memory = db.in_memory(database)
    if database == ":memory:":  # one database for every request's connection (kept alive below)
        database = db.shared_memory()
    elif not db.is_uri(database):
        Path(database).parent.mkdir(parents=True, exist_ok=True)
    app.config.update(
        DATABASE=database,
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
        PERMANENT_SESSION_LIFETIME=60 * 60 * 24 * 30,
        SESSION_REFRESH_EACH_REQUEST=False,  # the poll stays cheap: no re-signed cookie on every request
        WTF_CSRF_TIME_LIMIT=None,  # a game night is long; the token is tied to the session anyway
        MAX_CONTENT_LENGTH=5 * 1024 * 1024,  # an import's file is at most 4 MB (companion.game.spine.exchange)
        PUBLIC_URL=None,  # the host's LAN address for join links, set by `companion serve`
    )
    app.config.update(config)
    if not app.config.get("SECRET_KEY"):
        # an in-memory database has no folder of its own: a key for this process only (nothing is written to the
        # current folder); otherwise the key is kept beside the database
        app.config["SECRET_KEY"] = secrets.token_hex(32) if memory else _secret_key(_folder(database))

    first = db.connect(app.config["DATABASE"], migrate=True)
    if memory:  # the database lives while a connection to it is open: the app holds this one
        app.extensions["companion.memory_db"] = first
    else:
        first.conn.close()
    app.teardown_appcontext(db.close_db)
    i18n.init_app(app)
    wiring.init_app(app)

    # the hashed static copies go to the user's cache folder (content-hashed names: every app and version can share
    # it), never into the package (an installed wheel may be read-only) nor the working directory
    cache = app.config.get("STATIC_CACHE") or resources.cache_dir() / "static"
    assets.init_app(app, Path(cache))
    fastpoll.init_app(app)  # the steady-state live poll answered before Flask
    if app.config.get("SOLVER_POOL"):  # `companion serve`: the searches run in worker processes
        solvers.configure(pool=True)

    # Core reducers, then every feature blueprint in companion/web/ (a module that defines `bp`).
    game.load_all()  # every feature's reducers and commands
    for info in sorted(pkgutil.iter_modules(web.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{web.__name__}.{info.name}")
        bp = getattr(module, "bp", None)
        if bp is not None:
            app.register_blueprint(bp)
    return app
