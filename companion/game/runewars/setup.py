"""A Runewars game's set-up (seed 001: two to four players), checked strictly: from the new-game form and from an
import. Wrong types are refused with a reason, never coerced. No Flask."""

from __future__ import annotations

from typing import Any, Mapping

from ...rules.text import N_
from ..spine.command import Invalid, term
from ..spine.fields import text, text_value

MAX_PLAYERS = 4  # Runewars is for two to four players
MAX_NAME = 40
MAX_GAME_NAME = 60


def is_runewars_setup(data: Any) -> bool:
    return isinstance(data, Mapping) and data.get("game") == "runewars"


def runewars_setup_from_form(form: Mapping[str, Any]) -> dict:
    """The new-Runewars-game form's fields (``name``, ``name_<i>``) as the set-up ``validate_runewars_setup``
    reads."""
    players = []
    for i in range(MAX_PLAYERS):
        name = text(form, f"name_{i}", default="", max_len=MAX_NAME)
        if name:
            players.append({"name": name, "hero": None, "team": None})
    return {"game": "runewars", "mode": "runewars", "scenario": None,
            "name": text(form, "name", default="", max_len=MAX_GAME_NAME), "players": players}


def validate_runewars_setup(data: Any) -> dict:
    """The stored set-up of a Runewars game: ``{"game": "runewars", "mode": "runewars", "scenario": None, "name",
    "players": [{"name", "hero": None, "team": None}]}`` (the fold copies ``mode`` into ``state["game"]``)."""
    if not isinstance(data, Mapping) or data.get("game") != "runewars":
        raise Invalid(N_("The set-up must be an object with a scenario, a mode and the players."))
    if data.get("mode") not in (None, "runewars") or data.get("scenario") is not None:
        raise Invalid(N_("A Runewars game's set-up has mode runewars and no scenario."))
    raw_players = data.get("players")
    if not isinstance(raw_players, list):
        raise Invalid(N_("The players must be a list."))
    players = []
    seen: set = set()
    for p in raw_players[:MAX_PLAYERS + 1]:
        if not isinstance(p, Mapping):
            raise Invalid(N_("Each player must be an object with a name, a hero and a team."))
        if p.get("hero") is not None or p.get("team") is not None:
            raise Invalid(N_("A Runewars game's players have no hero and no team."))
        name = text_value(p.get("name"), term(N_("A player's name")), max_len=MAX_NAME)
        if not name:
            raise Invalid(N_("Runewars needs two to four players: enter at least two names."))
        if name.casefold() in seen:
            raise Invalid(N_("Two players are called %(name)s: give them different names."), name=name)
        seen.add(name.casefold())
        players.append({"name": name, "hero": None, "team": None})
    if not 2 <= len(raw_players) <= MAX_PLAYERS:
        raise Invalid(N_("Runewars needs two to four players: enter at least two names."))
    raw_name = data.get("name")
    name = "" if raw_name in (None, "") else text_value(raw_name, term(N_("The game's name")), max_len=MAX_GAME_NAME)
    return {"game": "runewars", "mode": "runewars", "scenario": None, "name": name or "Runewars",
            "players": players}
