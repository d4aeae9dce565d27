"""The outcome of a finished PvP fight (Rulebook PvP Combat Outcome 1-2): Fame for the victor, Wounds into each
hero's hand, units wounded, artifacts stolen, who retreated; recorded as one undoable ``pvp.end`` event."""

from __future__ import annotations

import copy
from typing import Any, Mapping

from ...rules.combat.enemies import name_list
from ...rules.data import get_rules
from ...rules.progression import change_fame
from ...rules.pvp.fight import pvp_fame
from ...rules.text import N_, Name, T, Tn
from ...state import player, reducer
from ..spine.command import Command, command
from ..spine.fields import flag
from ..spine.sentences import sentence
from .fight import Fight, Side, refuse, replay, sides_of, uid_of
from .parse import Setup, parse_setup


def lines_json(lines) -> list:
    """Explanation lines as stored in an event payload (JSON), translatable when shown (``|tr``)."""
    return [line.to_json() if isinstance(line, T) else line for line in lines]


def outcome(sides: Mapping[int, Side], a: int, d: int, keep: bool, wall: bool, fight: Fight) -> dict:
    """What the finished fight changes in the game, with the rules that say so."""
    trace = []
    fame = {a: 0, d: 0}
    if fight.ended == "retreat":
        v, lo = sides[fight.victor], sides[fight.retreated]
        gain, why = pvp_fame(v.level, v.fame, lo.level, lo.fame)
        fame[v.index] = gain
        trace.append(T("Rulebook PvP Combat Outcome 1: %(loser)s was forced to retreat, %(victor)s is victorious "
                       "(level %(vlevel)d, %(vfame)d Fame against level %(llevel)d, %(lfame)d Fame)", loser=lo.name,
                       victor=v.name, vlevel=v.level, vfame=v.fame, llevel=lo.level, lfame=lo.fame))
        trace.extend(why)
    else:
        trace.append(T("Rulebook PvP Combat Outcome 2: a draw, no one gains Fame; the aggressor withdraws"))
    players = []
    for i in (a, d):
        s = sides[i]
        hand = fight.hand_wounds.get(i, 0)
        ko = hand >= s.hand_limit
        if hand:
            if ko:
                trace.append(Tn("Rulebook PvP Ranged and Siege 5b: %(name)s takes %(n)d Wound into the hand; %(n)d "
                                ">= hand limit %(limit)d: knocked out (Assign Damage 5c)",
                                "Rulebook PvP Ranged and Siege 5b: %(name)s takes %(n)d Wounds into the hand; %(n)d "
                                ">= hand limit %(limit)d: knocked out (Assign Damage 5c)", "n", name=s.name, n=hand,
                               limit=s.hand_limit))
            else:
                trace.append(Tn("Rulebook PvP Ranged and Siege 5b: %(name)s takes %(n)d Wound into the hand",
                                "Rulebook PvP Ranged and Siege 5b: %(name)s takes %(n)d Wounds into the hand", "n",
                               name=s.name, n=hand))
        names = {uid_of(u.id): u.name for u in s.units}
        labels = {uid_of(u.id): Name(u.name, u.name_de or None) for u in s.units}
        uids = fight.units_wounded.get(i, [])
        if uids:
            trace.append(T("Rulebook PvP Ranged and Siege 5a: %(name)s's units wounded: %(units)s", name=s.name,
                           units=name_list([labels.get(u, str(u)) for u in uids])))
        if fight.artifacts_lost.get(i):
            trace.append(Tn("Rulebook PvP Melee 2a: %(n)d artifact stolen from %(name)s",
                            "Rulebook PvP Melee 2a: %(n)d artifacts stolen from %(name)s", "n",
                           n=fight.artifacts_lost[i], name=s.name))
        players.append({"player": i, "name": s.name, "fame": fame[i], "wounds": hand, "knocked_out": ko,
                        "units": [{"uid": int(u), "name": names.get(u, "?"),
                                   "name_de": labels[u].de if u in labels else None} for u in uids],
                        "artifacts_lost": fight.artifacts_lost.get(i, 0)})
    return {"aggressor": a, "defender": d, "keep": keep, "wall": wall, "ended": fight.ended,
            "victor": fight.victor, "retreated": fight.retreated, "players": players,
            "explanation": lines_json(trace)}


