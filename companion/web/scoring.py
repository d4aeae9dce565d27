"""The score sheet of a game: pre-filled from the game's trackers, adjusted with +/- steppers, confirmed by the
players, scored by :mod:`companion.rules.scoring`, recorded as the event ``score.final`` (the game is finished;
undo reopens it). Exports as JSON and CSV.

The engine's explanation lines and title reasons are ``T`` lines (companion.rules.text): the page shows them with
``|tr`` in its language. The ``score.final`` payload is JSON, so there they are kept as ``to_json()`` dicts (which
``|tr`` reads as well); the JSON export turns them back into their English sentences. The CSV export is in the
requesting device's language (its ``key`` column keeps the English ids)."""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass
from typing import Any

from flask import Blueprint, Response, abort, request, url_for
from flask_babel import gettext, lazy_gettext

from ..i18n import N_
from ..rules import scoring as rules
from ..rules.text import T, from_json, translate_line
from ..state import reducer
from ..events import sentence
from .common import done, load_game, page, record_command
from .scoring_api import result_dict

bp = Blueprint("scoring", __name__)

MAX_VALUE = 999
UNIT_LEVELS = (1, 2, 3, 4)

# ---------------------------------------------------------------------------------------------- sheet fields


@dataclass(frozen=True)
class Field:
    key: str
    msgid: str  # English label, marked with N_ (translated when shown)
    args: tuple[tuple[str, str], ...] = ()
    flag: bool = False
    negative: bool = False  # may go below zero (Fame: Hero auction variant)
    steps: tuple[int, ...] = (-1, 1)

    @property
    def label(self) -> str:
        return gettext(self.msgid, **dict(self.args)) if self.args else gettext(self.msgid)

    def log_sentence(self) -> dict:
        return sentence(self.msgid, **dict(self.args))


def F(key: str, msgid: str, **kw: Any) -> Field:
    args = kw.pop("args", {})
    return Field(key, msgid, tuple(args.items()), **kw)


ROMAN = ("I", "II", "III", "IV")
PLAYER_FIELDS: dict[str, Field] = {f.key: f for f in (
    F("fame", N_("Fame"), negative=True, steps=(-5, -1, 1, 5)),
    F("spells", N_("Spells")),
    F("advanced_actions", N_("Advanced Actions")),
    F("artifacts", N_("Artifacts (deck and Units)")),
    F("crystals", N_("Crystals in the Inventory")),
    *(F(f"unit_{lv}", N_("Units of level %(level)s"), args={"level": ROMAN[lv - 1]}) for lv in UNIT_LEVELS),
    *(F(f"wunit_{lv}", N_("Wounded Units of level %(level)s"), args={"level": ROMAN[lv - 1]})
      for lv in UNIT_LEVELS),
    F("fortified_shields", N_("Shields on keeps, mage towers, monasteries")),
    F("adventure_shields", N_("Shields on adventure sites")),
    F("wounds", N_("Wounds in the deck")),
    F("cities_led", N_("Cities led")),
    F("cities_shielded", N_("Cities with your Shield, not led")),
    F("mines_countryside", N_("Mines on Countryside tiles")),
    F("mines_core", N_("Mines on Core tiles")),
    F("dungeons_tombs", N_("Dungeons and tombs (also secret ones)")),
    F("keeps", N_("Keeps owned")),
    F("mage_towers", N_("Mage towers owned")),
    F("on_portal", N_("Stands on the portal"), flag=True),
    F("chosen", N_("The team's chosen one"), flag=True),
)}

GAME_FIELDS: dict[str, Field] = {f.key: f for f in (
    F("cities_conquered", N_("Cities conquered")),
    F("cities_total", N_("Cities in the game")),
    F("rounds_left", N_("Rounds left before the limit")),
    F("dummy_deck", N_("Cards left in the Dummy player's deck"), steps=(-5, -1, 1, 5)),
    F("end_of_round_announced", N_("End of the Round was announced in the last Round"), flag=True),
    F("lowest_counts", N_("Variant: only the lowest achievement counts"), flag=True),
)}

