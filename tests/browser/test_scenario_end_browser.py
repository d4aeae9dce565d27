"""A Solo Conquest played to its end on a phone, through the pages: the Dummy player set up, a Tactic, both cities
conquered on the combat page, then (Scenario Book, Solo Conquest, Scenario End: "When all cities are conquered, you
have one last turn (the Dummy player does not)") the end shown, one last turn, the Dummy refused, the game over and
the score sheet one tap away."""

import re

import pytest
from playwright.sync_api import expect

from browser_helpers import add_token, new_table, settled, shot
from companion.rules.data import get_rules

pytestmark = pytest.mark.browser


# one token per garrison circle, by pile: base-game tokens a Siege attack can reach in a city (no fortification of
# their own, so not double fortified: Rulebook Ranged and Siege phase 3) and without Physical Resistance
GARRISON_TOKENS = {"gray": ("swordsmen", "crossbowmen"), "violet": ("ice_mages", "fire_mages", "monks"),
                   "white": ("freezers", "gunners"), "brown": ("minotaur", "werewolf", "medusa")}


def garrison_of(city, level):
    """Rulebook, Revealing a city: "For each circle, draw an enemy token of the corresponding color" - the city's
    garrison at this level (rules_data/cities.yaml), one token per circle (a second circle of a colour: the next
    token of that pile)."""
    drawn = []
    for pile in get_rules().cities[city].garrison[level]:
        drawn.append(GARRISON_TOKENS[pile][sum(1 for t in drawn if t in GARRISON_TOKENS[pile])])
    return drawn


def conquer(page, base, gid, city, level):
    """A city assault against its real garrison (the garrison piles of that city and level, one token each), all
    defeated by one Siege attack in the Ranged and Siege phase (city defenders are fortified: Siege only; the White
    City gives every defender Armor +1: Rulebook City Assaults 1a), so the combat ends there. Returns the Fame the
    tokens are worth (rules_data/enemies.yaml)."""
    tokens = garrison_of(city, level)
    enemies = [get_rules().enemies[t] for t in tokens]
    armor = sum(e.armor + (1 if city == "white" else 0) for e in enemies)
    page.goto(f"{base}/games/{gid}/combat")
    page.check("input[name=fight][value=city]")
    page.select_option("select[name=city]", city)
    page.fill("input[name=level]", str(level))
    page.click("[data-testid=combat-setup-go]")
    page.wait_for_selector("[data-testid=garrison]")
    for token in tokens:
        add_token(page, token)
    page.click("[data-testid=next-phase]")
    form = page.locator("[data-testid=attack-form]")  # Ranged and Siege
    expect(form.locator("input[name=target]")).to_have_count(len(tokens))
    settled(page)
    for target in form.locator("input[name=target]").all():
        target.check()
    form.locator("select[name=kind]").first.select_option("siege")
    form.locator("input[name=value]").first.fill(str(armor))
    page.click("[data-testid=attack-go]")
    expect(page.locator(".enemy.defeated")).to_have_count(len(tokens))
    page.click("[data-testid=combat-end]")
    page.wait_for_selector("[data-testid=combat-outcome]")
    return sum(e.fame for e in enemies)


