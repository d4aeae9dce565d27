"""Navigation for thumbs: 'Every page of a game is reachable in one tap from every other at 360 px
wide without sideways scrolling ... The join QR code is one tap away from every page for anyone in the game ...
Collapsible sections show a ▸/▾ marker. Every control (button, input, select, summary, chip, stepper, checkbox with
its label) is at least 44 × 44 CSS px at 360 px wide. No label is cut short; German words hyphenate instead of
breaking mid-word.' Item 7: 'the Dummy tab appears only in games that have a Dummy player'.
Tests: 'At 360 × 640: every control ≥ 44 px (measured from bounding boxes on every main page, both languages), no
horizontal overflow ... all game pages reachable in one tap. Screenshots of every main page in both languages and
both themes land in test-artifacts/.'"""

import re

import pytest
from playwright.sync_api import expect

from browser_helpers import add_token, shot
from test_two_phones import create_game

pytestmark = pytest.mark.browser

PAGES = {"board": "", "combat": "/combat", "score": "/score", "story": "/story", "pvp": "/pvp",
         "tokens": "/tokens?enemy=guardsmen",
         "log": "/log", "invite": "/invite"}

# Every control, measured with everything unfolded: a checkbox or radio by the label that holds it.
SMALL_CONTROLS = """() => {
  document.querySelectorAll('details:not(.gamenav-more)').forEach(d => { d.open = true; });
  const sel = 'button, a.button, select, textarea, summary, input:not([type=hidden]), .gamenav a';
  const small = [];
  let measured = 0;
  for (const e of document.querySelectorAll(sel)) {
    const box = e.matches('input[type=checkbox], input[type=radio]') ? (e.closest('label') || e) : e;
    const r = box.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;  // not shown
    measured++;
    if (r.width < 43.5 || r.height < 43.5) {
      small.push(`${e.tagName.toLowerCase()} "${(box.textContent || e.name || '').trim().slice(0, 30)}" ` +
                 `${Math.round(r.width)}x${Math.round(r.height)}`);
    }
  }
  return {measured, small};
}"""

# A select shows its chosen option's text whole (no "Ranged At…"): the text's width against the room inside.
CUT_SELECTS = """() => {
  const ctx = document.createElement('canvas').getContext('2d');
  const cut = [];
  for (const s of document.querySelectorAll('select')) {
    const o = s.options[s.selectedIndex];
    if (!o || !s.getBoundingClientRect().width) continue;
    const cs = getComputedStyle(s);
    ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 18;  // the arrow
    const text = ctx.measureText(o.textContent.trim()).width;
    if (text > room) cut.push(`${s.name}: "${o.textContent.trim()}" ${Math.round(text)} > ${Math.round(room)}`);
  }
  return cut;
}"""

NAV = """() => [...document.querySelectorAll('.gamenav a, .gamenav-more > summary')].map(a => {
  const r = a.getBoundingClientRect();
  return {href: a.getAttribute('href'), text: a.textContent.trim(), more: !!a.closest('.gamenav-more-body'),
          inView: r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth && r.height >= 44,
          fits: a.scrollWidth <= a.clientWidth + 1};
})"""


def new_solo_game(page, base) -> int:
    page.goto(base + "/games/new")
    page.select_option("select[name=scenario]", "solo_conquest")
    page.check("input[name=mode][value=solo]")
    page.fill("input[name=name_0]", "Anna")
    page.locator("form[action='/games'] button.primary").click()
    page.wait_for_url(re.compile(r"/games/\d+"))
    return int(re.search(r"/games/(\d+)", page.url).group(1))


def join_as(page, url: str, name: str) -> None:
    """Scan the code and say who this phone is (confirmed when another phone is that player already)."""
    page.goto(url)
    page.get_by_role("button", name=name).click()
    page.wait_for_selector("[data-testid=player-0], [data-testid=who-confirm-yes]")
    if page.get_by_test_id("who-confirm-yes").count():
        page.get_by_test_id("who-confirm-yes").click()
    page.wait_for_selector("[data-testid=player-0]")


