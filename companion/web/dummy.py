"""The Dummy player in a game: its page, its events and their reducers (Scenario Book, "Dummy Player").

Everything the dummy does is one undoable event; its data lives in ``state["dummy"]``:

``mode``            "virtual" (the app shuffles and flips), "physical" (the table flips, the app counts) or
                    "mage_lite" (004 Mage Lite: a level counter instead of a deck)
``hero``            the Dummy hero's id; ``crystals`` {colour: n} (no limit of 3)
``deck``            virtual: its cards left, top first (card dicts id/name/name_de/color); ``discard`` flipped
``deck_count``      cards left in its Deed deck (not yet flipped this Round) - scoring reads it
``composition``     physical: its cards by colour this round; ``seen``: the deciding colours tapped this round
``announced``       the End of the Round was announced this Round; ``announced_by`` "dummy" or the player index;
                    ``last_turns_left`` how many last turns the others still have; ``last_turn_done`` the dummy
                    took its last turn after a player announced
``last``            the last turn (what was flipped, the deciding colour, the trace); ``turns`` this round's turns
``tactic``          its Tactic this round; ``player_tactics`` {player index: tactic id}; ``removed_tactics``
``turn``            index into ``state["round_order"]`` of whoever plays now
``skills``          solo games: {"pile": [...], "offer": [...], "removed": [...]}
``level``, ``threshold``, ``pips``   Mage Lite
"""

from __future__ import annotations

import copy
from typing import Any, Callable, Mapping

from flask import Blueprint, abort, request, url_for
from flask_babel import force_locale, get_locale, gettext, lazy_gettext

from ..events import sentence
from ..i18n import N_
from ..rules import dummy as rules
from ..rules import mage_lite
from ..rules.data import get_rules
from ..rules.text import T, Term
from ..state import REDUCERS, Event, reducer, rng
from .common import done, load_game, page, record_command

bp = Blueprint("dummy", __name__)

MODES = ("virtual", "physical", "mage_lite")
DEFAULT_ROUNDS = 6
COLOR_NAMES = {
    "red": lazy_gettext("red"),
    "blue": lazy_gettext("blue"),
    "green": lazy_gettext("green"),
    "white": lazy_gettext("white"),
}
# log sentences translate these argument values when shown
N_("red"), N_("blue"), N_("green"), N_("white")


# ============================================================================================ rules data helpers

def _rules():
    return get_rules()


def _heroes() -> list[Any]:
    return list(_rules().heroes.values())


def _hero(hero_id: str | None) -> Any:
    return _rules().heroes.get(hero_id) if hero_id else None


def _scenario(state: dict) -> Any:
    scenarios = getattr(_rules(), "scenarios", {}) or {}
    sc = scenarios.get(state["game"].get("scenario"))
    if sc is not None and state["game"].get("mode") == "solo" and getattr(sc, "solo_variant", None) is not None:
        sc = sc.solo_variant
    return sc


def tactic_rule(state: dict) -> str | None:
    """The scenario's tactic rule for the Dummy player; a solo game of any other scenario uses Solo Conquest's
    ("Other Solo Missions: ... use similar setup modifications and special rules as this mission")."""
    sc = _scenario(state)
    by_data = {"solo_conquest": rules.SOLO, "full_cooperation": rules.COOPERATIVE}
    if sc is not None and getattr(sc, "tactics_rule", None) in by_data:
        return by_data[sc.tactics_rule]
    return rules.tactic_rule(state["game"].get("mode") or "")


def day_night(state: dict) -> tuple[str, ...]:
    """The scenario's rounds (Day or Night each) for this game, as the round tracker reads them."""
    try:
        from ..trackers import day_night_order
    except ImportError:  # pragma: no cover - the trackers are part of the app
        return ()
    return tuple(day_night_order(state))


def total_rounds(state: dict) -> int:
    return len(day_night(state)) or DEFAULT_ROUNDS


def is_final_day_or_night(state: dict) -> bool:
    """Full Cooperation: removing a Tactic "does not matter on the last day and the last night". The round that
    ends is the dummy's (the round tracker may already show the next one)."""
    ending = (state.get("dummy") or {}).get("round", state["round"])
    return ending >= total_rounds(state) - 1


def tactics_for(time: str) -> list[Any]:
    return [t for t in _rules().tactics if t.time == time]


