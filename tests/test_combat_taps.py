"""Fewer taps for the common fights (docs/taps.md) without a browser: the defaults the combat page
takes from the game state, and the one-tap damage suggestion. The tap count itself is asserted by
tests/browser/test_standard_fight_taps.py."""

import re

import pytest

from companion.game.combat.state import PILE_NAMES
from companion.game.combat.view import quick_piles, rampaging_tick
from companion.game.spine.local import LocalGame
from companion.rules.data import get_rules
from tests.game_helpers import GameTable

SOLO = {"scenario": "first_reconnaissance", "mode": "solo", "players": [{"name": "Anna", "hero": "tovak"}]}


@pytest.mark.parametrize("fight, first, rampaging", [
    ("keep", "gray", {"green", "red"}), ("other_keep", "gray", {"green", "red"}),
    ("mage_tower", "violet", {"green", "red"}), ("monastery", "violet", set()),
    ("dungeon", "brown", set()), ("adventure", "brown", set()), ("rampaging", "green", {"green", "red"}),
])
def test_the_sites_own_pile_comes_first_and_open(fight, first, rampaging):
    """Quick reference sheet, site descriptions: a keep's defender is a grey token, a mage tower's (and a burnt
    monastery's) violet, a dungeon's or monster den's brown; orc marauders (green) and draconum (red) are the map's
    rampaging enemies - at a keep or mage tower (Rulebook: rampaging enemies may join an assault) they can only be
    rampaging, so their tokens are added as rampaging. A fight against rampaging enemies opens both of their piles
    (the draconum are not hidden behind the orcs). Tokens offered once - every pile is there (the others
    closed), no second list."""
    piles = quick_piles({"fight": fight})
    assert piles[0]["color"] == first and piles[0]["open"]
    assert [p["color"] for p in piles[1:] if p["open"]] == (["red"] if fight == "rampaging" else [])
    assert {p["color"] for p in piles if p["rampaging"]} == rampaging
    assert all(p["tokens"] for p in piles)
    assert sorted(p["color"] for p in piles) == sorted(PILE_NAMES)


def test_a_city_opens_its_garrison_piles():
    """Rulebook City Assaults: the garrison is drawn from the piles the City card lists for its level."""
    piles = quick_piles({"fight": "city"}, ("gray", "violet", "violet", "white"))
    assert [p["color"] for p in piles] == ["gray", "violet", "white", "green", "red", "brown"]
    assert [p["rampaging"] for p in piles] == [False, False, False, True, True, False]
    assert [p["open"] for p in piles] == [True, True, True, False, False, False]


@pytest.mark.parametrize("fight, tick", [
    ("keep", {"checked": False}), ("city", {"checked": False}), ("other_mage_tower", {"checked": False}),
    ("rampaging", {"checked": True}), ("adventure", None), ("dungeon", None), ("monastery", None)])
def test_one_rampaging_tick_above_the_piles_where_rampaging_enemies_may_join(fight, tick):
    """Rulebook, Combat with Enemies 2b/2c: rampaging enemies join an assault on a fortified site; Scenario Book,
    Variants, Rampaging Evil: "If it was gold, also add one brown enemy to the usual green or red token. When
    fighting this enemy, you have to fight both" - so a token of another pile can be rampaging: one tick above the
    piles (ticked in a fight without a site) adds it so; none where rampaging enemies cannot join."""
    assert rampaging_tick({"fight": fight}) == tick


def test_an_incantation_summons_monsters_not_rampaging_enemies():
    """Scenario Book, Druid Nights: the incantation summons brown (first Night) or red (second Night) enemies to
    fight: not rampaging enemies (no Reputation for them), so no pile is marked rampaging and the tick is clear."""
    cur = {"fight": "rampaging", "incantation": {"night": 2}}
    assert not any(p["rampaging"] for p in quick_piles(cur))
    assert rampaging_tick(cur) == {"checked": False}


def test_tokens_sharing_a_name_are_told_apart():
    """The four grey Heroes tokens are told apart by what differs."""
    enemies = get_rules().enemies
    names = [enemies[i].name for i in ("heroes_fortified", "heroes_swift", "heroes_fire", "heroes_ice")]
    assert len(set(names)) == 4 and all(n.startswith("Heroes (") for n in names)
    assert enemies["prowlers"].name == "Prowlers"  # a name no other token shares stays as printed


def _to_damage(g):
    g.run("recruit", player=0, unit="peasants")
    g.run("combat_setup", player=0, fight="keep")
    g.run("combat_enemy_add", token="heroes_fire")
    for _ in range(3):
        g.run("combat_phase")
    assert g.state["combat"]["current"]["phase"] == "damage"


def test_taking_the_suggestion_goes_on_to_the_attack_phase_and_one_undo_takes_both_back():
    """Rulebook "Combat with Enemies": after the Assign Damage phase (every unblocked attack assigned) comes the
    Attack phase; with ``then_attack`` the suggestion is one step (one event, one undo)."""
    g = LocalGame(SOLO)
    _to_damage(g)
    n = len(g.events)
    g.run("combat_damage", mode="suggest", then_attack="yes")
    cur = g.state["combat"]["current"]
    assert len(g.events) == n + 1 and cur["phase"] == "attack"
    # Rulebook Assign Damage 4a/5a: Attack 4 and Fire 2 against Peasants (Armor 3) and the hero (Armor 2): the
    # Peasants absorb one attack, the other gives the hero one or two Wounds - two into the hand at best
    assert cur["damage"]["result"]["hero"]["wounds_to_hand"] == 2
    g.undo()
    cur = g.state["combat"]["current"]
    assert cur["phase"] == "damage" and cur["damage"] is None
    g.run("combat_damage", mode="suggest")  # without it: as before, still the Assign Damage phase
    assert g.state["combat"]["current"]["phase"] == "damage"


