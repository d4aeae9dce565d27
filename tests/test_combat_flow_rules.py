"""The combat referee's game flow, rule by rule: what each kind of fight does to the game, summoning, the
engine's per-enemy state carried between phases (Elusive, Defend, Cumbersome, Vampiric), damage assigned by
hand, knock-outs, and bad input answered with a 4xx and its reason (never a 500).
"""

from __future__ import annotations

import pytest

from companion.game.spine.command import Invalid
from companion.game.spine.local import LocalGame
from test_combat_flow import client, key_of, new_solo_game, post, seq, state  # noqa: F401  (fixture)


SOLO_GAME = {"scenario": "first_reconnaissance", "mode": "solo", "players": [{"name": "Anna", "hero": "tovak"}]}


def setup(client, gid, fight, **extra):
    post(client, gid, "/combat/setup", {"player": "0", "fight": fight, **extra})


def add(client, gid, token=None, rampaging=False, **typed):
    data = {"token": token} if token else dict(typed)
    if rampaging:
        data["rampaging"] = "yes"
    post(client, gid, "/combat/enemy", data)


def to_phase(client, gid, phase):
    while state(client, gid)["combat"]["current"]["phase"] != phase:
        post(client, gid, "/combat/phase")


def attack(client, gid, targets, value, element="physical", kind="melee", status=303):
    return post(client, gid, "/combat/attack", {"target": [str(t) for t in targets], "value": str(value),
                                                "element": element, "kind": kind}, status=status)


def to_attack(client, gid):
    """Through to the Attack phase, taking the suggested damage assignment on the way."""
    while cur(client, gid)["phase"] != "attack":
        if cur(client, gid)["phase"] == "damage":
            post(client, gid, "/combat/damage", {"mode": "suggest"})
        post(client, gid, "/combat/phase")


def cur(client, gid):
    return state(client, gid)["combat"]["current"]


# ---------------------------------------------------------------------------------------------- kinds of fight


def test_dungeon_night_rules_no_units_all_damage_to_the_hero_and_a_shield(client):
    """Quick reference, Dungeon: Night rules apply and Units cannot be used; if you defeat the enemy, mark the space
    with a Shield token. Rulebook Assign Damage 5a: one Wound per started block of hero Armor."""
    gid = new_solo_game(client)
    post(client, gid, "/do/recruit", {"player": "0", "unit": "peasants"})
    setup(client, gid, "dungeon")
    add(client, gid, "werewolf")  # Armor 5, Attack 7, Swift, Fame 5
    assert cur(client, gid)["units_allowed"] is False and cur(client, gid)["night"] is True
    to_phase(client, gid, "damage")
    html = client.get(f"/games/{gid}/combat").get_data(as_text=True)
    assert "No unit can take damage" in html and "Night rules" in html
    post(client, gid, "/combat/damage", {"mode": "suggest"})
    res = cur(client, gid)["damage"]["result"]
    assert res["hero"]["wounds_to_hand"] == 4  # 7 damage, hero Armor 2 (level 1): 2+2+2+1
    assert res["units"] == []
    to_phase(client, gid, "attack")
    attack(client, gid, [key_of(state(client, gid), "werewolf")], 5)
    post(client, gid, "/combat/end")
    anna = state(client, gid)["players"][0]
    assert (anna["fame"], anna["reputation"], anna["wounds"]) == (5, 0, 4)
    assert anna["shields"]["adventure"] == 1 and anna["units"][0]["wounded"] is False


def test_burning_a_monastery_costs_3_reputation_win_or_lose(client):
    """Quick reference, Monastery: burning it gives Reputation -3; a violet enemy, no Units; defeated: a Shield."""
    gid = new_solo_game(client)
    setup(client, gid, "monastery")
    add(client, gid, "monks")
    to_phase(client, gid, "block")
    post(client, gid, "/combat/block", {"key": "1", "value": "5", "element": "physical"})
    to_phase(client, gid, "attack")
    post(client, gid, "/combat/end")
    anna = state(client, gid)["players"][0]
    assert (anna["fame"], anna["reputation"], anna["shields"]["monastery"]) == (0, -3, 0)
    assert state(client, gid)["combat"]["last"]["conquered"] is False


