"""A new table's first evening at 360 px: no false "Changed on another phone" while one phone types and
checks a Block; the result of every tap in view (a combat's outcome, the set-up numbers, a Runewars battle's
winner, the Dummy's next step after "Take these Tactics"), with and without JavaScript where a form is involved."""

import re
from contextlib import contextmanager

import pytest
from playwright.sync_api import expect

from browser_helpers import ARTIFACTS, new_table, settled, wait_for_polls
from test_live_morph import join, live_seq, wait_for_seq
from test_refusals_in_view import IN_VIEW
from test_runewars_browser import add_type, new_runewars_game
from test_two_phones import create_game

pytestmark = pytest.mark.browser

W, H = 360, 640


def no_js_phone(browser):
    ctx = browser.new_context(viewport={"width": W, "height": H}, java_script_enabled=False)
    return ctx, ctx.new_page()


@contextmanager
def a_phone(js, phone, browser):
    """A 360 px phone, with JavaScript or without."""
    if js:
        yield phone(width=W, height=H)
        return
    ctx, page = no_js_phone(browser)
    try:
        yield page
    finally:
        ctx.close()


def tap(page, target, js=True):
    """A tap on a button (its test id, or a locator): with JavaScript until htmx has settled, without it until the
    page the form answers with has loaded."""
    button = page.locator(f"[data-testid={target}]") if isinstance(target, str) else target
    if js:
        button.click()
        settled(page)
    else:
        with page.expect_navigation():
            button.click()


def in_view(page, locator):
    page.wait_for_function(f"(el => ({IN_VIEW})(el))", arg=locator.element_handle())


def to_attack_form(page, server, gid, js=True):
    """A rampaging Prowlers fight (Armor 3, Attack 4: quick reference) on to its Ranged and Siege phase."""
    page.goto(f"{server}/games/{gid}/combat")
    for testid in ("quick-fight-rampaging", "quick-prowlers", "next-phase"):
        tap(page, testid, js)
    page.wait_for_selector("[data-testid=attack-form]")


def to_block_phase(page, server, gid, js=True):
    to_attack_form(page, server, gid, js)
    tap(page, "next-phase", js)
    page.locator("[data-testid=block-form-1-0] input[name=value]").first.wait_for()


# ---------------------------------------------------------------------------------------------- item 3


def test_alone_a_typed_block_is_never_changed_on_another_phone(server, phone):
    """Alone at the table: a typed Block gets its running total ("Block 3 of 4: need 1 more") and no "Check" button
    (the running total says it); no field is marked "Changed on another phone", the element list keeps its width;
    another phone's change elsewhere (Ben's Fame) morphs the page and still marks nothing: the Block's value on the
    table did not change."""
    a, b = phone(width=W, height=H), phone()
    gid = create_game(a, server)
    join(b, server, a.locator("[data-testid=join-url]").get_attribute("href"), "Ben")
    to_block_phase(a, server, gid)
    settled(a)
    form = a.locator("[data-testid=block-form-1-0]")
    expect(form.get_by_role("button", name="Check")).to_have_count(0)
    select = form.locator("select[name=element]").first
    width = select.bounding_box()["width"]
    form.locator("input[name=value]").first.fill("3")
    expect(a.locator("#check-block-1-0")).to_contain_text("Block 3 of 4: need 1 more.")
    settled(a)
    expect(a.locator(".remote-note")).to_have_count(0)

    seq = live_seq(a)
    b.locator("[data-testid=fame-1] button[value='5']").click()
    wait_for_seq(a, seq + 1)
    settled(a)
    wait_for_polls(a, 1)
    expect(a.locator(".remote-note")).to_have_count(0)
    assert form.locator("input[name=value]").first.input_value() == "3"
    assert select.bounding_box()["width"] == width
    assert not a.console_errors and not b.console_errors, (a.console_errors, b.console_errors)


