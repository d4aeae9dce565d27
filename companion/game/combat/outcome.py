"""Combat outcome: what the combat gives (Fame, Reputation, Wounds, units, Shields, conquest) applied to the
player, or the combat cancelled without any effect.

Events: ``combat.end`` (scope ``("combat", "player:<i>")``, plus the keep owner's shields), ``combat.cancel``.
Rulebook "Combat Outcomes", "City Assaults", "Cooperative City Assault" 6; quick reference (sites, other players'
keeps); Rulebook End of the Turn 6 (a new level applies at the end of the turn).
"""

from __future__ import annotations

import copy
from typing import Any, Mapping

from ...rules.combat.enemies import CombatError
from ...rules.combat.outcomes import combat_outcome
from ...rules.data import get_rules
from ...rules.progression import change_fame, move_reputation
from ...rules.text import N_, Nn_, T, Term, Tn, from_json
from ...state import player, reducer
from ..flow.fight_hooks import fight_hooks
from ..flow.scenario_play import after_combat, mine_reputation, rampage_reputation
from ..flow.scenario_rules import assault_costs_reputation, line_bonus
from ..flow.trackers import SHIELD_NAMES
from ..spine.command import Command, command
from ..spine.sentences import plural_sentence, sentence
from .forms import may_end, need_current
from .interactive import extra_fame
from .mage_lite import outcome_wounds
from .setup import start_turn
from .site_reward import mage_lite_reward_of, reward_of
from .state import (FIGHTS, SCOPE, alive, engine_enemy, lines_json, mine, player_units, refuse, root,
                    uid_of, unit_name_de)
from .variant import mage_lite_rules


@reducer("combat.end")
def _end(state, p, ev):
    r = root(state)
    o = p["outcome"]
    pl = player(state, o["player"])
    before = {"fame": pl["fame"], "reputation": pl["reputation"], "wounds": pl["wounds"]}
    hooks = fight_hooks(state)  # Mage Lite: its Fame card, Reputation card and cities (applied below)
    if hooks is None:
        pl["fame"] = max(0, pl["fame"] + int(o["fame"]))
        if o["reputation"]:
            pl["reputation"] = move_reputation(get_rules().reputation, pl["reputation"], int(o["reputation"]))
    pl["wounds"] = max(0, pl["wounds"] + int(o["wounds_to_hand"]) + int(o["wounds_to_discard"]))
    hurt = {int(u["uid"]): u for u in o["units"]}
    kept = []
    for u in pl["units"]:
        h = hurt.get(u["uid"])
        if h and h["destroyed"]:
            continue  # Paralyze: destroyed, removed from the game
        if h and h["wounds"]:
            u["wounded"] = True
            u["wound_cards"] = int(u.get("wound_cards") or 0) + int(h["wounds"])  # Poison: two, heal twice
        kept.append(u)
    pl["units"] = kept
    for kind, n in o["shields"].items():
        pl["shields"][kind] = pl["shields"].get(kind, 0) + int(n)
    after_combat(state, o, r.get("current"))  # scenario rules and the score sheet (game/flow/scenario_play.py)
    if o.get("owner_loses_keep") is not None:
        owner = player(state, o["owner_loses_keep"])
        site = o.get("owner_site") or "keep"  # Conquer and Hold: another player's mage tower
        owner["shields"][site] = max(0, owner["shields"].get(site, 0) - 1)
    if o.get("city"):
        city = r["cities"].setdefault(o["city"], {"level": o.get("level"), "shields": [], "conquered": False})
        city["level"] = o.get("level") or city.get("level")
        city["shields"].extend([o["player"]] * int(o["shields"].get("city", 0)))
        city["conquered"] = city["conquered"] or bool(o["conquered"])
    if hooks is not None:
        # Mage Lite: Fame with the Mini Blitz's Fame Bonus, the Reputation card, a city conquered or a site beaten
        hooks.apply_outcome(state, o, ev.seq)
    if o.get("incantation"):
        # Druid Nights: "Once during the first Night" (and once in the second): this player's incantation is done
        r.setdefault("incantations", []).append({"player": o["player"], "night": o["incantation"]["night"]})
    after = {"fame": pl["fame"], "reputation": pl["reputation"], "wounds": pl["wounds"]}
    # Rulebook End of the Turn 6: the new level (and its reward) applies at the end of the turn
    if hooks is not None and hooks.level_up is not None:
        level = hooks.level_up(state, before["fame"], pl["fame"])  # Mage Lite: its hero card's level-up
    else:
        ch = change_fame(get_rules().levels, before["fame"], pl["fame"] - before["fame"])
        level = {"before": ch.before.level, "after": ch.after.level, "rewards": list(ch.rewards)}
    r["last"] = {**copy.deepcopy(o), "before": before, "after": after, "level": level, "seq": ev.seq}
    cur = r.get("current")
    coop = (cur or {}).get("coop")
    if coop and coop["turn"] + 1 < len(coop["participants"]):
        start_turn(state, cur, coop["turn"] + 1)  # Rulebook Cooperative City Assault 6a: the next participant
    else:
        if coop:  # its participants' Round Order tokens flip (companion/game/flow/round_tokens.py)
            r.setdefault("coop_assaults", []).append({"participants": list(coop["participants"]), "seq": ev.seq})
        r["current"] = None


