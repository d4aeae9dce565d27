"""Combat set-up: who fights, what kind of fight and where, the enemies, and the cooperative city assault's deal.

Events: ``combat.setup``, ``combat.enemy_add``, ``combat.enemy_remove``, ``combat.coop_deal`` (scope
``("combat",)``; the deal also touches the participants). Rulebook "Combat with Enemies", "City Assaults",
"Cooperative City Assault"; quick reference sheet (sites).
"""

from __future__ import annotations

import copy
from typing import Any, Mapping

from ...rules.data import get_rules
from ...rules.progression import standing
from ...rules.pvp.fight import coop_split
from ...rules.text import N_
from ...state import player, reducer, rng
from ..flow.fight_hooks import fight_hooks
from ..flow.scenario_info import day_night_order
from ..flow.scenario_play import check_setup, mine_of
from ..flow.scenario_rules import cities_closed, incantation_allowed, towers_like_keeps
from ..spine.command import Command, Invalid, command
from ..spine.fields import between, choice, text, yes
from ..spine.sentences import sentence
from .forms import live_enemy, need_current, no_combat, setup_open, token_enemy, typed_enemy
from .kept import kept_enemy, kept_scope, new_kept_id, store_kept
from .site_reward import adventure_site, maze_paid
from .state import (CITY_NAMES, FIGHT_NAMES, FIGHTS, MAX_ENEMIES, SCOPE, current, enemy_arg, enemy_by_key,
                    player_units, root)
from .variant import mage_lite_rules

# ---------------------------------------------------------------------------------------------- reducers


@reducer("combat.setup")
def _setup(state, p, ev):
    r = root(state)
    r["current"] = {
        "player": int(p["player"]),
        "fight": p["fight"],
        "kind": FIGHTS[p["fight"]][0],
        "site": dict(p["site"]),
        "level": p.get("level"),
        "hero_armor": int(p["hero_armor"]),
        "hand_limit": int(p["hand_limit"]),
        "units_allowed": bool(p["units_allowed"]),
        "only_unit": p.get("only_unit"),
        "night": bool(p.get("night")),
        "revisit": bool(p.get("revisit")),
        "owner": p.get("owner"),
        "incantation": p.get("incantation"),
        "enemies": [],
        "next_key": 1,
        "phase": "setup",
        "fame": 0,
        "actions": [],
        "damage": None,
        "started": ev.seq,
    }


@reducer("combat.enemy_add")
def _enemy_add(state, p, ev):
    cur = current(state)
    if cur is None:
        return
    e = copy.deepcopy(p["enemy"])
    e.update({"key": cur["next_key"], "defeated": False, "blocked": [], "move_points": {}, "armor_bonus": 0,
              "defend_used": False, "summoned": [], "vampiric": 0})
    cur["next_key"] += 1
    cur["enemies"].append(e)
    if p.get("keep"):
        store_kept(state, p["keep"], p["enemy"])  # typed once, kept for later fights (kept.py)


@reducer("combat.enemy_remove")
def _enemy_remove(state, p, ev):
    cur = current(state)
    if cur is not None:
        cur["enemies"] = [e for e in cur["enemies"] if e["key"] != int(p["key"])]


def start_turn(state: dict, cur: dict, turn: int) -> None:
    """A participant of a cooperative city assault starts their combat against their share."""
    coop = cur["coop"]
    coop["turn"] = turn
    i = int(coop["participants"][turn])
    cur["player"] = i
    if turn > 0:
        st = standing(get_rules().levels, player(state, i)["fame"])
        cur.update({"hero_armor": st.armor, "hand_limit": st.hand_limit, "phase": "ranged_siege", "fame": 0,
                    "actions": [], "damage": None})


@reducer("combat.coop_deal")
def _coop_deal(state, p, ev):
    cur = current(state)
    if cur is None:
        return
    garrison = [e["key"] for e in cur["enemies"] if not e.get("rampaging")]
    shares = coop_split(garrison, list(p["counts"]), rng(state, ev, "coop"))
    for turn, keys in enumerate(shares):
        for k in keys:
            enemy_by_key(cur, k)["share"] = turn
    for e in cur["enemies"]:
        if e.get("rampaging"):
            e["share"] = 0  # rampaging enemies joining are the initiator's
    cur["coop"] = {"participants": [int(x) for x in p["participants"]], "counts": list(p["counts"]), "turn": 0}
    start_turn(state, cur, 0)