ACHIEVEMENT_INPUTS = ("fame", "spells", "advanced_actions", "artifacts", "crystals",
                      *(f"unit_{lv}" for lv in UNIT_LEVELS), *(f"wunit_{lv}" for lv in UNIT_LEVELS),
                      "fortified_shields", "adventure_shields", "wounds")

# The lines of a result, in the order of the Scoring card; labels for the table and the CSV.
LINE_LABELS: dict[str, Any] = {
    "fame": lazy_gettext("Fame"),
    "knowledge": lazy_gettext("Knowledge"),
    "greatest_knowledge": lazy_gettext("Greatest Knowledge"),
    "loot": lazy_gettext("Loot"),
    "greatest_loot": lazy_gettext("Greatest Loot"),
    "leader": lazy_gettext("Leader"),
    "greatest_leader": lazy_gettext("Greatest Leader"),
    "conqueror": lazy_gettext("Conqueror"),
    "greatest_conqueror": lazy_gettext("Greatest Conqueror"),
    "adventurer": lazy_gettext("Adventurer"),
    "greatest_adventurer": lazy_gettext("Greatest Adventurer"),
    "greatest_dungeon_crawler": lazy_gettext("Greatest Dungeon Crawler"),
    "beating": lazy_gettext("Beating"),
    "greatest_beating": lazy_gettext("Greatest Beating"),
    "cities": lazy_gettext("Cities"),
    "greatest_city_conqueror": lazy_gettext("Greatest City Conqueror"),
    "mines": lazy_gettext("Mines"),
    "greatest_liberator": lazy_gettext("Greatest Liberator"),
    "cities_conquered": lazy_gettext("10 per city conquered"),
    "every_player_leads": lazy_gettext("Every player leads a city"),
    "all_cities": lazy_gettext("All cities conquered"),
    "rounds_left": lazy_gettext("30 per Round left"),
    "dummy_deck": lazy_gettext("Dummy player's cards"),
    "end_of_round_not_announced": lazy_gettext("End of the Round not announced"),
    "keeps_vp": lazy_gettext("Keeps (3 Victory points)"),
    "mage_towers_vp": lazy_gettext("Mage towers (2 Victory points)"),
}
LINE_ORDER = tuple(LINE_LABELS)


def scenario_of(state: dict) -> rules.ScenarioScoring | None:
    return rules.SCENARIOS.get(state["game"].get("scenario") or "")


def is_team_game(state: dict) -> bool:
    return any(p.get("team") for p in state["players"])


def player_fields(sc: rules.ScenarioScoring, team_game: bool) -> list[Field]:
    """The rows of a player's sheet for this scenario."""
    if sc.kind == rules.VICTORY_POINTS:
        keys = ["keeps", "mage_towers"]
    elif sc.kind == rules.PORTAL:
        keys = ["on_portal"] + (["chosen"] if team_game else [])
    else:
        keys = list(ACHIEVEMENT_INPUTS)
        if sc.cities_scoring:
            keys += ["cities_led", "cities_shielded"]
        if sc.kind in (rules.SOLO, rules.COOP):
            keys += ["cities_led"]
        if sc.mines_scoring:
            keys += ["mines_countryside", "mines_core"]
        if sc.dungeon_scoring:
            keys += ["dungeons_tombs"]
    return [PLAYER_FIELDS[k] for k in keys]


def game_fields(sc: rules.ScenarioScoring) -> list[Field]:
    if sc.kind == rules.SOLO:
        keys = ["cities_conquered", "cities_total", "rounds_left", "dummy_deck", "end_of_round_announced"]
    elif sc.kind == rules.COOP:
        keys = ["cities_conquered", "cities_total", "rounds_left", "dummy_deck", "end_of_round_announced",
                "lowest_counts"]
    elif sc.cities_scoring:
        keys = ["cities_total"]
    else:
        keys = []
    return [GAME_FIELDS[k] for k in keys]