def test_another_players_keep_gives_half_fame_rounded_up(client):
    """Quick reference, Other Players' Keeps: Reputation -1; half Fame (rounded up) for the defenders."""
    gid = new_solo_game(client)
    setup(client, gid, "other_keep")
    add(client, gid, "guardsmen")  # Fame 3 -> 2
    to_phase(client, gid, "block")
    post(client, gid, "/combat/block", {"key": "1", "value": "3", "element": "physical"})
    to_phase(client, gid, "attack")
    attack(client, gid, [1], 7)
    post(client, gid, "/combat/end")
    anna = state(client, gid)["players"][0]
    assert (anna["fame"], anna["reputation"], anna["shields"]["keep"]) == (2, -1, 1)


def test_rampaging_enemies_alone_no_assault_penalty_and_draconum_give_2_reputation(client):
    """Rulebook Combat Outcomes: defeating rampaging orc marauders +1, draconum +2 Reputation; no site, no shield."""
    gid = new_solo_game(client)
    setup(client, gid, "rampaging")
    add(client, gid, "swamp_dragon", rampaging=True)  # Armor 9, Fame 7
    add(client, gid, "diggers", rampaging=True)  # Armor 3, Fortified (ability): Siege only in the ranged phase
    to_phase(client, gid, "ranged_siege")
    resp = attack(client, gid, [2], 3, kind="ranged", status=400)
    assert "only Siege" in resp.get_data(as_text=True)
    attack(client, gid, [2], 3, kind="siege")
    to_phase(client, gid, "block")
    post(client, gid, "/combat/block", {"key": "1", "value": "10", "element": "physical"})  # Swift: 2 x 5
    to_phase(client, gid, "attack")
    attack(client, gid, [1], 9)
    post(client, gid, "/combat/end")
    anna = state(client, gid)["players"][0]
    assert (anna["fame"], anna["reputation"]) == (9, 3)
    assert sum(anna["shields"].values()) == 0 and state(client, gid)["combat"]["last"]["conquered"] is None


# ---------------------------------------------------------------------------------------------- summoning


def test_summoner_draw_from_the_pile_is_random_but_replays_the_same(client):
    """Rulebook Block phase 2: a summoner draws a random brown token; it replaces the summoner in the Block and
    Assign Damage phases, and is discarded after. The draw is part of the event: folding the log again gives it."""
    gid = new_solo_game(client)
    setup(client, gid, "rampaging")
    add(client, gid, "orc_summoners", rampaging=True)
    to_phase(client, gid, "block")
    resp = post(client, gid, "/combat/phase", status=400)  # no token drawn yet
    assert "Draw the summoned token" in resp.get_data(as_text=True)
    post(client, gid, "/combat/summon", {"key": "1", "expansion": "base"})
    (drawn,) = cur(client, gid)["enemies"][0]["summoned"]
    assert drawn["color"] == "brown" and drawn["token"] in {"minotaur", "gargoyle", "medusa", "crypt_worm",
                                                            "werewolf"}
    assert all(cur(client, gid)["enemies"][0]["summoned"] == [drawn] for _ in range(3))  # same on every fold
    html = client.get(f"/games/{gid}/combat").get_data(as_text=True)
    assert "summoned by Orc Summoners" in html
    # undo and redo: the same token again
    post(client, gid, "/undo")
    assert cur(client, gid)["enemies"][0]["summoned"] == []
    post(client, gid, "/redo")
    assert cur(client, gid)["enemies"][0]["summoned"] == [drawn]
    # the summoned token deals the damage; the summoner gives its own Fame in the Attack phase
    to_phase(client, gid, "damage")
    html = client.get(f"/games/{gid}/combat").get_data(as_text=True)
    assert f"{drawn['name']}: " in html
    post(client, gid, "/combat/damage", {"mode": "suggest"})
    to_phase(client, gid, "attack")
    attack(client, gid, [1], 4)
    post(client, gid, "/combat/end")
    assert state(client, gid)["players"][0]["fame"] == 4  # the Orc Summoners' Fame only


def test_summoned_token_must_come_from_the_brown_pile(client):
    gid = new_solo_game(client)
    setup(client, gid, "rampaging")
    add(client, gid, "orc_summoners", rampaging=True)
    to_phase(client, gid, "block")
    resp = post(client, gid, "/combat/summon", {"key": "1", "token": "prowlers"}, status=400)
    assert "brown" in resp.get_data(as_text=True)


# ---------------------------------------------------------------------------------------------- engine state across phases


