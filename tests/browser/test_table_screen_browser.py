"""The table screen: a three-phone game with the table screen open on a fourth browser, a laptop at
1280x720. Whose turn it is, a fight typed on a phone (its running totals), the end of a Round and the game's end
appear on the screen without a reload; nothing on it changes the game (a POST from it is refused); it fits the
screen without scrolling at 1280x720 and 1920x1080 with four players; axe-core finds no violation."""

import re

import pytest
from playwright.sync_api import expect

from browser_helpers import axe_violations, new_table, settled, shot
from test_runewars_browser import add_type, new_runewars_game

pytestmark = pytest.mark.browser

THREE = (("Anna", "arythea"), ("Ben", "tovak"), ("Cleo", "goldyx"))
FOUR = THREE + (("Dora", "norowas"),)
LIVE = 3000  # ms: the table polls every second (the issue asks for 2 s; a loaded test machine gets a margin)


@pytest.fixture
def screen(phone):
    """A factory of big screens: a laptop's browser (no touch), its own cookies."""
    def make(width=1280, height=720, color_scheme="dark", locale="en-US"):
        return phone(locale=locale, color_scheme=color_scheme, width=width, height=height, mobile=False)
    return make


def open_table(screen_page, host, gid, server):
    """The big screen joins with the game's QR link (from the host's Invite page) as a watcher, then opens the table
    screen from its own Invite page ("Show on a big screen")."""
    host.goto(f"{server}/games/{gid}/invite")
    screen_page.goto(host.locator("[data-testid=join-url]").first.get_attribute("href"))
    screen_page.click("button[name=player][value=watch]")  # "I only watch"
    screen_page.goto(f"{server}/games/{gid}/invite")
    screen_page.locator("[data-testid=table-screen-link]").click()
    expect(screen_page.locator("[data-testid=table-screen]")).to_be_visible()
    assert screen_page.url.endswith(f"/games/{gid}/table")


def caught_up(page, tv):
    """Wait until a phone shows what the table screen shows (the host's phone offers every player's buttons: a
    tap on a page one change behind would be refused as stale)."""
    seen = int(tv.locator("[data-live-seq]").get_attribute("data-seq"))
    page.wait_for_function(f"() => +document.querySelector('[data-live-seq]').dataset.seq >= {seen}")
    settled(page)


def fits(page) -> dict:
    return page.evaluate("""() => ({h: document.documentElement.scrollHeight, vh: innerHeight,
                                    w: document.documentElement.scrollWidth, vw: innerWidth})""")


def assert_fits(page):
    size = fits(page)
    assert size["h"] <= size["vh"] and size["w"] <= size["vw"], size
    # every player and the panels are on the screen, not cut off below it
    for box in page.locator(".t-player, .t-panel h2, [data-testid=table-qr]").evaluate_all(
            "els => els.map(e => e.getBoundingClientRect().bottom)"):
        assert box <= size["vh"], (box, size)


def font_px(page, selector) -> float:
    return page.locator(selector).first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")