def tactic_by_id(tid: str) -> Any:
    for t in _rules().tactics:
        if t.id == tid:
            return t
    return None


def available_tactics(state: dict) -> list[Any]:
    d = state.get("dummy") or {}
    removed = set(d.get("removed_tactics", []))
    return [t for t in tactics_for(state["time"]) if t.id not in removed]


def advanced_actions() -> list[Any]:
    cards = getattr(_rules(), "cards", {}) or {}
    return sorted((c for c in cards.values() if getattr(c, "kind", "") == "advanced_action" and c.color),
                  key=lambda c: (rules.COLORS.index(c.color), c.name))


# ============================================================================================ reducers

RAW_REDUCERS: dict[str, Callable[[dict, dict, Event], None]] = {}
_TOUCHED = ("dummy", "round_order", "round", "time", "players")


def dummy_reducer(event_type: str):
    """Register a reducer of the dummy. The fold runs on every page load, so a reducer that fails (an old log
    after the rules data changed) must not break the game: its event is then skipped, the state left as it was,
    and the page says so. The raw function is kept for the commands' dry run, which must see the error."""

    def register(fn):
        RAW_REDUCERS[event_type] = fn

        def guarded(state: dict, p: dict, ev: Event) -> None:
            backup = copy.deepcopy({k: state[k] for k in _TOUCHED if k in state})
            try:
                fn(state, p, ev)
            except Exception as err:  # noqa: BLE001 - any failure leaves the state as it was
                for k in _TOUCHED:
                    state.pop(k, None)
                state.update(backup)
                state.setdefault("dummy_errors", []).append({"seq": ev.seq, "type": event_type, "error": str(err)})

        guarded.__name__ = fn.__name__
        guarded.__doc__ = fn.__doc__
        return reducer(event_type)(guarded)

    return register


def _zeros() -> dict[str, int]:
    return {c: 0 for c in rules.COLORS}


def _players_in_play(state: dict) -> list[str]:
    return [p["hero"] for p in state["players"] if p.get("hero")]


@dummy_reducer("dummy.setup")
def _setup(state: dict, p: dict, ev: Event) -> None:
    r = rng(state, ev)
    mode = p["mode"]
    d: dict[str, Any] = {
        "mode": mode, "round": state["round"], "announced": False, "announced_by": None, "last_turns_left": None,
        "last_turn_done": False,
        "last": None, "turns": [], "tactic": None, "player_tactics": {}, "removed_tactics": [],
        "turn": 0, "deck": [], "discard": [], "seen": _zeros(), "skills": None,
    }
    if mode == "mage_lite":
        hero = _hero("tovak")
        pips = rules.starting_crystals(hero).as_dict() if hero else dict(_zeros(), **mage_lite.TOVAK_PIPS)
        threshold = int(p.get("threshold") or 7)
        d.update(hero="tovak", crystals=_zeros(), pips=pips, level=mage_lite.START_LEVEL, threshold=threshold,
                 deck_count=0, composition=_zeros(),
                 explanation=[T("%(rule)s: Tovak's hero card starts on level 1; end of round at level "
                                "%(threshold)d", rule=Term(mage_lite.ML), threshold=threshold)])
        state["dummy"] = d
        return
    heroes = _heroes()
    if p.get("candidates") and not p.get("hero"):
        # the heroes that were free when the command was given, so a replay draws from the same list
        heroes = [h for h in heroes if h.id in p["candidates"]]
    hero = rules.choose_hero(heroes, _players_in_play(state), r, chosen=p.get("hero") or None)
    s = rules.set_up(hero, r)
    d.update(hero=hero.id, crystals=s.crystals.as_dict(), deck_count=len(s.deck),
             composition=rules.color_counts(s.deck), explanation=list(s.explanation))
    if mode == "virtual":
        d["deck"] = list(s.deck)
    if state["game"].get("mode") == "solo":
        pile = rules.skill_pile(getattr(hero, "skills", ()), r)
        d["skills"] = {"pile": list(pile.pile), "offer": [], "removed": list(pile.removed)}
        d["explanation"] += list(pile.explanation)
    state["dummy"] = d


def _advance_pointer(state: dict, d: dict) -> None:
    order = state.get("round_order") or []
    if order:
        d["turn"] = (d.get("turn", 0) + 1) % len(order)


def _dummy_is_current(state: dict, d: dict) -> bool:
    order = state.get("round_order") or []
    return bool(order) and order[d.get("turn", 0) % len(order)] == "dummy"


