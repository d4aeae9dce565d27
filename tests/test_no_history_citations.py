"""Code, tests and docs name what they check and where the rule comes from (the seed, the rulebook's line, or "found
by a first-evening walkthrough"), never the project's history: an issue's number means nothing to the next reader
(docs/architecture.md, "Rules engine"). Every text file of the package, the tests, the docs, the templates, the static
files, the rules data, the translations, the benchmarks and the tools is read."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PLACES = ("companion", "tests", "docs", "templates", "static", "rules_data", "translations", "benchmarks", "tools",
          "README.md")
# "issue" and a number, with a space or a "#" between or not
CITATION = re.compile(r"\bissue\s?#?\d+", re.IGNORECASE)


def _text_files():
    for name in PLACES:
        place = REPO / name
        for path in sorted(place.rglob("*")) if place.is_dir() else [place]:
            if path.is_file() and "__pycache__" not in path.parts:
                try:
                    yield path, path.read_text(encoding="utf-8")
                except UnicodeDecodeError:  # images, fonts, compiled catalogs
                    continue


def test_the_pattern_finds_a_citation_and_nothing_else():
    issue = "issue"  # spelled apart, so that this file passes its own test
    assert CITATION.search(f"the game's navigation stays ({issue.title()} #23: no way back)")
    assert CITATION.search(f"{issue} 22, item 5") and CITATION.search(f"{issue}25")
    assert not CITATION.search("an issue with the 3 tokens; issues: 4")


def test_no_file_cites_an_issue_number():
    found = [f"{path.relative_to(REPO).as_posix()}:{text.count(chr(10), 0, m.start()) + 1}: {m.group(0)}"
             for path, text in _text_files() for m in CITATION.finditer(text)]
    assert not found, "say the rule and its source instead:\n" + "\n".join(found)