def test_three_phones_and_the_table_screen(server, phone, screen):
    a, b, c = phone(), phone(), phone()
    gid = new_table(server, [a, b, c], "full_conquest", "competitive", THREE)
    tv = screen()
    open_table(tv, a, gid, server)
    a.goto(f"{server}/games/{gid}")
    assert tv.locator("form").count() == 0 and tv.locator("button").count() == 0
    expect(tv.locator("[data-testid=table-cities]")).to_have_text("0 of 3")  # Full Conquest, three players
    # Rulebook, A Round 3a: everybody at Fame 0, the last in the order (Cleo) picks first
    expect(tv.locator("[data-testid=table-now]")).to_contain_text("Choosing Tactics")
    expect(tv.locator("[data-testid=table-who]")).to_have_text("Cleo")
    assert font_px(tv, "[data-testid=table-fame-0]") >= 32 and font_px(tv, "[data-testid=table-who]") >= 28

    c.locator("[data-testid=tactic-early_bird]").click()
    expect(tv.locator("[data-testid=table-who]")).to_have_text("Ben", timeout=LIVE)
    b.locator("[data-testid=tactic-planning]").click()
    expect(tv.locator("[data-testid=table-who]")).to_have_text("Anna", timeout=LIVE)
    caught_up(a, tv)
    a.locator("[data-testid=tactic-great_start]").click()
    # Rulebook, A Round 3c: the Round order by the Tactic numbers: Cleo (1), Ben (4), Anna (5)
    expect(tv.locator("[data-testid=table-now]")).to_contain_text("Now playing", timeout=LIVE)
    expect(tv.locator("[data-testid=table-who]")).to_have_text("Cleo")
    expect(tv.locator("[data-testid=table-order] li.now")).to_contain_text("Cleo")
    expect(tv.locator("[data-testid=table-player-2]")).to_contain_text("Early Bird")

    # Cleo fights the Prowlers (Armor 3) and types her attack: the running total shows on the screen
    c.goto(f"{server}/games/{gid}/combat")
    c.click("[data-testid=quick-fight-rampaging]")
    c.click("[data-testid=quick-prowlers]")
    c.wait_for_selector("[data-testid=enemy-1]")
    c.click("[data-testid=next-phase]")
    expect(tv.locator("[data-testid=table-fight]")).to_contain_text("Prowlers", timeout=LIVE)
    expect(tv.locator("[data-testid=table-fight-phase]")).to_have_text("Ranged and Siege Attack phase")
    c.wait_for_selector("[data-testid=attack-form]")
    c.locator("[data-testid=attack-form] input[name=value]").first.fill("2")
    expect(c.locator("#check-attack")).to_contain_text("Attack 2 of 3: need 1 more.")
    expect(tv.locator("[data-testid=table-draft-total]")).to_have_text("Attack 2 of 3", timeout=LIVE)
    expect(tv.locator("[data-testid=table-draft]")).to_contain_text("Cleo is typing")
    expect(tv.locator("[data-testid=table-draft]")).to_contain_text("need 1 more")
    c.locator("[data-testid=attack-form] input[name=value]").first.fill("3")
    expect(tv.locator("[data-testid=table-draft-total]")).to_have_text("Attack 3 of 3", timeout=LIVE)
    expect(tv.locator("[data-testid=table-draft]")).to_contain_text("enough")
    assert_fits(tv)
    shot(tv, "table-screen-fight-1280x720")

    # a POST from the table screen is refused: it has no form and no CSRF token, and its own address takes no POST
    refused = tv.evaluate(f"""async () => {{
        const post = (url) => fetch(url, {{method: "POST", body: new URLSearchParams({{player: "0", delta: "5"}})}})
            .then(r => r.status);
        return [await post("/games/{gid}/table"), await post("/games/{gid}/do/fame"),
                await post("/games/{gid}/combat/cancel")];
    }}""")
    assert refused[0] in (403, 405) and refused[1] in (400, 403) and refused[2] in (400, 403), refused
    tv.console_errors.clear()  # the browser logs the three refusals it was asked for

    # the fight is dropped; Cleo's turn ends, Ben announces the End of the Round: Anna and Cleo have a last turn
    c.once("dialog", lambda d: d.accept())
    c.click("[data-testid=combat-cancel]")
    expect(tv.locator("[data-testid=table-fight]")).to_have_count(0, timeout=LIVE)
    c.goto(f"{server}/games/{gid}")
    caught_up(c, tv)
    c.click("[data-testid=end-turn]")
    expect(tv.locator("[data-testid=table-who]")).to_have_text("Ben", timeout=LIVE)
    caught_up(b, tv)
    b.click("[data-testid=announce]")
    expect(tv.locator("[data-testid=table-now]")).to_contain_text("Last turn", timeout=LIVE)
    expect(tv.locator("[data-testid=table-who]")).to_have_text("Anna")
    expect(tv.locator("[data-testid=table-last-turn]")).to_have_count(2)
    caught_up(a, tv)
    a.click("[data-testid=end-turn]")
    expect(tv.locator("[data-testid=table-who]")).to_have_text("Cleo", timeout=LIVE)
    caught_up(c, tv)
    c.click("[data-testid=end-turn]")
    expect(tv.locator("[data-testid=table-round-over]")).to_be_visible(timeout=LIVE)
    caught_up(a, tv)
    a.click("[data-testid=next-round]")
    expect(tv.locator("[data-testid=table-round]")).to_contain_text(re.compile(r"Round · Night\s*2 of 6"),
                                                                     timeout=LIVE)
    expect(tv.locator("[data-testid=table-rounds-left]")).to_have_text("4 Rounds left after this one")

    # the game's end: the host confirms the scenario's end on the board; the first turn end starts the last turns
    pickers = {"Anna": a, "Ben": b, "Cleo": c}
    for _ in range(3):
        who = tv.locator("[data-testid=table-who]").inner_text()
        picker = pickers[who]
        caught_up(picker, tv)
        picker.locator("[data-testid=tactic-choices] button").first.click()
        expect(tv.locator("[data-testid=table-who]")).not_to_have_text(who, timeout=LIVE)
    expect(tv.locator("[data-testid=table-now]")).to_contain_text("Now playing", timeout=LIVE)
    caught_up(a, tv)
    a.locator("[data-testid=scenario-end-text] summary").click()
    a.click("[data-testid=scenario-goal]")
    expect(tv.locator("[data-testid=table-now]")).to_contain_text("The scenario's goal was reached.", timeout=LIVE)
    for _ in range(4):  # the turn that was on, then one last turn each
        who = tv.locator("[data-testid=table-who]").inner_text()
        seq = int(tv.locator("[data-live-seq]").get_attribute("data-seq"))
        caught_up(pickers[who], tv)
        pickers[who].click("[data-testid=end-turn]")
        tv.wait_for_function(f"() => +document.querySelector('[data-live-seq]').dataset.seq > {seq}", timeout=LIVE)
        settled(tv)
        if tv.locator("[data-testid=table-game-over]").count():
            break
    expect(tv.locator("[data-testid=table-game-over]")).to_have_text("The game is over.", timeout=LIVE)
    assert_fits(tv)
    shot(tv, "table-screen-game-over")
    errors = a.console_errors + b.console_errors + c.console_errors + tv.console_errors
    assert not errors, errors