@pytest.mark.parametrize("locale,scheme", [("en-US", "dark"), ("de-DE", "light")])
def test_every_game_page_one_tap_from_every_other_at_360px(server, phone, locale, scheme):
    """Each language in one theme; the screenshots in both (the other theme by the phone's colour preference
    switched on the page itself: the app follows it, ``data-theme="auto"``)."""
    host = phone()
    duo = create_game(host, server)
    duo_join = host.locator("[data-testid=join-url]").get_attribute("href")
    solo = new_solo_game(host, server)
    # one player at the table: the host is that player, never asked "who are you?"
    expect(host.locator("[data-testid=player-0]")).to_be_visible()
    assert "/who" not in host.url
    host.goto(f"{server}/games/{solo}/invite")
    solo_join = host.locator("[data-testid=join-url]").get_attribute("href")

    a = phone(locale=locale, color_scheme=scheme, width=360, height=640)
    lang = locale[:2]
    for gid, url, kind in ((duo, duo_join, "duo"), (solo, solo_join, "solo")):
        join_as(a, url, "Anna")
        pages = dict(PAGES, **({"dummy": "/dummy"} if kind == "solo" else {}))
        expected = {f"/games/{gid}" + p.split("?")[0] for p in pages.values()}
        for name, path in pages.items():
            resp = a.goto(f"{server}/games/{gid}{path}")
            assert resp.status == 200, path
            assert a.evaluate("document.documentElement.lang") == lang
            assert a.evaluate("getComputedStyle(document.body).hyphens") == "auto"
            nav = a.evaluate(NAV)
            # every other page of the game is a link in the bar (on screen, not cut short) or under its "More"
            assert {n["href"] for n in nav if n["href"]} == expected, (path, nav)
            assert [n for n in nav if not n["more"] and not (n["inView"] and n["fits"])] == [], path
            assert a.evaluate("document.querySelector('.gamenav').getBoundingClientRect().height") <= 64
            if kind == "duo" or name == "dummy":
                shot(a, f"game-{name}-{lang}-{scheme}")
                other = "light" if scheme == "dark" else "dark"
                a.emulate_media(color_scheme=other)
                shot(a, f"game-{name}-{lang}-{other}")
                a.emulate_media(color_scheme=scheme)
            width = a.evaluate("document.documentElement.scrollWidth")
            assert width <= 360, f"{path} is {width}px wide"
            controls = a.evaluate(SMALL_CONTROLS)
            assert controls["measured"] >= len(expected), path  # at least the navigation bar
            assert controls["small"] == [], (path, controls["small"])
            assert a.evaluate(CUT_SELECTS) == [], path
            width = a.evaluate("document.documentElement.scrollWidth")
            assert width <= 360, f"{path} unfolded is {width}px wide"
        # the Dummy tab only where there is a Dummy player; the QR code one tap away (the top bar's "QR")
        assert (a.locator("[data-testid=nav-dummy]").count() == 1) == (kind == "solo")
        a.locator("[data-testid=top-invite]").click()
        expect(a.locator("[data-testid=invite] svg.qr")).to_be_visible()
    assert not a.console_errors, a.console_errors


def test_collapsible_sections_show_whether_they_are_open(server, phone):
    """'Collapsible sections show a ▸/▾ marker.'"""
    a = phone(width=360, height=640)
    create_game(a, server)
    shields = a.locator("[data-testid=player-0] details.shields")
    marker = "el => getComputedStyle(el.querySelector('summary'), '::before').content"
    assert shields.evaluate(marker) == '"▸"'
    shields.locator("summary").click()
    assert shields.evaluate(marker) == '"▾"'


@pytest.mark.parametrize("locale", ["en-US", "de-DE"])
def test_the_attack_and_block_rows_fit_a_360px_phone(server, phone, locale):
    """'No label is cut short ("Ranged At…")': the attack rows of a running combat at 360 px, both languages."""
    host = phone()
    gid = create_game(host, server)
    url = host.locator("[data-testid=join-url]").get_attribute("href")
    host.goto(f"{server}/games/{gid}/combat")
    host.select_option("[data-testid=combat-setup] select[name=player]", "1")  # Ben's fight: his phone plays it
    host.check("input[name=fight][value=city]")
    host.select_option("select[name=city]", "white")
    host.locator("input[name=level]").fill("5")
    host.click("[data-testid=combat-setup-go]")
    add_token(host, "prowlers")  # rampaging Prowlers join the assault (the green pile)
    host.click("[data-testid=next-phase]")
    host.wait_for_selector("[data-testid=attack-form]")

    a = phone(locale=locale, width=360, height=640)
    join_as(a, url, "Ben")
    a.goto(f"{server}/games/{gid}/combat")
    form = a.locator("[data-testid=attack-form]")
    for kind in ("ranged", "siege"):
        form.locator("select[name=kind]").first.select_option(kind)
        assert a.evaluate(CUT_SELECTS) == []
    controls = a.evaluate(SMALL_CONTROLS)
    assert controls["small"] == []
    assert a.evaluate("document.documentElement.scrollWidth") <= 360
    shot(a, f"game-combat-ranged-{locale[:2]}")
    assert not a.console_errors and not host.console_errors


