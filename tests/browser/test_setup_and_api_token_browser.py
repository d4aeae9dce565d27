"""The new-game page's set-up numbers (shown before the game is created, the form kept) and the Invite page's API
token for this phone, which the JSON API then treats as this very phone (its player, its role)."""

import re

import pytest
from playwright.sync_api import expect

from browser_helpers import shot

pytestmark = pytest.mark.browser


def test_set_up_numbers_then_create_and_an_api_token_that_acts_as_this_phone(server, phone):
    a = phone()
    a.goto(server + "/games/new")
    a.select_option("select[name=scenario]", "full_cooperation")
    a.check("input[name=mode][value=coop]")
    for i, name in enumerate(("Anna", "Ben", "Cleo")):
        a.fill(f"input[name=name_{i}]", name)
    a.get_by_role("button", name="Show the set-up numbers").click()
    numbers = a.locator("[data-testid=setup-numbers]")
    expect(numbers).to_be_visible()
    expect(a.locator("[data-testid=setup-source-dice]")).to_have_text("5")  # 3 players + 2; the Dummy not counted
    expect(a.locator("[data-testid=setup-city-levels]")).to_have_text("5, 5, 5, 11")
    expect(a.locator("input[name=name_2]")).to_have_value("Cleo")
    shot(a, "new-game-setup-numbers")
    a.get_by_role("button", name="Create game").click()
    a.get_by_role("button", name="Ben").click()
    gid = int(re.search(r"/games/(\d+)", a.url).group(1))
    a.locator("[data-testid=setup-summary] summary").click()
    expect(a.locator("[data-testid=setup-unit-offer]")).to_have_text("5")

    a.goto(f"{server}/games/{gid}/invite")
    a.get_by_role("button", name="Make an API token for this phone").click()
    token = a.locator("[data-testid=device-token]").inner_text()
    shot(a, "invite-api-token")
    me = a.request.get(f"{server}/api/v1/games/{gid}/device", headers={"Authorization": f"Bearer {token}"})
    assert me.json() == {"game_id": gid, "role": "host", "player": 1, "is_host": True}
    r = a.request.post(f"{server}/api/v1/games/{gid}/commands/fame", data={"player": 1, "amount": 2},
                       headers={"Authorization": f"Bearer {token}"})
    assert r.status == 201
    a.goto(f"{server}/games/{gid}/log")
    expect(a.locator("main")).to_contain_text("Ben gains 2 Fame")