def test_elusive_uses_its_lower_armor_in_the_attack_phase_only_when_all_attacks_were_blocked(client):
    """Quick reference, Elusive: the lower value is used only in the Attack phase, and only if all of the enemy's
    attacks were blocked (a typed-in enemy: Armor 4 / Elusive 8, two attacks)."""
    gid = new_solo_game(client)
    setup(client, gid, "rampaging")
    add(client, gid, name="Shade", armor="4", elusive_armor="8", attack="3", attack2="2", ability="elusive",
        fame="5")
    to_phase(client, gid, "block")
    post(client, gid, "/combat/block", {"key": "1", "attack_index": "0", "value": "3"})
    to_phase(client, gid, "damage")  # the second attack was not blocked
    post(client, gid, "/combat/damage", {"mode": "suggest"})
    to_phase(client, gid, "attack")
    attack(client, gid, [1], 4)  # not enough: armor 8
    assert cur(client, gid)["enemies"][0]["defeated"] is False
    # undo back to the Block phase (attack, phase, damage, phase), block both attacks: now 4 is enough
    for _ in range(4):
        post(client, gid, "/undo")
    assert cur(client, gid)["phase"] == "block" and cur(client, gid)["enemies"][0]["blocked"] == [0]
    post(client, gid, "/combat/block", {"key": "1", "attack_index": "1", "value": "2"})
    to_phase(client, gid, "attack")
    attack(client, gid, [1], 4)
    assert cur(client, gid)["enemies"][0]["defeated"] is True and cur(client, gid)["fame"] == 5


def test_defend_bonus_stays_on_the_first_enemy_attacked(client):
    """Quick reference, Defend: the first enemy attacked gets +Defend Armor until the end of the combat."""
    gid = new_solo_game(client)
    setup(client, gid, "rampaging")
    add(client, gid, name="Guard", armor="3", attack="2", ability="defend", defend="2", fame="2")
    to_phase(client, gid, "ranged_siege")
    attack(client, gid, [1], 3, kind="ranged")  # 3 < 3 + 2
    e = cur(client, gid)["enemies"][0]
    assert (e["defeated"], e["armor_bonus"], e["defend_used"]) == (False, 2, True)
    html = client.get(f"/games/{gid}/combat").get_data(as_text=True)
    assert "Armor to beat 5" in html
    attack(client, gid, [1], 5, kind="ranged")
    assert cur(client, gid)["enemies"][0]["defeated"] is True


def test_cumbersome_move_points_lower_the_attack_for_the_damage_too(client):
    """Quick reference, Cumbersome: each Move point spent in the Block phase lowers the attack by 1 for the rest of
    the turn; reduced to 0 it counts as blocked."""
    gid = new_solo_game(client)
    setup(client, gid, "rampaging")
    add(client, gid, name="Slug", armor="3", attack="5", ability="cumbersome", fame="2")
    to_phase(client, gid, "block")
    post(client, gid, "/combat/block", {"key": "1", "move_points": "2", "value": "1"})  # 1 < 3: no effect
    e = cur(client, gid)["enemies"][0]
    assert e["blocked"] == [] and e["move_points"] == {"0": 2}
    to_phase(client, gid, "damage")
    html = client.get(f"/games/{gid}/combat").get_data(as_text=True)
    assert "Slug: 3 damage" in html


def test_vampiric_armor_gain_carries_into_the_attack_phase(client):
    """Quick reference, Vampiric: the enemy's Armor rises by 1 per wound it causes, for the rest of the combat."""
    gid = new_solo_game(client)
    setup(client, gid, "rampaging")
    add(client, gid, name="Bat", armor="3", attack="4", ability="vampiric", fame="2")
    to_phase(client, gid, "damage")
    post(client, gid, "/combat/damage", {"mode": "suggest"})  # 4 damage, hero Armor 2: 2 Wounds
    assert cur(client, gid)["enemies"][0]["vampiric"] == 2
    to_phase(client, gid, "attack")
    html = client.get(f"/games/{gid}/combat").get_data(as_text=True)
    assert "Armor to beat 5" in html


# ---------------------------------------------------------------------------------------------- damage by hand, knock-out


