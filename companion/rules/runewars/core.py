"""Runewars (seed 001): battles, duels, attribute tests and limits. Pure: no Flask, no database, no state.

Every result carries ``explanation``: ``T`` lines citing the seed's passage ("Runewars, Dealing Damage to Units").
Faction data is not printed in the seeds, so no unit or hero is built in: callers pass the health and counts the
table entered.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Iterable, Sequence

from ..text import N_, Nn_, T, Term, Tn

INITIATIVES = (1, 2, 3, 4, 5)  # "Five rounds of combat are resolved, starting with all initiative 1 units"
SHAPES = ("triangle", "rectangle", "hexagon", "circle")  # the four sections of a Fate card
SIDES = ("attacker", "defender")
DUEL_ROUNDS = 4  # Duels, 3: "resolve four rounds of the duel"
DUEL_ICONS = ("damage", "rout", "special", "miss")
DUEL_SPECIALS = ("damage", "reward", "ability")  # a hero's 1 damage or Reward card; a Duel quest unit's ability
ATTRIBUTES = ("strength", "agility", "wisdom")
HERO_LIMIT = 3  # Gaining Heroes: "no more than three heroes at a time"
QUEST_LIMIT = 3  # Quest Cards: "a maximum of three Quest cards in his hand at any time"
AREA_LIMIT = 8  # Retreats: "if the number of units in an area exceeds eight ... destroy units until he has eight"

SHAPE_NAMES = {"triangle": N_("triangle"), "rectangle": N_("rectangle"), "hexagon": N_("hexagon"),
               "circle": N_("circle")}
ATTRIBUTE_NAMES = {"strength": N_("strength"), "agility": N_("agility"), "wisdom": N_("wisdom")}


# ============================================================================================ units and damage


@dataclass(frozen=True)
class Unit:
    """One unit in a battle: its health (the heart on the faction sheet) and the damage tokens next to it."""

    id: str
    health: int
    damage: int = 0
    routed: bool = False
    destroyed: bool = False

    @property
    def present(self) -> bool:
        return not self.destroyed

    @property
    def standing(self) -> bool:
        return not self.destroyed and not self.routed

    @property
    def damaged(self) -> bool:
        return not self.destroyed and self.damage > 0


@dataclass(frozen=True)
class Assignment:
    """The result of assigning routs then damage: ``legal`` with the units after it, or the rule it breaks."""

    legal: bool
    units: tuple[Unit, ...]
    reason: str = ""
    explanation: tuple[str, ...] = ()


def legal_rout_targets(units: Sequence[Unit]) -> list[str]:
    """Routed Units and Heroes: "For each point of routing damage, a player must rout one of his undamaged units
    (regardless of the unit's health). If all of his remaining units are damaged, then he must choose one of them."
    Only standing units can be routed (a routed unit is already on its side)."""
    standing = [u for u in units if u.standing]
    undamaged = [u.id for u in standing if u.damage == 0]
    return undamaged or [u.id for u in standing]


def legal_damage_targets(units: Sequence[Unit]) -> list[str]:
    """Dealing Damage to Units: "a player must place the damage on a previously damaged unit (if able). If he
    does not have any damaged units, then he must assign it to any one of his standing units. If he does not
    control any standing units in the battle, then he must assign the damage to one of his routed units."
    With Routed Units: "he must always choose a standing unit if able", so among damaged units the standing ones
    come first.

    The reading chosen: the passage on damage is the rule for it, and it turns to standing units only "If he does
    not have any damaged units", so a damaged routed unit takes the damage before an undamaged standing one; "always
    choose a standing unit if able" chooses among the units that rule allows (a damaged standing unit before a
    damaged routed one). In a battle fought through the app the two readings never differ (a damaged unit is routed
    only when every standing unit is damaged, and damage stays until the battle ends), so stored battles fold as
    they did; they differ where cards or abilities rout a damaged unit, which ``assign`` can be given."""
    present = [u for u in units if u.present]
    damaged = [u for u in present if u.damage > 0]
    damaged_standing = [u.id for u in damaged if not u.routed]
    if damaged_standing:
        return damaged_standing
    if damaged:
        return [u.id for u in damaged]
    standing = [u.id for u in present if not u.routed]
    return standing or [u.id for u in present]


def _by_id(units: Sequence[Unit]) -> dict[str, Unit]:
    return {u.id: u for u in units}


def _illegal(units, msgid, explanation, **args) -> Assignment:
    line = T(msgid, **args)
    return Assignment(False, tuple(units), str(line), tuple(explanation) + (line,))


def assign(units: Sequence[Unit], routs: int, damage: int, rout_targets: Sequence[str] = (),
           damage_targets: Sequence[str] = ()) -> Assignment:
    """Apply ``routs`` then ``damage`` (Rounds of Combat: 4 Resolve Routs, then 5 Resolve Damage) to one
    player's units with the chosen targets, one point at a time, enforcing the seed's rules.

    Each rout point needs a target while a standing unit remains (then further routs have no effect); each damage
    point needs a target while a unit remains."""
    units = list(units)
    ids = [u.id for u in units]
    if len(set(ids)) != len(ids):
        return _illegal(units, N_("Two units have the same id %(id)s."), (), id=next(i for i in ids if ids.count(i) > 1))
    trace: list[str] = []
    rts, dts = list(rout_targets), list(damage_targets)
    for n in range(routs):
        legal = legal_rout_targets(units)
        if not legal:
            if rts:
                return _illegal(units, N_("Runewars, Routed Units: no standing unit is left to rout, so rout "
                                          "target %(id)s is one too many."), trace, id=rts[0])
            trace.append(Tn(*Nn_("Runewars, Routed Units: %(n)d rout left but no standing unit: no effect.",
                    "Runewars, Routed Units: %(n)d routs left but no standing unit: no effect."), "n", n=routs - n))
            break
        if not rts:
            return _illegal(units, N_("Runewars, Routed Units: rout point %(n)d of %(total)d needs a target."),
                            trace, n=n + 1, total=routs)
        target = rts.pop(0)
        if target not in legal:
            if target not in ids or not _by_id(units)[target].present:
                return _illegal(units, N_("There is no unit %(id)s in this battle."), trace, id=target)
            return _illegal(units, N_("Runewars, Routed Units: rout an undamaged standing unit first (only when all "
                                      "are damaged, a damaged one): %(id)s cannot be routed now; choose one of "
                                      "%(legal)s."), trace, id=target, legal=", ".join(legal))
        i = ids.index(target)
        units[i] = replace(units[i], routed=True)
        trace.append(T(N_("Runewars, Routed Units: %(id)s is routed."), id=target))
    if rts:
        return _illegal(units, N_("There are more rout targets than routs (%(n)d)."), trace, n=routs)
    for n in range(damage):
        legal = legal_damage_targets(units)
        if not legal:
            if dts:
                return _illegal(units, N_("Runewars, Dealing Damage: no unit is left, so damage target %(id)s is one "
                                          "too many."), trace, id=dts[0])
            trace.append(T(N_("Runewars, Dealing Damage: %(n)d damage left but no unit: no effect."), n=damage - n))
            break
        if not dts:
            return _illegal(units, N_("Runewars, Dealing Damage: damage point %(n)d of %(total)d needs a target."),
                            trace, n=n + 1, total=damage)
        target = dts.pop(0)
        if target not in legal:
            if target not in ids or not _by_id(units)[target].present:
                return _illegal(units, N_("There is no unit %(id)s in this battle."), trace, id=target)
            return _illegal(units, N_("Runewars, Dealing Damage to Units: damage must go on a previously damaged "
                                      "unit if able, then on a standing unit: %(id)s cannot take it now; choose one "
                                      "of %(legal)s."), trace, id=target, legal=", ".join(legal))
        i = ids.index(target)
        u = units[i]
        u = replace(u, damage=u.damage + 1)
        if u.damage >= u.health:
            u = replace(u, destroyed=True)
            trace.append(T(N_("Runewars, Dealing Damage to Units: %(id)s takes 1 damage (%(d)d of %(h)d health) "
                              "and is destroyed."), id=target, d=u.damage, h=u.health))
        else:
            trace.append(T(N_("Runewars, Dealing Damage to Units: %(id)s takes 1 damage (%(d)d of %(h)d health)."),
                           id=target, d=u.damage, h=u.health))
        units[i] = u
    if dts:
        return _illegal(units, N_("There are more damage targets than damage (%(n)d)."), trace, n=damage)
    return Assignment(True, tuple(units), "", tuple(trace))


def auto_targets(units: Sequence[Unit], routs: int, damage: int) -> tuple[list[str], list[str]]:
    """One legal choice of targets (the first legal unit each time): a suggestion a page can pre-select."""
    units = list(units)
    rts: list[str] = []
    for _ in range(routs):
        legal = legal_rout_targets(units)
        if not legal:
            break
        rts.append(legal[0])
        i = [u.id for u in units].index(legal[0])
        units[i] = replace(units[i], routed=True)
    dts: list[str] = []
    for _ in range(damage):
        legal = legal_damage_targets(units)
        if not legal:
            break
        dts.append(legal[0])
        i = [u.id for u in units].index(legal[0])
        u = replace(units[i], damage=units[i].damage + 1)
        units[i] = replace(u, destroyed=u.damage >= u.health)
    return rts, dts


# ============================================================================================ tally


@dataclass(frozen=True)
class Tally:
    attacker: int
    defender: int
    winner: str  # "attacker" | "defender"
    explanation: tuple[str, ...]


def tally(attacker_standing: int, defender_standing: int, stronghold: int = 0) -> Tally:
    """Battles 5 Tally Strength and 6 Resolution: strength = standing units, the defender adds his stronghold's
    strength; "The player with the highest total strength wins the battle; in the case of a tie, the defender
    wins." """
    a, d = attacker_standing, defender_standing + stronghold
    trace = [Tn(*Nn_("Runewars, Tally Strength: attacker %(n)d standing unit = strength %(s)d.",
                    "Runewars, Tally Strength: attacker %(n)d standing units = strength %(s)d."), "n", n=attacker_standing,
               s=a)]
    if stronghold:
        trace.append(Tn(*Nn_("Runewars, Tally Strength: defender %(n)d standing unit + stronghold %(h)d = strength %(s)d.",
                    "Runewars, Tally Strength: defender %(n)d standing units + stronghold %(h)d = strength %(s)d."), "n", n=defender_standing, h=stronghold, s=d))
    else:
        trace.append(Tn(*Nn_("Runewars, Tally Strength: defender %(n)d standing unit = strength %(s)d.",
                    "Runewars, Tally Strength: defender %(n)d standing units = strength %(s)d."), "n", n=defender_standing, s=d))
    if a > d:
        winner = "attacker"
        trace.append(T(N_("Runewars, Resolution: the attacker has the higher strength and wins.")))
    elif d > a:
        winner = "defender"
        trace.append(T(N_("Runewars, Resolution: the defender has the higher strength and wins.")))
    else:
        winner = "defender"
        trace.append(T(N_("Runewars, Resolution: a tie (%(n)d each): the defender wins."), n=a))
    return Tally(a, d, winner, tuple(trace))


