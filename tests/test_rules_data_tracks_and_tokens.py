"""Rules data checked against the sources: the Reputation track, enemy tokens and unit cards, each test citing its source.

Sources: seed 000 (Rulebook and Scenario Book), seed 002 (German rulebook), seed 003 (quick reference), the seeds
README's "Rules that are easy to get wrong", and where the seeds print nothing (token and card faces) the published
components as read by independent implementations (named in each data file's `sources:`).
"""
from __future__ import annotations

import re

import pytest

from companion.rules.data import get_rules
from companion.rules.progression import move_reputation, recruit_influence_modifier, reputation_modifier

RULES = get_rules()
TRACK = RULES.reputation


# ----------------------------------------------------------------------------------------------- 1. Reputation
def test_reputation_track_has_15_spaces_with_the_central_0_space_in_the_middle():
    """Rulebook 'Game Setup': 'one on the central 0 space of the Reputation track'; German rulebook: 'das Feld 0 in
    der Mitte der Ansehensanzeige'. Seeds README: 15 spaces from -7 to +7, the -7 space is X."""
    spaces = [r.space for r in TRACK]
    assert len(spaces) == 15
    assert spaces[7] == 0  # 7 spaces on each side of the central 0 space
    assert spaces[0] == "X" and spaces[1] == -6 and spaces[-1] == 7


def test_reputation_modifiers_from_minus_7_to_plus_7():
    """Seeds README 'Reputation track' (the central 0 space; six implementations agree): X, -5, -3, -2, -1, -1, 0,
    0, 0, +1, +1, +2, +2, +3, +5 from -7 to +7."""
    assert [reputation_modifier(TRACK, s) for s in range(-7, 8)] == [
        None, -5, -3, -2, -1, -1, 0, 0, 0, 1, 1, 2, 2, 3, 5]
    assert [RULES.reputation_modifier(s) for s in range(-7, 8)][1:] == [-5, -3, -2, -1, -1, 0, 0, 0, 1, 1, 2, 2, 3, 5]


def test_reputation_table_fits_the_scenario_book_examples():
    """Scenario Book 'Blitz Conquest': '+2 Reputation (i.e. you have a bonus of +1 for interaction)'; 'More
    Rampage!': '-4 Reputation (i.e. -2 penalty)', '-2 Reputation (i.e. -1 penalty)'."""
    assert reputation_modifier(TRACK, 2) == 1
    assert reputation_modifier(TRACK, -4) == -2
    assert reputation_modifier(TRACK, -2) == -1


def test_losing_reputation_on_x_stays_on_x_and_plus_7_is_the_other_end():
    """Rulebook 'Interaction with Locals': on the X space 'you cannot interact at all!'; seeds README: there is no
    space beyond -7 (X) nor beyond +7."""
    assert move_reputation(TRACK, 0, -7) == "X"
    assert move_reputation(TRACK, 0, -20) == "X"
    assert move_reputation(TRACK, "X", -1) == "X"
    assert move_reputation(TRACK, "X", 1) == -6
    assert move_reputation(TRACK, 7, 1) == 7
    assert move_reputation(TRACK, 0, 7) == 7


def test_reputation_api_lists_the_new_table(client):
    """Seeds README 'Reputation track' (the central 0 space): GET /api/v1/rules/reputation gives the 15 spaces."""
    spaces = client.get("/api/v1/rules/reputation").get_json()["reputation"]
    assert [s["space"] for s in spaces] == ["X"] + list(range(-6, 8))
    assert [s["modifier"] for s in spaces] == [None, -5, -3, -2, -1, -1, 0, 0, 0, 1, 1, 2, 2, 3, 5]


def test_tracks_page_shows_the_new_table(client):
    """Seeds README 'Reputation track' (the central 0 space): the rules page prints the same table."""
    html = client.get("/rules/tracks").get_data(as_text=True)
    assert "15 spaces from X (the −7 space) to +7" in html
    for space, mod in (("-6", "-5"), ("-1", "0"), ("\\+1", "0"), ("\\+6", "\\+3"), ("\\+7", "\\+5")):
        assert re.search(rf'<th scope="row">{space}</th>\s*<td>{mod}</td>', html), (space, mod)


