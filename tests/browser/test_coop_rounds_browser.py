"""A Full Cooperation game with the Dummy player on two phones, three whole Rounds through the pages:

- Scenario Book, Dummy Player: its set-up (a hero not in play, a virtual deck), a turn when the Round order says so;
- Scenario Book, Full Cooperation, Special Rules: "When taking Tactics, the Dummy player takes a random Tactic
  first" and "At the end of the Day or Night, agree and remove one of the Tactics used by the players (not the
  Dummy player) from the game";
- Rulebook, A Round 3 (Tactics: the lowest Fame picks first) and 4 (turns in the Round order, the End of the Round
  announced, every other player's one last turn), 5 (the next Round).

Each player picks their Tactic and ends their turns on their own phone; the other phone is told whose turn it is and
offered no button; the Dummy player's flip is offered only on its turn. Waits on what the pages show, never sleeps."""

import re

import pytest
from playwright.sync_api import expect

from browser_helpers import new_table, shot

pytestmark = pytest.mark.browser

NAMES = ("Anna", "Ben")


def now_text(page) -> str:
    return page.locator("[data-testid=now-playing]").inner_text()


def who_now(page):
    """Whose pick or turn the header names: "dummy", a player's name, or None (the Round is over)."""
    text = now_text(page)
    if "Dummy player" in text:
        return "dummy"
    m = re.search(r"(Anna|Ben)", text)
    return m.group(1) if m else None


def pick_tactics(phones, base, gid, host, removed):
    """The Dummy player's random Tactic first, then each player's own pick on their own phone, lowest Fame first."""
    host.goto(f"{base}/games/{gid}")
    expect(host.locator("[data-testid=now-playing]")).to_have_text(
        re.compile(r"Choosing Tactics: the Dummy player draws one at random first"))
    assert host.locator("[data-testid=tactic-choices]").count() == 0  # nobody picks before the Dummy player
    host.click("[data-testid=rounds-dummy-draw]")
    expect(host.locator("[data-testid=pick-order] li").first).to_contain_text(re.compile(r"Dummy player: \d+ · "))
    for _ in NAMES:
        host.goto(f"{base}/games/{gid}")
        picker = who_now(host)
        assert picker in NAMES, now_text(host)
        ph = phones[picker]
        ph.goto(f"{base}/games/{gid}")
        expect(ph.locator("[data-testid=now-playing]")).to_have_text(
            re.compile(rf"Choosing Tactics: your choice now, {picker}"))
        for tid in removed:  # a Tactic removed at the end of an earlier Day or Night is never offered again
            assert ph.locator(f"[data-testid=tactic-{tid}]").count() == 0
        ph.locator("[data-testid=tactic-choices] button").first.click()
        expect(ph.locator("[data-testid=now-playing]")).not_to_have_text(
            re.compile(rf"Choosing Tactics: your choice now, {picker}"))


def check_out_of_turn(phones, base, gid, current):
    """It is ``current``'s turn: the other phone is offered no Dummy flip (its page names whose turn it is), and the
    other player's phone, unless it is the host's (the host may end a turn for anyone), no end-turn button."""
    other_name = next(n for n in NAMES if n != current)
    other = phones[other_name]
    if other_name == "Ben":
        other.goto(f"{base}/games/{gid}")
        expect(other.locator("[data-testid=not-your-turn]")).to_contain_text(f"It is {current}'s turn")
        assert other.locator("[data-testid=end-turn]").count() == 0
    other.goto(f"{base}/games/{gid}/dummy")
    expect(other.locator("[data-testid=dummy-turn-card]")).to_contain_text(f"Now playing: {current}")
    assert other.locator("[data-testid=dummy-flip]").count() == 0
    assert other.locator("[data-testid=dummy-prompt]").count() == 0