# ============================================================================================ retreat


@dataclass(frozen=True)
class Retreat:
    """What happens to the loser's units: how many retreat (routed), how many are destroyed, and how many more the
    owner must destroy in the destination area (the eight-unit limit)."""

    retreating: int
    destroyed: int
    over_limit: int
    explanation: tuple[str, ...]


def retreat(participating: int, routed_at_start: int, can_retreat: bool, units_at_destination: int = 0,
            neutral: bool = False) -> Retreat:
    """Battles 6a Retreat and Retreats: the loser retreats all participating units to one adjacent area and they
    are routed; units already routed at the start of the battle may not retreat and are destroyed; without an
    area to retreat to (friendly, then empty; for neutral units an uncontrolled area) they are destroyed; then
    more than eight units in the area (routed ones count): destroy down to eight."""
    trace: list[str] = []
    destroyed = routed_at_start
    if routed_at_start:
        trace.append(Tn(*Nn_("Runewars, Resolution 6a: %(n)d unit routed at the start of the battle cannot retreat and is destroyed.",
                    "Runewars, Resolution 6a: %(n)d units routed at the start of the battle cannot retreat and are destroyed."), "n", n=routed_at_start))
    if not can_retreat:
        if neutral:
            trace.append(Tn(*Nn_("Runewars, Retreats: no adjacent uncontrolled area: the %(n)d neutral unit is destroyed.",
                    "Runewars, Retreats: no adjacent uncontrolled area: the %(n)d neutral units are destroyed."), "n", n=participating))
        else:
            trace.append(Tn(*Nn_("Runewars, Retreats: no adjacent friendly or empty area: the %(n)d unit is destroyed.",
                    "Runewars, Retreats: no adjacent friendly or empty area: the %(n)d units are destroyed."), "n", n=participating))
        return Retreat(0, destroyed + participating, 0, tuple(trace))
    trace.append(Tn(*Nn_("Runewars, Retreats: %(n)d unit retreats to one adjacent area and is routed.",
                    "Runewars, Retreats: %(n)d units retreat to one adjacent area and are routed."), "n", n=participating))
    total = units_at_destination + participating
    over = max(0, total - AREA_LIMIT)
    if over:
        trace.append(T(N_("Runewars, Retreats: %(total)d units in that area (routed ones count): destroy %(n)d to "
                          "keep eight."), total=total, n=over))
    return Retreat(participating, destroyed, over, tuple(trace))


