"""Whose turn it is, owned; the Dummy player in the Round order; Round Order token flips; The Right Moment and the
other Tactics' effects on turns and hands - through the game layer alone (LocalGame: commands and the fold)."""

import pytest

from companion.game.flow import round_state, rounds
from companion.game.spine.command import Actor, Command, Invalid, NotYours
from companion.game.spine.local import LocalGame
from companion.game.spine.sentences import render_sentence

from .flow_helpers import COOP, SOLO, THREE, pick_tactics, play_dummy_until_player
from game_helpers import by_the_host

ANNA, BEN, CLEO = Actor(player=0), Actor(player=1), Actor(player=2)
HOST = Actor(player=None, is_host=True)


def three_in_turns(prefer=("early_bird", "rethink", "mana_steal")):
    g = LocalGame(THREE)
    pick_tactics(g, prefer)
    return g


# ---------------------------------------------------------------------------------------------- whose turn

def test_only_the_phone_whose_turn_it_is_ends_it_or_announces_the_host_may_for_them():
    """Rulebook, A Round 4a: "Players take their turns in the order stated by the Round Order tokens"; 4b: "If a
    player's Deed deck is empty at the start of their turn, that player may announce the End of the Round instead
    of playing their turn" - it is that player's turn and their decision: another phone is refused, naming whose
    turn it is; the host may tap for them and the log says so."""
    g = three_in_turns()
    who = round_state.current(g.state)
    name = g.state["players"][who]["name"]
    other = next(a for a in (ANNA, BEN, CLEO) if a.player != who)
    with pytest.raises(NotYours, match=f"It is {name}'s turn: only {name}'s phone"):
        g.run("round_end_turn", player=who, actor=other)
    with pytest.raises(NotYours, match=f"It is {name}'s turn"):
        g.run("round_announce", player=who, deck_empty="1", actor=other)
    with pytest.raises(NotYours, match="only watch"):
        g.run("round_end_turn", player=who, actor=Actor(player=None, is_watcher=True))
    ev = g.run("round_end_turn", player=who, actor=HOST)
    assert render_sentence(ev.sentence) == f"{name}'s turn is over (by the host)."
    nxt = round_state.current(g.state)
    ev = g.run("round_end_turn", player=nxt, actor=Actor(player=nxt))  # their own phone: no note
    assert "host" not in render_sentence(ev.sentence)


def test_a_players_own_host_phone_plays_its_own_turn_without_a_note():
    """The host who is also a player ends their own turn as themselves."""
    g = three_in_turns()
    who = round_state.current(g.state)
    ev = g.run("round_end_turn", player=who, actor=Actor(player=who, is_host=True))
    assert "host" not in render_sentence(ev.sentence)


# ---------------------------------------------------------------------------------------------- the Dummy in the order

def test_the_dummy_player_plays_only_when_the_round_order_says_so_and_announcing_is_the_current_players():
    """Rulebook, A Round 4a (turns in Round order, the Dummy's place from its Tactic); Scenario Book, Dummy Player,
    "When it is the Dummy player's turn". The reported stuck round: a player announced while it was the Dummy's
    turn, the Dummy flipped out of order, and the round showed "last turns left: 1" with no turn allowed and no
    new round - now both taps are refused and the round ends."""
    g = LocalGame(COOP)
    g.run("dummy_setup", mode="virtual", hero="tovak")
    g.run("dummy_tactic_draw")
    pick_tactics(g)
    s = g.state
    order = s["round_order"]
    assert "dummy" in order
    while round_state.current(g.state) != "dummy":
        with pytest.raises(Invalid, match="the Dummy player plays when the Round order says so"):
            g.run("dummy_turn")
        g.run("round_end_turn", player=round_state.current(g.state))
    with pytest.raises(Invalid, match="only the player whose turn it is"):
        g.run("dummy_announce", player=0)
    g.run("dummy_turn")
    who = round_state.current(g.state)
    g.run("round_announce", player=who, deck_empty="1")
    for _ in range(6):
        if round_state.phase(g.state) == "over":
            break
        if round_state.current(g.state) == "dummy":
            g.run("dummy_turn")
        else:
            g.run("round_end_turn", player=round_state.current(g.state))
    assert round_state.phase(g.state) == "over" and g.state["dummy"]["last_turns_left"] == 0
    removable = list(g.state["dummy"]["player_tactics"].values())[0]
    g.run("dummy_new_round", advanced_action="color:blue", spell_color="red", remove_tactic=removable)
    assert g.state["round"] == 2


