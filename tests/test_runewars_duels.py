"""Runewars duels and Duel quests as seed 001 prints them, through the commands and the heroes page: a duel is
against an enemy hero, a Duel quest's neutral unit has no "deal 1 damage" option, and winning a Duel quest completes
the Quest card. Stored games and exports recorded before these refusals still fold and import."""

from __future__ import annotations

import copy
import re

import pytest

from companion.game.spine.command import Invalid, run
from companion.game.spine.exchange import check_import
from companion.state import Event, fold
from test_runewars_web import new_game  # a Runewars game made on its page, the host Elf's phone

SETUP = {"game": "runewars", "mode": "runewars", "scenario": None, "name": "Runewars",
         "players": [{"name": "Elf", "hero": None, "team": None}, {"name": "Uthuk", "hero": None, "team": None}]}


def do(client, gid, cmd, status=303, **form):
    r = client.post(f"/games/{gid}/do/{cmd}", data=dict(form, next=f"/games/{gid}/runewars/heroes"))
    assert r.status_code == status, re.sub(r"\s+", " ", r.get_data(as_text=True))[-1500:]
    return re.sub(r"\s+", " ", r.get_data(as_text=True))


def heroes_page(client, gid):
    return re.sub(r"\s+", " ", client.get(f"/games/{gid}/runewars/heroes").get_data(as_text=True))


def duel(client, gid, a_player, d_player, status=303, d_name="Silhouette", **extra):
    return do(client, gid, "runewars_duel_start", status, attacker_player=a_player, attacker_name="Mad Carthos",
              attacker_health="4", defender_player=d_player, defender_name=d_name, defender_health="2", **extra)


# ---------------------------------------------------------------------------------------------- an enemy hero


def test_a_duel_is_against_an_enemy_hero_not_one_of_the_same_player(client):
    """Seed 001, Duels 1: "The player who is starting the duel chooses a single enemy hero present in his hero's
    area to participate in the duel." Two heroes of one player: 400 with the rule, nothing recorded."""
    gid = new_game(client)
    html = duel(client, gid, "1", "1", status=400)
    assert "chooses a single enemy hero present in his hero" in html and "same player" in html
    assert 'data-testid="rw-duel-attacker"' not in heroes_page(client, gid)
    duel(client, gid, "1", "0")  # an enemy hero: the duel starts
    assert 'data-testid="rw-duel-attacker"' in heroes_page(client, gid)


def test_a_duel_is_started_by_a_players_hero(client):
    """Seed 001, "Duel" Quests: the hero "simply follows the steps for a duel"; "The player to his left controls the
    neutral unit during the duel" - the neutral unit defends, it never starts a duel."""
    gid = new_game(client)
    html = duel(client, gid, "neutral", "0", status=400)
    assert "the hero who starts a duel is a player" in html
    html = heroes_page(client, gid)
    attacker_select = re.search(r'<select name="attacker_player">(.*?)</select>', html).group(1)
    defender_select = re.search(r'<select name="defender_player">(.*?)</select>', html).group(1)
    assert 'value="neutral"' not in attacker_select and 'value="neutral"' in defender_select


def test_the_game_layer_refuses_it_with_json_numbers_too():
    """The same refusal where the JSON API's body arrives (numbers, not form strings): the command itself refuses
    (seed 001, Duels 1, "a single enemy hero")."""
    state = fold(1, SETUP, "s", [])
    with pytest.raises(Invalid, match="enemy hero"):
        run("runewars_duel_start", state, {"attacker_player": 0, "attacker_name": "Silhouette", "attacker_health": 3,
                                           "defender_player": 0, "defender_name": "Eliam", "defender_health": 3})
    assert run("runewars_duel_start", state, {"attacker_player": 0, "attacker_name": "Silhouette",
                                              "attacker_health": 3, "defender_player": 1, "defender_name": "Eliam",
                                              "defender_health": 3}).type == "runewars.duel_start"


# ---------------------------------------------------------------------------------------------- the Duel quest's unit


