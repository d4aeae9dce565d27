"""A whole Mage Lite Mini Blitz (seed 004) through the pages on a 360 px phone: set-up on Normal with the Main
Expansion, Rounds with the Dummy counter, Fame with the Fame Bonus and a level-up, the Reputation card, a keep
beaten, both cities conquered, the verdict, and undo across the end; and a second game lost on the Round limit.
(Fights with typed enemies are the combat layer's; here a city conquered is entered on the page.)"""

import re

import pytest
from playwright.sync_api import expect

from browser_helpers import settled, shot

pytestmark = pytest.mark.browser


def new_mage_lite(page, server, difficulty="normal", variants=()):
    page.goto(server + "/")
    page.get_by_role("link", name="New Mage Lite game").click()
    expect(page.locator("[data-testid=ml-difficulties]")).to_contain_text("4 and 6")  # the Mini Blitz as printed
    page.fill("[data-testid=ml-name]", "Anna")
    page.check(f"[data-testid=ml-difficulty-{difficulty}]")
    for v in variants:
        page.check(f"[data-testid=ml-variant-{v}]")
    page.locator("[data-testid=ml-create]").click()
    expect(page).to_have_url(re.compile(r"/games/\d+/mage-lite$"))


def tap(page, testid):
    button = page.locator(f"[data-testid={testid}]")
    button.click()
    settled(page)


def end_turn(page, color=None):
    if color:
        page.check(f"[data-testid=ml-turn-color-{color}]")
    tap(page, "ml-turn")


def in_view(page, testid):
    expect(page.locator(f"[data-testid={testid}]")).to_be_in_viewport()


def test_a_whole_mini_blitz_on_normal_won_on_a_360px_phone(server, phone):
    p = phone(width=360, height=780)
    new_mage_lite(p, server, "normal", ["main_expansion"])
    expect(p.locator("[data-testid=ml-round] h1")).to_contain_text("Round 1 of 6")
    expect(p.locator("[data-testid=ml-setup-rounds]")).to_contain_text("6 (Day, Night, Day, Night, Day, Night)")
    expect(p.locator("[data-testid=ml-fame-bonus]")).to_have_text("+1")

    # Round 1: the Dummy card moves after each turn: 1 -> 3 (red pip), -> 6 (two blue pips), -> 7: end of round
    end_turn(p, "red")
    expect(p.locator("[data-testid=ml-dummy]")).to_contain_text("level 3")
    end_turn(p, "blue")
    end_turn(p, "green")
    expect(p.locator("[data-testid=ml-final-turn]")).to_be_visible()
    # a keep on the way: Reputation -1 for the assault, 5 Fame crossing level 2: the Fame Bonus +1
    tap(p, "ml-rep-assault")
    expect(p.locator("[data-testid=ml-card-facing]")).to_contain_text("Red side")
    p.fill("[data-testid=ml-site-name]", "Keep")
    tap(p, "ml-site-add")
    expect(p.locator("[data-testid=ml-sites]")).to_contain_text("Keep")
    p.fill("[data-testid=ml-fame-amount]", "5")
    tap(p, "ml-fame-add")
    expect(p.locator("[data-testid=ml-fame]")).to_have_text("Fame 6")
    expect(p.locator("[data-testid=ml-level-ups]")).to_contain_text("a Skill and an Advanced Action")
    in_view(p, "ml-level-ups")
    end_turn(p)  # the final turn
    expect(p.locator("[data-testid=ml-final-done]")).to_be_visible()
    tap(p, "ml-round-end")
    expect(p.locator("[data-testid=ml-time]")).to_have_text("Night")
    expect(p.locator("[data-testid=ml-dummy]")).to_contain_text("level 1")

    # Round 2: the red city (level 3), Round 3: the blue one (level 5)
    end_turn(p)
    p.select_option("[data-testid=ml-city-color]", "red")
    p.fill("[data-testid=ml-city-defeated]", "2")
    tap(p, "ml-city")
    expect(p.locator("[data-testid=ml-cities-card]")).to_contain_text("Conquered: red")
    p.fill("[data-testid=ml-fame-amount]", "7")
    tap(p, "ml-fame-add")
    expect(p.locator("[data-testid=ml-fame]")).to_have_text("Fame 14")  # 13 crosses 8: +1
    tap(p, "ml-round-end")
    expect(p.locator("[data-testid=ml-round] h1")).to_contain_text("Round 3 of 6")
    tap(p, "ml-city")
    expect(p.locator("[data-testid=ml-won]")).to_have_text("Won: both cities are conquered.")
    expect(p.locator("[data-testid=ml-verdict]")).to_contain_text("Round 3 of 6: 3 Rounds were left.")
    in_view(p, "ml-verdict")
    expect(p.locator("[data-testid=ml-turn]")).to_have_count(0)
    shot(p, "mage-lite-won")
    assert p.evaluate("document.documentElement.scrollWidth") <= 360  # never sideways

    # undo across the end: the game goes on
    tap(p, "undo")
    expect(p.locator("[data-testid=ml-verdict]")).to_have_count(0)
    expect(p.locator("[data-testid=ml-turn]")).to_be_visible()
    assert p.console_errors == []


def test_a_mini_blitz_lost_on_the_round_limit(server, phone):
    p = phone(width=360, height=780)
    new_mage_lite(p, server, "normal")
    for n in range(1, 7):
        expect(p.locator("[data-testid=ml-round] h1")).to_contain_text(f"Round {n} of 6")
        end_turn(p)
        tap(p, "ml-round-end")
    expect(p.locator("[data-testid=ml-lost]")).to_have_text("Lost: the last Round is over without both cities.")
    expect(p.locator("[data-testid=ml-verdict]")).to_contain_text("Round 6 of 6 was the last: no Round was left.")
    in_view(p, "ml-verdict")
    shot(p, "mage-lite-lost")
    assert p.console_errors == []
