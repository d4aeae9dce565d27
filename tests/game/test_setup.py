"""A new game's set-up and an import's checks, without Flask: wrong types are refused with a reason (Invalid),
never coerced and never an error page.

Scenario Book, "Full Conquest": "Players: 2, 3 or 4"; General Principles, Team Rules: a team game is two teams of
two; every hero is played by one player only (each player takes one hero's cards and figure)."""

import pytest

from companion.game.flow.setup import setup_from_form, validate_setup
from companion.game.spine.command import Invalid
from companion.game.spine.exchange import FORMAT_VERSION, check_import, export_dict
from companion.game.spine.local import LocalGame

DUEL = {"scenario": "full_conquest", "mode": "competitive",
        "players": [{"name": "Anna", "hero": "arythea"}, {"name": "Ben", "hero": "tovak"}]}


def test_a_good_setup_is_stored_in_its_plain_form():
    setup = validate_setup(dict(DUEL, name="  Friday  "))
    assert setup == {"scenario": "full_conquest", "mode": "competitive", "name": "Friday",
                     "players": [{"name": "Anna", "hero": "arythea", "team": None},
                                 {"name": "Ben", "hero": "tovak", "team": None}]}


def test_the_form_fields_become_the_same_setup():
    form = {"scenario": "full_conquest", "mode": "competitive", "name_0": "Anna", "hero_0": "arythea",
            "name_1": "Ben", "hero_1": "", "team_1": "A"}
    setup = validate_setup(setup_from_form(form))
    assert [p["name"] for p in setup["players"]] == ["Anna", "Ben"]
    assert setup["players"][1] == {"name": "Ben", "hero": None, "team": None}  # a team only in a team game


@pytest.mark.parametrize("change,reason", [
    ({"players": "Anna, Ben"}, "players must be a list"),
    ({"players": {"name": "Anna"}}, "players must be a list"),
    ({"players": ["Anna", "Ben"]}, "must be an object"),
    ({"players": [{"name": 7, "hero": "arythea"}, {"name": "Ben"}]}, "name must be text"),
    ({"players": [{"name": ["Anna"]}, {"name": "Ben"}]}, "name must be text"),
    ({"players": [{"name": "Anna", "hero": ["tovak"]}, {"name": "Ben"}]}, "hero must be given by its id"),
    ({"players": [{"name": "Anna", "hero": 3}, {"name": "Ben"}]}, "hero must be given by its id"),
    ({"players": [{"name": "Anna", "hero": "nobody"}, {"name": "Ben"}]}, "no hero nobody"),
    ({"players": [{"name": "Anna", "team": ["A"]}, {"name": "Ben"}]}, "team is A or B"),
    ({"scenario": ["full_conquest"]}, "Choose a scenario"),
    ({"scenario": 1}, "Choose a scenario"),
    ({"scenario": None}, "Choose a scenario"),
    ({"mode": ["solo"]}, "Choose how you play"),
    ({"mode": True}, "Choose how you play"),
    ({"name": 12}, "game's name must be text"),
    ({"name": "bad\x00name"}, "cannot be stored"),
])
def test_hostile_types_are_refused_with_a_reason(change, reason):
    with pytest.raises(Invalid, match=reason):
        validate_setup(dict(DUEL, **change))


@pytest.mark.parametrize("data", [None, [], "full_conquest", 5, True])
def test_a_setup_that_is_not_an_object_is_refused(data):
    with pytest.raises(Invalid, match="set-up must be an object"):
        validate_setup(data)


def test_the_scenario_book_player_counts_and_heroes():
    """Full Conquest is for 2 to 4 players; a solo game has one player; a hero is played once; Team Rules: two
    teams of two."""
    with pytest.raises(Invalid, match="exactly one player"):
        validate_setup({"scenario": "solo_conquest", "mode": "solo", "players": DUEL["players"]})
    with pytest.raises(Invalid, match="at least two players"):
        validate_setup(dict(DUEL, players=[{"name": "Anna"}]))
    with pytest.raises(Invalid, match="each hero can be played once"):
        validate_setup(dict(DUEL, players=[{"name": "Anna", "hero": "tovak"}, {"name": "Ben", "hero": "tovak"}]))
    with pytest.raises(Invalid, match="different names"):
        validate_setup(dict(DUEL, players=[{"name": "Anna"}, {"name": "anna"}]))
    with pytest.raises(Invalid, match="two in team A, two in team B"):
        validate_setup(dict(DUEL, mode="team", players=[{"name": n, "team": "A"} for n in "WXYZ"]))


def _export(game: LocalGame) -> dict:
    return export_dict(validate_setup(game.setup), game.seed, game.events, "2026-01-01T00:00:00+00:00")


def test_an_export_checks_back_in_with_every_event():
    g = LocalGame(DUEL)
    g.run("fame", player=0, amount=5)
    g.undo()
    plan = check_import(_export(g))
    assert plan.setup["players"][0]["name"] == "Anna" and plan.seed == "local-seed"
    assert [(e.seq, e.type) for e in plan.events] == [(1, "player.fame"), (2, "undo")]


@pytest.mark.parametrize("change,reason", [
    ({"format_version": 2}, "format_version 1 expected"),
    ({"format_version": True}, "format_version 1 expected"),
    ({"format_version": "1"}, "format_version 1 expected"),
    ({"setup": ["full_conquest"]}, "set-up must be an object"),
    ({"setup": dict(DUEL, players="Anna")}, "players must be a list"),
    ({"events": {"1": {}}}, "no list of events"),
    ({"events": [{"seq": True, "type": "player.fame", "payload": {}}]}, "numbered 1, 2, 3"),
    ({"events": [{"seq": 2, "type": "player.fame", "payload": {}}]}, "numbered 1, 2, 3"),
    ({"events": ["x"]}, "numbered 1, 2, 3"),
    ({"events": [{"seq": 1, "type": 5, "payload": {}}]}, "Event 1 is damaged"),
    ({"events": [{"seq": 1, "type": "player.fame", "payload": []}]}, "Event 1 is damaged"),
    ({"events": [{"seq": 1, "type": "player.fame", "payload": {}, "scope": "player"}]}, "Event 1 is damaged"),
    ({"events": [{"seq": 1, "type": "player.fame", "payload": {}, "device": 5}]}, "Event 1 is damaged"),
])
def test_a_damaged_import_is_refused_with_a_reason(change, reason):
    data = {"format_version": FORMAT_VERSION, "setup": DUEL, "seed": "s", "events": []}
    data.update(change)
    with pytest.raises(Invalid, match=reason):
        check_import(data)