def test_no_tactics_after_the_end_of_the_round_was_announced():
    """An announcement before the Tactics were chosen (the Dummy page alone) ends that round: Tactics picked then
    would restart the turn pointer and strand the Dummy's last turn."""
    g = LocalGame(SOLO)
    g.run("dummy_setup", mode="virtual", hero="tovak")
    g.run("dummy_announce", player=0)
    with pytest.raises(Invalid, match="already announced"):
        g.run("round_tactic", player=0, tactic="planning")
    g.run("dummy_turn")
    assert round_state.phase(g.state) == "over"


# ---------------------------------------------------------------------------------------------- token flips

def coop_assault(g, participants, city="white"):
    """Rulebook, Cooperative City Assault 5-6: the garrison dealt (one enemy each), each fights in Round order."""
    g.run("combat_setup", player=participants[0], fight="city", city=city, level=5)
    for _ in participants:
        g.run("combat_enemy_add", token="prowlers")
    g.run("combat_coop_deal", **{f"count_{i}": 1 for i in participants})
    for _ in participants:
        cur = g.state["combat"]["current"]
        mine = [e for e in cur["enemies"] if e.get("share") == cur["coop"]["turn"]]
        while g.state["combat"]["current"]["phase"] != "attack":
            if g.state["combat"]["current"]["phase"] == "block":
                for e in mine:
                    g.run("combat_block", key=e["key"], attack_index=0, value=[9], element=["physical"])
            g.run("combat_phase")
        g.run("combat_attack", target=[e["key"] for e in mine], value=[20], element=["physical"], kind=["melee"])
        g.run("combat_end")


def test_a_cooperative_assault_flips_the_other_participants_round_order_token():
    """Rulebook, Players play their turns 2 (seed 000; seed 002 "Wenn dein Zugfolgeplättchen umgedreht ist"):
    "If your round order token is flipped then flip it back and miss your turn. a. In a cooperative game your round
    order token may be flipped because you took part in a cooperative city assault since your last turn ... d. If
    you have to flip your round order token back then you cannot declare the End of the Round this turn." The
    initiator assaults in their own turn; the other participant misses their next one."""
    g = LocalGame(COOP)
    g.run("dummy_setup", mode="virtual", hero="tovak")
    g.run("dummy_tactic_draw")
    pick_tactics(g)
    play_dummy_until_player(g)
    first = round_state.current(g.state)
    other = 1 - first
    coop_assault(g, [first, other])
    assert g.state["combat"]["coop_assaults"][0]["participants"] == [first, other]
    g.run("round_end_turn", player=first)
    play_dummy_until_player(g)
    assert round_state.current(g.state) == other
    view = rounds.now(g.state)
    assert view["held"]["flipped"] == "coop_assault"
    with pytest.raises(Invalid, match="misses this turn"):
        g.run("round_announce", player=other, deck_empty="1")
    ev = g.run("round_end_turn", player=other)
    assert "misses this turn" in render_sentence(ev.sentence)
    play_dummy_until_player(g)
    assert round_state.current(g.state) == first and rounds.now(g.state)["held"]["flipped"] is None
    g.run("round_end_turn", player=first)
    play_dummy_until_player(g)
    assert rounds.now(g.state)["held"]["flipped"] is None  # flipped back: the next turn is played again


def test_a_defender_who_fully_attended_a_pvp_combat_misses_the_next_turn():
    """Rulebook, Players play their turns 2b: "In a fully competitive game your round order token may be flipped
    because you were a defender in a player versus player combat that you fully attended since your last turn";
    PvP, Fully Attend the Combat: "When it would be the defender's next turn, the token is flipped back up but they
    skip the turn completely (they cannot even announce End of the Round)". An older pvp.end without the field
    flips nothing."""
    g = three_in_turns(("early_bird", "rethink", "mana_steal"))
    order = g.state["round_order"]
    aggressor, defender = order[0], order[1]
    old = {"outcome": {"aggressor": aggressor, "defender": defender, "players": []}, "log": []}
    g.record(Command("pvp.end", old, {"msg": "old"}, ("pvp",)))
    assert rounds.now(g.state)["held"]["flipped"] is None
    new = {"outcome": dict(old["outcome"], defender_fully_attended=True), "log": []}
    g.record(Command("pvp.end", new, {"msg": "new"}, ("pvp",)))
    g.run("round_end_turn", player=aggressor)
    assert round_state.current(g.state) == defender and rounds.now(g.state)["held"]["flipped"] == "pvp"
    with pytest.raises(Invalid, match="cannot announce the End of the Round"):
        g.run("round_announce", player=defender, deck_empty="1")
    g.run("round_end_turn", player=defender)
    g.run("round_end_turn", player=order[2])
    g.run("round_end_turn", player=aggressor)
    assert rounds.now(g.state)["held"]["flipped"] is None


