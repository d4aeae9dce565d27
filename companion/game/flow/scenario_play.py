"""Scenario rules applied while the game is played, from what the app records (Scenario Book, each scenario's
"Special Rules", Team Rules and Variants): Druid Nights' glade tokens, Dungeon Lords' conquered dungeons and tombs,
Conquer and Hold's defenders and mage-tower mana, Rampaging Evil's rolls at the end of each Day and Night, and the
Team Rules on an ally's keep. docs/rules-coverage.md lists every special rule: applied where, or a reminder and why.

Hooks called by other features (one line each): ``check_setup`` (combat set-up), ``check_defenders`` (leaving the
combat's set-up), ``after_combat`` (the combat outcome's reducer), ``end_of_round`` (the round tracker, through
``start_of_round``); ``liberate`` (a mine liberated on the board or in a mine fight). No Flask, no database.
"""

from __future__ import annotations

import random
from typing import Any, Mapping

from ...rules.data import get_rules
from ...rules.progression import move_reputation
from ...rules.text import N_, Nn_
from ...state import player, reducer
from ..spine.command import Command, Invalid, command
from ..spine.fields import choice, player_index
from ..spine.sentences import plural_sentence
from .scenario_info import active, day_night_order, scenario

DIE_FACES = ("red", "blue", "green", "white", "gold", "black")  # Rulebook, components: the mana dice
WARM = ("red", "green", "gold")   # Rampaging Evil: "a warm, living color ... (red, green or gold)"
COLD = ("white", "blue", "black")  # "cold colors (white, blue or black) count"


def _root(state: dict) -> dict:
    return state.setdefault("scenario_play", {"rampage_defeats": [], "rampage_rolls": []})


def _active(state: Mapping[str, Any], effect: str) -> bool:
    return active(state, effect)


def _team_of(state: Mapping[str, Any], i: int) -> str | None:
    return (state["players"][i] or {}).get("team") or None


# ---------------------------------------------------------------------------------------------- combat set-up


def check_setup(state: dict, i: int, fight: str, owner: int | None, revisit: bool) -> None:
    """Refusals at the combat set-up.

    Dungeon Lords, Special Rules: "Conquered tombs and dungeons (normal and secret) cannot be entered again for
    more Fame." Team Rules (Scenario Book, Variants): "Allied players may not engage in Player vs. Player combat
    with each other"; "A player may enter an empty keep owned by their ally": an ally's keep (or, in Conquer and
    Hold, mage tower) is never assaulted."""
    if fight == "dungeon" and revisit and _active(state, "dungeon_no_revisit"):
        raise Invalid(N_("Dungeon Lords: a conquered dungeon or tomb cannot be entered again for more Fame."))
    if fight in ("other_keep", "other_mage_tower") and owner is not None:
        mine, theirs = _team_of(state, i), _team_of(state, owner)
        if mine and mine == theirs:
            raise Invalid(N_("Team Rules: %(owner)s is your ally. You may enter an ally's empty keep and recruit "
                             "there, but never assault it."), owner=state["players"][owner]["name"])


def defenders_expected(state: Mapping[str, Any], cur: Mapping[str, Any]) -> tuple[int, str, dict] | None:
    """How many defenders this fight has by a scenario rule, with the reason (a msgid and its arguments), or None.

    Conquer and Hold, Special Rules: "During the second Day and Night, assaulting another player's keep or tower
    draws two random gray (keep) or violet (tower) tokens ... During the third Day and Night (2 players) draw
    three" (the first Day and Night: one, as on the Site Description card).
    Druid Nights, Special Rules: the incantation "summons one monster for each glade you have your Shield token
    on"."""
    if cur.get("fight") in ("other_keep", "other_mage_tower") and _active(state, "conquer_hold_defenders"):
        n = (int(state.get("round") or 1) + 1) // 2  # rounds 1-2: the first Day and Night, 3-4 the second ...
        return (min(n, 3), N_("Conquer and Hold, Day and Night %(pair)d: defenders of another player's keep or "
                              "mage tower to draw: %(n)d; added: %(have)d."), {"pair": min(n, 3)})
    inc = cur.get("incantation")
    n = int(player(state, cur["player"]).get("glades") or 0) if inc else 0
    if n and _active(state, "druid_glades"):  # no glade marked through the app: the table counts them itself
        return (n, N_("Druid Nights: monsters the incantation summons (one per glade with your Shield): "
                      "%(n)d; added: %(have)d."), {})
    return None