def test_without_javascript_check_shows_the_total_and_keeps_the_numbers(server, browser):
    ctx, a = no_js_phone(browser)
    try:
        gid = create_game(a, server)
        to_block_phase(a, server, gid, js=False)
        form = a.locator("[data-testid=block-form-1-0]")
        form.locator("input[name=value]").first.fill("3")
        with a.expect_navigation():
            form.get_by_role("button", name="Check").click()
        form = a.locator("[data-testid=block-form-1-0]")
        expect(a.locator("#check-block-1-0")).to_contain_text("Block 3 of 4: need 1 more.")
        assert form.locator("input[name=value]").first.input_value() == "3"
        expect(a.locator(".remote-note")).to_have_count(0)
    finally:
        ctx.close()


# ---------------------------------------------------------------------------------------------- item 6


def defeat_prowlers(page, js=True):
    """Ranged Attack 3 against the Prowlers' Armor 3 defeats them: the combat can end."""
    form = page.locator("[data-testid=attack-form]")
    form.locator("input[name=value]").first.fill("3")
    tap(page, form.locator("[data-testid=attack-go]"), js)
    page.locator("[data-testid=combat-end]").wait_for()


@pytest.mark.parametrize("js", [True, False])
def test_the_outcome_of_a_combat_is_in_view_after_ending_it(server, phone, browser, js):
    with a_phone(js, phone, browser) as a:
        gid = create_game(a, server)
        to_attack_form(a, server, gid, js)
        defeat_prowlers(a, js)
        end = a.locator("[data-testid=combat-end]")
        end.scroll_into_view_if_needed()
        tap(a, end, js)
        outcome = a.locator("[data-testid=combat-outcome]")
        expect(outcome).to_contain_text("Fame")
        in_view(a, outcome.locator("h2"))


@pytest.mark.parametrize("js", [True, False])
def test_the_set_up_numbers_are_in_view_after_asking(server, phone, browser, js):
    with a_phone(js, phone, browser) as a:
        a.goto(server + "/games/new")
        a.select_option("select[name=scenario]", "full_conquest")
        a.check("input[name=mode][value=competitive]")
        a.fill("input[name=name_0]", "Anna")
        a.fill("input[name=name_1]", "Ben")
        tap(a, "show-setup-numbers", js=False)  # a new page either way: the form is not a game's
        numbers = a.get_by_test_id("setup-numbers")
        expect(numbers).to_contain_text("Set-up numbers")
        in_view(a, numbers.locator("h2"))


def runewars_tally(a, server):
    """A Runewars battle of one Archer against one Beastman, up to its tally (both sides drawn and resolved from the
    host's phone)."""
    new_runewars_game(a, server)
    add_type(a, "0", "Archer", 1, 1)
    add_type(a, "1", "Beastman", 1, 1)
    a.locator("[data-testid='rw-count-Archer']").fill("1")
    a.locator("[data-testid='rw-count-Beastman']").fill("1")
    a.locator("[data-testid=rw-start]").click()
    for _side in range(2):
        a.locator("form.rw-draw input[name=damage]").first.fill("1")
        a.locator("[data-testid=rw-draw-0]").click()
        settled(a)
    for _side in range(2):
        a.locator("[data-testid=rw-resolve]").click()
        settled(a)
    expect(a.locator("[data-testid=rw-tally]")).to_be_visible()


def test_the_winner_of_a_runewars_battle_is_in_view_after_ending_it(server, phone):
    a = phone(width=W, height=H)
    runewars_tally(a, server)
    a.locator("[data-testid=rw-end]").click()
    result = a.locator("[data-testid=rw-result]")
    expect(result).to_contain_text("wins")
    in_view(a, result.locator("h2"))


def test_without_javascript_the_runewars_result_opens_in_view(server, browser, phone):
    """The same battle ended on a phone without JavaScript: the page opens at the result (its address's #rw-result)."""
    a = phone(width=W, height=H)
    runewars_tally(a, server)
    url = a.url
    ctx = browser.new_context(viewport={"width": W, "height": H}, java_script_enabled=False)
    try:
        ctx.add_cookies(a.context.cookies())
        b = ctx.new_page()
        b.goto(url)
        with b.expect_navigation():
            b.locator("[data-testid=rw-end]").click()
        assert b.url.endswith("#rw-result")
        result = b.locator("[data-testid=rw-result]")
        expect(result).to_contain_text("wins")
        assert result.locator("h2").evaluate(IN_VIEW)
    finally:
        ctx.close()


