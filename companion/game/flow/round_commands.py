"""The Round flow's commands (Rulebook, A Round 3 and 4): a Tactic picked, a turn over, the End of the Round
announced, the order of the players drawn. Their queries are ``companion.game.flow.round_state``, their reducers
``companion.game.flow.rounds``; in a game with a Dummy player a turn over and an announcement are the Dummy's commands
(``companion.game.dummy.turns``). Once the game is over each is refused by its registered check
(``companion.game.flow.scenario_end.OVER_REFUSED``)."""

from __future__ import annotations

import copy
import secrets
from typing import Any, Mapping

from ...rules import dummy as drules
from ...rules.data import get_rules
from ...rules.rounds import last_turns
from ...rules.text import N_
from ...state import Event
from ..dummy.common import RAW_REDUCERS
from ..dummy.turns import cmd_pass, cmd_player_announced
from ..spine.command import Command, Invalid, NeedsConfirm, check, command
from ..spine.fields import flag, ident, player_index
from ..spine.payloads import needs_at_record
from ..spine.sentences import name_arg, sentence
from .round_state import (announced_by, available, available_tactics, current, dummy_last_turn_due,
                          dummy_of, flow, needs_dummy, next_picker, phase, pick_order, tactic_rule, tactics_done,
                          who_name)
from .round_tokens import missed_turn_sentence, refuse_announce
from .scenario_info import DUMMY

SCOPE = ("rounds", "round_order")

# ---------------------------------------------------------------------------------------------- commands


def _tactic_arg(t: Any) -> dict:
    return name_arg(t.name, t.name_de)


def tactic_open(state: dict, p: dict | None = None) -> None:
    """A Tactic can be chosen now."""
    if not state.get("players"):
        raise Invalid(N_("This game has no players."))
    if tactics_done(state):
        raise Invalid(N_("Every player has a Tactic this round."))
    if needs_dummy(state):
        raise Invalid(N_("Set up the Dummy player first."))


def picker_now(state: dict) -> Any:
    """Who chooses a Tactic now (a player's index), or ``Invalid``: the Tactics are open, not announced over, and
    it is not the Dummy player's turn to take one."""
    tactic_open(state)
    if (dummy_of(state) or {}).get("announced"):
        raise Invalid(N_("The End of the Round was already announced: this round's Tactics can no longer be "
                         "chosen."))
    who = next_picker(state)
    if who == DUMMY:
        raise Invalid(N_("The Dummy player takes its Tactic first."))
    return who


def picker_is(state: dict, i: int, who: Any) -> int:
    """Player ``i`` is the one who chooses now (``who``), or ``Invalid`` naming them."""
    if i != who:
        raise Invalid(N_("It is %(name)s's turn to pick a Tactic: the lowest Fame picks first."),
                      name=who_name(state, who))
    return i


def picks_tactic(state: dict, i: int, tid: str) -> tuple[Any, dict[str, str]]:
    """The Tactic ``tid`` is still available to player ``i``: the card and every pick with it, or ``Invalid``."""
    cards = {t.id: t for t in available(state)}
    if tid not in cards:
        raise Invalid(N_("That Tactic is not available."))
    picks = dict(flow(state)["picks"])
    picks[str(i)] = tid
    return cards[tid], picks


@needs_at_record("round.tactic")
def tactic_allowed(state: dict, p: dict) -> None:
    """The command's refusals of a Tactic, for its event where it is recorded (an import's too)."""
    _t, picks = picks_tactic(state, picker_is(state, p["player"], picker_now(state)), p["tactic"])
    d = dummy_of(state)
    if d is not None and len(picks) == len(state["players"]):
        _dummy_payload(state, d, picks)


@command("round_tactic")
def cmd_tactic(state: dict, data: Mapping[str, Any]) -> Command:
    """Rulebook, A Round 3: each player chooses one Tactic card, the lowest Fame first (a tie: the lower Round
    Order token first); once all have chosen, the Round order follows the Tactic numbers, lowest first."""
    i = picker_is(state, player_index(state, data), picker_now(state))
    t, picks = picks_tactic(state, i, ident(data, "tactic"))
    tid = t.id
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
    rule = tactic_rule(state)
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


def turns_running(state: dict) -> None:
    """The Round's turns are being played (its Tactics chosen, not over), or ``Invalid``."""
    ph = phase(state)
    if ph == "tactics":
        raise Invalid(N_("Choose the Tactics of this round first."))
    if ph == "over":
        raise Invalid(N_("The round is over: start the next round."))


