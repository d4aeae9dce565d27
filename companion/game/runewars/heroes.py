"""Runewars unit types, duels, attribute tests and limits (seed 001): commands and reducers."""

from __future__ import annotations

from ...rules.runewars import core as rw
from ...rules.text import N_, Nn_, T
from ...state import reducer
from ..spine.command import Command, Invalid, command
from ..spine.fields import choice, flag, text, whole
from ..spine.sentences import plural_sentence, sentence
from ..spine.undo import register_scope
from .core import BATTLE_SCOPE, MAX_TYPES, NEUTRAL, next_id, require_runewars, rw_state, type_scope, view

MAX_HERO_HEALTH = 20
MAX_ATTRIBUTE = 10



def _owner(state, data, name="owner"):
    raw = data.get(name)
    if raw == NEUTRAL:
        return NEUTRAL
    return whole(data, name, lo=0, hi=len(state["players"]) - 1, label=name)


# ---------------------------------------------------------------------------------------------- unit types


@command("runewars_unit_type")
def cmd_unit_type(state, data) -> Command:
    """The table enters a unit type from its faction sheet once per game (the seeds print no faction sheets)."""
    require_runewars(state)
    owner = _owner(state, data)
    name = text(data, "name", max_len=40, label="name")
    new_type_allowed(state, {"owner": owner, "name": name})
    payload = {
        "owner": owner, "name": name,
        "initiative": whole(data, "initiative", lo=1, hi=5, label="initiative"),
        "shape": choice(data, "shape", rw.SHAPES, label="shape"),
        "health": whole(data, "health", lo=1, hi=9, label="health"),
        "ability": text(data, "ability", default="", max_len=300, label="ability"),
    }
    s = sentence(N_("Unit type %(name)s entered (initiative %(i)d, health %(h)d)."), name=name,
                 i=payload["initiative"], h=payload["health"])
    # the type's own scope: a battle that uses it names it too, so the type cannot be taken back under the battle
    new_id = f"t{view(state)['next_id']}"  # the id the reducer gives it (core.next_id)
    return Command("runewars.unit_type", payload, s, ("runewars:types", type_scope(new_id)))


def new_type_allowed(state: dict, p: dict) -> None:
    """A new unit type: at most MAX_TYPES in a game, one name once per side (the command's and its event's check)."""
    if len(view(state)["unit_types"]) >= MAX_TYPES:
        raise Invalid(N_("At most %(n)d unit types in a game."), n=MAX_TYPES)
    if any(t["owner"] == p["owner"] and t["name"].casefold() == p["name"].casefold()
           for t in view(state)["unit_types"]):
        raise Invalid(N_("This side already has a unit type called %(name)s."), name=p["name"])


@reducer("runewars.unit_type")
def _unit_type(state, p, ev):
    r = rw_state(state)
    r["unit_types"].append(dict(p, id=next_id(r, "t")))


@command("runewars_unit_type_remove")
def cmd_unit_type_remove(state, data) -> Command:
    require_runewars(state)
    type_id = text(data, "type", max_len=20, label="type")
    t = removable_type(state, type_id)
    s = sentence(N_("Unit type %(name)s removed."), name=t["name"])
    # its check reads the battle (no type fighting in it is removed), so its scope names the battle: a per-entry undo
    # of a battle's end cannot bring back a battle that fights with a removed type (found by Hypothesis)
    return Command("runewars.unit_type_remove", {"type": type_id}, s,
                   ("runewars:types", type_scope(type_id), BATTLE_SCOPE))


# the same for a removal an earlier version stored with the types' scopes alone (read by the per-entry undo)
register_scope("runewars.unit_type_remove", lambda _e: (BATTLE_SCOPE,))


def removable_type(state: dict, type_id: str) -> dict:
    """A unit type that exists and fights in no battle being fought (the command's and its event's check)."""
    t = next((t for t in view(state)["unit_types"] if t["id"] == type_id), None)
    if t is None:
        raise Invalid(N_("There is no unit type %(id)s."), id=type_id)
    b = view(state)["battle"]
    if b and any(u["type"] == type_id for u in b["units"]):
        raise Invalid(N_("%(name)s is fighting in the current battle."), name=t["name"])
    return t