def check_defenders(state: dict, cur: dict) -> None:
    """Leaving the set-up of a fight whose defenders a scenario rule counts: refused unless the table added that
    many (rampaging enemies joining do not count)."""
    want = defenders_expected(state, cur)
    if want is None:
        return
    n, msgid, args = want
    have = sum(1 for e in cur.get("enemies") or () if not e.get("rampaging"))
    if have != n:
        raise Invalid(msgid, n=n, have=have, **args)


# ---------------------------------------------------------------------------------------------- Mines Liberation


def mine_of(state: Mapping[str, Any], data: Mapping[str, Any]) -> dict:
    """Mines Liberation, Special Rules: "To liberate a mine, enter it from its space (as your action) and fight both
    enemies; Night rules apply as in a dungeon (but you may use Units)". The set-up names the mine's tile
    (Countryside or Core: Reputation +1 or +2) and its colour (the crystals it gives)."""
    if not _active(state, "mine_liberation"):
        raise Invalid(N_("Only Mines Liberation has mines to liberate."))
    tile = choice(data, "mine_tile", ("countryside", "core"), default="countryside")
    color = choice(data, "mine_color", ("red", "blue", "green", "white"), default=None)
    return {"tile": tile, "color": color}


def liberate(state: dict, i: int, core: bool, c: str | None, reputation: bool = True) -> None:
    """A mine liberated by player ``i`` (the board's action, or a mine fight won on the combat page, whose outcome
    already carries the Reputation)."""
    pl = player(state, i)
    mines = pl.setdefault("mines", {"countryside": 0, "core": 0})
    where = "core" if core else "countryside"
    mines[where] = mines.get(where, 0) + 1
    if reputation:
        pl["reputation"] = move_reputation(get_rules().reputation, pl["reputation"], 2 if core else 1)
    # the mine's colour: the liberator's crystal now, and one at every new round
    if c:
        pl["crystals"][c] = min(3, pl["crystals"][c] + 1)
        pl.setdefault("mine_colors", []).append(c)


def mine_reputation(cur: Mapping[str, Any], conquered: bool) -> int:
    """Mines Liberation: "Whoever defeats the last enemy liberates the mine, marks it and gains Reputation +1 (+2 on
    a Core tile)"; undefeated tokens stay (no liberation, nothing gained)."""
    m = (cur.get("site") or {}).get("mine") if cur.get("fight") == "mine" else None
    if not m or not conquered:
        return 0
    return 2 if m.get("tile") == "core" else 1


# ---------------------------------------------------------------------------------------------- recruiting


def check_recruit(state: dict, unit) -> None:
    """Refusals when a Unit from the rules data is recruited (or gained as a reward: it comes from the offer too).

    First Reconnaissance, Special Rules: "Elite Units are not used in this scenario."
    Conquer and Hold, Special Rules: "Remove the level IV Units (recruited in cities only) from the Elite Units
    deck. Deal only Regular Units in the first half; Regular and Elite from Round 3 (4 players) or Round 4
    (2 players)" (rules_data: ``elite_units_from_round``)."""
    if getattr(unit, "kind", "regular") != "elite":
        return
    if _active(state, "no_elite_units"):
        raise Invalid(N_("First Reconnaissance: Elite Units are not used in this scenario."))
    if _active(state, "conquer_hold_units"):
        if int(unit.level) == 4:
            raise Invalid(N_("Conquer and Hold: the level IV Units are removed from the Elite Units deck."))

        rounds = dict((getattr(scenario(state), "setup", {}) or {}).get("elite_units_from_round") or {})
        first = rounds.get(len(state["players"])) or rounds.get(str(len(state["players"])))
        if first and int(state.get("round") or 1) < int(first):
            raise Invalid(N_("Conquer and Hold: only Regular Units are in the offer before Round %(n)d."),
                          n=int(first))


