"""JSON API of end-game scoring: a stateless calculator (docs/api.md, "Scoring")."""

from __future__ import annotations

from typing import Any

from flask import jsonify

from ..game.scoring.result import result_dict  # noqa: F401 (the page and older imports)
from ..rules import scoring
from .common import ApiError, api_blueprint, json_body
from .jsonfields import true_or_false, whole_number

bp = api_blueprint("scoring_api", __name__, url_prefix="/api/v1/score")

MAX_PLAYERS = 8  # more than the game allows; the engine gives the scenario's own limit
MAX_COUNT = 999
MAX_UNITS = 20

PLAYER_COUNTS = scoring.COUNT_FIELDS
PLAYER_FLAGS = ("on_portal", "chosen")
PLAYER_KEYS = {"name", "team", "fame", "units", *PLAYER_COUNTS, *PLAYER_FLAGS}
GAME_KEYS = {
    "scenario", "players", "cities_conquered", "cities_total", "rounds_left", "dummy_deck",
    "end_of_round_announced", "lowest_counts", "all_mines_liberated", "all_dungeons_conquered",
}


def _int(where: str, value: Any, *, minimum: int | None = 0, maximum: int = MAX_COUNT) -> int:
    return whole_number(where, value, minimum, maximum)


_bool = true_or_false


def _units(where: str, value: Any) -> tuple[scoring.Unit, ...]:
    if not isinstance(value, list):
        raise ApiError(f"{where} must be a list of {{\"level\": 1-4, \"wounded\": true|false}}")
    if len(value) > MAX_UNITS:
        raise ApiError(f"{where} has too many Units (at most {MAX_UNITS})")
    out = []
    for i, u in enumerate(value):
        if isinstance(u, int) and not isinstance(u, bool):
            u = {"level": u}
        if not isinstance(u, dict):
            raise ApiError(f"{where}[{i}] must be an object {{\"level\": 1-4, \"wounded\": true|false}}")
        extra = set(u) - {"level", "wounded"}
        if extra:
            raise ApiError(f"{where}[{i}]: unknown field(s) {', '.join(sorted(extra))}")
        if "level" not in u:
            raise ApiError(f"{where}[{i}].level is required (1 to 4)")
        level = _int(f"{where}[{i}].level", u["level"], maximum=MAX_COUNT)
        if not 1 <= level <= 4:
            raise ApiError(f"{where}[{i}].level must be 1 to 4 (Unit levels I-IV), got {level}")
        out.append(scoring.Unit(level, _bool(f"{where}[{i}].wounded", u.get("wounded", False))))
    return tuple(out)


def parse_player(i: int, p: Any) -> scoring.PlayerSheet:
    where = f"players[{i}]"
    if not isinstance(p, dict):
        raise ApiError(f"{where} must be an object")
    extra = set(p) - PLAYER_KEYS
    if extra:
        raise ApiError(f"{where}: unknown field(s) {', '.join(sorted(extra))}")
    name = p.get("name")
    if not isinstance(name, str) or not name.strip():
        raise ApiError(f"{where}.name is required (a non-empty string)")
    if len(name) > 60:
        raise ApiError(f"{where}.name is too long (at most 60 characters)")
    team = p.get("team")
    if team is not None:
        if isinstance(team, int) and not isinstance(team, bool):
            team = str(team)
        if not isinstance(team, str) or not team.strip() or len(team) > 30:
            raise ApiError(f"{where}.team must be a short string (or null)")
    kw: dict[str, Any] = {}
    # Fame may be negative: Variants, Hero auction ("treats it as -2").
    kw["fame"] = _int(f"{where}.fame", p.get("fame", 0), minimum=None)
    for f in PLAYER_COUNTS:
        if f in p:
            kw[f] = _int(f"{where}.{f}", p[f])
    for f in PLAYER_FLAGS:
        if f in p:
            kw[f] = _bool(f"{where}.{f}", p[f])
    if "units" in p:
        kw["units"] = _units(f"{where}.units", p["units"])
    return scoring.PlayerSheet(name=name.strip(), team=team.strip() if team else None, **kw)