@reducer("runewars.unit_type_remove")
def _unit_type_remove(state, p, ev):
    r = rw_state(state)
    r["unit_types"] = [t for t in r["unit_types"] if t["id"] != p["type"]]


# ---------------------------------------------------------------------------------------------- duels


def _hero_fields(state, data, side):
    return {
        "player": _owner(state, data, f"{side}_player"),
        "name": text(data, f"{side}_name", max_len=40, label=f"{side}_name"),
        "health": whole(data, f"{side}_health", lo=1, hi=MAX_HERO_HEALTH, label=f"{side}_health"),
        "damage": whole(data, f"{side}_damage", default=0, lo=0, hi=MAX_HERO_HEALTH, label=f"{side}_damage"),
        "routed": flag(data, f"{side}_routed"),
    }


# ---------------------------------------------------------------------------------------------- Quest Phases


def hero_key(name: str) -> str:
    """A hero by his card's name (each Hero card is one hero), as a Quest Phase remembers who has acted."""
    return " ".join(str(name).split()).casefold()


@command("runewars_quest_phase")
def cmd_quest_phase(state, data) -> Command:
    """Quest Phase: "The secondary ability of each Summer Season card is to resolve a Quest Phase". From the first
    one the table marks, the game holds what each hero may do in it: start one duel or attempt one Quest."""
    require_runewars(state)
    n = (view(state).get("quest_phase") or {}).get("no", 0) + 1
    s = sentence(N_("Quest Phase %(n)d begins."), n=n)
    return Command("runewars.quest_phase", {}, s, ("runewars:quest_phase",))


@reducer("runewars.quest_phase")
def _quest_phase(state, p, ev):
    r = rw_state(state)
    r["quest_phase"] = {"no": (r.get("quest_phase") or {}).get("no", 0) + 1, "acted": {}}


def _acted(state: dict, name: str) -> str | None:
    """What the hero has done in the Quest Phase being played (``duel``, ``quest``), None before the first one."""
    phase = view(state).get("quest_phase")
    return phase["acted"].get(hero_key(name)) if phase else None


def may_start_duel(state: dict, p: dict) -> None:
    """Duels and Attempting and Completing Quests, in the Quest Phase the table marked: a hero who moves "may move
    up to two areas and then possibly start a duel or attempt a Quest" (one of them, once); "A hero that starts a
    duel may not attempt a Quest during the same Quest Phase"; "Each hero may only attempt one Quest per Quest
    Phase". A Duel quest (the defender is the neutral unit) is the hero's Quest. Checked where the event is
    recorded: games and exports from before Quest Phases have none, and never meet it."""
    name = p["attacker"]["name"]
    quest = p["defender"]["player"] == NEUTRAL
    if quest:
        may_attempt_quest(state, name)
        return
    done = _acted(state, name)
    if done == "duel":
        raise Invalid(N_("Runewars, Quest Phase: %(name)s has already started a duel in this Quest Phase (a hero "
                         "may \"move up to two areas and then possibly start a duel or attempt a Quest\", once)."),
                      name=name)
    if done == "quest":
        raise Invalid(N_("Runewars, Quest Phase: %(name)s has attempted a Quest in this Quest Phase, so he may not "
                         "start a duel in it (\"then possibly start a duel or attempt a Quest\")."), name=name)


def may_attempt_quest(state: dict, name: str) -> None:
    done = _acted(state, name)
    if done == "duel":
        raise Invalid(N_("Runewars, Duels: \"A hero that starts a duel may not attempt a Quest during the same Quest "
                         "Phase\": %(name)s started one in this Quest Phase."), name=name)
    if done == "quest":
        raise Invalid(N_("Runewars, Attempting Quests: \"Each hero may only attempt one Quest per Quest Phase\": "
                         "%(name)s has attempted one in this Quest Phase."), name=name)


def not_routed(routed: bool, quest: bool) -> None:
    """Duels: "Routed heroes can be forced into a duel by an opponent's hero, but may not start a duel";
    Attempting Quests: "Routed heroes may not attempt Quests"."""
    if routed and quest:
        raise Invalid(N_("Runewars, Attempting Quests: \"Routed heroes may not attempt Quests\" (a routed hero may "
                         "not choose the Quest Phase's Move option)."))
    if routed:
        raise Invalid(N_("Runewars, Duels: \"Routed heroes can be forced into a duel by an opponent's hero, but may "
                         "not start a duel.\""))