def test_assign_unit_by_unit_then_suggest_the_rest_and_knock_out(client):
    """Rulebook Assign Damage: the player's order; a unit wounded by one attack cannot take another; knocked out when
    the Wounds into the hand this combat reach the unmodified Hand limit (5 at level 1)."""
    gid = new_solo_game(client)
    post(client, gid, "/do/recruit", {"player": "0", "unit": "peasants"})  # Armor 3
    setup(client, gid, "rampaging")
    add(client, gid, "prowlers", rampaging=True)  # 4
    add(client, gid, "swordsmen", rampaging=True)  # 6
    to_phase(client, gid, "damage")
    html = client.post(f"/games/{gid}/combat/check", data={"check": "assign", "attack": "1:0",
                                                            "unit": ["Peasants #1"]}).get_data(as_text=True)
    assert "Hero: 1 Wound into the hand" in html  # 4 - 3 = 1 -> 1 Wound
    post(client, gid, "/combat/damage", {"mode": "manual", "attack": "1:0", "unit": "Peasants #1"})
    # the Peasants are wounded now: assigning them again is refused
    resp = post(client, gid, "/combat/damage", {"mode": "manual", "attack": "2:0", "unit": "Peasants #1"},
                status=400)
    assert "wounded" in resp.get_data(as_text=True)
    post(client, gid, "/combat/damage", {"mode": "suggest"})
    res = cur(client, gid)["damage"]["result"]
    assert res["hero"]["wounds_to_hand"] == 1 + 3 and res["hero"]["knocked_out"] is False
    assert [(a["key"], a["assign"]) for a in cur(client, gid)["damage"]["assigned"]] == [
        (1, ["Peasants #1"]), (2, [])]
    to_phase(client, gid, "attack")
    post(client, gid, "/combat/end")
    anna = state(client, gid)["players"][0]
    assert anna["wounds"] == 4 and anna["units"][0]["wounded"] is True


def test_knocked_out_is_recorded_and_shown(client):
    gid = new_solo_game(client)
    setup(client, gid, "rampaging")
    add(client, gid, "swordsmen", rampaging=True)  # 6 damage, hero Armor 2: 3 Wounds
    add(client, gid, "prowlers", rampaging=True)  # 4: 2 Wounds -> 5 = Hand limit
    to_phase(client, gid, "damage")
    post(client, gid, "/combat/damage", {"mode": "suggest"})
    assert cur(client, gid)["damage"]["result"]["hero"]["knocked_out"] is True
    to_phase(client, gid, "attack")
    post(client, gid, "/combat/end")
    html = client.get(f"/games/{gid}/combat").get_data(as_text=True)
    assert "Knocked out" in html and state(client, gid)["players"][0]["wounds"] == 5


def test_paralyze_destroys_a_unit_and_the_outcome_removes_it(client):
    """Quick reference, Paralyze: a unit that would be wounded is destroyed (removed from the game)."""
    gid = new_solo_game(client)
    post(client, gid, "/do/recruit", {"player": "0", "unit": "peasants"})
    setup(client, gid, "rampaging")
    add(client, gid, "medusa", rampaging=True)  # Attack 6, Paralyze
    to_phase(client, gid, "damage")
    post(client, gid, "/combat/damage", {"mode": "manual", "attack": "1:0", "unit": "Peasants #1"})
    to_phase(client, gid, "attack")
    post(client, gid, "/combat/end")
    assert state(client, gid)["players"][0]["units"] == []
    post(client, gid, "/undo")
    assert [u["name"] for u in state(client, gid)["players"][0]["units"]] == ["Peasants"]


# ---------------------------------------------------------------------------------------------- bad input, pages


@pytest.mark.parametrize("path,data,reason", [
    ("/combat/enemy", {"token": "prowlers"}, "no combat"),
    ("/combat/attack", {"target": "1", "value": "3"}, "no combat"),
    ("/combat/setup", {"player": "7", "fight": "keep"}, "between 0 and 0"),
    ("/combat/setup", {"player": "0", "fight": "picnic"}, "must be one of"),
    ("/combat/setup", {"player": "0", "fight": "city", "city": "white", "level": "12"}, "between 1 and 11"),
    ("/combat/setup", {"player": "0", "fight": "city", "city": "pink", "level": "3"}, "must be one of"),
])
def test_bad_input_without_a_combat_is_a_400_with_the_reason(client, path, data, reason):
    gid = new_solo_game(client)
    resp = post(client, gid, path, data, status=400)
    assert reason in resp.get_data(as_text=True)


