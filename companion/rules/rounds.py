"""The order of a Round (Rulebook, "A Round" 3 and 4; German rulebook, "Wählt eure Taktikkarten"). Pure maths.

- Who picks a Tactic first: "The player with the lowest Fame picks first, followed by the player with the second
  lowest Fame, etc. In case of a tie, the player whose Round Order token is in a lower position picks first."
  ("Bei Gleichstand ist derjenige zuerst an der Reihe, dessen Zugfolgeplättchen weiter unten liegt"; the summary:
  "Lowest Fame (the later in Round Order, if tied), goes first"). So in the first Round, where everybody has the
  same Fame, "the player who picked their Hero last chooses their Tactic card first".
- The Round order: "Rearrange the Round Order tokens according to the Tactic number of each player, such that the
  lowest Tactic number is on top (first)".
"""

from __future__ import annotations

from typing import Any, Hashable, Mapping, Sequence


def tactic_pick_order(fame: Mapping[Hashable, int], previous_order: Sequence[Hashable]) -> tuple:
    """Everybody in ``fame`` in the order they pick a Tactic: lowest Fame first; a tie goes to the one lower (later)
    in the previous Round order. Anybody missing from ``previous_order`` counts as below everyone in it."""
    position = {who: i for i, who in enumerate(previous_order)}
    return tuple(sorted(fame, key=lambda who: (fame[who], -position.get(who, len(previous_order)))))


def order_by_tactics(numbers: Mapping[Any, int]) -> tuple:
    """The Round order: lowest Tactic number first (two cannot hold the same Tactic)."""
    values = list(numbers.values())
    if len(set(values)) != len(values):
        raise ValueError("two participants cannot hold the same Tactic")
    return tuple(sorted(numbers, key=lambda who: numbers[who]))


def last_turns(order: Sequence[Any], announcer: Any) -> tuple:
    """After ``announcer`` announced the End of the Round, "each other player takes one last turn and then the
    Round ends": everybody else, in Round order, starting with the one after the announcer."""
    i = list(order).index(announcer)
    return tuple(order[(i + k) % len(order)] for k in range(1, len(order)))
