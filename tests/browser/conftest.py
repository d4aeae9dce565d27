"""Browser tests: Playwright drives Debian's chromium (never a downloaded browser) against a real waitress server
on a free loopback port. Debian's ``chromium-headless-shell`` (the same Chromium without the browser's own UI, the
build Playwright itself runs headless) is taken where it is installed: the browser tests take about 30 % less CPU with
it (docs/performance.md); ``chromium`` is the fallback, and ``CHROMIUM=/path`` chooses either. Each test gets phones: browser contexts at 390x844 (or the size a test asks for)."""

import os
import shutil
import socket
import threading
from pathlib import Path

import pytest

from companion import create_app

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage"]


def chromium_path() -> str | None:
    for candidate in (os.environ.get("CHROMIUM"), "/usr/bin/chromium-headless-shell",
                      shutil.which("chromium-headless-shell"), "/usr/bin/chromium", shutil.which("chromium"),
                      shutil.which("chromium-browser")):
        if candidate and os.path.exists(candidate):
            return candidate
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    from waitress.server import create_server

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    app = create_app({"DATABASE": str(tmp_path_factory.mktemp("browser") / "b.db"), "SECRET_KEY": "browser",
                      "PUBLIC_URL": base + "/"})
    srv = create_server(app, host="127.0.0.1", port=port, threads=8)
    closing = threading.Event()

    def run():
        try:
            srv.run()
        except OSError:
            if not closing.is_set():  # closing the socket under its select() at the end is expected; else it is not
                raise

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    yield base
    closing.set()
    srv.close()


@pytest.fixture(scope="session")
def browser():
    path = chromium_path()
    if path is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is not installed: .ci/run must `apt-get install -y chromium chromium-headless-shell`")
        pytest.skip("Debian's chromium is not installed (apt-get install chromium chromium-headless-shell); CI runs "
                    "these tests")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, headless=True, args=CHROMIUM_ARGS)
        yield b
        b.close()


# Browser tests fail on any console error or htmx:*Error event. Every htmx error event is
# written to the console as an error, so a test's console_errors list holds both.
HTMX_ERRORS = """
["htmx:oobErrorNoTarget", "htmx:responseError", "htmx:sendError", "htmx:swapError", "htmx:targetError",
 "htmx:onLoadError", "htmx:historyCacheError", "htmx:historyCacheMissLoadError", "htmx:evalDisallowedError",
 "htmx:invalidPath", "htmx:timeout"].forEach(function (name) {
  document.addEventListener(name, function (e) {
    var xhr = e.detail && e.detail.xhr;
    console.error(name + (xhr ? " " + xhr.status + " " + (e.detail.pathInfo || {}).requestPath : ""));
  });
});
"""


@pytest.fixture
def phone(browser):
    """A factory of phones: each is a page in its own browser context (own cookies), 390x844, touch."""
    contexts = []

    def make(locale="en-US", color_scheme="dark", width=390, height=844, mobile=True):
        """``mobile=False``: a laptop's or a TV's browser (no touch, one pixel per CSS pixel)."""
        ctx = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=2 if mobile else 1,
                                  is_mobile=mobile, has_touch=mobile, locale=locale, color_scheme=color_scheme)
        ctx.add_init_script(HTMX_ERRORS)
        contexts.append(ctx)
        page = ctx.new_page()
        page.console_errors = []
        page.on("console", lambda m: m.type == "error" and page.console_errors.append(m.text))
        page.set_default_timeout(10_000)
        return page

    yield make
    for ctx in contexts:
        ctx.close()
