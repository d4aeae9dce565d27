"""Undo you can read: the undo bar's labels and notice, "Undo my last", undo of one log entry.

The rule of which event may be taken back alone lives in companion.game.spine.undo; this module parses the request,
records the ``undo.event`` (companion.events.undo_event) and renders. Watchers, and phones that have not said who
they are, are refused before any of this (companion.web.access.refuse_watchers).
"""

from __future__ import annotations

from flask import Blueprint, abort, g, request, url_for
from flask_babel import gettext

from .. import events as ev
from ..db import get_db
from ..game.spine import undo as u
from ..game.spine.command import Invalid, NeedsConfirm
from ..game.spine.fields import flag
from ..state import UNDO_TYPES, walk
from .access import can_change, device_id, has_not_chosen, my_by
from .common import conflict, done, load_game
from .language import current_lang, invalid_text, render_sentence_here, ui_gettext

bp = Blueprint("undo", __name__)

LOG_UNDO_DEPTH = 30  # the log page offers "Undo this" on this many recent entries in force


def _render(s: dict) -> str:
    return render_sentence_here(s)


def _who(game, s: dict) -> str | None:
    return u.who(game.state, s, gettext)


def undo_bar() -> dict:
    """What the undo bar shows: the Undo button's label (what and whose), Redo's, "Undo my last" when this
    device has a change in force, and the notice after an undo or redo."""
    game = g.get("game")
    if game is None:
        return {}
    events = game.events
    bar: dict = {"can_change": can_change(game.id), "unchosen": has_not_chosen(game.id)}
    last = u.latest_active(events)
    if last is not None:
        bar["undo"] = {"what": _render(last.sentence), "who": _who(game, last.sentence)}
    nxt = u.next_redo(events)
    if nxt is not None:
        bar["redo"] = {"what": _render(nxt.sentence)}
    mine = u.my_latest(events, device_id())
    if mine is not None:
        bar["mine"] = {"seq": mine.seq, "what": _render(mine.sentence)}
    n = u.notice(events)
    if n is not None:
        who = _who(game, n["by"]) or gettext("A phone")
        what = _render(n["what"])
        bar["notice"] = (gettext("%(who)s undid: %(what)s", who=who, what=what) if n["kind"] == "undo"
                         else gettext("%(who)s redid: %(what)s", who=who, what=what))
    return bar


@bp.app_context_processor
def _ctx():
    return {"undo_bar": undo_bar}


def log_entries(game) -> list[dict]:
    """The log page's entries, newest first: each with its state, the device that made it and, for recent
    entries in force that may be taken back alone, ``undoable``."""
    events = game.events
    active, _undone, status = walk(events)
    recent = {e.seq for e in active[-LOG_UNDO_DEPTH:]}
    out = []
    for e in reversed(events):
        entry = {"event": e, "status": status.get(e.seq, "active"), "who": _who(game, e.sentence),
                 "undoable": False}
        if e.seq in recent and e.type not in UNDO_TYPES:
            entry["undoable"] = u.blocker(events, e) is None
        out.append(entry)
    return out


def ask_before_undo(game, target) -> object:
    """Undo asks before it takes back another player's entry (companion.game.spine.undo.ask_first): without the
    question answered (``confirm``) a 400 naming whose entry it is, the refusal offering "Yes, undo it"; else whose
    entry it was (for the log line), or None for this phone's own."""
    if target is None:
        return None
    try:
        confirm = flag(request.form, "confirm")
    except Invalid as err:  # a "confirm" that is no yes or no: the reason, never a 500
        abort(400, description=invalid_text(err))
    try:
        u.ask_first(game.state, target, device_id(), my_by(game.id), confirm)
    except NeedsConfirm as err:
        g.needs_confirm = True
        g.confirm_label = gettext("Yes, undo it")
        g.refusal_title = gettext("Another player's entry")
        abort(400, description=invalid_text(err))
    return u.others_entry(game.state, target, device_id(), my_by(game.id))


def _take_back(game_id: int, target_seq: int | None, ask: bool = True):
    game = load_game(game_id)
    whose = None
    try:
        if ask:  # the entry may be taken back at all (else why not), then the question whose it is
            whose = ask_before_undo(game, u.check_undo(game.events, target_seq, game.state, device_id()))
        ev.undo_event(get_db(), game_id, target_seq, device=device_id(), by=my_by(game_id), log=game.events,
                      nonce=request.form.get("nonce") or None, state=game.state, whose=whose)
    except Invalid as err:
        g.refusal_title = gettext("Not taken back")  # not "Changed on another phone": the reason says why
        abort(409, description=err.translated(ui_gettext, current_lang()))
    except ev.Conflict:
        conflict()
    nxt = request.form.get("next")
    return done(nxt if nxt and nxt.startswith("/") and not nxt.startswith("//") else
                url_for("games.show", game_id=game.id))


@bp.post("/games/<int:game_id>/undo-mine")
def undo_mine(game_id: int):
    """"Undo my last": this device's own latest change in force, if nothing since touched the same thing."""
    game = load_game(game_id)
    mine = u.my_latest(game.events, device_id())
    if mine is None:
        abort(400, description=gettext("This phone has no change in force to take back."))
    return _take_back(game_id, mine.seq, ask=False)


@bp.post("/games/<int:game_id>/undo/<int:seq>")
def undo_entry(game_id: int, seq: int):
    """Undo one entry chosen on the log page, under the same rule."""
    if seq >= 1 << 63:
        abort(404, description=gettext("There is no such entry."))
    return _take_back(game_id, seq)
