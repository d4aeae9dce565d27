"""A combat's commands are owned like turns (README: only the phone whose turn it is, or the host's,
plays that turn) - the fighting player's phone or the host's, the host's action logged "(by the host)" after a sentence that names Ben, else "(by the host for Ben)";
a cooperative assault's part is its participant's while they fight it; PvP's outcome is either fighter's. Through
the game layer alone (LocalGame)."""

import pytest

from companion.game.combat.fight_owner import fighter, may_fight
from companion.game.spine.command import Actor, Invalid, NotYours
from companion.game.spine.local import LocalGame
from companion.game.spine.sentences import render_sentence

from .flow_helpers import THREE
from game_helpers import by_the_host

ANNA, BEN, CLEO = Actor(player=0), Actor(player=1), Actor(player=2)
HOST = Actor(player=None, is_host=True)


def bens_fight():
    g = LocalGame(THREE)
    g.run("combat_setup", player=1, fight="keep", actor=BEN)
    g.run("combat_enemy_add", token="prowlers", actor=BEN)
    return g


def test_only_the_fighting_players_phone_plays_the_combat_and_another_phone_is_told_whose_it_is():
    """Rulebook, Combat with Enemies: a combat is part of the fighting player's turn. During Ben's fight Cleo's
    phone is refused (told whose fight it is) for every step; Ben's own phone plays it."""
    g = bens_fight()
    assert fighter(g.state) == 1 and may_fight(BEN, g.state) and not may_fight(CLEO, g.state)
    key = g.state["combat"]["current"]["enemies"][0]["key"]
    for name, data in (("combat_phase", {}), ("combat_enemy_remove", {"key": key}), ("combat_cancel", {}),
                       ("combat_enemy_add", {"token": "prowlers"}), ("combat_end", {}),
                       ("combat_block", {"key": key, "attack_index": 0, "value": [9], "element": ["physical"]})):
        with pytest.raises(NotYours, match="It is Ben's fight: only Ben's phone"):
            g.run(name, data, actor=CLEO)
    seq = g.seq
    ev = g.run("combat_phase", actor=BEN)
    assert ev.seq == seq + 1 and "host" not in render_sentence(ev.sentence)


def test_the_host_plays_a_fight_for_the_fighter_and_the_log_says_so():
    g = bens_fight()
    ev = g.run("combat_phase", actor=HOST)
    assert by_the_host(render_sentence(ev.sentence), "Ben")
    ev = g.run("combat_cancel", actor=Actor(player=0, is_host=True))  # the host who plays Anna, for Ben
    assert by_the_host(render_sentence(ev.sentence), "Ben")


def test_a_combat_is_started_by_its_fighters_phone_or_the_host():
    g = LocalGame(THREE)
    with pytest.raises(NotYours, match="Only Ben's phone .* can start Ben's combat"):
        g.run("combat_setup", player=1, fight="keep", actor=CLEO)
    ev = g.run("combat_setup", player=1, fight="keep", actor=HOST)
    assert by_the_host(render_sentence(ev.sentence), "Ben")
    assert may_fight(CLEO, LocalGame(THREE).state)  # no combat going on: any phone may start its own


def test_a_cooperative_assaults_part_is_its_participants_while_they_fight_it():
    """Rulebook, Cooperative City Assault 6: the participants fight their shares one after another, the initiator
    first: the initiator's phone plays the first part, then the next participant's phone."""
    g = LocalGame(THREE)
    g.run("round_order", order="0,1,2")
    g.run("combat_setup", player=0, fight="city", city="green", level=3, actor=ANNA)
    for _ in range(2):
        g.run("combat_enemy_add", token="prowlers", actor=ANNA)
    g.run("combat_coop_deal", count_0=1, count_1=1, actor=ANNA)
    assert fighter(g.state) == 0
    with pytest.raises(NotYours, match="It is Anna's fight"):
        g.run("combat_phase", actor=BEN)
    cur = g.state["combat"]["current"]
    while cur["player"] == 0:
        ph = cur["phase"]
        mine = [e for e in cur["enemies"] if e.get("share") == cur["coop"]["turn"] and not e["defeated"]]
        if ph == "attack" and mine:
            g.run("combat_attack", target=[mine[0]["key"]], value=[20], element=["physical"], kind=["melee"],
                  actor=ANNA)
        elif ph == "block" and mine:
            g.run("combat_block", key=mine[0]["key"], attack_index=0, value=[9], element=["physical"], actor=ANNA)
        g.run("combat_end" if ph == "attack" else "combat_phase", actor=ANNA)
        cur = g.state["combat"]["current"]
    assert fighter(g.state) == 1  # Ben's part now: his phone, not Anna's
    with pytest.raises(NotYours, match="It is Ben's fight"):
        g.run("combat_phase", actor=ANNA)
    g.run("combat_phase", actor=BEN)