def test_four_players_fit_a_laptop_and_a_tv_without_scrolling(server, phone, screen):

    host = phone()
    gid = new_table(server, [host], "full_conquest", "competitive", FOUR)
    # a fight under way with three enemies and a typed block, so every panel of the screen is filled
    host.goto(f"{server}/games/{gid}/combat")
    host.click("[data-testid=quick-fight-rampaging]")
    for token in ("prowlers", "diggers", "cursed_hags"):
        host.click(f"[data-testid=quick-{token}]")
        settled(host)
    tv = screen(1920, 1080, color_scheme="light")
    open_table(tv, host, gid, server)
    host.goto(f"{server}/games/{gid}/combat")
    host.locator("[data-testid=next-phase]").click()
    host.locator("[data-testid=attack-form] input[name=target]").first.check()  # the Prowlers: Armor 3
    host.locator("[data-testid=attack-form] input[name=value]").first.fill("4")
    expect(tv.locator("[data-testid=table-draft-total]")).to_contain_text("Attack 4 of", timeout=LIVE)
    expect(tv.locator("[data-testid=table-fight]")).to_contain_text("Prowlers")
    expect(tv.locator(".t-player")).to_have_count(4)
    assert_fits(tv)
    shot(tv, "table-screen-1920x1080-light")
    tv.set_viewport_size({"width": 1280, "height": 720})
    assert_fits(tv)
    for i in range(4):
        assert font_px(tv, f"[data-testid=table-fame-{i}]") >= 32
        assert font_px(tv, f"[data-testid=table-wounds-{i}]") >= 32
    assert font_px(tv, "[data-testid=table-round] .t-num") >= 32
    shot(tv, "table-screen-1280x720-light")
    tv.set_viewport_size({"width": 1024, "height": 768})
    size = fits(tv)
    assert size["w"] <= size["vw"], size  # no sideways scrolling at 1024 px
    tv.set_viewport_size({"width": 1280, "height": 720})
    assert axe_violations(tv) == []
    assert not tv.console_errors and not host.console_errors, (tv.console_errors, host.console_errors)


