"""The JSON API for games: the same commands as the forms (documented in docs/api.md, "Games")."""

from __future__ import annotations

from flask import jsonify, url_for

from .. import events as ev
from ..db import get_db
from ..game.flow.scenario_rules import rules_in_play
from ..game.flow.setup import validate_setup
from ..game.spine.command import Invalid, NeedsConfirm
from ..game.spine.fields import flag
from ..game.spine.undo import ask_first, check_undo, latest_active, my_latest, others_entry
from .access import device_id, my_by, new_device_token, remember_join
from .common import (ApiError, api_blueprint, based_on as read_based_on, game_row, json_body, load_game, nonce,
                     run_command)
from .games import create_game, export_game

bp = api_blueprint("games_api", __name__, "/api/v1/games")


def _invalid(err: Invalid) -> ApiError:
    return ApiError(str(err), 400)


def game_json(game) -> dict:
    return {"id": game.id, "seq": game.seq, "setup": game.setup, "state": game.state,
            "scenario_rules": rules_in_play(game.state)}


@bp.post("")
def create():
    data = json_body()
    try:
        setup = validate_setup(data)
    except Invalid as err:
        raise _invalid(err)
    game_id = create_game(setup, device_id())
    row = game_row(game_id)
    # the creating device is the host; its own API token changes the game (the game token only reads it)
    remember_join(game_id, row["token"], "host", 0 if len(setup.get("players") or []) == 1 else None)
    return jsonify({"id": game_id, "token": row["token"], "device_token": new_device_token(game_id, device_id()),
                    "join_path": url_for("games.join", game_id=game_id, token=row["token"])}), 201


@bp.get("/<int:game_id>")
def show(game_id: int):
    return jsonify(game_json(load_game(game_id)))


@bp.get("/<int:game_id>/events")
def events(game_id: int):
    """The export, the host's as on the game page (``/games/<id>/export.json``): it holds the seed (which orders
    the Dummy's deck) and every device id, so the game's token alone, or another device's token, gets 403."""
    game = load_game(game_id)
    if not game.is_host:
        raise ApiError("only the host exports the game: send the host's own device token (Authorization: Bearer "
                       "..., the device_token POST /api/v1/games answered, or the host phone's Invite page's \"Make "
                       "an API token for this phone\")", 403)
    return jsonify(export_game(game))


@bp.post("/<int:game_id>/commands/<name>")
def command(game_id: int, name: str):
    game = load_game(game_id)
    data = json_body()
    recorded = run_command(game, name, data)
    fresh = load_game(game_id)
    return jsonify({"event": {"seq": recorded.event.seq, "type": recorded.event.type,
                              "payload": recorded.event.payload, "text": recorded.event.text},
                    "duplicate": recorded.duplicate, **game_json(fresh)}), (200 if recorded.duplicate else 201)


def _ask_first(game, target, data):
    """Undo asks before it takes back another player's entry: without ``"confirm": true`` a 400 naming whose entry
    it is (``needs_confirm``: true, as for ``next_round``), else None."""
    if target is None:
        return None
    try:
        ask_first(game.state, target, device_id(), my_by(game.id), flag(data, "confirm"))
    except NeedsConfirm as err:
        return jsonify({"error": str(err), "needs_confirm": True}), 400
    return None


def _whose(game, target):
    return others_entry(game.state, target, device_id(), my_by(game.id)) if target is not None else None


@bp.post("/<int:game_id>/<any(undo, redo):which>")
def undo_redo(game_id: int, which: str):
    game = load_game(game_id)
    data = json_body()
    if data.get("based_on") is not None and (isinstance(data["based_on"], bool)
                                             or not isinstance(data["based_on"], int)):
        raise ApiError("based_on must be a whole number")
    based_on = read_based_on()
    whose = target = None
    if which == "undo":
        target = latest_active(game.events)
        refused = _ask_first(game, target, data)
        if refused is not None:
            return refused
        whose = _whose(game, target)
    try:  # the entry asked about, and no other (another device's newer entry is a conflict: never undone unasked)
        ev.undo_or_redo(get_db(), game_id, which, based_on=based_on, device=device_id(), nonce=nonce(),
                        by=my_by(game_id), log=game.events, whose=whose,
                        expect=target.seq if target is not None else None)
    except ev.Conflict as c:
        raise ApiError(f"the game changed since seq {based_on} (now {c.last_seq}); fetch it and try again", 409)
    except ev.NothingToDo:
        raise ApiError(f"there is nothing to {which}", 400)
    return jsonify(game_json(load_game(game_id))), 201


@bp.post("/<int:game_id>/undo/<int:seq>")
def undo_event(game_id: int, seq: int):
    """Take back one event (``undo.event``) if nothing in force since touched the same thing; 409 naming it."""
    game = load_game(game_id)
    data = json_body()
    if seq >= 1 << 63:
        raise ApiError("there is no such event", 404)
    if seq == 0:  # 0: this device's own latest change in force ("Undo my last")
        mine = my_latest(game.events, device_id())
        if mine is None:
            raise ApiError("this device has no change in force to take back", 400)
        seq = mine.seq
    try:  # the entry may be taken back at all (else why not, 409), then the question whose it is
        target = check_undo(game.events, seq, game.state, device_id())
    except Invalid as err:
        raise ApiError(str(err), 409)
    refused = _ask_first(game, target, data)
    if refused is not None:
        return refused
    try:
        ev.undo_event(get_db(), game_id, seq, device=device_id(), by=my_by(game_id), log=game.events,
                      nonce=str(data["nonce"]) if data.get("nonce") else None, state=game.state,
                      whose=_whose(game, target))
    except Invalid as err:
        raise ApiError(str(err), 409)
    except ev.Conflict as c:
        raise ApiError(f"the game changed (now seq {c.last_seq}); fetch it and try again", 409)
    return jsonify(game_json(load_game(game_id))), 201
