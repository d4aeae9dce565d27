"""What the table screen shows (``/games/<id>/table``): one read-only scoreboard for a laptop, tablet or TV beside
the board, read from the chairs. The scenario and the Round (Day or Night, Rounds left, how far the table is towards
the scenario's end), the Round order with whose turn it is and who still has a last turn, every player's Fame,
level, Reputation with its Influence modifier, crystals, Wounds, Units and Tactic, the Dummy player's deck, crystals
and forecast, the fight under way (with the running totals a phone is typing: ``fight_draft``) and, in a Runewars
game, the battle. Plain data over the folded state; no Flask, no database. Nothing here changes the state.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...rules.combat.enemies import CombatError, current_armor, effective_enemy
from ...rules.data import get_rules
from ...rules.mage_lite import game as ml_rules
from ...state import COLORS
from ..combat.state import FIGHT_NAMES, PHASE_NAMES, alive, engine_enemy, root, site_of
from ..combat.view import enemy_label, preview
from ..dummy.page import forecast
from ..flow.board import players_view
from ..flow.rounds import now as round_now
from ..flow.scenario_end import GOALS, cities_conquered, cities_needed, end_rule
from ..flow.scenario_info import DUMMY, scenario, total_rounds
from ..mage_lite.core import is_mage_lite, level as ml_level, ml, numbers as ml_numbers
from ..mage_lite.core import reputation as ml_reputation
from ..mage_lite.setup import DIFFICULTY_NAMES
from ..runewars.core import SIDE_NAMES, battle_tally, is_runewars, side_player, units_of
from ..runewars.core import view as runewars_view

# the running totals a phone may show the table: the checks of the combat page that cost nothing to compute (the
# attack plan, a search, is not one of them)
DRAFT_CHECKS = ("attack", "block", "assign")


def players(state: dict, rn: dict | None) -> list[dict]:
    """Each player as one row of the scoreboard, in the Round order (players not in it after them)."""
    order = [o for o in (state.get("round_order") or []) if o != DUMMY]
    rows = []
    for pl in players_view(state):
        p, i = pl["p"], pl["index"]
        units = p.get("units") or []
        tactic = ((rn or {}).get("tactics") or {}).get(i)
        rows.append({
            "index": i, "name": p["name"], "hero": pl["hero"], "team": p.get("team"),
            "fame": p["fame"], "level": pl["standing"].level, "reputation": p["reputation"],
            "modifier": pl["reputation_modifier"], "crystals": [(c, p["crystals"][c]) for c in COLORS],
            "wounds": p["wounds"],
            "units": {"ready": sum(1 for u in units if u.get("state") != "spent"),
                      "spent": sum(1 for u in units if u.get("state") == "spent"),
                      "wounded": sum(1 for u in units if u.get("wounded")),
                      "total": len(units), "tokens": pl["standing"].command_tokens},
            "tactic": tactic,
            "now": rn is not None and rn.get("who") == i,
        })
    place = {who: n for n, who in enumerate(order)}
    rows.sort(key=lambda r: (place.get(r["index"], len(order)), r["index"]))
    return rows


def round_info(state: dict, rn: dict | None) -> dict:
    """The Round, how many are left, and how far the table is towards the scenario's end."""
    total = total_rounds(state, default=0)
    rule = end_rule(state)
    need = cities_needed(state) if "all_cities_conquered" in rule["when"] else 0
    return {
        "round": state["round"], "time": state["time"], "total": total,
        "left": max(total - state["round"], 0) if total else None,
        "cities": {"conquered": cities_conquered(state), "of": need} if need else None,
        "goal": GOALS.get(rule["goal"] or "") if "goal" in rule["when"] else None,
        "end": (rn or {}).get("end"),
    }


