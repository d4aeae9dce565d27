"""German is complete: every main page of a game (the pages of test_no_internal_ids, a combat through its phases,
the Dummy player set up, a Player vs. player fight, a Runewars battle, the Runewars heroes page, who-are-you and a
refused change) rendered in German shows no English: no translated English message (a msgid whose German differs)
appears verbatim in the visible text or the labels read aloud (aria-label, title, placeholder, alt), no word that
only the English messages use (one that never went through gettext), and no "englisch" (citations point to the
German book). Text marked ``lang="en"`` (an enemy's English name shown beside the German one, the language
picker's "English") is English on purpose and skipped."""

from __future__ import annotations

import itertools
import re
from html.parser import HTMLParser

from companion.i18n import merged_catalog
from test_no_internal_ids import _game, _pages, _post, client  # noqa: F401  (the client fixture)

PLACEHOLDER = re.compile(r"%\(\w+\)[-+ #0-9.]*[sdif]|%[sd]|\{\w*\}")
#: English function words that German never uses (lower case: "Not" is German; not "was": German "Nichts, was
#: bereits erfasst war"); catches text that never went through gettext even when no message of the catalogs uses
#: its words
FUNCTION_WORDS = re.compile(r"\b(the|and|with|you|your|this|that|from|for|are|is|of|to|be|not|it|its)\b")
URL = re.compile(r"\bhttps?://\S+")
WORD = re.compile(r"[A-Za-zÄÖÜäöüß]{3,}")
#: names and words that are the same in both languages but only the English catalog spells out
SAME_IN_BOTH = {"Tovak", "Arythea", "Goldyx", "Norowas", "Wolfhawk", "Krang", "Braevalar", "Elf", "Uthuk", "Anna",
                "Ben", "Archer", "Beastman", "Not", "plus",
                # the Regelheft's own words (seed 002): "an die oberste Position", "in Höhe des Levels der Einheit"
                "Position", "Positionen", "Levels"}

SAME_NAMES = [m.id for m in merged_catalog("de") if isinstance(m.id, str) and m.id == m.string and " " in m.id]


class _Visible(HTMLParser):
    """Visible text and the labels read aloud, outside <script>/<style>/<template> and outside the other language's
    marked text (lang="en" on a German page; lang="de" on an English page: the language picker's "Deutsch")."""

    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}

    def __init__(self, skip_lang: str = "en"):
        super().__init__()
        self.skip_lang = skip_lang
        self.parts: list[str] = []
        self._stack: list[bool] = []  # per open element: is it skipped (script, style, template, lang=en)

    def _skipped(self):
        return any(self._stack)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        skip = tag in ("script", "style", "template") or a.get("lang", "").startswith(self.skip_lang)
        if not (skip or self._skipped()):
            self.parts += [a[k] for k in ("aria-label", "title", "placeholder", "alt") if a.get(k)]
        if tag not in self.VOID:
            self._stack.append(skip)

    def handle_endtag(self, tag):
        if tag not in self.VOID and self._stack:
            self._stack.pop()

    def handle_data(self, data):
        if not self._skipped() and data.strip():
            self.parts.append(data)


def visible(html: str, skip_lang: str = "en") -> str:
    p = _Visible(skip_lang)
    p.feed(html)
    return " ".join(" ".join(p.parts).split())


def only_in(side: str, same: set[str]) -> tuple[set[str], set[str]]:
    """(Phrases of two or more words in one side's messages - "en": the English msgids, "de": their German
    translations - that the other side's message never has; words only that side uses, less ``same``)."""
    phrases, mine, other = set(), set(), set()
    for m in merged_catalog("de"):
        ids = [i for i in (m.id if isinstance(m.id, (tuple, list)) else (m.id,)) if i]
        strings = [s for s in (m.string if isinstance(m.string, (tuple, list)) else (m.string,)) if s]
        own, theirs = (ids, strings) if side == "en" else (strings, ids)
        for t in theirs:
            other |= set(WORD.findall(PLACEHOLDER.sub(" ", t)))
        for o in own:
            if o in theirs:
                continue
            mine |= set(WORD.findall(PLACEHOLDER.sub(" ", o)))
            for frag in PLACEHOLDER.split(o):
                frag = frag.strip(" .,:;()")
                if len(frag.split()) >= 2 and not any(frag in t for t in theirs):
                    phrases.add(frag)
    return phrases, mine - other - same


def _english():
    """(English phrases of two or more words that German translates, words only the English messages use)."""
    return only_in("en", SAME_IN_BOTH)