@reducer("combat.cancel")
def _cancel(state, p, ev):
    root(state)["current"] = None


def outcome_of(state: dict, cur: dict) -> dict:
    kind = cur["kind"]
    defeated = [e for e in mine(cur) if e.get("defeated")]
    undefeated = alive(cur)
    if mage_lite_rules(state) and cur["fight"] == "rampaging":
        # seed 004 "Combat with Enemies" 1d: "If you are standing adjacent to a rampaging enemy site ... you can
        # challenge it"; Combat Outcomes 2a: "You do gain Reputation (+1 for each orc marauders, +2 for each
        # draconum)": an enemy fought on its own rampaging space is rampaging, ticked or not
        defeated = [{**e, "rampaging": True} for e in defeated]
        undefeated = [{**e, "rampaging": True} for e in undefeated]
    try:
        out = combat_outcome([engine_enemy(e, False) for e in defeated],
                             [engine_enemy(e, False) for e in undefeated], kind)
    except CombatError as err:
        refuse(err)
    fame = out.fame
    trace = list(out.explanation)
    reputation = out.reputation
    if kind == "assault" or cur["fight"] in ("other_keep", "other_mage_tower"):
        if not assault_costs_reputation(state, cur["fight"]):
            reputation += 1
            trace.append(T("Scenario Book, Conquer and Hold: there is no Reputation loss for assaulting keeps and "
                           "mage towers"))
    freed = mine_reputation(cur, out.conquered)
    if freed:
        reputation += freed
        trace.append(T("Scenario Book, Mines Liberation: whoever defeats the last enemy liberates the mine: "
                       "Reputation +%(n)d", n=freed))
    brown = rampage_reputation(state, cur, defeated)
    if brown:
        reputation += brown
        trace.append(T("Scenario Book, Variants, Rampaging Evil: Reputation +1 for each enemy token defeated, the "
                       "brown ones too: +%(n)d", n=brown))
    inc = cur.get("incantation")
    if inc:
        fame *= 2
        trace.append(T("Scenario Book, Druid Nights: the summoned enemies defeated give twice the Fame: %(fame)d",
                       fame=fame))
        summoned = len(mine(cur))
        trace.append(T("Scenario Book, Druid Nights: at the end of your turn roll %(n)d mana die (dice) for "
                       "crystals (%(per)d per summoned monster, as in a monster den); undefeated ones disappear",
                       n=summoned * int(inc.get("crystals_per_enemy", 1)), per=int(inc.get("crystals_per_enemy", 1))))
    extra = extra_fame(cur)
    if extra:
        fame += extra
        trace.append(T("Scenario Book, Variants, Interactive Combat: the enemy is worth 1 more Fame (%(color)s): "
                       "+%(n)d", color=cur["interactive"], n=extra))
    bonus = line_bonus(state, player(state, cur["player"])["fame"], fame)
    if bonus:
        fame += bonus
        trace.append(T("Scenario Book, Blitz: %(bonus)d extra Fame for crossing lines on the Fame track",
                       bonus=bonus))
    conquered = out.conquered
    coop = cur.get("coop")
    if coop:
        # Rulebook Cooperative City Assault 6: the city is conquered when every participant's share is defeated
        last = coop["turn"] == len(coop["participants"]) - 1
        left = [e for e in cur["enemies"] if not e.get("rampaging") and not e.get("defeated")]
        conquered = last and not left
        if last and conquered:
            trace.append(T("Rulebook Cooperative City Assault 6: every participant has fought: all defenders "
                           "defeated, city conquered"))
        elif last:
            trace.append(Tn("Rulebook Cooperative City Assault 6: every participant has fought: %(n)d defender "
                            "left, city not conquered",
                            "Rulebook Cooperative City Assault 6: every participant has fought: %(n)d defenders "
                            "left, city not conquered", "n", n=len(left)))
        else:
            trace.append(T("Rulebook Cooperative City Assault 6: participant %(n)d of %(count)d; the next one fights "
                           "now", n=coop["turn"] + 1, count=len(coop["participants"])))
    shields: dict[str, int] = {}
    shield_kind = FIGHTS[cur["fight"]][4]
    if cur["fight"] == "city":
        if out.shields:
            shields["city"] = out.shields
    elif shield_kind and out.conquered and cur.get("revisit"):
        trace.append(T("Quick reference: a site conquered before gives no reward and no Shield token"))
    elif shield_kind and out.conquered:
        shields[shield_kind] = 1
        trace.append(T("Quick reference: site conquered, mark it with a Shield token (%(kind)s)",
                       kind=Term(SHIELD_NAMES.get(shield_kind, shield_kind))))  # a translated site, never its id
    owner_loses = None
    if cur["fight"] in ("other_keep", "other_mage_tower") and out.conquered and cur.get("owner") is not None:
        owner_loses = int(cur["owner"])
        trace.append(T("Quick reference, Other Players' Keeps: you replace the owner's Shield token with your own"))
    res = (cur.get("damage") or {}).get("result")
    hand = discard = 0
    knocked_out = False
    units = []
    if res:
        hand, discard = res["hero"]["wounds_to_hand"], res["hero"]["wounds_to_discard"]
        knocked_out = res["hero"]["knocked_out"]
        units = [{"uid": uid_of(u["id"]), "wounds": u["wounds"], "destroyed": u["destroyed"]}
                 for u in res["units"] if u["wounds"] or u["destroyed"]]
    ml = outcome_wounds(cur) if mage_lite_rules(state) else None
    if ml:
        # seed 004 "Taking Wounds": the hero's wounds go into the hand first, then into the deed deck
        hand, discard, knocked_out = ml["wounds_to_hand"], ml["wounds_to_deck"], ml["knocked_out"]
        trace.extend(from_json(x) for x in ml["explanation"])
    hooks = fight_hooks(state)
    if hooks is not None:
        # Mage Lite: the Fame Bonus, the city conquered (its Influence bonus), the site beaten
        trace.extend(hooks.outcome_lines(state, {
            "fight": cur["fight"], "fame": fame, "conquered": conquered if kind != "none" else None,
            "shields": shields, "city": cur["site"].get("city") if cur["fight"] == "city" else None,
            "defeated": [e["name"] for e in defeated], "undefeated": [e["name"] for e in undefeated]}))
    own = player_units(state, cur["player"])  # Mage Lite: its own Units (FightHooks.units)
    names = {str(u["uid"]): u["name"] for u in own}
    names_de = {str(u["uid"]): unit_name_de(u) for u in own}
    return {
        "player": cur["player"], "fight": cur["fight"], "fame": fame, "reputation": reputation,
        "wounds_to_hand": hand, "wounds_to_discard": discard, "knocked_out": knocked_out,
        "units": [{**u, "name": names.get(str(u["uid"]), "?"), "name_de": names_de.get(str(u["uid"]))}
                  for u in units],
        "shields": shields, "conquered": conquered if kind != "none" else None,
        "city": cur["site"].get("city") if cur["fight"] == "city" else None, "level": cur.get("level"),
        "defeated": [e["name"] for e in defeated], "undefeated": [e["name"] for e in undefeated],
        "explanation": lines_json(trace), "owner_loses_keep": owner_loses,
        "owner_site": FIGHTS[cur["fight"]][4],
        # the adventure site's reward with "Site conquered" (not for a revisit: "no reward and no Shield token")
        "reward": _reward(state, cur) if conquered and not cur.get("revisit") else None,
        "incantation": cur.get("incantation"),
        **({"mage_lite": True} if mage_lite_rules(state) else {}),
        # Mage Lite's base game: "whenever you would gain an artifact or a spell for the rest of the game, you gain
        # whichever type you committed to" (seed 004 "SPELLS AND ARTIFACTS")
        **({"commitment": _commitment(state)} if conquered and _commitment(state) else {}),
    }