def test_the_table_screen_in_german_and_dark_passes_axe(server, phone, screen):

    host = phone()
    host.goto(server + "/games/new")
    host.select_option("select[name=scenario]", "solo_conquest")
    host.check("input[name=mode][value=solo]")
    host.fill("input[name=name_0]", "Anna")
    host.get_by_role("button", name="Create game").click()
    host.wait_for_url(re.compile(r"/games/\d+$"))
    gid = re.search(r"/games/(\d+)", host.url).group(1)
    host.goto(f"{server}/games/{gid}/dummy")
    host.click("[data-testid=dummy-setup]")  # a virtual deck: the screen shows its cards, crystals and forecast
    tv = screen(locale="de-DE", color_scheme="dark")
    open_table(tv, host, gid, server)
    expect(tv.locator("[data-testid=table-round]")).to_contain_text("Runde")
    expect(tv.locator("[data-testid=table-dummy]")).to_contain_text("Dummyspieler")
    expect(tv.locator("[data-testid=table-dummy-forecast]")).to_be_visible()
    assert axe_violations(tv) == []
    assert_fits(tv)
    shot(tv, "table-screen-de-dark")
    assert not tv.console_errors


def test_a_runewars_battle_on_the_table_screen(server, phone, screen):
    """Runewars (seed 001), Rounds of Combat: initiative by initiative each side draws, then routs and damage are
    resolved; the tally names the winner. The table screen follows the battle live."""
    a = phone()
    gid = new_runewars_game(a, server)
    tv = screen()
    open_table(tv, a, gid, server)
    expect(tv.locator("[data-testid=table-screen]")).to_contain_text("No battle under way")
    a.goto(f"{server}/games/{gid}/runewars")
    add_type(a, "0", "Archer", 1, 2)
    add_type(a, "1", "Beastman", 2, 1)
    a.locator("[data-testid='rw-count-Archer']").fill("2")
    a.locator("[data-testid='rw-count-Beastman']").fill("2")
    a.locator("[data-testid=rw-start]").click()
    # initiative 1: only the Elf's Archers (initiative 1) draw
    expect(tv.locator("[data-testid=table-rw-initiative]")).to_contain_text("Initiative 1 of 5", timeout=LIVE)
    expect(tv.locator("[data-testid=table-rw-turn]")).to_contain_text("Elf")
    expect(tv.locator("[data-testid=table-rw-side-attacker]")).to_contain_text("2 units standing")
    a.locator("form.rw-draw input[name=damage]").first.fill("1")
    a.locator("[data-testid=rw-draw-0]").click()
    # the Uthuk's Beastmen (health 1) take the damage: one is destroyed
    expect(tv.locator("[data-testid=table-rw-turn]")).to_contain_text("Uthuk", timeout=LIVE)
    a.locator("[data-testid=rw-resolve]").click()
    expect(tv.locator("[data-testid=table-rw-side-defender]")).to_contain_text("1 unit standing", timeout=LIVE)
    expect(tv.locator("[data-testid=table-rw-side-defender] li.defeated")).to_have_count(1)
    # initiative 2: the last Beastman deals 1 damage to an Archer (health 2: damaged, still standing)
    expect(tv.locator("[data-testid=table-rw-initiative]")).to_contain_text("Initiative 2 of 5", timeout=LIVE)
    a.locator("form.rw-draw input[name=damage]").first.fill("1")
    a.locator("[data-testid=rw-draw-0]").click()
    a.locator("[data-testid=rw-resolve]").click()
    expect(tv.locator("[data-testid=table-rw-side-attacker]")).to_contain_text("damage 1/2", timeout=LIVE)
    expect(tv.locator("[data-testid=table-rw-tally]")).to_have_text("Tally: attacker 2, defender 1", timeout=LIVE)
    shot(tv, "table-screen-runewars-tally")
    a.locator("[data-testid=rw-end]").click()
    expect(tv.locator("[data-testid=table-rw-winner]")).to_contain_text("the attacker wins, 2 against 1",
                                                                      timeout=LIVE)
    assert_fits(tv)
    assert not tv.console_errors and not a.console_errors, (tv.console_errors, a.console_errors)


