"""Undo you can read and roles in real browsers (three phones, separate contexts): undo labels, "Undo my last" with
and without an intervening change by another phone, the notice on every phone, undo from the log page, a watcher
sees no controls and every command from it answers 403; the score sheet's marker, follow-the-board, its height."""

import re

import pytest
from playwright.sync_api import expect

from browser_helpers import open_player, settled, shot
from test_two_phones import create_game, fame_value

pytestmark = pytest.mark.browser


def join(page, url, who):
    page.goto(url)
    page.get_by_role("button", name=who).click()


def crystal(page, player, color, step="1"):
    page.locator(f"[data-testid=player-{player}] .crystal-{color} button[value='{step}']").click()


def only_expected_errors(page, *allowed):
    return [e for e in page.console_errors if not any(a in e for a in allowed)]


def test_undo_labels_undo_my_last_notice_and_log(server, phone):
    a, b, c = phone(), phone(), phone()
    gid = create_game(a, server)
    url = a.locator("[data-testid=join-url]").get_attribute("href")
    join(b, url, "Ben")
    join(c, url, "I only watch")

    a.locator("[data-testid=fame-0] button[value='1']").click()
    expect(fame_value(a, 0)).to_have_text("1")
    crystal(b, 1, "white")
    # the Undo button says what it takes back and whose change it was
    expect(a.locator("[data-testid=undo]")).to_contain_text("Undo: Ben", timeout=3000)
    expect(a.locator("[data-testid=undo]")).to_contain_text("white")
    expect(a.locator("[data-testid=undo]")).to_contain_text("(by Ben)")
    shot(a, "undo-label")

    # "Undo my last" on Anna's phone takes back her Fame, not Ben's later crystal
    a.locator("[data-testid=undo-mine]").click()
    expect(fame_value(a, 0)).to_have_text("0")
    expect(b.locator("[data-testid=player-1] .crystal-white output")).to_have_text("1")
    for p in (a, b, c):  # the notice on every phone
        expect(p.locator("[data-testid=undo-notice]")).to_have_text(re.compile(r"^Anna undid: Anna gains 1 Fame"),
                                                                   timeout=3000)
    shot(c, "undo-notice-watcher")

    # with an intervening change by another phone to the same thing: a clear refusal naming it
    a.locator("[data-testid=fame-0] button[value='1']").click()
    expect(fame_value(a, 0)).to_have_text("1")
    expect(fame_value(b, 0)).to_have_text("1", timeout=3000)
    open_player(b, 0)  # Anna's line on Ben's phone, opened with a tap
    b.locator("[data-testid=fame-0] button[value='5']").click()
    expect(fame_value(a, 0)).to_have_text("6", timeout=3000)
    a.locator("[data-testid=undo-mine]").click()
    expect(a.locator("[data-testid=refusal]")).to_contain_text("changed this since: undo that first, or ask Ben")
    expect(a.locator("[data-testid=refusal]")).to_contain_text("Anna gains 5 Fame")
    expect(fame_value(a, 0)).to_have_text("6")

    # the log page undoes a chosen entry under the same rule: Ben's crystal (nothing touched it since)
    b.goto(f"{server}/games/{gid}/log")
    entry = b.locator("li", has_text="white crystal").locator("button")
    entry.click()
    expect(b.locator("[data-testid=undo-notice]")).to_contain_text("Ben undid:")
    expect(a.locator("[data-testid=player-1] .crystal-white output")).to_have_text("0", timeout=3000)
    shot(b, "log-undo")
    assert not only_expected_errors(a, "409")
    assert not b.console_errors and not c.console_errors


