"""A game's pages are its kind's (``companion.game.kinds``): a page another kind of game has answers 404 here, or
leads to the kind's own page (a Mage Lite game's score sheet: its verdict, on its Mage Lite page). Commands need
nothing here: the spine's ``run`` refuses a command the kind does not declare (400)."""

from __future__ import annotations

import json

from flask import Blueprint, abort, redirect, request, url_for
from flask_babel import gettext

from ..game.kinds import KINDS, MAGE_LITE, has_page, kind_of
from .access import has_access
from .common import game_row

bp = Blueprint("kinds", __name__)

# the pages some kind of game has and another has not: only these are checked (a page every kind has, the live polls
# among them, costs no look-up of the game's kind)
KIND_PAGES = (frozenset().union(*(k.pages for k in KINDS.values()))
              - frozenset.intersection(*(frozenset(k.pages) for k in KINDS.values())))
# a page of another kind that leads to this kind's own: (kind, endpoint) -> (endpoint, anchor)
LEADS_TO = {(MAGE_LITE, "scoring.sheet"): ("mage_lite.game_page", "ml-verdict")}


@bp.before_app_request
def _the_kinds_pages():
    endpoint = request.endpoint
    gid = (request.view_args or {}).get("game_id")
    if endpoint not in KIND_PAGES or not isinstance(gid, int) or request.method not in ("GET", "HEAD"):
        return None
    row = game_row(gid)
    if not has_access(row):
        return None  # the page itself refuses (403)
    kind = kind_of(json.loads(row["setup"]))
    if has_page(kind, endpoint):
        return None
    lead = LEADS_TO.get((kind.id, endpoint))
    if lead is not None:
        return redirect(url_for(lead[0], game_id=gid, _anchor=lead[1]), code=303)
    abort(404, description=gettext("This page is not part of a %(kind)s game.", kind=gettext(kind.name)))