@dummy_reducer("dummy.turn")
def _turn(state: dict, p: dict, ev: Event) -> None:
    d = state["dummy"]
    if d["mode"] == "virtual":
        t = rules.take_turn(d["deck"], d["crystals"])
        d["deck"] = list(t.deck)
        d["discard"] += list(t.flipped)
        last = {"flipped": list(t.flipped), "count": len(t.flipped)}
    else:
        t = rules.physical_turn(d["deck_count"], d["crystals"], p.get("color"))
        if t.deciding_color:
            d["seen"][t.deciding_color] += 1
        last = {"flipped": [], "count": t.flipped_count}
    d["deck_count"] = len(d["deck"]) if d["mode"] == "virtual" else t.deck_count
    last.update(deciding=t.deciding_color, extra=(t.extra if d["mode"] == "virtual"
                                                   else max(0, t.flipped_count - 3)),
                end_of_round=t.end_of_round, ran_out=t.deck_ran_out, explanation=list(t.explanation),
                seq=ev.seq)
    d["last"] = last
    d["turns"].append({k: last[k] for k in ("count", "deciding", "end_of_round")})
    if d["announced"] and d.get("announced_by") != "dummy":
        # a player announced: this was the dummy's one last turn
        d["last_turn_done"] = True
        if d.get("last_turns_left"):
            d["last_turns_left"] -= 1
    elif t.end_of_round:
        d["announced"], d["announced_by"] = True, "dummy"
        d["last_turns_left"] = len(state["players"])
    if _dummy_is_current(state, d):
        _advance_pointer(state, d)


@dummy_reducer("dummy.pass")
def _pass(state: dict, p: dict, ev: Event) -> None:
    """A player's turn is over: the next one in the round order plays."""
    d = state["dummy"]
    if d.get("announced") and d.get("last_turns_left"):
        d["last_turns_left"] -= 1
    _advance_pointer(state, d)


@dummy_reducer("dummy.player_announced")
def _player_announced(state: dict, p: dict, ev: Event) -> None:
    """Rulebook, Players play their turns 4b: a player whose deck is empty may announce the End of the Round
    instead of playing their turn; "each other player takes one last turn" - the Dummy player too."""
    d = state["dummy"]
    d["announced"], d["announced_by"] = True, int(p["player"])
    d["last_turns_left"] = len(state["players"]) - 1 + (0 if d["mode"] == "mage_lite" else 1)
    d["last_turn_done"] = d["mode"] == "mage_lite"
    _advance_pointer(state, d)


@dummy_reducer("dummy.tactic_draw")
def _tactic_draw(state: dict, p: dict, ev: Event) -> None:
    """Full Cooperation: the Dummy player takes a random Tactic first."""
    d = state["dummy"]
    avail = p.get("available") or [t.id for t in available_tactics(state)]
    pick = rules.dummy_takes_tactic(rules.COOPERATIVE, avail, [], rng(state, ev))
    d["tactic"] = pick.tactic
    d["player_tactics"] = {}
    d["tactic_explanation"] = list(pick.explanation)


@dummy_reducer("dummy.tactics")
def _tactics(state: dict, p: dict, ev: Event) -> None:
    """The players' Tactics; in Solo Conquest the Dummy player then takes a random one of the rest. The round
    order follows the Tactic numbers, with the dummy in it."""
    d = state["dummy"]
    picks = {str(k): v for k, v in p["players"].items()}
    rule = p.get("rule") or rules.SOLO
    avail = p.get("available") or [t.id for t in available_tactics(state)]
    if rule == rules.SOLO:
        pick = rules.dummy_takes_tactic(rules.SOLO, avail, list(picks.values()), rng(state, ev))
        d["tactic"] = pick.tactic
        d["tactic_explanation"] = list(pick.explanation)
    d["player_tactics"] = picks
    known = p.get("numbers") or {}

    def number(tid: str) -> int:
        return int(known[tid]) if tid in known else tactic_by_id(tid).number

    numbers: dict[Any, int] = {int(i): number(tid) for i, tid in picks.items()}
    numbers["dummy"] = number(d["tactic"])
    order = rules.round_order(numbers)
    state["round_order"] = list(order.order)
    d["turn"] = 0


