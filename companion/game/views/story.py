"""The story of a game: what the evening was, read back from the events in force.

``story(game_id, setup, seed, events)`` replays the game's active events (``state.walk``: an undone event is not
in the story, a redone one is back in its place) through the same reducers as the fold, one at a time, and notes
along the way what a finished state no longer shows:

- **Fame by Round**: each player's Fame at the end of every Round (the last value while the round tracker shows
  that Round), the start (Round 0: the scenario's start Fame) first; the Round under way is marked ``complete``
  false.
- **Fights**: every ``combat.end`` (who fought, which site, the enemies of that fight and which were defeated, won
  when every one was, Fame, Reputation, Wounds taken into the deck, Units wounded, knocked out) and every PvP
  ``pvp.end`` (aggressor, defender, victor, Fame and Wounds of each).
- **Conquests**: the keeps, mage towers and cities a ``combat.end`` conquered, and by whom.
- **The Dummy player's rounds**: its turns (cards flipped each), who announced the End of the Round, its crystals at
  the end of the Round.
- **Time on turns**: a turn *ends* at an event that records a player's turn end (every reducer of a turn end notes
  it in ``state["turn_ends"]``: ``round.turn_end``, ``round.announce``, ``dummy.pass``,
  ``dummy.player_announced``). A turn *starts* at the latest event in force after which the Round flow first
  showed that player as the one whose turn it is (``round_state.current``): the end of the turn before it (a
  player's or the Dummy player's), or the event that finished the Tactic selection and set the Round order; after
  The Right Moment the same turn end starts the extra turn. Its time is the end event's timestamp minus the start
  event's (``Event.created``, when the event was first recorded: a redone event keeps its time), never below 0;
  without both timestamps the turn is counted without a time.

A Runewars game records no Rounds, Fame or turns: its story is its battles (``state["runewars"]["battles"]``).
Pure: no Flask, no database.
"""

from __future__ import annotations

import copy
from datetime import datetime
from typing import Any, Iterable

from ...rules.text import N_
from ...state import Event, Refused, apply_event, initial_state, walk
from ..combat.state import CITY_NAMES, mine
from ..flow.round_state import current
from ..flow.scenario_end import status
from ..flow.scenario_info import DUMMY

# the sites whose conquest the story lists (combat.state.FIGHTS: a Shield on a keep, mage tower or city)
CONQUEST_SITES = ("keep", "mage_tower", "city", "other_keep", "other_mage_tower")
# a fight's site in a few words (the story's lists; combat.state.FIGHT_NAMES are the combat page's long names)
SITE_NAMES = {
    "rampaging": N_("rampaging enemies"),
    "keep": N_("keep"),
    "mage_tower": N_("mage tower"),
    "city": N_("city"),
    "adventure": N_("adventure site"),
    "dungeon": N_("dungeon or tomb"),
    "monastery": N_("monastery burnt"),
    "other_keep": N_("another player's keep"),
    "other_mage_tower": N_("another player's mage tower"),
    "mine": N_("mine"),
}


def site_msgid(entry: dict) -> str:
    """What a fight or a conquest was fought at, as a message to translate: the city by its colour, else the
    site's few words (an unknown site: its id as it is)."""
    if entry.get("site") == "city" and entry.get("city") in CITY_NAMES:
        return CITY_NAMES[entry["city"]]
    return SITE_NAMES.get(entry.get("site") or "", entry.get("site") or "")


def is_runewars(setup: dict) -> bool:
    return (setup or {}).get("game") == "runewars"


def story(game_id: int, setup: dict, seed: str, events: Iterable[Event]) -> dict:
    """The story of the game whose log is ``events`` (the whole log: undo and redo are followed here)."""
    active, _undone, _status = walk(events)
    skipped: set[int] = set()
    while True:  # as the fold: an event whose reducer raises is left out and the replay starts again
        teller = _Teller(game_id, setup, seed)
        try:
            for ev in active:
                if ev.seq not in skipped:
                    teller.apply(ev, skipped)
        except _Again:
            continue
        return teller.result()


class _Again(Exception):
    """An event's reducer raised: the replay starts again without it."""


def _time(created: str) -> datetime | None:
    try:
        t = datetime.fromisoformat(created)
    except (TypeError, ValueError):
        return None
    return t if t.tzinfo is not None else None  # a time without its zone cannot be compared with another


def _seconds(start: str, end: str) -> int | None:
    a, b = _time(start), _time(end)
    if a is None or b is None:
        return None
    return max(0, int((b - a).total_seconds()))


def _whose_turn(state: dict) -> Any:
    try:
        return current(state)
    except (KeyError, TypeError, AttributeError, ValueError, IndexError):
        return None