# ============================================================================================ duels


@dataclass(frozen=True)
class DuelDraw:
    """What one hero drew in a duel round: the circle section's icon and its number."""

    icon: str  # damage | rout | special | miss
    value: int = 0
    special: str = "damage"  # damage (1 damage, as printed on the Hero card) | reward (a Reward card's ability)
    # | ability (a Duel quest's neutral unit: its special ability, "unlike a hero, it does not have the "deal 1
    # damage" option"); reward and ability deal ``value``
    prevent: int = 0  # damage a Reward card (an Armor) prevents this round


@dataclass(frozen=True)
class DuelHero:
    health: int
    damage: int = 0

    @property
    def defeated(self) -> bool:
        return self.damage >= self.health


@dataclass(frozen=True)
class DuelRound:
    attacker: DuelHero
    defender: DuelHero
    dealt: tuple[int, int]  # damage taken by attacker, defender
    over: bool
    explanation: tuple[str, ...]


def _deals(draw: DuelDraw) -> int:
    if draw.icon == "damage":
        return draw.value
    if draw.icon == "special":
        return 1 if draw.special == "damage" else draw.value
    return 0


def duel_round(attacker: DuelHero, defender: DuelHero, a: DuelDraw, d: DuelDraw, round_no: int = 1) -> DuelRound:
    """Duels 3: both heroes draw one Fate card (attacker first) and resolve the circle section: special = 1 damage
    or one Reward card's ability; rout = prevent that much damage this round (it routs nobody); damage = the
    opponent is dealt that much; blank = nothing. "All damage dealt during duels is resolved simultaneously, and can
    even result in both heroes being defeated at the same time." """
    trace: list[str] = []
    taken = []
    for who, me, mine, other in (("attacker", attacker, a, d), ("defender", defender, d, a)):
        incoming = _deals(other)
        shield = (mine.value if mine.icon == "rout" else 0) + mine.prevent
        got = max(0, incoming - shield)
        taken.append(got)
        if incoming and shield:
            trace.append(T(N_("Runewars, Duels: the %(who)s is dealt %(n)d, prevents %(p)d: takes %(got)d."),
                           who=Term(who), n=incoming, p=min(shield, incoming), got=got))
        else:
            trace.append(T(N_("Runewars, Duels: the %(who)s takes %(got)d damage."), who=Term(who), got=got))
    na = replace(attacker, damage=attacker.damage + taken[0])
    nd = replace(defender, damage=defender.damage + taken[1])
    for who, h in (("attacker", na), ("defender", nd)):
        if h.defeated:
            trace.append(T(N_("Runewars, Damaging and Defeating Heroes: the %(who)s has %(d)d damage, health %(h)d: "
                              "defeated."), who=Term(who), d=h.damage, h=h.health))
    over = na.defeated or nd.defeated or round_no >= DUEL_ROUNDS
    if over and not (na.defeated or nd.defeated):
        trace.append(T(N_("Runewars, Duels 4: four rounds resolved, the duel is over; damage stays on the heroes.")))
    return DuelRound(na, nd, (taken[0], taken[1]), over, tuple(trace))