def _note_acted(state: dict, name: str, what: str) -> None:
    phase = rw_state(state).get("quest_phase")
    if phase:
        phase["acted"].setdefault(hero_key(name), what)


@command("runewars_duel_start")
def cmd_duel_start(state, data) -> Command:
    """Duels 1-2: the attacker declares the defending hero; start-of-duel abilities are entered as damage."""
    require_runewars(state)
    a, b = _hero_fields(state, data, "attacker"), _hero_fields(state, data, "defender")
    duel_opponents({"attacker": a, "defender": b})
    not_routed(a["routed"], b["player"] == NEUTRAL)
    duel_allowed(state, {"attacker": a, "defender": b})
    may_start_duel(state, {"attacker": a, "defender": b})
    s = sentence(N_("Duel: %(a)s challenges %(d)s."), a=a["name"], d=b["name"])
    return Command("runewars.duel_start", {"attacker": a, "defender": b}, s, ("runewars:duel",))


def duel_opponents(p: dict) -> None:
    """Duels 1: "The player who is starting the duel chooses a single enemy hero present in his hero's area"; a Duel
    quest's neutral unit is the other opponent a hero duels ("Duel" Quests). So the hero who starts it is a player's,
    and the defender is another player's hero or the neutral unit.

    The command's check only, not its event's: a game or an export recorded before this version may hold a duel
    between two heroes of one player, and it still folds and imports as it was recorded."""
    attacker, defender = p["attacker"]["player"], p["defender"]["player"]
    if attacker == NEUTRAL:
        raise Invalid(N_("Runewars, Duels: the hero who starts a duel is a player's hero; a Duel quest's neutral unit "
                         "is the defender."))
    if defender == attacker:
        raise Invalid(N_("Runewars, Duels 1: the player who starts a duel \"chooses a single enemy hero present in "
                         "his hero's area\": %(a)s and %(d)s are both heroes of the same player."),
                      a=p["attacker"]["name"], d=p["defender"]["name"])


def duel_allowed(state: dict, p: dict) -> None:
    """Duels 1: no duel is being fought, neither hero is defeated (the command's and its event's check)."""
    d = view(state)["duel"]
    if d and not d["over"]:
        raise Invalid(N_("A duel is already being fought: finish it first."))
    for h in (p["attacker"], p["defender"]):
        if h["damage"] >= h["health"]:
            raise Invalid(N_("%(name)s is already defeated (damage %(d)d, health %(h)d)."), name=h["name"],
                          d=h["damage"], h=h["health"])


@reducer("runewars.duel_start")
def _duel_start(state, p, ev):
    r = rw_state(state)
    if r["duel"]:
        r["duels"].append(r["duel"])
    r["duel"] = {"attacker": dict(p["attacker"]), "defender": dict(p["defender"]), "round": 0, "rounds": [],
                 "over": False, "winner": None}
    _note_acted(state, p["attacker"]["name"], "quest" if p["defender"]["player"] == NEUTRAL else "duel")


def _draw(data, side, neutral: bool = False) -> dict:
    """One side's Fate card in a duel round; ``neutral``: the side is a Duel quest's neutral unit, whose special
    ability icon triggers its special ability (``special`` ``"ability"``), never the hero's 1 damage."""
    icon = choice(data, f"{side}_icon", rw.DUEL_ICONS, label=f"{side}_icon")
    value = whole(data, f"{side}_value", default=1 if icon in ("damage", "rout") else 0, lo=0, hi=9,
                  label=f"{side}_value")
    special = choice(data, f"{side}_special", rw.DUEL_SPECIALS, default="ability" if neutral else "damage",
                     label=f"{side}_special")
    special_allowed(neutral, special)
    prevent = whole(data, f"{side}_prevent", default=0, lo=0, hi=9, label=f"{side}_prevent")
    draw = {"icon": icon, "value": value, "special": special, "prevent": prevent}
    for trait in TRAITS:  # the Weapon and Armor Reward cards used this round, by name (only when given)
        name = text(data, f"{side}_{trait}", default="", max_len=40, label=f"{side}_{trait}")
        if name:
            draw[trait] = name
    return draw