def test_bad_input_during_a_combat_is_a_400_with_the_reason(client):
    gid = new_solo_game(client)
    setup(client, gid, "keep")
    for data, reason in (({"token": "nonsense"}, "no enemy token"), ({"name": "X"}, "Armor is missing"),
                         ({"name": "X", "armor": "4"}, "Only a summoner"),
                         ({"name": "X", "armor": "abc", "attack": "2"}, "whole number"),
                         ({"name": "X", "armor": "4", "attack": "2", "ability": "flying"}, "Unknown ability")):
        resp = post(client, gid, "/combat/enemy", data, status=400)
        assert reason in resp.get_data(as_text=True), reason
    resp = post(client, gid, "/combat/setup", {"player": "0", "fight": "keep"}, status=400)
    assert "already going on" in resp.get_data(as_text=True)
    assert "Add at least one enemy" in post(client, gid, "/combat/phase", status=400).get_data(as_text=True)
    add(client, gid, "swordsmen")
    to_phase(client, gid, "ranged_siege")
    for data, reason in (({"value": "3", "kind": "siege"}, "at least one enemy"),
                         ({"target": "1", "value": "3", "kind": "melee"}, "only Ranged and Siege"),
                         ({"target": "1", "value": "3", "kind": "ranged"}, "only Siege"),
                         ({"target": "1", "value": "x", "kind": "siege"}, "whole number"),
                         ({"target": "9", "value": "3", "kind": "siege"}, "no longer in the combat"),
                         ({"target": "1", "value": "3", "element": "plasma", "kind": "siege"}, "Unknown element"),
                         ({"target": "1"}, "at least one attack")):
        resp = post(client, gid, "/combat/attack", data, status=400)
        assert reason in resp.get_data(as_text=True), reason
    assert "not possible in the" in post(client, gid, "/combat/block", {"key": "1", "value": "3"},
                                         status=400).get_data(as_text=True)
    to_phase(client, gid, "block")
    # a half-typed check is answered beside the form, not as an error page
    resp = client.post(f"/games/{gid}/combat/check", data={"check": "block", "key": "1", "value": "zz"})
    assert resp.status_code == 200 and "whole number" in resp.get_data(as_text=True)
    post(client, gid, "/combat/block", {"key": "1", "value": "6"})
    assert "already blocked" in post(client, gid, "/combat/block", {"key": "1", "value": "6"},
                                     status=400).get_data(as_text=True)
    assert "attack_index" in post(client, gid, "/combat/block", {"key": "1", "attack_index": "x", "value": "6"},
                                  status=400).get_data(as_text=True)


def test_a_stale_phone_gets_a_409_and_the_combat_page_is_a_fragment_for_htmx(client):
    gid = new_solo_game(client)
    setup(client, gid, "rampaging")
    stale = seq(client, gid)
    add(client, gid, "prowlers", rampaging=True)
    resp = client.post(f"/games/{gid}/combat/enemy", data={"token": "diggers", "based_on": str(stale)})
    assert resp.status_code == 409
    resp = client.get(f"/games/{gid}/combat", headers={"HX-Request": "true"})
    html = resp.get_data(as_text=True)
    assert resp.status_code == 200 and "<html" not in html and "Prowlers" in html


def test_cancel_forgets_the_combat_without_effect(client):
    gid = new_solo_game(client)
    setup(client, gid, "keep")
    add(client, gid, "guardsmen")
    post(client, gid, "/combat/cancel")
    st = state(client, gid)
    assert st["combat"]["current"] is None and st["players"][0]["reputation"] == 0


def test_the_combat_page_in_german_uses_the_official_terms(client):
    gid = new_solo_game(client)
    client.post("/lang", data={"lang": "de"})
    setup(client, gid, "city", city="white", level="5")
    add(client, gid, "gunners")
    to_phase(client, gid, "ranged_siege")
    html = client.get(f"/games/{gid}/combat").get_data(as_text=True)
    for term in ("Fern- und Belagerungsangriffsphase", "Blockphase", "Schadensphase", "Angriffsphase",
                 "Stadtüberfall", "Weiße Stadt", "Belagerungsangriff", "Kanoniere"):
        assert term in html, term
    html = client.post(f"/games/{gid}/combat/check", data={"check": "attack", "target": "1", "value": "4",
                                                            "element": "physical", "kind": "siege"}
                       ).get_data(as_text=True)
    assert "Angriff 4 von 7: noch 3 nötig." in html


