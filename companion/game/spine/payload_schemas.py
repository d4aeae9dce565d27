"""The payload of the event types of undo and of the features that are not a package of their own (trackers, the
Round flow, the scenario's rules, the Dummy player) (``companion.game.spine.payloads``): what the command that makes the
event puts in it, with the command's ranges. Run before the reducer when a command's event is dry-run and when an
import is replayed. ``companion.game.spine.command`` imports this module, so these are declared before any reducer of
theirs can run; a feature package (``combat``, ``scoring``, ``pvp``, ``runewars``) declares its own in its
``payloads`` module. Imports nothing of the features. No Flask."""

from __future__ import annotations

from ...rules.data import RulesDataError, apply_override, get_rules
from ...rules.text import N_
from ...state import COLORS, SHIELD_KINDS, UNDO, UNDO_EVENT, REDO
from .invalid import Invalid
from .payloads import Anything, Flag, Ident, Many, Mapping_, Obj, OneOf, Opt, Player, Text, Whole, payload

# the widest value a command gives for each kind of count (the commands' own ranges)
SEQ = Whole(0, 10**9)
RESISTANCES = ("physical", "fire", "ice")


# the rules data is read when an event is checked, never when this module is imported
def _tactic_ids():
    return tuple(t.id for t in get_rules().tactics)


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
    if p.get("unit") is not None and p["unit"] not in get_rules().units:
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
    if p["enemy"] not in get_rules().enemies:
        raise Invalid(N_("There is no enemy token %(token)s."), token=p["enemy"][:40])
    if p["changes"]:
        try:
            apply_override(get_rules().enemies[p["enemy"]], p["changes"])
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

# ---------------------------------------------------------------------------------------------- Dummy player


def _heroes():
    return tuple(get_rules().heroes)


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
