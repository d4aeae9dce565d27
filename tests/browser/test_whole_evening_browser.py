"""A whole evening played through the pages as a table of new users would, on phones 360 px wide: a Solo Conquest
from the new-game page to the final score sheet, and a three-phone Full Conquest to its end and back (undo)."""

import re

import pytest
from playwright.sync_api import expect

from browser_helpers import new_table, shot
from test_scenario_end_browser import conquer, garrison_of

pytestmark = pytest.mark.browser

W = 360


def dump(page, name):
    shot(page, "evening-" + name)


def board(page, base, gid):
    page.goto(f"{base}/games/{gid}")
    return page.locator("[data-testid=round-flow]")


def dummy_turn_from_the_board(page):
    """The board sends the table to the Dummy player's page for its turn; one flip there."""
    page.click("[data-testid=rounds-dummy-turn]")
    page.click("[data-testid=dummy-flip]")
    expect(page.locator(".dummy-card")).not_to_have_count(0)


def new_round_on_the_dummy_page(page, base, gid, n):
    flow = board(page, base, gid)
    expect(flow.get_by_test_id("round-over")).to_have_text("The round is over.")
    page.click("[data-testid=rounds-next]")
    page.select_option("[data-testid=dummy-aa]", "color:white")
    page.get_by_test_id("dummy-spell-blue").check()
    page.get_by_test_id("dummy-new-round-submit").click()
    expect(page.get_by_test_id("dummy-new-round-later")).to_have_count(1)
    board(page, base, gid)
    expect(page.get_by_role("heading", name=re.compile(rf"Round {n} of 6"))).to_be_visible()


def test_a_solo_conquest_from_the_new_game_page_to_the_score_sheet(server, phone):
    """Scenario Book, Solo Conquest (six Rounds; "When all cities are conquered, you have one last turn (the Dummy
    player does not)") and Dummy Player; Rulebook, A Round: Tactics, turns in Round order, the End of the Round.
    Every Round is played through the board and the Dummy player's page at 360 px; two cities are conquered on the
    combat page, the second in the last Round; the end is announced, a stale tab's End turn is refused on the page,
    and the score sheet shows the recorded cities and Fame."""
    page = phone(width=W)
    page.goto(server + "/games/new")
    page.select_option("select[name=scenario]", "solo_conquest")
    page.check("input[name=mode][value=solo]")
    page.fill("input[name=name_0]", "Anna")
    page.select_option("select[name=hero_0]", "goldyx")
    page.get_by_role("button", name="Create game").click()
    page.wait_for_url(re.compile(r"/games/\d+$"))  # a solo host is not asked who they are
    gid = re.search(r"/games/(\d+)", page.url).group(1)
    expect(page.get_by_role("heading", name=re.compile(r"Round 1 of 6"))).to_be_visible()
    page.click("[data-testid=now-dummy-setup]")
    page.click("[data-testid=dummy-setup]")
    expect(page.get_by_test_id("dummy-deck-count")).to_have_text("16")

    for n in range(1, 7):
        flow = board(page, server, gid)
        # the lowest Tactic: Anna plays before the Dummy player, who takes one of the rest
        page.locator("[data-testid=tactic-choices] button").first.click()
        expect(page.locator("[data-testid=now-playing]")).to_have_text(re.compile(r"Now playing: (you, )?Anna"))
        expect(flow.get_by_test_id("next-up")).to_have_text("Next: Dummy player")
        if n == 1:
            page.click("[data-testid=end-turn]")
            expect(page.locator("[data-testid=now-playing]")).to_contain_text("Dummy player")
            dummy_turn_from_the_board(page)
            fame = conquer(page, server, gid, "white", 5)  # the Fame of its garrison's tokens (rules data)
            outcome = page.get_by_test_id("combat-outcome")
            expect(outcome.locator("dd").first).to_have_text(f"0 → {fame}")
            # Rulebook Combat Outcomes 1a: one Shield token on the City card per defeated defender
            expect(outcome).to_contain_text(f"Shields on the city: {len(garrison_of('white', 5))}.")
            expect(outcome).to_contain_text("Site conquered.")
        if n == 6:
            break
        board(page, server, gid)
        page.click("[data-testid=announce]")
        expect(flow.get_by_test_id("round-announced")).to_contain_text("Anna announced the End of the Round")
        dummy_turn_from_the_board(page)  # its one last turn
        new_round_on_the_dummy_page(page, server, gid, n + 1)

    fame += conquer(page, server, gid, "blue", 8)
    flow = board(page, server, gid)
    expect(flow.get_by_test_id("scenario-end-met")).to_contain_text("Every city is conquered.")
    page.click("[data-testid=end-turn]")
    expect(flow.get_by_test_id("scenario-end-last-turns")).to_contain_text("Anna")
    expect(page.locator("[data-testid=now-playing]")).to_have_text(re.compile(r"Last turn: (yours, )?Anna"))
    shot(page, "evening-solo-last-turn")
    page.goto(f"{server}/games/{gid}/dummy")  # the Dummy player takes no last turn
    expect(page.get_by_test_id("dummy-refused")).to_contain_text("the Dummy player none")
    expect(page.get_by_test_id("dummy-flip")).to_have_count(0)

    # an old tab of the same phone, still showing the last turn's End turn (no script: it does not update)
    stale_ctx = page.context.browser.new_context(storage_state=page.context.storage_state(),
                                                 java_script_enabled=False, viewport={"width": W, "height": 800})
    try:
        stale = stale_ctx.new_page()
        stale.goto(f"{server}/games/{gid}")
        board(page, server, gid)
        page.click("[data-testid=end-turn]")  # the one last turn is over
        expect(page.get_by_test_id("game-over")).to_contain_text("The game is over.")
        expect(page.locator("[data-testid=end-turn]")).to_have_count(0)
        stale.click("[data-testid=end-turn]")
        expect(stale.get_by_text(re.compile(r"The game is over: .*\. No more turns or rounds"))).to_be_visible()
        shot(stale, "evening-solo-stale-tab-refused")
        stale.get_by_test_id("error-score").click()  # the message says "Open the score sheet": its link is there
        expect(stale.get_by_role("heading", name=re.compile("Score sheet"))).to_be_visible()
    finally:
        stale_ctx.close()

    board(page, server, gid)
    page.click("[data-testid=rounds-score]")
    page.wait_for_url(re.compile(rf"/games/{gid}/score"))
    # the sheet fills itself from the record: the Fame of both garrisons, both cities conquered and led
    expect(page.get_by_label("Anna Fame", exact=True)).to_have_value(str(fame))
    expect(page.get_by_label("Anna Cities led", exact=True)).to_have_value("2")
    expect(page.get_by_label("Cities conquered", exact=True)).to_have_value("2")
    expect(page.get_by_label("Rounds left before the limit", exact=True)).to_have_value("0")
    table = page.get_by_test_id("score-table")
    expect(table.get_by_role("row", name=re.compile(r"^10 per city conquered"))).to_contain_text("20")
    expect(table.get_by_role("row", name=re.compile(r"^All cities conquered"))).to_contain_text("15")
    expect(page.get_by_test_id("result")).to_contain_text("Mission successful.")
    shot(page, "evening-solo-score")
    assert not page.console_errors, page.console_errors


