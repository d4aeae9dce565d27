"""A scripted evening with known events and timestamps, for the tests of the story of a game:
the game layer's (tests/game/test_story.py), the page's and the API's (tests/test_story_web.py) and the browser's."""

import dataclasses

from companion.game.flow import round_state
from companion.game.spine.exchange import export_dict
from companion.game.spine.local import LocalGame
from companion.game.views.story import story
from tests.game.flow_helpers import SOLO, THREE, conquer_city, pick_tactics

T0 = 20 * 3600  # 20:00:00 on the evening of the game


class ClockGame(LocalGame):
    """A LocalGame whose events carry the time of a scripted clock (``at``, seconds since midnight), as the
    database stamps ``created`` when an event is recorded."""

    at = T0

    def record(self, cmd, device=None):
        ev = super().record(cmd, device)
        return self._stamp(ev)

    def _append(self, *args, **kwargs):
        return self._stamp(super()._append(*args, **kwargs))

    def _stamp(self, ev):
        h, m, s = self.at // 3600, self.at % 3600 // 60, self.at % 60
        self.events[-1] = dataclasses.replace(ev, created=f"2026-11-27T{h:02d}:{m:02d}:{s:02d}+00:00")
        return self.events[-1]


def told(g):
    return story(g.id, g.setup, g.seed, g.events)


def end_turn(g, seconds_later):
    g.at += seconds_later
    g.run("round_end_turn", player=round_state.current(g.state))


def scripted_evening():
    """Three players, two Rounds. Round 1 (Day): the Tactics are chosen at 20:00:00, then Cleo plays 60 s, Ben 120 s
    (he conquers the green city: one Prowlers token, Fame 2), Anna 180 s (she gains 4 Fame on the board); Cleo
    announces the End of the Round 30 s later, Ben (90 s) and Anna (45 s) take their last turns. Round 2 (Night):
    Anna gains 3 Fame on the board; the first player ends their turn 200 s after the last Tactic."""
    g = ClockGame(THREE)
    pick_tactics(g, prefer=("early_bird", "rethink", "mana_steal"))
    assert g.state["round_order"] == [2, 1, 0]
    end_turn(g, 60)  # Cleo
    g.at += 100
    conquer_city(g, 1, "green")
    end_turn(g, 20)  # Ben: 120 s in all
    g.at += 170
    g.run("fame", player=0, amount=4)
    end_turn(g, 10)  # Anna: 180 s
    g.at += 30
    g.run("round_announce", player=2, deck_empty="1")
    end_turn(g, 90)  # Ben's last turn
    end_turn(g, 45)  # Anna's last turn
    g.at += 300
    g.run("next_round")
    g.at += 60
    pick_tactics(g)
    first = round_state.current(g.state)
    g.at += 150
    g.run("fame", player=0, amount=3)
    end_turn(g, 50)
    return g, first


def scripted_solo_round():
    """Solo Conquest with a virtual Dummy player (Tovak): Anna takes Planning; every Dummy turn takes 5 s, every turn
    of Anna's 100 s, until the Dummy player announces the End of the Round; Anna's last turn takes 70 s."""
    g = ClockGame(SOLO)
    g.run("dummy_setup", mode="virtual", hero="tovak")
    g.run("dummy_tactics", tactic_0="planning")
    while not g.state["dummy"]["announced"]:
        if round_state.current(g.state) == "dummy":
            g.at += 5
            g.run("dummy_turn")
        else:
            g.at += 100
            g.run("dummy_pass")
    g.at += 70
    g.run("dummy_pass")  # Anna's last turn
    return g


def scripted_export(g: LocalGame) -> dict:
    """The game as its export (``GET /games/<id>/export.json``): imported, it is the same game with the same times."""
    return export_dict(g.setup, g.seed, g.events, "2026-11-27T23:00:00+00:00")
