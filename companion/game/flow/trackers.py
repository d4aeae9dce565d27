"""Reducers for the trackers players fill in from the real board: round, Day/Night, round order, Fame,
Reputation, crystals, wounds and shields (the Units: ``units``). Commands validate plain input against the state; reducers apply the stored events."""

from __future__ import annotations

from ...rules.data import RulesDataError, apply_override, as_dict, get_rules
from ...rules.progression import change_fame, move_reputation, reputation_modifier
from ...rules.text import N_, Nn_
from ...state import COLORS, SHIELD_KINDS, player, reducer
from ..spine import fields as parse
from ..spine.command import Command, Invalid, command, term
from ..spine.sentences import name_arg, plural_sentence, sentence
from .scenario_info import day_night_order
from .scenario_play import start_of_round
from .scenario_rules import line_bonus

CRYSTAL_LIMIT = 3  # Rulebook: at most 3 crystals of each colour in the Inventory


@reducer("player.fame")
def _fame(state, p, ev):
    pl = player(state, p["player"])
    # "bonus": a Blitz scenario's extra Fame for the lines crossed (Scenario Book, Blitz Conquest)
    pl["fame"] = max(0, pl["fame"] + int(p["amount"]) + int(p.get("bonus") or 0))


@reducer("player.reputation")
def _reputation(state, p, ev):
    pl = player(state, p["player"])
    pl["reputation"] = move_reputation(get_rules().reputation, pl["reputation"], int(p["steps"]))


@reducer("player.crystal")
def _crystal(state, p, ev):
    pl = player(state, p["player"])
    c = p["color"]
    pl["crystals"][c] = max(0, min(CRYSTAL_LIMIT, pl["crystals"][c] + int(p["amount"])))


@reducer("player.wounds")
def _wounds(state, p, ev):
    pl = player(state, p["player"])
    pl["wounds"] = max(0, pl["wounds"] + int(p["amount"]))


@reducer("player.shield")
def _shield(state, p, ev):
    pl = player(state, p["player"])
    k = p["site"]
    pl["shields"][k] = max(0, pl["shields"][k] + int(p["amount"]))


@reducer("round.next")
def _round_next(state, p, ev):
    state["round"] += 1
    state["time"] = p.get("time") or ("night" if state["time"] == "day" else "day")
    # Rulebook, End of the Round: units are readied
    for pl in state["players"]:
        for u in pl["units"]:
            u["state"] = "ready"
    start_of_round(state)  # Mines Liberation: a crystal from every liberated mine


@reducer("round.time")
def _round_time(state, p, ev):
    state["time"] = p["time"]


@reducer("round.order")
def _round_order(state, p, ev):
    state["round_order"] = list(p["order"])


@reducer("enemy.override")
def _override(state, p, ev):
    if p.get("changes"):
        state["overrides"][p["enemy"]] = dict(p["changes"])
    else:
        state["overrides"].pop(p["enemy"], None)


# ---------------------------------------------------------------------------------------------- commands


REWARD_TEXT = {
    # what the Fame track gives when a level is reached (rules_data/levels.yaml `reward`)
    "command_token_armor_hand": N_("one more Command token, new Armor and Hand limit"),
    "skill_and_advanced_action": N_("a Skill and an Advanced Action card"),
}
SHIELD_NAMES = {
    "keep": N_("keep"),
    "mage_tower": N_("mage tower"),
    "monastery": N_("monastery"),
    "adventure": N_("adventure site"),
    "city": N_("city"),
}
TIME_NAMES = {"day": N_("day"), "night": N_("night")}  # the Round sentences name the time by these msgids
COLOR_NAMES = {"red": N_("red"), "blue": N_("blue"), "green": N_("green"), "white": N_("white")}


