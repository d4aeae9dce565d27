"""The payload of every combat event (``companion.game.spine.payloads``): what the combat commands put in it, with their
ranges. Declared when the combat package is loaded (its ``__init__`` imports this module), so the combat reducers
are never loaded without them. No Flask."""

from __future__ import annotations

from ...rules.data import get_rules
from ...rules.text import N_
from ...state import SHIELD_KINDS
from ..spine.command import term
from ..spine.invalid import Invalid
from ..spine.payloads import (LINES, Anything, Flag, Ident, Many, Mapping_, Obj, OneOf, Opt, Player, Text, Whole, needs,
                              needs_at_record, payload)
from .forms import live_enemy, may_end, need_current, no_combat, not_blocked, setup_open, unassigned
from .interactive import COLORS as INTERACTIVE_COLORS, interactive_allowed
from .kept import kept_or_new, kept_or_refused, may_keep
from .phases import next_step, summoner_to_draw
from .setup import enemy_may_join
from .state import ABILITIES, CITY_NAMES, ELEMENTS, FIGHTS, PHASE_NAMES, PHASES, PILE_NAMES, RESISTANCES

ATTACK = Obj(value=Whole(0, 99), element=OneOf(*ELEMENTS))
KEY = Whole(0, 10**6)  # an enemy's key in the combat
PILES = OneOf(*PILE_NAMES)
CITIES = OneOf(*CITY_NAMES)


def _enemy(state, e):
    if e.get("token") is not None and e["token"] not in get_rules().enemies:
        raise Invalid(N_("There is no enemy token %(token)s."), token=str(e["token"])[:40])
    if not e["attacks"] and "summon" not in e["abilities"]:
        raise Invalid(N_("Only a summoner has no attack of its own: give the enemy's Attack."))


ENEMY = Obj(_enemy, token=Opt(Ident()), name=Text(60), name_de=Opt(Text(60)), color=Opt(PILES),
            armor=Whole(0, 99), elusive_armor=Opt(Whole(0, 99)), attacks=Many(ATTACK, 8),
            abilities=Many(OneOf(*ABILITIES), 20), resistances=Many(OneOf(*RESISTANCES), 3), fame=Whole(0, 99),
            defend=Opt(Whole(0, 99)), summon=Opt(PILES), summon_count=Opt(Whole(1, 9)),
            overridden=Opt(Flag()), rampaging=Opt(Flag()), kept=Opt(Ident()))


def _kept_id(state, p):
    # the ids a game gives its kept enemies (companion/game/combat/kept.py): k1, k2 ...
    for name in ("id", "keep"):
        v = p.get(name)
        if v is not None and not (v[:1] == "k" and v[1:].isdigit() and len(v) <= 8):
            raise Invalid(N_("%(field)s must be a kept enemy's id, not %(value)s."), field=name, value=v[:20])


payload("enemy.kept", _kept_id, id=Ident(), enemy=ENEMY, correction=Opt(Flag()))
payload("enemy.forgotten", _kept_id, id=Ident())

payload("combat.setup", player=Player(), fight=OneOf(*FIGHTS),
        site=Obj(fortified=Opt(Flag()), city=Opt(CITIES), across_wall=Opt(Flag()), megapolis=Opt(CITIES),
                 maze_paid=Opt(OneOf(2, 4, 6)), labyrinth=Opt(Flag())),
        level=Opt(Whole(1, 24)), hero_armor=Whole(1, 20), hand_limit=Whole(0, 20), units_allowed=Flag(),
        night=Opt(Flag()), revisit=Opt(Flag()), owner=Opt(Player()), only_unit=Opt(Whole(1, 10**9)),
        incantation=Opt(Obj(night=Whole(1, 2), crystals_per_enemy=Whole(0, 9))))
payload("combat.enemy_add", _kept_id, enemy=ENEMY, keep=Opt(Ident()))
payload("combat.enemy_remove", key=KEY)
payload("combat.coop_deal", participants=Many(Player(), 8, min_len=1, unique=True), counts=Many(Whole(0, 99), 8))
payload("combat.phase", to=OneOf(*PHASES))
payload("combat.attack", phase=OneOf(*PHASES), targets=Many(KEY, 20, min_len=1),
        attacks=Opt(Many(Anything(), 40)),
        result=Obj(success=Flag(), fame=Opt(Whole(0, 999)), defend_bonus=Opt(Whole(0, 99)), explanation=Opt(LINES)))


def _summon(state, p):
    if "token" not in p and not (p.get("pile") and all(t in (p.get("tokens") or {}) for t in p["pile"])):
        raise Invalid(N_("%(field)s is missing."), field="tokens")


# a token named by the table, or the pile's remaining token ids and each one's values (drawn when replayed)
def _summon_checks(state, p):
    _summon(state, p)
    _kept_id(state, p)


payload("combat.summon", _summon_checks, key=KEY, token=Opt(ENEMY), pile=Opt(Many(Ident(), 200)),
        tokens=Opt(Mapping_(Ident(), ENEMY, 200)), keep=Opt(Ident()))
