"""The embedded SQLite database: one connection per request on ``flask.g``, WAL mode, foreign keys on,
schema migrations through sqlite-utils ``Migrations``."""

from __future__ import annotations

import sqlite3

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


def connect(path: str, migrate: bool = False) -> Database:
    """Open the database file with WAL and foreign keys on; ``migrate`` applies pending migrations
    (done once when the app starts, not on every request)."""
    conn = sqlite3.connect(path, timeout=15, check_same_thread=False, isolation_level=None)
    db = Database(conn)
    db.execute("PRAGMA foreign_keys = ON")
    db.execute("PRAGMA busy_timeout = 15000")
    if path != ":memory:":
        db.enable_wal()
        db.execute("PRAGMA synchronous = NORMAL")
    if migrate:
        migrations.apply(db)
    return db


def get_db() -> Database:
    if "db" not in g:
        g.db = connect(current_app.config["DATABASE"])
    return g.db


def close_db(_exc: BaseException | None = None) -> None:
    db = g.pop("db", None)
    if db is not None:
        db.conn.close()
