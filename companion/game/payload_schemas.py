"""The payload of every event type, by feature (``companion.game.payloads``): what the command that makes the event
puts in it, with the command's ranges. Run before the reducer when a command's event is dry-run and when an import
is replayed. No Flask."""

from __future__ import annotations

from ..rules.text import N_
from ..state import COLORS, SHIELD_KINDS, UNDO, UNDO_EVENT, REDO
from .command import Invalid
from .payloads import (Anything, Flag, Ident, Many, Mapping_, Obj, OneOf, Opt, Player, Text, Whole, payload)

# the widest value a command gives for each kind of count (the commands' own ranges)
SEQ = Whole(0, 10**9)
ELEMENTS = ("physical", "fire", "ice", "cold_fire")
RESISTANCES = ("physical", "fire", "ice")
LINES = Many(Anything(), 300)  # explanation lines (``T.to_json``), shown through ``|tr``


def _rules():
    from ..rules.data import get_rules

    return get_rules()


def _ids(kind: str):
    return lambda: tuple(getattr(_rules(), kind))


def _tactic_ids():
    return tuple(t.id for t in _rules().tactics)


# ---------------------------------------------------------------------------------------------- undo


payload(UNDO, target=Opt(SEQ))
payload(REDO, target=Opt(SEQ))
payload(UNDO_EVENT, target=SEQ)

# ---------------------------------------------------------------------------------------------- trackers

payload("player.fame", player=Player(), amount=Whole(-200, 200), bonus=Opt(Whole(0, 200)))
payload("player.reputation", player=Player(), steps=Whole(-20, 20))
payload("player.crystal", player=Player(), color=OneOf(*COLORS), amount=Whole(-3, 3))
payload("player.wounds", player=Player(), amount=Whole(-50, 50))
payload("player.shield", player=Player(), site=OneOf(*SHIELD_KINDS), amount=Whole(-10, 10))
payload("player.position", player=Player(), near_keep=Opt(Flag()), city=Opt(OneOf("none", "shield", "leader")))


def _recruit(state, p):
    if p.get("unit") is not None and p["unit"] not in _rules().units:
        raise Invalid(N_("There is no unit %(unit)s."), unit=str(p["unit"])[:40])


payload("unit.recruit", _recruit, player=Player(), unit=Opt(Ident()), name=Text(60), level=Whole(1, 4),
        armor=Whole(1, 9), resistances=Opt(Many(OneOf(*RESISTANCES), 3)), influence_modifier=Opt(Whole(-20, 20)))
payload("unit.update", player=Player(), uid=Whole(1, 10**9), state=Opt(OneOf("ready", "spent")),
        wounded=Opt(Flag()), wound_cards=Opt(Whole(0, 9)))
payload("unit.disband", player=Player(), uid=Whole(1, 10**9))
payload("round.next", time=Opt(OneOf("day", "night")))
payload("round.time", time=OneOf("day", "night"))


def _order(state, p):
    order = p["order"]
    if sorted(o for o in order if o != "dummy") != list(range(len(state["players"]))) or order.count("dummy") > 1:
        raise Invalid(N_("The round order must name every player exactly once."))


payload("round.order", _order, order=Many(Player(dummy=True), 20, min_len=1))


def _override(state, p):
    if p["enemy"] not in _rules().enemies:
        raise Invalid(N_("There is no enemy token %(token)s."), token=p["enemy"][:40])
    if p["changes"]:
        from ..rules.data import RulesDataError, apply_override

        try:
            apply_override(_rules().enemies[p["enemy"]], p["changes"])
        except (RulesDataError, TypeError, ValueError, KeyError, AttributeError) as err:
            raise Invalid(N_("That correction is not a valid token: %(reason)s"), reason=str(err)[:100]) from None


payload("enemy.override", _override, enemy=Ident(), changes=Mapping_(
    OneOf("armor", "elusive_armor", "fame", "attacks", "abilities", "resistances"), Anything(), 6))

# ---------------------------------------------------------------------------------------------- round flow


def _last_turns(state, p):
    order = state.get("round_order") or []
    if any(x not in order for x in p["last_turns"]) or p["player"] not in order:
        raise Invalid(N_("%(field)s must be a player of this game, not %(value)s."), field="last_turns",
                      value=str(p["last_turns"])[:30])


def _turn_player(state, p):
    if p["player"] not in (state.get("round_order") or []):
        raise Invalid(N_("%(field)s must be a player of this game, not %(value)s."), field="player",
                      value=str(p["player"]))


