"""The flow of a Round for every game: Tactic selection, the Round order from the Tactic numbers,
whose turn it is, the End of the Round and the last turns (Rulebook, "A Round" 3 and 4, "End of the Round").

Its data lives in ``state["rounds"]`` and belongs to one Round (``round``): when the round tracker moves on
(``round.next``, or the Dummy player's ``dummy.new_round``) the flow starts again with Tactic selection.

``picks``         {player index: tactic id} this Round
``turn``          index into ``state["round_order"]`` of whoever plays now
``announced_by``  the player who announced the End of the Round (None before)
``last_turns``    the players who still have their one last turn, in Round order
``over``          every last turn was taken: the next Round can begin

A game with a Dummy player (solo and Full/Blitz Cooperation) keeps the Dummy's own flow (``companion.game.dummy``):
its Tactic (drawn first in Full Cooperation, taken after the players in Solo Conquest), its turns and its
announcement stay there. Here the players pick their Tactics one by one in the rulebook's order; the last pick
hands all picks to the Dummy's ``dummy.tactics`` reducer (same payload as the Dummy page's form), and a player's
"turn over" and "announce" are the Dummy's own ``dummy.pass`` and ``dummy.player_announced`` events. Whose turn it is
comes from the Dummy's pointer then. No Flask, no database.
"""

from __future__ import annotations

import copy
import secrets
from typing import Any, Mapping

from ..rules.data import get_rules
from ..rules.rounds import last_turns, order_by_tactics, tactic_pick_order
from ..rules.text import N_
from ..state import REDUCERS, Event, reducer
from .command import Command, Invalid, command
from .fields import flag, ident, player_index
from .sentences import name_arg, sentence

SCOPE = ("rounds", "round_order")
DUMMY = "dummy"


# ---------------------------------------------------------------------------------------------- queries

def fresh(state: dict) -> dict:
    return {"round": state["round"], "picks": {}, "turn": 0, "announced_by": None, "last_turns": [], "over": False}


def flow(state: dict) -> dict:
    """This Round's flow (read only): a fresh one once the round tracker moved on."""
    r = state.get("rounds")
    if r and r.get("round") == state["round"]:
        return r
    return fresh(state)


def _own(state: dict) -> dict:
    r = flow(state)
    state["rounds"] = r
    return r


def dummy_of(state: dict) -> dict | None:
    return state.get("dummy") or None


def _dummy_rule(state: dict) -> str | None:
    from .dummy.common import tactic_rule

    return tactic_rule(state)


def needs_dummy(state: dict) -> bool:
    """The game is played with a Dummy player (a solo game, or the scenario says so: Full and Blitz Cooperation)
    but it is not set up yet: its page sets it up, and its Tactic rule decides who picks first."""
    if dummy_of(state) is not None:
        return False
    from .dummy.common import scenario

    sc = scenario(state)
    return state["game"].get("mode") == "solo" or bool(sc is not None and getattr(sc, "dummy", False))


def tactics_done(state: dict) -> bool:
    d = dummy_of(state)
    if d is not None:
        return bool(d.get("player_tactics"))
    return bool(state["players"]) and len(flow(state)["picks"]) >= len(state["players"])


def pick_order(state: dict) -> list[int]:
    """Every player in the order they pick their Tactic this Round (Rulebook, A Round 3a)."""
    fame = {i: p["fame"] for i, p in enumerate(state["players"])}
    previous = [x for x in state.get("round_order") or [] if x != DUMMY]
    return list(tactic_pick_order(fame, previous))


def next_picker(state: dict) -> Any:
    """Who takes a Tactic now: a player index, "dummy" (Full Cooperation: it draws first), or None (all done)."""
    if tactics_done(state):
        return None
    d = dummy_of(state)
    if d is not None and not d.get("tactic"):
        from ..rules import dummy as drules

        if _dummy_rule(state) == drules.COOPERATIVE:
            return DUMMY
    picks = flow(state)["picks"]
    for i in pick_order(state):
        if str(i) not in picks:
            return i
    return None