@dummy_reducer("dummy.new_round")
def _new_round(state: dict, p: dict, ev: Event) -> None:
    d = state["dummy"]
    r = rng(state, ev)
    # tactics used this round leave the game as the scenario says
    removed = p.get("removed_tactics") or []
    d["removed_tactics"] = list(d.get("removed_tactics", [])) + [t for t in removed if t]
    d["tactic"], d["player_tactics"] = None, {}
    aa = p.get("advanced_action")
    spell = p.get("spell_color")
    if d["mode"] == "mage_lite":
        d["level"] = mage_lite.START_LEVEL
        d["explanation"] = [T("%(rule)s: a new round: the dummy card starts again on level 1",
                              rule=Term(mage_lite.ML))]
    elif d["mode"] == "virtual":
        nr = rules.new_round(d["deck"] + d["discard"], d["crystals"], r, aa, spell)
        d["deck"], d["discard"] = list(nr.deck), []
        d["crystals"] = nr.crystals.as_dict()
        d["deck_count"] = len(d["deck"])
        d["composition"] = rules.color_counts(d["deck"])
        d["explanation"] = list(nr.explanation)
    else:
        nr = rules.new_round([c for c in rules.COLORS for _ in range(d["composition"][c])], d["crystals"], r,
                             aa, spell)
        d["crystals"] = nr.crystals.as_dict()
        d["composition"] = rules.color_counts(nr.deck)
        d["deck_count"] = len(nr.deck)
        d["explanation"] = [_physical_line(line) for line in nr.explanation]
    d["seen"] = _zeros()
    d["announced"], d["announced_by"], d["last_turns_left"], d["last_turn_done"] = False, None, None, False
    d["last"], d["turns"] = None, []
    d["turn"] = 0
    # Prepare the Round: the round tracker moves on too, unless the table already moved it
    if state["round"] == d.get("round", state["round"]) and "round.next" in REDUCERS:
        REDUCERS["round.next"](state, {"time": p.get("time")}, ev)
    state["round_order"] = [x for x in state.get("round_order", []) if x != "dummy"]
    d["round"] = state["round"]


def _physical_line(line: str) -> str:
    """With the real cards the table shuffles them: the engine's last new-round line says so."""
    if getattr(line, "msgid", None) == rules.SHUFFLED:
        return T("%(rule)s: all its %(n)d cards are shuffled into a new deck (shuffle the real cards)",
                 **line.args)
    return line


@dummy_reducer("dummy.skill_reveal")
def _skill_reveal(state: dict, p: dict, ev: Event) -> None:
    s = state["dummy"]["skills"]
    rev = rules.reveal_skill(s["pile"])
    if rev.revealed is not None:
        s["offer"].append(rev.revealed)
        s["pile"] = list(rev.pile)


@dummy_reducer("dummy.skill_take")
def _skill_take(state: dict, p: dict, ev: Event) -> None:
    s = state["dummy"]["skills"]
    if p["skill"] in s["offer"]:
        s["offer"].remove(p["skill"])
        s.setdefault("taken", []).append(p["skill"])


@dummy_reducer("dummy.mage_lite")
def _mage_lite(state: dict, p: dict, ev: Event) -> None:
    d = state["dummy"]
    step = mage_lite.advance(d["level"], p.get("color") or None, d["pips"], d["threshold"])
    d["level"] = step.level
    d["last"] = {"moved": step.moved, "color": p.get("color") or None, "explanation": list(step.explanation),
                 "seq": ev.seq}
    if step.end_of_round and not d["announced"]:
        d["announced"], d["announced_by"] = True, "dummy"
        d["last_turns_left"] = 1


# ============================================================================================ views

def forecast(d: dict | None) -> Any:
    """The forecast for the dummy as it stands (None when it has no deck or already announced)."""
    if not d or d["mode"] == "mage_lite" or d.get("announced_by") == "dummy" or d.get("last_turn_done"):
        return None
    if d["mode"] == "virtual":
        return rules.forecast(rules.color_counts(d["deck"]), d["crystals"])
    pool = {c: d["composition"][c] - d["seen"][c] for c in rules.COLORS}
    return rules.forecast(pool, d["crystals"], remaining=d["deck_count"])