# ---------------------------------------------------------------------------------------------- values


def _units(p: dict) -> list[tuple[int, bool]]:
    out = []
    for u in p.get("units") or []:
        level = u.get("level")
        if isinstance(level, int) and 1 <= level <= 4:
            out.append((level, bool(u.get("wounded"))))
    return out


def prefill(state: dict, i: int, key: str) -> int | bool:
    """What the game's trackers already know (the sheet starts from it)."""
    p = state["players"][i]
    shields = p.get("shields") or {}
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
        return int(shields.get("adventure") or 0)
    if key == "wounds":
        return int(p.get("wounds") or 0)
    if key == "keeps":
        return int(shields.get("keep") or 0)
    if key == "mage_towers":
        return int(shields.get("mage_tower") or 0)
    return False if PLAYER_FIELDS[key].flag else 0


def round_limit(state: dict, sc: rules.ScenarioScoring) -> int:
    try:
        from ..rules.data import get_rules

        data = get_rules().scenarios.get(sc.id)
        if data is not None:
            return min(data.rounds_for(len(state["players"])), sc.rounds)
    except Exception:  # the rules data is optional here: fall back to the engine's table
        pass
    return sc.rounds


def game_prefill(state: dict, sc: rules.ScenarioScoring, key: str, sheet_players: list[dict]) -> int | bool:
    if key == "cities_conquered":
        return sum(int(p.get("cities_led", 0)) for p in sheet_players)
    if key == "cities_total":
        return rules.default_cities_total(sc.id, len(state["players"])) or 0
    if key == "rounds_left":
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


def build_sheet(state: dict) -> rules.GameSheet:
    sc = scenario_of(state)
    players, game = sheet_values(state)
    sheets = []
    for p, vals in zip(state["players"], players):
        units = tuple(
            rules.Unit(lv, w)
            for lv in UNIT_LEVELS for w in (False, True)
            for _ in range(int(vals[f"{'w' if w else ''}unit_{lv}"]))
        )
        kw = {k: int(vals[k]) for k in rules.COUNT_FIELDS}
        sheets.append(rules.PlayerSheet(
            name=p["name"], team=p.get("team") or None, fame=int(vals["fame"]), units=units,
            on_portal=bool(vals["on_portal"]), chosen=bool(vals["chosen"]), **kw,
        ))
    kw: dict[str, Any] = {}
    fields = {f.key for f in game_fields(sc)} if sc else set()
    for k in ("cities_conquered", "cities_total"):
        if k in fields:
            kw[k] = int(game[k])
    for k in ("rounds_left", "dummy_deck"):
        if k in fields:
            kw[k] = int(game[k])
    if "end_of_round_announced" in fields:
        kw["end_of_round_announced"] = bool(game["end_of_round_announced"])
    if "lowest_counts" in fields:
        kw["lowest_counts"] = bool(game["lowest_counts"])
    return rules.GameSheet(state["game"].get("scenario") or "", tuple(sheets), **kw)


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


# ---------------------------------------------------------------------------------------------- reducers


@reducer("score.sheet")
def _apply_sheet(state: dict, payload: dict, ev) -> None:
    sc = state.setdefault("score", {})
    confirmed = sc.setdefault("confirmed", {})
    if payload["player"] == "game":
        sc.setdefault("game", {})[payload["field"]] = payload["value"]
        confirmed.clear()  # a change for everyone: everyone confirms again
    else:
        i = str(payload["player"])
        sc.setdefault("sheet", {}).setdefault(i, {})[payload["field"]] = payload["value"]
        confirmed.pop(i, None)


@reducer("score.confirm")
def _apply_confirm(state: dict, payload: dict, ev) -> None:
    confirmed = state.setdefault("score", {}).setdefault("confirmed", {})
    if payload.get("confirmed"):
        confirmed[str(payload["player"])] = True
    else:
        confirmed.pop(str(payload["player"]), None)