def test_a_token_corrected_in_this_game_is_fought_with_the_correction(client):
    """A table's correction of a printed token (state["overrides"]) is what the combat uses."""
    from companion.db import get_db
    from companion.events import record
    from companion.game.spine.sentences import sentence

    gid = new_solo_game(client)
    with client.application.app_context():
        record(get_db(), gid, type="enemy.override", payload={"enemy": "prowlers", "changes": {"armor": 5}},
               sentence=sentence("test"), scope=("overrides",))
    setup(client, gid, "rampaging")
    add(client, gid, "prowlers", rampaging=True)
    e = cur(client, gid)["enemies"][0]
    assert (e["armor"], e["overridden"]) == (5, True)
    assert "corrected token" in client.get(f"/games/{gid}/combat").get_data(as_text=True)


def test_no_input_makes_a_500(client):
    """Garbage in every field of every command, in every phase: always a 4xx or a redirect, never a 500."""
    gid = new_solo_game(client)
    garbage = [{}, {"key": "-1"}, {"key": "1", "attack_index": "99", "value": "3"}, {"target": ["1", "1"]},
               {"target": "x"}, {"attack": "1:2:3"}, {"attack": "a"}, {"mode": "manual", "attack": "1:0",
                                                                        "unit": "nobody #9"},
               {"mode": "suggest", "prefer": "villain"}, {"token": "x" * 500}, {"value": ["1"] * 30, "kind": "siege",
                                                                                 "target": "1"},
               {"player": "0", "fight": "city", "city": "white", "level": "x"}, {"expansion": "moon", "key": "1"},
               {"check": "plan"}, {"check": "attack", "target": "1", "value": "-5"}, {"check": "assign"}]
    paths = ["/combat/setup", "/combat/enemy", "/combat/enemy/1/remove", "/combat/enemy/99/remove", "/combat/phase",
             "/combat/attack", "/combat/summon", "/combat/block", "/combat/damage", "/combat/end", "/combat/cancel",
             "/combat/check"]

    def hammer():
        for path in paths:
            for data in garbage:
                resp = client.post(f"/games/{gid}{path}", data=data)
                assert resp.status_code < 500, (path, data, resp.status_code)
                if resp.status_code == 303 and path != "/combat/check":
                    post(client, gid, "/undo")  # keep the combat where it was

    hammer()  # no combat
    setup(client, gid, "city", city="green", level="3")
    add(client, gid, "orc_summoners", rampaging=True)
    add(client, gid, "crossbowmen")
    for phase in ("setup", "ranged_siege", "block", "damage", "attack"):
        if phase == "damage":
            post(client, gid, "/combat/summon", {"key": "1", "token": "gargoyle"})
        if phase == "attack":
            post(client, gid, "/combat/damage", {"mode": "suggest"})
        to_phase(client, gid, phase)
        hammer()
        assert client.get(f"/games/{gid}/combat").status_code == 200
        assert client.get(f"/games/{gid}/combat?check=attack&target=zz&value=1").status_code == 200


def test_the_dragon_summoner_draws_two_tokens_blocked_separately(client):
    """The Lost Legion, Dragon Summoner: two summon attacks, two brown tokens, each blocked on its own; the
    summoner counts as blocked only when both are."""
    gid = new_solo_game(client)
    setup(client, gid, "rampaging")
    add(client, gid, "dragon_summoner", rampaging=True)
    to_phase(client, gid, "block")
    post(client, gid, "/combat/summon", {"key": "1", "token": "minotaur"})  # attack 0: 5, Brutal
    assert "Draw the summoned token" in post(client, gid, "/combat/phase", status=400).get_data(as_text=True)
    post(client, gid, "/combat/summon", {"key": "1", "token": "werewolf"})  # attack 1: 7, Swift
    assert "already summoned" in post(client, gid, "/combat/summon", {"key": "1", "token": "medusa"},
                                      status=400).get_data(as_text=True)
    html = client.post(f"/games/{gid}/combat/check", data={"check": "block", "key": "1", "attack_index": "1",
                                                            "value": "7"}).get_data(as_text=True)
    assert "Block 7 of 14: need 7 more." in html  # the Werewolf is Swift
    post(client, gid, "/combat/block", {"key": "1", "attack_index": "0", "value": "5"})
    to_phase(client, gid, "damage")
    html = client.get(f"/games/{gid}/combat").get_data(as_text=True)
    assert "Werewolf: 7 damage" in html and "Minotaur: 10 damage" not in html