def test_a_solo_conquest_to_its_end_on_a_phone(server, phone):
    page = phone()
    page.goto(server + "/games/new")
    page.select_option("select[name=scenario]", "solo_conquest")
    if page.locator("input[name=mode][value=solo]").count():
        page.check("input[name=mode][value=solo]")
    page.fill("input[name=name_0]", "Anna")
    page.locator("form[action='/games'] button").last.click()
    page.wait_for_url(re.compile(r"/games/\d+(/|$)"))
    gid = re.search(r"/games/(\d+)", page.url).group(1)

    page.goto(f"{server}/games/{gid}")
    page.click("[data-testid=now-dummy-setup]")
    page.click("[data-testid=dummy-setup]")
    page.wait_for_selector("[data-testid=now-playing]")
    page.goto(f"{server}/games/{gid}")
    page.click("[data-testid=tactic-early_bird]")  # Early Bird (1): Anna plays before the Dummy player
    expect(page.locator("[data-testid=now-playing]")).to_have_text(re.compile(r"Now playing: (you, )?Anna"))

    conquer(page, server, gid, "white", 5)
    conquer(page, server, gid, "blue", 8)
    page.goto(f"{server}/games/{gid}")
    expect(page.locator("[data-testid=scenario-end-met]")).to_contain_text("Every city is conquered.")
    page.click("[data-testid=end-turn]")
    expect(page.locator("[data-testid=scenario-end-last-turns]")).to_contain_text("Anna")
    expect(page.locator("[data-testid=now-playing]")).to_have_text(re.compile(r"Last turn: (yours, )?Anna"))

    # the Dummy player takes no last turn: its page says so and offers no flip
    page.goto(f"{server}/games/{gid}/dummy")
    expect(page.locator("[data-testid=dummy-refused]")).to_contain_text("the Dummy player none")
    assert page.locator("[data-testid=dummy-flip]").count() == 0

    page.goto(f"{server}/games/{gid}")
    page.click("[data-testid=end-turn]")  # your one last turn
    expect(page.locator("[data-testid=game-over]")).to_contain_text("The game is over.")
    expect(page.locator("[data-testid=now-playing]")).to_contain_text("The game is over.")
    assert page.locator("[data-testid=end-turn]").count() == 0
    shot(page, "scenario-end-solo")
    page.goto(f"{server}/games/{gid}/dummy")
    expect(page.locator("[data-testid=dummy-game-over]")).to_contain_text("The game is over.")
    assert page.locator("[data-testid=dummy-new-round-submit]").count() == 0
    page.goto(f"{server}/games/{gid}")
    page.click("[data-testid=rounds-score]")
    page.wait_for_url(re.compile(rf"/games/{gid}/score"))
    assert not page.console_errors


def test_a_three_phone_full_conquest_to_its_end(server, phone):
    """Scenario Book, Full Conquest, Scenario End: "When all cities are conquered, all players (including the one
    who conquered the last city) have one last turn." Three phones; another phone cannot end a player's turn (it is
    told whose turn it is); each phone ends its own last turn; every phone shows the game over."""
    a, b, c = phone(), phone(), phone()
    gid = new_table(server, (a, b, c), "full_conquest", "competitive",
                    (("Anna", "arythea"), ("Ben", "tovak"), ("Cleo", "goldyx")))
    phones = {"Anna": a, "Ben": b, "Cleo": c}

    for _ in range(3):  # the Tactics, picked on the host's phone in the rulebook's order
        before = a.locator("[data-testid=now-playing]").inner_text()
        a.locator("[data-testid=tactic-choices] button").first.click()
        expect(a.locator("[data-testid=now-playing]")).not_to_have_text(before)

    def current():
        text = a.locator("[data-testid=now-playing]").inner_text()
        return re.search(r"(Anna|Ben|Cleo)", text).group(1)

    first = current()
    other = next(n for n in ("Ben", "Cleo") if n != first)  # not the host's phone: the host may
    o = phones[other]
    o.goto(f"{server}/games/{gid}")
    expect(o.locator("[data-testid=not-your-turn]")).to_contain_text(f"It is {first}'s turn")
    assert o.locator("[data-testid=end-turn]").count() == 0  # (a post from it anyway: 403, tests/test_turn_flow_web.py)

    p = phones[first]
    for city in ("white", "blue", "red"):
        conquer(p, server, gid, city, 4)
    p.goto(f"{server}/games/{gid}")
    p.click("[data-testid=end-turn]")
    for ph in phones.values():
        ph.goto(f"{server}/games/{gid}")
        expect(ph.locator("[data-testid=scenario-end-last-turns]")).to_be_visible()
    for _ in range(3):  # each player's one last turn, on their own phone
        who = current()
        ph = phones[who]
        ph.goto(f"{server}/games/{gid}")
        ph.click("[data-testid=end-turn]")
        expect(a.locator("[data-testid=now-playing]")).not_to_have_text(re.compile(rf"Last turn: (yours, )?{who}\b"))
    for ph in phones.values():
        expect(ph.locator("[data-testid=now-game-over]")).to_contain_text("The game is over.", timeout=5000)
    shot(c, "scenario-end-full-conquest")
    a.click("[data-testid=rounds-score]")
    a.wait_for_url(re.compile(rf"/games/{gid}/score"))
    assert not a.console_errors and not b.console_errors and not c.console_errors