@command("runewars_duel_round")
def cmd_duel_round(state, data) -> Command:
    """Duels 3: one round; both heroes' circle-section icons, resolved simultaneously."""
    require_runewars(state)
    d = duel_going(state)
    payload = {side: _draw(data, side, d[side]["player"] == NEUTRAL) for side in rw.SIDES}
    one_weapon_one_armor(state, payload)
    s = sentence(N_("Duel round %(n)d: %(a)s draws %(ai)s, %(d)s draws %(di)s."), n=d["round"] + 1,
                 a=d["attacker"]["name"], d=d["defender"]["name"], ai=payload["attacker"]["icon"],
                 di=payload["defender"]["icon"], translate=("ai", "di"))
    return Command("runewars.duel_round", payload, s, ("runewars:duel",))


TRAITS = ("weapon", "armor")


def one_weapon_one_armor(state: dict, p: dict) -> None:
    """Reward Cards in Duels: "each hero may use any number of his Reward cards, but may not use more than one
    "weapon" and one "armor" card during a single duel. Note that a hero may use the same "weapon" or "armor" Reward
    card multiple times during a duel"; a Duel quest's neutral unit has no Reward cards."""
    d = duel_going(state)
    for side in rw.SIDES:
        for trait in TRAITS:
            name = p[side].get(trait)
            if not name:
                continue
            if d[side]["player"] == NEUTRAL:
                raise Invalid(N_("Runewars, \"Duel\" Quests: the neutral unit has no Reward cards."))
            used = d[side].get(trait)
            if used and hero_key(used) != hero_key(name):
                msg = (N_("Runewars, Reward Cards in Duels: a hero \"may not use more than one \"weapon\" and one "
                          "\"armor\" card during a single duel\": %(hero)s has used the weapon %(used)s (he may use "
                          "it again).") if trait == "weapon" else
                       N_("Runewars, Reward Cards in Duels: a hero \"may not use more than one \"weapon\" and one "
                          "\"armor\" card during a single duel\": %(hero)s has used the armor %(used)s (he may use "
                          "it again)."))
                raise Invalid(msg, hero=d[side]["name"], used=used)


def special_allowed(neutral: bool, special: str) -> None:
    """Duels 3b: a hero's special ability icon "may either deal one damage (as printed on his Hero card) or use the
    ability of one of his Reward cards"; "Duel" Quests: the neutral unit "triggers its special ability (since,
    unlike a hero, it does not have the "deal 1 damage" option)". The command's check (a stored or exported Duel
    quest whose unit dealt the hero's 1 damage still folds and imports as it was recorded)."""
    if neutral and special != "ability":
        raise Invalid(N_("Runewars, \"Duel\" Quests: the neutral unit's special ability icon triggers its special "
                         "ability (since, unlike a hero, it does not have the \"deal 1 damage\" option, nor Reward "
                         "cards): enter what its ability deals as the icon's number."))
    if not neutral and special == "ability":
        hero_special(special)


def hero_special(special: str) -> None:
    """A hero's special icon is 1 damage or a Reward card's ability, never a neutral unit's ability. Only events
    of this version can hold ``"ability"``, so this is checked where its event is recorded (``needs_at_record``)."""
    if special == "ability":
        raise Invalid(N_("Runewars, Duels 3b: a hero's special ability icon deals 1 damage (as printed on his Hero "
                         "card) or uses the ability of one of his Reward cards."))


def duel_going(state: dict) -> dict:
    d = view(state)["duel"]
    if not d or d["over"]:
        raise Invalid(N_("No duel is being fought."))
    return d


def _duel_draw(p: dict) -> rw.DuelDraw:
    return rw.DuelDraw(p["icon"], int(p["value"]), p["special"], int(p.get("prevent", 0)))


