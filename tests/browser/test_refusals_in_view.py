"""A refusal appears where the player is looking: right after the form that was used, announced (aria-live /
role=alert) and inside the viewport, after a tap low on the page, at 320 and 360 px; nothing typed is lost. Without
JavaScript the 4xx page starts with the reason (role=alert), so it is on screen when the page opens."""

import re

import pytest
from playwright.sync_api import expect

from test_two_phones import create_game

pytestmark = pytest.mark.browser

IN_VIEW = """el => { const r = el.getBoundingClientRect();
  const nav = document.querySelector('.gamenav'); const bottom = nav ? nav.getBoundingClientRect().top : innerHeight;
  const bar = document.querySelector('.topbar'); const top = bar ? bar.getBoundingClientRect().bottom : 0;
  return r.height > 0 && r.top >= top - 1 && r.bottom <= bottom + 1; }"""


@pytest.mark.parametrize("width", [320, 360])
def test_a_refusal_low_on_the_board_is_shown_beside_the_tap(server, phone, width):
    host = phone()
    gid = create_game(host, server)
    a = phone(width=width, height=640)
    a.context.add_cookies(host.context.cookies())
    a.goto(f"{server}/games/{gid}")
    # Ben's crystals: the second player's card, far below the top of the page
    plus = a.locator("[data-testid=player-1] .crystal-white button[value='1']")
    for n in range(1, 4):
        plus.click()
        expect(a.locator("[data-testid=player-1] .crystal-white output")).to_have_text(str(n))
    plus.scroll_into_view_if_needed()
    assert a.evaluate("scrollY") > 400  # the tap is low on the page
    plus.click()
    refusal = a.locator("[data-testid=player-1] .crystal-white + [data-testid=refusal]")
    expect(refusal).to_contain_text("At most 3 crystals")
    assert refusal.get_attribute("aria-live") == "assertive"
    assert refusal.locator("[role=alert]").count() == 1
    a.wait_for_function(f"(el => ({IN_VIEW})(el))", arg=refusal.element_handle())
    # the message itself passes the accessibility scan (contrast, roles)
    from browser_helpers import axe_violations

    assert axe_violations(a, {"include": ["[data-testid=refusal]"]}) == []
    # the next change clears it
    a.locator("[data-testid=player-1] .crystal-white button[value='-1']").click()
    expect(a.locator("[data-testid=refusal]")).to_have_count(0)


@pytest.mark.parametrize("width", [320, 360])
def test_a_refused_number_keeps_what_was_typed_and_says_why_beside_it(server, phone, width):
    """A combat refusal (a block form low on the page): the typed value stays in its field."""
    a = phone(width=width, height=640)
    gid = create_game(a, server)
    a.goto(f"{server}/games/{gid}/combat")
    a.click("[data-testid=quick-fight-rampaging]")
    a.click("[data-testid=quick-prowlers]")
    a.locator(".enemy").first.wait_for()
    a.click("[data-testid=next-phase]")
    a.wait_for_selector("[data-testid=attack-form]")
    form = a.locator("[data-testid=attack-form]")
    field = form.locator("input[name=value]").first
    form.locator("input[name=target]").first.uncheck()  # no target: refused
    field.fill("3")
    form.locator("[data-testid=attack-go]").scroll_into_view_if_needed()
    form.locator("[data-testid=attack-go]").click()
    refusal = a.locator("[data-testid=attack-form] + [data-testid=refusal]")
    expect(refusal).to_be_visible()
    a.wait_for_function(f"(el => ({IN_VIEW})(el))", arg=refusal.element_handle())
    assert field.input_value() == "3"


@pytest.mark.parametrize("width", [320, 360])
def test_without_javascript_the_page_comes_back_with_the_refusal_beside_the_form(server, browser, width):
    """Without JavaScript the 4xx answer is the page the form was on, with the reason right after that form,
    focused on load (so the browser scrolls it into view) and announced (role=alert); what was typed is back in the
    fields."""
    ctx = browser.new_context(viewport={"width": width, "height": 640}, java_script_enabled=False)
    try:
        a = ctx.new_page()
        gid = create_game(a, server)
        a.goto(f"{server}/games/{gid}")
        for n in range(1, 5):
            resp = None
            with a.expect_navigation() as nav:
                a.locator("[data-testid=player-1] .crystal-white button[value='1']").click()
            resp = nav.value
        assert resp.status == 400
        refusal = a.locator("[data-testid=player-1] .crystal-white + [data-testid=refusal]")
        expect(refusal).to_contain_text("At most 3 crystals")
        assert refusal.get_attribute("role") == "alert"
        expect(refusal).to_be_focused()
        assert refusal.evaluate(IN_VIEW)
        expect(a.locator("[data-testid=player-1] .crystal-white output")).to_have_text("3")

        # a typed number stays: an attack without a target (refused) keeps its 3
        a.goto(f"{server}/games/{gid}/combat")
        with a.expect_navigation():
            a.click("[data-testid=quick-fight-rampaging]")
        with a.expect_navigation():
            a.click("[data-testid=quick-prowlers]")
        with a.expect_navigation():
            a.click("[data-testid=next-phase]")
        form = a.locator("[data-testid=attack-form]")
        form.locator("input[name=target]").first.uncheck()
        form.locator("input[name=value]").first.fill("3")
        form.locator("select[name=element]").first.select_option("fire")
        with a.expect_navigation() as nav:
            form.locator("[data-testid=attack-go]").click()
        assert nav.value.status == 400
        refusal = a.locator("[data-testid=attack-form] + [data-testid=refusal]")
        expect(refusal).to_contain_text("Choose at least one enemy")
        assert refusal.evaluate(IN_VIEW)
        assert form.locator("input[name=value]").first.input_value() == "3"
        assert form.locator("select[name=element]").first.input_value() == "fire"
        assert not form.locator("input[name=target]").first.is_checked()
    finally:
        ctx.close()


