"""The Units a player recruits from the real board (Rulebook, Units; Interaction with Locals): the recruit with its
Reputation modifier and Command tokens, a Unit spent, readied, wounded (Poison: two Wound cards), healed or disbanded.
Commands validate plain input against the state; reducers apply the stored events."""

from __future__ import annotations

from ...rules.data import get_rules
from ...rules.progression import recruit_influence_modifier, standing
from ...rules.text import N_, Nn_
from ...state import player, reducer
from ..spine import fields as parse
from ..spine.command import Command, Invalid, InvalidN, command
from ..spine.fields import flag
from ..spine.payloads import needs
from ..spine.sentences import name_arg, sentence
from .round_state import current, dummy_of, flow
from .scenario_play import check_recruit

# Rulebook, Interacting with Locals 5a: "You apply the bonus or penalty (for Reputation and for Shield tokens in a
# city) only once per turn, no matter how many things you buy." A recruit's log line says so; the line every paid
# recruit said before (stored games keep showing it) was:
STORED_RECRUIT_LINE = N_("%(name)s recruits %(unit)s (Influence %(mod)+d from Reputation).")


def interaction_turn(state: dict, i: int) -> list | None:
    """This turn of player ``i`` as the Round flow counts it (the Round, its turn counter, the last turns left, the
    Dummy player's turn), or None when the flow does not say it is ``i``'s turn (no Tactics picked, another
    player's turn): then the app cannot tell one turn from the next."""
    if current(state) != i:
        return None
    r = flow(state)
    return [state["round"], r["turn"], len(r["last_turns"]), r["announced_by"] is not None,
            (dummy_of(state) or {}).get("turn")]


@reducer("unit.recruit")
def _recruit(state, p, ev):
    pl = player(state, p["player"])
    if "influence_modifier" in p:  # paid with Influence: the turn whose interaction counted the Reputation modifier
        turn = interaction_turn(state, p["player"])
        if turn is not None:
            state.setdefault("reputation_counted", {})[str(p["player"])] = turn
    uid = state["next_uid"]
    state["next_uid"] += 1
    pl["units"].append(
        {
            "uid": uid,
            "unit": p.get("unit"),
            "name": p["name"],
            "level": int(p["level"]),
            "armor": int(p["armor"]),
            "resistances": list(p.get("resistances", [])),
            "state": "ready",
            "wounded": False,
        }
    )


def find_unit(state, player_index, uid) -> dict | None:
    for u in player(state, player_index)["units"]:
        if u["uid"] == int(uid):
            return u
    return None


@reducer("unit.update")
def _unit_update(state, p, ev):
    u = find_unit(state, p["player"], p["uid"])
    if u is None:
        return
    if "state" in p:
        u["state"] = p["state"]
    if "wounded" in p:
        u["wounded"] = bool(p["wounded"])
    if "wound_cards" in p:
        u["wound_cards"] = int(p["wound_cards"])


@reducer("unit.disband")
def _unit_disband(state, p, ev):
    pl = player(state, p["player"])
    pl["units"] = [u for u in pl["units"] if u["uid"] != int(p["uid"])]


@command("recruit")
def cmd_recruit(state, data) -> Command:
    i = parse.player_index(state, data)
    pl = state["players"][i]
    unit_id = parse.ident(data, "unit", default="")
    units = get_rules().units
    if unit_id:
        u = units[parse.unit_kind(unit_id)]
        payload = {"player": i, "unit": u.id, "name": u.name, "level": u.level, "armor": u.armor,
                   "resistances": list(u.resistances)}
        label = name_arg(u.name, u.name_de)
        rule = getattr(u, "recruit_reputation", None)
    else:
        name = parse.text(data, "name", default="", max_len=60)
        if not name:
            raise Invalid(N_("Choose a unit, or type its name, level and armor."))
        res = data.get("resistances") or []
        if isinstance(res, str):
            res = [r for r in res.split(",") if r]
        if not isinstance(res, list) or len(res) > 3:
            raise Invalid(N_("%(field)s must be a list of: %(choices)s."), field="resistances",
                          choices="physical, fire, ice")
        bad = [parse.shown(r) for r in res if not isinstance(r, str) or r not in ("physical", "fire", "ice")]
        if bad:
            raise Invalid(N_("Unknown resistance: %(r)s."), r=bad[0][:20])
        payload = {"player": i, "unit": None, "name": name, "level": parse.whole(data, "level", lo=1, hi=4),
                   "armor": parse.whole(data, "armor", lo=1, hi=9), "resistances": res}
        label = name
        rule = None
    reward = flag(data, "reward")  # a reward (e.g. a level-up Unit): no Influence paid, no modifier
    mod = None if reward else recruit_influence_modifier(get_rules().reputation, pl["reputation"], rule)
    if not reward:
        payload["influence_modifier"] = mod  # None on the X space: may_recruit refuses it
    may_recruit(state, payload)
    if rule and mod is not None:
        # Lost Legion unit cards: Thugs reverse the Reputation modifier, Heroes double it
        msg = (N_("%(name)s recruits %(unit)s: the Reputation modifier is reversed, Influence %(mod)+d.")
               if rule == "reversed" else
               N_("%(name)s recruits %(unit)s: the Reputation modifier is doubled, Influence %(mod)+d."))
        s = sentence(msg, name=pl["name"], unit=label, mod=mod)
    elif mod:
        turn = interaction_turn(state, i)
        if turn is not None and (state.get("reputation_counted") or {}).get(str(i)) == turn:
            msg = N_("%(name)s recruits %(unit)s (the Reputation modifier %(mod)+d counts once per turn: it was "
                     "counted with this turn's first recruit).")
        elif turn is not None:
            msg = N_("%(name)s recruits %(unit)s (Influence %(mod)+d from Reputation, once this turn).")
        else:
            msg = N_("%(name)s recruits %(unit)s (Influence %(mod)+d from Reputation, once per turn however many "
                     "Units are recruited).")
        s = sentence(msg, name=pl["name"], unit=label, mod=mod)
    else:
        s = sentence(N_("%(name)s recruits %(unit)s."), name=pl["name"], unit=label)
    # what the recruit depends on: the Reputation (the X space), the Fame (Command tokens), the Round (Elite Units)
    scope = (f"player:{i}:units", f"player:{i}:reputation", f"player:{i}:fame") + (
        ("round",) if getattr(units.get(unit_id) if unit_id else None, "kind", "") == "elite" else ())
    return Command("unit.recruit", payload, s, scope)


