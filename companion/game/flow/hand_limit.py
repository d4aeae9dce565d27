"""The Hand limit for this draw (Rulebook, End of the Turn 5b): where the hero draws (by their keep, by a city with
their Shield or as its leader), recorded per player so every phone shows the same limit. No Flask."""

from __future__ import annotations

from ...rules.data import get_rules
from ...rules.progression import hand_limit_for_draw, standing
from ...rules.text import N_
from ...state import player, reducer
from ..spine.command import Command, command
from ..spine.fields import choice, flag, player_index
from ..spine.sentences import sentence


@reducer("player.position")
def _position(state, p, ev):
    pl = player(state, p["player"])
    pl["position"] = {"near_keep": bool(p.get("near_keep")), "city": p.get("city") or "none"}


@command("position")
def cmd_position(state, data) -> Command:
    """Where the hero draws cards this turn, for the Hand limit (Rulebook, End of the Turn 5b): on or next to a
    keep the player owns; on or next to a conquered city with the player's Shield token (or as its leader)."""
    i = player_index(state, data)
    near_keep = flag(data, "near_keep")
    city = choice(data, "city", ("none", "shield", "leader"), default="none")
    pl = state["players"][i]
    msgs = {"none": N_("not by a city"), "shield": N_("by a city with their Shield"),
            "leader": N_("by a city they lead")}
    s = sentence(N_("%(name)s draws %(keep)s, %(city)s."), translate=("keep", "city"), name=pl["name"],
                 keep=N_("by their keep") if near_keep else N_("not by their keep"), city=msgs[city])
    return Command("player.position", {"player": i, "near_keep": near_keep, "city": city}, s,
                   (f"player:{i}:position",))


def hand_limit_now(p: dict):
    """The Hand limit for this player's next draw, with the keep or city bonus (``HandLimit``)."""
    pos = p.get("position") or {}
    base = standing(get_rules().levels, p["fame"]).hand_limit
    return hand_limit_for_draw(base, int(p["shields"].get("keep", 0)), bool(pos.get("near_keep")),
                               pos.get("city") or "none")
