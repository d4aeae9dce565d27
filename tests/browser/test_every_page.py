"""Every page of the app (page_tour: the games, a combat through its phases, Runewars, the rules reference), in the
states a player meets them in, sections unfolded, visited once for each language, theme and width, every check on
every page:

- Fits the thumb at 320-412 px (test_thumbs.py's issue): a one-row bottom navigation of at most 64 px, every label
  whole; no page scrolls sideways, folded or unfolded, nor anything inside it; every control (a link too, a checkbox
  by its label) at least 44 x 44 px; no text below 14 px; no word broken inside its button (a German compound longer
  than the button may break).
- No WCAG 2.x A/AA violation (axe-core, bundled with ``axe-playwright-python``, no network), in both themes and both
  languages: first the page without the fixed navigation bar (which would count as covering whatever happens to be
  scrolled beneath it), then the bar on its own, once for each bar (the same links on every page of a game) and
  highlight (the page's own tab, or "More" for the pages under it). English in the dark theme at 360 px, German in
  the light theme at 320 px (the narrower width is the stricter for the layout's rules, such as the targets' size).
- German is complete: in German, no English sentence is left (no text with two or more English function words) and
  no page says "englisch" (citations point to the German book; the rules data's notes are translated in notes.po).

One tour for all three (they were five tours of the same ~45 pages: docs/performance.md, "The test run")."""

import re

import pytest

from browser_helpers import axe_violations
from test_thumbs import SIDEWAYS, SMALL_CONTROLS, SMALL_TEXT

pytestmark = pytest.mark.browser

ENGLISH = re.compile(r"\b(the|and|of|is|to|with|you|your|this|that|from|for|are|not|it|its|was|be)\b")

TEXTS = """() => {
  document.querySelectorAll('details').forEach(d => { d.open = true; });
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const el = walker.currentNode.parentElement;
    const t = walker.currentNode.textContent.trim();
    if (!t || !el || el.closest('script, style')) continue;
    out.push(t);
  }
  for (const e of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
    for (const a of ['aria-label', 'title', 'placeholder']) { if (e.getAttribute(a)) out.push(e.getAttribute(a)); }
  }
  document.querySelectorAll('details').forEach(d => { d.open = false; });
  return out;
}"""

NAV_CUT = """() => [...document.querySelectorAll('.gamenav > a, .gamenav-more > summary')]
    .filter(e => e.scrollWidth > e.clientWidth + 1 || e.getBoundingClientRect().top < innerHeight - 64)
    .map(e => e.textContent.trim())"""


# A word of a button's label that the line breaks inside (drawn on two lines): ``word`` and whether it would fit
# the button's line whole (``fits``). German compounds longer than a button may break (hyphenated where the browser
# can); a German word that fits must not, nor any English word ("Orc Stonethrower-s", "Cros sbo wme n").
BROKEN_WORDS = """() => {
  const broken = [];
  for (const b of document.querySelectorAll('button, .button')) {
    if (!b.getClientRects().length) continue;
    const cs = getComputedStyle(b);
    const room = b.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
    const walker = document.createTreeWalker(b, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      for (const m of node.textContent.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index); range.setEnd(node, m.index + m[0].length);
        const rects = [...range.getClientRects()].filter(r => r.width > 0);
        const lines = new Set(rects.map(r => Math.round(r.top)));
        const width = rects.reduce((w, r) => w + r.width, 0);
        if (lines.size > 1) broken.push({word: m[0], fits: width <= room});
      }
    }
  }
  return broken;
}"""


def broken_words(page) -> list[str]:
    """The words broken inside a button that must not be: every English one; in another language, those that fit
    the button's line whole."""
    english = page.evaluate("document.documentElement.lang") == "en"
    return [b["word"] for b in page.evaluate(BROKEN_WORDS) if english or b["fits"]]