def chart(f: Any) -> dict | None:
    """Bars for the forecast chart: SVG geometry computed here (no inline styles)."""
    if f is None:
        return None
    bar_h, gap, label_w, width = 16, 5, 18, 240
    bars = []
    top = max(float(p) for _, p in f.distribution)
    for i, (k, p) in enumerate(f.distribution):
        y = i * (bar_h + gap)
        w = round((width - label_w - 36) * float(p) / top, 2) if top else 0
        bars.append({"k": k, "p": float(p), "pct": round(100 * float(p)), "y": y, "w": max(w, 0.5),
                     "x": label_w, "text_y": round(y + bar_h * 0.75, 1)})
    return {"bars": bars, "height": len(bars) * (bar_h + gap), "bar_h": bar_h, "width": width,
            "expected": float(f.expected)}


def round_running(state: dict, d: dict | None) -> bool:
    """The Dummy player's round is still being played: the End of the Round was not announced yet, or some of
    the last turns are still to come (Rulebook, End of the Round: "each other player takes one last turn and
    then the Round ends"). Once the round tracker has moved past the dummy's round the table has moved on."""
    if not d:
        return False
    if state["round"] > d.get("round", state["round"]):
        return False
    return not d.get("announced") or bool(d.get("last_turns_left")) or _dummy_last_turn_due(d)


def _dummy_last_turn_due(d: dict) -> bool:
    """A player announced the End of the Round and the Dummy player has not taken its last turn yet."""
    return (d["mode"] != "mage_lite" and bool(d.get("announced")) and d.get("announced_by") != "dummy"
            and not d.get("last_turn_done"))


def _who(state: dict, who: Any) -> str:
    if who == "dummy":
        return gettext("Dummy player")
    try:
        return state["players"][int(who)]["name"]
    except (ValueError, IndexError, TypeError):
        return str(who)


def _lang() -> str:
    loc = get_locale()
    return loc.language if loc else "en"


def name_of(thing: Any) -> str:
    """A card's, hero's or tactic's name in this device's language."""
    if thing is None:
        return ""
    get = thing.get if isinstance(thing, Mapping) else (lambda k, default=None: getattr(thing, k, default))
    if _lang() == "de" and get("name_de"):
        return get("name_de")
    return get("name") or get("id") or ""


def context(game) -> dict:
    state = game.state
    d = state.get("dummy")
    order = state.get("round_order") or []
    current = None
    if d and order:
        current = order[d.get("turn", 0) % len(order)]
    f = forecast(d)
    rule = tactic_rule(state)
    skills = d.get("skills") if d else None
    skill_names = {}
    hero = _hero(d["hero"]) if d else None
    if hero is not None:
        for s in getattr(hero, "skills", ()):
            skill_names[s.id] = name_of(s)
    in_play = set(_players_in_play(state))
    return {
        "game": game,
        "state": state,
        "d": d,
        "hero": hero,
        "heroes": [h for h in _heroes() if h.id not in in_play],
        "modes": MODES,
        "colors": rules.COLORS,
        "color_names": COLOR_NAMES,
        "order": [{"who": w, "name": _who(state, w), "current": w == current} for w in order],
        "current": current,
        "current_name": _who(state, current) if current is not None else None,
        "forecast": f,
        "chart": chart(f),
        "rule": rule,
        "final_day_or_night": is_final_day_or_night(state),
        "tactics": available_tactics(state) if d else [],
        "tactic_by_id": tactic_by_id,
        "advanced_actions": advanced_actions(),
        "skills": skills,
        "skill_names": skill_names,
        "name_of": name_of,
        "thresholds": mage_lite.THRESHOLDS,
        "players": list(enumerate(state["players"])),
        "scenario_has_dummy": getattr(_scenario(state), "dummy", None),
        "round_running": round_running(state, d),
        # nobody's turn is tracked (no round order, or the Mage Lite counter): a last turn is confirmed as such
        "untracked_last_turn": bool(d and d.get("announced") and d.get("last_turns_left")
                                    and (not order or d["mode"] == "mage_lite")),
    }


@bp.get("/games/<int:game_id>/dummy")
def show(game_id: int):
    game = load_game(game_id)
    return page("dummy/page.html", **context(game))


# ============================================================================================ commands

def _fail(message: str) -> None:
    abort(400, description=message)


def _color(value: Any, *, required: bool = True) -> str | None:
    if value in (None, ""):
        if required:
            _fail(gettext("Choose a colour."))
        return None
    if value not in rules.COLORS:
        _fail(gettext("Unknown colour: %(color)s.", color=str(value)[:20]))
    return value


