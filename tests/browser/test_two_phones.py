"""Two phones: 'two browser contexts are two phones at 390x844; phone A changes Fame, phone B shows it within
3 s; B undoes it; a screenshot of each main page is saved as a test artifact.'"""

import re

import pytest
from playwright.sync_api import expect

from browser_helpers import shot, wait_for_polls

pytestmark = pytest.mark.browser


def create_game(page, base):
    page.goto(base + "/")
    shot(page, "home")
    page.get_by_role("link", name="New game").click()
    page.select_option("select[name=scenario]", "full_conquest")
    page.check("input[name=mode][value=competitive]")
    page.fill("input[name=name_0]", "Anna")
    page.select_option("select[name=hero_0]", "arythea")
    page.fill("input[name=name_1]", "Ben")
    page.select_option("select[name=hero_1]", "tovak")
    shot(page, "new-game")
    page.get_by_role("button", name="Create game").click()
    expect(page.get_by_role("heading", name="Who are you?")).to_be_visible()
    shot(page, "who")
    page.get_by_role("button", name="Anna").click()
    expect(page.locator("[data-testid=player-0]")).to_be_visible()
    return int(re.search(r"/games/(\d+)", page.url).group(1))


def fame_value(page, i):
    return page.locator(f"[data-testid=fame-{i}] output")


def test_two_phones_see_each_others_changes_live_and_undo(server, phone):
    a = phone()
    b = phone()
    gid = create_game(a, server)
    shot(a, "board")
    join = a.locator("[data-testid=join-url]").get_attribute("href")
    assert f"/join/{gid}/" in join

    b.goto(join)
    assert "/join/" not in b.url  # the token left the address bar
    b.get_by_role("button", name="Ben").click()
    expect(fame_value(b, 0)).to_have_text("0")

    # phone A gains Fame for Anna; phone B shows it within 3 s without a reload
    a.locator("[data-testid=fame-0] button[value='5']").click()
    expect(fame_value(a, 0)).to_have_text("5")
    expect(fame_value(b, 0)).to_have_text("5", timeout=3000)
    expect(b.locator("[data-testid=level-0]")).to_have_text("2", timeout=3000)

    # phone B undoes it (Anna's entry: it asks first, naming whose it is); phone A shows that within 3 s
    b.locator("[data-testid=undo]").first.click()
    yes = b.locator("[data-testid=confirm-anyway]").first
    expect(yes).to_have_text("Yes, undo it")
    yes.click()
    expect(fame_value(b, 0)).to_have_text("0")
    expect(fame_value(a, 0)).to_have_text("0", timeout=3000)
    expect(a.locator("#sync-status")).to_have_attribute("data-state", "synced")

    b.locator("[data-testid=more-pages] summary").click()  # the pages not played every round: under "More"
    b.get_by_role("link", name="Log").click()
    expect(b.locator(".log")).to_contain_text("Undone, Anna's entry: Anna gains 5 Fame")  # who undid whose entry
    shot(b, "log")
    # the question before undoing Anna's entry is a 400 htmx swaps into the page (as every refusal); no other error
    assert not a.console_errors and not [e for e in b.console_errors if "400" not in e], (a.console_errors,
                                                                                          b.console_errors)


def test_forms_work_without_javascript(server, browser):
    ctx = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844})
    page = ctx.new_page()
    try:
        gid = create_game(page, server)
        page.locator("[data-testid=fame-0] button[value='2']").click()
        expect(fame_value(page, 0)).to_have_text("2")
        page.locator("[data-testid=undo]").first.click()
        expect(fame_value(page, 0)).to_have_text("0")
        assert f"/games/{gid}" in page.url
    finally:
        ctx.close()


def test_touch_targets_are_at_least_44px(server, phone):
    a = phone()
    create_game(a, server)
    small = a.evaluate("""() => [...document.querySelectorAll('#live button, .gamenav a')]
        .filter(e => e.offsetParent !== null)
        .map(e => [e.textContent.trim(), e.getBoundingClientRect().height])
        .filter(([t, h]) => h < 44)""")
    assert small == []


def test_german_phone_and_light_mode(server, phone):
    a = phone(locale="de-DE", color_scheme="light")
    a.goto(server + "/")
    expect(a.get_by_role("link", name="Neues Spiel")).to_be_visible()
    shot(a, "home-de-light")


def test_a_refused_change_says_why_and_the_message_stays(server, phone):
    """Bad input gets a clear message on the page (4xx), and nothing already recorded is lost."""
    a = phone()
    create_game(a, server)
    plus = a.locator("[data-testid=player-0] .crystal-red button[value='1']")
    for n in range(1, 4):
        plus.click()
        expect(a.locator("[data-testid=player-0] .crystal-red output")).to_have_text(str(n))
    plus.click()
    refusal = a.locator("[data-testid=player-0] .crystal-red + [data-testid=refusal]")
    expect(refusal).to_contain_text("At most 3 crystals")
    wait_for_polls(a, 2)  # two sync polls later the message is still there
    expect(refusal).to_contain_text("At most 3 crystals")
    expect(a.locator("[data-testid=player-0] .crystal-red output")).to_have_text("3")


MAIN_PAGES = ["", "/combat", "/score", "/pvp", "/tokens", "/log"]
REFERENCE_PAGES = ["/rules", "/rules/enemies", "/rules/enemies/swamp_dragon", "/rules/units", "/rules/sites",
                   "/rules/scenarios", "/rules/scenarios/full_conquest", "/rules/tracks", "/rules/odds"]


@pytest.mark.parametrize("locale", ["en-US", "de-DE"])
def test_every_main_page_fits_a_phone_and_is_saved_as_a_screenshot(server, phone, locale):
    """Phone first: one column at 390 px (nothing wider than the screen), no console errors (the CSP forbids
    inline script and style), a screenshot of each main page as a test artifact."""
    a = phone(locale=locale)
    gid = create_game(a, server) if locale == "en-US" else None
    if gid is None:
        a.goto(server + "/games/new")
        a.select_option("select[name=scenario]", "solo_conquest")
        a.check("input[name=mode][value=solo]")
        a.fill("input[name=name_0]", "Anna")
        a.locator("form[action='/games'] button.primary").click()
        a.wait_for_url(re.compile(r"/games/\d+"))
        gid = int(re.search(r"/games/(\d+)", a.url).group(1))
    pages = [f"/games/{gid}{p}" for p in MAIN_PAGES] + REFERENCE_PAGES
    if locale == "de-DE":
        pages.append(f"/games/{gid}/dummy")
    for path in pages:
        resp = a.goto(server + path)
        assert resp.status == 200, path
        width = a.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"{path} is {width}px wide"
        name = (path.strip("/").replace("/", "-") or "home") .replace(f"games-{gid}", "game")
        shot(a, f"{name}-{locale[:2]}")
    assert not a.console_errors, a.console_errors