# ---------------------------------------------------------------------------------------------- commands


@command("combat_setup")
def setup(state: dict, data: Mapping[str, Any]) -> Command:
    """A new combat: the fighting player, the kind of fight (quick reference: keeps, mage towers and cities are
    fortified; dungeons and tombs: Night rules, no Units; burning a monastery: no Units), the site, the hero's
    Armor (default: the Fame track's) and unmodified Hand limit."""
    no_combat(state)
    i = between(data, "player", 0, len(state["players"]) - 1, label=N_("Player"))
    fight = choice(data, "fight", tuple(FIGHTS))
    kind, fortified, units_allowed, night, _shield = FIGHTS[fight]
    hooks = fight_hooks(state)  # a game kind with its own tracks (Mage Lite): its hero card, its cities
    city = None
    level = None
    second = None
    if fight == "city":
        if cities_closed(state):
            raise Invalid(N_("In this scenario the city cannot be entered or assaulted."))
        city = choice(data, "city", tuple(CITY_NAMES))
        # Scenario Book, Variants, Megapolis: "set the level of the Megapolis: it can be any number from 2 to 24"
        megapolis = "megapolis" in (state["game"].get("variants") or ())
        if hooks:  # Mage Lite: only a city of this Mini Blitz not yet conquered
            hooks.check_setup(state, fight, city)
        level = between(data, "level", 1, 24 if megapolis else 11, label=N_("City level"),
                        default=hooks.city_level(state, city) if hooks else None)
        second = megapolis_city(data, city) if megapolis else None
    # Quick reference, Dungeon/Tomb (and other adventure sites): a conquered one can be entered again; defeating
    # the enemy then gives its Fame but no reward and no Shield token.
    revisit = fight in ("dungeon", "adventure") and yes(data, "revisit")
    owner = None
    if fight == "other_mage_tower" and not towers_like_keeps(state):
        raise Invalid(N_("Only in Conquer and Hold do mage towers belong to a player."))
    if fight in ("other_keep", "other_mage_tower") and data.get("owner") not in (None, ""):
        owner = between(data, "owner", 0, len(state["players"]) - 1, label=N_("Keep owner"))
        if owner == i:
            raise Invalid(N_("The keep's owner cannot assault it."))
    check_setup(state, i, fight, owner, revisit)  # Dungeon Lords' revisits, an ally's keep (game/flow/scenario_play.py)
    if hooks and city is None:  # Mage Lite: no fight after the verdict
        hooks.check_setup(state, fight, city)
    incantation = incantation_of(state, data, fight)
    st = standing(get_rules().levels, player(state, i)["fame"])
    # Mage Lite: the hero card's Armor and Hand limit at the hero's level (its level table or the player's card)
    armor_now, hand_now = hooks.standing(state, i) if hooks else (st.armor, st.hand_limit)
    armor = between(data, "hero_armor", 1, 20, default=armor_now, label=N_("Armor"))
    # Rulebook Assign Damage 5c, 004 the same: the knock-out counts against the unmodified Hand limit "shown on your
    # Hero card at your current level" (default: the Fame track's; a Mage Lite hero card may say otherwise)
    hand_limit = between(data, "hand_limit", 1, 20, default=hand_now, label=N_("Hand limit"))
    payload = {
        "player": i, "fight": fight,
        "site": {"fortified": fortified, "city": city, "across_wall": yes(data, "across_wall")},
        "level": level, "hero_armor": armor, "hand_limit": hand_limit, "units_allowed": units_allowed,
        "night": night, "revisit": revisit, "owner": owner,
    }
    only_unit = maze_unit(state, data, i, fight)
    if only_unit is not None:
        payload["only_unit"] = only_unit
    if incantation:
        payload["incantation"] = incantation
    if fight == "city" and second:
        payload["site"]["megapolis"] = second
    if fight == "mine":
        payload["site"]["mine"] = mine_of(state, data)  # Mines Liberation: the mine's tile and colour
    site = adventure_site(data, fight)
    if site:
        payload["site"]["adventure"] = site  # its reward in the outcome (site_reward.py)
    if fight == "maze" and mage_lite_rules(state):
        payload["site"].update(maze_paid(data))  # Mage Lite: the reward by the Move points paid (site_reward.py)
    if city:
        s = sentence(N_("%(name)s assaults a level %(level)d %(city)s."), translate=("city",),
                     name=player(state, i)["name"], level=level, city=CITY_NAMES[city])
    else:
        s = sentence(N_("%(name)s starts a combat: %(fight)s."), translate=("fight",),
                     name=player(state, i)["name"], fight=FIGHT_NAMES[fight])
    return Command("combat.setup", payload, s, (SCOPE,))