def test_watcher_sees_no_controls_and_is_refused(server, phone):
    a, w = phone(), phone()
    gid = create_game(a, server)
    url = a.locator("[data-testid=join-url]").get_attribute("href")
    join(w, url, "I only watch")
    expect(w.locator("[data-testid=watching]")).to_be_visible()
    for path in ("", "/combat", "/score", "/log"):
        w.goto(f"{server}/games/{gid}{path}")
        visible = [b for b in w.locator("main button, main input:not([type=hidden]), main select").all()
                   if b.is_visible()]
        assert not visible, (path, [v.evaluate("e => e.outerHTML")[:120] for v in visible])
    shot(w, "watcher-log")
    token = w.evaluate("JSON.parse(document.body.getAttribute('hx-headers'))['X-CSRFToken']")
    for path, form in ((f"/games/{gid}/do/fame", {"player": "0", "amount": "1"}), (f"/games/{gid}/undo", {}),
                       (f"/games/{gid}/undo-mine", {}), (f"/games/{gid}/score/set",
                                                         {"player": "0", "field": "fame", "value": "3"})):
        r = w.request.post(server + path, form=form, headers={"X-CSRFToken": token}, max_redirects=0)
        assert r.status == 403, (path, r.status)
    r = w.request.post(f"{server}/api/v1/games/{gid}/commands/fame", data={"player": 0, "amount": 1},
                       max_redirects=0)
    assert r.status == 403


def test_score_sheet_marker_follow_the_board_and_height(server, phone):
    a = phone(width=390)
    a.goto(server + "/games/new")
    a.select_option("select[name=scenario]", "full_conquest")
    a.check("input[name=mode][value=competitive]")
    for i, (name, hero) in enumerate((("Anna", "arythea"), ("Ben", "tovak"), ("Cara", "goldyx"))):
        a.fill(f"input[name=name_{i}]", name)
        a.select_option(f"select[name=hero_{i}]", hero)
    a.get_by_role("button", name="Create game").click()
    a.get_by_role("button", name="Anna").click()
    gid = int(re.search(r"/games/(\d+)", a.url).group(1))
    a.locator("[data-testid=fame-0] button[value='5']").click()
    expect(fame_value(a, 0)).to_have_text("5")
    a.goto(f"{server}/games/{gid}/score")
    fame = a.locator("[data-testid=sheet-0-fame] input[name=value]")
    expect(fame).to_have_value("5")
    assert fame.get_attribute("inputmode") == "numeric"
    height = a.evaluate("document.documentElement.scrollHeight")
    shot(a, "score-sheet-3-players")
    assert height < 5000, height  # 11,676 px at 390 px wide before
    fame.fill("40")
    fame.press("Enter")
    expect(a.locator("[data-testid=sheet-0-fame] input[name=value]")).to_have_value("40")
    # Enter (a phone's Go key) fires both change and submit: still one edit, one event, so one undo takes it back
    # (found in a fresh-machine walkthrough: two events, and "Undo my last" seemed to do nothing)
    settled(a)  # the second request Enter may have started has been answered too
    a.goto(f"{server}/games/{gid}/log")
    # (the entry's value 40, not a time such as 22:40 that every entry of that minute shows)
    expect(a.locator("li[data-testid^=log-]", has_text=re.compile(r"(?<![:\d])40\b"))).to_have_count(1)
    # the board moves on: the untouched line of Ben follows it, Anna's edited line is marked
    a.goto(f"{server}/games/{gid}")
    a.locator("[data-testid=fame-0] button[value='5']").click()
    expect(fame_value(a, 0)).to_have_text("10")
    a.locator("[data-testid=fame-1] button[value='5']").click()
    expect(fame_value(a, 1)).to_have_text("5")
    a.goto(f"{server}/games/{gid}/score")
    expect(a.locator("[data-testid=sheet-1-fame] input[name=value]")).to_have_value("5")
    marker = a.locator("[data-testid=sheet-0-fame-follow]")
    expect(marker).to_have_text("edited – board says 10")
    shot(a, "score-sheet-edited")
    marker.click()
    expect(a.locator("[data-testid=sheet-0-fame] input[name=value]")).to_have_value("10")
    expect(a.locator("[data-testid=sheet-0-fame-follow]")).to_have_count(0)
    assert not a.console_errors


def test_choosing_a_solo_scenario_sets_the_solo_mode(server, phone):
    a = phone()
    a.goto(server + "/games/new")
    expect(a.locator("input[name=mode][value=competitive]")).to_be_checked()
    a.select_option("select[name=scenario]", "solo_conquest")
    expect(a.locator("input[name=mode][value=solo]")).to_be_checked()
    a.select_option("select[name=scenario]", "full_cooperation")
    expect(a.locator("input[name=mode][value=coop]")).to_be_checked()
    a.select_option("select[name=scenario]", "full_conquest")
    expect(a.locator("input[name=mode][value=coop]")).not_to_be_checked()
    assert not a.console_errors