def turn_of(state: dict, i: int) -> int:
    """Player ``i`` plays now, or ``Invalid`` naming whose turn it is."""
    who = current(state)
    if who == DUMMY:
        raise Invalid(N_("It is the Dummy player's turn."))
    if who != i:
        raise Invalid(N_("It is %(name)s's turn, not %(other)s's."), name=who_name(state, who) or "-",
                      other=state["players"][i]["name"])
    return i


def _acting_player(state: dict, data: Mapping[str, Any]) -> int:
    """The player whose turn it is now (the form names them, so a late tap from another phone is refused)."""
    turns_running(state)
    return turn_of(state, player_index(state, data))


@needs_at_record("round.turn_end")
def turn_end_allowed(state: dict, p: dict) -> None:
    """The command's refusals of a turn over, for its event where it is recorded (an import's too)."""
    turns_running(state)
    turn_of(state, p["player"])


def not_announced(state: dict) -> None:
    if announced_by(state) is not None:
        raise Invalid(N_("The End of the Round was already announced."))


def may_announce(state: dict, i: int) -> None:
    """Player ``i`` may announce the End of the Round now (their turn, not announced yet, their token not flipped
    back): the command's refusals that the state decides (the empty Deed deck is the player's word)."""
    turns_running(state)
    turn_of(state, i)
    not_announced(state)
    refuse_announce(state, i)


@needs_at_record("round.announce")
def announce_allowed(state: dict, p: dict) -> None:
    """The command's refusals of an announcement, for its event where it is recorded (an import's too)."""
    may_announce(state, p["player"])


@command("round_end_turn")
def cmd_end_turn(state: dict, data: Mapping[str, Any]) -> Command:
    """Rulebook, A Round 4a: players take their turns in Round order; after the last player, the first plays
    again. Once the End of the Round was announced, each turn over is one of the last turns."""
    i = _acting_player(state, data)
    name = state["players"][i]["name"]
    missed = missed_turn_sentence(state, i)
    if dummy_of(state) is not None:
        cmd = cmd_pass(state, data)
        return Command(cmd.type, cmd.payload, missed, cmd.scope) if missed else cmd
    if missed:
        s = missed
    elif flow(state)["announced_by"] is not None:
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
    turns_running(state)
    i = player_index(state, data)
    may_announce(state, i)
    if not flag(data, "deck_empty"):
        raise Invalid(N_("You may only announce the End of the Round when your Deed deck is empty at the start of "
                         "your turn."))
    name = state["players"][i]["name"]
    if dummy_of(state) is not None:
        return cmd_player_announced(state, {"player": i})
    others = last_turns(state["round_order"], i)
    s = sentence(N_("%(name)s announces the End of the Round: every other player takes one last turn."), name=name)
    return Command("round.announce", {"player": i, "last_turns": list(others)}, s, SCOPE)


def still_to_play(state: dict) -> list[Any]:
    """Who still has a turn in this Round (player indexes, "dummy"), whoever plays now first: while the turns run,
    everybody in the round order from the current player on (after the End of the Round was announced: those with a
    last turn still to take); while Tactics are chosen once one was, everybody. Empty when the Round is over or its
    flow is not followed (no Tactic chosen yet: a table that only moves the round tracker)."""
    ph = phase(state)
    order = list(state.get("round_order") or [])
    d = dummy_of(state)
    if ph == "tactics":
        started = flow(state)["picks"] or (d or {}).get("tactic")
        return pick_order(state) if started else []
    if ph != "turns" or not order:
        return []
    if d is not None:
        start = d.get("turn", 0) % len(order)
        if d.get("announced"):
            rest = [w for w in order[start:] + order[:start] if w != DUMMY][:int(d.get("last_turns_left") or 0)]
            return rest + ([DUMMY] if dummy_last_turn_due(d) else [])
    elif flow(state)["announced_by"] is not None:
        return list(flow(state)["last_turns"])
    else:
        start = flow(state)["turn"] % len(order)
    return order[start:] + order[:start]


@check("next_round")
def _refuse_round_still_played(state: dict, data: Mapping[str, Any]) -> None:
    """Rulebook, A Round 4-5: the Round ends once the End of the Round was announced and every other player took
    their last turn. Moving the round tracker on before that (a mis-tap during someone's turn) is refused, naming
    who still has a turn, unless the table confirms (``confirm``: true)."""
    if flag(data, "confirm"):
        return
    left = still_to_play(state)
    if left:
        names = ", ".join(who_name(state, w) if w != DUMMY else "Dummy" for w in left)
        raise NeedsConfirm(N_("Round %(round)d is not over, still to play: %(names)s. Start the next round only if the "
                              "table agrees."), round=state["round"], names=names)


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