def order(state: dict, rn: dict | None, dummy_name: str) -> list[dict]:
    """The Round order: who plays now, who has played, who still has a last turn (End of the Round announced, or
    the scenario's end reached)."""
    if rn is None:
        return []
    pending = set(((rn.get("end") or {}).get("status") or {}).get("pending") or ())
    flow_last = set((state.get("rounds") or {}).get("last_turns") or ()) if rn.get("announced_by") is not None else set()
    out = []
    for who in state.get("round_order") or []:
        name = dummy_name if who == DUMMY else state["players"][who]["name"]
        tactic = rn.get("dummy_tactic") if who == DUMMY else (rn.get("tactics") or {}).get(who)
        out.append({"who": who, "name": name, "now": rn.get("who") == who and rn.get("phase") == "turns",
                    "tactic": tactic, "announced": rn.get("announced_by") == who,
                    "last_turn": who != DUMMY and (who in pending or who in flow_last)})
    return out


def dummy(state: dict) -> dict | None:
    """The Dummy player's deck, crystals and forecast (its expected turns until it announces the End of the
    Round, and the most likely number)."""
    d = state.get("dummy")
    if not d:
        return None
    out: dict[str, Any] = {"mode": d.get("mode"), "deck": d.get("deck_count"),
                           "crystals": [(c, (d.get("crystals") or {}).get(c, 0)) for c in COLORS],
                           "announced": bool(d.get("announced")), "forecast": None}
    if d.get("mode") == "mage_lite":
        return out
    try:
        f = forecast(d)
    except (KeyError, TypeError, ValueError):  # a deck an earlier version stored oddly: no forecast, the rest shows
        f = None
    if f is not None and f.distribution:
        likely = max(f.distribution, key=lambda kp: kp[1])
        out["forecast"] = {"expected": float(f.expected), "likely": likely[0], "chance": round(100 * float(likely[1])),
                           "bars": [{"k": k, "pct": round(100 * float(p))} for k, p in f.distribution]}
    return out


def fight(state: dict, lang: str, draft: Mapping[str, Any] | None = None) -> dict | None:
    """The fight under way: whose, against what, the phase, and the running totals of a half-typed step
    (``draft``: the form a phone is typing, as its running total posted it), or None without a fight."""
    cur = root(state).get("current")
    if not cur:
        return None
    enemies = []
    phase = cur.get("phase")
    living = {e["key"] for e in alive(cur)}
    for e in cur.get("enemies") or []:
        try:
            eff, _trace = effective_enemy(engine_enemy(e, False), site_of(cur))
            armor = current_armor(eff, "attack" if phase == "attack" else "ranged_siege")
        except CombatError:  # an enemy the rules cannot read still shows, with its printed Armor
            armor = e.get("armor")
        enemies.append({"key": e["key"], "name": enemy_label(e, lang), "armor": armor,
                        "attacks": [a.get("value") for a in e.get("attacks") or ()],
                        "defeated": e["key"] not in living,
                        "blocked": len(e.get("blocked") or ())})
    return {"player": state["players"][cur["player"]]["name"] if 0 <= cur["player"] < len(state["players"]) else "",
            "fight": FIGHT_NAMES.get(cur.get("fight"), ""), "phase": PHASE_NAMES.get(phase, phase),
            "enemies": enemies, "draft": fight_draft(state, cur, draft, lang)}


def fight_draft(state: dict, cur: dict, draft: Mapping[str, Any] | None, lang: str = "en") -> dict | None:
    """The running total of what a phone is typing (the combat page's check, nothing recorded): its kind and
    numbers, or None when nothing is typed or it no longer fits the fight."""
    if not draft or draft.get("check") not in DRAFT_CHECKS:
        return None
    typed = [v for v in (draft.getlist("value") if hasattr(draft, "getlist") else [draft.get("value")]) if v]
    if draft.get("check") in ("attack", "block") and not typed:
        return None  # the fields were emptied: nothing is being typed
    out = preview(state, cur, draft)
    if out.get("error") is not None:
        return None
    if out.get("attack"):
        res = out["attack"]["result"]
        return {"kind": "attack", "total": res.total, "required": res.armor, "enough": bool(res.success),
                "fame": res.fame if res.success else 0,
                "targets": [enemy_label(e, lang) for e in out["attack"]["targets"]]}
    if out.get("block"):
        res = out["block"]["result"]
        return {"kind": "block", "total": res.total, "required": res.required, "enough": bool(res.success)}
    if out.get("assign"):
        res = out["assign"]["result"]
        return {"kind": "assign", "wounds": res.hero.wounds_to_hand + res.hero.wounds_to_discard,
                "knocked_out": bool(res.hero.knocked_out)}
    return None


