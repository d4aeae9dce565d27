"""The flow of a Round driven through commands and the fold alone: Tactic selection, the Round
order from the Tactic numbers, turns, the End of the Round and the last turns, the next Round. The rules cited are
the rulebook's (seed 000, "A Round" 3-4 and "End of the Round"; seed 002, "Wählt eure Taktikkarten")."""

import pytest

from companion.game.flow import round_state, rounds
from companion.game.spine.command import Invalid
from companion.game.spine.local import LocalGame
from companion.rules.rounds import last_turns, order_by_tactics, tactic_pick_order

THREE = {"scenario": "full_conquest", "mode": "competitive",
         "players": [{"name": "Anna", "hero": "arythea"}, {"name": "Ben", "hero": "tovak"},
                     {"name": "Cleo", "hero": "goldyx"}]}
COOP = {"scenario": "full_cooperation", "mode": "coop",
        "players": [{"name": "Anna", "hero": "goldyx"}, {"name": "Ben", "hero": "arythea"}]}


def test_tactic_pick_order_lowest_fame_first_a_tie_goes_to_the_lower_round_order_token():
    """Rulebook, A Round 3a: "The player with the lowest Fame picks first, followed by the player with the second
    lowest Fame, etc. In case of a tie, the player whose Round Order token is in a lower position picks first"
    (German: "dessen Zugfolgeplättchen weiter unten liegt"; summary: "the later in Round Order, if tied")."""
    assert tactic_pick_order({0: 0, 1: 0, 2: 0}, [0, 1, 2]) == (2, 1, 0)  # "who picked their Hero last" first
    assert tactic_pick_order({0: 10, 1: 3, 2: 3}, [1, 2, 0]) == (2, 1, 0)
    assert tactic_pick_order({0: 1, 1: 3, 2: 3}, [2, 1, 0]) == (0, 1, 2)


def test_round_order_by_tactic_numbers_and_last_turns_after_the_announcer():
    """Rulebook, A Round 3c: "the lowest Tactic number is on top (first)"; 4b: "each other player takes one last
    turn and then the Round ends"."""
    assert order_by_tactics({0: 5, 1: 1, 2: 4}) == (1, 2, 0)
    with pytest.raises(ValueError):
        order_by_tactics({0: 4, 1: 4})
    assert last_turns([1, 2, 0], 2) == (0, 1)