payload("round.turn_end", _turn_player, player=Player())
payload("round.announce", _last_turns, player=Player(), last_turns=Many(Player(), 8))
DUMMY_TACTICS = Obj(players=Mapping_(Player(key=True), OneOf(_tactic_ids), 8), rule=Opt(Text(40)),
                    numbers=Opt(Mapping_(OneOf(_tactic_ids), Whole(0, 99), 20)),
                    available=Opt(Many(OneOf(_tactic_ids), 20)))
payload("round.tactic", player=Player(), tactic=OneOf(_tactic_ids),
        numbers=Opt(Mapping_(Player(key=True), Whole(0, 99), 8)), dummy=Opt(DUMMY_TACTICS))
payload("scenario.mine", player=Player(), core=Opt(Flag()), crystal=Opt(OneOf(*COLORS)))
payload("scenario.glade", player=Player())
payload("scenario.goal", player=Player())
payload("round.extra_turn", _turn_player, player=Player())

# ---------------------------------------------------------------------------------------------- combat

ATTACK = Obj(value=Whole(0, 99), element=OneOf(*ELEMENTS))


def _enemy(state, e):
    if e.get("token") is not None and e["token"] not in _rules().enemies:
        raise Invalid(N_("There is no enemy token %(token)s."), token=str(e["token"])[:40])
    if not e["attacks"] and "summon" not in e["abilities"]:
        raise Invalid(N_("Only a summoner has no attack of its own: give the enemy's Attack."))


def _abilities():
    from .combat.state import ABILITIES

    return ABILITIES


def _piles():
    from .combat.state import PILE_NAMES

    return tuple(PILE_NAMES)


ENEMY = Obj(_enemy, token=Opt(Ident()), name=Text(60), name_de=Opt(Text(60)), color=Opt(OneOf(_piles)),
            armor=Whole(0, 99), elusive_armor=Opt(Whole(0, 99)), attacks=Many(ATTACK, 8),
            abilities=Many(OneOf(_abilities), 20), resistances=Many(OneOf(*RESISTANCES), 3), fame=Whole(0, 99),
            defend=Opt(Whole(0, 99)), summon=Opt(OneOf(_piles)), summon_count=Opt(Whole(1, 9)),
            overridden=Opt(Flag()), rampaging=Opt(Flag()))


def _fights():
    from .combat.state import FIGHTS

    return tuple(FIGHTS)


def _cities():
    from .combat.state import CITY_NAMES

    return tuple(CITY_NAMES)


payload("combat.setup", player=Player(), fight=OneOf(_fights),
        site=Obj(fortified=Opt(Flag()), city=Opt(OneOf(_cities)), across_wall=Opt(Flag()),
                 megapolis=Opt(OneOf(_cities))),
        level=Opt(Whole(1, 24)), hero_armor=Whole(1, 20), hand_limit=Whole(0, 20), units_allowed=Flag(),
        night=Opt(Flag()), revisit=Opt(Flag()), owner=Opt(Player()),
        incantation=Opt(Obj(night=Whole(1, 2), crystals_per_enemy=Whole(0, 9))))
payload("combat.enemy_add", enemy=ENEMY)
payload("combat.enemy_remove", key=Whole(0, 10**6))
payload("combat.coop_deal", participants=Many(Player(), 8, min_len=1, unique=True), counts=Many(Whole(0, 99), 8))


def _phases():
    from .combat.state import PHASES

    return PHASES


payload("combat.phase", to=OneOf(_phases))
payload("combat.attack", phase=OneOf(_phases), targets=Many(Whole(0, 10**6), 20, min_len=1),
        attacks=Opt(Many(Anything(), 40)),
        result=Obj(success=Flag(), fame=Opt(Whole(0, 999)), defend_bonus=Opt(Whole(0, 99)), explanation=Opt(LINES)))
def _summon(state, p):
    if "token" not in p and not (p.get("pile") and all(t in (p.get("tokens") or {}) for t in p["pile"])):
        raise Invalid(N_("%(field)s is missing."), field="tokens")


# a token named by the table, or the pile's remaining token ids and each one's values (drawn when replayed)
payload("combat.summon", _summon, key=Whole(0, 10**6), token=Opt(ENEMY), pile=Opt(Many(Ident(), 200)),
        tokens=Opt(Mapping_(Ident(), ENEMY, 200)))
payload("combat.block", key=Whole(0, 10**6), attack_index=Whole(0, 20), move_points=Opt(Whole(0, 99)),
        blocks=Opt(Many(Anything(), 20)), result=Obj(success=Flag(), explanation=Opt(LINES)))