# ---------------------------------------------------------------------------------------------- combat outcome


def after_combat(state: dict, o: Mapping[str, Any], cur: Mapping[str, Any] | None) -> None:
    """What a finished combat adds for the scenario rules and the score sheet (called by ``combat.end``)."""
    pl = player(state, o["player"])
    if o.get("fight") == "dungeon" and (o.get("shields") or {}).get("adventure"):
        # a dungeon or tomb conquered (not a revisit): Dungeon Lords scores them on their own line (score sheet)
        pl["dungeons_tombs"] = int(pl.get("dungeons_tombs") or 0) + 1
    m = (cur.get("site") or {}).get("mine") if cur and cur.get("fight") == "mine" else None
    if m and o.get("conquered"):
        # "the liberator gets a crystal on the turn of liberation" and one at every new round; the Reputation is
        # in the outcome already (mine_reputation)
        liberate(state, o["player"], m.get("tile") == "core", m.get("color"), reputation=False)
    variants = (state.get("game") or {}).get("variants") or ()
    if cur and ("rampaging_evil" in variants or "more_rampage" in variants):
        defeated = [e for e in cur.get("enemies") or () if e.get("defeated")
                    and (cur.get("fight") == "rampaging" or e.get("rampaging")) and not cur.get("incantation")]
        if defeated:
            _root(state)["rampage_defeats"].append({
                "round": int(state.get("round") or 1), "time": state.get("time") or "day",
                "colors": [_color(e) for e in defeated], "names": [e.get("name") or "?" for e in defeated]})


def rampage_reputation(state: Mapping[str, Any], cur: Mapping[str, Any], defeated: list) -> int:
    """Rampaging Evil: a brown token comes back with the green or red one, "You get Reputation +1 for each enemy
    token defeated" (Regelheft: "Du erhältst Ansehen +1 pro besiegtem Feindplättchen"). The green and red tokens
    already give the Rulebook's Reputation (Combat Outcomes 2a); each defeated brown token marked rampaging gives +1."""
    variants = (state.get("game") or {}).get("variants") or ()
    if not ("rampaging_evil" in variants or "more_rampage" in variants) or cur.get("incantation"):
        return 0
    return sum(1 for e in defeated if e.get("rampaging") and _color(e) == "brown")  # marked rampaging, as the
    # Rulebook's Reputation for orcs and draconum (the combat page's "rampaging" tick)


def _color(e: Mapping[str, Any]) -> str:
    if e.get("color"):
        return str(e["color"])
    rec = get_rules().enemies.get(e.get("token") or "")
    return getattr(rec, "color", None) or "green"


# ---------------------------------------------------------------------------------------------- end of a round


def rampage_rolls(defeats: list[dict], time: str, more: bool, rnd: random.Random) -> list[dict]:
    """Scenario Book, Variants, Rampaging Evil: "At the end of each Day, roll a mana die for each space where a
    rampaging enemy was defeated. If a warm, living color was rolled (red, green or gold), draw a new enemy to that
    space. If it was gold, also add one brown enemy to the usual green or red token"; "At the end of each Night, do
    the same, except this time cold colors (white, blue or black) count, and you add one extra brown enemy when
    black is rolled." More Rampage!: "roll a die for each defeated rampaging enemy ... the rampaging enemy token is
    added always, and if a warm (during Day) or cold (during Night) color is rolled, you also add the brown one."
    A space is one recorded fight (its first defeated rampaging token's colour is the new token's pile)."""
    counts = WARM if time == "day" else COLD
    extra = "gold" if time == "day" else "black"
    out = []
    for d in defeats:
        targets = list(zip(d["names"], d["colors"])) if more else [(d["names"][0], d["colors"][0])]
        for name, color in targets:
            die = rnd.choice(DIE_FACES)
            if more:
                new, brown = True, die in counts
            else:
                new = die in counts
                brown = die == extra
            out.append({"enemy": name, "pile": color if color in ("green", "red") else "green", "die": die,
                        "new": new, "brown": brown})
    return out