def parse_sheet(data: dict) -> scoring.GameSheet:
    extra = set(data) - GAME_KEYS
    if extra:
        raise ApiError(f"unknown field(s) {', '.join(sorted(extra))}")
    scenario = data.get("scenario")
    if not isinstance(scenario, str):
        raise ApiError(f"'scenario' is required: one of {', '.join(sorted(scoring.SCENARIOS))}")
    if scenario not in scoring.SCENARIOS:
        raise ApiError(f"unknown scenario {scenario!r}: one of {', '.join(sorted(scoring.SCENARIOS))}")
    players = data.get("players")
    if not isinstance(players, list) or not players:
        raise ApiError("'players' is required: a non-empty list of player objects")
    if len(players) > MAX_PLAYERS:
        raise ApiError(f"too many players (at most {MAX_PLAYERS})")
    kw: dict[str, Any] = {}
    for f in ("cities_conquered", "cities_total"):
        if data.get(f) is not None:
            kw[f] = _int(f, data[f])
    for f in ("rounds_left", "dummy_deck"):
        if f in data:
            kw[f] = _int(f, data[f])
    for f in ("end_of_round_announced", "lowest_counts"):
        if f in data:
            kw[f] = _bool(f, data[f])
    for f in ("all_mines_liberated", "all_dungeons_conquered"):
        if data.get(f) is not None:
            kw[f] = _bool(f, data[f])
    return scoring.GameSheet(
        scenario, tuple(parse_player(i, p) for i, p in enumerate(players)), **kw
    )


@bp.post("")
def score():
    data = json_body()
    sheet = parse_sheet(data)
    try:
        result = scoring.score(sheet)
    except scoring.ScoringError as e:
        raise ApiError(str(e))
    return jsonify(result_dict(result, sheet))


@bp.post("/strength")
def strength():
    """Variants, Action Upgrades: each player's strength and who picks first."""
    data = json_body()
    players = data.get("players")
    if not isinstance(players, list) or not players:
        raise ApiError("'players' is required: a non-empty list of player objects")
    if len(players) > MAX_PLAYERS:
        raise ApiError(f"too many players (at most {MAX_PLAYERS})")
    keys = {"name", "level", "fame", "spells", "artifacts", "advanced_actions", "crystals", "units",
            "turn_position"}
    sheets = []
    for i, p in enumerate(players):
        where = f"players[{i}]"
        if not isinstance(p, dict):
            raise ApiError(f"{where} must be an object")
        extra = set(p) - keys
        if extra:
            raise ApiError(f"{where}: unknown field(s) {', '.join(sorted(extra))}")
        name = p.get("name")
        if not isinstance(name, str) or not name.strip():
            raise ApiError(f"{where}.name is required (a non-empty string)")
        if "level" not in p:
            raise ApiError(f"{where}.level is required (1 to 10)")
        level = _int(f"{where}.level", p["level"])
        if not 1 <= level <= 10:
            raise ApiError(f"{where}.level must be 1 to 10, got {level}")
        kw = {f: _int(f"{where}.{f}", p[f]) for f in
              ("spells", "artifacts", "advanced_actions", "crystals", "turn_position") if f in p}
        sheets.append(scoring.StrengthSheet(
            name=name.strip(), level=level, fame=_int(f"{where}.fame", p.get("fame", 0), minimum=None),
            units=_units(f"{where}.units", p.get("units", [])), **kw,
        ))
    try:
        r = scoring.action_upgrade_strength(sheets)
    except scoring.ScoringError as e:
        raise ApiError(str(e))
    return jsonify({
        "players": [{"name": n, "strength": v} for n, v in r.points],
        "pick_order": list(r.pick_order),
        "explanation": list(r.explanation),
    })
