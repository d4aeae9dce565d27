"""Mage Lite at the table (seed 004): a new Mage Lite game (the Mini Blitz at a difficulty) and its page.

Commands go through the shared routes (``POST /games/<id>/do/mage_lite_<action>``, the JSON API's
``/commands/<name>``); the game layer (``companion.game.mage_lite``) parses and decides. A new game through the JSON
API is ``POST /api/v1/games`` with ``"game": "mage_lite"`` (``companion.game.flow.setup.validate_setup``). Joining,
roles, undo/redo, the log, live sync and export/import are every game's.
"""

from __future__ import annotations

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask_babel import gettext

from ..game.mage_lite.core import is_mage_lite
from ..game.mage_lite.page import page_data
from ..game.mage_lite.setup import (DIFFICULTY_NAMES, VARIANT_NAMES, VARIANTS, mage_lite_setup_from_form,
                                    validate_mage_lite_setup)
from ..game.spine.command import Invalid
from ..rules.data import get_rules
from .access import device_id, remember_join
from .board import join_url, qr_svg
from .common import game_row, load_game, page
from .games import create_game
from .language import invalid_text

bp = Blueprint("mage_lite", __name__)


def _new_page(form, error, status=200):
    return render_template("mage_lite/new.html", form=form, error=error, data=get_rules().mage_lite,
                           difficulty_names=DIFFICULTY_NAMES, variants=VARIANTS, variant_names=VARIANT_NAMES), status


@bp.get("/mage-lite/new")
def new():
    return _new_page({}, None)


@bp.post("/mage-lite")
def create():
    try:
        setup = validate_mage_lite_setup(mage_lite_setup_from_form(request.form))
    except Invalid as err:
        return _new_page(request.form, invalid_text(err), 400)
    game_id = create_game(setup, device_id())
    remember_join(game_id, game_row(game_id)["token"], "host", 0)  # one player: the host's phone is the player's
    return redirect(url_for("mage_lite.game_page", game_id=game_id), code=303)


@bp.get("/games/<int:game_id>/mage-lite")
def game_page(game_id: int):
    game = load_game(game_id)
    if not is_mage_lite(game.state) or "mage_lite" not in game.state:
        abort(404, description=gettext("This is not a Mage Lite game."))
    return page("mage_lite/page.html", game=game, seq=game.seq, state=game.state, join_url=join_url(game),
                qr=qr_svg(join_url(game)), **page_data(game.state))