@command("fame")
def cmd_fame(state, data) -> Command:
    i = parse.player_index(state, data)
    amount = parse.whole(data, "amount", lo=-200, hi=200)
    if amount == 0:
        raise Invalid(N_("Choose an amount of Fame other than 0."))
    pl = state["players"][i]
    bonus = line_bonus(state, pl["fame"], amount)
    ch = change_fame(get_rules().levels, pl["fame"], amount + bonus)
    name = pl["name"]
    payload = {"player": i, "amount": amount}
    if bonus:
        payload["bonus"] = bonus
        s = sentence(
            N_("%(name)s gains %(amount)d Fame and %(bonus)d extra Fame for crossing lines on the Fame track (Blitz): level "
               "%(old)d → %(new)d, Armor %(armor)d, Hand limit %(hand)d; level-up reward: %(reward)s"),
            translate=("reward",), name=name, amount=amount, bonus=bonus, old=ch.before.level, new=ch.after.level,
            armor=ch.after.armor, hand=ch.after.hand_limit,
            reward=[REWARD_TEXT.get(r, r) for r in ch.rewards],
        )
        return Command("player.fame", payload, s, (f"player:{i}:fame",))
    if ch.after.level > ch.before.level:
        s = sentence(
            N_("%(name)s gains %(amount)d Fame: level %(old)d → %(new)d, Armor %(armor)d, Hand limit %(hand)d; "
               "level-up reward: %(reward)s"),
            translate=("reward",), name=name, amount=amount, old=ch.before.level, new=ch.after.level,
            armor=ch.after.armor, hand=ch.after.hand_limit,
            reward=[REWARD_TEXT.get(r, r) for r in ch.rewards],
        )
    elif amount > 0:
        s = sentence(N_("%(name)s gains %(amount)d Fame (now %(fame)d)."), name=name, amount=amount, fame=ch.after.fame)
    else:
        s = sentence(N_("%(name)s loses %(amount)d Fame (now %(fame)d)."), name=name, amount=-amount,
                     fame=ch.after.fame)
    return Command("player.fame", payload, s, (f"player:{i}:fame",))


@command("reputation")
def cmd_reputation(state, data) -> Command:
    i = parse.player_index(state, data)
    steps = parse.whole(data, "amount", lo=-20, hi=20)
    if steps == 0:
        raise Invalid(N_("Choose a number of spaces other than 0."))
    pl = state["players"][i]
    track = get_rules().reputation
    new = move_reputation(track, pl["reputation"], steps)
    if new == pl["reputation"]:
        raise Invalid(N_("The Reputation marker is already at the end of the track."))
    mod = reputation_modifier(track, new)
    if mod is None:
        s = sentence(N_("%(name)s: Reputation %(old)s → X (cannot interact)."), name=pl["name"],
                     old=str(pl["reputation"]))
    else:
        s = sentence(N_("%(name)s: Reputation %(old)s → %(new)s (Influence %(mod)+d)."), name=pl["name"],
                     old=str(pl["reputation"]), new=str(new), mod=mod)
    return Command("player.reputation", {"player": i, "steps": steps}, s, (f"player:{i}:reputation",))


@command("crystal")
def cmd_crystal(state, data) -> Command:
    i = parse.player_index(state, data)
    color = parse.colour(data, "color", COLORS)
    amount = parse.whole(data, "amount", lo=-3, hi=3)
    pl = state["players"][i]
    new = pl["crystals"][color] + amount
    if amount == 0 or new < 0:
        raise Invalid(N_("%(name)s has no %(color)s crystal to remove."), name=pl["name"],
                      color=term(COLOR_NAMES[color]))
    if new > CRYSTAL_LIMIT:
        raise Invalid(N_("At most 3 crystals of each colour: %(name)s already has %(n)d %(color)s."),
                      name=pl["name"], n=pl["crystals"][color], color=term(COLOR_NAMES[color]))
    msg = N_("%(name)s gains a %(color)s crystal (%(n)d).") if amount > 0 else N_(
        "%(name)s uses a %(color)s crystal (%(n)d left).")
    s = sentence(msg, translate=("color",), name=pl["name"], color=COLOR_NAMES[color], n=new)
    return Command("player.crystal", {"player": i, "color": color, "amount": amount}, s,
                   (f"player:{i}:crystals:{color}",))