def runewars_battle(state: dict) -> dict | None:
    """A Runewars battle on the table screen: the initiative step, each side's units and their damage, and the
    winner of the last battle fought."""
    r = runewars_view(state)
    b = r.get("battle")
    last = (r.get("battles") or [None])[-1]
    out: dict[str, Any] = {"battle": None, "last": None}
    names = [p["name"] for p in state["players"]]

    def owner(o: Any) -> str | None:
        return names[o] if isinstance(o, int) and 0 <= o < len(names) else None  # None: the neutral units

    if b:
        sides = []
        for side in ("attacker", "defender"):
            units = units_of(b, side)
            sides.append({"side": side, "side_name": SIDE_NAMES[side],
                          "owner": owner(b["attacker"] if side == "attacker" else b["defender"]),
                          "units": [{"id": u["id"], "damage": u["damage"], "health": u["health"],
                                     "routed": u["routed"], "destroyed": u["destroyed"]} for u in units],
                          "standing": sum(1 for u in units if not u["routed"] and not u["destroyed"]),
                          "acting": b.get("turn") == side})
        tally = battle_tally(b) if b["phase"] == "tally" else None
        acting = b.get("turn")
        out["battle"] = {"no": b["no"], "area": b.get("area"), "initiative": b["initiative"], "phase": b["phase"],
                         "turn": acting, "turn_player": owner(side_player(b, acting)) if acting else None,
                         "sides": sides,
                         "tally": {"attacker": tally.attacker, "defender": tally.defender} if tally else None}
    if last:
        out["last"] = {"no": last["no"], "area": last.get("area"), "winner": last.get("winner"),
                       "winner_name": SIDE_NAMES.get(last.get("winner"), ""),
                       "strength": last.get("strength") or {}}
    return out


def mage_lite_table(state: dict) -> dict:
    """A Mage Lite game on the table screen (seed 004): the Round of the Mini Blitz with Day or Night, the
    difficulty, the one hero's Fame, level, Reputation with its Influence, the Dummy card's level (Main Expansion),
    the cities conquered and the verdict. No Tactics: Mage Lite has none."""
    m, n = ml(state), ml_numbers(state)
    p = state["players"][0]
    rep = ml_reputation(state)
    card = ml_rules.reputation_card(get_rules().mage_lite, rep)
    d = m.get("dummy")
    return {"round": state["round"], "rounds": n["rounds"], "time": state["time"],
            "difficulty": DIFFICULTY_NAMES.get(m.get("difficulty") or "", ""), "name": p["name"],
            "fame": p["fame"], "level": ml_level(state), "reputation": card.reputation, "influence": card.modifier,
            "dummy": {"level": d.get("level"), "threshold": d.get("threshold")} if d else None,
            "cities": list(m.get("cities") or []), "cities_of": len(n["cities"]), "over": m.get("over"),
            "turns": m.get("turns") or 0}


def table_view(state: dict, lang: str = "en", dummy_name: str = "Dummy player",
               draft: Mapping[str, Any] | None = None) -> dict:
    """Everything the table screen shows (template context names are a contract with ``table/screen.html``)."""
    if is_mage_lite(state) and "mage_lite" in state:
        return {"runewars": None, "mage_lite": mage_lite_table(state), "fight": fight(state, lang, draft),
                "players": [{"index": 0, "name": state["players"][0]["name"]}]}
    if is_runewars(state):
        return {"runewars": runewars_battle(state), "players": [{"index": i, "name": p["name"]}
                                                                 for i, p in enumerate(state["players"])]}
    rn = round_now(state)
    sc = scenario(state)
    return {
        "runewars": None,
        "mage_lite": None,
        "scenario": (sc.name_de if lang == "de" and getattr(sc, "name_de", None) else sc.name) if sc else None,
        "mode": state["game"].get("mode"),
        "rn": rn,
        "round": round_info(state, rn),
        "order": order(state, rn, dummy_name),
        "players": players(state, rn),
        "dummy": dummy(state),
        "fight": fight(state, lang, draft),
    }
