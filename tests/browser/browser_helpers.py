"""Helpers for the browser tests."""

from pathlib import Path

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def settled(page, timeout: int = 5000) -> None:
    """Wait until no htmx request is in flight and no swap is settling on the page."""
    page.wait_for_function(
        "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')", timeout=timeout)


def wait_for_polls(page, n: int = 2, timeout: int = 5000) -> None:
    """Wait until the page's live-update poller (#sync, every second) has been answered ``n`` more times."""
    for _ in range(n):
        with page.expect_response(lambda r: r.request.headers.get("hx-trigger") == "sync", timeout=timeout):
            pass
