"""Issue 5, Done when: "A solo player sets up Solo Conquest, the dummy takes its turns when the round order says
so, the phone shows what it flipped and the forecast, the round ends when it should, new rounds add the right card
and crystal". Playwright drives Debian's chromium against a real waitress server (390x844 phones)."""
from __future__ import annotations

import os
import re
import shutil
import socket
import threading
from pathlib import Path

import pytest

from companion import create_app

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parents[1] / "test-artifacts"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]


def _chromium() -> str | None:
    for c in (os.environ.get("CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium"),
              shutil.which("chromium-browser")):
        if c and os.path.exists(c):
            return c
    return None


@pytest.fixture(scope="module")
def dummy_server(tmp_path_factory):
    from waitress.server import create_server

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    base = f"http://127.0.0.1:{port}"
    app = create_app({"DATABASE": str(tmp_path_factory.mktemp("dummy_browser") / "b.db"), "SECRET_KEY": "dummy",
                      "PUBLIC_URL": base + "/"})
    srv = create_server(app, host="127.0.0.1", port=port, threads=8)
    threading.Thread(target=srv.run, daemon=True).start()
    yield base
    srv.close()


def _in_own_thread(fn, *args):
    """Run ``fn`` with its own Playwright in a thread of its own: another test module's session-wide sync
    Playwright may still be running in this thread, and two cannot share one thread."""
    path = _chromium()
    if path is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is not installed")
        pytest.skip("Debian's chromium is not installed (apt-get install chromium)")
    errors: list[BaseException] = []

    def run():
        from playwright.sync_api import sync_playwright

        try:
            with sync_playwright() as p:
                b = p.chromium.launch(executable_path=path, headless=True, args=ARGS)
                try:
                    fn(b, *args)
                finally:
                    b.close()
        except BaseException as err:  # noqa: BLE001 - re-raised in the test's thread
            errors.append(err)

    t = threading.Thread(target=run)
    t.start()
    t.join(timeout=180)
    assert not t.is_alive(), "the browser test did not finish in 3 minutes"
    if errors:
        raise errors[0]


def _phone(browser, locale="en-US"):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True,
                              has_touch=True, locale=locale)
    page = ctx.new_page()
    page.set_default_timeout(10_000)
    return ctx, page


def _shot(page, name):
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def test_solo_conquest_with_the_dummy_on_a_phone(dummy_server):
    _in_own_thread(_solo_conquest_round, dummy_server)


def _solo_conquest_round(dummy_browser, dummy_server):
    from playwright.sync_api import expect

    ctx, a = _phone(dummy_browser)
    a.goto(dummy_server + "/games/new")
    a.select_option("select[name=scenario]", "solo_conquest")
    a.check("input[name=mode][value=solo]")
    a.fill("input[name=name_0]", "Anna")
    a.select_option("select[name=hero_0]", "goldyx")
    a.get_by_role("button", name="Create game").click()
    a.wait_for_url(re.compile(r"/games/\d+"))
    gid = int(re.search(r"/games/(\d+)", a.url).group(1))
    a.goto(f"{dummy_server}/games/{gid}/dummy")

    # set-up: Tovak, virtual deck
    a.select_option("[data-testid=dummy-hero]", "tovak")
    a.get_by_test_id("dummy-setup").click()
    expect(a.get_by_test_id("dummy-deck-count")).to_have_text("16")
    expect(a.get_by_test_id("dummy-crystal-blue")).to_have_text("2")
    expect(a.locator(".dummy-chart rect")).not_to_have_count(0)

    # Solo Conquest: Anna takes Early Bird (1), so the dummy plays second
    a.select_option("[data-testid=dummy-tactic-0]", "early_bird")
    a.get_by_test_id("dummy-tactics-submit").click()
    expect(a.get_by_test_id("dummy-tactic")).to_be_visible()
    a.get_by_test_id("dummy-pass").click()
    expect(a.get_by_test_id("dummy-prompt")).to_have_text("Dummy's turn")
    _shot(a, "dummy-turn")

    # a second phone watches the dummy's flips live
    ctx_b, b = _phone(dummy_browser, locale="de-DE")
    a.goto(f"{dummy_server}/games/{gid}")
    join = a.locator("[data-testid=join-url]").get_attribute("href")
    b.goto(join)
    b.goto(f"{dummy_server}/games/{gid}/dummy")
    expect(b.get_by_test_id("dummy-deck-count")).to_have_text("16")
    a.goto(f"{dummy_server}/games/{gid}/dummy")

    a.get_by_test_id("dummy-flip").click()
    expect(a.locator(".dummy-card")).not_to_have_count(0)
    count = int(a.get_by_test_id("dummy-deck-count").inner_text())
    assert count <= 13
    expect(b.get_by_test_id("dummy-deck-count")).to_have_text(str(count), timeout=3000)
    expect(b.locator("h1", has_text="Dummyspieler")).to_be_visible()
    _shot(a, "dummy-flipped")
    _shot(b, "dummy-flipped-de")

    # play until it announces the End of the Round
    for _ in range(10):
        if a.get_by_test_id("dummy-announced").count():
            break
        a.get_by_test_id("dummy-pass").click()  # Anna's turn is over: the dummy's turn
        expect(a.get_by_test_id("dummy-prompt")).to_be_visible()
        a.get_by_test_id("dummy-flip").click()
        expect(a.get_by_test_id("dummy-prompt")).to_have_count(0)
    expect(a.get_by_test_id("dummy-announced")).to_be_visible()
    a.get_by_test_id("dummy-pass").click()  # Anna's last turn
    expect(a.get_by_text("The round is over.")).to_be_visible()

    # new round: an Advanced Action joins, a blue Spell gives a third blue crystal
    a.select_option("[data-testid=dummy-aa]", "color:white")
    a.get_by_test_id("dummy-spell-blue").check()
    a.get_by_test_id("dummy-new-round-submit").click()
    expect(a.get_by_test_id("dummy-deck-count")).to_have_text("17")
    expect(a.get_by_test_id("dummy-crystal-blue")).to_have_text("3")
    _shot(a, "dummy-new-round")

    # undo takes the new round back
    a.get_by_test_id("undo").first.click()
    expect(a.get_by_test_id("dummy-deck-count")).to_have_text("0")
    ctx.close()
    ctx_b.close()
