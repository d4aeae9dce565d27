"""The payload of ``pvp.end`` (``companion.game.spine.payloads``): the outcome of a finished fight between players, as
``companion.game.pvp.outcome`` records it. Declared when the pvp package is loaded (its ``__init__`` imports this
module), so the reducer is never loaded without it. No Flask."""

from __future__ import annotations

from ..spine.payloads import LINES, Anything, Flag, Many, Obj, Opt, Player, Text, Whole, payload

PVP_SIDE = Obj(player=Player(), name=Opt(Text(80)), fame=Whole(-999, 999), wounds=Whole(0, 999),
               knocked_out=Opt(Flag()), units=Many(Obj(uid=Whole(1, 10**9)), 40), artifacts_lost=Opt(Whole(0, 99)))
payload("pvp.end", outcome=Obj(aggressor=Opt(Player()), defender=Opt(Player()), players=Many(PVP_SIDE, 2),
                               ended=Opt(Text(20)), victor=Opt(Player()), retreated=Opt(Player()),
                               explanation=Opt(LINES)), log=Opt(Many(Anything(), 500)))
