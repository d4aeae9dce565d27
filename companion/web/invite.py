"""The game's navigation (every page one tap away) and the invitation page: the join QR code, one tap from every
page of a game, for anyone in the game (a late player can scan it from any phone)."""

from __future__ import annotations

from flask import Blueprint, abort, g, request, session, url_for
from flask_babel import gettext, lazy_gettext
from werkzeug.exceptions import HTTPException

from ..rules.data import get_rules
from .access import device_id, let_play, member, new_device_token, watching_phones
from .board import join_url, qr_svg, screen_url
from .common import done, load_game, page
from .wiring import GAME_LINKS, url_exists

bp = Blueprint("invite", __name__)


def has_dummy(state: dict) -> bool:
    """A Dummy player is in the game: a solo game, a scenario that has one, or one already set up."""
    info = state.get("game") or {}
    if state.get("dummy") or info.get("mode") == "solo":
        return True
    sc = (getattr(get_rules(), "scenarios", {}) or {}).get(info.get("scenario"))
    return bool(sc is not None and getattr(sc, "dummy", False))


@bp.app_context_processor
def _nav():
    return {"game_nav": game_nav}


def game_behind() -> None:
    """Pages outside a game (the Rules reference) keep the navigation of the game this phone last had open, while
    the phone still belongs to it: a way back to the game that is not the browser's. Sets ``g.game`` for
    game_nav(); the start page forgets it."""
    gid = session.get("nav_game")
    if not isinstance(gid, int) or g.get("game") is not None:
        return
    try:
        load_game(gid)
    except HTTPException:  # deleted, or this phone no longer belongs to it
        session.pop("nav_game", None)


# Shorter names in the one-row navigation bar (the page's heading says the whole name).
NAV_SHORT = {"dummy": lazy_gettext("Dummy"), "runewars-heroes": lazy_gettext("Heroes")}


def game_nav() -> list[dict]:
    """The links of the game's navigation bar, in order, the current page marked."""
    game = g.get("game")
    if game is None:
        return []
    gid = game.id
    if (game.setup or {}).get("game") == "runewars":
        # a Runewars game has its own pages (web/runewars.py): none of Mage Knight's (Combat, Dummy, Score...)
        items = [{"key": "runewars", "href": url_for("runewars.battle_page", game_id=gid),
                  "label": lazy_gettext("Battle"), "current": request.endpoint == "runewars.battle_page"},
                 {"key": "runewars-heroes", "href": url_for("runewars.heroes_page", game_id=gid),
                  "label": lazy_gettext("Heroes, duels and quests"), "short": NAV_SHORT["runewars-heroes"],
                  "current": request.endpoint == "runewars.heroes_page"}]
        return items + _common_links(gid)
    if (game.setup or {}).get("game") == "mage_lite":
        # a Mage Lite game (seed 004) has its own page (web/mage_lite.py) and fights on the combat page
        items = [{"key": "mage-lite", "href": url_for("mage_lite.game_page", game_id=gid),
                  "label": lazy_gettext("Mage Lite"), "current": request.endpoint == "mage_lite.game_page"},
                 {"key": "combat", "href": url_for("combat.show", game_id=gid), "label": lazy_gettext("Combat"),
                  "current": request.path.startswith(url_for("combat.show", game_id=gid))},
                 {"key": "story", "href": url_for("story.show", game_id=gid), "label": lazy_gettext("The story of the game"),
                  "current": request.endpoint == "story.show"}]
        return items + _common_links(gid)
    items = [{"key": "board", "href": url_for("games.show", game_id=gid), "label": lazy_gettext("Board"),
              "current": request.endpoint == "games.show"}]
    for path, label in GAME_LINKS:
        href = path % gid
        key = href.rsplit("/", 1)[-1]
        if not url_exists(href) or (key == "dummy" and not has_dummy(game.state)):
            continue
        items.append({"key": key, "href": href, "label": label, "current": request.path.startswith(href),
                      "short": NAV_SHORT.get(key)})
    return items + _common_links(gid)


def _common_links(gid: int) -> list[dict]:
    """The log and the invitation: every kind of game has them."""
    items = []
    items.append({"key": "log", "href": url_for("games.log", game_id=gid), "label": lazy_gettext("Log"),
                  "current": request.endpoint == "games.log"})
    items.append({"key": "invite", "href": url_for("invite.show", game_id=gid), "label": lazy_gettext("Invite (QR)"),
                  "current": request.endpoint == "invite.show"})
    return items


@bp.get("/games/<int:game_id>/invite")
def show(game_id: int, device_token: str | None = None):
    game = load_game(game_id)
    url = join_url(game)
    screen = screen_url(game)
    return page("games/invite.html", game=game, join_url=url, qr=qr_svg(url), device_token=device_token,
                screen_url=screen, screen_qr=qr_svg(screen),
                api_base=url_for("games_api.show", game_id=game_id),
                watchers=watching_phones(game_id) if game.is_host else [])


@bp.post("/games/<int:game_id>/let-play")
def let_phone_play(game_id: int):
    """The host lets a watching phone play ("I only watch" is a role only the host changes): that phone chooses who
    it is again. Field ``phone``: the key the Invite page shows for it."""
    game = load_game(game_id)
    if not game.is_host:
        abort(403, description=gettext("Only the host can let a watching phone play."))
    if not let_play(game_id, request.form.get("phone", "")):
        abort(400, description=gettext("That phone no longer watches this game."))
    return done(url_for("invite.show", game_id=game_id))


@bp.post("/games/<int:game_id>/api-token")
def api_token(game_id: int):
    """This phone's own token for the JSON API (docs/api.md, "Devices"): it acts there as this phone does here
    (same player, same role). Shown once; asking again makes a new one and the old one stops working. A watching
    phone is refused (access.refuse_watchers): the API would not let it change anything either."""
    game = load_game(game_id)
    if member(game_id) is None:
        abort(403, description=gettext("Join the game with its QR code first."))
    return show(game.id, device_token=new_device_token(game_id, device_id()))