def tactic_cards(state: dict) -> list[Any]:
    """The Tactic cards of this Round on display (Day or Night; in a Dummy game without those removed)."""
    d = dummy_of(state)
    if d is not None:
        from .dummy.common import available_tactics

        return [t for t in available_tactics(state) if t.id != d.get("tactic")]
    return [t for t in get_rules().tactics if t.time == state["time"]]


def available(state: dict) -> list[Any]:
    taken = set(flow(state)["picks"].values())
    return [t for t in tactic_cards(state) if t.id not in taken]


def phase(state: dict) -> str | None:
    """"tactics", "turns" or "over" (every last turn taken); None in a game without players."""
    if not state.get("players"):
        return None
    if not tactics_done(state):
        return "tactics"
    d = dummy_of(state)
    if d is not None:
        from .dummy.turns import round_running

        return "turns" if round_running(state, d) else "over"
    return "over" if flow(state)["over"] else "turns"


def current(state: dict) -> Any:
    """Whoever plays now (a player index or "dummy"); None during Tactic selection or after the Round."""
    if phase(state) != "turns":
        return None
    order = state.get("round_order") or []
    if not order:
        return None
    d = dummy_of(state)
    if d is not None:
        from .dummy.common import current as dummy_current

        return dummy_current(state, d)
    r = flow(state)
    if r["announced_by"] is not None:
        return r["last_turns"][0] if r["last_turns"] else None
    return order[r["turn"] % len(order)]


def announced_by(state: dict) -> Any:
    d = dummy_of(state)
    if d is not None:
        return d.get("announced_by") if d.get("announced") else None
    return flow(state)["announced_by"]


def tactic_of(state: dict, who: Any) -> Any:
    """The Tactic card ``who`` holds this Round (None before they picked)."""
    d = dummy_of(state)
    if who == DUMMY:
        tid = (d or {}).get("tactic")
    else:
        tid = flow(state)["picks"].get(str(who)) or ((d or {}).get("player_tactics") or {}).get(str(who))
    for t in get_rules().tactics:
        if t.id == tid:
            return t
    return None


def now(state: dict) -> dict | None:
    """What every phone shows: the phase, who acts now, and this Round's Tactics and order."""
    try:
        ph = phase(state)
    except (KeyError, TypeError, AttributeError, ValueError):
        return None
    if ph is None:
        return None
    waiting = ph == "tactics" and needs_dummy(state)
    who = None if waiting else next_picker(state) if ph == "tactics" else current(state)
    by = announced_by(state)
    last = by is not None and who is not None and who != by and ph == "turns"
    return {
        "phase": ph,
        "who": who,
        "name": who_name(state, who),
        "last_turn": last,
        "announced_by": by,
        "announced_name": who_name(state, by),
        "pick_order": pick_order(state),
        "tactics": {i: tactic_of(state, i) for i in range(len(state["players"]))},
        "dummy_tactic": tactic_of(state, DUMMY) if dummy_of(state) is not None else None,
        "available": available(state) if ph == "tactics" else [],
        "has_dummy": dummy_of(state) is not None,
        "needs_dummy": waiting,
        "final": _final_round(state),
    }


def _final_round(state: dict) -> bool:
    """This is the scenario's last Round (Rulebook, A Round 5a: "if the Round limit is reached, the game is over")."""
    from .trackers import day_night_order

    total = len(day_night_order(state))
    return bool(total) and state["round"] >= total


def who_name(state: dict, who: Any) -> str | None:
    if who is None:
        return None
    if who == DUMMY:
        return DUMMY
    return state["players"][int(who)]["name"]


# ---------------------------------------------------------------------------------------------- reducers

