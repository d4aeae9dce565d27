"""The board page's context (the game's trackers, the scenario's set-up, the join link and its QR code): shown by
the board page, and by the shared error page after a conflict (the board as it is now, under the message)."""

from __future__ import annotations

from urllib.parse import urlsplit

import qrcode
from flask import current_app, request, url_for
from flask_babel import gettext
from markupsafe import Markup, escape

from ..game.flow import board
from ..game.flow.scenario_rules import VARIANT_NAMES
from ..game.flow.trackers import REWARD_TEXT
from ..net import lan_address
from .access import screen_key
from .language import current_lang


def join_url(game) -> str:
    """The address a phone scans to join: the host's LAN address (``companion serve`` sets ``PUBLIC_URL``), or
    this request's host unless that is this machine's loopback."""
    return _base() + url_for("games.join", game_id=game.id, token=game.token)


def _base() -> str:
    base = current_app.config.get("PUBLIC_URL")
    if not base:
        parts = urlsplit(request.host_url)
        host = parts.hostname or "localhost"
        if host in ("localhost", "127.0.0.1", "::1"):
            port = f":{parts.port}" if parts.port else ""
            base = f"{parts.scheme}://{lan_address()}{port}/"
        else:
            base = request.host_url
    return base.rstrip("/")


def screen_url(game) -> str:
    """The table screen's own address (``GET /games/<id>/screen/<key>``: it opens the read-only table screen in any
    browser, and nothing else), on the same address as the join link."""
    return _base() + url_for("table.screen", game_id=game.id, key=screen_key(game.id, game.token))


def qr_svg(data: str) -> Markup:
    """The join code as a small SVG (a light page): one stroked path, a line one module wide through each run of dark
    modules in a row; a row starts with an absolute move, the next run in it with a relative one."""
    qr = qrcode.QRCode(border=2)
    qr.add_data(data)
    qr.make(fit=True)
    rows = qr.get_matrix()  # the border included
    size = len(rows)
    parts = []
    for y, row in enumerate(rows):
        x, end = 0, None
        while x < size:
            if row[x]:
                start = x
                while x < size and row[x]:
                    x += 1
                move = f"M{start} {y}.5" if end is None else f"m{start - end} 0"
                parts.append(f"{move}h{x - start}")
                end = x
            else:
                x += 1
    label = escape(gettext("QR code"))
    return Markup(f'<svg class="qr" role="img" aria-label="{label}" viewBox="0 0 {size} {size}" '
                  f'xmlns="http://www.w3.org/2000/svg" shape-rendering="crispEdges">'
                  f'<path stroke="#000" d="{"".join(parts)}"/></svg>')


def tracker_context(game) -> dict:
    return board.tracker_view(game.state)


def scenario_setup(game) -> dict | None:
    """The scenario's set-up for this game's player count (Scenario Book), shown on the board."""
    return board.scenario_setup(game.state, current_lang())


def board_context(game) -> dict:
    url = join_url(game)
    return {"game": game, "join_url": url, "qr": qr_svg(url), "setup_summary": scenario_setup(game),
            "reward_text": REWARD_TEXT, "variant_names": VARIANT_NAMES, **tracker_context(game)}