def test_player_versus_player_is_recorded_by_either_fighter_or_the_host():
    """Rulebook, Player versus Player Combat: two players fight each other; either of them records the outcome (the
    other phones are refused, naming the two), or the host for the aggressor."""
    g = LocalGame(THREE)
    with pytest.raises(NotYours, match="This fight is between Ben and Cleo: only their phones"):
        g.run("pvp_end", a=1, d=2, actor=ANNA)
    for actor in (BEN, CLEO, HOST):  # past the owner check: the command itself says the fight is not over
        with pytest.raises(Invalid, match="not over yet") as err:
            g.run("pvp_end", a=1, d=2, actor=actor)
        assert not isinstance(err.value, NotYours)


def _turns_running():
    from .flow_helpers import pick_tactics
    from companion.game.flow.round_state import current as turn_now

    g = LocalGame(THREE)
    pick_tactics(g)
    return g, turn_now(g.state)


def test_a_fight_starts_only_on_its_players_turn_from_their_phone_or_the_hosts():
    """Rulebook, A Round 4a: "Players take their turns in the order stated by the Round Order tokens"; Combat with
    Enemies: a combat is part of a player's turn. While the turns are played, a fight starts only for the player
    whose turn it is; another player's start is refused naming whose turn it is, from the host too."""
    g, now = _turns_running()
    other = (now + 1) % 3
    name = g.state["players"][now]["name"]
    for actor in (Actor(player=other), HOST):
        with pytest.raises(NotYours, match=f"It is {name}'s turn: a fight starts only on its player's turn"):
            g.run("combat_setup", player=other, fight="rampaging", actor=actor)
    ev = g.run("combat_setup", player=now, fight="rampaging", actor=HOST)
    assert by_the_host(render_sentence(ev.sentence), name)
    g.run("combat_cancel", actor=Actor(player=now))
    g.run("combat_setup", player=now, fight="rampaging", actor=Actor(player=now))


def test_no_fight_starts_while_the_tactics_are_chosen_and_the_round_flow_not_followed_holds_nobody():
    """Rulebook, A Round 3 then 4: the Tactics are chosen before the turns. Once a Tactic of the Round is chosen,
    no fight starts until all are; a table that chose no Tactic in the app is not held to the Round flow."""
    g = LocalGame(THREE)
    g.run("combat_setup", player=2, fight="keep", actor=CLEO)  # no Tactic chosen in the app: not held
    g.run("combat_cancel", actor=CLEO)
    from companion.game.flow.round_state import next_picker

    g.run("round_tactic", player=next_picker(g.state), tactic="early_bird")
    with pytest.raises(NotYours, match="Tactics of this Round are being chosen"):
        g.run("combat_setup", player=2, fight="keep", actor=HOST)


def test_player_versus_player_is_the_aggressors_on_their_turn():
    """Rulebook, Player vs. Player Combat 1: "A player can invoke Player vs. Player combat as their action for the
    turn"; 2: "the attacking player is referred to as the aggressor": its outcome is refused for an aggressor whose
    turn it is not, naming whose turn it is."""
    g, now = _turns_running()
    other, third = (now + 1) % 3, (now + 2) % 3
    name = g.state["players"][now]["name"]
    with pytest.raises(NotYours, match=f"It is {name}'s turn"):
        g.run("pvp_end", a=other, d=third, actor=Actor(player=other))
    with pytest.raises(Invalid, match="not over yet") as err:
        g.run("pvp_end", a=now, d=other, actor=Actor(player=now))
    assert not isinstance(err.value, NotYours)