# The smallest text on the page, SVG text by its size on screen.
SMALL_TEXT = """() => {
  const small = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const seen = new Set();
  while (walker.nextNode()) {
    const el = walker.currentNode.parentElement;
    if (!walker.currentNode.textContent.trim() || !el || seen.has(el)) continue;
    seen.add(el);
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    let size = parseFloat(getComputedStyle(el).fontSize);
    if (el instanceof SVGElement && el.getScreenCTM && el.getScreenCTM()) {
      const m = el.getScreenCTM(); size *= Math.hypot(m.a, m.b);
    }
    if (size < 13.95) small.push(`${el.tagName.toLowerCase()} "${walker.currentNode.textContent.trim().slice(0, 25)}" ${size.toFixed(1)}px`);
  }
  return small;
}"""


# Nothing scrolls sideways inside the page either (a card, a long link, a table: the score sheet of four players).
SIDEWAYS = """() => [...document.querySelectorAll('main *')].filter(e => {
  const x = getComputedStyle(e).overflowX;
  return (x === 'auto' || x === 'scroll') && e.scrollWidth > e.clientWidth + 1;
}).map(e => `${e.tagName.toLowerCase()}.${e.className} ${e.scrollWidth}/${e.clientWidth}`)"""


def test_the_new_game_form_fits_the_way_of_playing(server, phone):
    """Pages fit the mode: team choices only for a team game, one player row for a solo game (CSS, no script)."""
    a = phone(width=360, height=640)
    a.goto(server + "/games/new")
    a.select_option("select[name=scenario]", "full_conquest")  # played competitive, in teams or solo
    a.check("input[name=mode][value=competitive]")
    expect(a.locator("select[name=team_0]")).to_be_hidden()
    expect(a.locator("input[name=name_1]")).to_be_visible()
    a.check("input[name=mode][value=team]")
    expect(a.locator("select[name=team_0]")).to_be_visible()
    a.check("input[name=mode][value=solo]")
    expect(a.locator("select[name=team_0]")).to_be_hidden()
    expect(a.locator("input[name=name_0]")).to_be_visible()
    expect(a.locator("input[name=name_1]")).to_be_hidden()


def four_player_game(page, base) -> int:
    page.goto(base + "/games/new")
    page.select_option("select[name=scenario]", "full_conquest")
    page.check("input[name=mode][value=competitive]")
    for i, (name, hero) in enumerate([("Anna", "arythea"), ("Ben", "tovak"), ("Clara", "goldyx"),
                                      ("Dominik", "norowas")]):
        page.fill(f"input[name=name_{i}]", name)
        page.select_option(f"select[name=hero_{i}]", hero)
    page.get_by_role("button", name="Create game").click()
    page.get_by_role("button", name="Anna").click()
    page.locator("[data-testid=player-0]").wait_for()
    return int(re.search(r"/games/(\d+)", page.url).group(1))


@pytest.mark.parametrize("width,lang", [(320, "de"), (320, "en"), (360, "en")])
def test_the_score_sheet_of_four_players_fits_a_phone(server, phone, width, lang):
    """Four players' score sheet at 320 px: no sideways scrolling anywhere (the sheet is one block per line, each
    player's field named); the numeric fields and the "edited – board says N" mark stay, at thumb size."""
    a = phone(width=width, height=640)
    gid = four_player_game(a, server)
    if lang != "en":
        a.locator("details.menu summary").click()
        a.locator(f"button[name=lang][value={lang}]").click()
    a.goto(f"{server}/games/{gid}/score")
    field = a.locator("[data-testid=sheet-3-fame] input[name=value]")
    field.fill("7")
    field.press("Tab")
    follow = a.locator("[data-testid=sheet-3-fame-follow]")
    expect(follow).to_contain_text("Spielplan sagt 0" if lang == "de" else "board says 0")
    a.locator("[data-testid=sheet-3-fame]").scroll_into_view_if_needed()
    shot(a, f"score-four-players-{width}-{lang}")
    from browser_helpers import ARTIFACTS
    a.screenshot(path=str(ARTIFACTS / f"score-four-players-{width}-{lang}-fame.png"))
    a.locator("[data-testid=score-table]").scroll_into_view_if_needed()
    a.screenshot(path=str(ARTIFACTS / f"score-four-players-{width}-{lang}-result.png"))
    assert a.evaluate("document.documentElement.scrollWidth") <= width
    assert a.evaluate(SIDEWAYS) == []
    assert a.locator("[data-testid=sheet] td[data-player=Dominik] input[name=value]").count() >= 5
    # every field says whose it is, beside it
    box = a.locator("[data-testid=sheet] tbody tr").first.locator("td").nth(3).bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= width
    controls = a.evaluate(SMALL_CONTROLS)
    assert controls["small"] == [], controls["small"]
    assert a.evaluate(SMALL_TEXT) == []
