"""An accessibility scan with axe-core finds no WCAG 2.x A/AA violation on any page of the app, in both themes (and
both languages), sections unfolded. axe-core comes bundled with the ``axe-playwright-python`` package and is
injected from its own axe.min.js (no network)."""

import pytest

pytestmark = pytest.mark.browser

WCAG = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]},
        "resultTypes": ["violations"]}


def test_axe_core_is_bundled_not_fetched():
    from axe_playwright_python.sync_playwright import Axe

    script = Axe().axe_script
    assert script.startswith("/*! axe v4") and "axe.run" not in script[:200]
    assert len(script) > 100_000  # the whole library, not a loader


@pytest.mark.parametrize("scheme,lang", [("dark", "en"), ("light", "de")])
def test_no_wcag_violation_on_any_page(server, phone, scheme, lang):
    from axe_playwright_python.sync_playwright import Axe
    from page_tour import tour

    axe = Axe()
    a = phone(width=360, height=640, color_scheme=scheme)
    found, seen = {}, 0
    for name in tour(a, server, lang):
        seen += 1
        # unfolded, from the top: first the page without the fixed navigation bar (which would count as covering
        # whatever happens to be scrolled beneath it), then the bar on its own
        a.evaluate("""() => { document.querySelectorAll('details:not(.gamenav-more)').forEach(d => { d.open = true; });
                              const nav = document.querySelector('.gamenav'); if (nav) nav.style.display = 'none';
                              scrollTo(0, 0); }""")
        violations = axe.run(a, options=WCAG).response["violations"]
        a.evaluate("""() => { document.querySelectorAll('details:not(.gamenav-more)').forEach(d => { d.open = false; });
                              const nav = document.querySelector('.gamenav'); if (nav) nav.style.display = ''; }""")
        if a.locator(".gamenav").count():
            violations += axe.run(a, context={"include": [".gamenav"]}, options=WCAG).response["violations"]
        if violations:
            found[name] = [(v["id"], [(n["target"], n.get("failureSummary", "")[:600].replace("\n", " "))
                                      for n in v["nodes"][:3]]) for v in violations]
    assert seen >= 35
    assert found == {}