# ---------------------------------------------------------------------------------------------- tactics

def test_the_right_moment_gives_another_turn_once_and_not_on_the_last_turn_of_the_round():
    """The Right Moment (Day Tactic 6; the published card, rules_data/tactics.yaml): "Once this Round, at the end
    of your turn: take another turn right after this one. Not on your last turn of the Round." """
    g = three_in_turns(("the_right_moment", "early_bird", "rethink"))
    holder = next(i for i in range(3) if round_state.tactic_of(g.state, i).id == "the_right_moment")
    assert g.state["round_order"][-1] == holder  # number 6: last in the order
    with pytest.raises(Invalid, match="Only the holder"):
        g.run("round_extra_turn", player=g.state["round_order"][0])
    while round_state.current(g.state) != holder:
        g.run("round_end_turn", player=round_state.current(g.state))
    assert rounds.now(g.state)["held"]["extra_turn"] is True
    g.run("round_extra_turn", player=holder)
    assert round_state.current(g.state) == holder  # another turn right after this one
    with pytest.raises(Invalid, match="cannot be used now"):
        g.run("round_extra_turn", player=holder)  # once a Round
    g.run("round_end_turn", player=holder)

    g2 = three_in_turns(("the_right_moment", "early_bird", "rethink"))
    first = round_state.current(g2.state)
    g2.run("round_announce", player=first, deck_empty="1")
    while round_state.current(g2.state) != holder:
        g2.run("round_end_turn", player=round_state.current(g2.state))
    with pytest.raises(Invalid, match="not on your last turn"):
        g2.run("round_extra_turn", player=holder)


def test_every_tactic_has_its_effect_or_a_reminder_planning_shows_its_hand_limit():
    """Rulebook, A Round 4f / End of the Turn (Planning's Hand limit; Long Night's Deed deck), the published Tactic
    cards: every Tactic says what the app does (its number only, another turn, or a reminder to its holder on their
    turn); Planning's reminder carries the Hand limit one higher."""
    from companion.rules.data import get_rules

    effects = {t.id: t.effect for t in get_rules().tactics}
    assert effects["the_right_moment"] == "extra_turn"
    assert effects["early_bird"] == effects["from_the_dusk"] == "order_only"
    assert all(t.text and t.text_de for t in get_rules().tactics)
    g = three_in_turns(("planning", "early_bird", "rethink"))
    holder = next(i for i in range(3) if round_state.tactic_of(g.state, i).id == "planning")
    while round_state.current(g.state) != holder:
        g.run("round_end_turn", player=round_state.current(g.state))
    held = rounds.now(g.state)["held"]
    assert held["tactic"].id == "planning" and held["hand_limit"] == 6  # level 1: Hand limit 5, +1


def test_the_board_shows_plannings_hand_limit_for_its_holder_all_round_with_the_keep_bonus():
    """Planning (Day Tactic 4, the published card; rules_data/tactics.yaml): "At the end of your turn, if you have at
    least 2 cards in hand, draw as if your Hand limit were 1 higher" - on top of the keep bonus (Rulebook, End of the
    Turn 5b). The board's per-player Hand limit shows it for the holder only, whoever's turn it is, and no longer
    once the next Round's Tactics are picked (the card is returned at the end of the Round)."""
    from companion.game.flow.board import players_view

    g = three_in_turns(("planning", "early_bird", "rethink"))
    holder = next(i for i in range(3) if round_state.tactic_of(g.state, i).id == "planning")
    view = {pl["index"]: pl for pl in players_view(g.state)}
    assert view[holder]["hand"].limit == 5 and view[holder]["planning_hand"] == 6  # level 1: 5, +1
    assert all(view[i]["planning_hand"] is None for i in range(3) if i != holder)
    g.run("shield", player=holder, site="keep", amount=2)  # two keeps owned
    g.run("position", player=holder, near_keep="1")
    assert players_view(g.state)[holder]["planning_hand"] == 5 + 2 + 1
    g.run("next_round", confirm=True)  # mid-Round: the table confirms
    assert players_view(g.state)[holder]["planning_hand"] is None  # Night: nobody holds Planning