def maze_unit(state: dict, data: Mapping[str, Any], i: int, fight: str) -> int | None:
    """A maze or labyrinth: the one Unit that goes along (``unit``: its uid; empty: none). Quick reference, Maze:
    "you may choose one ready unwounded Unit to accompany you. You cannot use any Unit other than the chosen one";
    seed 004, Maze and Labyrinth: "You can use only 1 unwounded Unit" (Mage Lite asks only that it is unwounded:
    a spent Unit can still be assigned damage)."""
    if fight != "maze" or data.get("unit") in (None, ""):
        return None
    uid = between(data, "unit", 1, 10 ** 9, label=N_("Unit"))
    unit = next((u for u in player_units(state, i) if u["uid"] == uid), None)
    if unit is None:
        raise Invalid(N_("That unit is not this player's."))
    if unit.get("wounded"):
        raise Invalid(N_("Only an unwounded Unit may go into a maze or labyrinth."))
    if not mage_lite_rules(state) and unit.get("state") == "spent":
        raise Invalid(N_("Only a ready Unit may go into a maze or labyrinth (quick reference, Maze)."))
    return uid


def megapolis_city(data: Mapping[str, Any], city: str) -> str | None:
    """Scenario Book, Variants, Megapolis: "draw one of the remaining City cards ... put the city figure of that
    colour next to the first city"; its defenders have the bonuses of both cities. Empty: an ordinary city."""
    if data.get("megapolis") in (None, ""):
        return None
    second = choice(data, "megapolis", tuple(CITY_NAMES))
    if second == city:
        raise Invalid(N_("The second city of a Megapolis is another colour."))
    return second


def incantation_of(state: dict, data: Mapping[str, Any], fight: str) -> dict | None:
    """Druid Nights, Special Rules: "Once during the first Night ... you may perform an incantation ...: draw one
    brown enemy per glade with your Shield and fight them. Defeated ones give twice the Fame ... gain one random
    crystal per summoned monster"; "During the second Night ... you summon red enemies; Fame is doubled and you
    get two random crystals per enemy." The first Night is round 2, the second round 4."""
    if not yes(data, "incantation"):
        return None
    if not incantation_allowed(state):
        raise Invalid(N_("Only Druid Nights has the incantation."))
    if state.get("time") != "night":
        raise Invalid(N_("The incantation is performed during a Night."))
    if fight != "rampaging":
        raise Invalid(N_("The incantation is a fight without a site: choose the fight without a site."))
    nights = [n for n, t in enumerate(_day_night(state), start=1) if t == "night"]
    night = nights.index(state["round"]) + 1 if state["round"] in nights else 1
    i = data.get("player")
    done = (state.get("combat") or {}).get("incantations") or []
    if any(str(x["player"]) == str(i) and x["night"] == night for x in done):
        raise Invalid(N_("This player has already performed the incantation this Night."))
    return {"night": night, "crystals_per_enemy": 1 if night == 1 else 2}


def _day_night(state: dict) -> tuple:
    return day_night_order(state)


