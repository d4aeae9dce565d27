"""The JSON API's per-device credential (docs/api.md, "Devices"): a device that holds the game's token (the join
link, the QR code) gets its own API token, bound to the player or the watching role it chooses, exactly as a phone
chooses on the who-are-you page; a joined phone can also get one for itself from the Invite page
(``web/invite.py``). A change through the API needs that token, so a watcher never writes, and a watching device
cannot make itself a player's token (only the host lets a watching device play)."""

from __future__ import annotations

import json
import secrets

from flask import jsonify, request

from ..db import get_db
from ..game.spine import fields
from ..game.spine.command import Invalid
from ..rules.text import N_
from .access import (given_device_token, has_access, is_host, member, my_role, new_device_token, remember_join,
                     same_secret)
from .common import ApiError, api_blueprint, game_row, json_body

bp = api_blueprint("devices_api", __name__, "/api/v1/games")

MAX_API_DEVICES = 200  # API devices of one game (a script that loops cannot grow the database without end)


def device_json(game_id: int, row: dict, token: str | None = None) -> dict:
    m = member(game_id) or {}
    out = {"game_id": game_id, "role": m.get("role"), "player": m.get("player"), "is_host": is_host(row)}
    if token is not None:
        out["device_token"] = token
    return out


@bp.post("/<int:game_id>/devices")
def add_device(game_id: int):
    """A new device of this game with its own API token: ``{"player": index}`` plays that player,
    ``{"watch": true}`` only watches. Authorised by the game's token (``X-Game-Token``: a new device, as a phone
    that scans the code), or a device token of this game; a watching device's token gets only a watcher's token
    ("I only watch" is a role only the host changes, as on the who-are-you page)."""
    row = game_row(game_id)
    by_device = given_device_token() is not None and member(game_id) is not None and has_access(row)
    if not by_device and not same_secret(request.headers.get("X-Game-Token"), row["token"]):
        raise ApiError("this needs the game's token in the X-Game-Token header (the join link's token)", 403)
    data = json_body()
    watch, raw_player = data.get("watch"), data.get("player")
    if watch is not None:
        fields.json_flag("watch", watch)
    if (watch is True) == (raw_player is not None):
        raise Invalid(N_('give either "player" (the index of the player this device plays) or "watch": true'))
    if watch is True:
        role, player = "watcher", None
    elif by_device and my_role(game_id)["role"] == "watcher":
        # "I only watch" is a role only the host changes: a watching device makes no player's token for itself
        raise ApiError("this device only watches this game: it cannot make itself a player's token; only the host "
                       "can let it play (on the host's Invite page)", 403)
    else:
        players = json.loads(row["setup"]).get("players") or []
        player = fields.whole_value(raw_player, "player", lo=0, hi=max(0, len(players) - 1))
        role = "player"
    count = get_db().execute("SELECT COUNT(*) FROM members WHERE game_id = ? AND api_hash IS NOT NULL",
                             [game_id]).fetchone()[0]
    if count >= MAX_API_DEVICES:
        raise ApiError(f"this game has {count} API devices already, the most it keeps", 429)
    device = "api-" + secrets.token_urlsafe(12)
    remember_join(game_id, row["token"], role, player, device=device)
    token = new_device_token(game_id, device)
    out = {"game_id": game_id, "role": role, "player": player, "is_host": False, "device_token": token}
    return jsonify(out), 201


@bp.get("/<int:game_id>/device")
def this_device(game_id: int):
    """Who this request's device token is in the game: ``{"game_id", "role", "player", "is_host"}``."""
    row = game_row(game_id)
    if member(game_id) is None or not has_access(row):
        raise ApiError("this needs this device's own token (Authorization: Bearer ...) for this game", 403)
    return jsonify(device_json(game_id, row))
