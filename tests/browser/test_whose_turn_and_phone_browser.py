"""A new table's first evening without a stumble (found by a first-evening walkthrough), at 360
px in real browsers (separate contexts are separate phones): no Round skipped by one tap ("Move on anyway", with and
without JavaScript); a phone fresh from the QR code has no Undo and its "Who are you?" page survives another phone's
undo (it went blank, with page-update errors on every phone); a compact undo bar; the phone's player in the top bar
and a taken player asked first (with and without JavaScript); another player's fight watched live without
controls."""

import re

import pytest
from playwright.sync_api import expect

from browser_helpers import ARTIFACTS, new_table, open_player, settled, shot, wait_for_polls
from test_runewars_browser import add_type, new_runewars_game

pytestmark = pytest.mark.browser

W, H = 360, 740


def context(browser, js=True):
    ctx = browser.new_context(viewport={"width": W, "height": H}, java_script_enabled=js, is_mobile=True,
                              has_touch=True)
    page = ctx.new_page()
    page.set_default_timeout(10_000)
    return ctx, page


def two_player_game(host, server) -> tuple[int, str]:
    """Anna (the host's phone) and Ben; returns the game's id and its join link."""
    gid = new_table(server, [host], "full_conquest", "competitive", (("Anna", "arythea"), ("Ben", "tovak")))
    return int(gid), host.locator("[data-testid=join-url]").get_attribute("href")


def view_shot(page, name: str) -> None:
    """What the phone's screen shows (the viewport only): where the result of a tap is."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def post_click(page, locator, js):
    """A tap on a form's button: with JavaScript htmx sends it in place; without, the browser loads the answer."""
    if js:
        locator.click()
        settled(page)
    else:
        with page.expect_navigation():
            locator.click()


@pytest.mark.parametrize("js", [True, False])
def test_next_round_during_a_turn_is_refused_naming_who_and_move_on_anyway_goes_on(server, phone, browser, js):
    """First evening (91_b_next_round_mid.png): on Ben's phone, during his turn, "Next round" started Round 2 at
    once. Now the reason names who still plays, beside the button, with "Move on anyway"; that goes on."""
    host = phone(width=W, height=H)
    gid, link = two_player_game(host, server)
    ctx, ben = context(browser, js)
    try:
        ben.goto(link)
        ben.get_by_role("button", name="Ben").click()
        host.goto(f"{server}/games/{gid}")
        host.locator("[data-testid=tactic-planning]").click()  # Ben (Fame 0, last in order) picks first
        expect(host.locator("[data-testid=now-playing]")).to_contain_text("your choice now, Anna")
        host.locator("[data-testid=tactic-great_start]").click()  # Anna: Ben plays first
        expect(host.locator("[data-testid=now-playing]")).to_contain_text("Now playing: Ben")
        ben.goto(f"{server}/games/{gid}")
        nxt = ben.locator("[data-testid=next-round]")
        nxt.scroll_into_view_if_needed()
        post_click(ben, nxt, js)
        refusal = ben.locator("[data-testid=refusal]")
        expect(refusal).to_contain_text("Round 1 is not over, still to play: Ben, Anna.")
        anyway = refusal.locator("[data-testid=confirm-anyway]")
        expect(anyway).to_have_text("Move on anyway")
        assert anyway.evaluate("el => { const r = el.getBoundingClientRect(); return r.bottom <= innerHeight && "
                               "r.top >= 0 && r.right <= innerWidth; }")
        view_shot(ben, f"first-evening-next-round-refused-{'js' if js else 'nojs'}")
        host.goto(f"{server}/games/{gid}")
        expect(host.locator(".round-title")).to_contain_text("Round 1 of")
        post_click(ben, anyway, js)
        expect(ben.locator(".round-title")).to_contain_text("Round 2 of")
        expect(ben.locator("[data-testid=refusal]")).to_have_count(0)
        expect(host.locator(".round-title")).to_contain_text("Round 2 of", timeout=3000)
    finally:
        ctx.close()
    assert not host.console_errors