def solo_game(a, server):
    a.goto(server + "/games/new")
    a.select_option("select[name=scenario]", "solo_conquest")
    a.check("input[name=mode][value=solo]")
    a.fill("input[name=name_0]", "Anna")
    a.select_option("select[name=hero_0]", "goldyx")
    with a.expect_navigation():
        a.get_by_role("button", name="Create game").click()
    return int(re.search(r"/games/(\d+)", a.url).group(1))


@pytest.mark.parametrize("js", [True, False])
def test_the_dummys_next_step_is_in_view_after_taking_the_tactics(server, phone, browser, js):
    """Solo Conquest: Anna takes Early Bird (1), the Dummy plays second; its turn card ("Now playing: Anna") is what
    the player looks at next."""
    with a_phone(js, phone, browser) as a:
        gid = solo_game(a, server)
        a.goto(f"{server}/games/{gid}/dummy")
        a.select_option("[data-testid=dummy-hero]", "tovak")
        tap(a, "dummy-setup", js)
        expect(a.get_by_test_id("dummy-deck-count")).to_have_text("16")
        a.select_option("[data-testid=dummy-tactic-0]", "early_bird")
        submit = a.get_by_test_id("dummy-tactics-submit")
        submit.scroll_into_view_if_needed()
        tap(a, submit, js)
        card = a.get_by_test_id("dummy-turn-card")
        expect(card).to_contain_text("Anna")
        in_view(a, card.locator("h2").first)


# ---------------------------------------------------------------------------------------------- item 7


def test_a_monster_den_fight_ends_with_its_reward_in_view(server, phone):
    """Quick reference, Monster Den: the reward "two random mana crystals" comes with "Site conquered", in view after
    "End the combat". Minotaur: Armor 5 (brown pile)."""
    a = phone(width=W, height=H)
    gid = solo_game(a, server)
    a.goto(f"{server}/games/{gid}/combat")
    a.click("[data-testid=quick-fight-monster_den]")
    settled(a)
    a.click("[data-testid=quick-minotaur]")
    settled(a)
    a.click("[data-testid=next-phase]")
    form = a.locator("[data-testid=attack-form]")
    form.locator("input[name=value]").first.fill("5")
    form.locator("[data-testid=attack-go]").click()
    end = a.locator("[data-testid=combat-end]")
    end.scroll_into_view_if_needed()
    end.click()
    reward = a.get_by_test_id("outcome-reward")
    expect(reward).to_have_text("Reward: two random crystals (roll a mana die for each: gold = a colour of your "
                                "choice, black = Fame +1 instead).")
    in_view(a, a.locator("[data-testid=combat-outcome] h2"))


def test_a_three_player_board_lists_no_team_rules_and_the_recruit_cost(server, phone):

    a, b, c = phone(width=W, height=H), phone(), phone()
    gid = new_table(server, (a, b, c), "full_conquest", "competitive",
                    (("Anna", "arythea"), ("Ben", "tovak"), ("Cleo", "goldyx")))
    a.goto(f"{server}/games/{gid}")
    expect(a.get_by_test_id("setup-summary")).not_to_contain_text("Team Rules")
    option = a.locator("[data-testid=player-0] select[name=unit] option[value=peasants]")
    expect(option).to_have_text(re.compile(r"^Peasants \(Influence cost 4, level 1, Armor 3"))


# ---------------------------------------------------------------------------------------------- item 8


def test_solo_conquest_offers_only_solo_with_and_without_javascript(server, phone, browser):
    a = phone(width=W, height=H)
    a.goto(server + "/games/new")
    a.select_option("select[name=scenario]", "solo_conquest")
    expect(a.locator("input[name=mode][value=solo]")).to_be_checked()
    for mode in ("coop", "competitive", "team"):
        expect(a.locator(f"input[name=mode][value={mode}]")).to_be_hidden()
    expect(a.locator("input[name=variant][value=interactive_combat]")).to_be_hidden()
    expect(a.locator("input[name=variant][value=megapolis]")).to_be_visible()
    a.select_option("select[name=scenario]", "full_conquest")
    a.check("input[name=mode][value=competitive]")
    expect(a.locator("input[name=variant][value=interactive_combat]")).to_be_visible()
    expect(a.locator("input[name=mode][value=coop]")).to_be_hidden()

    ctx, b = no_js_phone(browser)
    try:
        b.goto(server + "/games/new?scenario=solo_conquest")
        expect(b.locator("input[name=mode][value=solo]")).to_be_checked()
        for mode in ("coop", "competitive", "team"):
            expect(b.locator(f"input[name=mode][value={mode}]")).to_be_hidden()
        expect(b.locator("input[name=variant][value=interactive_combat]")).to_be_hidden()
        b.fill("input[name=name_0]", "Anna")
        with b.expect_navigation():
            b.get_by_role("button", name="Create game").click()
        expect(b).to_have_url(re.compile(r"/games/\d+"))
    finally:
        ctx.close()