def test_duel_quest_unit_has_no_deal_1_damage_option(client):
    """Seed 001, "Duel" Quests: "If the neutral unit draws a card with a special ability icon in the section
    matching the unit's base shape, it triggers its special ability (since, unlike a hero, it does not have the
    "deal 1 damage" option)." The form offers the unit no such choice; the command refuses it with that line; the
    unit's special icon deals what its ability deals (the number entered), by default nothing else."""
    gid = new_game(client)
    duel(client, gid, "0", "neutral", d_name="Hellhound")
    html = heroes_page(client, gid)
    form = re.search(r'name="attacker_icon".*?data-testid="rw-duel-round"', html).group(0)
    assert form.count("deal 1 damage (Hero card)") == 1  # the hero's select only
    assert 'name="defender_special" value="ability"' in form and 'data-testid="rw-neutral-special"' in form
    # the unit "deals 1 damage" as a hero would: refused with the seed's line
    html = do(client, gid, "runewars_duel_round", 400, attacker_icon="miss", defender_icon="special",
              defender_special="damage")
    assert "does not have the" in html and "deal 1 damage" in html
    html = do(client, gid, "runewars_duel_round", 400, attacker_icon="miss", defender_icon="special",
              defender_special="reward")
    assert "does not have the" in html
    # its special ability, as entered: the icon with no number deals nothing (it is not the hero's 1 damage)
    do(client, gid, "runewars_duel_round", attacker_icon="miss", defender_icon="special")
    assert "damage 0/4" in heroes_page(client, gid)
    do(client, gid, "runewars_duel_round", attacker_icon="miss", defender_icon="special", defender_value="2")
    assert "damage 2/4" in heroes_page(client, gid)


def test_a_heros_special_icon_is_not_a_units_ability(client):
    """Seed 001, Duels 3b: "If it is a special ability icon, then the hero may either deal one damage (as printed on
    his Hero card) or use the ability of one of his Reward cards." A hero's side cannot be given the unit's
    ``ability``; the hero's 1 damage stays the default."""
    gid = new_game(client)
    duel(client, gid, "0", "1")
    html = do(client, gid, "runewars_duel_round", 400, attacker_icon="special", attacker_special="ability",
              defender_icon="miss")
    assert "deals 1 damage (as printed on his Hero card)" in html
    do(client, gid, "runewars_duel_round", attacker_icon="special", defender_icon="miss")
    assert "damage 1/2" in heroes_page(client, gid)


# ---------------------------------------------------------------------------------------------- winning a Duel quest


def test_winning_a_duel_quest_completes_the_quest_card(client):
    """Seed 001, "Duel" Quests: "If the hero defeats the unit in the duel, then he completes the Quest card and
    receives reward (as listed on the Quest card). Regardless of the outcome of the duel, the neutral unit is
    returned to the pile of unused neutral units at the end of the duel." No Reward cards are taken from the unit."""
    gid = new_game(client)
    duel(client, gid, "0", "neutral", d_name="Hellhound")
    do(client, gid, "runewars_duel_round", attacker_icon="damage", attacker_value="2", defender_icon="miss")
    result = re.search(r'data-testid="rw-duel-result">(.*?)</p>', heroes_page(client, gid)).group(1)
    assert "Mad Carthos defeats the neutral unit: he completes the Quest card and receives the reward" in result
    assert "returns to the pile of unused neutral units" in result
    assert "Reward cards" not in result


def test_losing_or_drawing_a_duel_quest_does_not_complete_it(client):
    """Seed 001, "Duel" Quests: only "If the hero defeats the unit" is the Quest completed; the unit returns to the
    pile "Regardless of the outcome of the duel"."""
    gid = new_game(client)
    duel(client, gid, "0", "neutral", d_name="Hellhound")
    for _ in range(4):
        do(client, gid, "runewars_duel_round", attacker_icon="miss", defender_icon="miss")
    result = re.search(r'data-testid="rw-duel-result">(.*?)</p>', heroes_page(client, gid)).group(1)
    assert "the Quest is not completed" in result and "returns to the pile of unused neutral units" in result
    duel(client, gid, "0", "neutral", d_name="Hellhound")
    do(client, gid, "runewars_duel_round", attacker_icon="miss", defender_icon="damage", defender_value="4")
    result = re.search(r'data-testid="rw-duel-result">(.*?)</p>', heroes_page(client, gid)).group(1)
    assert "Mad Carthos is defeated by the neutral unit: the Quest is not completed." in result


def test_a_duel_between_heroes_still_takes_the_reward_cards(client):
    """Seed 001, Duels 4: "The surviving hero then claims all of the defeated hero's Reward cards"."""
    gid = new_game(client)
    duel(client, gid, "1", "0")
    do(client, gid, "runewars_duel_round", attacker_icon="damage", attacker_value="2", defender_icon="miss")
    result = re.search(r'data-testid="rw-duel-result">(.*?)</p>', heroes_page(client, gid)).group(1)
    assert "Mad Carthos wins the duel and takes all of the defeated hero" in result and "Reward cards" in result


