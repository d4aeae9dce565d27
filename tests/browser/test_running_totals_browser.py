"""A running total answers what is typed, never a form that was already sent: a block typed and played at once
(within the half second the running total waits for) leaves no stale "Block 0 of 4" under the form."""

import re

import pytest
from playwright.sync_api import expect

from browser_helpers import settled, wait_for_polls
from test_standard_fight_taps import new_solo_game_with_peasants

pytestmark = pytest.mark.browser


def test_a_block_played_at_once_leaves_no_stale_running_total(server, phone):
    page = phone()
    gid = new_solo_game_with_peasants(page, server)
    page.goto(f"{server}/games/{gid}/combat")
    page.click("[data-testid=quick-fight-keep]")
    settled(page)
    page.click("[data-testid=quick-heroes_fire]")
    page.wait_for_selector(".enemy >> text=Heroes")
    page.click("[data-testid=next-phase]")
    settled(page)
    page.click("[data-testid=next-phase]")  # nothing to attack at range: on to the Block phase
    form = page.locator("[data-testid=block-form-1-0]")
    form.locator("input[name=value] >> nth=0").wait_for()
    settled(page)

    form.locator("input[name=value] >> nth=0").fill("3")  # short of the Heroes' 4, so the form stays
    page.click("[data-testid=block-go-1-0]")  # at once: the running total's 500 ms have not passed
    expect(page.locator("[data-testid=undo]")).to_contain_text(re.compile("Block 3"))
    wait_for_polls(page, 2)  # well past the running total's delay
    settled(page)
    assert "0 of" not in page.inner_text("#check-block-1-0")
    assert not page.console_errors