@command("combat_enemy_add")
def enemy_add(state: dict, data: Mapping[str, Any]) -> Command:
    """One enemy: a token from the rules data (with this game's corrections), an enemy this game keeps (``kept``:
    its id, one tap) or one typed in (``keep`` "yes": the game keeps it for later fights, in the same event);
    rampaging enemies may join a fight at a site (not a dungeon, tomb or monastery)."""
    setup_open(state)
    token = text(data, "token", default="")
    kept = text(data, "kept", default="")
    keep_as = None
    if kept:
        e = kept_enemy(state, kept)
    elif token:
        e = token_enemy(state, token)
    else:
        e = typed_enemy(data)
        if yes(data, "keep"):
            keep_as = new_kept_id(state, e["name"])
            e["kept"] = keep_as
    e["rampaging"] = yes(data, "rampaging")
    enemy_may_join(state, e, keep_as)
    msg = (N_("%(enemy)s (rampaging) joins the combat.") if e["rampaging"] else
           N_("%(enemy)s is in the combat."))
    if keep_as:
        msg = (N_("%(enemy)s (rampaging) joins the combat; the game keeps it for later fights.") if e["rampaging"]
               else N_("%(enemy)s is in the combat; the game keeps it for later fights."))
    payload = {"enemy": e, **({"keep": keep_as} if keep_as else {})}
    return Command("combat.enemy_add", payload, sentence(msg, enemy=enemy_arg(e)), (SCOPE,) + kept_scope(payload))


def enemy_may_join(state: dict, e: Mapping[str, Any], keep_as: str | None = None) -> None:
    """What refuses an enemy joining the set-up, for the command and a stored or imported ``combat.enemy_add``
    alike: the set-up closed, a full combat, a kept enemy this game no longer keeps, a second kept enemy of one name,
    rampaging enemies where they cannot join."""
    cur = setup_open(state)
    if len(cur["enemies"]) >= MAX_ENEMIES:
        raise Invalid(N_("At most %(n)d enemies in one combat."), n=MAX_ENEMIES)
    if keep_as:
        new_kept_id(state, e["name"])
    elif e.get("kept"):
        kept_enemy(state, e["kept"])
    if e.get("rampaging") and cur["fight"] in ("dungeon", "monastery", "maze"):
        raise Invalid(N_("Rampaging enemies cannot join this fight."))


@command("combat_enemy_remove")
def enemy_remove(state: dict, data: Mapping[str, Any]) -> Command:
    cur = setup_open(state)
    key = between(data, "key", 0, 10 ** 6)
    e = live_enemy(cur, key)
    return Command("combat.enemy_remove", {"key": key},
                   sentence(N_("%(enemy)s is taken out of the combat."), enemy=enemy_arg(e)), (SCOPE,))


@command("combat_coop_deal")
def coop_deal(state: dict, data: Mapping[str, Any]) -> Command:
    """Rulebook Cooperative City Assault 5: the garrison is shuffled and dealt at random to the participants by
    the agreed numbers (``count_<player>``); then they fight one after another in Round order, starting with the
    initiator."""
    cur = need_current(state, ("setup",))
    if cur["fight"] != "city":
        raise Invalid(N_("Only a city assault can be cooperative."))
    if cur.get("coop"):
        raise Invalid(N_("The garrison has already been dealt."))
    counts = {}
    for i, pl in enumerate(state["players"]):
        n = between(data, f"count_{i}", 0, MAX_ENEMIES, default=0, shown_as=pl["name"])
        if n:
            counts[i] = n
    if cur["player"] not in counts:
        raise Invalid(N_("The player who starts the assault fights too: give them at least one enemy."))
    if len(counts) < 2:
        raise Invalid(N_("A cooperative assault needs at least two participants."))
    garrison = [e for e in cur["enemies"] if not e.get("rampaging")]
    if sum(counts.values()) != len(garrison):
        raise Invalid(N_("The agreed numbers add up to %(n)d, the garrison has %(g)d enemies."),
                      n=sum(counts.values()), g=len(garrison))
    order = [int(x) for x in state.get("round_order", []) if x != "dummy"]
    order = [x for x in order if x in counts] + [x for x in counts if x not in order]
    start = order.index(cur["player"])
    participants = order[start:] + order[:start]  # Round order, starting with the initiator (6)
    names = ", ".join(f"{state['players'][i]['name']} {counts[i]}" for i in participants)
    return Command("combat.coop_deal", {"participants": participants, "counts": [counts[i] for i in participants]},
                   sentence(N_("Cooperative city assault: the garrison is dealt at random (%(names)s)."),
                            names=names), (SCOPE,) + tuple(f"player:{i}" for i in participants))