def test_a_fresh_phone_has_no_undo_and_its_who_page_survives_an_undo_elsewhere(server, phone):
    """First evening (110_rw_who_fresh.png, 111_rw_who_after_undo.png): right after the QR code the "Who are you?"
    page offered Undo; after an undo the page went empty and the other phones logged page-update errors. The cause:
    that page answered its live update with a whole document, which the morph put inside the live part."""
    host = phone(width=W, height=H)
    gid, link = two_player_game(host, server)
    ben, fresh = phone(width=W, height=H), phone(width=W, height=H)
    ben.goto(link)
    ben.get_by_role("button", name="Ben").click()
    host.locator("[data-testid=fame-0] button[value='5']").click()
    fresh.goto(link)
    expect(fresh.get_by_role("heading", name="Who are you?")).to_be_visible()
    expect(fresh.locator("[data-testid=undo], [data-testid=undo-mine], [data-testid=redo]")).to_have_count(0)
    ben.goto(f"{server}/games/{gid}/who")  # another phone on the same page
    host.locator("[data-testid=undo]").click()
    for p in (fresh, ben):
        expect(p.locator("[data-testid=undo-notice]")).to_contain_text("undid: Anna gains 5 Fame", timeout=3000)
        expect(p.get_by_role("heading", name="Who are you?")).to_be_visible()
        expect(p.locator("[data-testid=who-1]")).to_be_visible()
    host.locator("[data-testid=redo]").click()
    expect(fresh.locator("[data-testid=undo-notice]")).to_contain_text("redid", timeout=3000)
    expect(fresh.locator("[data-testid=who-0]")).to_be_visible()
    shot(fresh, "first-evening-who-after-undo")
    token = fresh.evaluate("JSON.parse(document.body.getAttribute('hx-headers'))['X-CSRFToken']")
    for path in ("undo", "redo", "undo-mine", "do/fame"):
        r = fresh.request.post(f"{server}/games/{gid}/{path}", form={"player": "0", "amount": "1"},
                               headers={"X-CSRFToken": token}, max_redirects=0)
        assert r.status == 403 and "has not said who it is" in r.text(), path
    assert not host.console_errors and not ben.console_errors and not fresh.console_errors


def test_after_an_undo_the_notice_and_the_undo_buttons_stay_compact(server, phone):
    """First evening (89_c_after_undo_my_last.png): after "Undo my last" the notice and three undo buttons filled
    ~750 px of a phone. Now each is one line (the whole sentence in its title), the notice at most two."""
    host = phone(width=W, height=H)
    gid, link = two_player_game(host, server)
    ben = phone(width=W, height=H)
    ben.goto(link)
    ben.get_by_role("button", name="Ben").click()
    host.locator("[data-testid=player-1] .crystal-blue button[value='1']").click()
    expect(host.locator("[data-testid=player-1] .crystal-blue output")).to_have_text("1")
    ben.goto(f"{server}/games/{gid}")
    ben.locator("[data-testid=fame-1] button[value='5']").click()
    expect(ben.locator("[data-testid=fame-1] output")).to_have_text("5")
    open_player(ben, 0)  # Anna's line on Ben's phone (another player is one line until tapped)
    ben.locator("[data-testid=fame-0] button[value='5']").click()
    expect(ben.locator("[data-testid=fame-0] output")).to_have_text("5")
    ben.locator("[data-testid=undo-mine]").click()
    expect(ben.locator("[data-testid=undo-notice]")).to_contain_text("Ben undid: Anna gains 5 Fame")
    for tid in ("undo", "undo-mine", "redo"):
        expect(ben.locator(f"[data-testid={tid}]")).to_be_visible()
    top = ben.locator("[data-testid=undo-notice]").evaluate("el => el.getBoundingClientRect().top")
    bottom = ben.locator(".undobar").evaluate("el => el.getBoundingClientRect().bottom")
    assert bottom - top < 200, bottom - top  # ~750 px before
    assert "Redo: Anna gains 5 Fame" in ben.locator("[data-testid=redo]").get_attribute("title")
    ben.evaluate("scrollTo(0, 0)")
    view_shot(ben, "first-evening-compact-undo")
    assert ben.evaluate("document.documentElement.scrollWidth") <= W
    assert not ben.console_errors