def thumb_problems(page, width: int) -> list:
    """What does not fit the thumb at ``width``, the page as it opened, then unfolded (left unfolded)."""
    problems = []
    nav = page.locator(".gamenav")
    if nav.count():
        box = nav.bounding_box()
        if box["height"] > 64:
            problems.append(("navigation bar higher than 64 px", box["height"]))
        cut = page.evaluate(NAV_CUT)  # one row, every label whole
        if cut:
            problems.append(("navigation labels cut or on a second row", cut))
    if page.evaluate("document.documentElement.scrollWidth") > width:
        problems.append("scrolls sideways")
    small = page.evaluate(SMALL_CONTROLS.replace("'button, a.button,", "'a, button, a.button,"))["small"]
    if small:
        problems.append(("controls under 44 px", small))
    text = page.evaluate(SMALL_TEXT)
    if text:
        problems.append(("text under 14 px", text))
    if page.evaluate("document.documentElement.scrollWidth") > width:
        problems.append("scrolls sideways unfolded")
    inside = page.evaluate(SIDEWAYS)
    if inside:
        problems.append(("scrolls sideways inside", inside))
    broken = broken_words(page)
    if broken:
        problems.append(("words broken inside a button", broken))
    return problems


def wcag_problems(page, bars_seen: set) -> list:
    """axe-core's violations on the unfolded page from the top without its navigation bar, then on the bar alone
    if no page before had the same bar; the sections folded again afterwards."""
    page.evaluate("""() => { document.querySelectorAll('details:not(.gamenav-more)').forEach(d => { d.open = true; });
                             const nav = document.querySelector('.gamenav'); if (nav) nav.style.display = 'none';
                             scrollTo(0, 0); }""")
    violations = axe_violations(page)
    page.evaluate("""() => { document.querySelectorAll('details:not(.gamenav-more)').forEach(d => { d.open = false; });
                             const nav = document.querySelector('.gamenav'); if (nav) nav.style.display = ''; }""")
    # a bar: its links, and which of them is highlighted as the page's own (a tab, or "More" for the pages under it)
    bar = page.evaluate("""() => {
        const links = [...document.querySelectorAll('.gamenav a')].map(a => a.getAttribute('href')).sort().join(' ');
        const mark = document.querySelector('.gamenav-more > summary.current') ? 'more'
                   : document.querySelector('.gamenav a[aria-current]') ? 'tab' : 'none';
        return links && links + ' ' + mark; }""")
    if bar and bar not in bars_seen:
        bars_seen.add(bar)
        violations += axe_violations(page, {"include": [".gamenav"]})
    return [(v["id"], [(n["target"], n.get("failureSummary", "")[:600].replace("\n", " ")) for n in v["nodes"][:3]])
            for v in violations]


def english_left(page) -> list:
    """Texts with two or more English function words, or that say "englisch" (every section unfolded, then all
    folded)."""
    return [t for t in page.evaluate(TEXTS) if len(ENGLISH.findall(t.lower())) >= 2 or "englisch" in t.lower()][:5]


@pytest.mark.parametrize("lang,scheme,width", [("en", "dark", 360), ("de", "light", 320)])
def test_every_page_fits_the_thumb_passes_axe_and_is_in_its_language(server, phone, lang, scheme, width):
    from page_tour import tour

    a = phone(width=width, height=640, color_scheme=scheme)
    found, bars, seen = {}, set(), 0
    for name in tour(a, server, lang):
        seen += 1
        problems = thumb_problems(a, width)
        problems += wcag_problems(a, bars)
        if lang != "en":
            assert a.evaluate("document.documentElement.lang") == lang, name
            english = english_left(a)
            if english:
                problems.append(("English left", english))
        if problems:
            found[name] = problems
    assert seen >= 35
    assert len(bars) >= 6  # the bars of a two-player game, a solo game and Runewars, a tab or "More" highlighted
    assert found == {}
    assert not a.console_errors, a.console_errors
