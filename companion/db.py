"""The embedded SQLite database: one connection per request on ``flask.g``, WAL mode, foreign keys on,
schema migrations through sqlite-utils ``Migrations``.

``DATABASE`` is a file's path or an SQLite URI (``file:...``). An in-memory database (``:memory:``) would be a new,
empty database on each connection, so the app asks ``shared_memory`` for a named one instead: one database every
connection of the process opens by its URI, alive while the app holds the connection it was given."""

from __future__ import annotations

import contextlib
import secrets
import sqlite3
import threading
from typing import Iterator

from flask import current_app, g
from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

migrations = Migrations("companion")


@migrations()
def m001_games_and_events(db: Database) -> None:
    db["games"].create(
        {
            "id": int,
            "name": str,
            "token": str,
            "host_device": str,
            "seed": str,
            "setup": str,  # JSON: scenario, mode, players ... (the game's creation parameters)
            "created": str,
        },
        pk="id",
        not_null={"token", "host_device", "seed", "setup", "created"},
    )
    db["events"].create(
        {
            "id": int,
            "game_id": int,
            "seq": int,
            "type": str,
            "payload": str,
            "sentence": str,  # JSON: {"msg": msgid, "args": {...}, "t": [args to translate]}
            "text": str,  # the sentence rendered in English, for exports and other tools
            "scope": str,  # JSON list of strings
            "device": str,
            "nonce": str,
            "created": str,
        },
        pk="id",
        foreign_keys=[("game_id", "games", "id")],
        not_null={"game_id", "seq", "type", "payload", "sentence", "scope", "created"},
    )
    db.execute("CREATE UNIQUE INDEX events_game_seq ON events(game_id, seq)")
    db.execute("CREATE UNIQUE INDEX events_game_nonce ON events(game_id, nonce)")


@migrations()
def m002_members(db: Database) -> None:
    """Which devices joined which game, kept on the server (the session cookie keeps only the device's id, so it
    stays small whatever number of games a phone joins): the join key (an HMAC of the game's token when the device
    joined: a new token retires it), the role and player it chose, and the hash of its own API token, if any."""
    db.execute(
        "CREATE TABLE members ("
        " device TEXT NOT NULL,"
        " game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,"
        " key TEXT NOT NULL,"
        " role TEXT NOT NULL,"
        " player INTEGER,"
        " api_hash TEXT,"
        " joined TEXT NOT NULL,"
        " PRIMARY KEY (device, game_id))"
    )
    db.execute("CREATE UNIQUE INDEX members_api_hash ON members(api_hash)")
    db.execute("CREATE INDEX members_game ON members(game_id)")


class CompanionDatabase(Database):
    """sqlite-utils' Database whose write transactions start with ``BEGIN IMMEDIATE``.

    A deferred ``BEGIN`` takes the write lock only at the first write; in WAL mode a transaction that read
    first and then finds another writer committed in between cannot wait for it and fails at once with
    "database is locked" (busy_timeout does not help). ``BEGIN IMMEDIATE`` takes the write lock up front and
    waits up to the busy timeout for it, so two taps at once are serialised instead. Every ``db.atomic()``
    (record, undo/redo, create/import/delete a game, migrations) goes through here; nested blocks stay
    savepoints."""

    @contextlib.contextmanager
    def atomic(self) -> Iterator["CompanionDatabase"]:
        if self.conn.in_transaction:
            with super().atomic():
                yield self
            return
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            yield self
        except BaseException:
            self.rollback()
            raise
        else:
            try:
                self.conn.execute("COMMIT")
            except BaseException:
                self.rollback()
                raise


def write_transaction(db: Database):
    """A write transaction that starts with ``BEGIN IMMEDIATE`` on any sqlite-utils Database."""
    if isinstance(db, CompanionDatabase):
        return db.atomic()
    return CompanionDatabase.atomic(db)  # same code: it only uses db.conn and db.rollback()


def is_uri(path: str) -> bool:
    return path.startswith("file:")


def in_memory(path: str) -> bool:
    """Whether ``path`` names a database that lives in memory (no file, no folder of its own)."""
    if path == ":memory:":
        return True
    if not is_uri(path):
        return False
    name, _, query = path[len("file:"):].partition("?")
    return name == ":memory:" or bool({"mode=memory", "vfs=memdb"} & set(query.split("&")))


def shared_memory() -> str:
    """The URI of a new in-memory database that every connection of this process opens by that URI. It lives while
    a connection to it is open: the caller keeps one open as long as it uses the database. SQLite's ``memdb`` file
    system (a writer and a reader wait for each other up to the busy timeout, as with a file), else a shared cache
    (an older SQLite)."""
    name = f"companion-{secrets.token_hex(8)}"
    for uri in (f"file:/{name}?vfs=memdb", f"file:{name}?mode=memory&cache=shared"):
        try:
            sqlite3.connect(uri, uri=True).close()
        except sqlite3.OperationalError:  # no such file system
            continue
        return uri
    raise sqlite3.OperationalError("this SQLite keeps no in-memory database shared between connections")


def _open(path: str) -> sqlite3.Connection:
    return sqlite3.connect(path, timeout=15, check_same_thread=False, isolation_level=None, uri=is_uri(path))


def connect(path: str, migrate: bool = False) -> Database:
    """Open the database (a file's path or an SQLite URI) with WAL (a file's) and foreign keys on; ``migrate``
    applies pending migrations (done once when the app starts, not on every request)."""
    conn = _open(path)
    db = CompanionDatabase(conn)
    db.execute("PRAGMA foreign_keys = ON")
    db.execute("PRAGMA busy_timeout = 15000")
    if not in_memory(path):
        db.enable_wal()
        db.execute("PRAGMA synchronous = NORMAL")
    if migrate:
        migrations.apply(db)
    return db


_readers = threading.local()
MAX_READERS_PER_THREAD = 4


def reader(path: str) -> sqlite3.Connection:
    """A read-only connection to ``path`` kept open for this thread (waitress reuses its threads), for the
    hot read paths (the live-update poll) that should not open a connection per request. Autocommit: every
    query sees the latest committed state. At most a few per thread (tests open many databases)."""
    conns: dict = getattr(_readers, "conns", None)
    if conns is None:
        conns = _readers.conns = {}
    conn = conns.get(path)
    if conn is None:
        while len(conns) >= MAX_READERS_PER_THREAD:
            conns.pop(next(iter(conns))).close()
        conn = _open(path)
        conn.execute("PRAGMA busy_timeout = 15000")
        conn.execute("PRAGMA query_only = ON")
        conns[path] = conn
    return conn


def get_db() -> Database:
    if "db" not in g:
        g.db = connect(current_app.config["DATABASE"])
    return g.db


def close_db(_exc: BaseException | None = None) -> None:
    db = g.pop("db", None)
    if db is not None:
        db.conn.close()
