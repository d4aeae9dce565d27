"""The games table: a new game's row, a new join token, a deleted game, and an imported game written whole (its row
and its events in one transaction). The event log itself (recording, undo, conflicts) is ``companion.events``; what an import may contain
is checked before anything is written by ``companion.game.spine.exchange.check_import`` (and replayed by
``companion.game.spine.replay``)."""

from __future__ import annotations

import json
import secrets
from datetime import datetime, timezone

from sqlite_utils import Database

from .game.spine.exchange import ImportPlan


def now() -> str:
    """The time stamp stored with a game and its events (UTC, seconds)."""
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def create_game(db: Database, setup: dict, host_device: str) -> int:
    """A new game: its set-up, a fresh join token and seed; the device that made it is the host. Its id."""
    with db.atomic():
        table = db["games"]
        table.insert({
            "name": setup.get("name") or "",
            "token": secrets.token_urlsafe(18),
            "host_device": host_device,
            "seed": secrets.token_hex(16),
            "setup": json.dumps(setup, sort_keys=True),
            "created": now(),
        })
        return table.last_pk


def new_token(db: Database, game_id: int) -> str:
    """A new join token for the game (the old QR code and every key made from it stop working); the token."""
    token = secrets.token_urlsafe(18)
    db["games"].update(game_id, {"token": token})
    return token


def delete_game(db: Database, game_id: int) -> None:
    """The game and its whole log, in one transaction."""
    with db.atomic():
        db.execute("DELETE FROM events WHERE game_id = ?", [game_id])
        db.execute("DELETE FROM games WHERE id = ?", [game_id])


def import_game(db: Database, plan: ImportPlan, host_device: str) -> int:
    """Write a checked import (``check_import``'s plan) as a new game in one transaction: its row keeps the
    exported seed, its events their seq, sentence, device and time. The new game's id."""
    with db.atomic():
        game_id = create_game(db, plan.setup, host_device)
        if plan.seed:
            db["games"].update(game_id, {"seed": plan.seed})
        stamp = now()
        db.conn.executemany(  # one statement for every event: 20,000 events cost what 2,000 cost, times ten
            "INSERT INTO events (game_id, seq, type, payload, sentence, text, scope, device, nonce, created) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, ?)",
            ((game_id, e.seq, e.type, json.dumps(e.payload, sort_keys=True), json.dumps(e.sentence, sort_keys=True),
              e.text, json.dumps(e.scope), e.device, e.created or stamp) for e in plan.events))
    return game_id
