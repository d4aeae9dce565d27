"""The limits of a game import (companion.game.spine.exchange): an export holds at most MAX_EVENTS events - exactly that
many are imported, one more is refused whole with the reason, before anything is replayed or written."""

import pytest

from companion.game.spine import exchange
from companion.game.spine.command import Invalid
from companion.game.spine.local import LocalGame

SOLO = {"scenario": "first_reconnaissance", "mode": "solo", "players": [{"name": "Anna", "hero": "tovak"}]}


def export_with(n_events: int) -> dict:
    g = LocalGame(SOLO)
    g.run("fame", player=0, amount=1)
    data = exchange.export_dict(g.setup, g.seed, g.events, "2026-01-01T00:00:00")
    one = data["events"][0]
    data["events"] = [dict(one, seq=n) for n in range(1, n_events + 1)]
    return data


def test_an_export_of_exactly_max_events_events_is_imported():
    plan = exchange.check_import(export_with(exchange.MAX_EVENTS))
    assert len(plan.events) == exchange.MAX_EVENTS
    assert plan.events[-1].seq == exchange.MAX_EVENTS


def test_an_export_of_one_event_more_is_refused_with_the_limit():
    with pytest.raises(Invalid, match=f"too many events \\(at most {exchange.MAX_EVENTS}\\)"):
        exchange.check_import(export_with(exchange.MAX_EVENTS + 1))