@reducer("score.final")
def _apply_final(state: dict, payload: dict, ev) -> None:
    state.setdefault("score", {})["final"] = {"sheet": payload["sheet"], "result": payload["result"],
                                              "seq": ev.seq}
    state["finished"] = True


# ---------------------------------------------------------------------------------------------- view


def title_reason(t: dict) -> str:
    """Why a title went the way it did, in the reader's language."""
    awarded = t["awarded"]
    values = t["values"]
    if t["outcome"] == "sole":
        (side, pts), = awarded.items()
        if t["title"] == "greatest_beating":
            return gettext("%(side)s lost the most (%(value)d): %(points)+d.", side=side, value=values[side],
                           points=pts)
        return gettext("%(side)s scored the most (%(value)d): %(points)+d.", side=side, value=values[side],
                       points=pts)
    if t["outcome"] == "tie":
        sides = list(awarded)
        pts = awarded[sides[0]]
        return gettext("%(sides)s tied at %(value)d: %(points)+d each.", sides=", ".join(sides),
                       value=values[sides[0]], points=pts)
    if t["outcome"] == "no_wounds":
        return gettext("Nobody has Wounds: a tie between players without Wounds gives no penalty.")
    return gettext("Nobody scored in this category: a tie at zero gives no title.")


def winner_text(res: dict) -> str:
    kind = res["kind"]
    winners = res["winners"]
    if res.get("score") is not None:
        return gettext("Score: %(score)d", score=res["score"])
    if not winners:
        if kind == rules.VICTORY_POINTS:
            return gettext("Tied: no one is the winner.")
        return gettext("There is no winner.")
    if res.get("teams"):
        totals = {t["team"]: t["total"] for t in res["teams"]}
    else:
        totals = {p["name"]: p["total"] for p in res["players"]}
    if kind == rules.PORTAL:
        return gettext("%(name)s wins: standing on the portal.", name=winners[0])
    if len(winners) == 1:
        return gettext("%(name)s wins with %(total)d.", name=winners[0], total=totals.get(winners[0], 0))
    return gettext("Shared victory: %(names)s (%(total)d each).", names=", ".join(winners),
                   total=totals.get(winners[0], 0))


def table_view(res: dict) -> dict:
    """Columns (sides) and rows (lines) of the result table."""
    if res.get("score") is not None:
        columns = [{"name": p["name"], "categories": p["categories"], "total": p["total"], "own": True}
                   for p in res["players"]] if len(res["players"]) > 1 else []
        columns.append({"name": gettext("Score"), "categories": res["categories"], "total": res["score"],
                        "own": False})
    elif res.get("teams"):
        columns = [{"name": p["name"], "categories": p["categories"], "total": p["total"], "own": True}
                   for p in res["players"]]
        columns += [{"name": gettext("Team %(t)s", t=t["team"]), "categories": t["categories"],
                     "total": t["total"], "own": False} for t in res["teams"]]
    else:
        columns = [{"name": p["name"], "categories": p["categories"], "total": p["total"], "own": False}
                   for p in res["players"]]
    keys = []
    for c in columns:
        for k in c["categories"]:
            if k not in keys:
                keys.append(k)
    keys.sort(key=lambda k: LINE_ORDER.index(k) if k in LINE_ORDER else len(LINE_ORDER))
    rows = [{"key": k, "label": str(LINE_LABELS.get(k, k)), "title": k.startswith("greatest_"),
             "values": [c["categories"].get(k) for c in columns]} for k in keys]
    return {"columns": columns, "rows": rows}


