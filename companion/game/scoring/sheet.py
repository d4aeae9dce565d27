"""The values on a score sheet: what the game's trackers already know (prefill), the players' edits over them, and
the engine's sheet built from both (Scenario Book, "Standard Achievements scoring" and each scenario's scoring).
Pure Python over the folded state."""

from __future__ import annotations

from typing import Any

from ...rules import scoring as rules
from ...rules.data import get_rules
from ...rules.progression import standing
from ..flow.scenario_info import total_rounds
from .fields import (BOARD_GAME_FIELDS, BOARD_PLAYER_FIELDS, GAME_FIELDS, PLAYER_FIELDS, UNIT_LEVELS, game_fields,
                     is_team_game, player_fields, scenario_of)


def _units(p: dict) -> list[tuple[int, bool]]:
    out = []
    for u in p.get("units") or []:
        level = u.get("level")
        if isinstance(level, int) and 1 <= level <= 4:
            out.append((level, bool(u.get("wounded"))))
    return out


def recorded_cities(state: dict) -> list[rules.CityRecord]:
    """The cities the combats recorded: each City card's Shields in the order they were put there (combat
    outcome, ``state["combat"]["cities"]``)."""
    out = []
    for c in ((state.get("combat") or {}).get("cities") or {}).values():
        shields = tuple(int(x) for x in c.get("shields") or () if isinstance(x, int) and not isinstance(x, bool))
        out.append(rules.CityRecord(shields, bool(c.get("conquered"))))
    return out


def dungeons_tombs(p: dict) -> int:
    """Dungeons and tombs the player conquered (combat outcome of a dungeon or tomb fight, not a revisit)."""
    return int(p.get("dungeons_tombs") or 0)


def prefill(state: dict, i: int, key: str) -> int | bool:
    """What the game's trackers already know (the sheet starts from it)."""
    p = state["players"][i]
    shields = p.get("shields") or {}
    if key in ("cities_led", "cities_shielded"):
        # Rulebook, City Assaults 2a: the City leader; Scenario Book, Full Conquest, Scoring
        led, shielded = rules.cities_of(recorded_cities(state), i)
        return led if key == "cities_led" else shielded
    if key == "dungeons_tombs":
        return dungeons_tombs(p)
    if key == "fame":
        return int(p.get("fame") or 0)
    if key == "crystals":
        return sum(int(v or 0) for v in (p.get("crystals") or {}).values())
    if key.startswith("unit_") or key.startswith("wunit_"):
        level = int(key.split("_")[1])
        wounded = key.startswith("w")
        return sum(1 for lv, w in _units(p) if lv == level and w == wounded)
    if key == "fortified_shields":
        return sum(int(shields.get(k) or 0) for k in ("keep", "mage_tower", "monastery"))
    if key == "adventure_shields":
        # Dungeon Lords: dungeons and tombs have their own line (4 each), the other adventure sites stay here
        sc = scenario_of(state)
        own_line = dungeons_tombs(p) if sc is not None and sc.dungeon_scoring else 0
        return max(0, int(shields.get("adventure") or 0) - own_line)
    if key == "wounds":
        return int(p.get("wounds") or 0)
    if key in ("mines_countryside", "mines_core"):
        # Mines Liberation: the board's "mine liberated" action (companion/game/flow/scenario_rules.py)
        return int((p.get("mines") or {}).get(key.split("_", 1)[1]) or 0)
    if key == "keeps":
        return int(shields.get("keep") or 0)
    if key == "mage_towers":
        return int(shields.get("mage_tower") or 0)
    return False if PLAYER_FIELDS[key].flag else 0


def round_limit(state: dict, sc: rules.ScenarioScoring) -> int:
    """The game's Round limit (``scenario_info.total_rounds``, which every feature asks), at most the scoring
    engine's own (its sheet refuses Rounds left beyond it)."""
    return min(total_rounds(state), sc.rounds)


def game_prefill(state: dict, sc: rules.ScenarioScoring, key: str, sheet_players: list[dict]) -> int | bool:
    if key == "cities_conquered":
        return sum(int(p.get("cities_led", 0)) for p in sheet_players)
    if key == "cities_total":
        return rules.default_cities_total(sc.id, len(state["players"])) or 0
    if key == "rounds_left":
        # Only a finished mission ends before the Round limit: no Rounds left are pre-filled while not every
        # city is conquered (Scenario Book, Solo Conquest / Full Cooperation, Scoring).
        total = rules.default_cities_total(sc.id, len(state["players"])) or 0
        conquered = sum(int(p.get("cities_led", 0)) for p in sheet_players)
        if not total or conquered < total:
            return 0
        return max(0, min(round_limit(state, sc) - int(state.get("round") or 1), sc.rounds - 1))
    if key == "dummy_deck":
        return int((state.get("dummy") or {}).get("deck_count") or 0)
    if key == "end_of_round_announced":
        # The Dummy feature knows whether the End of the Round was announced in the current (last) Round.
        dummy = state.get("dummy") or {}
        return bool(dummy["announced"]) if "announced" in dummy else True
    return False


def score_state(state: dict) -> dict:
    return state.get("score") or {}


def is_final(state: dict) -> bool:
    return bool(score_state(state).get("final"))


def confirmed(state: dict) -> dict:
    return score_state(state).get("confirmed", {})


