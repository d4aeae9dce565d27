"""Helpers for the browser tests."""

import functools
import re
from pathlib import Path

from companion.rules.data import get_rules

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


_SAVED: set[str] = set()


def shot(page, name: str) -> None:
    """The whole page saved as test-artifacts/<name>.png, once a run (a worker) for each name: the pages every new
    game passes ("home", "new-game", "who") were saved 52 times a run, half of the run's 283 screenshots. One CSS
    pixel a pixel (``scale="css"``): a phone's page 390 px wide, a quarter of the pixels to encode."""
    if name in _SAVED:
        return
    _SAVED.add(name)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True, scale="css")


def new_table(server: str, phones, scenario: str, mode: str, players) -> str:
    """A new game made on the first phone (the host, who plays the first player), the other phones joined through
    its join link as the next players, one each; ``players`` are (name, hero). Returns the game's id."""
    host = phones[0]
    host.goto(server + "/games/new")
    host.select_option("select[name=scenario]", scenario)
    host.check(f"input[name=mode][value={mode}]")
    for i, (name, hero) in enumerate(players):
        host.fill(f"input[name=name_{i}]", name)
        host.select_option(f"select[name=hero_{i}]", hero)
    host.get_by_role("button", name="Create game").click()
    host.get_by_role("button", name=players[0][0]).click()
    gid = re.search(r"/games/(\d+)", host.url).group(1)
    link = host.locator("[data-testid=join-url]").get_attribute("href")
    for phone, (name, _hero) in zip(phones[1:], players[1:]):
        phone.goto(link)
        phone.get_by_role("button", name=name).click()
    return gid


def settled(page, timeout: int = 5000) -> None:
    """Wait until no htmx request is in flight and no swap is settling on the page."""
    page.wait_for_function(
        "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')", timeout=timeout)


def wait_for_polls(page, n: int = 2, timeout: int = 5000) -> None:
    """Wait until the page's live-update poller (#sync, every second) has been answered ``n`` more times."""
    for _ in range(n):
        with page.expect_response(lambda r: r.request.headers.get("hx-trigger") == "sync", timeout=timeout):
            pass


def open_player(page, i: int) -> None:
    """A player's phone shows every other player as one line: open player ``i``'s line with a tap (the
    host's and a watcher's board show every player open)."""
    if page.locator(f"[data-testid=player-{i}]").evaluate("e => e.tagName === 'DETAILS' && !e.open"):
        page.locator(f"[data-testid=player-line-{i}]").click()


def add_token(page, token: str, rampaging: bool | None = None) -> None:
    """The combat set-up's one way to add a token: open its pile if it is closed (only the fight's own
    piles are open) and tap the token; ``rampaging`` sets the one tick above the piles first (it counts for the
    piles not marked rampaging). Waits for the enemy on the page."""
    pile = page.locator(f"[data-testid=quick-pile-{get_rules().enemies[token].color}]")
    if pile.get_attribute("open") is None:
        pile.locator("summary").click()
    if rampaging is not None:
        page.get_by_test_id("quick-rampaging").set_checked(rampaging)
    n = page.locator(".enemy").count()
    page.click(f"[data-testid=quick-{token}]")
    page.locator(".enemy").nth(n).wait_for()


WCAG = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]},
        "resultTypes": ["violations"]}


@functools.cache
def axe_script() -> str:
    from axe_playwright_python.sync_playwright import Axe

    return Axe().axe_script


def axe_violations(page, context=None, options=WCAG) -> list:
    """axe-core's WCAG violations on the page (or within ``context``): axe-core from the ``axe-playwright-python``
    package (bundled, no network), put into the page only when the page has none yet (the package's own ``run``
    evaluates its 550 KB script again at every call), and only the violations sent back."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.evaluate(axe_script())
    return page.evaluate("([context, options]) => axe.run(context || document, options).then(r => r.violations)",
                         [context, options])