def play_turns(phones, base, gid, host, announce_by=None):
    """Turns in the Round order until the Round is over: the Dummy's on its page (its deck empty: it announces the
    End of the Round), a player's on their own phone; ``announce_by`` announces the End of the Round on their first
    turn (the Dummy player, 17 cards or more, cannot have emptied its deck in one turn). Returns the order of who
    played and where in it the player announced (or None)."""
    played, checked, turns_of, announced_at = [], set(), {n: 0 for n in NAMES}, None
    for _ in range(60):
        host.goto(f"{base}/games/{gid}")
        if host.locator("[data-testid=round-over]").count():
            return played, announced_at
        who = who_now(host)
        before = now_text(host)
        if who == "dummy":
            host.click("[data-testid=rounds-dummy-turn]")
            expect(host.locator("[data-testid=dummy-prompt]")).to_have_text("Dummy's turn")
            host.click("[data-testid=dummy-flip]")
        else:
            assert who in NAMES, before
            if who not in checked:
                check_out_of_turn(phones, base, gid, who)
                checked.add(who)
            ph = phones[who]
            ph.goto(f"{base}/games/{gid}")
            expect(ph.locator("[data-testid=now-playing]")).to_have_text(
                re.compile(rf"(Now playing: you|Last turn: yours), {who}"))
            turns_of[who] += 1
            if who == announce_by and turns_of[who] == 1:
                ph.click("[data-testid=announce]")
                announced_at = len(played)
                expect(ph.locator("[data-testid=round-announced]")).to_contain_text(f"{who} announced")
            else:
                ph.click("[data-testid=end-turn]")
        played.append(who)
        host.goto(f"{base}/games/{gid}")
        expect(host.locator("[data-testid=now-playing]")).not_to_have_text(before)  # recorded before the next tap
    raise AssertionError("the Round never ended")


def new_round(base, gid, host):
    """The Round is over: the Dummy's new round (an Advanced Action joins its deck, a Spell's crystal) and the
    Tactic the players remove from the game. Returns the removed Tactic's id."""
    host.goto(f"{base}/games/{gid}")
    expect(host.locator("[data-testid=round-over]")).to_be_visible()
    host.click("[data-testid=rounds-next]")
    host.select_option("[data-testid=dummy-aa]", "color:white")
    host.get_by_test_id("dummy-spell-green").check()
    removed = host.locator("select[name=remove_tactic]").input_value()
    host.get_by_test_id("dummy-new-round-submit").click()
    expect(host.get_by_test_id("dummy-new-round-later")).to_have_count(1)  # the new round is running
    return removed


def test_full_cooperation_with_the_dummy_player_three_rounds_on_two_phones(server, phone):
    a, b = phone(), phone()
    gid = new_table(server, (a, b), "full_cooperation", "coop", tuple(zip(NAMES, ("arythea", "goldyx"))))
    phones = {"Anna": a, "Ben": b}

    # the Dummy player's set-up comes first: no Tactic before it
    a.goto(f"{server}/games/{gid}")
    expect(a.locator("[data-testid=now-playing]")).to_have_text("Set up the Dummy player →")
    expect(a.get_by_test_id("now-dummy-setup")).to_have_attribute("href", f"/games/{gid}/dummy#dummy-setup")
    a.click("[data-testid=now-dummy-setup]")
    a.select_option("[data-testid=dummy-hero]", "tovak")
    a.get_by_test_id("dummy-setup").click()
    expect(a.get_by_test_id("dummy-deck-count")).to_have_text("16")

    removed: list[str] = []
    for rnd, announce_by in ((1, None), (2, "Ben"), (3, None)):
        b.goto(f"{server}/games/{gid}")
        expect(b.get_by_text(re.compile(rf"Round {rnd} of 6"))).to_be_visible()
        pick_tactics(phones, server, gid, a, removed)
        played, announced_at = play_turns(phones, server, gid, a, announce_by)
        assert {"dummy", "Anna", "Ben"} <= set(played)
        assert (announced_at is not None) == bool(announce_by)
        if announced_at is not None:  # every other player, the Dummy player too, takes one last turn
            assert sorted(played[announced_at + 1:]) == ["Anna", "dummy"]
        if rnd == 1:
            shot(b, "coop-round-over")
        removed.append(new_round(server, gid, a))
        assert removed[-1] and removed[-1] not in removed[:-1]
    b.goto(f"{server}/games/{gid}")
    expect(b.get_by_text(re.compile(r"Round 4 of 6"))).to_be_visible()
    expect(b.locator("[data-testid=now-playing]")).to_have_text(
        re.compile(r"Choosing Tactics: the Dummy player draws one at random first"))
    a.goto(f"{server}/games/{gid}/dummy")
    expect(a.get_by_test_id("dummy-deck-count")).to_have_text("19")  # 16 + one Advanced Action each new Round
    assert not a.console_errors and not b.console_errors