def all_confirmed(state: dict) -> bool:
    done = confirmed(state)
    return all(done.get(str(i)) for i in range(len(state["players"])))


def sheet_values(state: dict) -> tuple[list[dict], dict]:
    """Every sheet value: the players' edits over the trackers' values."""
    sc = scenario_of(state)
    edits = score_state(state).get("sheet", {})
    players = []
    for i in range(len(state["players"])):
        mine = edits.get(str(i), {})
        players.append({k: mine.get(k, prefill(state, i, k)) for k in PLAYER_FIELDS})
    gedits = score_state(state).get("game", {})
    game = {k: gedits.get(k, game_prefill(state, sc, k, players)) if sc else 0 for k in GAME_FIELDS}
    return players, game


def typed_lines(state: dict) -> list[dict]:
    """Every line of this scenario's sheet a person typed (its value no longer follows the record):
    ``{"player": i | "game", "field", "value", "board": the record's value or None (a line the app does not
    record: Spells, Artifacts ...), "differs": bool}``. The sheet marks each one ("typed by hand", or "edited -
    board says 149" where it differs from the record)."""
    sc = scenario_of(state)
    if sc is None:
        return []
    score = score_state(state)
    edits = score.get("sheet", {})
    out = []
    keys = [f.key for f in player_fields(sc, is_team_game(state))]
    for i in range(len(state["players"])):
        mine = edits.get(str(i), {})
        for k in dict.fromkeys(keys):
            if k in mine:
                board = prefill(state, i, k) if k in BOARD_PLAYER_FIELDS else None
                out.append({"player": i, "field": k, "value": mine[k], "board": board,
                            "differs": board is not None and mine[k] != board})
    board_players = [{k: prefill(state, i, k) for k in PLAYER_FIELDS} for i in range(len(state["players"]))]
    gedits = score.get("game", {})
    for f in game_fields(sc):
        if f.key in gedits:
            board = game_prefill(state, sc, f.key, board_players) if f.key in BOARD_GAME_FIELDS else None
            out.append({"player": "game", "field": f.key, "value": gedits[f.key], "board": board,
                        "differs": board is not None and gedits[f.key] != board})
    return out


def _sheet_units(vals: dict) -> tuple[rules.Unit, ...]:
    return tuple(rules.Unit(lv, w) for lv in UNIT_LEVELS for w in (False, True)
                 for _ in range(int(vals[f"{'w' if w else ''}unit_{lv}"])))


def build_sheet(state: dict) -> rules.GameSheet:
    sc = scenario_of(state)
    players, game = sheet_values(state)
    sheets = []
    for p, vals in zip(state["players"], players):
        kw = {k: int(vals[k]) for k in rules.COUNT_FIELDS}
        sheets.append(rules.PlayerSheet(
            name=p["name"], team=p.get("team") or None, fame=int(vals["fame"]), units=_sheet_units(vals),
            on_portal=bool(vals["on_portal"]), chosen=bool(vals["chosen"]), **kw,
        ))
    gkw: dict[str, Any] = {}
    fields = {f.key for f in game_fields(sc)} if sc else set()
    for k in ("cities_conquered", "cities_total", "rounds_left", "dummy_deck"):
        if k in fields:
            gkw[k] = int(game[k])
    for k in ("end_of_round_announced", "lowest_counts"):
        if k in fields:
            gkw[k] = bool(game[k])
    return rules.GameSheet(state["game"].get("scenario") or "", tuple(sheets), **gkw)


def sheet_dict(sheet: rules.GameSheet) -> dict:
    """The sheet as plain JSON (kept in the final event and in the export)."""
    def plain(p: rules.PlayerSheet) -> dict:
        d = {k: getattr(p, k) for k in ("name", "team", "fame", *rules.COUNT_FIELDS, "on_portal", "chosen")}
        d["units"] = [{"level": u.level, "wounded": u.wounded} for u in p.units]
        return d

    out = {k: getattr(sheet, k) for k in ("scenario", "cities_conquered", "cities_total", "rounds_left",
                                          "dummy_deck", "end_of_round_announced", "lowest_counts")}
    out["players"] = [plain(p) for p in sheet.players]
    return out


def strength_view(state: dict) -> list[dict]:
    """Variants, Action Upgrades: each player's strength from the sheet and who picks first (lowest first)."""
    sc = scenario_of(state)
    if sc is None or sc.kind in (rules.VICTORY_POINTS, rules.PORTAL):
        return []
    try:
        levels = get_rules().levels
    except Exception:  # the rules data is optional here: no strength without it
        return []
    players, _ = sheet_values(state)
    order = [o for o in state.get("round_order") or [] if o != "dummy"]
    sheets = []
    for i, (p, vals) in enumerate(zip(state["players"], players)):
        sheets.append(rules.StrengthSheet(
            name=p["name"], level=standing(levels, max(0, int(p.get("fame") or 0))).level,
            fame=int(vals["fame"]), spells=int(vals["spells"]), artifacts=int(vals["artifacts"]),
            advanced_actions=int(vals["advanced_actions"]), crystals=int(vals["crystals"]),
            units=_sheet_units(vals), turn_position=order.index(i) if i in order else 0,
        ))
    try:
        r = rules.action_upgrade_strength(sheets)
    except rules.ScoringError:
        return []
    points = dict(r.points)
    return [{"name": n, "strength": points[n], "level": next(x.level for x in sheets if x.name == n)}
            for n in r.pick_order]