@reducer("round.tactic")
def _tactic(state: dict, p: dict, ev: Event) -> None:
    r = _own(state)
    r["picks"][str(int(p["player"]))] = p["tactic"]
    if "dummy" in p and state.get("dummy"):
        REDUCERS["dummy.tactics"](state, p["dummy"], ev)
        r["turn"] = 0
    elif p.get("numbers"):
        state["round_order"] = list(order_by_tactics({int(k): int(v) for k, v in p["numbers"].items()}))
        r["turn"] = 0


@reducer("round.turn_end")
def _turn_end(state: dict, p: dict, ev: Event) -> None:
    r = _own(state)
    order = state["round_order"]
    who = int(p["player"])
    if r["announced_by"] is not None:
        r["last_turns"] = [x for x in r["last_turns"] if x != who]
        if r["last_turns"]:
            r["turn"] = order.index(r["last_turns"][0])
        else:
            r["over"] = True
    else:
        r["turn"] = (order.index(who) + 1) % len(order)


@reducer("round.announce")
def _announce(state: dict, p: dict, ev: Event) -> None:
    """Rulebook, A Round 4b: the announcer forfeits their turn; "each other player takes one last turn"."""
    r = _own(state)
    r["announced_by"] = int(p["player"])
    r["last_turns"] = [int(x) for x in p["last_turns"]]
    if r["last_turns"]:
        r["turn"] = state["round_order"].index(r["last_turns"][0])
    else:
        r["over"] = True


# ---------------------------------------------------------------------------------------------- commands


def _tactic_arg(t: Any) -> dict:
    return name_arg(t.name, t.name_de)


@command("round_tactic")
def cmd_tactic(state: dict, data: Mapping[str, Any]) -> Command:
    """Rulebook, A Round 3: each player chooses one Tactic card, the lowest Fame first (a tie: the lower Round
    Order token first); once all have chosen, the Round order follows the Tactic numbers, lowest first."""
    if not state.get("players"):
        raise Invalid(N_("This game has no players."))
    if tactics_done(state):
        raise Invalid(N_("Every player has a Tactic this round."))
    if needs_dummy(state):
        raise Invalid(N_("Set up the Dummy player first."))
    who = next_picker(state)
    if who == DUMMY:
        raise Invalid(N_("The Dummy player takes its Tactic first."))
    i = player_index(state, data)
    if i != who:
        raise Invalid(N_("It is %(name)s's turn to pick a Tactic: the lowest Fame picks first."),
                      name=who_name(state, who))
    tid = ident(data, "tactic")
    cards = {t.id: t for t in available(state)}
    if tid not in cards:
        raise Invalid(N_("That Tactic is not available."))
    t = cards[tid]
    picks = dict(flow(state)["picks"])
    picks[str(i)] = tid
    payload: dict[str, Any] = {"player": i, "tactic": tid}
    scope = SCOPE
    complete = len(picks) == len(state["players"])
    name = state["players"][i]["name"]
    if complete:
        numbers = {t.id: t.number for t in get_rules().tactics}
        payload["numbers"] = {k: numbers[v] for k, v in picks.items()}
        d = dummy_of(state)
        if d is not None:
            payload["dummy"] = _dummy_payload(state, d, picks)
            scope = SCOPE + ("dummy",)
        s = sentence(N_("%(name)s takes the Tactic %(tactic)s (%(n)d); every Tactic is chosen and the round order "
                        "is set."), name=name, tactic=_tactic_arg(t), n=t.number)
    else:
        s = sentence(N_("%(name)s takes the Tactic %(tactic)s (%(n)d)."), name=name, tactic=_tactic_arg(t),
                     n=t.number)
    return Command("round.tactic", payload, s, scope)