def test_tracker_reputation_down_seven_reaches_x():
    """Rulebook 'Game Setup' (the central 0 space) and 'Interaction with Locals' (X: no interaction): seven steps
    down from 0 is X, the end of the track; one more is refused as already at the end."""
    from companion.game.spine.command import Invalid
    from companion.game.spine.local import LocalGame

    g = LocalGame({"scenario": "first_reconnaissance", "mode": "solo", "players": [{"name": "Anna", "hero": "tovak"}]})
    ev = g.run("reputation", player=0, amount=-7)
    assert g.state["players"][0]["reputation"] == "X"
    assert "X (cannot interact)" in str(ev.sentence)
    with pytest.raises(Invalid):
        g.run("reputation", player=0, amount=-1)
    g.run("reputation", player=0, amount=8)
    assert g.state["players"][0]["reputation"] == 1


# ----------------------------------------------------------------------------------------------- 2. Enemy tokens
@pytest.mark.parametrize("enemy", ["orc_stonethrowers", "fire_catapult", "ice_catapult"])
def test_stonethrowers_and_catapults_are_fortified_and_cumbersome(enemy):
    """The tokens show both icons; Cumbersome: quick reference 'Enemy Token Abilities' (seed 003),
    German 'Schwerfällig' (seed 002)."""
    assert {"fortified", "cumbersome"} <= set(RULES.enemies[enemy].abilities)


def test_catapult_attack_lowered_by_move_points_is_blocked_and_still_siege_only():
    """Quick reference 'Cumbersome' (seed 003): each Move point spent in the Block phase lowers the attack by 1, an
    attack reduced to 0 is successfully blocked; 'Fortified': only Siege attacks in the Ranged and Siege phase."""
    from companion.rules.combat.enemies import Block, enemy_from_token, fortification
    from companion.rules.combat.block import resolve_block

    catapult = enemy_from_token("fire_catapult")  # Fire Attack 8
    assert resolve_block(catapult, [], move_points=8).success
    assert resolve_block(catapult, [Block(2, "ice")], move_points=6).success
    assert not resolve_block(catapult, [Block(2, "ice")], move_points=5).success
    assert fortification(catapult) == 1
    stonethrowers = enemy_from_token("orc_stonethrowers")  # Attack 7
    assert resolve_block(stonethrowers, [Block(3)], move_points=4).success


def test_enemy_sources_cite_fortified_and_cumbersome():
    assert any("Cumbersome" in s and "Rules-data audit" in s for s in RULES.sources["enemies.yaml"])


# ----------------------------------------------------------------------------------------------- 3. Units
@pytest.mark.parametrize("unit", ["amotep_gunners", "amotep_freezers"])
def test_amotep_units_have_no_resistances(unit):
    """Three independent implementations agree the Amotep Gunners and Freezers resist nothing."""
    assert RULES.units[unit].resistances == ()


def test_herbalists_heal_costs_green_mana():
    """The card: Herbalists' Heal 2 is powered by green mana."""
    assert RULES.units["herbalists"].abilities[0] == "(green) Heal 2"
    assert RULES.units["herbalists"].abilities_de[0] == "(grün) Heilung 2"


def test_illusionists_target_an_unfortified_enemy():
    """The card: the Illusionists' white ability targets an unfortified enemy."""
    u = RULES.units["illusionists"]
    assert any("unfortified enemy" in a for a in u.abilities)
    assert any("unbefestigter Feind" in a for a in u.abilities_de)


def test_altem_mages_cold_fire_or_siege_costs_black_mana():
    """The card: Altem Mages' 'all attacks become Cold Fire or Siege' is powered by black mana."""
    assert RULES.units["altem_mages"].abilities[2].startswith("(black) ")
    assert RULES.units["altem_mages"].abilities_de[2].startswith("(schwarz) ")