def test_every_phone_sees_whose_turn_it_is_and_who_comes_next():
    """Rulebook, A Round 4a: "After the last player, the first player plays again"; 4b: after the announcement
    "each other player takes one last turn" - the board names the next one, and nobody after the last."""
    g = three_in_turns()
    order = g.state["round_order"]
    view = rounds.now(g.state)
    assert view["who"] == order[0] and view["next"] == order[1]
    g.run("round_end_turn", player=order[0])
    g.run("round_end_turn", player=order[1])
    assert rounds.now(g.state)["next"] == order[0]  # the first plays again
    g.run("round_announce", player=order[2], deck_empty="1")
    assert rounds.now(g.state)["who"] == order[0] and rounds.now(g.state)["next"] == order[1]
    g.run("round_end_turn", player=order[0])
    assert rounds.now(g.state)["next"] is None  # the Round's last turn


def test_a_cooperative_assault_needs_no_announcement_no_scenario_end_and_no_face_down_token():
    """Rulebook, Cooperative City Assault 2a: "The End of the Round has not been announced yet, and the scenario
    conditions have not yet been fulfilled"; 2d: a suitable Hero has "not had their Round Order token flipped face
    down"."""
    g = three_in_turns()
    order = g.state["round_order"]
    g.run("combat_setup", player=order[0], fight="city", city="white", level=4)
    g.run("combat_enemy_add", token="prowlers")
    g.run("combat_enemy_add", token="prowlers")
    new = {"outcome": {"aggressor": order[2], "defender": order[1], "players": [], "defender_fully_attended": True},
           "log": []}
    g.record(Command("pvp.end", new, {"msg": "pvp"}, ("pvp",)))
    with pytest.raises(Invalid, match="face down"):
        g.run("combat_coop_deal", **{f"count_{order[0]}": 1, f"count_{order[1]}": 1})
    with pytest.raises(Invalid, match="two participants"):  # "00" is no enemy: not a participant, not refused for it
        g.run("combat_coop_deal", **{f"count_{order[0]}": 1, f"count_{order[1]}": "00", f"count_{order[2]}": "0"})
    g.run("combat_coop_deal", **{f"count_{order[0]}": 1, f"count_{order[2]}": 1})
    g.run("combat_cancel")
    g.run("round_announce", player=order[0], deck_empty="1")
    g.run("combat_setup", player=order[1], fight="city", city="white", level=4)
    g.run("combat_enemy_add", token="prowlers")
    g.run("combat_enemy_add", token="prowlers")
    with pytest.raises(Invalid, match="End of the Round was announced"):
        g.run("combat_coop_deal", **{f"count_{order[1]}": 1, f"count_{order[2]}": 1})


def test_only_the_phone_of_the_player_who_chooses_now_takes_their_tactic_the_host_may_for_them():
    """Rulebook, A Round 3: "each player chooses one Tactic card", the lowest Fame first - their own choice: another
    phone is refused, naming who chooses now; the host may tap for them and the log says so."""
    g = LocalGame(THREE)
    who = round_state.next_picker(g.state)
    name = g.state["players"][who]["name"]
    tactic = round_state.available(g.state)[0].id
    other = next(a for a in (ANNA, BEN, CLEO) if a.player != who)
    with pytest.raises(NotYours, match=f"It is {name}'s choice of Tactic: only {name}'s phone"):
        g.run("round_tactic", player=who, tactic=tactic, actor=other)
    with pytest.raises(NotYours, match="only watch"):
        g.run("round_tactic", player=who, tactic=tactic, actor=Actor(player=None, is_watcher=True))
    ev = g.run("round_tactic", player=who, tactic=tactic, actor=HOST)
    assert by_the_host(render_sentence(ev.sentence), name)
    nxt = round_state.next_picker(g.state)
    tactic = round_state.available(g.state)[0].id
    ev = g.run("round_tactic", player=nxt, tactic=tactic, actor=Actor(player=nxt))  # their own phone: no note
    assert "host" not in render_sentence(ev.sentence)
