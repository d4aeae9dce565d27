"""The Dummy player and a PvP fight driven through the game layer alone (commands and the fold, no Flask)."""

import json

import pytest

from companion.game.dummy import round_running
from companion.game.spine.command import Invalid
from companion.game.spine.local import LocalGame
from companion.rules.data import get_rules

SOLO = {"scenario": "solo_conquest", "mode": "solo", "players": [{"name": "Anna", "hero": "goldyx"}]}
DUEL = {"scenario": "full_conquest", "mode": "competitive",
        "players": [{"name": "Anna", "hero": "arythea"}, {"name": "Ben", "hero": "tovak"}]}


def whose_turn(state):
    order = state["round_order"]
    return order[state["dummy"]["turn"] % len(order)]


def test_a_whole_dummy_round_then_the_new_round_without_flask():
    """Scenario Book, Dummy Player: "At the start of the game: randomly choose one of the Heroes that is not in the
    game ... Give three crystals of these colors (one for each dot) ... Shuffle that Hero's Deed deck"; "When it is
    the Dummy player's turn: If their Deed deck is empty, they announce the End of the Round. Other players have one
    more turn, and the Round is over. If their Deed deck is not empty, flip over three cards ... If they have any
    crystals of that color, flip as many additional cards as they have crystals of that color"; "When preparing a
    new Round: When removing the lowest card from the Advanced Action offer, add this card to the Dummy player's
    deck instead. Then shuffle ... When removing the lowest card from the Spell offer, put it to [the Dummy
    player's Inventory as a crystal of that color]". Solo Conquest: you choose your Tactic, the Dummy player takes a
    random one of the rest; both leave the game at the end of the Round."""
    g = LocalGame(SOLO)
    with pytest.raises(Invalid, match="Set up the Dummy player first"):
        g.run("dummy_turn")
    g.run("dummy_setup", mode="virtual", hero="tovak")
    d = g.state["dummy"]
    assert d["hero"] == "tovak" and d["deck_count"] == 16 == len(d["deck"])
    assert d["crystals"] == {"red": 1, "blue": 2, "green": 0, "white": 0}  # Tovak's dots: blue, blue, red
    assert d["skills"] is not None  # Skills in a Solo Game

    g.run("dummy_tactics", tactic_0="planning")  # number 4: Anna plays before any higher number
    d = g.state["dummy"]
    assert d["player_tactics"] == {"0": "planning"} and d["tactic"] not in (None, "planning")
    assert set(g.state["round_order"]) == {0, "dummy"}

    flips = []
    while not g.state["dummy"]["announced"]:
        s = g.state
        if whose_turn(s) == "dummy":
            before = s["dummy"]["deck_count"]
            crystals = s["dummy"]["crystals"]
            g.run("dummy_turn")
            last = g.state["dummy"]["last"]
            if before == 0:
                assert last["end_of_round"] and last["count"] == 0
            else:
                expected = min(before, 3 + crystals.get(last["flipped"][min(2, before - 1)]["color"], 0))
                assert last["count"] == expected
                flips.append(last["count"])
        else:
            g.run("dummy_pass")
        assert len(g.events) < 100
    d = g.state["dummy"]
    assert sum(flips) == 16 and d["deck_count"] == 0 and len(d["discard"]) == 16
    assert d["announced_by"] == "dummy" and d["last_turns_left"] == 1  # Anna's one last turn
    assert round_running(g.state, d)
    with pytest.raises(Invalid, match="already announced"):
        g.run("dummy_turn")
    with pytest.raises(Invalid, match="still running"):
        g.run("dummy_new_round", advanced_action="color:blue", spell_color="red")

    g.run("dummy_pass")  # Anna's last turn
    assert not round_running(g.state, g.state["dummy"])
    tactics = [g.state["dummy"]["tactic"], "planning"]
    g.run("dummy_new_round", advanced_action="color:blue", spell_color="red")
    s = g.state
    d = s["dummy"]
    assert s["round"] == 2 and s["time"] == "night"
    assert d["deck_count"] == 17 and len(d["deck"]) == 17 and d["discard"] == []
    assert any(c["id"] == "advanced_action_blue" and c["name_de"] == "Fortgeschrittene Aktion (blau)"
               for c in d["deck"])
    assert d["crystals"] == {"red": 2, "blue": 2, "green": 0, "white": 0}  # the Spell's colour: one more red crystal
    assert set(tactics) <= set(d["removed_tactics"])
    assert not d["announced"] and "dummy" not in s["round_order"]

    g.undo()  # the new round is one event: undone, the round is as it was
    assert g.state["round"] == 1 and g.state["dummy"]["deck_count"] == 0


