"""A scoring round through the game layer alone (LocalGame: commands, events and the fold; no Flask).

Scenario Book, "Full Conquest", Scoring: "Apply standard Achievements scoring. In addition, also score for
conquered Cities ... A player scores 7 Fame for each city they are the leader of ... Whoever scores the most Fame
for this gets an additional +5 Fame as the Greatest City Conqueror (+2 Fame if tied)."
Scenario Book, Standard Achievements scoring card: "Each player scores 2 Fame for each Spell, and 1 Fame for each
Advanced Action in their deck. The player who scores the most Fame this way gets 3 extra Fame for achieving the
Greatest Knowledge"; "Each player loses 2 Fame for each Wound card in their deck"; "Each player scores 2 Fame for
each Shield token they have on a keep, mage tower or monastery".
"""

import pytest

from companion.game.scoring import result_for, sheet_values, table_view, winner_text
from companion.game.spine.command import Invalid
from companion.game.spine.local import LocalGame

DUEL = {"scenario": "full_conquest", "mode": "competitive",
        "players": [{"name": "Anna", "hero": "arythea"}, {"name": "Ben", "hero": "tovak"}]}


def played_game() -> LocalGame:
    g = LocalGame(DUEL)
    g.run("fame", player=0, amount=20)
    g.run("fame", player=1, amount=15)
    g.run("shield", player=0, site="keep", amount=1)
    g.run("wounds", player=1, amount=2)
    return g


def test_the_sheet_starts_from_the_board_trackers():
    """Standard Achievements scoring: Fame, Shields on keeps and Wounds in the deck come from the board."""
    g = played_game()
    players, _game = sheet_values(g.state)
    assert players[0]["fame"] == 20 and players[1]["fame"] == 15
    assert players[0]["fortified_shields"] == 1
    assert players[1]["wounds"] == 2


def test_a_scoring_round_edits_confirms_records_and_undo_reopens_it():
    """Full Conquest scoring: standard Achievements plus 7 Fame per city led and +5 for the Greatest City
    Conqueror; two Spells give 4 Fame and the Greatest Knowledge (+3); Ben's two Wounds cost 4 and the Greatest
    Beating (-3); Anna's keep shield gives 2 and the Greatest Conqueror (+3)."""
    g = played_game()
    g.run("score_set", player=0, field="spells", amount=2)
    g.run("score_set", player=1, field="cities_led", amount=1)
    g.run("score_confirm", player=0, confirmed="1")
    with pytest.raises(Invalid, match="confirms their sheet first"):
        g.run("score_final")
    g.run("score_confirm", player=1, confirmed="1")
    # an edit withdraws that player's confirmation
    g.run("score_set", player=1, field="spells", amount=1)
    g.run("score_set", player=1, field="spells", amount=-1)
    assert "1" not in g.state["score"]["confirmed"]
    g.run("score_confirm", player=1, confirmed="1")

    res, refused, _sheet = result_for(g.state)
    assert refused is None
    anna, ben = ({**p["categories"], "total": p["total"]} for p in res["players"])
    assert anna["knowledge"] == 4 and anna["greatest_knowledge"] == 3
    assert anna["conqueror"] == 2 and anna["greatest_conqueror"] == 3
    assert ben["cities"] == 7 and ben["greatest_city_conqueror"] == 5
    assert ben["beating"] == -4 and ben["greatest_beating"] == -3
    assert anna["total"] == 20 + 4 + 3 + 2 + 3 == 32
    assert ben["total"] == 15 + 7 + 5 - 4 - 3 == 20

    ev = g.run("score_final")
    assert ev.type == "score.final" and ev.scope == ("score", "player", "round", "dummy")
    st = g.state
    assert st["finished"] is True
    assert st["score"]["final"]["result"]["winners"] == ["Anna"]
    assert winner_text(st["score"]["final"]["result"]) == "Anna wins with 32."
    rows = {r["key"]: r["values"] for r in table_view(st["score"]["final"]["result"])["rows"]}
    assert rows["cities"] == [0, 7]
    with pytest.raises(Invalid, match="final score is recorded"):
        g.run("score_set", player=0, field="spells", amount=1)

    g.undo()
    assert not g.state.get("finished")
    assert "final" not in g.state["score"]
    g.run("score_set", player=0, field="spells", amount=1)  # the sheet is open again


def test_a_change_to_the_game_lines_asks_everyone_to_confirm_again():
    """Full Conquest: the number of cities in the game is a line for everybody; changing it withdraws every
    confirmation."""
    g = played_game()
    g.run("score_confirm", player=0, confirmed="1")
    g.run("score_confirm", player=1, confirmed=True)
    assert g.state["score"]["confirmed"] == {"0": True, "1": True}
    g.run("score_set", player="game", field="cities_total", amount=1)
    assert g.state["score"]["confirmed"] == {}


@pytest.mark.parametrize("data,reason", [
    ({"player": 0, "field": "wounds", "amount": -1}, "cannot be negative"),
    ({"player": 0, "field": "keeps", "amount": 1}, "no such line"),  # a Conquer and Hold line
    ({"player": 7, "field": "spells", "amount": 1}, "Choose a player"),
    ({"player": [0], "field": "spells", "amount": 1}, "Choose a player"),
    ({"player": 0, "field": "spells", "amount": "1.9"}, "whole number"),
    ({"player": 0, "field": "spells", "amount": True}, "whole number"),
    ({"player": 0, "field": ["spells"], "amount": 1}, "no such line"),
    ({"player": 0, "field": "spells", "amount": 5000}, "too large"),
])
def test_bad_sheet_input_is_refused_with_a_reason(data, reason):
    g = played_game()
    with pytest.raises(Invalid, match=reason):
        g.run("score_set", data)


def test_the_calculator_reads_a_whole_sheet_strictly_without_flask():
    """The stateless calculator (POST /api/v1/score) checks its JSON in the game layer: JSON numbers are ints,
    Unit levels I-IV (Scenario Book, The Greatest Leader: "the total level of all their Units")."""
    from companion.game.scoring.calculator import parse_sheet

    sheet = parse_sheet({"scenario": "full_conquest", "players": [
        {"name": "Anna", "spells": 1, "units": [2, {"level": 3, "wounded": True}]}, {"name": "Ben"}]})
    assert [u.level for u in sheet.players[0].units] == [2, 3]
    for bad, reason in [({"spells": "1"}, "whole number"), ({"spells": True}, "whole number"),
                        ({"spells": 1.5}, "whole number"), ({"units": [{"level": 5}]}, "1 to 4"),
                        ({"on_portal": "yes"}, "true or false"), ({"name": 5}, "non-empty string")]:
        with pytest.raises(Invalid, match=reason):
            parse_sheet({"scenario": "full_conquest", "players": [dict({"name": "Anna"}, **bad), {"name": "Ben"}]})