def test_a_three_player_competitive_round_then_the_next_round_ordered_by_fame():
    """Rulebook, A Round 3 "Players choose Tactic cards" (lowest Fame first; "in the first Round, the player who
    picked their Hero last chooses their Tactic card first"; 3c the Round order by Tactic numbers), 4a "Players
    take their turns in the order stated by the Round Order tokens ... After the last player, the first player
    plays again", 4b "If a player's Deed deck is empty at the start of their turn, that player may announce the
    End of the Round instead of playing their turn. If they do, each other player takes one last turn and then
    the Round ends", and Prepare the Round 2a "If it was Day, flip the board to Night"."""
    g = LocalGame(THREE)
    view = rounds.now(g.state)
    assert view["phase"] == "tactics" and view["pick_order"] == [2, 1, 0] and view["who"] == 2
    assert {t.id for t in view["available"]} == {"early_bird", "rethink", "mana_steal", "planning", "great_start",
                                                  "the_right_moment"}
    with pytest.raises(Invalid, match="Cleo's turn to pick"):
        g.run("round_tactic", player=0, tactic="early_bird")
    g.run("round_tactic", player=2, tactic="planning")
    with pytest.raises(Invalid, match="not available"):
        g.run("round_tactic", player=1, tactic="planning")  # one card per player
    with pytest.raises(Invalid, match="not available"):
        g.run("round_tactic", player=1, tactic="long_night")  # a Night Tactic in a Day Round
    g.run("round_tactic", player=1, tactic="early_bird")
    assert g.state["round_order"] == [0, 1, 2]  # not set before everybody has chosen
    g.run("round_tactic", player=0, tactic="great_start")
    s = g.state
    assert s["round_order"] == [1, 2, 0]  # Early Bird 1, Planning 4, Great Start 5
    assert round_state.phase(s) == "turns" and round_state.current(s) == 1
    with pytest.raises(Invalid, match="Every player has a Tactic"):
        g.run("round_tactic", player=0, tactic="rethink")

    # turns in Round order, the first plays again after the last
    with pytest.raises(Invalid, match="Ben's turn, not Anna's"):
        g.run("round_end_turn", player=0)
    for who in (1, 2, 0, 1):
        g.run("round_end_turn", player=who)
    assert round_state.current(g.state) == 2

    # Cleo's Deed deck is empty: she announces instead of playing; Anna and Ben take one last turn each
    with pytest.raises(Invalid, match="Deed deck is empty"):
        g.run("round_announce", player=2)
    g.run("round_announce", player=2, deck_empty="1")
    view = rounds.now(g.state)
    assert view["announced_by"] == 2 and view["who"] == 0 and view["last_turn"]
    with pytest.raises(Invalid, match="already announced"):
        g.run("round_announce", player=0, deck_empty="1")
    g.run("round_end_turn", player=0)
    assert round_state.current(g.state) == 1
    with pytest.raises(Invalid, match="Ben's turn, not Cleo's"):
        g.run("round_end_turn", player=2)  # the announcer has no turn left
    g.run("round_end_turn", player=1)
    assert round_state.phase(g.state) == "over" and round_state.current(g.state) is None
    with pytest.raises(Invalid, match="round is over"):
        g.run("round_end_turn", player=2)

    # Fame of the Round: Anna 10, Ben 3, Cleo 3; Ben and Cleo tie and Cleo's token lies lower (Ben 1st, Cleo 2nd)
    g.run("fame", player=0, amount=10)
    g.run("fame", player=1, amount=3)
    g.run("fame", player=2, amount=3)
    g.run("next_round")
    s = g.state
    assert s["round"] == 2 and s["time"] == "night"
    view = rounds.now(s)
    assert view["phase"] == "tactics" and view["pick_order"] == [2, 1, 0]
    assert {t.id for t in view["available"]} >= {"from_the_dusk", "long_night"}
    assert all(t is None for t in view["tactics"].values())
    g.run("round_tactic", player=2, tactic="sparing_power")
    g.run("round_tactic", player=1, tactic="from_the_dusk")
    g.run("round_tactic", player=0, tactic="long_night")
    assert g.state["round_order"] == [1, 0, 2]


def test_undo_takes_back_a_tactic_pick():
    """Every step is an event: undoing a pick gives the card back and the same player picks again."""
    g = LocalGame(THREE)
    g.run("round_tactic", player=2, tactic="planning")
    g.undo()
    assert rounds.now(g.state)["who"] == 2 and "planning" in {t.id for t in round_state.available(g.state)}


def test_random_order_of_the_players_only_before_the_first_tactic():
    """Rulebook, Game Setup 2: the table determines the order in which players choose their Heroes (their Round
    Order tokens lie in that order); here drawn at random, before any Tactic is chosen."""
    g = LocalGame(THREE)
    g.run("round_order_random")
    order = g.state["round_order"]
    assert sorted(order) == [0, 1, 2]
    assert rounds.now(g.state)["who"] == order[-1]
    g.run("round_tactic", player=order[-1], tactic="rethink")
    with pytest.raises(Invalid, match="before the first Tactic"):
        g.run("round_order_random")