@pytest.mark.parametrize("width", [320, 360])
def test_a_refused_pvp_attack_says_why_beside_the_form(server, phone, width):
    """The Player vs. player page answers a refused attack with itself and the reason: the reason is shown after
    the attack form, in view, and the numbers typed stay (Rulebook PvP Ranged and Siege 5: the damage must pay for
    the Wounds given)."""
    a = phone(width=width, height=640)
    gid = create_game(a, server)
    a.goto(f"{server}/games/{gid}/pvp")
    a.click("[data-testid=pvp-start]")
    form = a.locator("[data-testid=pvp-attack-form]")
    form.locator("input[name=value]").first.fill("3")
    form.locator("input[name=hero]").fill("2")
    form.locator("[data-testid=pvp-add]").scroll_into_view_if_needed()
    form.locator("[data-testid=pvp-add]").click()
    refusal = a.locator("[data-testid=pvp-attack-form] + [data-testid=refusal]")
    expect(refusal).to_contain_text("not enough")
    a.wait_for_function(f"(el => ({IN_VIEW})(el))", arg=refusal.element_handle())
    assert form.locator("input[name=value]").first.input_value() == "3"
    assert form.locator("input[name=hero]").input_value() == "2"


@pytest.mark.parametrize("width", [320, 360])
def test_a_refused_runewars_battle_start_says_why_beside_the_button(server, phone, width):
    """The Runewars battle page: starting a battle with no unit fighting is refused; the reason appears after the
    form (low on the page), in view."""
    from page_tour import new_runewars
    from test_runewars_browser import add_type

    a = phone(width=width, height=640)
    new_runewars(a, server)
    add_type(a, "0", "Archer", 1, 1)
    add_type(a, "1", "Beastman", 1, 1)
    start = a.locator("[data-testid=rw-start]")
    start.scroll_into_view_if_needed()
    start.click()
    refusal = a.locator("form:has([data-testid=rw-start]) + [data-testid=refusal]")
    expect(refusal).to_be_visible()
    a.wait_for_function(f"(el => ({IN_VIEW})(el))", arg=refusal.element_handle())


@pytest.mark.parametrize("width", [320, 360])
def test_a_refused_score_line_says_why_beside_the_field(server, phone, width):
    """The score sheet: a number out of range is refused beside its field, in view; the typed text stays."""
    a = phone(width=width, height=640)
    gid = create_game(a, server)
    a.goto(f"{server}/games/{gid}/score")
    field = a.locator("[data-testid=sheet-1-fame] input[name=value]")
    field.scroll_into_view_if_needed()
    field.fill("9999")
    field.press("Tab")
    refusal = a.locator("[data-testid=sheet-1-fame] form + [data-testid=refusal]")
    expect(refusal).to_be_visible()
    a.wait_for_function(f"(el => ({IN_VIEW})(el))", arg=refusal.element_handle())
    assert field.input_value() == "9999"


def _solo_with_dummy(page, server) -> int:
    """A Solo Conquest game with its Dummy player set up (works with and without JavaScript)."""
    from page_tour import new_solo

    gid = new_solo(page, server)
    page.goto(f"{server}/games/{gid}/dummy")
    page.select_option("[data-testid=dummy-hero]", "tovak")
    page.get_by_test_id("dummy-setup").click()
    expect(page.get_by_test_id("dummy-deck-count")).to_have_text("16")
    return gid


