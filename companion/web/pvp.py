"""Player versus Player combat calculator in a game (issue 4, item 7).

Rules: Rulebook "Player versus Player Combat" (1-4; Ranged and Siege Attacks 1-6; Melee Attacks 1-3; Combat
Outcome 1-2), quick reference "Walls" (attacking another player across a wall: the target is fortified), icon
reference "Unit Resistances" (Player vs. Player: resistant units need twice their Armor). The rules themselves are
the pure engine's (``companion.rules.pvp``: ``pvp_attack``, ``pvp_damage``, ``pvp_fame``); this module only runs
the turn order of a fight over them and records the outcome.

The calculator records nothing while the fight goes on: the whole fight so far travels with the page (GET
parameters ``a`` aggressor, ``d`` defender, ``site`` "keep" when the defender stands in a keep or mage tower, ``wall``
"1" across a wall, and ``log``, a JSON list of steps: ``{"pass": true}`` or ``{"attacks": [[value, element, kind]],
"blocks": [[value, element]], "full": bool, "units": [uid], "hero": n, "artifacts": n, "move_cost": n | null}``).
Every request replays the log through the engine, so a reload, the back button or another phone's change (the live
part is re-fetched with the same parameters) never loses it, and nothing typed is trusted without being checked.

One event, undoable: ``pvp.end`` - the outcome of a finished fight (Fame for the victor, Wounds into each hero's
hand, units wounded, artifacts stolen, who retreated), applied to ``state["players"]``; ``state["pvp"]["last"]``
keeps it for the page.

Adapter over the engine (no engine change needed): ``replay`` runs the turn order the engine does not model
(Ranged and Siege 1 and 6: the defender attacks first, roles alternate, the phase ends when both pass in
succession; Melee 1a: the aggressor starts; Melee 3 / Outcome 2: the fight ends with a forced retreat or when both
pass in succession), carries each hero's Wounds this combat (knock-out, Rulebook PvP Ranged and Siege 5b) and the
units wounded earlier in the fight (they cannot be wounded again, 5a) from one attack to the next, and decides
which blocker is fortified (3a: the defender in a keep or mage tower; quick reference Walls: across a wall).
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from typing import Any, Mapping
from urllib.parse import urlencode

from flask import Blueprint, abort, make_response, redirect, render_template, request, url_for
from flask_babel import gettext

from ..events import sentence
from ..i18n import N_
from ..rules.combat import ELEMENTS, Block, CombatError, PlayerAttack, name_list
from ..rules.damage import Hero, Unit
from ..rules.data import get_rules
from ..rules.progression import change_fame, standing
from ..rules.pvp import ARTIFACT_COST, pvp_attack, pvp_damage, pvp_fame
from ..rules.text import Name, T, translate_line
from ..state import player, reducer
from .common import load_game, page, record_command

bp = Blueprint("pvp", __name__)

MAX_STEPS = 80
MAX_LOG_CHARS = 20000
ATTACK_ROWS = 5
BLOCK_ROWS = 4

PHASE_NAMES = {"ranged_siege": N_("Ranged and Siege Attacks"), "melee": N_("Melee Attacks")}
ELEMENT_NAMES = {"physical": N_("physical"), "fire": N_("Fire"), "ice": N_("Ice"), "cold_fire": N_("Cold Fire")}
RESISTANCE_NAMES = {"physical": N_("Physical Resistance"), "fire": N_("Fire Resistance"),
                    "ice": N_("Ice Resistance")}
# Rulebook PvP Ranged and Siege 3: only Ranged and Siege attacks; Melee 1b-c: any attack, cards sideways
KINDS = {"ranged_siege": ("ranged", "siege"), "melee": ("melee", "ranged", "siege", "sideways")}
KIND_NAMES = {"melee": N_("Attack"), "ranged": N_("Ranged Attack"), "siege": N_("Siege Attack"),
              "sideways": N_("card played sideways (Attack 1)")}


class PvpInputError(ValueError):
    """Bad input for the calculator: a translated message for the page (answered with 400)."""


def refuse(msgid: str, **args: Any):
    raise PvpInputError(gettext(msgid, **args) if args else gettext(msgid))


def reason_of(err: Exception) -> str:
    """The engine's reason for a refusal in this request's language (a refused attack carries an explanation
    line, ``companion.rules.text.T``)."""
    from flask_babel import get_locale

    line = err.args[0] if err.args and isinstance(err.args[0], T) else str(err)
    loc = get_locale()
    return translate_line(line, gettext, loc.language if loc is not None else "en")


def lines_json(lines) -> list:
    """Explanation lines as stored in an event payload (JSON), translatable when shown (``|tr``)."""
    return [line.to_json() if isinstance(line, T) else line for line in lines]


# ---------------------------------------------------------------------------------------------- the fight (adapter)


@dataclass(frozen=True)
class Side:
    """One player as the fight sees them: hero Armor and unmodified Hand limit from the Fame track, units."""

    index: int
    name: str
    fame: int
    level: int
    armor: int
    hand_limit: int
    units: tuple[Unit, ...]  # id = unit_key: "name #uid", so the engine's trace names the unit
    labels: Mapping[int, str] = field(default_factory=dict)  # uid -> the unit's name in the page's language


@dataclass
class Fight:
    """The fight replayed so far."""

    phase: str = "ranged_siege"
    attacker: int = 0  # player index of the next attacker
    passes: int = 0  # passes in succession in this phase
    ended: str | None = None  # None | "retreat" | "draw"
    victor: int | None = None
    retreated: int | None = None
    steps: list[dict] = field(default_factory=list)  # resolved steps for the page
    hand_wounds: dict[int, int] = field(default_factory=dict)
    units_wounded: dict[int, list[int]] = field(default_factory=dict)
    artifacts_lost: dict[int, int] = field(default_factory=dict)


def unit_key(u: Mapping[str, Any]) -> str:
    return f"{u.get('name') or '?'} #{u['uid']}"


def unit_label(u: Mapping[str, Any]) -> str:
    """A unit's name in the page's language (the rules data's German name for a unit from the card list)."""
    from flask import has_request_context
    from flask_babel import get_locale

    if has_request_context():
        loc = get_locale()
        card = get_rules().units.get(u.get("unit") or "")
        if loc is not None and loc.language == "de" and card is not None and getattr(card, "name_de", None):
            return card.name_de
    return u.get("name") or "?"


def _name_de(u: Mapping[str, Any]) -> str:
    """The rules data's German name of a unit from the card list ("" for a unit typed in)."""
    card = get_rules().units.get(u.get("unit") or "")
    return getattr(card, "name_de", "") or ""


def uid_of(unit_id: str) -> int:
    return int(str(unit_id).rsplit("#", 1)[-1])


def sides_of(state: Mapping, a: int, d: int) -> dict[int, Side]:
    levels = get_rules().levels
    out = {}
    for i in (a, d):
        pl = state["players"][i]
        st = standing(levels, int(pl["fame"]))
        units = tuple(Unit(id=unit_key(u), armor=int(u["armor"]), level=int(u.get("level") or 1),
                           resistances=tuple(u.get("resistances") or ()), wounded=bool(u.get("wounded")),
                           name=u.get("name") or "", name_de=_name_de(u)) for u in pl["units"])
        out[i] = Side(i, pl["name"], int(pl["fame"]), st.level, st.armor, st.hand_limit, units,
                      {int(u["uid"]): unit_label(u) for u in pl["units"]})
    return out


def blocker_fortified(blocker: int, defender: int, keep: bool, wall: bool) -> bool:
    """Rulebook PvP Ranged and Siege 3a: the blocker is the defender at a fortified site (keep or mage tower);
    quick reference Walls: attacking another player across a wall, the target (the defender) is fortified."""
    return blocker == defender and (keep or wall)


def spend_list(step: Mapping, side: Side) -> list[str]:
    """The engine's spending order: units, the hero, artifacts, and a forced retreat last (it ends the fight)."""
    ids = {uid_of(u.id): u.id for u in side.units}
    out = [ids.get(int(uid), f"#{uid}") for uid in step.get("units", [])]
    out += ["hero"] * int(step.get("hero", 0))
    out += ["artifact"] * int(step.get("artifacts", 0))
    if step.get("move_cost"):
        out.append("retreat")
    return out


def resolve_step(fight: Fight, sides: Mapping[int, Side], a: int, d: int, keep: bool, wall: bool,
                 step: Mapping) -> dict:
    """One attack of the fight through the engine: (attack + block) then the attacker's spending of the damage.
    Raises CombatError when the rules refuse it."""
    attacker, blocker = fight.attacker, (d if fight.attacker == a else a)
    attacks = [PlayerAttack(v, el, k) for v, el, k in step["attacks"]]
    blocks = [Block(v, el) for v, el in step["blocks"]]
    fortified = blocker_fortified(blocker, d, keep, wall)
    res = pvp_attack(attacks, blocks, fight.phase, fortified=fortified, block_full=bool(step.get("full")))
    if not res.allowed:
        raise CombatError(res.reason)
    side = sides[blocker]
    already = set(fight.units_wounded.get(blocker, []))
    units = [Unit(u.id, u.armor, u.level, u.resistances, u.wounded or uid_of(u.id) in already, u.name, u.name_de)
             for u in side.units]
    hero = Hero(armor=side.armor, hand_limit=side.hand_limit, wounds_this_combat=fight.hand_wounds.get(blocker, 0))
    dmg = pvp_damage(res.damage, res.elements, hero, units, spend_list(step, side), fight.phase,
                     move_cost=step.get("move_cost") or None)
    return {"attacker": attacker, "blocker": blocker, "fortified": fortified, "attack": res, "damage": dmg,
            "phase": fight.phase}


def apply_step(fight: Fight, a: int, d: int, resolved: dict) -> None:
    blocker, dmg = resolved["blocker"], resolved["damage"]
    fight.hand_wounds[blocker] = fight.hand_wounds.get(blocker, 0) + dmg.hero_wounds
    fight.units_wounded.setdefault(blocker, []).extend(uid_of(u) for u in dmg.units_wounded)
    fight.artifacts_lost[blocker] = fight.artifacts_lost.get(blocker, 0) + dmg.artifacts_stolen
    fight.passes = 0
    if dmg.retreat:
        # Rulebook PvP Melee 2b, Combat Outcome 1: the blocker is forced to retreat, the attacker is victorious
        fight.ended, fight.victor, fight.retreated = "retreat", resolved["attacker"], blocker
    fight.attacker = blocker  # Ranged and Siege 6 / Melee 3: the other player is the attacker next


def apply_pass(fight: Fight, a: int, d: int) -> str | None:
    """Ranged and Siege 6: both pass in succession -> the phase ends; Melee 1a: the aggressor starts the Melee
    phase; Melee 3, Outcome 2: both pass in succession in the Melee phase -> a draw."""
    fight.passes += 1
    other = d if fight.attacker == a else a
    if fight.passes < 2:
        fight.attacker = other
        return None
    fight.passes = 0
    if fight.phase == "ranged_siege":
        fight.phase, fight.attacker = "melee", a
        return T("Rulebook PvP Ranged and Siege 6: both players passed in succession, the phase ends; Melee 1a: "
                 "the aggressor starts as the attacker")
    fight.ended = "draw"
    return T("Rulebook PvP Combat Outcome 2: neither player wants to attack any more: a draw, no one gains Fame; "
             "2a: the aggressor withdraws to the space they attacked from")


def replay(sides: Mapping[int, Side], a: int, d: int, keep: bool, wall: bool, log: list[dict]) -> Fight:
    """The fight after the steps of ``log`` (Rulebook PvP Ranged and Siege 1: the defender attacks first)."""
    fight = Fight(attacker=d)
    for n, step in enumerate(log, 1):
        if fight.ended:
            refuse(N_("Step %(n)d: the fight is already over."), n=n)
        if step.get("pass"):
            entry = {"pass": True, "attacker": fight.attacker, "phase": fight.phase}
            entry["note"] = apply_pass(fight, a, d)
            fight.steps.append(entry)
            continue
        try:
            resolved = resolve_step(fight, sides, a, d, keep, wall, step)
        except CombatError as err:
            refuse(N_("Step %(n)d: the rules do not allow this: %(reason)s"), n=n, reason=reason_of(err))
        apply_step(fight, a, d, resolved)
        fight.steps.append({**resolved, "pass": False, "input": step})
    return fight


def outcome(sides: Mapping[int, Side], a: int, d: int, keep: bool, wall: bool, fight: Fight) -> dict:
    """What the finished fight changes in the game, with the rules that say so."""
    trace = []
    fame = {a: 0, d: 0}
    if fight.ended == "retreat":
        v, lo = sides[fight.victor], sides[fight.retreated]
        gain, why = pvp_fame(v.level, v.fame, lo.level, lo.fame)
        fame[v.index] = gain
        trace.append(T("Rulebook PvP Combat Outcome 1: %(loser)s was forced to retreat, %(victor)s is victorious "
                       "(level %(vlevel)d, %(vfame)d Fame against level %(llevel)d, %(lfame)d Fame)", loser=lo.name,
                       victor=v.name, vlevel=v.level, vfame=v.fame, llevel=lo.level, lfame=lo.fame))
        trace.extend(why)
    else:
        trace.append(T("Rulebook PvP Combat Outcome 2: a draw, no one gains Fame; the aggressor withdraws"))
    players = []
    for i in (a, d):
        s = sides[i]
        hand = fight.hand_wounds.get(i, 0)
        ko = hand >= s.hand_limit
        if hand:
            if ko:
                trace.append(T("Rulebook PvP Ranged and Siege 5b: %(name)s takes %(n)d Wound(s) into the hand; %(n)d "
                               ">= hand limit %(limit)d: knocked out (Assign Damage 5c)", name=s.name, n=hand,
                               limit=s.hand_limit))
            else:
                trace.append(T("Rulebook PvP Ranged and Siege 5b: %(name)s takes %(n)d Wound(s) into the hand",
                               name=s.name, n=hand))
        names = {uid_of(u.id): u.name for u in s.units}
        labels = {uid_of(u.id): Name(u.name, u.name_de or None) for u in s.units}
        uids = fight.units_wounded.get(i, [])
        if uids:
            trace.append(T("Rulebook PvP Ranged and Siege 5a: %(name)s's units wounded: %(units)s", name=s.name,
                           units=name_list([labels.get(u, str(u)) for u in uids])))
        if fight.artifacts_lost.get(i):
            trace.append(T("Rulebook PvP Melee 2a: %(n)d artifact(s) stolen from %(name)s",
                           n=fight.artifacts_lost[i], name=s.name))
        players.append({"player": i, "name": s.name, "fame": fame[i], "wounds": hand, "knocked_out": ko,
                        "units": [{"uid": int(u), "name": names.get(u, "?"),
                                   "name_de": labels[u].de if u in labels else None} for u in uids],
                        "artifacts_lost": fight.artifacts_lost.get(i, 0)})
    return {"aggressor": a, "defender": d, "keep": keep, "wall": wall, "ended": fight.ended,
            "victor": fight.victor, "retreated": fight.retreated, "players": players,
            "explanation": lines_json(trace)}


# ---------------------------------------------------------------------------------------------- reducer


@reducer("pvp.end")
def _end(state, p, ev):
    o = p["outcome"]
    levels = get_rules().levels
    summary = []
    for side in o["players"]:
        pl = player(state, side["player"])
        before = {"fame": pl["fame"], "wounds": pl["wounds"]}
        pl["fame"] = max(0, pl["fame"] + int(side["fame"]))
        pl["wounds"] = max(0, pl["wounds"] + int(side["wounds"]))
        hurt = {int(u["uid"]) for u in side["units"]}
        for u in pl["units"]:
            if u["uid"] in hurt:
                u["wounded"] = True
                u["wound_cards"] = int(u.get("wound_cards") or 0) + 1
        # Rulebook End of the Turn 6: a new level (and its reward) applies at the end of the turn
        ch = change_fame(levels, before["fame"], pl["fame"] - before["fame"])
        summary.append({**copy.deepcopy(side), "before": before,
                        "after": {"fame": pl["fame"], "wounds": pl["wounds"]},
                        "level": {"before": ch.before.level, "after": ch.after.level}})
    state.setdefault("pvp", {})["last"] = {**copy.deepcopy(o), "players": summary, "seq": ev.seq}


# ---------------------------------------------------------------------------------------------- input parsing


def _int(raw: Any, what: str, lo: int, hi: int, default: int | None = None) -> int:
    raw = "" if raw is None else str(raw).strip()
    if raw == "":
        if default is None:
            refuse(N_("%(field)s is missing."), field=what)
        return default
    try:
        v = int(raw)
    except ValueError:
        refuse(N_("%(field)s must be a whole number, not %(value)s."), field=what, value=raw[:20])
    if not lo <= v <= hi:
        refuse(N_("%(field)s must be between %(lo)d and %(hi)d."), field=what, lo=lo, hi=hi)
    return v


@dataclass(frozen=True)
class Setup:
    a: int
    d: int
    keep: bool
    wall: bool
    log: list

    def params(self, log: list | None = None) -> dict:
        log = self.log if log is None else log
        out = {"a": self.a, "d": self.d}
        if self.keep:
            out["site"] = "keep"
        if self.wall:
            out["wall"] = "1"
        if log:
            out["log"] = json.dumps(log, separators=(",", ":"))
        return out


def parse_setup(args, state) -> Setup | None:
    """Who fights where, and the fight so far; None while the players are not chosen yet."""
    n = len(state["players"])
    if args.get("a") in (None, "") and args.get("d") in (None, ""):
        return None
    a = _int(args.get("a"), gettext("Aggressor"), 0, n - 1)
    d = _int(args.get("d"), gettext("Defender"), 0, n - 1)
    if a == d:
        refuse(N_("A player cannot fight themselves: choose two different players."))
    site = args.get("site") or "open"
    if site not in ("open", "keep"):
        refuse(N_("Unknown kind of space: %(site)s."), site=str(site)[:20])
    return Setup(a, d, site == "keep", args.get("wall") in ("1", "yes", "on"), parse_log(args.get("log") or ""))


def parse_log(raw: str) -> list[dict]:
    if not raw:
        return []
    if len(raw) > MAX_LOG_CHARS:
        refuse(N_("The fight is too long to follow here."))
    try:
        data = json.loads(raw)
    except ValueError:
        refuse(N_("The fight so far could not be read (the page was damaged): start again."))
    if not isinstance(data, list) or len(data) > MAX_STEPS:
        refuse(N_("The fight so far could not be read (the page was damaged): start again."))
    return [clean_step(s, n) for n, s in enumerate(data, 1)]


def clean_step(s: Any, n: int) -> dict:
    """One step of the log, checked field by field (the log comes from the page, so it is not trusted)."""
    broken = N_("Step %(n)d of the fight could not be read: start again or take it back.")
    if not isinstance(s, dict):
        refuse(broken, n=n)
    if s.get("pass"):
        return {"pass": True}
    try:
        attacks = [[int(v), str(el), str(k)] for v, el, k in s.get("attacks", [])]
        blocks = [[int(v), str(el)] for v, el in s.get("blocks", [])]
        units = [int(u) for u in s.get("units", [])]
        hero, artifacts = int(s.get("hero", 0)), int(s.get("artifacts", 0))
        move_cost = None if s.get("move_cost") in (None, "", 0) else int(s["move_cost"])
    except (TypeError, ValueError):
        refuse(broken, n=n)
    kinds = KINDS["melee"]
    if (not attacks or len(attacks) > 24 or len(blocks) > 24 or len(units) > 12
            or any(not 1 <= v <= 99 or el not in ELEMENTS or k not in kinds for v, el, k in attacks)
            or any(not 1 <= v <= 99 or el not in ELEMENTS for v, el in blocks)
            or not 0 <= hero <= 40 or not 0 <= artifacts <= 20 or (move_cost is not None and not 1 <= move_cost <= 9)):
        refuse(broken, n=n)
    return {"attacks": attacks, "blocks": blocks, "full": bool(s.get("full")), "units": units, "hero": hero,
            "artifacts": artifacts, "move_cost": move_cost}


def parse_step(args, phase: str, blocker: Side) -> dict:
    """The attack being entered: rows of attacks and blocks, and how the attacker spends the damage."""
    attacks = []
    values, els, kinds = args.getlist("value"), args.getlist("element"), args.getlist("kind")
    for i, raw in enumerate(values):
        raw = (raw or "").strip()
        kind = kinds[i] if i < len(kinds) else KINDS[phase][0]
        if kind not in KINDS["melee"]:
            refuse(N_("Unknown kind of attack: %(kind)s."), kind=str(kind)[:20])
        if kind == "sideways":
            # Rulebook PvP Melee 1c: each card played sideways is a physical Attack 1; the value is how many cards
            n = _int(raw, gettext("Cards played sideways"), 1, 20, default=1)
            attacks.extend([[1, "physical", "sideways"]] * n)
            continue
        if raw == "":
            continue
        v = _int(raw, gettext("Attack"), 1, 99)
        el = els[i] if i < len(els) else "physical"
        if el not in ELEMENTS:
            refuse(N_("Unknown element: %(element)s."), element=str(el)[:20])
        attacks.append([v, el, kind])
    if not attacks:
        refuse(N_("Give at least one attack (or pass)."))
    if len(attacks) > 24:
        refuse(N_("At most 24 attacks at once."))
    blocks = []
    bvalues, bels = args.getlist("bvalue"), args.getlist("belement")
    for i, raw in enumerate(bvalues):
        if (raw or "").strip() == "":
            continue
        v = _int(raw, gettext("Block"), 1, 99)
        el = bels[i] if i < len(bels) else "physical"
        if el not in ELEMENTS:
            refuse(N_("Unknown element: %(element)s."), element=str(el)[:20])
        blocks.append([v, el])
    known = {str(uid_of(u.id)) for u in blocker.units}
    units = []
    for raw in args.getlist("unit"):
        if str(raw) not in known:
            refuse(N_("%(name)s has no such unit."), name=blocker.name)
        if int(raw) in units:
            refuse(N_("A unit is chosen twice."))
        units.append(int(raw))
    hero = _int(args.get("hero"), gettext("Wounds to the hero"), 0, 40, default=0)
    artifacts = _int(args.get("artifacts"), gettext("Artifacts stolen"), 0, 20, default=0)
    move_cost = _int(args.get("move_cost"), gettext("Move cost of the space"), 0, 9, default=0) or None
    return {"attacks": attacks, "blocks": blocks, "full": args.get("full") in ("1", "on", "yes"), "units": units,
            "hero": hero, "artifacts": artifacts, "move_cost": move_cost}


# ---------------------------------------------------------------------------------------------- pages


def page_url(game_id: int, setup: Setup | None = None, log: list | None = None) -> str:
    base = url_for("pvp.show", game_id=game_id)
    if setup is None:
        return base
    return base + "?" + urlencode(setup.params(log))


def render(game, status: int = 200, **ctx):
    ctx.setdefault("setup", None)
    ctx.setdefault("fight", None)
    ctx.setdefault("error", None)
    ctx.setdefault("preview", None)
    ctx.setdefault("args", {})
    state = game.state
    levels = get_rules().levels
    ctx.update({
        "players": state["players"], "standings": [standing(levels, int(p["fame"])) for p in state["players"]],
        "last": (state.get("pvp") or {}).get("last"), "phase_names": PHASE_NAMES, "element_names": ELEMENT_NAMES,
        "elements": ELEMENTS, "kinds": KINDS, "kind_names": KIND_NAMES, "resistance_names": RESISTANCE_NAMES,
        "uid_of": uid_of, "attack_rows": ATTACK_ROWS, "block_rows": BLOCK_ROWS, "artifact_cost": ARTIFACT_COST,
        "page_url": lambda log=None: page_url(game.id, ctx["setup"], log),
        "live_url": request.full_path if request.query_string else request.path,
    })
    if request.headers.get("HX-History-Restore-Request"):
        # the back button after htmx pushed this URL: the whole page, not the fragment
        return render_template("pvp/page.html", fragment=False, game=game, seq=game.seq, **ctx), status
    resp = make_response(page("pvp/page.html", game=game, **ctx), status)
    if status >= 400:
        resp.headers["HX-Push-Url"] = "false"  # htmx: keep the address of the last good state, not the mistake
    return resp


@bp.get("/games/<int:game_id>/pvp")
def show(game_id: int):
    """The calculator: choose the players, then attack after attack (Check / Add / Pass), then record."""
    game = load_game(game_id)
    state = game.state
    args = request.args
    if len(state["players"]) < 2:
        return render(game)
    try:
        setup = parse_setup(args, state)
    except PvpInputError as err:
        return render(game, 400, error=str(err), args=args)
    if setup is None:
        return render(game, args=args)
    sides = sides_of(state, setup.a, setup.d)
    try:
        fight = replay(sides, setup.a, setup.d, setup.keep, setup.wall, setup.log)
    except PvpInputError as err:
        return render(game, 400, setup=None, error=str(err), args=args)
    ctx = {"setup": setup, "fight": fight, "sides": sides, "args": args}
    if fight.ended:
        ctx["outcome"] = outcome(sides, setup.a, setup.d, setup.keep, setup.wall, fight)
        return render(game, **ctx)
    ctx["blocker"] = sides[setup.d if fight.attacker == setup.a else setup.a]
    ctx["attacker"] = sides[fight.attacker]
    ctx["taken"] = set(fight.units_wounded.get(ctx["blocker"].index, []))
    go = args.get("go")
    if go not in (None, "", "check", "add", "pass"):
        return render(game, 400, error=gettext("Unknown action."), **ctx)
    if go == "pass":
        return redirect(page_url(game.id, setup, setup.log + [{"pass": True}]), code=303)
    if go in ("check", "add"):
        try:
            step = parse_step(args, fight.phase, ctx["blocker"])
            trial = try_step(fight, sides, setup, step)
        except PvpInputError as err:
            preview = attack_only(args, fight, setup, ctx["blocker"])
            return render(game, 400, error=str(err), preview=preview, **ctx)
        if go == "add":
            return redirect(page_url(game.id, setup, setup.log + [step]), code=303)
        ctx["preview"] = {"step": trial.steps[-1], "ended": trial.ended}
    return render(game, **ctx)


def try_step(fight: Fight, sides, setup: Setup, step: dict) -> Fight:
    """The fight with the attack being entered, on a copy: nothing changes until it is added."""
    trial = copy.deepcopy(fight)
    try:
        resolved = resolve_step(trial, sides, setup.a, setup.d, setup.keep, setup.wall, step)
    except CombatError as err:
        refuse(N_("The rules do not allow this: %(reason)s"), reason=reason_of(err))
    apply_step(trial, setup.a, setup.d, resolved)
    trial.steps.append({**resolved, "pass": False, "input": step})
    return trial


def attack_only(args, fight: Fight, setup: Setup, blocker: Side) -> dict | None:
    """When the spending does not work out, still show the attack and the damage to assign (running totals)."""
    try:
        step = parse_step(args, fight.phase, blocker)
    except PvpInputError:
        return None
    attacks = [PlayerAttack(v, el, k) for v, el, k in step["attacks"]]
    blocks = [Block(v, el) for v, el in step["blocks"]]
    try:
        res = pvp_attack(attacks, blocks, fight.phase, blocker_fortified(blocker.index, setup.d, setup.keep,
                                                                          setup.wall), bool(step["full"]))
    except CombatError:
        return None
    return {"step": {"attack": res, "damage": None}, "ended": None}


@bp.post("/games/<int:game_id>/pvp/end")
def end(game_id: int):
    """Record the outcome of the finished fight as one undoable event."""
    game = load_game(game_id)
    state = game.state
    form = request.form
    try:
        setup = parse_setup(form, state)
        if setup is None:
            refuse(N_("Choose the aggressor and the defender first."))
        sides = sides_of(state, setup.a, setup.d)
        fight = replay(sides, setup.a, setup.d, setup.keep, setup.wall, setup.log)
        if not fight.ended:
            refuse(N_("The fight is not over yet: it ends with a forced retreat or when both players pass in "
                      "succession in the Melee phase."))
    except PvpInputError as err:
        abort(400, description=str(err))
    o = outcome(sides, setup.a, setup.d, setup.keep, setup.wall, fight)
    wounds = "; ".join(f"{p['name']} {p['wounds']}" for p in o["players"])
    if o["ended"] == "retreat":
        s = sentence(N_("Player versus Player: %(loser)s is forced to retreat, %(winner)s gains %(fame)d Fame. "
                        "Wounds: %(wounds)s."), loser=sides[o["retreated"]].name, winner=sides[o["victor"]].name,
                     fame=next(p["fame"] for p in o["players"] if p["player"] == o["victor"]), wounds=wounds)
    else:
        s = sentence(N_("Player versus Player: %(a)s against %(d)s ends in a draw. Wounds: %(wounds)s."),
                     a=sides[setup.a].name, d=sides[setup.d].name, wounds=wounds)
    record_command(game, "pvp.end", {"outcome": o, "log": setup.log}, s,
                   ("pvp", f"player:{setup.a}", f"player:{setup.d}"))
    return redirect(url_for("pvp.show", game_id=game_id), code=303)


__all__ = ["bp", "replay", "outcome", "sides_of", "Side", "Fight", "blocker_fortified"]
