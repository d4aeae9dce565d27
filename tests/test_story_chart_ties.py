"""The story's Fame chart keeps tied players apart (found by a first-evening walkthrough: Anna and Ben both had 4
Fame, and Anna's line lay wholly under Ben's, visible only in the legend). The numbers stay true: each mark keeps
its Fame, and a player tied with nobody is drawn at its exact height."""

from companion.game.views.story_chart import fame_chart

PLAYERS = [{"index": 0, "name": "Anna"}, {"index": 1, "name": "Ben"}, {"index": 2, "name": "Cleo"}]


def test_tied_players_are_drawn_apart_and_the_others_exactly():
    rounds = [{"round": 0, "fame": [0, 0, 0]}, {"round": 1, "fame": [4, 4, 9]}, {"round": 2, "fame": [4, 4, 12]}]
    chart = fame_chart(rounds, PLAYERS)
    anna, ben, cleo = chart["series"]
    assert anna["points"] != ben["points"] and ben["points"] != cleo["points"]
    for r in range(3):
        ys = {s["name"]: s["marks"][r]["y"] for s in chart["series"]}
        assert len(set(ys.values())) == 3, ys  # every line visible at every Round
    # the true height of 4 Fame lies between the two tied lines; Cleo (tied with nobody after the start) is exact
    alone = fame_chart([{"round": 0, "fame": [0, 1, 2]}, {"round": 1, "fame": [4, 5, 9]},
                        {"round": 2, "fame": [4, 5, 12]}], PLAYERS)["series"][0]
    assert anna["marks"][1]["y"] < alone["marks"][1]["y"] < ben["marks"][1]["y"]
    assert abs(anna["marks"][1]["y"] - ben["marks"][1]["y"]) >= 3  # wider than a line (2.2)
    untied = fame_chart([{"round": 0, "fame": [0, 1, 2]}, {"round": 1, "fame": [4, 5, 9]},
                         {"round": 2, "fame": [4, 5, 12]}], PLAYERS)["series"][2]
    assert cleo["marks"][1:] == untied["marks"][1:]
    assert [m["fame"] for m in anna["marks"]] == [0, 4, 4]