def english_in(text: str, phrases, words) -> list[str]:
    found = [p for p in phrases if re.search(r"(?<!\w)" + re.escape(p) + r"(?!\w)", text)]
    found += sorted(set(WORD.findall(URL.sub(" ", text))) & words)
    for name in SAME_NAMES:  # names German keeps in English ("Shades of Tezla": no German edition)
        text = text.replace(name, " ")
    found += sorted(set(FUNCTION_WORDS.findall(URL.sub(" ", text))))
    if "englisch" in text.lower():
        found.append("englisch")
    return sorted(set(found))


def test_the_checker_finds_english_and_skips_what_is_english_on_purpose():
    phrases, words = _english()
    assert english_in(visible('<p>Ruhm <b title="End the turn">+1</b></p>'), phrases, words)
    assert english_in(visible("<p>Szenarioheft, englisch</p>"), phrases, words) == ["englisch"]
    assert english_in(visible("<p>Zzz blorp the wug</p>"), phrases, words) == ["the"]
    assert english_in(visible('<p>Helden (Flink)</p><p lang="en">Heroes (Swift)</p>'), phrases, words) == []
    assert english_in(visible("<p>Wähle die Gegner</p><script>var x = 'the enemy';</script>"), phrases, words) == []


def _more_pages(client):
    """Pages _pages does not reach: who-are-you, the Dummy set up, a Player vs. player fight, Runewars."""
    gid = _game(client, "full_conquest", "competitive", [("Anna", "arythea"), ("Ben", "tovak")])
    yield "who", f"/games/{gid}/who"
    yield "pvp fight", f"/games/{gid}/pvp?a=0&d=1"
    solo = _game(client, "solo_conquest", "solo", [("Anna", "arythea")])
    _post(client, solo, "/dummy/setup", {"mode": "virtual", "hero": "tovak"})
    yield "dummy set up", f"/games/{solo}/dummy"
    _post(client, solo, "/dummy/tactics", {"tactic_0": "planning"})
    yield "dummy in a round", f"/games/{solo}/dummy"
    yield "solo board in a round", f"/games/{solo}"
    yield "solo combat", f"/games/{solo}/combat"
    resp = client.post("/runewars", data={"name_0": "Elf", "name_1": "Uthuk"})
    rw = int(re.search(r"/games/(\d+)/", resp.headers["Location"]).group(1))
    client.post(f"/games/{rw}/who", data={"player": "0"})
    yield "runewars new", "/runewars/new"
    yield "runewars empty", f"/games/{rw}/runewars"
    for owner, name in (("0", "Archer"), ("1", "Beastman")):
        client.post(f"/games/{rw}/do/runewars_unit_type", data={"owner": owner, "name": name, "initiative": "3",
                                                                "shape": "triangle", "health": "1"})
    yield "runewars units", f"/games/{rw}/runewars"
    html = client.get(f"/games/{rw}/runewars").get_data(as_text=True)
    counts = {f"count_{t}": "1" for t in re.findall(r'name="count_(t\d+)"', html)}
    client.post(f"/games/{rw}/do/runewars_battle_start", data={"attacker": "0", "defender": "1", "area": "3A",
                                                                **counts})
    yield "runewars battle", f"/games/{rw}/runewars"
    yield "runewars heroes", f"/games/{rw}/runewars/heroes"


def test_no_english_on_any_german_page(client):  # noqa: F811
    client.post("/lang", data={"lang": "de"})
    phrases, words = _english()
    found, seen = {}, 0
    for label, url in itertools.chain(_pages(client), _more_pages(client)):
        resp = client.get(url)
        assert resp.status_code == 200, (label, url, resp.status_code)
        seen += 1
        english = english_in(visible(resp.get_data(as_text=True)), phrases, words)
        if english:
            found[label] = english[:10]
    assert seen >= 40
    assert found == {}


def test_a_refusal_in_german_is_german(client):  # noqa: F811
    """A refused change (a fourth crystal of one colour) answers with its page and the reason, both German."""
    client.post("/lang", data={"lang": "de"})
    gid = _game(client, "full_conquest", "competitive", [("Anna", "arythea"), ("Ben", "tovak")])
    for _ in range(3):
        _post(client, gid, "/do/crystal", {"player": "1", "color": "white", "amount": "1"})
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    based_on = re.search(r'name="based_on" value="(\d+)"', html).group(1)
    resp = client.post(f"/games/{gid}/do/crystal", data={"player": "1", "color": "white", "amount": "1",
                                                         "based_on": based_on},
                       headers={"Referer": f"http://localhost/games/{gid}"})
    assert resp.status_code == 400
    text = visible(resp.get_data(as_text=True))
    assert "Kristall" in text
    phrases, words = _english()
    assert english_in(text, phrases, words) == []