def start_of_round(state: dict) -> None:
    """Mines Liberation, Special Rules: "At the start of every Day and Night, each player gains one crystal from
    every mine they liberated, wherever they are" (the Inventory holds at most 3 of a colour). Called by the
    round tracker's reducer (``round.next``, also when the Dummy player's new round moves it on), after the rules
    applied at the end of a round (``end_of_round``: Rampaging Evil's rolls, Druid Nights' glades)."""
    end_of_round(state)
    if not _active(state, "mine_liberation"):
        return
    for pl in state["players"]:
        for c in pl.get("mine_colors") or ():
            pl["crystals"][c] = min(3, pl["crystals"][c] + 1)


def end_of_round(state: dict) -> None:
    """Called when a new round starts (``round.next``): Rampaging Evil's rolls for the round that ended, and Druid
    Nights' "At the end of the first Night remove all Shield tokens from the glades" (the second Night ends the
    scenario; in the Epic version the Shields are removed after the second Night too: after every Night)."""
    ended = int(state.get("round") or 1) - 1
    root = state.get("scenario_play") or {}
    defeats = [d for d in root.get("rampage_defeats") or () if d["round"] == ended]
    variants = (state.get("game") or {}).get("variants") or ()
    if defeats and ("rampaging_evil" in variants or "more_rampage" in variants):
        time = defeats[0]["time"]
        rnd = random.Random(f"{state['game']['seed']}:rampage:{ended}")
        rolls = rampage_rolls(defeats, time, "more_rampage" in variants, rnd)
        _root(state)["rampage_rolls"].append({"round": ended, "time": time, "rolls": rolls})
    if _active(state, "druid_glades") and _was_night(state, ended):
        for pl in state["players"]:
            pl["glades"] = 0


def _was_night(state: dict, round_no: int) -> bool:
    order = day_night_order(state)
    return 1 <= round_no <= len(order) and order[round_no - 1] == "night"


# ---------------------------------------------------------------------------------------------- Druid Nights


@reducer("scenario.glade")
def _glade(state, p, ev):
    pl = player(state, p["player"])
    pl["glades"] = int(pl.get("glades") or 0) + 1


@command("glade_marked")
def cmd_glade_marked(state, data) -> Command:
    """Druid Nights, Special Rules: "When ending your movement on a magical glade, you may activate it - mark the
    glade with your Shield token. There may be multiple tokens on each glade, but only one from each player." The
    incantation then summons one monster per glade with your Shield."""
    if not _active(state, "druid_glades"):
        raise Invalid(N_("Only Druid Nights has glades to mark."))
    i = player_index(state, data)
    pl = state["players"][i]
    n = int(pl.get("glades") or 0) + 1
    s = plural_sentence(*Nn_("%(name)s marks a magical glade with their Shield (%(n)d glade).",
                             "%(name)s marks a magical glade with their Shield (%(n)d glades)."), "n",
                        name=pl["name"], n=n)
    return Command("scenario.glade", {"player": i}, s, (f"player:{i}:glades",))


# ---------------------------------------------------------------------------------------------- the board


def tower_mana(state: Mapping[str, Any], i: int) -> dict | None:
    """Conquer and Hold, Special Rules: "Starting your turn in or next to your mage tower gives one gold mana (Day)
    or black mana (Night) for every mage tower you own". The app knows the towers and the time of day; where the
    hero starts the turn is the table's."""
    if not _active(state, "conquer_hold_tower_mana"):
        return None
    n = int((state["players"][i].get("shields") or {}).get("mage_tower") or 0)
    if not n:
        return None
    return {"n": n, "color": "black" if state.get("time") == "night" else "gold"}


def board_view(state: Mapping[str, Any]) -> dict:
    """What the board shows of these rules: per player (glades marked, mage-tower mana) and the latest Rampaging
    Evil rolls."""
    rolls = ((state.get("scenario_play") or {}).get("rampage_rolls") or [])
    return {
        "glades": _active(state, "druid_glades"),
        "players": [{"glades": int(p.get("glades") or 0), "tower_mana": tower_mana(state, i)}
                    for i, p in enumerate(state["players"])],
        "rampage": rolls[-1] if rolls else None,
        "team_game": any(p.get("team") for p in state["players"]),
    }