@pytest.mark.parametrize("unit, color, ability", [
    ("heroes_ice", "blue", "Cold Fire Block 8"), ("heroes_fire", "red", "Cold Fire Attack 6"),
    ("heroes_healer", "green", "Heal 4"), ("heroes_archer", "white", "Ranged Attack 7")])
def test_heroes_strong_abilities_cost_mana_of_their_colour(unit, color, ability):
    """The four Heroes cards: each strong ability costs mana of the card's colour."""
    assert f"({color}) {ability}" in RULES.units[unit].abilities


def test_magic_familiars_keep_mana_on_the_card_and_are_recruited_at_the_magical_glade():
    """The card, independent implementations: a basic-colour mana token stays on the card;
    Attack 3/5 (red), Block 4/7 (blue), Move or Influence 3/5 (white), Heal 2/3 (green); recruit sites monastery,
    mage tower and Magical Glade."""
    u = RULES.units["magic_familiars"]
    assert set(u.recruit_sites) == {"monastery", "mage_tower", "magical_glade"}
    text = " | ".join(u.abilities)
    for part in ("mana token, kept on this card", "Attack 3 (5 if the token on the card is red)",
                 "Block 4 (7 if the token on the card is blue)", "Move 3 or Influence 3 (5 if the token on the card "
                 "is white)", "Heal 2 (3 if the token on the card is green)"):
        assert part in text
    assert (u.level, u.cost, u.armor) == (2, 6, 5)


def test_units_sources_cite_the_checked_cards():
    assert any("Rules-data audit" in s for s in RULES.sources["units.yaml"])


def test_only_thugs_and_heroes_have_a_recruit_reputation_rule():
    """Lost Legion cards: recruiting Thugs reverses the Reputation modifier, Heroes doubles it."""
    rules = {uid: u.recruit_reputation for uid, u in RULES.units.items() if u.recruit_reputation}
    assert rules == {"thugs": "reversed", "heroes_ice": "doubled", "heroes_fire": "doubled",
                     "heroes_healer": "doubled", "heroes_archer": "doubled"}


@pytest.mark.parametrize("space, unit, expected", [
    (3, "peasants", 1), (3, "thugs", -1), (3, "heroes_ice", 2),
    (-4, "peasants", -2), (-4, "thugs", 2), (-4, "heroes_fire", -4),
    (7, "thugs", -5), (7, "heroes_archer", 10), (0, "thugs", 0), (0, "heroes_healer", 0),
    ("X", "thugs", None), (-7, "heroes_ice", None)])
def test_recruit_influence_modifier_thugs_reverse_heroes_double(space, unit, expected):
    """Lost Legion unit cards: recruiting Thugs reverses the Reputation modifier, recruiting
    Heroes doubles it; on X (Rulebook 'Interaction with Locals') nobody can be recruited at all."""
    assert recruit_influence_modifier(TRACK, space, RULES.units[unit]) == expected


def test_recruit_influence_modifier_refuses_an_unknown_rule():
    with pytest.raises(ValueError):
        recruit_influence_modifier(TRACK, 0, "halved")


def test_game_page_shows_the_new_modifiers_and_x(client):
    """Seeds README 'Reputation track' (the central 0 space): one step down from 0 is -1, modifier 0 (the old table
    said -1); seven steps down is X, where the page says nobody can interact (Rulebook 'Interaction with Locals')."""
    from tests.game_helpers import new_game

    gid = new_game(client)
    client.post(f"/games/{gid}/do/reputation", data={"player": 0, "amount": -1})
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "Influence modifier +0 when interacting." in html
    client.post(f"/games/{gid}/do/reputation", data={"player": 0, "amount": -6})
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "X: cannot interact at all." in html
    r = client.post(f"/games/{gid}/do/reputation", data={"player": 0, "amount": -1})
    assert r.status_code == 400
    assert "already at the end of the track" in r.get_data(as_text=True)
