"""Mage Lite's turn on a 360 px phone (seed 004): "End the round" with no turn played asks first ("Move on
anyway"), interacting at a village with the Reputation card's modifier and the heals it buys said card by card,
and after the verdict the combat page shows it and offers no fight."""

import re

import pytest
from playwright.sync_api import expect

from browser_helpers import shot
from test_mage_lite_browser import new_mage_lite, tap

pytestmark = pytest.mark.browser


def test_round_end_asks_interaction_heals_and_the_verdict_on_the_combat_page(server, phone):
    """004 "One Round of the Game" 4c; "Interacting with Locals" 2a and 4b ("Healing points can be bought at
    villages for 3 Influence points"); "HEALING" ("Rotate the right-most Waning card in your hand to Starting");
    Mini Blitz: "defeat both cities"."""
    p = phone(width=360, height=780)
    new_mage_lite(p, server, "normal")
    # no turn played yet: the round does not end in one tap
    tap(p, "ml-round-end")
    expect(p.locator("[data-testid=refusal]")).to_contain_text("No turn was played in Round 1 yet")
    tap(p, "confirm-anyway")
    expect(p.locator("[data-testid=ml-round] h1")).to_contain_text("Round 2 of 6")
    # a village: 6 Influence played buys 2 heals
    p.select_option("[data-testid=ml-interact-site]", "village")
    p.fill("[data-testid=ml-interact-influence]", "6")
    p.fill("[data-testid=ml-buy-heal]", "2")
    tap(p, "ml-interact-go")
    expect(p.locator("[data-testid=ml-interact-last]")).to_contain_text("Influence 6")
    expect(p.locator("[data-testid=ml-heal-steps]")).to_contain_text(
        "rotate the right-most Waning card in your hand to Starting")
    shot(p, "mage-lite-interaction")
    # both cities conquered: the combat page shows the verdict and no fight
    for color in ("red", "blue"):
        p.select_option("[data-testid=ml-city-color]", color)
        tap(p, "ml-city")
    expect(p.locator("[data-testid=ml-won]")).to_be_visible()
    p.goto(re.sub(r"/mage-lite$", "/combat", p.url))
    expect(p.locator("[data-testid=ml-won]")).to_have_text("Won: both cities are conquered.")
    expect(p.locator("[data-testid=quick-fight-keep]")).to_have_count(0)
    expect(p.locator("[data-testid=combat-setup-go]")).to_have_count(0)
    shot(p, "mage-lite-verdict-on-combat-page")
    assert p.evaluate("document.documentElement.scrollWidth") <= 360  # never sideways
    # the only errors: the refused "End the round" (400: asked first), never anything else
    assert all("400" in e for e in p.console_errors), p.console_errors
