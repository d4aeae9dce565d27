"""The score sheet's commands and reducers (Scenario Book, "Scoring" of each scenario; Standard Achievements
scoring card): a stepper press or toggle (``score.sheet``), a player's confirmation (``score.confirm``) and the
final score (``score.final``: the game is finished; undo reopens it). No Flask."""

from __future__ import annotations

from typing import Any, Callable, Mapping

from ...rules import scoring as rules
from ...rules.text import N_, Nn_, translate_line
from ...state import reducer
from ..spine.command import Command, Invalid, command
from ..spine.fields import whole_value
from ..spine.payloads import needs, needs_at_record
from ..spine.sentences import plural_sentence, sentence
from .fields import MAX_VALUE, Field, game_fields, is_team_game, player_fields, scenario_of
from .result import result_dict, stored_result
from .sheet import build_sheet, confirmed, is_final, sheet_dict, sheet_values

# ---------------------------------------------------------------------------------------------- reducers


@reducer("score.sheet")
def _apply_sheet(state: dict, payload: dict, ev) -> None:
    sc = state.setdefault("score", {})
    done = sc.setdefault("confirmed", {})
    if payload["player"] == "game":
        sc.setdefault("game", {})[payload["field"]] = payload["value"]
        done.clear()  # a change for everyone: everyone confirms again
    else:
        i = str(payload["player"])
        sc.setdefault("sheet", {}).setdefault(i, {})[payload["field"]] = payload["value"]
        done.pop(i, None)


@reducer("score.follow")
def _apply_follow(state: dict, payload: dict, ev) -> None:
    """The line follows the board again: the person's edit is dropped."""
    sc = state.setdefault("score", {})
    if payload["player"] == "game":
        (sc.get("game") or {}).pop(payload["field"], None)
        sc.setdefault("confirmed", {}).clear()
    else:
        i = str(payload["player"])
        (sc.get("sheet", {}).get(i) or {}).pop(payload["field"], None)
        sc.setdefault("confirmed", {}).pop(i, None)


@reducer("score.confirm")
def _apply_confirm(state: dict, payload: dict, ev) -> None:
    done = state.setdefault("score", {}).setdefault("confirmed", {})
    if payload.get("confirmed"):
        done[str(payload["player"])] = True
    else:
        done.pop(str(payload["player"]), None)


@reducer("score.final")
def _apply_final(state: dict, payload: dict, ev) -> None:
    state.setdefault("score", {})["final"] = {"sheet": payload["sheet"], "result": payload["result"],
                                              "seq": ev.seq}
    state["finished"] = True


# ---------------------------------------------------------------------------------------------- refusals


class LineInvalid(Invalid):
    """A refusal naming a sheet line (its label is a msgid with arguments, translated when shown)."""

    def __init__(self, message: str, field: Field):
        super().__init__(message, line=field.label_in())
        self.field = field

    def translated(self, translate: Callable[[str], str], lang: str = "en") -> str:
        try:
            return translate(self.msgid) % {"line": self.field.label_in(translate)}
        except (KeyError, TypeError, ValueError):
            return str(self)


class SheetRefused(Invalid):
    """The scoring engine refuses the sheet: its reason is a ``T`` line of the engine."""

    def __init__(self, err: rules.ScoringError):
        self.line = err.args[0] if err.args else str(err)
        ValueError.__init__(self, str(self.line))
        self.msgid = str(self.line)
        self.args_ = {}

    def translated(self, translate: Callable[[str], str], lang: str = "en") -> str:
        return translate_line(self.line, translate, lang)


# ---------------------------------------------------------------------------------------------- commands


@needs("score.final")
def final_allowed(state: dict, p: dict | None = None) -> None:
    """The final score is recorded once, after every player confirmed their sheet (the command's and its
    event's check)."""
    _open_sheet(state)
    done = confirmed(state)
    missing = [pl["name"] for i, pl in enumerate(state["players"]) if not done.get(str(i))]
    if missing:
        raise Invalid(N_("Every player confirms their sheet first. Not yet: %(names)s."), names=", ".join(missing))


@needs("score.sheet", "score.follow", "score.confirm")
def _sheet_open(state: dict, p: dict) -> None:
    _open_sheet(state)


def _open_sheet(state: dict) -> rules.ScenarioScoring:
    if is_final(state):
        raise Invalid(N_("The final score is recorded. Undo it to change the sheet."))
    sc = scenario_of(state)
    if sc is None:
        raise Invalid(N_("This game's scenario has no scoring."))
    return sc


def _player(state: dict, raw: Any) -> int:
    try:
        return whole_value(raw, "player", lo=0, hi=len(state["players"]) - 1)
    except Invalid:
        raise Invalid(N_("Choose a player.")) from None


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "✓" if value else "✗"
    return str(value)


