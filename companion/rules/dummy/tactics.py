"""Tactics with a Dummy player (Scenario Book, Solo Conquest and Full Cooperation, Special Rules) and the
round order (Rulebook, Round Order)."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

from ..text import T, Term
from .cards import SB_COOP_TACTICS, SB_SOLO_TACTICS


# --------------------------------------------------------------------------- tactics

SOLO = "solo"          # Solo Conquest (and every solo game: "use similar ... special rules")
COOPERATIVE = "cooperative"   # Full Cooperation, Blitz Cooperation ("all the rules ... of Full Cooperation")


def tactic_rule(mode: str) -> str | None:
    """Which tactic rules apply to the Dummy player in a game of this mode (None: no Dummy player)."""
    if mode == "solo":
        return SOLO
    if mode in ("coop", "cooperative"):
        return COOPERATIVE
    return None


@dataclass(frozen=True)
class TacticPick:
    tactic: Any
    explanation: tuple[str, ...]


def dummy_takes_tactic(rule: str, available: Sequence[Any], taken_by_players: Iterable[Any],
                       rng: random.Random) -> TacticPick:
    """Solo Conquest: "you always choose first. The Dummy player then takes one random card from those
    remaining." Full Cooperation: "the Dummy player takes a random Tactic first, then the players
    choose theirs" (so ``taken_by_players`` must be empty)."""
    taken = list(taken_by_players)
    if rule == SOLO:
        if not taken:
            raise ValueError("Solo Conquest: you choose your Tactic first, then the Dummy player takes one")
        source = T("%(rule)s: you choose first; the Dummy player takes a random one of the rest",
                   rule=Term(SB_SOLO_TACTICS))
    elif rule == COOPERATIVE:
        if taken:
            raise ValueError("Full Cooperation: the Dummy player takes its Tactic first")
        source = T("%(rule)s: the Dummy player takes a random Tactic first", rule=Term(SB_COOP_TACTICS))
    else:
        raise ValueError(f"unknown tactic rule {rule!r}")
    rest = [t for t in available if t not in taken]
    if not rest:
        raise ValueError("no Tactic card is left for the Dummy player")
    pick = rng.choice(rest)
    return TacticPick(pick, (source,))


@dataclass(frozen=True)
class TacticsRemoved:
    removed: tuple[Any, ...]
    explanation: tuple[str, ...]


def tactics_removed_at_round_end(rule: str, dummy_tactic: Any, player_tactics: Sequence[Any],
                                 chosen: Any = None, final_day_or_night: bool = False) -> TacticsRemoved:
    """Which Tactic cards leave the game at the end of a Day or Night.

    Solo Conquest: "remove both used Tactic cards from the game". Full Cooperation: "agree and remove one
    of the Tactics used by the players (not the Dummy player) from the game. This does not matter on the
    last day and the last night." ``chosen`` is the players' pick."""
    if rule == SOLO:
        removed = tuple(t for t in (*player_tactics, dummy_tactic) if t is not None)
        return TacticsRemoved(removed, (T("%(rule)s: at the end of each Day or Night both used "
                                          "Tactic cards are removed from the game", rule=Term(SB_SOLO_TACTICS)),))
    if rule == COOPERATIVE:
        if final_day_or_night:
            return TacticsRemoved((), (T("%(rule)s: on the last Day and the last Night no Tactic "
                                         "needs to be removed", rule=Term(SB_COOP_TACTICS)),))
        if chosen is None:
            raise ValueError("choose which of the players' Tactics leaves the game")
        if chosen not in player_tactics:
            raise ValueError("only a Tactic used by a player (not the Dummy player's) can be removed")
        return TacticsRemoved((chosen,), (T("%(rule)s: the players remove one of their used "
                                            "Tactics (not the Dummy player's) from the game",
                                            rule=Term(SB_COOP_TACTICS)),))
    raise ValueError(f"unknown tactic rule {rule!r}")


@dataclass(frozen=True)
class RoundOrder:
    order: tuple[Any, ...]
    explanation: tuple[str, ...]


def round_order(tactic_numbers: Mapping[Any, int]) -> RoundOrder:
    """"Arrange the Round Order tokens by the Tactic numbers, as usual" - lowest number first
    (Rulebook, Prepare the Round 3c; Scenario Book, Dummy Player, When picking Tactics)."""
    numbers = list(tactic_numbers.values())
    if len(set(numbers)) != len(numbers):
        raise ValueError("two participants cannot hold the same Tactic")
    order = tuple(sorted(tactic_numbers, key=lambda who: tactic_numbers[who]))
    return RoundOrder(order, (T("Rulebook, Round Order: arranged by Tactic numbers, lowest first; the Dummy "
                                "player does not benefit from its Tactic, it only sets when it plays"),))