def _need_dummy(state: dict) -> dict:
    d = state.get("dummy")
    if not d:
        _fail(gettext("Set up the Dummy player first."))
    return d


def cmd_setup(state: dict, form: Mapping[str, Any]):
    if state.get("dummy"):
        _fail(gettext("The Dummy player is already set up. Undo its set-up to start again."))
    mode = form.get("mode") or "virtual"
    if mode not in MODES:
        _fail(gettext("Unknown way to play the Dummy player: %(mode)s.", mode=str(mode)[:20]))
    payload: dict[str, Any] = {"mode": mode}
    if mode == "mage_lite":
        try:
            payload["threshold"] = mage_lite.threshold_for(form.get("difficulty") or "normal")
        except ValueError:
            _fail(gettext("Unknown difficulty."))
        return ("dummy.setup", payload, sentence(N_("Dummy player set up: Mage Lite counter")))
    hero_id = form.get("hero") or None
    if hero_id:
        if _hero(hero_id) is None:
            _fail(gettext("Unknown hero: %(hero)s.", hero=str(hero_id)[:30]))
        if hero_id in _players_in_play(state):
            _fail(gettext("That hero is already in the game: the Dummy player needs another one."))
        payload["hero"] = hero_id
        return ("dummy.setup", payload,
                sentence(N_("Dummy player set up with %(hero)s"), hero=_hero(hero_id).name))
    if not [h for h in _heroes() if h.id not in _players_in_play(state)]:
        _fail(gettext("Every hero is in the game: none is left for the Dummy player."))
    payload["candidates"] = sorted(h.id for h in _heroes() if h.id not in _players_in_play(state))
    return ("dummy.setup", payload, sentence(N_("Dummy player set up with a random hero")))


def cmd_turn(state: dict, form: Mapping[str, Any]):
    d = _need_dummy(state)
    if d["mode"] == "mage_lite":
        _fail(gettext("The Mage Lite counter moves after each of your turns."))
    if d["announced"] and d.get("announced_by") == "dummy":
        _fail(gettext("The Dummy player has already announced the End of the Round."))
    if d["announced"] and d.get("last_turn_done"):
        _fail(gettext("The Dummy player has already taken its last turn of this round."))
    payload: dict[str, Any] = {}
    if d["mode"] == "physical":
        if d["deck_count"] > 3:
            payload["color"] = _color(form.get("color"))
        elif form.get("color"):
            payload["color"] = _color(form.get("color"))
    if d["deck_count"] == 0:
        return ("dummy.turn", payload, sentence(N_("Dummy player announces the End of the Round")))
    if d["mode"] == "virtual":
        t = rules.take_turn(d["deck"], d["crystals"])
        return ("dummy.turn", payload, sentence(
            N_("Dummy player flips %(n)d cards (last: %(color)s)"), translate=("color",),
            n=len(t.flipped), color=t.deciding_color or "-"))
    t = rules.physical_turn(d["deck_count"], d["crystals"], payload.get("color"))
    return ("dummy.turn", payload, sentence(
        N_("Dummy player flips %(n)d cards (last: %(color)s)"), translate=("color",),
        n=t.flipped_count, color=t.deciding_color or "-"))


def cmd_pass(state: dict, form: Mapping[str, Any]):
    d = _need_dummy(state)
    order = state.get("round_order") or []
    if d["announced"] and not d.get("last_turns_left"):
        _fail(gettext("The round is over: start the new round."))
    if d["announced"] and _dummy_last_turn_due(d) and d["last_turns_left"] <= 1:
        _fail(gettext("The last turn left is the Dummy player's: flip for it."))
    if d["announced"] and (not order or d["mode"] == "mage_lite"):
        # the app does not know whose turn it is: one of the last turns is over
        return ("dummy.pass", {}, sentence(N_("A last turn of the round is over")))
    if not order:
        _fail(gettext("There is no round order yet."))
    who = order[d.get("turn", 0) % len(order)]
    if who == "dummy":
        _fail(gettext("It is the Dummy player's turn."))
    return ("dummy.pass", {}, sentence(N_("%(name)s's turn is over"), name=_who(state, who)))