def test_german_duel_quest_result(client):
    """The Duel quest's result and the unit's special icon in German."""
    gid = new_game(client)
    client.post("/lang", data={"lang": "de"})
    duel(client, gid, "0", "neutral", d_name="Hellhound")
    html = heroes_page(client, gid)
    assert "Spezialfähigkeit" in html and "1 Schaden verursachen" in html
    do(client, gid, "runewars_duel_round", attacker_icon="damage", attacker_value="2", defender_icon="miss")
    result = re.search(r'data-testid="rw-duel-result">(.*?)</p>', heroes_page(client, gid)).group(1)
    assert "Questkarte" in result and "Vorrat" in result


# ---------------------------------------------------------------------------------------------- stored games


def test_a_stored_or_exported_duel_of_one_players_heroes_still_loads(client):
    """A game or an export recorded before these refusals (a duel between two heroes of one player; a Duel quest
    unit dealing the hero's 1 damage) still folds as it was recorded and still imports: the rule is the command's,
    checked where a new event is recorded, never by the fold."""
    gid = new_game(client)
    duel(client, gid, "1", "0")
    do(client, gid, "runewars_duel_round", attacker_icon="damage", attacker_value="2", defender_icon="miss")
    data = client.get(f"/games/{gid}/export.json").get_json()
    old = copy.deepcopy(data)
    start = next(e for e in old["events"] if e["type"] == "runewars.duel_start")
    start["payload"]["defender"]["player"] = 1  # both heroes the Uthuk player's, as an earlier version recorded
    rnd = next(e for e in old["events"] if e["type"] == "runewars.duel_round")
    start2 = copy.deepcopy(start)
    start2["payload"]["defender"]["player"] = "neutral"
    round2 = copy.deepcopy(rnd)
    round2["payload"]["defender"] = {"icon": "special", "value": 0, "special": "damage", "prevent": 0}
    last = max(e["seq"] for e in old["events"])
    for i, ev in enumerate((start2, round2), 1):
        ev["seq"] = last + i
    old["events"] += [start2, round2]
    check_import(old)  # imports
    events = [Event(seq=e["seq"], type=e["type"], payload=e["payload"], sentence=e["sentence"],
                    scope=tuple(e["scope"])) for e in old["events"]]
    state = fold(0, old["setup"], old["seed"], events)
    assert not state.get("failed_events")
    r = state["runewars"]
    assert r["duels"][-1]["defender"]["player"] == 1 and r["duel"]["attacker"]["damage"] == 1  # folded as it was


# ---------------------------------------------------------------------------------------------- Quest Phases


def test_a_routed_hero_may_not_start_a_duel_but_can_be_forced_into_one(client):
    """Seed 001, Duels 4: "Routed heroes can be forced into a duel by an opponent's hero, but may not start a duel.
    Defending heroes that are routed act as if they are not routed during a duel." """
    gid = new_game(client)
    html = duel(client, gid, "1", "0", status=400, attacker_routed="1")
    assert "may not start a duel" in html
    duel(client, gid, "1", "0", defender_routed="1")
    html = heroes_page(client, gid)
    assert 'data-testid="rw-duel-routed"' in html and "acts as if not routed during the duel" in html
    # the routed defender deals his damage as any hero does
    do(client, gid, "runewars_duel_round", attacker_icon="miss", defender_icon="damage", defender_value="1")
    assert "damage 1/4" in heroes_page(client, gid)


def test_a_routed_hero_may_not_attempt_a_quest(client):
    """Seed 001, Attempting and Completing Quests: "Routed heroes may not attempt Quests." A Duel quest and an
    attribute test for a Quest card are refused for a routed hero; a test that is no Quest is not."""
    gid = new_game(client)
    assert "may not attempt Quests" in duel(client, gid, "0", "neutral", status=400, d_name="Hellhound",
                                            attacker_routed="1")
    html = do(client, gid, "runewars_attribute_test", 400, hero="Silhouette", attribute="agility", value="2",
              quest="1", routed="1")
    assert "Routed heroes may not attempt Quests" in html
    do(client, gid, "runewars_attribute_test", hero="Silhouette", attribute="agility", value="2", routed="1")