DAMAGE_RESULT = Obj(hero=Obj(wounds_to_hand=Whole(0, 999), wounds_to_discard=Opt(Whole(0, 999)),
                             knocked_out=Opt(Flag())),
                    units=Many(Obj(id=Text(80), wounds=Whole(0, 9)), 40),
                    vampiric=Opt(Many(Obj(attack=Whole(0, 60), armor_bonus=Whole(0, 99)), 40)),
                    explanation=Opt(LINES))
payload("combat.damage", lambda state, p: _vampiric_in_range(state, p), mode=Opt(Text(20)), prefer=Opt(Text(20)),
        assigned=Many(Obj(key=Whole(0, 10**6), attack_index=Whole(0, 20), assign=Opt(Many(Text(80), 40))), 60),
        result=DAMAGE_RESULT, then=Opt(OneOf("attack")))


def _vampiric_in_range(state, p):
    for v in p["result"].get("vampiric") or ():
        if v["attack"] >= len(p["assigned"]):
            raise Invalid(N_("%(field)s must be at most %(hi)d."), field="vampiric.attack", hi=len(p["assigned"]) - 1)


OUTCOME = Obj(player=Player(), fight=Opt(OneOf(_fights)), fame=Whole(-999, 999), reputation=Whole(-20, 20),
              wounds_to_hand=Whole(0, 999), wounds_to_discard=Whole(0, 999), knocked_out=Opt(Flag()),
              units=Many(Obj(uid=Whole(1, 10**9), wounds=Whole(0, 9), destroyed=Flag(), name=Opt(Text(80)),
                             name_de=Opt(Text(80))), 40),
              shields=Mapping_(OneOf(*SHIELD_KINDS), Whole(0, 99), 5), conquered=Opt(Flag()),
              city=Opt(OneOf(_cities)), level=Opt(Whole(1, 24)), defeated=Opt(Many(Text(80), 60)),
              undefeated=Opt(Many(Text(80), 60)), explanation=Opt(LINES), owner_loses_keep=Opt(Player()),
              owner_site=Opt(OneOf(*SHIELD_KINDS)), incantation=Opt(Obj(night=Whole(1, 2),
                                                                         crystals_per_enemy=Opt(Whole(0, 9)))))
payload("combat.end", outcome=OUTCOME)
payload("combat.cancel")


def _interactive_colors():
    from .combat.interactive import COLORS as INTERACTIVE

    return INTERACTIVE


payload("combat.interactive", color=OneOf(_interactive_colors))

# ---------------------------------------------------------------------------------------------- player vs player

PVP_SIDE = Obj(player=Player(), name=Opt(Text(80)), fame=Whole(-999, 999), wounds=Whole(0, 999),
               knocked_out=Opt(Flag()), units=Many(Obj(uid=Whole(1, 10**9)), 40), artifacts_lost=Opt(Whole(0, 99)))
payload("pvp.end", outcome=Obj(aggressor=Opt(Player()), defender=Opt(Player()), players=Many(PVP_SIDE, 2),
                               ended=Opt(Text(20)), victor=Opt(Player()), retreated=Opt(Player()),
                               explanation=Opt(LINES)), log=Opt(Many(Anything(), 500)))

# ---------------------------------------------------------------------------------------------- score sheet

SCORE_TARGET = Player()


def _score_target(state, p):
    if p["player"] != "game":
        SCORE_TARGET.check(p["player"], "player", state)


def _score_value(state, p):
    _score_target(state, p)
    v = p["value"]
    if not isinstance(v, (bool, int)) or abs(v) > 10**6:
        raise Invalid(N_("%(field)s must be a whole number, not %(value)s."), field="value", value=repr(v)[:30])


payload("score.sheet", _score_value, player=Anything(), field=Ident(), value=Anything())
payload("score.follow", _score_target, player=Anything(), field=Ident())
payload("score.confirm", player=Player(), confirmed=Opt(Flag()))


def _final(state, p):
    """The recorded sheet reads as the scoring API reads a sheet, with a line for each player of the game. (The
    result is not scored again: an export keeps the result the rules gave when it was recorded, even if a later
    version scores differently.)"""
    from .scoring.calculator import parse_sheet

    sheet = parse_sheet({k: v for k, v in p["sheet"].items() if v is not None or k == "players"})
    if len(sheet.players) != len(state["players"]):
        raise Invalid(N_("The final score must have a line for each player of the game."))


