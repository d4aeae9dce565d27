"""The Dummy player on a phone: "A solo player sets up Solo Conquest, the dummy takes its turns when the round order says
so, the phone shows what it flipped and the forecast, the round ends when it should, new rounds add the right card
and crystal". Playwright drives Debian's chromium against a real waitress server (390x844 phones)."""

import re

import pytest
from playwright.sync_api import expect

from browser_helpers import shot

pytestmark = pytest.mark.browser


def test_solo_conquest_with_the_dummy_on_a_phone(server, phone):
    dummy_server = server
    a = phone()
    a.goto(dummy_server + "/games/new")
    a.select_option("select[name=scenario]", "solo_conquest")
    a.check("input[name=mode][value=solo]")
    a.fill("input[name=name_0]", "Anna")
    a.select_option("select[name=hero_0]", "goldyx")
    a.get_by_role("button", name="Create game").click()
    a.wait_for_url(re.compile(r"/games/\d+"))
    gid = int(re.search(r"/games/(\d+)", a.url).group(1))
    a.goto(f"{dummy_server}/games/{gid}/dummy")

    # set-up: Tovak, virtual deck
    a.select_option("[data-testid=dummy-hero]", "tovak")
    a.get_by_test_id("dummy-setup").click()
    expect(a.get_by_test_id("dummy-deck-count")).to_have_text("16")
    expect(a.get_by_test_id("dummy-crystal-blue")).to_have_text("2")
    expect(a.locator(".dummy-chart rect")).not_to_have_count(0)

    # Solo Conquest: Anna takes Early Bird (1), so the dummy plays second
    a.select_option("[data-testid=dummy-tactic-0]", "early_bird")
    a.get_by_test_id("dummy-tactics-submit").click()
    expect(a.get_by_test_id("dummy-tactic")).to_be_visible()
    a.get_by_test_id("dummy-pass").click()
    expect(a.get_by_test_id("dummy-prompt")).to_have_text("Dummy's turn")
    shot(a, "dummy-turn")

    # a second phone watches the dummy's flips live
    b = phone(locale="de-DE")
    a.goto(f"{dummy_server}/games/{gid}")
    join = a.locator("[data-testid=join-url]").get_attribute("href")
    b.goto(join)
    b.goto(f"{dummy_server}/games/{gid}/dummy")
    expect(b.get_by_test_id("dummy-deck-count")).to_have_text("16")
    a.goto(f"{dummy_server}/games/{gid}/dummy")

    a.get_by_test_id("dummy-flip").click()
    expect(a.locator(".dummy-card")).not_to_have_count(0)
    count = int(a.get_by_test_id("dummy-deck-count").inner_text())
    assert count <= 13
    expect(b.get_by_test_id("dummy-deck-count")).to_have_text(str(count), timeout=3000)
    expect(b.locator("h1", has_text="Dummyspieler")).to_be_visible()
    shot(a, "dummy-flipped")
    shot(b, "dummy-flipped-de")

    # play until it announces the End of the Round
    for _ in range(10):
        if a.get_by_test_id("dummy-announced").count():
            break
        a.get_by_test_id("dummy-pass").click()  # Anna's turn is over: the dummy's turn
        expect(a.get_by_test_id("dummy-prompt")).to_be_visible()
        a.get_by_test_id("dummy-flip").click()
        expect(a.get_by_test_id("dummy-prompt")).to_have_count(0)
    expect(a.get_by_test_id("dummy-announced")).to_be_visible()
    a.get_by_test_id("dummy-pass").click()  # Anna's last turn
    expect(a.get_by_text("The round is over.")).to_be_visible()

    # new round: an Advanced Action joins, a blue Spell gives a third blue crystal
    a.select_option("[data-testid=dummy-aa]", "color:white")
    a.get_by_test_id("dummy-spell-blue").check()
    a.get_by_test_id("dummy-new-round-submit").click()
    expect(a.get_by_test_id("dummy-deck-count")).to_have_text("17")
    expect(a.get_by_test_id("dummy-crystal-blue")).to_have_text("3")
    shot(a, "dummy-new-round")

    # undo takes the new round back
    a.get_by_test_id("undo").first.click()
    expect(a.get_by_test_id("dummy-deck-count")).to_have_text("0")