def test_a_hero_who_starts_a_duel_may_not_quest_in_that_phase(client):
    """Seed 001, Duels 4: "A hero that starts a duel may not attempt a Quest during the same Quest Phase." Held from
    the Quest Phase the table marks; the next Quest Phase frees him."""
    gid = new_game(client)
    do(client, gid, "runewars_quest_phase")
    assert "Quest Phase 1" in heroes_page(client, gid)
    duel(client, gid, "1", "0")
    do(client, gid, "runewars_duel_round", attacker_icon="damage", attacker_value="2", defender_icon="miss")
    html = do(client, gid, "runewars_attribute_test", 400, hero="Mad Carthos", attribute="strength", value="2",
              quest="1")
    assert "A hero that starts a duel may not attempt a Quest during the same Quest Phase" in html
    assert "may not attempt a Quest during the same" in duel(client, gid, "1", "neutral", status=400,
                                                                d_name="Hellhound")
    html = heroes_page(client, gid)
    assert re.search(r'data-testid="rw-acted">[^<]*Mad Carthos \(started a duel\)', html)
    do(client, gid, "runewars_quest_phase")
    assert "Quest Phase 2" in heroes_page(client, gid)
    do(client, gid, "runewars_attribute_test", hero="Mad Carthos", attribute="strength", value="2", quest="1")


def test_one_quest_per_hero_per_quest_phase(client):
    """Seed 001, Attempting and Completing Quests: "Each hero may only attempt one Quest per Quest Phase." A Duel
    quest is the hero's Quest too; and a hero who moves "may move up to two areas and then possibly start a duel or
    attempt a Quest" - one of them."""
    gid = new_game(client)
    do(client, gid, "runewars_quest_phase")
    do(client, gid, "runewars_attribute_test", hero="Silhouette", attribute="agility", value="2", quest="1")
    html = do(client, gid, "runewars_attribute_test", 400, hero="silhouette ", attribute="wisdom", value="1",
              quest="1")
    assert "Each hero may only attempt one Quest per Quest Phase" in html
    assert "Each hero may only attempt one Quest" in do(
        client, gid, "runewars_duel_start", 400, attacker_player="0", attacker_name="Silhouette",
        attacker_health="3", defender_player="neutral", defender_name="Hellhound", defender_health="2")
    assert "so he may not start a duel" in do(
        client, gid, "runewars_duel_start", 400, attacker_player="0", attacker_name="Silhouette",
        attacker_health="3", defender_player="1", defender_name="Mad Carthos", defender_health="4")
    # another hero of the same player still may; a hero forced into a duel has not acted
    do(client, gid, "runewars_duel_start", attacker_player="0", attacker_name="Eliam", attacker_health="3",
       defender_player="1", defender_name="Mad Carthos", defender_health="4")
    do(client, gid, "runewars_duel_round", attacker_icon="miss", defender_icon="damage", defender_value="3")
    assert "has already started a duel" in do(
        client, gid, "runewars_duel_start", 400, attacker_player="0", attacker_name="Eliam", attacker_health="3",
        defender_player="1", defender_name="Mad Carthos", defender_health="4")
    do(client, gid, "runewars_duel_start", attacker_player="1", attacker_name="Mad Carthos", attacker_health="4",
       defender_player="0", defender_name="Silhouette", defender_health="3")


def test_without_a_marked_quest_phase_nothing_is_held(client):
    """Games from before Quest Phases (and tables that do not mark them) keep what they did: a hero may duel and
    quest again, as an earlier version recorded it."""
    gid = new_game(client)
    duel(client, gid, "1", "0")
    do(client, gid, "runewars_duel_round", attacker_icon="damage", attacker_value="2", defender_icon="miss")
    do(client, gid, "runewars_attribute_test", hero="Mad Carthos", attribute="strength", value="2", quest="1")
    duel(client, gid, "1", "0", d_name="Eliam")


def test_duel_quest_names_who_plays_the_unit_and_the_page_reminds_the_rest(client):
    """Seed 001, "Duel" Quests: "The player to his left controls the neutral unit during the duel." The heroes and
    battle pages list what the table holds (Reward Cards in Duels: "may not use more than one "weapon" and one
    "armor" card during a single duel"; Quest Phase: "A hero may only heal if he is in a friendly area"; Retreats:
    friendly, then empty)."""
    gid = new_game(client, names=("Elf", "Uthuk", "Human"))
    duel(client, gid, "1", "neutral", d_name="Hellhound")
    html = heroes_page(client, gid)
    controller = re.search(r'data-testid="rw-duel-controller">(.*?)</p>', html).group(1)
    assert controller.startswith("Human (the player to the hero") and controller.endswith("plays the neutral unit.")
    reminders = re.search(r'data-testid="rw-reminders">(.*?)</section>', html).group(1)
    for words in ("one weapon and one armor per duel", "only in a friendly area", "defeated hero marker",
                  "Heroes do not fight in battles", "returns to the pile of unused neutral units"):
        assert words in reminders
    battle = re.sub(r"\s+", " ", client.get(f"/games/{gid}/runewars").get_data(as_text=True))
    reminders = re.search(r'data-testid="rw-reminders">(.*?)</section>', battle).group(1)
    assert "may not play Tactics cards" in reminders and "stay in the contested area" in reminders