def test_a_cooperative_round_with_the_dummy_player():
    """Scenario Book, Full Cooperation, Special Rules: "When taking Tactics, the Dummy player takes a random Tactic
    first, then the players choose"; Dummy Player, When picking Tactics: "Arrange the Round Order tokens by the
    Tactic numbers, as usual"; When it is the Dummy player's turn; Rulebook 4b: after a player announces the End
    of the Round each other player (the Dummy player too) takes one last turn."""
    g = LocalGame(COOP)
    g.run("dummy_setup", mode="virtual", hero="tovak")
    view = rounds.now(g.state)
    assert view["phase"] == "tactics" and view["who"] == "dummy" and view["has_dummy"]
    with pytest.raises(Invalid, match="Dummy player takes its Tactic first"):
        g.run("round_tactic", player=1, tactic="planning")
    g.run("dummy_tactic_draw")
    dummy_tactic = g.state["dummy"]["tactic"]
    view = rounds.now(g.state)
    assert view["who"] == 1 and dummy_tactic not in {t.id for t in view["available"]}
    free = [t for t in view["available"]]
    g.run("round_tactic", player=1, tactic=free[0].id)
    assert g.state["dummy"]["player_tactics"] == {}  # not handed over before everybody chose
    g.run("round_tactic", player=0, tactic=free[1].id)
    s = g.state
    d = s["dummy"]
    assert d["player_tactics"] == {"1": free[0].id, "0": free[1].id}
    numbers = {1: free[0].number, 0: free[1].number, "dummy": round_state.tactic_of(s, "dummy").number}
    assert s["round_order"] == sorted(numbers, key=numbers.get)
    assert round_state.phase(s) == "turns"

    # play until a player announces: the Dummy flips on its turns, players end theirs
    announced = False
    for _ in range(40):
        s = g.state
        who = round_state.current(s)
        if who == "dummy":
            with pytest.raises(Invalid, match="Dummy player's turn"):
                g.run("round_end_turn", player=0)
            g.run("dummy_turn")
        elif not announced and who == 0:
            g.run("round_announce", player=0, deck_empty="true")
            announced = True
        else:
            g.run("round_end_turn", player=who)
        if round_state.phase(g.state) == "over":
            break
    s = g.state
    assert round_state.phase(s) == "over"
    assert round_state.announced_by(s) in (0, "dummy")
    if round_state.announced_by(s) == 0:
        assert s["dummy"]["last_turn_done"]  # the Dummy had its last turn
    # the Dummy page starts the next Round (its deck takes an Advanced Action); the players remove one Tactic
    g.run("dummy_new_round", advanced_action="fire_bolt", spell_color="red", remove_tactic=free[0].id)
    s = g.state
    assert s["round"] == 2 and s["time"] == "night"
    assert rounds.now(s)["phase"] == "tactics" and rounds.now(s)["who"] == "dummy"


SOLO = {"scenario": "solo_conquest", "mode": "solo", "players": [{"name": "Anna", "hero": "goldyx"}]}


def test_a_solo_round_keeps_the_dummy_players_tactic_rule():
    """Scenario Book, Solo Conquest, Special Rules: "When taking Tactics, you always choose first. The Dummy player
    then takes a random Tactic card from the remaining ones"; Dummy Player: "Arrange the Round Order tokens by the
    Tactic numbers, as usual". The board's pick gives the Dummy page's own ``dummy.tactics`` the same payload."""
    g = LocalGame(SOLO)
    with pytest.raises(Invalid, match="Set up the Dummy player first"):
        g.run("round_tactic", player=0, tactic="planning")
    assert rounds.now(g.state)["needs_dummy"] and rounds.now(g.state)["who"] is None
    g.run("dummy_setup", mode="virtual", hero="tovak")
    assert rounds.now(g.state)["who"] == 0  # you choose first
    g.run("round_tactic", player=0, tactic="planning")
    s = g.state
    d = s["dummy"]
    assert d["player_tactics"] == {"0": "planning"} and d["tactic"] not in (None, "planning")
    numbers = {0: 4, "dummy": round_state.tactic_of(s, "dummy").number}
    assert s["round_order"] == sorted(numbers, key=numbers.get)
    assert round_state.phase(s) == "turns" and round_state.current(s) == s["round_order"][0]
    # the same picks through the Dummy page give the same Dummy Tactic (same seed and sequence number)
    h = LocalGame(SOLO)
    h.run("dummy_setup", mode="virtual", hero="tovak")
    h.run("dummy_tactics", tactic_0="planning")
    assert h.state["dummy"]["tactic"] == d["tactic"] and h.state["round_order"] == s["round_order"]