@reducer("runewars.duel_round")
def _duel_round(state, p, ev):
    d = rw_state(state)["duel"]
    a, b = d["attacker"], d["defender"]
    res = rw.duel_round(rw.DuelHero(a["health"], a["damage"]), rw.DuelHero(b["health"], b["damage"]),
                        _duel_draw(p["attacker"]), _duel_draw(p["defender"]), d["round"] + 1)
    a["damage"], b["damage"] = res.attacker.damage, res.defender.damage
    for side, hero in (("attacker", a), ("defender", b)):
        for trait in TRAITS:
            if p[side].get(trait) and not hero.get(trait):
                hero[trait] = p[side][trait]  # the one weapon and the one armor of this duel
    d["round"] += 1
    d["rounds"].append({"attacker": p["attacker"], "defender": p["defender"], "dealt": list(res.dealt),
                        "trace": [line.to_json() for line in res.explanation]})
    if res.over:
        d["over"] = True
        d["winner"] = rw.duel_winner(res.attacker, res.defender)
        d["defeated"] = {"attacker": res.attacker.defeated, "defender": res.defender.defeated}


# ---------------------------------------------------------------------------------------------- attribute tests


@command("runewars_attribute_test")
def cmd_attribute_test(state, data) -> Command:
    require_runewars(state)
    hero = text(data, "hero", max_len=40, label="hero")
    attribute = choice(data, "attribute", rw.ATTRIBUTES, label="attribute")
    value = whole(data, "value", lo=0, hi=MAX_ATTRIBUTE, label="value")
    quest = flag(data, "quest")
    if quest:
        not_routed(flag(data, "routed"), True)
        may_attempt_quest(state, hero)
    s = plural_sentence(*Nn_("%(hero)s tests %(attr)s %(n)d: draw %(n)d Fate card.",
                    "%(hero)s tests %(attr)s %(n)d: draw %(n)d Fate cards, choose one."), "n", hero=hero,
                 attr=rw.ATTRIBUTE_NAMES[attribute], n=value, translate=("attr",))
    payload = {"hero": hero, "attribute": attribute, "value": value}
    if quest:
        payload["quest"] = True
    return Command("runewars.attribute_test", payload, s, ("runewars:tests",))


@reducer("runewars.attribute_test")
def _attribute_test(state, p, ev):
    r = rw_state(state)
    t = rw.attribute_test(p["attribute"], int(p["value"]))
    r["tests"] = (r["tests"] + [dict(p, cards=t.cards, trace=[line.to_json() for line in t.explanation])])[-10:]
    if p.get("quest"):
        _note_acted(state, p["hero"], "quest")


# ---------------------------------------------------------------------------------------------- limits


@command("runewars_limits")
def cmd_limits(state, data) -> Command:
    """Gaining Heroes / Quest Cards: the table keeps each player's count of heroes and Quest cards."""
    require_runewars(state)
    i = whole(data, "player", lo=0, hi=len(state["players"]) - 1, label="player")
    heroes = whole(data, "heroes", lo=0, hi=10, label="heroes")
    quests = whole(data, "quests", lo=0, hi=10, label="quests")
    s = sentence(N_("%(name)s: heroes %(h)d, Quest cards %(q)d."), name=state["players"][i]["name"],
                 h=heroes, q=quests)
    return Command("runewars.limits", {"player": i, "heroes": heroes, "quests": quests}, s,
                                   (f"runewars:limits:{i}",))


@reducer("runewars.limits")
def _limits(state, p, ev):
    rw_state(state)["limits"][str(p["player"])] = {"heroes": int(p["heroes"]), "quests": int(p["quests"])}


def limit_prompts(state: dict) -> list[dict]:
    """Who must act: a fourth hero deserts (Gaining Heroes), a fourth Quest card is discarded (Quest Cards)."""
    out = []
    for key, lim in sorted(view(state)["limits"].items()):
        i = int(key)
        desert = rw.over_limit(lim["heroes"], rw.HERO_LIMIT)
        discard = rw.over_limit(lim["quests"], rw.QUEST_LIMIT)
        if desert:
            out.append({"player": i, "line": T(N_("Runewars, Gaining Heroes: %(name)s controls %(n)d heroes: choose "
                                                  "%(k)d to desert (Reward cards discarded faceup)."),
                                               name=state["players"][i]["name"], n=lim["heroes"], k=desert)})
        if discard:
            out.append({"player": i, "line": T(N_("Runewars, Quest Cards: %(name)s holds %(n)d Quest cards: discard "
                                                  "%(k)d of his choice."),
                                               name=state["players"][i]["name"], n=lim["quests"], k=discard)})
    return out


__all__ = ["limit_prompts"]
