"""Combat with enemies, the outcome: Fame, Reputation, Shields and conquest (pure engine).

Rules: Rulebook "Combat Outcomes", "City Assaults"; the quick reference sheet (Keep, Mage Tower, Monastery, other
players' keeps).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from companion.rules.combat.enemies import CombatError, Enemy, _fmt, enemy_name
from companion.rules.text import T


# ------------------------------------------------------------------------------------------ outcome


@dataclass(frozen=True)
class Outcome:
    fame: int
    reputation: int
    shields: int  # city shields, in the order of ``defeated``
    conquered: bool
    explanation: tuple[str, ...]


ASSAULT_KINDS = ("none", "assault", "city", "other_players_keep", "burn_monastery", "adventure")


def combat_outcome(
    defeated: Sequence[Enemy],
    undefeated: Sequence[Enemy] = (),
    kind: str = "none",
) -> Outcome:
    """Fame and Reputation of a finished combat (Rulebook Combat Outcomes, Combat with Enemies 1,
    quick reference Keep/Monastery/Orcs/Draconum).

    ``kind``: none (rampaging enemies only), assault (keep or mage tower), city, other_players_keep (half
    Fame rounded up), burn_monastery, adventure. Summoned tokens are not passed here (they give no Fame).
    Reputation of rampaging enemies uses the token's pile colour: green (orc marauders) +1, red (draconum) +2.
    """
    if kind not in ASSAULT_KINDS:
        raise CombatError(f"kind must be one of {', '.join(ASSAULT_KINDS)}, got {kind!r}")
    trace = []
    fame = sum(e.fame for e in defeated)
    trace.append(T("Rulebook Ranged and Siege 5b: Fame of defeated enemies %(values)s = %(fame)d",
                   values=_fmt([e.fame for e in defeated]), fame=fame))
    if kind == "other_players_keep":
        keep_fame = sum(e.fame for e in defeated if not e.rampaging)
        half = math.ceil(keep_fame / 2)
        fame = fame - keep_fame + half
        trace.append(T("Quick reference, Keep: another player's keep gives half Fame (rounded up) for its defenders: "
                       "%(fame)d -> %(half)d", fame=keep_fame, half=half))
    rep = 0
    if kind in ("assault", "city", "other_players_keep"):
        rep -= 1
        trace.append(T("Rulebook Combat with Enemies 1a: every assault costs 1 Reputation, whatever the outcome"))
    if kind == "burn_monastery":
        rep -= 3
        trace.append(T("Rulebook Combat with Enemies 1c: burning a monastery costs 3 Reputation"))
    for e in defeated:
        if e.rampaging and e.color in ("green", "red"):
            gain = 1 if e.color == "green" else 2
            rep += gain
            if gain == 1:
                trace.append(T("Rulebook Combat Outcomes 2a: rampaging orc marauders %(enemy)s defeated, Reputation "
                               "+%(gain)d", enemy=enemy_name(e), gain=gain))
            else:
                trace.append(T("Rulebook Combat Outcomes 2a: rampaging draconum %(enemy)s defeated, Reputation "
                               "+%(gain)d", enemy=enemy_name(e), gain=gain))
    shields = 0
    if kind == "city":
        shields = sum(1 for e in defeated if not e.rampaging)
        trace.append(T("Rulebook Combat Outcomes 1a: one Shield on the City card per defeated defender: %(n)d",
                       n=shields))
    garrison_left = [e for e in undefeated if not e.rampaging]
    conquered = kind in ("assault", "city", "other_players_keep", "burn_monastery", "adventure") and not garrison_left
    if kind != "none":
        trace.append(T("Rulebook Combat Outcomes 2: all defenders defeated, site conquered") if conquered else
                     T("Rulebook Combat Outcomes 2: not all defenders defeated, site not conquered"))
    return Outcome(fame, rep, shields, conquered, tuple(trace))