def _dummy_payload(state: dict, d: dict, picks: dict[str, str]) -> dict:
    """The Dummy page's ``dummy.tactics`` payload for these picks, checked on a copy by its raw reducer (Solo
    Conquest: the Dummy then takes a random one of the rest)."""
    from ..rules import dummy as drules
    from .dummy.common import RAW_REDUCERS, available_tactics

    rule = _dummy_rule(state)
    numbers = {t.id: t.number for t in available_tactics(state)}
    if rule == drules.SOLO and not set(numbers) - set(picks.values()):
        raise Invalid(N_("No Tactic card is left for the Dummy player."))
    payload = {"players": picks, "rule": rule, "numbers": numbers, "available": sorted(numbers)}
    try:
        RAW_REDUCERS["dummy.tactics"](copy.deepcopy(state), payload,
                                      Event(seq=0, type="dummy.tactics", payload=payload, sentence={}))
    except (ValueError, KeyError, TypeError, AttributeError) as err:
        raise Invalid(N_("The Dummy player cannot do that: %(reason)s"), reason=str(err)) from err
    return payload


def _acting_player(state: dict, data: Mapping[str, Any]) -> int:
    """The player whose turn it is now (the form names them, so a late tap from another phone is refused)."""
    ph = phase(state)
    if ph == "tactics":
        raise Invalid(N_("Choose the Tactics of this round first."))
    if ph == "over":
        raise Invalid(N_("The round is over: start the next round."))
    i = player_index(state, data)
    who = current(state)
    if who == DUMMY:
        raise Invalid(N_("It is the Dummy player's turn."))
    if who != i:
        raise Invalid(N_("It is %(name)s's turn, not %(other)s's."), name=who_name(state, who) or "-",
                      other=state["players"][i]["name"])
    return i


@command("round_end_turn")
def cmd_end_turn(state: dict, data: Mapping[str, Any]) -> Command:
    """Rulebook, A Round 4a: players take their turns in Round order; after the last player, the first plays
    again. Once the End of the Round was announced, each turn over is one of the last turns."""
    i = _acting_player(state, data)
    name = state["players"][i]["name"]
    if dummy_of(state) is not None:
        from .dummy.turns import cmd_pass

        return cmd_pass(state, data)
    if flow(state)["announced_by"] is not None:
        s = sentence(N_("%(name)s's last turn of the round is over."), name=name)
    else:
        s = sentence(N_("%(name)s's turn is over."), name=name)
    return Command("round.turn_end", {"player": i}, s, SCOPE)


@command("round_announce")
def cmd_announce(state: dict, data: Mapping[str, Any]) -> Command:
    """Rulebook, A Round 4b and End of the Round: "If a player's Deed deck is empty at the start of their turn,
    that player may announce the End of the Round instead of playing their turn. If they do, each other player
    takes one last turn and then the Round ends." The app never sees the cards: the player confirms the empty
    Deed deck (``deck_empty``)."""
    i = _acting_player(state, data)
    if announced_by(state) is not None:
        raise Invalid(N_("The End of the Round was already announced."))
    if not flag(data, "deck_empty"):
        raise Invalid(N_("You may only announce the End of the Round when your Deed deck is empty at the start of "
                         "your turn."))
    name = state["players"][i]["name"]
    if dummy_of(state) is not None:
        from .dummy.turns import cmd_player_announced

        return cmd_player_announced(state, {"player": i})
    others = last_turns(state["round_order"], i)
    s = sentence(N_("%(name)s announces the End of the Round: every other player takes one last turn."), name=name)
    return Command("round.announce", {"player": i, "last_turns": list(others)}, s, SCOPE)


@command("round_order_random")
def cmd_random_order(state: dict, data: Mapping[str, Any]) -> Command:
    """Rulebook, Game Setup 2: "Determine the order in which players choose their Heroes" - here at random; the
    Round Order tokens lie in that order, so the first Round's Tactics are picked from its end."""
    if state["round"] != 1 or flow(state)["picks"] or tactics_done(state):
        raise Invalid(N_("The order of the players is drawn before the first Tactic is chosen."))
    order = list(range(len(state["players"])))
    if len(order) < 2:
        raise Invalid(N_("There is only one player."))
    secrets.SystemRandom().shuffle(order)
    names = ", ".join(state["players"][o]["name"] for o in order)
    s = sentence(N_("The order of the players is drawn: %(names)s."), names=names)
    return Command("round.order", {"order": order}, s, ("round_order",))