def test_the_solo_board_the_dummy_link_and_the_rules_reference(server, phone):
    """The solo board does not open the big QR code; one "Set up the Dummy player" link (none on the Dummy's own
    page); the Rules reference keeps the game's navigation, the Board one tap away."""
    a = phone(width=W, height=H)
    gid = solo_game(a, server)
    a.goto(f"{server}/games/{gid}")
    expect(a.get_by_test_id("invite-table")).not_to_have_attribute("open", "")
    expect(a.get_by_text("Set up the Dummy player")).to_have_count(1)
    a.get_by_test_id("now-dummy-setup").click()
    expect(a.get_by_test_id("dummy-setup")).to_be_visible()
    expect(a.locator("a", has_text="Set up the Dummy player")).to_have_count(0)
    a.locator("details.menu summary").click()
    a.get_by_role("link", name="Rules reference").click()
    expect(a).to_have_url(re.compile(r"/rules/?$"))
    a.get_by_role("link", name=re.compile("Enemies")).first.click()
    a.get_by_test_id("nav-board").click()
    expect(a).to_have_url(re.compile(rf"/games/{gid}$"))


@pytest.mark.parametrize("js", [True, False])
def test_the_plan_uses_the_attack_fields_and_shows_in_view(server, phone, browser, js):
    """One set of attack fields: "Plan" beside "Play this attack" plans what was typed there; the plan is in view,
    the typed numbers stay. Prowlers: Armor 3."""
    with a_phone(js, phone, browser) as a:
        gid = create_game(a, server)
        to_attack_form(a, server, gid, js)
        form = a.locator("[data-testid=attack-form]")
        expect(a.locator("[data-testid=combat-plan], details.combat-plan")).to_have_count(0)
        form.locator("input[name=value]").first.fill("3")
        tap(a, form.get_by_test_id("plan-go"), js)
        summary = a.get_by_test_id("plan-summary")
        expect(summary).to_contain_text("Best plan: Fame 2")
        in_view(a, summary)
        assert a.locator("[data-testid=attack-form] input[name=value]").first.input_value() == "3"
        expect(a.locator("[data-testid=combat-plan] input[type=number]")).to_have_count(0)  # no second set
        expect(a.locator(".remote-note")).to_have_count(0)


# ---------------------------------------------------------------------------------------------- item 9


def test_readme_says_where_the_code_and_delete_are_as_the_pages_do(server, phone):
    """README's "How to play": every other player scans the code (the Invite page says the same); the new code and
    "delete" are at the bottom of the host's board, under "Invite the table"."""

    readme = (ARTIFACTS.parent / "README.md").read_text(encoding="utf-8")
    how = readme[readme.index("## How to play"):readme.index("## For developers")]
    assert "Every other player scans it" in how and "Everybody scans" not in how
    assert 'Under "Invite the table" at\n   the bottom of the host\'s board, the host can make a new code' in how
    a = phone(width=W, height=H)
    gid = create_game(a, server)
    a.goto(f"{server}/games/{gid}/invite")
    expect(a.get_by_test_id("invite-who-scans")).to_have_text(
        "Every other player scans this code with their phone's camera to join the game (a late player too).")
    expect(a.get_by_role("button", name="Delete game")).to_have_count(0)
    a.goto(f"{server}/games/{gid}")
    share = a.get_by_test_id("invite-table")
    expect(share.locator("summary")).to_have_text("Invite the table (QR code)")
    expect(share.get_by_role("button", name="New code (other phones must scan again)")).to_be_attached()
    expect(share.get_by_role("button", name="Delete game")).to_be_attached()