def test_a_dungeon_conquered_before_gives_fame_but_no_shield(client):
    """Quick reference, Dungeon (While Conquered): no reward other than the Fame, no Shield token."""
    gid = new_solo_game(client)
    setup(client, gid, "dungeon", revisit="yes")
    add(client, gid, "gargoyle")
    to_phase(client, gid, "block")
    post(client, gid, "/combat/block", {"key": "1", "value": "5"})
    to_phase(client, gid, "attack")
    attack(client, gid, [1], 8)  # physical against Physical Resistance: halved to 4 = Armor 4
    post(client, gid, "/combat/end")
    anna = state(client, gid)["players"][0]
    assert anna["fame"] == 4 and anna["shields"]["adventure"] == 0


def test_conquering_another_players_keep_replaces_the_owners_shield(client):
    """Quick reference, Other Players' Keeps: if successful you replace the owner's Shield token with yours."""
    resp = client.post("/games", data={"scenario": "full_conquest", "mode": "competitive", "name_0": "Anna",
                                       "hero_0": "arythea", "name_1": "Ben", "hero_1": "tovak"})
    import re

    gid = int(re.search(r"/games/(\d+)/", resp.headers["Location"]).group(1))
    post(client, gid, "/do/shield", {"player": "1", "site": "keep", "amount": "1"})
    assert "cannot assault" in post(client, gid, "/combat/setup", {"player": "1", "fight": "other_keep",
                                                                    "owner": "1"}, status=400).get_data(as_text=True)
    post(client, gid, "/combat/setup", {"player": "0", "fight": "other_keep", "owner": "1"})
    add(client, gid, "swordsmen")  # Fame 4 -> 2
    to_phase(client, gid, "block")
    post(client, gid, "/combat/block", {"key": "1", "value": "6"})
    to_phase(client, gid, "attack")
    attack(client, gid, [1], 5)
    post(client, gid, "/combat/end")
    st = state(client, gid)
    assert (st["players"][0]["fame"], st["players"][0]["shields"]["keep"], st["players"][1]["shields"]["keep"]) == (
        2, 1, 0)
    post(client, gid, "/undo")
    assert state(client, gid)["players"][1]["shields"]["keep"] == 1


def test_hero_armor_from_the_fame_track_or_as_the_table_says(client):
    """Level 1: Armor 2, Hand limit 5 (Fame track); a table can give a changed Armor (a skill, a card), the Hand
    limit for knock-outs stays the unmodified one (Rulebook Assign Damage 5c)."""
    gid = new_solo_game(client)
    setup(client, gid, "rampaging")
    assert (cur(client, gid)["hero_armor"], cur(client, gid)["hand_limit"]) == (2, 5)
    post(client, gid, "/combat/cancel")
    setup(client, gid, "rampaging", hero_armor="4")
    add(client, gid, "prowlers", rampaging=True)  # 4 damage: 1 Wound at Armor 4
    to_phase(client, gid, "damage")
    post(client, gid, "/combat/damage", {"mode": "suggest"})
    assert cur(client, gid)["damage"]["result"]["hero"]["wounds_to_hand"] == 1
    assert cur(client, gid)["hand_limit"] == 5