def cmd_player_announced(state: dict, form: Mapping[str, Any]):
    d = _need_dummy(state)
    if d["announced"]:
        _fail(gettext("The End of the Round was already announced."))
    try:
        index = int(form.get("player", ""))
        name = state["players"][index]["name"]
    except (ValueError, IndexError):
        _fail(gettext("Choose the player who announces the End of the Round."))
    return ("dummy.player_announced", {"player": index},
            sentence(N_("%(name)s announces the End of the Round"), name=name))


def cmd_tactic_draw(state: dict, form: Mapping[str, Any]):
    d = _need_dummy(state)
    if tactic_rule(state) != rules.COOPERATIVE:
        _fail(gettext("In this scenario you choose your Tactic first."))
    if d.get("tactic"):
        _fail(gettext("The Dummy player already has its Tactic this round."))
    if not available_tactics(state):
        _fail(gettext("No Tactic card is left."))
    return ("dummy.tactic_draw", {"available": [t.id for t in available_tactics(state)]},
            sentence(N_("Dummy player takes a random Tactic")))


def cmd_tactics(state: dict, form: Mapping[str, Any]):
    d = _need_dummy(state)
    rule = tactic_rule(state)
    if rule is None:
        _fail(gettext("This game has no Dummy player tactics."))
    if d.get("player_tactics"):
        _fail(gettext("The Tactics of this round are already chosen."))
    if rule == rules.COOPERATIVE and not d.get("tactic"):
        _fail(gettext("The Dummy player takes its Tactic first."))
    avail = {t.id for t in available_tactics(state)}
    picks: dict[str, str] = {}
    for i, _pl in enumerate(state["players"]):
        tid = form.get(f"tactic_{i}")
        if not tid:
            _fail(gettext("Choose a Tactic for every player."))
        if tid not in avail or tid == d.get("tactic"):
            _fail(gettext("That Tactic is not available."))
        if tid in picks.values():
            _fail(gettext("Two players cannot take the same Tactic."))
        picks[str(i)] = tid
    if rule == rules.SOLO and len(avail - set(picks.values())) == 0:
        _fail(gettext("No Tactic card is left for the Dummy player."))
    numbers = {t.id: t.number for t in available_tactics(state)}
    return ("dummy.tactics", {"players": picks, "rule": rule, "numbers": numbers, "available": sorted(numbers)},
            sentence(N_("Tactics chosen; the round order is set")))


def colour_only_card(color: str) -> dict[str, Any]:
    """An Advanced Action known only by its colour, named in both languages (whichever phone sent it)."""
    names = {}
    for lang in ("en", "de"):
        with force_locale(lang):
            names[lang] = gettext("Advanced Action (%(color)s)", color=gettext(color))
    return {"id": f"advanced_action_{color}", "name": names["en"], "name_de": names["de"], "color": color}


def cmd_new_round(state: dict, form: Mapping[str, Any]):
    d = _need_dummy(state)
    if round_running(state, d):
        if d.get("announced"):
            _fail(gettext("The round is still running: the last turns are not played yet (left: %(n)d).",
                          n=d.get("last_turns_left") or 0))
        _fail(gettext("The round is still running: the new round starts after the End of the Round was "
                      "announced and everyone took their last turn."))
    payload: dict[str, Any] = {}
    if d["mode"] != "mage_lite":
        aa_id = form.get("advanced_action") or ""
        aa = None
        if aa_id.startswith("color:"):
            aa = colour_only_card(_color(aa_id[6:]))
        elif aa_id:
            card = (getattr(_rules(), "cards", {}) or {}).get(aa_id)
            if card is None or not getattr(card, "color", None):
                _fail(gettext("Unknown Advanced Action card."))
            aa = rules.card_dict(card)
        payload["advanced_action"] = aa
        payload["spell_color"] = _color(form.get("spell_color"), required=False)
    rule = tactic_rule(state)
    removed: list[str] = []
    if rule == rules.SOLO and d.get("tactic"):
        removed = [*d.get("player_tactics", {}).values(), d["tactic"]]
    elif rule == rules.COOPERATIVE and d.get("player_tactics") and not is_final_day_or_night(state):
        chosen = form.get("remove_tactic")
        if not chosen:
            _fail(gettext("Choose which of your Tactics leaves the game."))
        try:
            removed = list(rules.tactics_removed_at_round_end(
                rules.COOPERATIVE, d["tactic"], list(d["player_tactics"].values()), chosen).removed)
        except ValueError:
            _fail(gettext("Only a Tactic used by a player (not the Dummy player's) can be removed."))
    payload["removed_tactics"] = removed
    if state["round"] == d["round"]:
        # this event also moves the round tracker on (Rulebook, Prepare the Round 2a: flip Day/Night)
        order = day_night(state)
        n = state["round"] + 1
        if order and n > len(order):
            _fail(gettext("This scenario has %(n)d rounds: the game is over.", n=len(order)))
        payload["time"] = order[n - 1] if order else ("night" if state["time"] == "day" else "day")
    return ("dummy.new_round", payload, sentence(N_("New round: the Dummy player's deck is reshuffled")))