POINTS = Whole(-10**6, 10**6)
CATEGORIES = Mapping_(Text(60), Opt(POINTS), 60)
RESULT = Obj(kind=Text(40), players=Many(Obj(name=Text(80), total=POINTS, categories=CATEGORIES, team=Opt(Text(20))),
                                         8, min_len=1),
             winners=Many(Text(80), 8), score=Opt(POINTS), categories=Opt(CATEGORIES),
             teams=Opt(Many(Obj(team=Text(20), total=POINTS, categories=CATEGORIES, members=Opt(Many(Text(80), 8))),
                            8)),
             titles=Opt(Many(Obj(title=Text(60), category=Opt(Text(60)), values=Opt(Mapping_(Text(80), Opt(POINTS))),
                                 awarded=Opt(Mapping_(Text(80), Opt(POINTS))), outcome=Opt(Text(40)),
                                 reason=Anything()), 40)),
             explanation=Opt(LINES))
payload("score.final", _final, sheet=Obj(players=Many(Anything(), 8, min_len=1)), result=RESULT)

# ---------------------------------------------------------------------------------------------- Dummy player


def _heroes():
    return tuple(_rules().heroes)


def _card_ids():
    return tuple(_rules().cards)


payload("dummy.setup", mode=OneOf("virtual", "physical", "mage_lite"), hero=Opt(OneOf(_heroes)),
        candidates=Opt(Many(OneOf(_heroes), 20, min_len=1)), threshold=Opt(Whole(1, 20)))
payload("dummy.tactic_draw", available=Opt(Many(OneOf(_tactic_ids), 20)))
payload("dummy.tactics", players=DUMMY_TACTICS.fields["players"], rule=Opt(Text(40)),
        numbers=DUMMY_TACTICS.fields["numbers"], available=DUMMY_TACTICS.fields["available"])
payload("dummy.new_round", advanced_action=Opt(Obj(id=Opt(Text(80)), name=Opt(Text(80)), name_de=Opt(Text(80)),
                                                   color=OneOf(*COLORS))),
        spell_color=Opt(OneOf(*COLORS)), removed_tactics=Opt(Many(Opt(OneOf(_tactic_ids)), 20)),
        time=Opt(OneOf("day", "night")))
payload("dummy.turn", color=Opt(OneOf(*COLORS)))
payload("dummy.pass")
payload("dummy.player_announced", player=Player())
payload("dummy.skill_reveal")
payload("dummy.skill_take", skill=Text(80))
payload("dummy.mage_lite", color=Opt(OneOf(*COLORS, "")))

# ---------------------------------------------------------------------------------------------- Runewars


def _rw():
    from ..rules import runewars as rw

    return rw


def _shapes():
    return _rw().SHAPES


def _sides():
    return _rw().SIDES


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
        owner=Anything(), name=Text(40), initiative=Whole(1, 5), shape=OneOf(_shapes), health=Whole(1, 9),
        ability=Opt(Text(300, empty=True)))
payload("runewars.unit_type_remove", type=Text(20))
payload("runewars.battle_start", _battle_start, attacker=Player(), defender=Anything(), controller=Player(),
        area=Text(40, empty=True), stronghold=Whole(0, 9), fortification=Flag(),
        units=Mapping_(Text(20), Whole(0, 30), 60), routed=Opt(Mapping_(Text(20), Whole(0, 30), 60)))
payload("runewars.battle_draw", lambda state, p: _unit_type_exists(state, p["type"]), side=OneOf(_sides),
        type=Text(20), cards=Whole(0, 60), special=Whole(0, 60), routs=Whole(0, 99), damage=Whole(0, 99))
payload("runewars.battle_resolve", side=OneOf(_sides), rout_targets=Many(Text(40), 200),
        damage_targets=Many(Text(40), 200))
payload("runewars.battle_end", can_retreat=Flag(), destination_units=Whole(0, 99))
HERO = Obj(player=Anything(), name=Text(40), health=Whole(1, 99), damage=Whole(0, 99))


def _heroes_of_duel(state, p):
    for side in ("attacker", "defender"):
        _owner_or_neutral(state, p[side]["player"], f"{side}.player")


def _duel_draw():
    rw = _rw()
    return Obj(icon=OneOf(*rw.DUEL_ICONS), value=Whole(0, 9), special=OneOf(*rw.DUEL_SPECIALS),
               prevent=Opt(Whole(0, 9)))


class _DuelDraw(Obj):
    def check(self, value, name, state):
        _duel_draw().check(value, name, state)


payload("runewars.duel_start", _heroes_of_duel, attacker=HERO, defender=HERO)
payload("runewars.duel_round", attacker=_DuelDraw(), defender=_DuelDraw())
payload("runewars.attribute_test", hero=Text(40), attribute=OneOf(lambda: _rw().ATTRIBUTES), value=Whole(0, 9))
payload("runewars.limits", player=Player(), heroes=Whole(0, 10), quests=Whole(0, 10))
