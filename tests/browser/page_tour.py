"""Every page of the app, in the states a player meets them in: used by the checks that hold on every page (fits the
thumb at 320-412 px, the accessibility scan). ``tour(page, base)`` yields a name after each page is loaded."""

import re

from playwright.sync_api import expect

from test_runewars_browser import add_type
from test_two_phones import create_game

REFERENCE = ["/rules", "/rules/enemies", "/rules/enemies/swamp_dragon", "/rules/units", "/rules/sites",
             "/rules/scenarios", "/rules/scenarios/full_conquest", "/rules/tracks", "/rules/odds", "/rules/heroes",
             "/rules/tactics", "/rules/cards", "/rules/cities", "/rules/procedures"]


def new_solo(page, base) -> int:
    page.goto(base + "/games/new")
    page.select_option("select[name=scenario]", "solo_conquest")
    page.check("input[name=mode][value=solo]")
    page.fill("input[name=name_0]", "Anna")
    page.locator("form[action='/games'] button.primary").click()
    page.wait_for_url(re.compile(r"/games/\d+"))
    gid = int(re.search(r"/games/(\d+)", page.url).group(1))
    if "/who" in page.url:
        page.get_by_role("button", name="Anna").click()
    return gid


def new_runewars(page, base) -> int:
    page.goto(base + "/runewars/new")
    page.fill("input[name=name_0]", "Elf")
    page.fill("input[name=name_1]", "Uthuk")
    page.get_by_role("button", name=re.compile("Runewars")).click()
    page.locator("form button").filter(has_text="Elf").first.click()
    page.wait_for_url(re.compile(r"/games/\d+/runewars"))
    return int(re.search(r"/games/(\d+)/runewars", page.url).group(1))


def tour(page, base, lang="en"):
    """Visit every page; the page is English while games are created (names and buttons are found by their
    English text), then switched to ``lang`` for the visits."""
    duo = create_game(page, base)
    solo = new_solo(page, base)
    rw = new_runewars(page, base)
    add_type(page, "0", "Archer", 1, 1)
    add_type(page, "1", "Beastman", 1, 1)
    if lang != "en":
        page.goto(base + "/")
        page.locator("details.menu summary").click()
        page.locator(f"button[name=lang][value={lang}]").click()
    for path in ("/", "/games/new", "/runewars/new"):
        page.goto(base + path)
        yield path
    for path in ("", "/combat", "/score", "/story", "/pvp", "/tokens?enemy=guardsmen", "/log", "/invite", "/who",
                 "/table"):
        page.goto(f"{base}/games/{duo}{path}")
        yield "duo" + (path or "/board")
    for path in ("", "/dummy", "/score", "/story", "/combat", "/table"):
        page.goto(f"{base}/games/{solo}{path}")
        yield "solo" + (path or "/board")
    for path in ("/runewars", "/runewars/heroes", "/story", "/table"):
        page.goto(f"{base}/games/{rw}{path}")
        yield "runewars" + path
    for path in REFERENCE:
        page.goto(base + path)
        yield path
    # a combat through its phases (the solo game): a keep held by Heroes, rampaging Prowlers join
    page.goto(f"{base}/games/{solo}/combat")
    page.click("[data-testid=quick-fight-keep]")
    page.click("[data-testid=quick-heroes_fire]")
    page.locator(".enemy").first.wait_for()
    page.locator("[data-testid=quick-pile-green] summary").click()
    page.click("[data-testid=quick-prowlers]")
    page.wait_for_selector("[data-testid=enemy-2]")
    yield "combat/setup"
    page.click("[data-testid=next-phase]")
    page.wait_for_selector("[data-testid=attack-form]")
    yield "combat/ranged"
    page.locator("[data-testid=attack-form] input[name=value]").first.fill("3")
    page.click("[data-testid=attack-go]")
    page.wait_for_selector("[data-testid=enemy-2].defeated")
    page.click("[data-testid=next-phase]")
    page.wait_for_selector("[data-testid=block-form-1-0]")
    yield "combat/block"
    page.click("[data-testid=next-phase]")
    page.wait_for_selector("[data-testid=suggestion]")
    yield "combat/damage"
    page.click("[data-testid=take-suggestion-go]")
    page.wait_for_selector("[data-testid=combat-end]")
    yield "combat/attack"
    page.click("[data-testid=combat-end]")
    expect(page.locator("[data-testid=combat-outcome]")).to_be_visible()
    yield "combat/outcome"
