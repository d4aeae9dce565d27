"""The story of the game in a browser: a scripted evening of known events and timestamps,
imported from the start page, read on a 360 px phone and at desktop width, in English and German: the Fame chart
(SVG drawn on the server, no script) with its table, the fights and the turn times, no sideways scrolling.
Screenshots land in test-artifacts/."""

import json
import re

import pytest
from playwright.sync_api import expect

from browser_helpers import shot
from tests.story_helpers import scripted_evening, scripted_export

pytestmark = pytest.mark.browser


def import_evening(page, server) -> int:
    g, _first = scripted_evening()
    page.goto(server + "/")
    page.set_input_files("input[name=file]", files=[{"name": "evening.json", "mimeType": "application/json",
                                                     "buffer": json.dumps(scripted_export(g)).encode()}])
    page.get_by_role("button", name="Import").click()
    page.wait_for_url(re.compile(r"/games/\d+/who"))
    gid = int(re.search(r"/games/(\d+)/", page.url).group(1))
    page.get_by_role("button", name="Anna").click()
    return gid


def no_sideways_scroll(page) -> None:
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")


def test_the_story_on_a_phone_and_at_desktop_width(server, phone):
    a = phone(width=360, height=740)
    gid = import_evening(a, server)
    # from the score sheet, as a table looks back on the evening
    a.goto(f"{server}/games/{gid}/score")
    a.click("[data-testid=story-link]")
    a.wait_for_url(re.compile(rf"/games/{gid}/story$"))
    expect(a.locator("h1")).to_contain_text("The story of the game")
    chart = a.locator("[data-testid=fame-chart]")
    expect(chart).to_be_visible()
    assert chart.get_attribute("role") == "img"
    assert chart.locator("polyline").count() == 3
    box = chart.bounding_box()
    assert box["width"] > 300 and box["height"] > 190  # the chart fills the phone's width
    rows = a.locator("[data-testid=fame-table] tbody tr")
    expect(rows).to_have_count(3)
    expect(rows.nth(1).locator("td")).to_have_text(["4", "2", "0"])
    expect(rows.nth(2).locator("td")).to_have_text(["7", "2", "0"])
    expect(a.locator("[data-testid=fight]")).to_contain_text("Prowlers")
    expect(a.locator("[data-testid=turn-time-0]")).to_contain_text("3 min 45 s")
    expect(a.locator("[data-testid=turn-time-2]")).to_contain_text("4 min 50 s")
    no_sideways_scroll(a)
    shot(a, "story-phone-360")
    # the game's navigation has it too ("More")
    a.locator("[data-testid=more-pages] summary").click()
    expect(a.locator("[data-testid=nav-story]")).to_have_attribute("aria-current", "page")

    a.goto(server + "/")
    a.locator("details.menu summary").click()
    a.locator("button[name=lang][value=de]").click()
    a.goto(f"{server}/games/{gid}/story")
    expect(a.locator("h1")).to_contain_text("Die Geschichte der Partie")
    expect(a.locator("[data-testid=turn-time-0]")).to_contain_text("3 Min. 45 s")
    no_sideways_scroll(a)
    shot(a, "story-phone-360-de")
    assert a.console_errors == []

    desk = phone(width=1280, height=800, color_scheme="light")
    assert desk.goto(f"{server}/games/{gid}/story").status == 403  # not joined: the story is private
    desk.console_errors.clear()
    link = a.locator("[data-testid=top-invite]").get_attribute("href")
    a.goto(server + link)
    join = a.locator("[data-testid=join-url]").get_attribute("href")
    desk.goto(join)
    desk.get_by_role("button", name="Ben").click()
    desk.goto(f"{server}/games/{gid}/story")
    expect(desk.locator("[data-testid=fame-chart]")).to_be_visible()
    assert desk.locator("[data-testid=fame-chart]").bounding_box()["width"] <= 28 * 16 + 1  # capped on a wide screen
    no_sideways_scroll(desk)
    shot(desk, "story-desktop-1280")
    assert desk.console_errors == []