class Table(GameTable):
    def combat(self, path="", **data):
        data.setdefault("based_on", self.seq())
        return self.client.post(f"/games/{self.id}/combat{path}", data=data)


def test_the_combat_page_defaults_from_the_game_state(app):
    """The page: the keep's grey pile open with one button per token, the green pile adds rampaging enemies, the
    only enemy left is already the target, the suggestion's button goes on to the Attack phase."""
    t = Table(app, "solo_conquest", "solo", [("Anna", "tovak")])
    assert t.combat("/setup", player="0", fight="keep").status_code == 303
    html = t.client.get(f"/games/{t.id}/combat").get_data(as_text=True)
    assert re.search(r'<details class="quick-pile" open data-testid="quick-pile-gray">', html)
    green = html[html.index('data-testid="quick-pile-green"'):]
    green = green[:green.index("</details>")]
    assert 'name="rampaging" value="yes"' in green and 'data-testid="quick-prowlers"' in green
    t.combat("/enemy", token="prowlers", rampaging="yes")
    t.combat("/phase")
    html = t.client.get(f"/games/{t.id}/combat").get_data(as_text=True)
    assert re.search(r'name="target" value="1" checked', html)
    t.combat("/phase")
    t.combat("/phase")
    html = t.client.get(f"/games/{t.id}/combat").get_data(as_text=True)
    take = html[html.index('data-testid="take-suggestion"'):]
    assert 'name="then_attack" value="yes"' in take[:take.index("</form>")]


def test_tokens_are_offered_once_every_pile_with_one_rampaging_tick(app):
    """A first evening: "tokens are offered as a grid and again as a list": the set-up offers each token once, as a
    one-tap button in its pile - every pile, no second list. Rulebook, Combat with Enemies 2b: at a keep the grey
    defender is the site's, orc marauders (green) and draconum (red) join only as rampaging enemies; Scenario Book,
    Variants, Rampaging Evil: a brown token can be part of a rampaging enemy - the one tick above the piles, which
    the other piles' buttons send (their form), adds it as rampaging."""
    t = Table(app, "solo_conquest", "solo", [("Anna", "tovak")])
    t.combat("/setup", player="0", fight="keep")
    html = t.client.get(f"/games/{t.id}/combat").get_data(as_text=True)
    setup = html[html.index('data-testid="quick-tokens"'):html.index("Type in an enemy")]
    assert "<select" not in html[html.index("Add enemies"):html.index("Type in an enemy")]
    assert 'data-testid="add-token"' not in html
    for color in ("gray", "violet", "brown", "white", "green", "red"):
        assert f'data-testid="quick-pile-{color}"' in setup
    assert re.search(r'<details class="quick-pile" data-testid="quick-pile-brown">', setup)  # closed
    tick = setup[setup.index('id="quick-tokens-form"'):setup.index("</form>")]
    assert 'name="rampaging" value="yes" data-testid="quick-rampaging"' in tick  # not ticked at a keep
    assert re.search(r'<button type="submit" form="quick-tokens-form" name="token" value="minotaur"', setup)
    for tok in get_rules().enemies:  # each token offered once
        assert setup.count(f'data-testid="quick-{tok}"') == 1, tok
    # what the browser sends for a tap on the Minotaur with the tick, and one without
    assert t.combat("/enemy", token="minotaur", rampaging="yes").status_code == 303
    assert t.combat("/enemy", token="gargoyle").status_code == 303
    enemies = t.state()["combat"]["current"]["enemies"]
    assert [(e["name"], e["rampaging"]) for e in enemies] == [("Minotaur", True), ("Gargoyle", False)]


def test_a_common_fight_starts_in_one_tap_and_ranged_reaches_the_only_unfortified_enemy(app):
    """Quick reference, Keep: a keep is fortified, so its grey defender is Siege only (Rulebook Ranged and Siege
    phase 3) while a rampaging enemy joining is not fortified: the only enemy a Ranged attack can reach is the
    default target. The common fight's button sets up the combat for this phone's player in one post."""
    t = Table(app, "solo_conquest", "solo", [("Anna", "tovak")])
    html = t.client.get(f"/games/{t.id}/combat").get_data(as_text=True)
    quick = html[html.index('data-testid="quick-fight"'):]
    quick = quick[:quick.index("</form>")]
    assert 'name="player" value="0"' in quick and 'name="fight" value="keep"' in quick
    assert t.combat("/setup", player="0", fight="keep").status_code == 303
    t.combat("/enemy", token="heroes_fire")
    t.combat("/enemy", token="prowlers", rampaging="yes")
    t.combat("/phase")
    html = t.client.get(f"/games/{t.id}/combat").get_data(as_text=True)
    assert re.search(r'name="target" value="2" checked', html)
    assert not re.search(r'name="target" value="1" checked', html)
