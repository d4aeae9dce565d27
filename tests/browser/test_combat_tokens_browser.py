"""A new table's first evening, the last items at 360 px: the combat's tokens offered once (every pile,
one tap a token, one Rampaging tick above the piles; no second list), with and without JavaScript; and in German no
button's text wider than its button ("Elementarpriesterinnen" in the token grid)."""

import pytest
from playwright.sync_api import expect

from browser_helpers import shot
from companion.rules.data import get_rules
from test_results_in_view_browser import W, a_phone, tap
from test_live_morph import join
from test_page_weight import Wire
from test_two_phones import create_game

pytestmark = pytest.mark.browser

PILES = ("gray", "green", "red", "violet", "brown", "white")  # the keep's own pile first, then green and red

# every visible button whose text runs past its edges, or which runs past the screen
OVERFLOWING_BUTTONS = """() => [...document.querySelectorAll('button')].filter(b => b.offsetParent !== null)
  .filter(b => getComputedStyle(b).textOverflow !== "ellipsis")  // the undo bar: one line, the sentence in its title
  .filter(b => b.scrollWidth > b.clientWidth + 1 || b.getBoundingClientRect().right > window.innerWidth + 1)
  .map(b => b.textContent.trim())"""


def open_pile(page, color):
    pile = page.get_by_test_id(f"quick-pile-{color}")
    if pile.get_attribute("open") is None:
        pile.locator("summary").click()
    expect(pile).to_have_attribute("open", "")


@pytest.mark.parametrize("js", [True, False], ids=["js", "no-js"])
def test_tokens_are_offered_once_every_pile_one_tap_with_one_rampaging_tick(server, phone, browser, js):
    """A first evening: "tokens are offered as a grid and again as a list". Rulebook, Combat with Enemies 2b: at a
    keep the grey token is the defender and rampaging enemies (orc marauders: green, draconum: red) join not
    fortified - their piles add them as rampaging; Scenario Book, Variants, Rampaging Evil: "If it was gold, also add
    one brown enemy to the usual green or red token. When fighting this enemy, you have to fight both" - a brown
    token joins as rampaging with the one tick above the piles, and without it as it is."""
    with a_phone(js, phone, browser) as a:
        gid = create_game(a, server)
        a.goto(f"{server}/games/{gid}/combat")
        tap(a, "quick-fight-keep", js)
        piles = a.locator("[data-testid^=quick-pile-]")
        expect(piles).to_have_count(len(PILES))
        assert [p.get_attribute("data-testid") for p in piles.all()] == [f"quick-pile-{c}" for c in PILES]
        assert [p.get_attribute("open") is not None for p in piles.all()] == [True] + [False] * 5
        expect(a.get_by_test_id("add-token")).to_have_count(0)  # no second list
        expect(a.locator("[data-testid=quick-tokens] select, [data-testid=add-typed] select[name=token]")) \
            .to_have_count(0)
        expect(a.get_by_test_id("quick-rampaging")).not_to_be_checked()  # a keep: not ticked

        tap(a, "quick-heroes_fire", js)  # the keep's defender
        open_pile(a, "green")
        a.get_by_test_id("quick-rampaging").set_checked(False)
        tap(a, "quick-prowlers", js)  # the green pile is marked rampaging: rampaging without the tick
        open_pile(a, "brown")
        a.get_by_test_id("quick-rampaging").check()
        shot(a, f"first-evening-piles-{'js' if js else 'nojs'}")
        tap(a, "quick-minotaur", js)  # the tick: a brown token as rampaging
        open_pile(a, "brown")
        expect(a.get_by_test_id("quick-rampaging")).not_to_be_checked()  # the page is new: the tick is clear
        tap(a, "quick-gargoyle", js)
        enemies = a.locator(".enemy")
        expect(enemies).to_have_count(4)
        for i, (name, rampaging) in enumerate((("Heroes", False), ("Prowlers", True), ("Minotaur", True),
                                               ("Gargoyle", False))):
            expect(enemies.nth(i)).to_contain_text(name)
            assert ("rampaging" in enemies.nth(i).inner_text()) == rampaging, name
        assert a.evaluate("document.documentElement.scrollWidth") <= W


def test_german_buttons_fit_their_text_at_360px(server, phone):
    """German words longer than a 360 px phone's button ("Elementarpriesterinnen", a token of the
    white pile) break inside the button; no button's text is wider than its button, every pile open."""
    host = phone()
    gid = create_game(host, server)
    a = phone(locale="de-DE", width=W, height=640)
    join(a, server, host.locator("[data-testid=join-url]").get_attribute("href"), "Ben")  # Ben's phone, in German
    a.goto(f"{server}/games/{gid}/combat")
    a.locator("[data-testid=quick-fight-keep]").click()
    expect(a.locator("[data-testid^=quick-pile-]")).to_have_count(len(PILES))
    for color in PILES:
        open_pile(a, color)
    expect(a.get_by_test_id("quick-tokens")).to_contain_text("Elementarpriesterinnen")
    shot(a, "first-evening-piles-de")
    assert a.evaluate(OVERFLOWING_BUTTONS) == []
    for path in ("", "/dummy", "/score", "/log"):
        a.goto(f"{server}/games/{gid}{path}")
        assert a.evaluate(OVERFLOWING_BUTTONS) == [], path
    assert not a.console_errors, a.console_errors


def test_the_set_up_with_every_pile_keeps_the_page_weight_budget(server, phone):
    """Every pile's buttons on the set-up (many more buttons than before, the list gone): the combat page, a later
    page of the game, stays within tests/browser/test_page_weight.py's budget for a later page (15 KB over the
    wire)."""
    a = phone()
    gid = create_game(a, server)
    a.goto(f"{server}/games/{gid}/combat")
    a.locator("[data-testid=quick-fight-keep]").click()
    expect(a.locator("[data-testid^=quick-pile-]")).to_have_count(len(PILES))
    wire = Wire(a)
    weight = wire.measure(a, f"{server}/games/{gid}/combat")
    print(f"combat set-up over the wire: {weight} B")
    assert a.locator("[data-testid^=quick-pile-] button").count() == len(get_rules().enemies)
    assert weight <= 15_000


def test_a_second_token_tapped_while_the_first_is_on_its_way_is_recorded_too(server, phone):
    """Every pile one tap per token invites fast taps: a garrison is tapped in token after token. The double-tap
    guard (static/app.js) drops only the same button tapped again while its first tap is on its way; another
    token tapped meanwhile is queued and recorded. Every POST is held back 0.6 s, so the second tap is made while
    the first is surely on its way."""
    a = phone()
    gid = create_game(a, server)
    a.goto(f"{server}/games/{gid}/combat")
    a.locator("[data-testid=quick-fight-keep]").click()
    expect(a.locator("[data-testid^=quick-pile-]")).to_have_count(len(PILES))

    def slow(route):
        if route.request.method == "POST":
            a.wait_for_timeout(600)
        route.continue_()

    a.route("**/*", slow)
    a.get_by_test_id("quick-heroes_fire").click()
    a.get_by_test_id("quick-guardsmen").click()  # the keep's pile again, another token, before the first answer
    expect(a.locator(".enemy")).to_have_count(2)
    a.unroute("**/*")
    a.goto(f"{server}/games/{gid}/log")
    expect(a.locator("[data-testid^=log-]:is(li)")).to_have_count(3)  # the fight set up and two enemies
    assert not a.console_errors