payload("combat.block", key=KEY, attack_index=Whole(0, 20), move_points=Opt(Whole(0, 99)),
        blocks=Opt(Many(Anything(), 20)), result=Obj(success=Flag(), explanation=Opt(LINES)))
DAMAGE_RESULT = Obj(hero=Obj(wounds_to_hand=Whole(0, 999), wounds_to_discard=Opt(Whole(0, 999)),
                             knocked_out=Opt(Flag())),
                    units=Many(Obj(id=Text(80), wounds=Whole(0, 9)), 40),
                    vampiric=Opt(Many(Obj(attack=Whole(0, 60), armor_bonus=Whole(0, 99)), 40)),
                    explanation=Opt(LINES))


def _vampiric_in_range(state, p):
    for v in p["result"].get("vampiric") or ():
        if v["attack"] >= len(p["assigned"]):
            raise Invalid(N_("%(field)s must be at most %(hi)d."), field="vampiric.attack", hi=len(p["assigned"]) - 1)


payload("combat.damage", _vampiric_in_range, mode=Opt(Text(20)), prefer=Opt(Text(20)),
        assigned=Many(Obj(key=KEY, attack_index=Whole(0, 20), assign=Opt(Many(Text(80), 40))), 60),
        result=DAMAGE_RESULT, then=Opt(OneOf("attack")),
        mage_lite=Opt(Obj(poison=OneOf("deck", "hand"), room=Opt(Whole(0, 99)), hand=Whole(0, 999),
                          deck=Whole(0, 999), poison_extra=Whole(0, 999), knocked_out=Flag(), discard_hand=Flag(),
                          explanation=Opt(LINES))))
OUTCOME = Obj(player=Player(), fight=Opt(OneOf(*FIGHTS)), fame=Whole(-999, 999), reputation=Whole(-20, 20),
              wounds_to_hand=Whole(0, 999), wounds_to_discard=Whole(0, 999), knocked_out=Opt(Flag()),
              units=Many(Obj(uid=Whole(1, 10**9), wounds=Whole(0, 9), destroyed=Flag(), name=Opt(Text(80)),
                             name_de=Opt(Text(80))), 40),
              shields=Mapping_(OneOf(*SHIELD_KINDS), Whole(0, 99), 5), conquered=Opt(Flag()),
              city=Opt(CITIES), level=Opt(Whole(1, 24)), defeated=Opt(Many(Text(80), 60)),
              undefeated=Opt(Many(Text(80), 60)), explanation=Opt(LINES), owner_loses_keep=Opt(Player()),
              owner_site=Opt(OneOf(*SHIELD_KINDS)), mage_lite=Opt(Flag()), incantation=Opt(Obj(night=Whole(1, 2),
                                                                         crystals_per_enemy=Opt(Whole(0, 9)))))
payload("combat.end", outcome=OUTCOME)
payload("combat.cancel")
payload("combat.interactive", color=OneOf(*INTERACTIVE_COLORS))


# ---------------------------------------------------------------------------------------------- the commands' needs
# what the combat commands refuse in the state (companion.game.spine.payloads.needs): the same functions they call


@needs("combat.setup")
def _no_combat(state, p):
    no_combat(state)


@needs("combat.coop_deal")
def _setup_open(state, p):
    setup_open(state)


@needs("enemy.kept")
def _may_keep(state, p):
    may_keep(state, p["id"], p["enemy"])


# where it is recorded only: a per-entry undo of an earlier kept enemy (another scope) changes the next id
needs_at_record("enemy.kept")(lambda state, p: kept_or_new(state, p["id"], bool(p.get("correction"))))


@needs("enemy.forgotten")
def _kept(state, p):
    kept_or_refused(state, p["id"])


@needs("combat.enemy_add")
def _enemy_joins(state, p):
    enemy_may_join(state, p["enemy"], p.get("keep"))


@needs("combat.enemy_remove")
def _enemy_removable(state, p):
    live_enemy(setup_open(state), p["key"])


needs("combat.interactive")(interactive_allowed)


@needs("combat.cancel")
def _in_combat(state, p):
    need_current(state)


@needs("combat.phase")
def _next_phase(state, p):
    cur = need_current(state)
    if p["to"] != next_step(cur)[0]:  # what is still to do in this phase, or the phase it goes on to
        raise Invalid(N_("This is not possible in the %(phase)s."), phase=term(PHASE_NAMES[cur["phase"]]))


@needs("combat.attack")
def _attack(state, p):
    cur = need_current(state, ("ranged_siege", "attack"))
    if p["phase"] != cur["phase"]:
        need_current(state, (p["phase"],))
    for key in p["targets"]:
        live_enemy(cur, key)


needs("combat.summon")(lambda state, p: summoner_to_draw(state, p["key"]))


@needs("combat.block")
def _block(state, p):
    not_blocked(live_enemy(need_current(state, ("block",)), p["key"]), p["attack_index"])


@needs("combat.damage")
def _damage(state, p):
    unassigned(need_current(state, ("damage",)))


@needs("combat.end")
def _end(state, p):
    may_end(state)