def play_round_on_the_board(page, base, gid):
    """Tactics, then turns in Round order (the Dummy's on its page) until the first player's deck is "empty": the
    End of the Round, the last turns, then the new round on the Dummy page."""
    page.goto(f"{base}/games/{gid}")
    if page.locator("[data-testid=rounds-dummy-draw]").count():
        # answered before the next tap: else the first player's pick is tapped while the draw is on its way, the
        # second pick's wait ends at the first pick's answer, and the second pick is left undone
        before = page.locator("[data-testid=now-playing]").inner_text()
        page.click("[data-testid=rounds-dummy-draw]")
        expect(page.locator("[data-testid=now-playing]")).not_to_have_text(before)
    for _ in range(2):
        before = page.locator("[data-testid=now-playing]").inner_text()
        page.locator("[data-testid=tactic-choices] button").first.click()
        expect(page.locator("[data-testid=now-playing]")).not_to_have_text(before)
    announced = False
    for step in range(20):
        page.goto(f"{base}/games/{gid}")
        if page.locator("[data-testid=round-over]").count():
            break
        before = page.locator("[data-testid=now-playing]").inner_text()
        if page.locator("[data-testid=rounds-dummy-turn]").count():
            page.click("[data-testid=rounds-dummy-turn]")
            page.click("[data-testid=dummy-flip]")
        elif step >= 3 and not announced and page.locator("[data-testid=announce]").count():
            page.click("[data-testid=announce]")
            announced = True
        else:
            page.click("[data-testid=end-turn]")
        expect(page.locator("[data-testid=now-playing]")).not_to_have_text(before)  # recorded before the next tap
    expect(page.locator("[data-testid=round-over]")).to_be_visible()
    page.click("[data-testid=rounds-next]")
    page.select_option("[data-testid=dummy-aa]", "color:white")
    page.get_by_test_id("dummy-spell-blue").check()
    page.get_by_test_id("dummy-new-round-submit").click()
    expect(page.get_by_test_id("dummy-new-round-later")).to_have_count(1)  # the new round is running


def test_a_co_op_game_with_the_dummy_through_several_rounds(server, phone):
    """Scenario Book, Full Cooperation (the Dummy player draws its Tactic first; at the end of each Round the players
    remove one of theirs) and Dummy Player; Rulebook, A Round 4: turns in Round order, the End of the Round, the
    last turns. Three Rounds on the host's phone; the second player's phone follows."""
    a, b = phone(), phone()
    gid = new_table(server, (a, b), "full_cooperation", "coop", (("Anna", "arythea"), ("Ben", "goldyx")))
    a.click("[data-testid=now-dummy-setup]")
    a.click("[data-testid=dummy-setup]")
    a.wait_for_selector("[data-testid=dummy-turn-card]")
    for n in (2, 3):
        play_round_on_the_board(a, server, gid)
        b.goto(f"{server}/games/{gid}")
        expect(b.get_by_text(re.compile(rf"Round {n} of 6"))).to_be_visible()
    expect(b.locator("[data-testid=now-playing]")).to_contain_text("Dummy player")  # it draws its Tactic first
    assert not a.console_errors and not b.console_errors