def test_cooperative_city_assault_deals_the_garrison_and_each_participant_fights_their_share(client):
    """Rulebook Cooperative City Assault 5-6: the garrison is dealt at random by the agreed numbers; participants
    fight one after another in Round order starting with the initiator, each facing only their enemies; each
    loses 1 Reputation and puts a Shield on the City card per enemy they defeat; the city is conquered when
    every defender is defeated."""
    import re

    resp = client.post("/games", data={"scenario": "full_cooperation", "mode": "coop", "name_0": "Anna",
                                       "hero_0": "arythea", "name_1": "Ben", "hero_1": "tovak"})
    gid = int(re.search(r"/games/(\d+)/", resp.headers["Location"]).group(1))
    post(client, gid, "/combat/setup", {"player": "1", "fight": "city", "city": "blue", "level": "1"})
    add(client, gid, "crossbowmen")  # Blue level 1: gray, violet
    add(client, gid, "monks")
    resp = post(client, gid, "/combat/coop", {"count_0": "1", "count_1": "2"}, status=400)
    assert "add up to 3, the garrison has 2" in resp.get_data(as_text=True)
    assert "starts the assault" in post(client, gid, "/combat/coop", {"count_0": "2"},
                                        status=400).get_data(as_text=True)
    post(client, gid, "/combat/coop", {"count_0": "1", "count_1": "1"})
    c = cur(client, gid)
    assert c["coop"]["participants"] == [1, 0] and c["player"] == 1  # Ben started it
    shares = {e["share"]: e for e in c["enemies"]}
    assert sorted(shares) == [0, 1]
    bens, annas = shares[0], shares[1]
    assert "dealt" in post(client, gid, "/combat/enemy", {"token": "prowlers"}, status=400).get_data(as_text=True)
    # Ben fights only his enemy and defeats it
    to_attack(client, gid)
    attack(client, gid, [bens["key"]], 20)
    assert "no longer in the combat" in attack(client, gid, [annas["key"]], 20, status=400).get_data(as_text=True)
    post(client, gid, "/combat/end")
    st = state(client, gid)
    ben = st["players"][1]
    assert (ben["fame"], ben["reputation"], ben["shields"]["city"]) == (bens["fame"], -1, 1)
    c = st["combat"]["current"]
    assert c is not None and c["player"] == 0 and c["phase"] == "ranged_siege" and c["fame"] == 0
    assert st["combat"]["last"]["conquered"] is False and st["combat"]["cities"]["blue"]["conquered"] is False
    # Anna's turn: she does not defeat hers: the city is not conquered
    to_phase(client, gid, "damage")
    post(client, gid, "/combat/damage", {"mode": "suggest"})
    to_phase(client, gid, "attack")
    post(client, gid, "/combat/end")
    st = state(client, gid)
    assert st["combat"]["current"] is None and st["players"][0]["reputation"] == -1
    assert st["combat"]["cities"]["blue"] == {"level": 1, "shields": [1], "conquered": False}
    # undo Anna's end, defeat her enemy: conquered, shields in order Ben, Anna
    post(client, gid, "/undo")
    attack(client, gid, [annas["key"]], 20)
    post(client, gid, "/combat/end")
    st = state(client, gid)
    assert st["combat"]["cities"]["blue"] == {"level": 1, "shields": [1, 0], "conquered": True}
    assert st["combat"]["last"]["conquered"] is True


# ------------------------------------------------------------------ cards played sideways


def _sideways_fight():
    g = LocalGame(SOLO_GAME)
    g.run("combat_setup", player=0, fight="rampaging")
    g.run("combat_enemy_add", token="prowlers")  # Armor 3
    g.run("combat_phase")
    g.run("combat_phase")  # Block
    g.run("combat_phase")  # Assign Damage: nothing blocked, the Prowlers' 4 goes to the hero
    g.run("combat_damage", mode="suggest", then_attack="yes")
    assert g.state["combat"]["current"]["phase"] == "attack"
    return g


def test_a_sideways_row_of_3_is_three_cards_attack_phase_1b():
    """Rulebook Attack phase 1b: "Any card (except for a Wound) can be played sideways to contribute Attack 1"; a
    row of the kind "played sideways" typed as 3 is three cards, Attack 3, which defeats the Prowlers (Armor 3)."""
    g = _sideways_fight()
    key = g.state["combat"]["current"]["enemies"][0]["key"]
    g.run("combat_attack", target=[key], value=["3"], element=["fire"], kind=["sideways"])
    action = g.state["combat"]["current"]["actions"][-1]
    assert action["result"]["total"] == 3 and action["result"]["success"]
    assert action["attacks"] == [{"value": 1, "element": "physical", "kind": "sideways"}] * 3


@pytest.mark.parametrize("typed", ["0", "25", "1.5", "x"])
def test_a_sideways_row_that_is_not_a_number_of_cards_is_refused(typed):
    """Attack phase 1b (one card, Attack 1): a row of sideways cards is a whole number of cards, 1-24; anything
    else is refused with the reason, never silently one card."""
    g = _sideways_fight()
    key = g.state["combat"]["current"]["enemies"][0]["key"]
    with pytest.raises(Invalid, match="cards played sideways"):
        g.run("combat_attack", target=[key], value=[typed], kind=["sideways"])