@reducer("pvp.end")
def _end(state, p, ev):
    o = p["outcome"]
    levels = get_rules().levels
    summary = []
    for side in o["players"]:
        pl = player(state, side["player"])
        before = {"fame": pl["fame"], "wounds": pl["wounds"]}
        pl["fame"] = max(0, pl["fame"] + int(side["fame"]))
        pl["wounds"] = max(0, pl["wounds"] + int(side["wounds"]))
        hurt = {int(u["uid"]) for u in side["units"]}
        for u in pl["units"]:
            if u["uid"] in hurt:
                u["wounded"] = True
                u["wound_cards"] = int(u.get("wound_cards") or 0) + 1
        # Rulebook End of the Turn 6: a new level (and its reward) applies at the end of the turn
        ch = change_fame(levels, before["fame"], pl["fame"] - before["fame"])
        summary.append({**copy.deepcopy(side), "before": before,
                        "after": {"fame": pl["fame"], "wounds": pl["wounds"]},
                        "level": {"before": ch.before.level, "after": ch.after.level}})
    state.setdefault("pvp", {})["last"] = {**copy.deepcopy(o), "players": summary, "seq": ev.seq}
    if o.get("defender_fully_attended"):  # older events: not recorded, so no token flip (round_tokens.py)
        state["pvp"].setdefault("attended", []).append({"player": o["defender"], "seq": ev.seq})


def end_command(state: dict, setup: Setup | None) -> Command:
    """The ``pvp.end`` event of the fight ``setup`` describes, once it is over (refused before)."""
    if setup is None:
        refuse(N_("Choose the aggressor and the defender first."))
    sides = sides_of(state, setup.a, setup.d)
    fight = replay(sides, setup.a, setup.d, setup.keep, setup.wall, setup.log)
    if not fight.ended:
        refuse(N_("The fight is not over yet: it ends with a forced retreat or when both players pass in "
                  "succession in the Melee phase."))
    o = outcome(sides, setup.a, setup.d, setup.keep, setup.wall, fight)
    wounds = "; ".join(f"{p['name']} {p['wounds']}" for p in o["players"])
    if o["ended"] == "retreat":
        s = sentence(N_("Player versus Player: %(loser)s is forced to retreat, %(winner)s gains %(fame)d Fame. "
                        "Wounds: %(wounds)s."), loser=sides[o["retreated"]].name, winner=sides[o["victor"]].name,
                     fame=next(p["fame"] for p in o["players"] if p["player"] == o["victor"]), wounds=wounds)
    else:
        s = sentence(N_("Player versus Player: %(a)s against %(d)s ends in a draw. Wounds: %(wounds)s."),
                     a=sides[setup.a].name, d=sides[setup.d].name, wounds=wounds)
    return Command("pvp.end", {"outcome": o, "log": setup.log}, s,
                   ("pvp", f"player:{setup.a}", f"player:{setup.d}"))


@command("pvp_end")
def cmd_end(state: dict, data: Mapping[str, Any]) -> Command:
    """Record the outcome of a finished fight: ``a`` aggressor, ``d`` defender, ``site``, ``wall`` and ``log``
    (the steps, as the PvP page carries them)."""
    if len(state["players"]) < 2:
        refuse(N_("Choose the aggressor and the defender first."))
    cmd = end_command(state, parse_setup(data, state))
    # Rulebook, PvP 3a: the defender who fully attended the combat misses their next turn (its token flips)
    cmd.payload["outcome"]["defender_fully_attended"] = flag(data, "fully_attended")
    return cmd