class _Teller:
    """One replay of the log, noting the story as it goes."""

    def __init__(self, game_id: int, setup: dict, seed: str):
        self.state = copy.deepcopy(initial_state(game_id, setup, seed))
        self.runewars = is_runewars(setup)
        self.mage_lite = (setup or {}).get("game") == "mage_lite"
        self.start_fame = [p["fame"] for p in self.state["players"]]
        self.rounds: dict[int, dict] = {}  # round -> {"round", "time", "fame"}
        self.fights: list[dict] = []
        self.pvp: list[dict] = []
        self.conquests: list[dict] = []
        self.dummy_rounds: dict[int, dict] = {}
        self.turns: list[dict] = []
        self.started: dict[int, Event] = {}  # player -> the event their turn under way started at
        self._note_round()

    # ------------------------------------------------------------------------------------------ the replay

    def apply(self, ev: Event, skipped: set[int]) -> None:
        state = self.state
        before_turn = None if self.runewars else _whose_turn(state)
        ends_before = dict(state.get("turn_ends") or {})
        fight = self._fight_before(ev)
        try:
            apply_event(state, ev)
        except Refused:  # its payload check refused it: nothing changed, go on without it
            skipped.add(ev.seq)
            return
        except Exception as err:  # noqa: BLE001 - as the fold: start again without this event
            skipped.add(ev.seq)
            raise _Again from err
        if self.runewars:
            return
        if fight is not None:
            self._fight_after(ev, fight)
        if ev.type == "pvp.end":
            self._pvp(ev)
        if self.mage_lite and ev.type == "mage_lite.turn":  # seed 004: "After each of your turns ..."
            self._turn_end(0, ev)
            self.started[0] = ev
        if ev.type.startswith("dummy.") and state.get("dummy"):
            self._dummy(ev)
        ended = [int(p) for p, seq in (state.get("turn_ends") or {}).items()
                 if seq == ev.seq and ends_before.get(p) != seq]
        for who in ended:
            self._turn_end(who, ev)
        after_turn = _whose_turn(state)
        if isinstance(after_turn, int) and not isinstance(after_turn, bool) and (
                after_turn != before_turn or after_turn in ended):
            self.started[after_turn] = ev
        self._note_round()

    def _note_round(self) -> None:
        st = self.state
        if self.runewars:
            return
        self.rounds[int(st["round"])] = {"round": int(st["round"]), "time": st.get("time"),
                                         "fame": [int(p["fame"]) for p in st["players"]]}
        d = st.get("dummy")
        if d and int(st["round"]) in self.dummy_rounds:
            self.dummy_rounds[int(st["round"])]["crystals"] = dict(d.get("crystals") or {})

    # ------------------------------------------------------------------------------------------ fights

    def _fight_before(self, ev: Event) -> dict | None:
        """A ``combat.end``'s enemies, read before it clears the combat (its payload names only the defeated)."""
        if ev.type != "combat.end":
            return None
        cur = (self.state.get("combat") or {}).get("current")
        if not isinstance(cur, dict):
            return None
        try:
            enemies = [{"name": e.get("name") or "", "name_de": e.get("name_de") or None,
                        "defeated": bool(e.get("defeated"))} for e in mine(cur)]
        except (KeyError, TypeError, AttributeError):
            enemies = []
        return {"enemies": enemies, "round": int(self.state["round"])}

    def _fight_after(self, ev: Event, fight: dict) -> None:
        o = ev.payload.get("outcome") or {}
        who = int(o.get("player", 0))
        wounds = int(o.get("wounds_to_hand") or 0) + int(o.get("wounds_to_discard") or 0)
        enemies = fight["enemies"] or [{"name": n, "name_de": None, "defeated": True}
                                       for n in o.get("defeated") or []]
        won = bool(enemies) and all(e["defeated"] for e in enemies)
        site = o.get("fight")
        entry = {"seq": ev.seq, "round": fight["round"], "player": who, "name": self._name(who), "site": site,
                 "enemies": enemies, "won": won, "fame": int(o.get("fame") or 0),
                 "reputation": int(o.get("reputation") or 0), "wounds": wounds,
                 "units_wounded": len(o.get("units") or []), "knocked_out": bool(o.get("knocked_out")),
                 "conquered": bool(o.get("conquered")), "city": o.get("city")}
        self.fights.append(entry)
        if entry["conquered"] and site in CONQUEST_SITES:
            self.conquests.append({"seq": ev.seq, "round": fight["round"], "player": who, "name": entry["name"],
                                   "site": site, "city": o.get("city"), "level": o.get("level")})

    def _pvp(self, ev: Event) -> None:
        o = ev.payload.get("outcome") or {}
        sides = [{"player": int(s["player"]), "name": self._name(int(s["player"])), "fame": int(s.get("fame") or 0),
                  "wounds": int(s.get("wounds") or 0)} for s in o.get("players") or []]
        victor = o.get("victor") if o.get("ended") == "retreat" else None
        self.pvp.append({"seq": ev.seq, "round": int(self.state["round"]), "aggressor": sides[0] if sides else None,
                         "defender": sides[1] if len(sides) > 1 else None,
                         "victor": None if victor is None else int(victor),
                         "victor_name": None if victor is None else self._name(int(victor))})

    # ------------------------------------------------------------------------------------------ the Dummy

    def _dummy(self, ev: Event) -> None:
        st, d = self.state, self.state["dummy"]
        r = int(st["round"])
        entry = self.dummy_rounds.setdefault(r, {"round": r, "time": st.get("time"), "turns": [], "cards": 0,
                                                 "announced_by": None, "announced_name": None,
                                                 "crystals": {}})
        if ev.type == "dummy.turn" and isinstance(d.get("last"), dict):
            n = int(d["last"].get("count") or 0)
            entry["turns"].append(n)
            entry["cards"] += n
        if d.get("announced") and entry["announced_by"] is None:
            by = d.get("announced_by")
            entry["announced_by"] = by
            entry["announced_name"] = by if by == DUMMY or by is None else self._name(int(by))
        entry["crystals"] = dict(d.get("crystals") or {})

    # ------------------------------------------------------------------------------------------ turns

    def _turn_end(self, who: int, ev: Event) -> None:
        start = self.started.pop(who, None)
        self.turns.append({"player": who, "name": self._name(who), "round": int(self.state["round"]),
                           "start_seq": start.seq if start else None, "end_seq": ev.seq,
                           "started": start.created if start else None, "ended": ev.created or None,
                           "seconds": _seconds(start.created, ev.created) if start else None})

    def _name(self, who: int) -> str:
        players = self.state["players"]
        return players[who]["name"] if 0 <= who < len(players) else "?"

    # ------------------------------------------------------------------------------------------ the result

    def result(self) -> dict:
        st = self.state
        players = [{"index": i, "name": p["name"], "hero": p.get("hero")} for i, p in enumerate(st["players"])]
        if self.runewars:
            battles = [_battle(b, st) for b in (st.get("runewars") or {}).get("battles") or []]
            return {"kind": "runewars", "over": False, "round": None, "players": players, "fame_by_round": [],
                    "fights": [], "pvp": [], "conquests": [], "dummy": None, "turns": [], "turn_times": [],
                    "battles": battles}
        over = _over(st)
        verdict = None
        if self.mage_lite:  # seed 004: the game ends with its verdict, won or lost
            verdict = (st.get("mage_lite") or {}).get("over") or None
            over = bool(verdict)
        now = int(st["round"])
        fame = [{"round": 0, "time": None, "fame": list(self.start_fame), "complete": True}]
        fame += [{**self.rounds[r], "complete": r < now or over} for r in sorted(self.rounds)]
        return {
            "kind": "mage_lite" if self.mage_lite else "mage_knight", "verdict": verdict, "over": over, "round": now, "players": players, "fame_by_round": fame,
            "fights": self.fights, "pvp": self.pvp, "conquests": self.conquests,
            "dummy": ({"rounds": [self.dummy_rounds[r] for r in sorted(self.dummy_rounds)]}
                      if st.get("dummy") else None),
            "turns": self.turns, "turn_times": _turn_times(players, self.turns), "battles": [],
        }