@command("wounds")
def cmd_wounds(state, data) -> Command:
    i = parse.player_index(state, data)
    amount = parse.whole(data, "amount", lo=-50, hi=50)
    pl = state["players"][i]
    if amount == 0 or pl["wounds"] + amount < 0:
        raise Invalid(N_("%(name)s has no Wound to heal."), name=pl["name"])
    one, many = (Nn_("%(name)s takes %(n)d Wound card (%(total)d in the deck).",
                     "%(name)s takes %(n)d Wound cards (%(total)d in the deck).") if amount > 0 else
                 Nn_("%(name)s heals %(n)d Wound card (%(total)d in the deck).",
                     "%(name)s heals %(n)d Wound cards (%(total)d in the deck)."))
    s = plural_sentence(one, many, "n", name=pl["name"], n=abs(amount), total=pl["wounds"] + amount)
    return Command("player.wounds", {"player": i, "amount": amount}, s, (f"player:{i}:wounds",))


@command("shield")
def cmd_shield(state, data) -> Command:
    i = parse.player_index(state, data)
    site = parse.choice(data, "site", SHIELD_KINDS)
    amount = parse.whole(data, "amount", lo=-10, hi=10)
    pl = state["players"][i]
    if amount == 0 or pl["shields"][site] + amount < 0:
        raise Invalid(N_("%(name)s has no shield on a %(site)s to remove."), name=pl["name"],
                      site=term(SHIELD_NAMES[site]))
    msg = N_("%(name)s puts a shield on a %(site)s (%(n)d).") if amount > 0 else N_(
        "%(name)s takes a shield back from a %(site)s (%(n)d).")
    s = sentence(msg, translate=("site",), name=pl["name"], site=SHIELD_NAMES[site], n=pl["shields"][site] + amount)
    return Command("player.shield", {"player": i, "site": site, "amount": amount}, s, (f"player:{i}:shields:{site}",))


@command("next_round")
def cmd_next_round(state, data) -> Command:
    order = list(day_night_order(state))
    n = state["round"] + 1
    # no Round after the scenario's last: the command's registered check (scenario_end.refuse_round_after_last)
    time = order[n - 1] if n <= len(order) else ("night" if state["time"] == "day" else "day")
    s = sentence(N_("Round %(n)d begins (%(time)s)."), translate=("time",), n=n, time=TIME_NAMES[time])
    return Command("round.next", {"time": time}, s, ("round",))


@command("time")
def cmd_time(state, data) -> Command:
    time = parse.choice(data, "time", ("day", "night"))
    s = sentence(N_("It is now %(time)s."), translate=("time",), time=TIME_NAMES[time])
    return Command("round.time", {"time": time}, s, ("round",))


@command("round_order")
def cmd_round_order(state, data) -> Command:
    raw = data.get("order")
    if isinstance(raw, str):
        raw = [x for x in raw.split(",") if x != ""]
    if not isinstance(raw, list) or not raw:
        raise Invalid(N_("Give the round order as a list of players."))
    order = []
    for x in raw[:20]:
        if x == "dummy":
            order.append("dummy")
            continue
        try:
            order.append(parse.whole_value(x, "order", lo=0))
        except Invalid:
            raise Invalid(N_("Unknown player in the round order: %(p)s."), p=parse.shown(x)[:20]) from None
    players = set(range(len(state["players"])))
    if sorted(o for o in order if o != "dummy") != sorted(players):
        raise Invalid(N_("The round order must name every player exactly once."))
    names = ", ".join("Dummy" if o == "dummy" else state["players"][o]["name"] for o in order)
    s = sentence(N_("Round order: %(names)s."), names=names)
    return Command("round.order", {"order": order}, s, ("round_order",))