def chart_view(res: dict) -> list[dict]:
    """Bars of the scores that decide the game (SVG rect widths; no inline styles)."""
    winners = set(res["winners"])
    if res["kind"] == rules.PORTAL:
        return []  # "There is no scoring, and Fame does not matter."
    if res.get("score") is not None:
        sides = [(gettext("Score"), res["score"], False)]
    elif res.get("teams"):
        sides = [(gettext("Team %(t)s", t=t["team"]), t["total"], t["team"] in winners) for t in res["teams"]]
    else:
        sides = [(p["name"], p["total"], p["name"] in winners) for p in res["players"]]
    top = max([v for _, v, _ in sides] + [1])
    bars = []
    for n, (name, v, win) in enumerate(sides):
        bars.append({"name": name, "total": v, "win": win, "y": n * 34,
                     "width": round(max(v, 0) / top * 220, 1)})
    return bars


def error_text(e: rules.ScoringError) -> str:
    """Why the engine refused the sheet, in this request's language (its T line translated)."""
    from flask_babel import get_locale

    loc = get_locale()
    return translate_line(e.args[0] if e.args else str(e), gettext, loc.language if loc else "en")


def result_for(state: dict) -> tuple[dict | None, str | None, dict | None]:
    """(result, error, sheet): the recorded final result, else the live preview."""
    final = score_state(state).get("final")
    if final:
        return final["result"], None, final["sheet"]
    try:
        sheet = build_sheet(state)
        res = rules.score(sheet)
    except rules.ScoringError as e:
        return None, error_text(e), None
    return result_dict(res, sheet), None, sheet_dict(sheet)


def _stored_line(line: Any) -> Any:
    return line.to_json() if isinstance(line, T) else line


def stored_result(data: dict) -> dict:
    """The result as the ``score.final`` event keeps it (JSON): explanation lines and title reasons as
    ``{"msg", "args"}`` dicts, so each device can still show them in its own language."""
    out = dict(data)
    out["explanation"] = [_stored_line(x) for x in data.get("explanation", [])]
    out["titles"] = [dict(t, reason=_stored_line(t.get("reason"))) for t in data.get("titles", [])]
    return out


def english_result(data: dict) -> dict:
    """The result with every explanation line and title reason as its English sentence (the JSON export)."""
    out = dict(data)
    out["explanation"] = [str(from_json(x)) for x in data.get("explanation", [])]
    out["titles"] = [dict(t, reason=str(from_json(t.get("reason") or ""))) for t in data.get("titles", [])]
    return out


def strength_view(state: dict) -> list[dict]:
    """Variants, Action Upgrades: each player's strength from the sheet and who picks first (lowest first)."""
    sc = scenario_of(state)
    if sc is None or sc.kind in (rules.VICTORY_POINTS, rules.PORTAL):
        return []
    try:
        from ..rules.data import get_rules
        from ..rules.progression import standing

        levels = get_rules().levels
    except Exception:
        return []
    players, _ = sheet_values(state)
    order = [o for o in state.get("round_order") or [] if o != "dummy"]
    sheets = []
    for i, (p, vals) in enumerate(zip(state["players"], players)):
        units = tuple(rules.Unit(lv, w) for lv in UNIT_LEVELS for w in (False, True)
                      for _ in range(int(vals[f"{'w' if w else ''}unit_{lv}"])))
        sheets.append(rules.StrengthSheet(
            name=p["name"], level=standing(levels, max(0, int(p.get("fame") or 0))).level,
            fame=int(vals["fame"]), spells=int(vals["spells"]), artifacts=int(vals["artifacts"]),
            advanced_actions=int(vals["advanced_actions"]), crystals=int(vals["crystals"]), units=units,
            turn_position=order.index(i) if i in order else 0,
        ))
    try:
        r = rules.action_upgrade_strength(sheets)
    except rules.ScoringError:
        return []
    points = dict(r.points)
    return [{"name": n, "strength": points[n], "level": next(x.level for x in sheets if x.name == n)}
            for n in r.pick_order]