@command("score_set")
def cmd_score_set(state: dict, data: Mapping[str, Any]) -> Command:
    """One stepper press (``amount``) or a toggle (``value`` 0/1) on a line of the sheet."""
    sc = _open_sheet(state)
    who = data.get("player", "")
    key = data.get("field", "")
    players, gvals = sheet_values(state)
    if who == "game":
        fields = {f.key: f for f in game_fields(sc)}
        current = gvals.get(key) if isinstance(key, str) else None
        name: Any = N_("the game")  # translated when the log shows it
        target: Any = "game"
    else:
        i = _player(state, who)
        fields = {f.key: f for f in player_fields(sc, is_team_game(state))}
        current = players[i].get(key) if isinstance(key, str) else None
        name = state["players"][i]["name"]
        target = i
    field = fields.get(key) if isinstance(key, str) else None
    if field is None:
        raise Invalid(N_("This scenario's sheet has no such line."))
    if field.flag:
        raw = data.get("value")
        if raw not in ("0", "1", 0, 1) or isinstance(raw, bool):
            raise Invalid(N_("A yes/no line needs yes or no."))
        value: int | bool = raw in ("1", 1)
    elif data.get("amount") in (None, "") and data.get("value") not in (None, ""):
        # the number typed into the line's field (one field with a number keypad, not 30 taps of +5)
        try:
            value = whole_value(data.get("value"), "value", lo=-MAX_VALUE, hi=MAX_VALUE)
        except Invalid:
            raise LineInvalid(N_("%(line)s needs a whole number."), field) from None
        if value < 0 and not field.negative:
            raise LineInvalid(N_("%(line)s cannot be negative."), field)
    else:
        try:
            amount = whole_value(data.get("amount", ""), "amount")
        except Invalid:
            raise Invalid(N_("The step must be a whole number.")) from None
        if abs(amount) > MAX_VALUE:
            raise Invalid(N_("That step is too large."))
        value = int(current) + amount
        if value < 0 and not field.negative:
            raise LineInvalid(N_("%(line)s cannot be negative."), field)
        if abs(value) > MAX_VALUE:
            raise Invalid(N_("That number is too large."))
    msg = sentence(N_("Score sheet: %(who)s, %(line)s = %(value)s"), translate=("who",) if target == "game" else (),
                   who=name, line=field.log_sentence(), value=_shown(value))
    msg["nested"] = "line"
    return Command("score.sheet", {"player": target, "field": key, "value": value}, msg,
                   (f"score:sheet:{target}:{key}",))


def edited_line(state: dict, who: Any, key: Any) -> tuple[Any, str, Field]:
    """The line of the sheet (``who``: "game" or a player) that was typed and may follow the board again: its
    target, key and field, or ``Invalid`` (the command's refusals)."""
    sc = _open_sheet(state)
    if who == "game":
        fields = {f.key: f for f in game_fields(sc)}
        edits = (state.get("score") or {}).get("game") or {}
        target: Any = "game"
    else:
        target = _player(state, who)
        fields = {f.key: f for f in player_fields(sc, is_team_game(state))}
        edits = ((state.get("score") or {}).get("sheet") or {}).get(str(target)) or {}
    field = fields.get(key) if isinstance(key, str) else None
    if field is None:
        raise Invalid(N_("This scenario's sheet has no such line."))
    if key not in edits:
        raise LineInvalid(N_("%(line)s already follows the board."), field)
    return target, key, field


@needs_at_record("score.follow")
def _follows_again(state: dict, p: dict) -> None:
    edited_line(state, p["player"], p["field"])


@command("score_follow")
def cmd_score_follow(state: dict, data: Mapping[str, Any]) -> Command:
    """One tap on an edited line: take the board's value again, and follow the board from now on."""
    target, key, field = edited_line(state, data.get("player", ""), data.get("field", ""))
    name: Any = N_("the game") if target == "game" else state["players"][target]["name"]
    msg = sentence(N_("Score sheet: %(who)s, %(line)s follows the board again"),
                   translate=("who",) if target == "game" else (), who=name, line=field.log_sentence())
    msg["nested"] = "line"
    return Command("score.follow", {"player": target, "field": key}, msg, (f"score:sheet:{target}:{key}",))


@command("score_confirm")
def cmd_score_confirm(state: dict, data: Mapping[str, Any]) -> Command:
    """A player confirms their sheet (``confirmed`` = 1) or withdraws the confirmation."""
    _open_sheet(state)
    i = _player(state, data.get("player"))
    raw = data.get("confirmed")
    yes = raw == "1" or (raw is True) or (raw == 1 and not isinstance(raw, bool))
    return Command(
        "score.confirm", {"player": i, "confirmed": yes},
        sentence(N_("%(who)s confirmed their score sheet") if yes else N_("%(who)s withdrew their confirmation"),
                 who=state["players"][i]["name"]),
        (f"score:confirm:{i}",),
    )


@command("score_final")
def cmd_score_final(state: dict, data: Mapping[str, Any] | None = None) -> Command:
    """Record the final score once every player confirmed their sheet: the game is kept as finished."""
    final_allowed(state)
    try:
        sheet = build_sheet(state)
        res = rules.score(sheet)
    except rules.ScoringError as e:
        raise SheetRefused(e) from e
    result = result_dict(res, sheet)
    if result.get("score") is not None:
        sent = plural_sentence(*Nn_("Final score recorded: %(score)d point", "Final score recorded: %(score)d points"),
                               "score", score=result["score"])
    elif result["winners"]:
        sent = sentence(N_("Final score recorded. Winner: %(names)s"), names=", ".join(result["winners"]))
    else:
        sent = sentence(N_("Final score recorded. No winner."))
    # Scope: the whole sheet and everything it was pre-filled from (players' trackers, the round, the Dummy).
    return Command("score.final", {"sheet": sheet_dict(sheet), "result": stored_result(result)}, sent,
                   ("score", "player", "round", "dummy"))