# ---------------------------------------------------------------------------------------------- token corrections

CORRECTABLE_ABILITIES = ("fortified", "unfortified", "elusive", "arcane_immunity", "swift", "brutal", "poison",
                         "paralyze", "assassination", "cumbersome", "vampiric")


@command("override")
def cmd_override(state, data) -> Command:
    """A table's correction of one printed token for this game (values differ between printings).
    Only what differs from the rules data is stored; an empty correction goes back to the printed token."""
    token = parse.enemy_token(data.get("enemy"))
    printed = get_rules().enemies[token]
    if data.get("reset"):
        if token not in state["overrides"]:
            raise Invalid(N_("%(enemy)s is not corrected in this game."), enemy=printed.name)
        s = sentence(N_("%(enemy)s: back to the printed token."), enemy=name_arg(printed.name, printed.name_de))
        return Command("enemy.override", {"enemy": token, "changes": {}}, s, (f"override:{token}",))
    base = as_dict(printed)
    # docs/api.md: a correction gives only the fields that differ from the printed token; a field left out keeps
    # the printed value. An HTML form always shows every field (an unticked box sends nothing), so for a form the
    # lists of abilities and resistances are always given.
    form = hasattr(data, "getlist")

    def given(name) -> bool:
        return name in data or (form and name in ("ability", "resistance"))

    elusive_raw = data.get("elusive_armor")
    wanted = {
        "armor": parse.whole(data, "armor", lo=1, hi=30) if given("armor") else base["armor"],
        "elusive_armor": (base["elusive_armor"] if not given("elusive_armor") else None if elusive_raw in (None, "")
                          else parse.whole(data, "elusive_armor", lo=1, hi=30)),
        "fame": parse.whole(data, "fame", lo=0, hi=30) if given("fame") else base["fame"],
        "attacks": [] if given("attack_value") else [dict(a) for a in base["attacks"]],
        "abilities": ([a for a in CORRECTABLE_ABILITIES if a in parse.many(data, "ability")] if given("ability")
                      else [a for a in base["abilities"] if a in CORRECTABLE_ABILITIES]),
        "resistances": ([r for r in ("physical", "fire", "ice") if r in parse.many(data, "resistance")]
                        if given("resistance") else list(base["resistances"])),
    }
    values, elements = parse.many(data, "attack_value"), parse.many(data, "attack_element")
    for i, raw in enumerate(values):
        if raw in (None, ""):
            continue
        element = elements[i] if i < len(elements) else "physical"
        if element not in ("physical", "fire", "ice", "cold_fire"):
            raise Invalid(N_("Unknown element: %(e)s."), e=str(element)[:20])
        wanted["attacks"].append({"value": parse.whole_value(raw, "attack", lo=0, hi=30), "element": element})
    # keep the printed abilities the form does not offer (summon, defend) as they are
    kept = [a for a in printed.abilities if a not in CORRECTABLE_ABILITIES]
    wanted["abilities"] = kept + wanted["abilities"]

    def same(key) -> bool:
        if key in ("abilities", "resistances"):
            return sorted(base[key]) == sorted(wanted[key])
        return base[key] == wanted[key]

    changes = {k: v for k, v in wanted.items() if not same(k)}
    if not changes and token not in state["overrides"]:
        raise Invalid(N_("That is exactly the printed token: nothing to correct."))
    try:
        apply_override(printed, changes)
    except RulesDataError as err:
        raise Invalid(N_("That correction is not a valid token: %(reason)s"), reason=str(err))
    fields = ", ".join(sorted(changes)) or "-"
    s = sentence(N_("%(enemy)s corrected for this game (%(fields)s)."), enemy=name_arg(printed.name, printed.name_de),
                 fields=fields)
    return Command("enemy.override", {"enemy": token, "changes": changes}, s, (f"override:{token}",))

