"""The payload of every Runewars event (``companion.game.spine.payloads``): what the Runewars commands put in it, with
their ranges. Declared when the runewars package is loaded (its ``__init__`` imports this module), so the Runewars
reducers are never loaded without them. No Flask."""

from __future__ import annotations

from ...rules.runewars import core as rw
from ...rules.text import N_
from ..spine.invalid import Invalid
from ..spine.payloads import (Anything, Flag, Many, Mapping_, Obj, OneOf, Opt, Player, Text, Whole, needs,
                              needs_at_record, payload)
from .battle import attacker_present, in_phase, may_draw, no_battle
from .core import NEUTRAL
from .heroes import (duel_allowed, duel_going, hero_special, may_attempt_quest, may_start_duel, new_type_allowed,
                     not_routed, one_weapon_one_armor, removable_type)


def _unit_type_exists(state, type_id):
    types = ((state.get("runewars") or {}).get("unit_types")) or []
    if not any(t.get("id") == type_id for t in types):
        raise Invalid(N_("There is no unit type %(id)s."), id=str(type_id)[:20])


def _owner_or_neutral(state, value, name):
    if value != "neutral":
        Player().check(value, name, state)


def _battle_start(state, p):
    _owner_or_neutral(state, p["defender"], "defender")
    if p["defender"] == p["attacker"]:
        raise Invalid(N_("The attacker cannot attack his own units."))
    for key in ("units", "routed"):
        for type_id in p.get(key) or {}:
            _unit_type_exists(state, type_id)


payload("runewars.unit_type", lambda state, p: _owner_or_neutral(state, p["owner"], "owner"),
        owner=Anything(), name=Text(40), initiative=Whole(1, 5), shape=OneOf(*rw.SHAPES), health=Whole(1, 9),
        ability=Opt(Text(300, empty=True)))
payload("runewars.unit_type_remove", type=Text(20))
payload("runewars.battle_start", _battle_start, attacker=Player(), defender=Anything(), controller=Player(),
        area=Text(40, empty=True), stronghold=Whole(0, 9), fortification=Flag(),
        units=Mapping_(Text(20), Whole(0, 30), 60), routed=Opt(Mapping_(Text(20), Whole(0, 30), 60)))
payload("runewars.battle_draw", lambda state, p: _unit_type_exists(state, p["type"]), side=OneOf(*rw.SIDES),
        type=Text(20), cards=Whole(0, 60), special=Whole(0, 60), routs=Whole(0, 99), damage=Whole(0, 99))
payload("runewars.battle_resolve", side=OneOf(*rw.SIDES), rout_targets=Many(Text(40), 200),
        damage_targets=Many(Text(40), 200))
payload("runewars.battle_end", can_retreat=Flag(), destination_units=Whole(0, 99))
HERO = Obj(player=Anything(), name=Text(40), health=Whole(1, 99), damage=Whole(0, 99), routed=Opt(Flag()))


def _heroes_of_duel(state, p):
    for side in ("attacker", "defender"):
        _owner_or_neutral(state, p[side]["player"], f"{side}.player")


DUEL_DRAW = Obj(icon=OneOf(*rw.DUEL_ICONS), value=Whole(0, 9), special=OneOf(*rw.DUEL_SPECIALS),
                prevent=Opt(Whole(0, 9)), weapon=Opt(Text(40)), armor=Opt(Text(40)))
payload("runewars.duel_start", _heroes_of_duel, attacker=HERO, defender=HERO)
payload("runewars.duel_round", attacker=DUEL_DRAW, defender=DUEL_DRAW)
payload("runewars.attribute_test", hero=Text(40), attribute=OneOf(*rw.ATTRIBUTES), value=Whole(0, 10),
        quest=Opt(Flag()))
payload("runewars.quest_phase")
payload("runewars.limits", player=Player(), heroes=Whole(0, 10), quests=Whole(0, 10))


# ---------------------------------------------------------------------------------------------- the commands' needs
# what the Runewars commands refuse in the state (companion.game.spine.payloads.needs): the same functions they call

needs("runewars.unit_type")(new_type_allowed)
needs("runewars.unit_type_remove")(lambda state, p: removable_type(state, p["type"]))
needs("runewars.battle_start")(lambda state, p: (no_battle(state), attacker_present(state, p)))
needs("runewars.battle_draw")(lambda state, p: may_draw(state, p["side"], p["type"]))
needs("runewars.battle_resolve")(lambda state, p: in_phase(state, "resolve", p["side"]))
needs("runewars.battle_end")(lambda state, p: in_phase(state, "tally"))
needs("runewars.duel_start")(duel_allowed)
needs("runewars.duel_round")(lambda state, p: duel_going(state))


@needs_at_record("runewars.duel_round")
def _hero_specials(state, p):
    """A hero's special icon is never a neutral unit's ``"ability"`` (a value only this version records)."""
    d = duel_going(state)
    for side in rw.SIDES:
        if d[side]["player"] != NEUTRAL:
            hero_special(p[side]["special"])


# a routed hero starts no duel and attempts no Quest (only this version records ``routed``); what a hero did in the
# Quest Phase is checked where the event is recorded (games from before Quest Phases never mark one)
needs("runewars.duel_start")(lambda state, p: not_routed(bool(p["attacker"].get("routed")),
                                                         p["defender"]["player"] == NEUTRAL))
needs_at_record("runewars.duel_start")(may_start_duel)
needs_at_record("runewars.attribute_test")(
    lambda state, p: may_attempt_quest(state, p["hero"]) if p.get("quest") else None)
needs("runewars.duel_round")(one_weapon_one_armor)  # only this version records ``weapon`` and ``armor``