@needs("unit.recruit")
def may_recruit(state: dict, p: dict) -> None:
    """The recruit command's refusals that depend on the state, for its event wherever it is applied."""
    i = p["player"]
    pl = state["players"][i]
    ref = get_rules().units.get(p.get("unit") or "")
    if ref is not None:
        check_recruit(state, ref)  # First Reconnaissance's and Conquer and Hold's Elite Units (scenario_play)
    if "influence_modifier" in p and recruit_influence_modifier(
            get_rules().reputation, pl["reputation"], getattr(ref, "recruit_reputation", None)) is None:
        # Rulebook, Interaction with Locals: on the X space of the Reputation track nobody interacts with you
        raise Invalid(N_("%(name)s is on the X space of the Reputation track: no Unit can be recruited (a Unit "
                         "gained as a reward can)."), name=pl["name"])
    limit = standing(get_rules().levels, pl["fame"]).command_tokens
    if len(pl["units"]) >= limit:
        raise InvalidN(*Nn_("%(name)s has %(n)d Command token and %(n)d unit: disband one first.",
                            "%(name)s has %(n)d Command tokens and %(n)d units: disband one first."), "n",
                      name=pl["name"], n=limit)


def recruit_modifiers(p: dict) -> dict:
    """The Influence modifier each unit with a recruit rule (Thugs, Heroes) would have for this player now."""
    rules = get_rules()
    return {u.id: recruit_influence_modifier(rules.reputation, p["reputation"], u)
            for u in rules.units.values() if getattr(u, "recruit_reputation", None)}


def unit_label(u: dict):
    """A unit of the state as a sentence argument: its name in both languages when it comes from the rules data."""
    ref = get_rules().units.get(u.get("unit") or "")
    return name_arg(ref.name, ref.name_de) if ref else u["name"]


def _unit(state, data):
    i = parse.player_index(state, data)
    return i, unit_there(state, i, parse.whole(data, "uid", lo=1))


def unit_there(state, i: int, uid: int) -> dict:
    """The player's unit ``uid``, or the refusal: the one check of the unit command and its events."""
    u = find_unit(state, i, uid)
    if u is None:
        raise Invalid(N_("That unit is no longer there."))
    return u


def not_wounded_again(u: dict, label) -> None:
    if u["wounded"]:
        # Rulebook, Assign Damage phase: a wounded unit cannot be assigned damage (it cannot be wounded again)
        raise Invalid(N_("%(unit)s is already wounded: a wounded unit cannot be wounded again."), unit=label)


@needs("unit.update", "unit.disband")
def _unit_needed(state, p):
    """The unit command's refusals, for its events wherever they are applied (an import's replay, the fold)."""
    u = unit_there(state, p["player"], p["uid"])
    if p.get("wounded") is True and p.get("wound_cards") == 1:  # the "wound" action
        not_wounded_again(u, u["name"])


@command("unit")
def cmd_unit(state, data) -> Command:
    i, u = _unit(state, data)
    name = state["players"][i]["name"]
    action = parse.choice(data, "action", ("spend", "ready", "wound", "heal", "disband"))
    label = unit_label(u)
    if action == "disband":
        s = sentence(N_("%(name)s disbands %(unit)s."), name=name, unit=label)
        return Command("unit.disband", {"player": i, "uid": u["uid"]}, s, (f"player:{i}:units",))
    if action == "wound":
        not_wounded_again(u, label)
    change = {"spend": {"state": "spent"}, "ready": {"state": "ready"}, "wound": {"wounded": True, "wound_cards": 1},
              "heal": {"wounded": False, "wound_cards": 0}}[action]
    cards = int(u.get("wound_cards") or (1 if u["wounded"] else 0))
    if action == "heal" and cards > 1:
        # Poison gave this unit two Wound cards: each must be healed (Rulebook, Wounds and Healing)
        change = {"wound_cards": cards - 1}
        s = sentence(N_("%(name)s's %(unit)s heals one of its Wounds (%(n)d left)."), name=name, unit=label,
                     n=cards - 1)
        return Command("unit.update", {"player": i, "uid": u["uid"], **change}, s, (f"player:{i}:units:{u['uid']}",))
    msgs = {"spend": N_("%(name)s's %(unit)s is spent."), "ready": N_("%(name)s's %(unit)s is ready."),
            "wound": N_("%(name)s's %(unit)s is wounded."), "heal": N_("%(name)s's %(unit)s is healed.")}
    s = sentence(msgs[action], name=name, unit=label)
    return Command("unit.update", {"player": i, "uid": u["uid"], **change}, s, (f"player:{i}:units:{u['uid']}",))