def duel_winner(attacker: DuelHero, defender: DuelHero) -> str | None:
    """Duels 4 and Damaging and Defeating Heroes: the surviving hero claims all of the defeated hero's Reward
    cards; both defeated or neither: nobody takes any."""
    if attacker.defeated and not defender.defeated:
        return "defender"
    if defender.defeated and not attacker.defeated:
        return "attacker"
    return None


# ============================================================================================ attribute tests, limits


@dataclass(frozen=True)
class AttributeTest:
    cards: int
    explanation: tuple[str, ...]


def attribute_test(attribute: str, value: int) -> AttributeTest:
    """Attribute Tests: "the controller of the hero draws a number of Fate cards equal to the hero's appropriate
    attribute. The player then chooses one of the Fate cards" and uses its destiny icon."""
    if value <= 0:
        return AttributeTest(0, (T(N_("Runewars, Attribute Tests: %(attr)s 0: no Fate card to draw, no destiny icon "
                                      "to choose."), attr=Term(ATTRIBUTE_NAMES[attribute])),))
    return AttributeTest(value, (Tn(*Nn_("Runewars, Attribute Tests: %(attr)s %(n)d: draw %(n)d Fate card and use its destiny icon.",
                    "Runewars, Attribute Tests: %(attr)s %(n)d: draw %(n)d Fate cards, choose one and use its destiny icon; discard the others."), "n", 
                                   attr=Term(ATTRIBUTE_NAMES[attribute]), n=value),))


def over_limit(count: int, limit: int) -> int:
    """How many must go: a fourth hero makes one desert; a fourth Quest card is discarded."""
    return max(0, count - limit)


def standing_count(units: Iterable[Unit]) -> int:
    return sum(1 for u in units if u.standing)