def test_dummy_commands_refuse_bad_input_with_a_reason():
    """Strict input: a colour is one of the four, a hero exists and is not in the game (Scenario Book, Dummy
    Player: "one of the Heroes that is not in the game")."""
    g = LocalGame(SOLO)
    with pytest.raises(Invalid, match="already in the game"):
        g.run("dummy_setup", mode="virtual", hero="goldyx")
    with pytest.raises(Invalid, match="Unknown way"):
        g.run("dummy_setup", mode="cards")
    g.run("dummy_setup", mode="physical", hero="tovak")
    with pytest.raises(Invalid, match="Choose a colour"):
        g.run("dummy_turn")
    with pytest.raises(Invalid, match="Unknown colour"):
        g.run("dummy_turn", color=["red"])
    with pytest.raises(Invalid):
        g.run("dummy_announce", player="1.9")


def test_a_failing_stored_dummy_event_is_skipped_and_named():
    """A stored event the rules data cannot replay any more (a hero it no longer has: its payload check refuses it)
    does not break the game: the state is as before it and it is named, with its type, for the Dummy page."""
    from companion.state import Event

    g = LocalGame(SOLO)
    g.events.append(Event(seq=1, type="dummy.setup", payload={"mode": "virtual", "hero": "nobody"}, sentence={}))
    assert g.state.get("dummy") is None
    assert [(f["seq"], f["type"]) for f in g.state["failed_events"]] == [(1, "dummy.setup")]
    assert "hero" in g.state["failed_events"][0]["error"]


def test_pvp_outcome_through_the_command_and_the_fold():
    """Rulebook, Player versus Player Combat: Ranged and Siege 1 (the defender attacks first) and 6 (both pass in
    succession: the phase ends), Melee 1a (the aggressor attacks first), Melee 2b (damage forces a retreat for the
    unmodified move cost), Combat Outcome 1a: the victor of a lower level gains 1 Fame plus 2 per level lower."""
    g = LocalGame(DUEL)
    g.run("fame", player=1, amount=8)  # Ben: level 3
    log = [{"pass": True}, {"pass": True},
           {"attacks": [[6, "physical", "melee"]], "blocks": [], "hero": 1, "move_cost": 2}]
    with pytest.raises(Invalid, match="not over yet"):
        g.run("pvp_end", a=0, d=1, log=json.dumps(log[:2]))
    g.run("pvp_end", a=0, d=1, log=json.dumps(log))
    s = g.state
    anna, ben = s["players"]
    assert anna["fame"] == 1 + 2 * 2  # level 1 against level 3
    assert ben["wounds"] == 1 and ben["fame"] == 8
    last = s["pvp"]["last"]
    assert last["ended"] == "retreat" and last["victor"] == 0 and last["retreated"] == 1
    g.undo()
    assert g.state["players"][0]["fame"] == 0 and "pvp" not in g.state


def test_pvp_refuses_a_broken_log_and_a_fight_with_oneself():
    """Rulebook PvP: an aggressor attacks another player; the page's log is checked, never trusted."""
    g = LocalGame(DUEL)
    with pytest.raises(Invalid, match="fight themselves"):
        g.run("pvp_end", a=1, d=1)
    with pytest.raises(Invalid, match="could not be read"):
        g.run("pvp_end", a=0, d=1, log="[{")
    with pytest.raises(Invalid):
        g.run("pvp_end", a="0.5", d=1)
    assert get_rules().levels  # the rules data loads without Flask


def test_new_round_requires_the_advanced_action_and_the_spell_crystal():
    """Scenario Book, Dummy Player, When preparing a new Round: "the lowest Advanced Action in the offer ... is added
    to the Dummy player's deck" and "the Dummy player gets one crystal of the colour of the lowest Spell" - both
    are required choices, unless the table states the offer is empty."""
    from companion.game.dummy.rounds import cmd_new_round

    g = LocalGame(SOLO)
    g.run("dummy_setup", mode="virtual", hero="tovak")
    g.run("next_round")  # the round tracker moved on: the Dummy's new round is due
    with pytest.raises(Invalid, match="Advanced Action"):
        cmd_new_round(g.state, {"spell_color": "red"})
    with pytest.raises(Invalid, match="Spell"):
        cmd_new_round(g.state, {"advanced_action": "color:blue"})
    cmd = cmd_new_round(g.state, {"advanced_action": "empty", "spell_color": "red"})
    assert cmd.payload["advanced_action"] is None and cmd.payload["spell_color"] == "red"
    cmd = cmd_new_round(g.state, {"offer_empty": True})
    assert cmd.payload["advanced_action"] is None and cmd.payload["spell_color"] is None