def test_one_weapon_and_one_armor_in_a_duel(client):
    """Seed 001, Reward Cards in Duels: "each hero may use any number of his Reward cards, but may not use more than
    one "weapon" and one "armor" card during a single duel. Note that a hero may use the same "weapon" or "armor"
    Reward card multiple times during a duel". The Duel Example: Mad Carthos uses Rage Blade, then Runeplate."""
    gid = new_game(client)
    duel(client, gid, "1", "0", defender_damage="0")
    do(client, gid, "runewars_duel_round", attacker_icon="special", attacker_special="reward", attacker_value="2",
       attacker_weapon="Rage Blade", defender_icon="rout", defender_value="1")
    do(client, gid, "runewars_duel_round", attacker_icon="miss", attacker_prevent="1", attacker_armor="Runeplate",
       defender_icon="damage", defender_value="1")
    traits = re.search(r'data-testid="rw-duel-attacker-traits">(.*?)</p>', heroes_page(client, gid)).group(1)
    assert "Weapon: Rage Blade" in traits and "Armor: Runeplate" in traits
    html = do(client, gid, "runewars_duel_round", 400, attacker_icon="special", attacker_special="reward",
              attacker_value="1", attacker_weapon="Frost Brand", defender_icon="miss")
    assert "may not use more than one" in html and "Rage Blade" in html
    html = do(client, gid, "runewars_duel_round", 400, attacker_icon="miss", attacker_armor="Elven Mail",
              defender_icon="miss")
    assert "has used the armor Runeplate" in html
    do(client, gid, "runewars_duel_round", attacker_icon="special", attacker_special="reward", attacker_value="1",
       attacker_weapon="rage blade", defender_icon="miss")  # the same weapon again


def test_a_duel_quest_unit_has_no_reward_cards(client):
    """Seed 001, "Duel" Quests: the neutral unit "triggers its special ability"; Reward cards are a hero's (Reward
    Cards: "placed facedown under the Hero card")."""
    gid = new_game(client)
    duel(client, gid, "0", "neutral", d_name="Hellhound")
    html = do(client, gid, "runewars_duel_round", 400, attacker_icon="miss", defender_icon="miss",
              defender_weapon="Claws")
    assert "the neutral unit has no Reward cards" in html


def test_stored_duels_of_an_earlier_version_still_show(app, client):
    """An earlier version's form offered the neutral unit on both sides, two heroes of one player, and the unit's 1
    damage: such stored duels still fold and the heroes page still shows them (no controller named where no hero's
    player is known)."""
    import json

    from companion.db import get_db
    from companion.events import last_seq
    from companion.state_cache import CACHE

    gid = new_game(client)
    neutral = {"player": "neutral", "name": "Hellhound", "health": 2, "damage": 0}
    rows = [("runewars.duel_start", {"attacker": dict(neutral, name="A"), "defender": neutral}),
            ("runewars.duel_round", {"attacker": {"icon": "special", "value": 0, "special": "damage"},
                                     "defender": {"icon": "special", "value": 0, "special": "damage"}})]
    with app.app_context():
        db = get_db()
        seq = last_seq(db, gid)
        for type_, payload in rows:
            seq += 1
            db["events"].insert({"game_id": gid, "seq": seq, "type": type_, "payload": json.dumps(payload),
                                 "sentence": json.dumps({"msg": "x", "args": {}}), "text": "x",
                                 "scope": '["runewars:duel"]', "device": None, "nonce": None,
                                 "created": "2025-01-01"})
    CACHE.clear()
    r = client.get(f"/games/{gid}/runewars/heroes")
    assert r.status_code == 200
    html = re.sub(r"\s+", " ", r.get_data(as_text=True))
    assert "damage 1/2" in html and 'data-testid="rw-duel-controller"' not in html