@bp.get("/games/<int:game_id>/score")
def sheet(game_id: int):
    game = load_game(game_id)
    state = game.state
    sc = scenario_of(state)
    if sc is None:
        return page("scoring/sheet.html", game=game, sc=None, unsupported=True)
    team_game = is_team_game(state)
    players, gvals = sheet_values(state)
    res, error, _ = result_for(state)
    confirmed = score_state(state).get("confirmed", {})
    return page(
        "scoring/sheet.html",
        game=game,
        sc=sc,
        unsupported=False,
        final=bool(score_state(state).get("final")),
        pfields=player_fields(sc, team_game),
        gfields=game_fields(sc),
        values=players,
        gvalues=gvals,
        confirmed=confirmed,
        all_confirmed=all(confirmed.get(str(i)) for i in range(len(state["players"]))),
        res=res,
        error=error,
        table=table_view(res) if res else None,
        chart=chart_view(res) if res else [],
        titles=[dict(t, label=str(LINE_LABELS.get(t["title"], t["title"])), why=title_reason(t))
                for t in (res or {}).get("titles", [])],
        winner=winner_text(res) if res else "",
        scenario_name=_scenario_name(sc),
        strength=strength_view(state) if not score_state(state).get("final") else [],
    )


def _scenario_name(sc: rules.ScenarioScoring) -> str:
    try:
        from flask_babel import get_locale

        from ..rules.data import get_rules

        data = get_rules().scenarios.get(sc.id)
        loc = get_locale()
        if data is not None and loc is not None and loc.language == "de":
            return data.name_de
        if data is not None:
            return data.name
    except Exception:
        pass
    return sc.title


def _here(game_id: int) -> str:
    return url_for("scoring.sheet", game_id=game_id)


def _not_final(game) -> None:
    if score_state(game.state).get("final"):
        abort(400, description=gettext("The final score is recorded. Undo it to change the sheet."))


def _player_index(game, raw: str | None) -> int:
    try:
        i = int(raw or "")
    except ValueError:
        abort(400, description=gettext("Choose a player."))
    if not 0 <= i < len(game.state["players"]):
        abort(400, description=gettext("Choose a player."))
    return i


@bp.post("/games/<int:game_id>/score/set")
def set_value(game_id: int):
    """One stepper press (or a toggle) on the sheet: records the new value."""
    game = load_game(game_id)
    _not_final(game)
    sc = scenario_of(game.state)
    if sc is None:
        abort(400, description=gettext("This game's scenario has no scoring."))
    form = request.form
    who = form.get("player", "")
    key = form.get("field", "")
    players, gvals = sheet_values(game.state)
    if who == "game":
        fields = {f.key: f for f in game_fields(sc)}
        current = gvals.get(key)
        name = N_("the game")  # translated when the log shows it
    else:
        i = _player_index(game, who)
        fields = {f.key: f for f in player_fields(sc, is_team_game(game.state))}
        current = players[i].get(key)
        name = game.state["players"][i]["name"]
    field = fields.get(key)
    if field is None:
        abort(400, description=gettext("This scenario's sheet has no such line."))
    if field.flag:
        raw = form.get("value")
        if raw not in ("0", "1"):
            abort(400, description=gettext("A yes/no line needs yes or no."))
        value: int | bool = raw == "1"
    else:
        try:
            amount = int(form.get("amount", ""))
        except ValueError:
            abort(400, description=gettext("The step must be a whole number."))
        if abs(amount) > MAX_VALUE:
            abort(400, description=gettext("That step is too large."))
        value = int(current) + amount
        if value < 0 and not field.negative:
            abort(400, description=gettext("%(line)s cannot be negative.", line=field.label))
        if abs(value) > MAX_VALUE:
            abort(400, description=gettext("That number is too large."))
    line = field.log_sentence()
    msg = sentence(N_("Score sheet: %(who)s, %(line)s = %(value)s"), translate=("who",) if who == "game" else (),
                   who=name, line=line, value=_shown(value))
    msg["nested"] = "line"
    record_command(
        game, "score.sheet", {"player": "game" if who == "game" else i, "field": key, "value": value}, msg,
        ("score:sheet:%s:%s" % ("game" if who == "game" else i, key),),
    )
    return done(_here(game_id))


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "✓" if value else "✗"
    return str(value)