@pytest.mark.parametrize("js", [True, False])
def test_the_top_bar_names_the_phone_and_a_taken_player_is_asked_first(server, phone, browser, js):
    """First evening (65_c_mistap_anna.png, 68_c_cleo_board_full.png): two phones could both choose Anna without a
    word, and the top bar never said whose phone it is. Now the top bar names it on every game page (a tap changes
    it); on "Who are you?" Anna, taken by the host's phone, is marked, and choosing her asks first."""
    host = phone(width=W, height=H)
    gid, link = two_player_game(host, server)
    expect(host.locator("[data-testid=top-me]")).to_have_text("Anna")
    ctx, p = context(browser, js)
    try:
        p.goto(link)
        expect(p.locator("[data-testid=top-me]")).to_have_text("Who are you?")
        expect(p.locator("[data-testid=who-0]")).to_have_text("Anna · taken by another phone")
        expect(p.locator("[data-testid=who-1]")).to_have_text("Ben")
        p.locator("[data-testid=who-0]").click()  # a mis-tap on Anna
        expect(p.locator("[data-testid=who-confirm]")).to_contain_text("Anna is already chosen on another phone")
        view_shot(p, f"first-evening-who-confirm-{'js' if js else 'nojs'}")
        if js:  # another phone's change meanwhile keeps the question open
            host.locator("[data-testid=fame-0] button[value='1']").click()
            wait_for_polls(p, 2)
            expect(p.locator("[data-testid=who-confirm]")).to_be_visible()
        p.locator("[data-testid=who-confirm-no]").click()
        expect(p.locator("[data-testid=who-1]")).to_be_visible()
        p.locator("[data-testid=who-1]").click()
        expect(p.locator("[data-testid=top-me]")).to_have_text("Ben")
        for path in ("/combat", "/log", "/score"):
            p.goto(f"{server}/games/{gid}{path}")
            me = p.locator("[data-testid=top-me]")
            expect(me).to_have_text("Ben")
            assert me.evaluate("el => el.getBoundingClientRect().right <= innerWidth")
            assert p.evaluate("document.querySelector('.topbar').scrollWidth") <= W
        p.locator("[data-testid=top-me]").click()  # tap to change who I am
        expect(p.get_by_role("heading", name="Who are you?")).to_be_visible()
        expect(p.locator("[data-testid=who-1]")).to_have_text("Ben · this phone")
        p.locator("[data-testid=who-0]").click()
        p.locator("[data-testid=who-confirm-yes]").click()  # a second phone for Anna, confirmed
        expect(p.locator("[data-testid=top-me]")).to_have_text("Anna")
    finally:
        ctx.close()
    assert not host.console_errors


def test_another_players_phone_watches_the_fight_live_without_controls(server, phone):
    """First evening (77_c_pushes_ben_combat.png): during Ben's fight Cleo's phone showed every control and moved
    his combat on. Now it says whose fight it is, shows no control, and follows the fight live."""
    host, ben, cleo = phone(width=W, height=H), phone(width=W, height=H), phone(width=W, height=H)
    gid = new_table(server, [host, ben, cleo], "full_conquest", "competitive",
                    (("Anna", "arythea"), ("Ben", "tovak"), ("Cleo", "goldyx")))
    ben.goto(f"{server}/games/{gid}/combat")
    ben.click("[data-testid=quick-fight-rampaging]")
    ben.click("[data-testid=quick-prowlers]")
    ben.locator(".enemy").first.wait_for()
    cleo.goto(f"{server}/games/{gid}/combat")
    expect(cleo.locator("[data-testid=fight-watch]")).to_contain_text("Ben's fight")
    visible = [b for b in cleo.locator(".combat button, .combat input:not([type=hidden]), .combat select").all()
               if b.is_visible()]
    assert not visible, [v.evaluate("e => e.outerHTML")[:120] for v in visible]
    view_shot(cleo, "first-evening-watching-bens-fight")
    ben.click("[data-testid=next-phase]")  # Ben's phone moves his fight on: Cleo's phone follows live
    expect(cleo.locator(".combat-phases li.now")).not_to_have_text(re.compile("Enemies"), timeout=3000)
    expect(cleo.locator("[data-testid=fight-watch]")).to_be_visible()
    expect(ben.locator("[data-testid=fight-watch]")).to_have_count(0)
    expect(ben.locator("[data-testid=next-phase]")).to_be_visible()
    assert not ben.console_errors and not cleo.console_errors


def test_runewars_who_page_and_other_pages_survive_an_undo(server, phone):
    """First evening, Runewars (110_rw_who_fresh.png, 111_rw_who_after_undo.png): a phone fresh from the code on
    "Who are you?", another on the heroes page; the host enters and undoes; every page stays whole, without errors."""
    host, fresh, uthuk = phone(width=W, height=H), phone(width=W, height=H), phone(width=W, height=H)
    gid = new_runewars_game(host, server, ("Dana", "Erik"))
    link = host.locator("[data-testid=join-url]").get_attribute("href")
    uthuk.goto(link)
    uthuk.get_by_role("button", name="Erik").click()
    uthuk.goto(f"{server}/games/{gid}/runewars/heroes")
    fresh.goto(link)
    expect(fresh.locator("[data-testid=top-me]")).to_have_text("Who are you?")
    add_type(host, "0", "Archer", 1, 1)
    expect(fresh.locator("[data-testid=undo]")).to_have_count(0)
    host.locator("[data-testid=undo]").click()
    expect(fresh.locator("[data-testid=undo-notice]")).to_contain_text("Dana undid", timeout=3000)
    expect(uthuk.locator("[data-testid=undo-notice]")).to_contain_text("Dana undid", timeout=3000)
    expect(fresh.locator("[data-testid=who-1]")).to_be_visible()
    fresh.locator("[data-testid=who-1]").click()
    expect(fresh.locator("[data-testid=who-confirm]")).to_contain_text("Erik is already chosen on another phone")
    assert not host.console_errors and not fresh.console_errors and not uthuk.console_errors
