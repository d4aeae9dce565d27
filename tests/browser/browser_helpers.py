"""Helpers for the browser tests."""

import re
from pathlib import Path

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


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
