"""Light pages: 'Static files are served compressed with long-lived caching and content-hashed
names, so a first visit to a game page costs at most 40 KB over the wire and a later page at most 15 KB ... Private
game pages send Cache-Control: no-store.' Tests: 'Page weight measured in the browser test (bytes over the wire,
first and second visit).'"""

import pytest

from test_two_phones import create_game

pytestmark = pytest.mark.browser


class Wire:
    """Bytes over the wire (headers and compressed bodies) as chromium counts them, through the DevTools protocol."""

    def __init__(self, page):
        self.cdp = page.context.new_cdp_session(page)
        self.cdp.send("Network.enable")
        self.bytes = 0
        self.urls = {}
        self.static_bytes = 0
        self.cdp.on("Network.responseReceived", self._response)
        self.cdp.on("Network.loadingFinished", self._finished)
        self.cached = set()
        self.cdp.on("Network.requestServedFromCache", lambda e: self.cached.add(e["requestId"]))

    def _response(self, e):
        self.urls[e["requestId"]] = e["response"]["url"]
        if e["response"].get("fromDiskCache") or e["response"].get("fromMemoryCache"):
            self.cached.add(e["requestId"])

    def _finished(self, e):
        self.bytes += int(e["encodedDataLength"])
        if "/static/" in self.urls.get(e["requestId"], "") and e["requestId"] not in self.cached:
            self.static_bytes += int(e["encodedDataLength"])
            self.static_urls.append(self.urls[e["requestId"]])

    def measure(self, page, url) -> int:
        self.bytes = self.static_bytes = 0
        self.static_urls = []
        page.goto(url, wait_until="load")
        return self.bytes


def test_a_game_page_is_light_on_the_first_visit_and_lighter_later(server, phone):
    a = phone()
    gid = create_game(a, server)
    b = phone()
    b.goto(a.locator("[data-testid=join-url]").get_attribute("href"))
    b.get_by_role("button", name="Ben").click()
    b.wait_for_selector("[data-testid=player-0]")
    wire = Wire(b)
    wire.cdp.send("Network.clearBrowserCache")

    first = wire.measure(b, f"{server}/games/{gid}")  # the board: the largest page, the QR code on it
    assert wire.static_bytes > 20_000  # the first visit did load htmx, idiomorph, the styles
    later = wire.measure(b, f"{server}/games/{gid}/combat")
    # the scripts and styles of a later page come from the browser's cache, not even re-checked with the server
    # (chromium's favicon loader asks for the icon again on every page: 575 bytes, counted in the total)
    assert [u for u in wire.static_urls if "/static/icon." not in u] == []
    again = wire.measure(b, f"{server}/games/{gid}")
    print(f"page weight over the wire: first visit {first} B, later page {later} B, board again {again} B")
    assert first <= 40_000
    assert later <= 15_000
    assert again <= 15_000

    resp = b.request.get(f"{server}/games/{gid}")
    assert resp.headers["cache-control"] == "no-store"
    css = b.evaluate("document.querySelector('link[rel=stylesheet]').getAttribute('href')")
    resp = b.request.get(server + css, headers={"Accept-Encoding": "gzip"})
    assert "immutable" in resp.headers["cache-control"] and "max-age=3" in resp.headers["cache-control"]
    assert not b.console_errors, b.console_errors