def post_anyway(page, command, **fields):
    """What a stale or tampered page sends: a form of the page (its CSRF token and the state it was based on)
    re-pointed at ``command`` and posted without htmx; the server's answer is the page shown."""
    page.evaluate("""([command, fields]) => {
        const form = document.querySelector('form[action*="/do/"]');
        form.removeAttribute('hx-post');
        form.action = form.action.replace(/\\/do\\/[^/?]+/, '/do/' + command);
        for (const [k, v] of Object.entries(fields)) {
            const input = document.createElement('input');
            input.type = 'hidden'; input.name = k; input.value = v; form.appendChild(input);
        }
        form.submit();
    }""", [command, fields])
    page.wait_for_load_state()


def test_a_three_phone_full_conquest_to_the_score_sheet_and_back(server, phone):
    """Scenario Book, Full Conquest, Scenario End ("When all cities are conquered, all players (including the one
    who conquered the last city) have one last turn"); Rulebook, A Round: Tactics by the lowest Fame, then turns in
    Round order. Three phones at 360 px (the host's and two joined through the join link): every phone shows whose
    turn it is; another phone has no End turn and is refused by name if it posts anyway; the host ends a turn for
    another player and the log says so; the end, the last turns and the game over reach every phone without a
    reload; the host's undo across the end brings the last turn back on every phone."""
    a, b, c = phone(width=W), phone(width=W), phone(width=W)
    gid = new_table(server, (a, b, c), "full_conquest", "competitive",
                    (("Anna", "arythea"), ("Ben", "tovak"), ("Cleo", "goldyx")))
    phones = {"Anna": a, "Ben": b, "Cleo": c}
    for name in ("Ben", "Cleo"):
        expect(phones[name].locator("[data-testid=now-playing]")).to_be_visible()

    def everyone_sees(pattern, timeout=5000):
        for name, ph in phones.items():
            expect(ph.locator("[data-testid=now-playing]")).to_have_text(pattern(name), timeout=timeout)

    def mine_or(who):
        return lambda me: re.compile(rf"Now playing: {'you, ' if me == who else ''}{who}\s*$")

    # Tactics on each player's own phone, lowest Fame first (all 0: the lower in the round order first)
    for who in ("Cleo", "Ben", "Anna"):
        everyone_sees(lambda me, who=who: re.compile(
            rf"Choosing Tactics: your choice now, {who}" if me == who else rf"Choosing Tactics: {who} chooses now"))
        phones[who].locator("[data-testid=tactic-choices] button").first.click()
    everyone_sees(mine_or("Cleo"))
    for ph in phones.values():
        expect(ph.get_by_test_id("next-up")).to_have_text("Next: Ben")

    # Ben's phone: no End turn for Cleo, and a post anyway is refused, naming whose turn it is
    expect(b.get_by_test_id("not-your-turn")).to_contain_text("It is Cleo's turn")
    expect(b.get_by_test_id("end-turn")).to_have_count(0)
    post_anyway(b, "round_end_turn", player="2")
    expect(b.get_by_text(re.compile(r"It is Cleo's turn"))).to_be_visible()
    shot(b, "evening-not-your-turn-refused")
    assert b.console_errors == ["Failed to load resource: the server responded with a status of 403 (FORBIDDEN)"]
    b.console_errors.clear()
    b.goto(f"{server}/games/{gid}")
    everyone_sees(mine_or("Cleo"))  # nothing moved

    c.click("[data-testid=end-turn]")
    everyone_sees(mine_or("Ben"))
    a.click("[data-testid=end-turn]")  # the host ends Ben's turn for him
    everyone_sees(mine_or("Anna"))
    a.goto(f"{server}/games/{gid}/log")
    expect(a.locator(".log")).to_contain_text("Ben's turn is over (by the host).")

    fame = sum(conquer(a, server, gid, city, 4) for city in ("white", "blue", "red"))
    board(a, server, gid)
    expect(a.get_by_test_id("scenario-end-met")).to_contain_text("Every city is conquered.")
    a.click("[data-testid=end-turn]")
    for ph in phones.values():
        expect(ph.get_by_test_id("scenario-end-last-turns")).to_be_visible(timeout=5000)
    everyone_sees(lambda me: re.compile(rf"Last turn: {'yours, ' if me == 'Cleo' else ''}Cleo"))
    for who in ("Cleo", "Ben", "Anna"):  # each player's one last turn, on their own phone
        expect(phones[who].locator("[data-testid=now-playing]")).to_contain_text(f"Last turn: yours, {who}")
        phones[who].click("[data-testid=end-turn]")
    for ph in phones.values():
        expect(ph.get_by_test_id("now-game-over")).to_contain_text("The game is over.", timeout=5000)
        expect(ph.get_by_test_id("end-turn")).to_have_count(0)
    shot(b, "evening-full-conquest-over")

    b.get_by_test_id("now-playing").get_by_role("link", name=re.compile("Open the score sheet")).click()
    b.wait_for_url(re.compile(rf"/games/{gid}/score"))
    expect(b.get_by_label("Anna Fame", exact=True)).to_have_value(str(fame))  # the three garrisons' tokens
    expect(b.get_by_label("Ben Fame", exact=True)).to_have_value("0")
    expect(b.get_by_label("Anna Cities led", exact=True)).to_have_value("3")
    expect(b.get_by_label("Cities in the game", exact=True)).to_have_value("3")  # one per player
    table = b.get_by_test_id("score-table")
    expect(table.get_by_role("row", name=re.compile(r"^Cities"))).to_contain_text("21")  # 7 per city led
    # Scenario Book, Full Conquest, scoring: Fame, 7 for the leader of each city, the Greatest City Conqueror +5;
    # no Wounds (the garrisons fell to one Siege attack), no other achievement scored: no other title
    expect(b.get_by_test_id("winner")).to_have_text(f"Anna wins with {fame + 3 * 7 + 5}.")

    # the host undoes the last End turn: the game is on again, on every phone
    board(a, server, gid)
    a.get_by_test_id("undo").first.click()
    b.goto(f"{server}/games/{gid}")  # Ben was on the score sheet
    for ph in phones.values():
        expect(ph.get_by_test_id("now-game-over")).to_have_count(0, timeout=5000)
    everyone_sees(lambda me: re.compile(rf"Last turn: {'yours, ' if me == 'Anna' else ''}Anna"))
    expect(a.get_by_test_id("end-turn")).to_be_visible()
    assert not a.console_errors and not b.console_errors and not c.console_errors
