"""Property: in a solo game and in every co-op scenario, a Round can always go on or end - many random legal
Rounds played through the game layer (LocalGame: the same commands and fold as the pages), never a state where
nothing is allowed before the game is over (Rulebook, A Round 4a "Players take their turns in the order stated by
the Round Order tokens", 4b and End of the Round "each other player takes one last turn and then the Round ends";
Scenario Book, Dummy Player, "When it is the Dummy player's turn"; each scenario's "Scenario End")."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.game.flow import round_state, rounds
from companion.game.flow.scenario_end import is_over
from companion.game.spine.command import Invalid, apply, run
from companion.game.spine.local import LocalGame

from .flow_helpers import NEW_ROUND

SETUPS = [
    {"scenario": "solo_conquest", "mode": "solo", "players": [{"name": "Anna", "hero": "goldyx"}]},
    {"scenario": "full_cooperation", "mode": "coop",
     "players": [{"name": "Anna", "hero": "goldyx"}, {"name": "Ben", "hero": "arythea"}]},
    {"scenario": "blitz_cooperation", "mode": "coop",
     "players": [{"name": "Anna", "hero": "goldyx"}, {"name": "Ben", "hero": "arythea"},
                 {"name": "Cleo", "hero": "tovak"}]},
    {"scenario": "first_reconnaissance", "mode": "solo", "players": [{"name": "Anna", "hero": "norowas"}]},
]


def candidates(s: dict, goal: bool = True) -> list[tuple[str, dict]]:
    """Every flow command a phone could send now, legal or not (the game layer decides); ``goal``: the
    scenario's goal may be confirmed now."""
    out: list[tuple[str, dict]] = [("dummy_turn", {"color": "green"}), ("dummy_tactic_draw", {}),
                                   ("dummy_new_round", NEW_ROUND), ("dummy_mage_lite", {"color": "blue"})]
    for i in range(len(s["players"])):
        out += [("round_end_turn", {"player": i}), ("round_announce", {"player": i, "deck_empty": "1"}),
                ("dummy_announce", {"player": i}), ("dummy_pass", {"player": i}),
                ("round_extra_turn", {"player": i})] + ([("scenario_goal", {"player": i})] if goal else [])
        if round_state.phase(s) == "tactics":
            out += [("round_tactic", {"player": i, "tactic": t.id}) for t in round_state.available(s)]
    for t in ((s.get("dummy") or {}).get("player_tactics") or {}).values():
        out.append(("dummy_new_round", dict(NEW_ROUND, remove_tactic=t)))
    return out


def legal(g: LocalGame, goal: bool = True) -> list[tuple[str, dict]]:
    s = g.state
    moves = []
    for name, data in candidates(s, goal):
        try:
            apply(s, run(name, s, data))
        except Invalid:
            continue
        moves.append((name, data))
    return moves


@settings(derandomize=True, max_examples=24, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(setup=st.sampled_from(SETUPS), mode=st.sampled_from(["virtual", "physical", "mage_lite"]), data=st.data())
def test_a_round_can_always_go_on_or_end_in_solo_and_co_op_games(setup, mode, data):
    g = LocalGame(setup)
    g.run("dummy_setup", mode=mode)
    goal_from = data.draw(st.integers(0, 150))  # from this step on the scenario's goal may be confirmed
    for step in range(120):
        moves = legal(g, step >= goal_from)
        if not moves:
            assert is_over(g.state), (f"stuck in round {g.state['round']}: {rounds.now(g.state)}",
                                      [(e.type, e.payload) for e in g.events[-6:]])
            break
        name, values = data.draw(st.sampled_from(moves))
        g.run(name, values)
    if is_over(g.state):
        # once over, nothing of the flow is allowed any more
        assert legal(g) == []
