"""German is complete: on every page of the app (page_tour: the games, a combat through its phases, Runewars, the
rules reference), in German, no English sentence is left (no text with two or more English function words) and no
page says "englisch" (citations point to the German book; the rules data's notes are translated in notes.po)."""

import re

import pytest

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
  return out;
}"""


def test_no_english_left_on_any_german_page(server, phone):
    from page_tour import tour

    a = phone(width=360, height=640)
    english, seen = {}, 0
    for name in tour(a, server, "de"):
        seen += 1
        assert a.evaluate("document.documentElement.lang") == "de", name
        found = [t for t in a.evaluate(TEXTS)
                 if len(ENGLISH.findall(t.lower())) >= 2 or "englisch" in t.lower()]
        if found:
            english[name] = found[:5]
        a.evaluate("document.querySelectorAll('details').forEach(d => { d.open = false; })")
    assert seen >= 35
    assert english == {}