def _commitment(state: dict) -> str | None:
    """Mage Lite's base game: "spell" or "artifact" once the first one was gained (None otherwise)."""
    if not mage_lite_rules(state):
        return None
    m = state.get("mage_lite") or {}
    return None if m.get("main_expansion") else m.get("commitment")


def _reward(state: dict, cur: dict) -> str | None:
    """The reward of a site won: Mage Lite's Site Reference in a Mage Lite game (mana tokens, or crystals with its
    Crystal expansion; the Guiding symbols choose), else the quick reference's adventure sites."""
    if mage_lite_rules(state):
        crystals = bool((state.get("mage_lite") or {}).get("crystals"))
        return mage_lite_reward_of(cur["fight"], cur["site"].get("adventure"), crystals, cur["site"])
    return reward_of(cur["site"].get("adventure"))


@command("combat_end")
def end(state: dict, data: Mapping[str, Any]) -> Command:
    """The outcome of the combat (Attack phase over), applied to the fighting player."""
    cur = may_end(state)  # no enemy left: the combat jumps to its result from any phase after the set-up
    hooks = fight_hooks(state)
    if hooks is not None:
        hooks.check_setup(state, cur["fight"], cur["site"].get("city"))  # Mage Lite: not after the verdict
    o = outcome_of(state, cur)
    name = player(state, cur["player"])["name"]
    s = (hooks.outcome_sentence(state, o) if hooks is not None else None) or plural_sentence(
        *Nn_("Combat over: %(name)s gains %(fame)d Fame, Reputation %(rep)+d, %(wounds)d Wound; "
             "enemies defeated: %(defeated)d.",
             "Combat over: %(name)s gains %(fame)d Fame, Reputation %(rep)+d, %(wounds)d Wounds; "
             "enemies defeated: %(defeated)d."), "wounds",
        name=name, fame=o["fame"], rep=o["reputation"], wounds=o["wounds_to_hand"] + o["wounds_to_discard"],
        defeated=len(o["defeated"]))
    scope = (SCOPE, f"player:{cur['player']}") + ((f"player:{o['owner_loses_keep']}:shields",)
                                                  if o.get("owner_loses_keep") is not None else ())
    scope += hooks.scope if hooks is not None else ()  # Mage Lite: its Fame and Reputation cards, its cities
    return Command("combat.end", {"outcome": o}, s, scope)


@command("combat_cancel")
def cancel(state: dict, data: Mapping[str, Any]) -> Command:
    need_current(state)
    return Command("combat.cancel", {}, sentence(N_("The combat is cancelled (nothing is applied).")), (SCOPE,))