def cmd_skill_reveal(state: dict, form: Mapping[str, Any]):
    d = _need_dummy(state)
    if not d.get("skills"):
        _fail(gettext("The Dummy player's Skills are only used in a solo game."))
    if not d["skills"]["pile"]:
        _fail(gettext("The Dummy player has no Skill left to reveal."))
    return ("dummy.skill_reveal", {}, sentence(N_("Your hero gained a Skill: a Dummy Skill goes to the offer")))


def cmd_skill_take(state: dict, form: Mapping[str, Any]):
    d = _need_dummy(state)
    skill = form.get("skill")
    if not d.get("skills") or skill not in d["skills"]["offer"]:
        _fail(gettext("That Skill is not in the Common Skill offer."))
    return ("dummy.skill_take", {"skill": skill}, sentence(N_("A Dummy Skill is taken from the offer")))


def cmd_mage_lite(state: dict, form: Mapping[str, Any]):
    d = _need_dummy(state)
    if d["mode"] != "mage_lite":
        _fail(gettext("This Dummy player is not a Mage Lite counter."))
    if d["announced"]:
        _fail(gettext("The Dummy player has already announced the End of the Round."))
    color = _color(form.get("color"), required=False)
    return ("dummy.mage_lite", {"color": color}, sentence(
        N_("Turn over: the dummy card moves (mana %(color)s)"), translate=("color",), color=color or "-"))


ACTIONS: dict[str, tuple[Callable, tuple[str, ...]]] = {
    "setup": (cmd_setup, ("dummy",)),
    "turn": (cmd_turn, ("dummy",)),
    "pass": (cmd_pass, ("dummy",)),
    "announce": (cmd_player_announced, ("dummy",)),
    "tactic-draw": (cmd_tactic_draw, ("dummy",)),
    "tactics": (cmd_tactics, ("dummy", "round_order")),
    "new-round": (cmd_new_round, ("dummy", "round", "round_order")),
    "skill-reveal": (cmd_skill_reveal, ("dummy",)),
    "skill-take": (cmd_skill_take, ("dummy",)),
    "mage-lite": (cmd_mage_lite, ("dummy",)),
}


def dry_run(state: dict, type_: str, payload: dict, seq: int) -> dict:
    """Apply the event to a copy of the state, as the fold will; a rules error becomes a 400, never a 500."""
    trial = copy.deepcopy(state)
    try:
        RAW_REDUCERS[type_](trial, payload, Event(seq=seq, type=type_, payload=payload, sentence={}))
    except (ValueError, KeyError, TypeError, AttributeError) as err:
        abort(400, description=gettext("The Dummy player cannot do that: %(reason)s", reason=str(err)))
    return trial


@bp.post("/games/<int:game_id>/dummy/<action>")
def act(game_id: int, action: str):
    game = load_game(game_id)
    entry = ACTIONS.get(action)
    if entry is None:
        abort(404, description=gettext("Unknown Dummy player action."))
    fn, scope = entry
    type_, payload, sent = fn(game.state, request.form)
    dry_run(game.state, type_, payload, game.seq + 1)
    record_command(game, type_, payload, sent, scope)
    return done(url_for("dummy.show", game_id=game_id))


# The same commands for the games' JSON API and shared forms (`POST /api/v1/games/<id>/commands/dummy_<action>`,
# `POST /games/<id>/do/dummy_<action>`): companion.commands' registry.
def _register_commands() -> None:
    from ..commands import COMMANDS, Command

    for action, (fn, scope) in ACTIONS.items():
        def run(state: dict, data: Mapping[str, Any], fn=fn, scope=scope) -> Command:
            type_, payload, sent = fn(state, data)
            dry_run(state, type_, payload, 0)
            return Command(type_, payload, sent, scope)

        COMMANDS.setdefault("dummy_" + action.replace("-", "_"), run)


_register_commands()
