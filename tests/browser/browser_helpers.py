"""Helpers for the browser tests."""

from pathlib import Path

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