def _over(state: dict) -> bool:
    """The game is over: the scenario's end (``scenario_end.status``) or the final score recorded."""
    if state.get("finished"):
        return True
    try:
        st = status(state)
    except (KeyError, TypeError, AttributeError, ValueError, IndexError):
        return False
    return bool(st and st["phase"] == "over")


def _turn_times(players: list[dict], turns: list[dict]) -> list[dict]:
    """Each player's turns: how many, the seconds of those with a time (total, longest, average)."""
    out = []
    for p in players:
        mine_ = [t for t in turns if t["player"] == p["index"]]
        timed = [t["seconds"] for t in mine_ if t["seconds"] is not None]
        out.append({"player": p["index"], "name": p["name"], "turns": len(mine_), "timed": len(timed),
                    "seconds": sum(timed), "longest": max(timed) if timed else None,
                    "average": round(sum(timed) / len(timed)) if timed else None})
    return out


def _battle(b: dict, state: dict) -> dict:
    """A finished Runewars battle as the story lists it (``runewars.battle_end``)."""
    def side(who: Any) -> str:
        players = state["players"]
        if isinstance(who, int) and not isinstance(who, bool) and 0 <= who < len(players):
            return players[who]["name"]
        return str(who)

    winner = b.get("winner")
    return {"no": b.get("no"), "area": b.get("area"), "attacker": b.get("attacker"),
            "attacker_name": side(b.get("attacker")), "defender": b.get("defender"),
            "defender_name": side(b.get("defender")), "winner": winner,
            "winner_name": side(b.get(winner)) if winner in ("attacker", "defender") else None,
            "strength": dict(b.get("strength") or {}), "survivors": dict(b.get("survivors") or {})}