def test_each_phone_shows_its_own_player_first(server, phone):
    """Ben's phone shows Ben first and open, Anna as one line (Fame, level, Reputation, Wounds,
    whose turn) that opens on a tap and stays open while another phone changes her Fame; the host sees everybody."""
    a, b = phone(), phone()
    gid = new_table(server, [a, b], "full_conquest", "competitive", THREE[:2])
    b.goto(f"{server}/games/{gid}")
    assert b.locator("section.player, details.player").evaluate_all(
        "els => els.map(e => e.dataset.testid)") == ["player-1", "player-0"]
    line = b.locator("[data-testid=player-line-0]")
    expect(line).to_contain_text("Anna · Fame 0 · Level 1 · Reputation 0 · 0 Wounds")
    expect(b.locator("[data-testid=player-0] [data-testid=fame-0]")).to_be_hidden()
    assert b.evaluate("document.documentElement.scrollHeight") < a.evaluate("document.documentElement.scrollHeight")
    shot(b, "board-own-player-first")
    line.click()
    expect(b.locator("[data-testid=fame-0]")).to_be_visible()
    a.locator("[data-testid=fame-0] button[value='5']").click()  # the host's board: every player open
    expect(line).to_contain_text("Fame 5", timeout=LIVE)
    expect(b.locator("[data-testid=fame-0]")).to_be_visible()  # the morph keeps the line this phone opened
    assert not a.console_errors and not b.console_errors, (a.console_errors, b.console_errors)


WAKE_LOCK_STUB = """Object.defineProperty(Navigator.prototype, 'wakeLock', {configurable: true, get: () => ({
  request: (type) => { window.wakeLocks = (window.wakeLocks || []).concat([type]);
                       return Promise.resolve({addEventListener(name, fn) { window.releaseWake = fn; }}); }})});"""


def test_the_screen_stays_on_and_catches_up_after_sleep(server, phone, screen):
    """The table screen asks for a Screen Wake Lock; a laptop that slept (its network gone meanwhile) shows that
    it is offline, then catches up with what the phones recorded as soon as it is back."""
    a = phone()
    gid = new_table(server, [a], "full_conquest", "competitive", THREE[:2])
    tv = screen()
    tv.context.add_init_script(WAKE_LOCK_STUB)
    open_table(tv, a, gid, server)
    tv.wait_for_function("() => (window.wakeLocks || []).includes('screen')")
    tv.context.set_offline(True)
    a.goto(f"{server}/games/{gid}")
    a.locator("[data-testid=fame-0] button[value='5']").click()
    expect(tv.locator("#sync-status")).to_have_attribute("data-state", "offline", timeout=LIVE)
    expect(tv.locator("[data-testid=table-fame-0]")).to_have_text("0")
    tv.context.set_offline(False)
    # the browser released the lock when the laptop slept; the lid opens: the page is shown again
    tv.evaluate("window.releaseWake(); document.dispatchEvent(new Event('visibilitychange'))")
    expect(tv.locator("[data-testid=table-fame-0]")).to_have_text("5", timeout=LIVE)
    expect(tv.locator("#sync-status")).to_have_attribute("data-state", "synced", timeout=LIVE)
    assert tv.evaluate("window.wakeLocks.length") >= 2  # asked again when the page is shown
    offline = ("sendError", "afterRequest", "ERR_INTERNET_DISCONNECTED")  # htmx and the browser say it was offline
    assert all(any(w in e for w in offline) for e in tv.console_errors), tv.console_errors
    assert not a.console_errors
