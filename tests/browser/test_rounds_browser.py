"""The current player is shown on every phone. Phone A picks Tactics on the board; phone B (another
player) sees whose pick and then whose turn it is in its header within 3 s, without a reload."""

import re

import pytest
from playwright.sync_api import expect

from browser_helpers import ARTIFACTS, shot

pytestmark = pytest.mark.browser


def create_game(page, base):
    page.goto(base + "/games/new")
    page.select_option("select[name=scenario]", "full_conquest")
    page.check("input[name=mode][value=competitive]")
    page.fill("input[name=name_0]", "Anna")
    page.select_option("select[name=hero_0]", "arythea")
    page.fill("input[name=name_1]", "Ben")
    page.select_option("select[name=hero_1]", "tovak")
    page.get_by_role("button", name="Create game").click()
    page.get_by_role("button", name="Anna").click()
    expect(page.locator("[data-testid=round-flow]")).to_be_visible()
    return int(re.search(r"/games/(\d+)", page.url).group(1))


def test_the_current_player_shows_on_a_second_phone(server, phone):
    a = phone()
    b = phone()
    create_game(a, server)
    b.goto(a.locator("[data-testid=join-url]").get_attribute("href"))
    b.get_by_role("button", name="Ben").click()

    # Rulebook, A Round 3a: everybody at Fame 0, so the last in the order (Ben) picks first
    expect(a.locator("[data-testid=now-playing]")).to_have_text(re.compile(r"Choosing Tactics: Ben chooses now"))
    expect(b.locator("[data-testid=now-playing]")).to_have_text(re.compile(r"Choosing Tactics: your choice now, Ben"))
    a.locator("[data-testid=tactic-planning]").click()  # Ben takes Planning (4)
    expect(a.locator("[data-testid=now-playing]")).to_have_text(re.compile(r"Choosing Tactics: your choice now, Anna"))
    expect(b.locator("[data-testid=now-playing]")).to_have_text(
        re.compile(r"Choosing Tactics: Anna chooses now"), timeout=3000)
    a.locator("[data-testid=tactic-great_start]").click()  # Anna takes Great Start (5): Ben plays first

    expect(b.locator("[data-testid=now-playing]")).to_have_text(re.compile(r"Now playing: you, Ben"), timeout=3000)
    a.locator("[data-testid=round-flow]").scroll_into_view_if_needed()
    a.locator("[data-testid=round-flow]").screenshot(path=str(ARTIFACTS / "rounds-board.png"))
    b.goto(b.url.split("/games/")[0] + "/games/" + b.url.split("/games/")[1].split("/")[0] + "/log")
    expect(b.locator("[data-testid=now-playing]")).to_have_text(re.compile(r"Now playing: you, Ben"))  # every page
    a.locator("[data-testid=end-turn]").click()
    expect(b.locator("[data-testid=now-playing]")).to_have_text(re.compile(r"Now playing: Anna"), timeout=3000)
    shot(b, "rounds-second-phone")
    assert not a.console_errors and not b.console_errors


def test_a_double_tap_ends_one_turn_not_the_next_players_too(server, phone):
    """A double tap on "End Ben's turn" records one event: the second tap, made while the first is on its way, is
    dropped. (htmx queued it and sent it after the answer had morphed the button into "End Anna's turn": both turns
    ended.)"""
    a = phone()
    gid = create_game(a, server)
    for tactic in ("planning", "great_start"):  # Ben picks first (Rulebook, A Round 3a), then Anna
        before = a.locator("[data-testid=now-playing]").inner_text()
        a.locator(f"[data-testid=tactic-{tactic}]").click()
        expect(a.locator("[data-testid=now-playing]")).not_to_have_text(before)
    expect(a.locator("[data-testid=now-playing]")).to_have_text(re.compile(r"Now playing: Ben"))
    a.locator("[data-testid=end-turn]").dblclick()
    expect(a.locator("[data-testid=now-playing]")).to_have_text(re.compile(r"Now playing: you, Anna"))
    a.goto(f"{server}/games/{gid}/log")
    entries = a.locator("[data-testid^=log-]:is(li)")
    expect(entries).to_have_count(3)  # the two Tactics and one turn
    expect(entries.first).to_contain_text("Ben's turn is over (by the host).")
    assert not a.console_errors
