"""The accessibility scan uses axe-core bundled with the ``axe-playwright-python`` package, injected from its own
axe.min.js (no network). The scan of every page, in both themes and both languages, sections unfolded:
test_every_page.py (one tour with the thumb's and the language's checks)."""

import pytest

pytestmark = pytest.mark.browser


def test_axe_core_is_bundled_not_fetched():
    from axe_playwright_python.sync_playwright import Axe

    script = Axe().axe_script
    assert script.startswith("/*! axe v4") and "axe.run" not in script[:200]
    assert len(script) > 100_000  # the whole library, not a loader
