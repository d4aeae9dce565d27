"""One Runewars battle on two phones: the second phone sees the first one's entries
live (same event log, same sync as the Mage Knight pages)."""

import re

import pytest
from playwright.sync_api import expect

from browser_helpers import shot

pytestmark = pytest.mark.browser


def add_type(page, owner, name, initiative, health):
    details = page.locator("details", has_text="Enter a unit type")
    if details.get_attribute("open") is None:
        details.locator("summary").click()
    form = details.locator("form")
    form.locator("select[name=owner]").select_option(owner)
    form.locator("input[name=name]").fill(name)
    form.locator("select[name=initiative]").select_option(str(initiative))
    form.locator("input[name=health]").fill(str(health))
    form.locator("[data-testid=rw-add-type]").click()
    expect(page.locator(".rw-types", has_text=name)).to_be_visible()


def new_runewars_game(page, server, names=("Elf", "Uthuk")) -> int:
    """Two players (an Elf and an Uthuk), made on the start page; this phone is the first's (the host's). The game's
    id."""
    page.goto(server + "/")
    page.get_by_role("link", name="New Runewars game").click()
    page.fill("input[name=name_0]", names[0])
    page.fill("input[name=name_1]", names[1])
    page.get_by_role("button", name="Create Runewars game").click()
    page.get_by_role("button", name=names[0]).click()
    return int(re.search(r"/games/(\d+)/runewars", page.url).group(1))


def test_one_battle_on_two_phones(server, phone):
    a = phone()
    b = phone()
    new_runewars_game(a, server)
    expect(a.get_by_role("heading", name="Runewars battle")).to_be_visible()
    gid = int(re.search(r"/games/(\d+)/runewars", a.url).group(1))

    # phone B joins with the game's link and is the Uthuk player
    b.goto(a.locator("[data-testid=join-url]").get_attribute("href"))
    b.get_by_role("button", name="Uthuk").click()
    expect(b).to_have_url(re.compile(rf"/games/{gid}/runewars$"))

    # phone A enters both sides' unit types; phone B sees them
    add_type(a, "0", "Archer", 1, 1)
    add_type(a, "1", "Beastman", 1, 1)
    expect(b.locator(".rw-types", has_text="Beastman")).to_be_visible(timeout=3000)

    a.locator("[data-testid='rw-count-Archer']").fill("2")
    a.locator("[data-testid='rw-count-Beastman']").fill("2")
    a.locator("[data-testid=rw-start]").click()
    expect(a.locator("[data-testid=rw-initiative]")).to_have_text("Initiative 1 of 5")
    expect(b.locator("[data-testid=rw-initiative]")).to_have_text("Initiative 1 of 5", timeout=3000)
    shot(a, "runewars-battle")

    # the attacker draws on phone A; phone B sees that it is the Uthuk's turn, and draws
    a.locator("form.rw-draw input[name=damage]").first.fill("1")
    a.locator("[data-testid=rw-draw-0]").click()
    expect(b.locator("[data-testid=rw-turn]")).to_contain_text("Uthuk", timeout=3000)
    b.locator("form.rw-draw input[name=damage]").first.fill("1")
    b.locator("[data-testid=rw-draw-0]").click()

    # resolution, attacker first: A takes the Uthuk's damage, then B takes the Elf's
    expect(a.locator("[data-testid=rw-turn]")).to_contain_text("Elf", timeout=3000)
    a.locator("[data-testid=rw-resolve]").click()
    expect(b.locator("[data-testid=rw-turn]")).to_contain_text("Uthuk", timeout=3000)
    b.locator("[data-testid=rw-resolve]").click()

    # the tally on both phones: one Archer against one Beastman, a tie: the defender wins
    expect(a.locator("[data-testid=rw-tally]")).to_have_text("Tally: attacker 1, defender 1", timeout=3000)
    shot(b, "runewars-tally")
    b.locator("[data-testid=rw-end]").click()
    expect(a.locator("[data-testid=rw-result]")).to_contain_text("the defender wins, 1 against 1", timeout=3000)
    expect(a.locator("#sync-status")).to_have_attribute("data-state", "synced")


def test_a_duel_quest_on_a_phone(server, phone):
    """Seed 001, "Duel" Quests: the hero duels a neutral unit the player to his left controls; its special icon
    "triggers its special ability (since, unlike a hero, it does not have the "deal 1 damage" option)"; "If the hero
    defeats the unit in the duel, then he completes the Quest card and receives reward". On a phone: the Quest
    Phase marked, the Duel quest started, the unit's form without the hero's choice, the Quest completed."""
    a = phone()
    new_runewars_game(a, server)
    a.get_by_role("link", name="Heroes, duels and quests").click()
    a.locator("[data-testid=rw-quest-phase-start]").click()
    expect(a.locator("[data-testid=rw-quest-phase] h2")).to_have_text("Quest Phase 1")
    duel = a.locator("details", has_text="Start a duel")
    a.locator("select[name=attacker_player]").select_option("0")
    a.locator("input[name=attacker_name]").fill("Silhouette")
    a.locator("select[name=defender_player]").select_option("neutral")
    a.locator("input[name=defender_name]").fill("Hellhound")
    a.locator("input[name=defender_health]").fill("2")
    duel.locator("[data-testid=rw-duel-start]").click()
    expect(a.locator("[data-testid=rw-duel-controller]")).to_contain_text("Uthuk")
    expect(a.locator("[data-testid=rw-neutral-special]")).to_be_visible()
    expect(a.locator("select[name=defender_special]")).to_have_count(0)
    shot(a, "runewars-duel-quest")
    a.locator("select[name=attacker_icon]").select_option("damage")
    a.locator("input[name=attacker_value]").first.fill("2")
    a.locator("select[name=defender_icon]").select_option("miss")
    a.locator("[data-testid=rw-duel-round]").click()
    expect(a.locator("[data-testid=rw-duel-result]")).to_contain_text("completes the Quest card")
    expect(a.locator("[data-testid=rw-acted]")).to_contain_text("Silhouette (attempted a Quest)")
    shot(a, "runewars-duel-quest-won")
    assert a.console_errors == []