@pytest.mark.parametrize("js", [True, False])
@pytest.mark.parametrize("width", [320, 360])
def test_a_refused_dummy_tactic_says_why_beside_the_form(server, browser, width, js):
    """The Dummy player page: taking the round's Tactics with none chosen is refused ("Choose a Tactic for every
    player"); the reason appears right after the Tactics form, low on the page, inside the viewport, with and
    without JavaScript; the page is not reset (the Dummy player stays set up, the form is still there)."""
    ctx = browser.new_context(viewport={"width": width, "height": 640}, java_script_enabled=js)
    try:
        a = ctx.new_page()
        gid = _solo_with_dummy(a, server)
        submit = a.get_by_test_id("dummy-tactics-submit")
        submit.scroll_into_view_if_needed()
        assert a.evaluate("scrollY") > 300  # the tap is low on the page
        if js:
            submit.click()
        else:
            with a.expect_navigation() as nav:
                submit.click()
            assert nav.value.status == 400
        refusal = a.locator("form:has([data-testid=dummy-tactics-submit]) + [data-testid=refusal]")
        expect(refusal).to_contain_text("Choose a Tactic for every player")
        if js:
            assert refusal.get_attribute("aria-live") == "assertive"
            a.wait_for_function(f"(el => ({IN_VIEW})(el))", arg=refusal.element_handle())
        else:
            assert refusal.get_attribute("role") == "alert"
            expect(refusal).to_be_focused()
            assert refusal.evaluate(IN_VIEW)
        expect(a.get_by_test_id("dummy-deck-count")).to_have_text("16")
        # the refused form still works: choose, take, and the refusal is gone
        a.select_option("[data-testid=dummy-tactic-0]", "early_bird")
        if js:
            a.get_by_test_id("dummy-tactics-submit").click()
        else:
            with a.expect_navigation():
                a.get_by_test_id("dummy-tactics-submit").click()
        expect(a.get_by_test_id("dummy-tactic")).to_be_visible()
        expect(a.locator("[data-testid=refusal]")).to_have_count(0)
        assert a.url.split("#")[0].endswith(f"/games/{gid}/dummy")  # (#dummy-turn-card: the next step in view)
    finally:
        ctx.close()


@pytest.mark.parametrize("js", [True, False])
@pytest.mark.parametrize("width", [320, 360])
def test_a_refused_undo_on_the_log_page_says_why_beside_the_entry(server, browser, width, js):
    """The log page's one form is "Undo this" on an entry, offered only for entries that can be taken back alone, so
    it is refused only when another phone changed the same thing after the log was opened (before this phone's
    live update arrived: here the live updates are held back). Anna's Fame change, low in the log under ten later
    crystal changes, is taken back while Ben's phone has just changed her Fame again: refused, and the reason
    appears beside that entry's button, inside the viewport (without JavaScript, as every change refused because another
    phone changed the game: the board as it is now with the reason on top, as the page opens). Nothing is typed on
    this page, so nothing typed can be lost; every entry stays in force."""
    ctx = browser.new_context(viewport={"width": width, "height": 640}, java_script_enabled=js)
    try:
        a = ctx.new_page()
        gid = create_game(a, server)

        def tap(page, selector):
            if js:
                with page.expect_response(lambda r: r.request.method == "POST"):
                    page.locator(selector).click()
            else:
                with page.expect_navigation():
                    page.locator(selector).click()

        tap(a, "[data-testid=fame-0] button[value='1']")
        for player in ("0", "1"):
            for color in ("red", "blue", "green", "white"):
                tap(a, f"[data-testid=player-{player}] .crystal-{color} button[value='1']")
        for color in ("red", "blue"):
            tap(a, f"[data-testid=player-0] .crystal-{color} button[value='1']")
        if js:
            a.route(re.compile(r"/poll"), lambda route: route.abort())  # this phone's live updates held back
        a.goto(f"{server}/games/{gid}/log")
        fame = a.locator("ol.log > li").filter(has_text="Fame").filter(has=a.locator("[data-testid^=undo-entry-]"))
        expect(fame).to_have_count(1)
        button = fame.locator("[data-testid^=undo-entry-]")
        testid = button.get_attribute("data-testid")
        count = a.locator("ol.log > li").count()
        # another phone changes the same thing
        b = ctx.new_page()
        b.goto(f"{server}/games/{gid}")
        tap(b, "[data-testid=fame-0] button[value='1']")
        b.close()
        button.scroll_into_view_if_needed()
        assert a.evaluate("scrollY") > 400  # the tap is low on the page
        if js:
            button.click()
        else:
            with a.expect_navigation() as nav:
                button.click()
            assert nav.value.status == 409
        if js:
            # the reason, in the entry beside its button; it stays with that entry when the log is refreshed (the
            # entry no longer offers "Undo this" then, and a new entry is on top)
            refusal = a.locator(f"[data-testid=log-{testid.rsplit('-', 1)[1]}] [data-testid=refusal]")
            expect(refusal).to_contain_text("changed this since: undo that first")
            a.wait_for_function(f"(el => ({IN_VIEW})(el))", arg=refusal.element_handle())
        else:
            # a change refused because another phone changed the game (409): the board as it is now, the reason
            # on top (in view as the page opens, announced by the assertive live region)
            assert a.url.endswith(f"/games/{gid}/undo/{testid.rsplit('-', 1)[1]}")
            refusal = a.locator("#flash")
            expect(refusal).to_contain_text("changed this since: undo that first")
            assert refusal.get_attribute("aria-live") == "assertive"
            assert refusal.evaluate(IN_VIEW)
            expect(a.locator("[data-testid=fame-0] output")).to_have_text("2")
            a.goto(f"{server}/games/{gid}/log")
        expect(a.locator("ol.log > li")).to_have_count(count + 1)  # the log is fresh: Ben's change is in it
        expect(a.locator("ol.log .chip").filter(has_text=re.compile("^undone$"))).to_have_count(0)
    finally:
        ctx.close()