@bp.post("/games/<int:game_id>/score/confirm")
def confirm(game_id: int):
    game = load_game(game_id)
    _not_final(game)
    i = _player_index(game, request.form.get("player"))
    yes = request.form.get("confirmed") == "1"
    record_command(
        game, "score.confirm", {"player": i, "confirmed": yes},
        sentence(N_("%(who)s confirmed their score sheet") if yes else N_("%(who)s withdrew their confirmation"),
                 who=game.state["players"][i]["name"]),
        (f"score:confirm:{i}",),
    )
    return done(_here(game_id))


@bp.post("/games/<int:game_id>/score/final")
def final(game_id: int):
    """Record the final score: the game is kept as finished (undo reopens it)."""
    game = load_game(game_id)
    _not_final(game)
    state = game.state
    if scenario_of(state) is None:
        abort(400, description=gettext("This game's scenario has no scoring."))
    confirmed = score_state(state).get("confirmed", {})
    missing = [p["name"] for i, p in enumerate(state["players"]) if not confirmed.get(str(i))]
    if missing:
        abort(400, description=gettext("Every player confirms their sheet first. Not yet: %(names)s.",
                                        names=", ".join(missing)))
    try:
        sheet = build_sheet(state)
        res = rules.score(sheet)
    except rules.ScoringError as e:
        abort(400, description=error_text(e))
    data = result_dict(res, sheet)
    if data.get("score") is not None:
        sent = sentence(N_("Final score recorded: %(score)d points"), score=data["score"])
    elif data["winners"]:
        sent = sentence(N_("Final score recorded. Winner: %(names)s"), names=", ".join(data["winners"]))
    else:
        sent = sentence(N_("Final score recorded. No winner."))
    # Scope: the whole sheet and everything it was pre-filled from (players' trackers, the round, the Dummy).
    record_command(game, "score.final", {"sheet": sheet_dict(sheet), "result": stored_result(data)}, sent,
                   ("score", "player", "round", "dummy"))
    return done(_here(game_id))


# ---------------------------------------------------------------------------------------------- exports


def _export_name(game, ext: str) -> str:
    return f"mage-knight-game-{game.id}-score.{ext}"


@bp.get("/games/<int:game_id>/score.json")
def export_json(game_id: int):
    game = load_game(game_id)
    res, error, sheet_data = result_for(game.state)
    if res is None:
        abort(400, description=error or gettext("This game's scenario has no scoring."))
    body = {"game": game.id, "name": game.state["game"].get("name") or "",
            "final": bool(score_state(game.state).get("final")), "sheet": sheet_data,
            "result": english_result(res)}
    return Response(json.dumps(body, ensure_ascii=False, indent=2), mimetype="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{_export_name(game, "json")}"'})


@bp.get("/games/<int:game_id>/score.csv")
def export_csv(game_id: int):
    game = load_game(game_id)
    res, error, _ = result_for(game.state)
    if res is None:
        abort(400, description=error or gettext("This game's scenario has no scoring."))
    t = table_view(res)
    buf = io.StringIO()
    w = csv.writer(buf)
    w.writerow([gettext("Line"), "key", *[c["name"] for c in t["columns"]]])
    for row in t["rows"]:
        w.writerow([row["label"], row["key"], *["" if v is None else v for v in row["values"]]])
    w.writerow([gettext("Total"), "total", *[c["total"] for c in t["columns"]]])
    w.writerow([gettext("Result"), "result", winner_text(res)])
    return Response(buf.getvalue(), mimetype="text/csv",
                    headers={"Content-Disposition": f'attachment; filename="{_export_name(game, "csv")}"'})
