"""Mage Lite (seed 004), the 18-card solo game: the Mini Blitz scenario, its Rounds and verdict, the Fame card with
the Fame Bonus, the hero card's levels, the Reputation card, the Hand limit bonus and the crystal limit. The Dummy
player's counter of the Main Expansion is ``mage_lite/dummy.py``. Numbers come from rules_data/mage_lite.yaml
(``MageLiteData``) and, for the Fame track and the hero card's armor and Hand limit, rules_data/levels.yaml
(Mage Knight's; the Mage Lite text does not print them). Pure: no Flask, no database, no game state.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from ..text import N_, T, Term, Tn

DIFFICULTIES = ("casual", "normal", "hard", "impossible")
TIMES = ("day", "night")
X = -7  # the X step of the red side: no interaction at all
TOP = 7  # the last yellow step (+3 on the card's second turn)
BLITZ = N_("Mage Lite, Mini Blitz")
FAME = N_("Mage Lite, Fame and Reputation")
LEVELS = N_("Mage Lite, Leveling up")


@dataclass(frozen=True)
class MiniBlitz:
    """The Mini Blitz set-up of one difficulty, as printed, with the start the player chose."""

    difficulty: str
    rounds: int
    day_night: tuple[str, ...]  # "day"/"night" for Round 1, 2, ...
    city_levels: tuple[int, ...]
    fame_bonus: int
    start_choice: bool
    tiles: Mapping[str, int]
    cities: tuple[str, ...]  # the city colours in play (the expansion adds white and green: two of four)
    portal_start: bool  # Main Expansion: "Place the map card showing the portal in play"

    def to_json(self) -> dict:
        return {"rounds": self.rounds, "day_night": list(self.day_night), "city_levels": list(self.city_levels),
                "fame_bonus": self.fame_bonus, "difficulty": self.difficulty, "start_choice": self.start_choice,
                "tiles": dict(self.tiles), "cities": list(self.cities), "portal_start": self.portal_start}


def day_night(rounds: int, start: str) -> tuple[str, ...]:
    """Day and Night alternate from the first Round's."""
    if start not in TIMES:
        raise ValueError("start is day or night")
    other = "night" if start == "day" else "day"
    return tuple(start if i % 2 == 0 else other for i in range(rounds))


def mini_blitz(data, difficulty: str, start: str | None = None, main_expansion: bool = False) -> MiniBlitz:
    """004 "Mini Blitz Scenario": Rounds, Fame Bonus and city levels per difficulty. Casual and Normal print "3 days,
    3 nights" and no choice: they start on a Day; Hard and Impossible: "player choice on whether you start on Day or
    Night in the first round"."""
    d = data.difficulties.get(difficulty)
    if d is None:
        raise ValueError(f"unknown difficulty {difficulty!r}")
    if start is not None and not d.start_choice and start != "day":
        raise ValueError("only Hard and Impossible let the player choose the first Round")
    cities = tuple(data.cities["base"]) + (tuple(data.cities["main_expansion"]) if main_expansion else ())
    return MiniBlitz(d.id, d.rounds, day_night(d.rounds, start or "day"), d.city_levels, d.fame_bonus,
                     d.start_choice, data.tiles, cities, main_expansion)


# ---------------------------------------------------------------------------------------------- Fame and levels

def level_of(levels: Sequence, fame: int, max_level: int) -> int:
    """The hero's level with ``fame`` Fame (Mage Knight's Fame track; the hero card goes to ``max_level``)."""
    level = 1
    for lv in levels:
        if fame >= lv.fame and lv.level <= max_level:
            level = max(level, lv.level)
    return level


@dataclass(frozen=True)
class LevelUp:
    level: int
    reward: str  # "skill_and_advanced_action" (even) or "command_token" (odd)
    bonus: int   # the Fame Bonus this level-up gave


@dataclass(frozen=True)
class FameGain:
    before: int
    gained: int
    bonus: int
    after: int
    level_before: int
    level_after: int
    level_ups: tuple[LevelUp, ...]
    explanation: tuple[str, ...]


def gain_fame(levels: Sequence, fame: int, amount: int, fame_bonus: int, max_level: int) -> FameGain:
    """004 "Mini Blitz": the Fame Bonus is "how many fame you gain immediately after you cross a fame level that
    levels up your hero": one bonus per level crossed (a bonus that crosses the next level brings that level's
    bonus too). A negative amount corrects a mistake: no bonus, the level follows the Fame."""
    if fame < 0:
        raise ValueError("Fame cannot be negative")
    now = max(0, fame + amount)
    level0 = level_of(levels, fame, max_level)
    lines = [T("%(rule)s: Fame %(before)d -> %(after)d", rule=Term(FAME), before=fame, after=now)]
    ups: list[LevelUp] = []
    bonus = 0
    level = level0
    while amount > 0:
        reached = level_of(levels, now, max_level)
        if reached <= level:
            break
        for n in range(level + 1, reached + 1):
            ups.append(LevelUp(n, "skill_and_advanced_action" if n % 2 == 0 else "command_token", fame_bonus))
            lines.append(T("%(rule)s: level %(level)d crossed: Fame Bonus +%(bonus)d (%(fame)d -> %(to)d)",
                           rule=Term(BLITZ), level=n, bonus=fame_bonus, fame=now, to=now + fame_bonus))
            now += fame_bonus
            bonus += fame_bonus
        level = reached
        if not fame_bonus:
            break
    level_after = level_of(levels, now, max_level)
    return FameGain(fame, amount, bonus, now, level0, level_after, tuple(ups), tuple(lines))


def level_reward(level: int) -> tuple[str, ...]:
    """004 "LEVELING UP": "On every even level, you gain a skill ... and an advanced action. On every odd level, you
    gain a command token" (with more armor or a greater Hand limit, as the hero card shows)."""
    if level % 2 == 0:
        return (T("%(rule)s: level %(level)d: a Skill and an Advanced Action (look at the back of the three "
                  "left-most basic actions of your new hand: flip one to its Advanced side)",
                  rule=Term(LEVELS), level=level),)
    return (T("%(rule)s: level %(level)d: a Command token (and more armor or a greater Hand limit, as your hero "
              "card shows)", rule=Term(LEVELS), level=level),)


@dataclass(frozen=True)
class HeroCard:
    level: int
    armor: int
    hand_limit: int
    command_tokens: int
    from_card: bool  # the player typed this level's numbers from the card; else Mage Knight's level table


def hero_card(levels: Sequence, level: int, corrections: Mapping[str, Mapping[str, int]] | None = None) -> HeroCard:
    """The hero card at ``level``: armor and Hand limit from Mage Knight's level table (the Mage Lite text does not
    print them) unless the player typed the card's; Command tokens: 1 at level 1, one more per odd level."""
    row = next((lv for lv in levels if lv.level == level), None)
    if row is None:
        raise ValueError(f"no level {level}")
    fix = (corrections or {}).get(str(level)) or {}
    tokens = 1 + (level - 1) // 2
    return HeroCard(level, int(fix.get("armor", row.armor)), int(fix.get("hand_limit", row.hand_limit)), tokens,
                    bool(fix))


# ---------------------------------------------------------------------------------------------- Reputation card

@dataclass(frozen=True)
class ReputationCard:
    reputation: int       # -7 (the X) .. +7
    side: str             # "yellow", "red"
    turns: int            # quarter turns from the start (yellow: counter-clockwise; red: clockwise from its 0)
    number: str           # "left" (first turn of the card) or "right" (after a complete rotation)
    modifier: int | None  # None on the X: no interaction at all
    from_text: bool       # False: a red-side number the text does not print (Mage Knight's track)


def reputation_card(data, reputation: int) -> ReputationCard:
    """004 "FAME AND REPUTATION": "you start your reputation at 0 on the yellow side ... While gaining 1 reputation,
    rotate the card counter-clockwise ... After increasing your reputation 4 times ... you now use the number on the
    right ... So in order, you would gain 0, 0, +1, +1, +2, +2, +3, +3." Below 0: "flip the card to be on the 0 on
    the negative reputation side (the red side) ... Use the same method"; the X: no interaction."""
    if not X <= reputation <= TOP:
        raise ValueError("reputation is between -7 (X) and +7")
    if reputation >= 0:
        return ReputationCard(reputation, "yellow", reputation % 4, "left" if reputation < 4 else "right",
                              data.yellow[reputation], True)
    n = -reputation - 1
    modifier = None if reputation == X else data.red[n]
    return ReputationCard(reputation, "red", n % 4, "left" if n < 4 else "right", modifier, reputation == -1)


def change_reputation(reputation: int, delta: int) -> int:
    """The card has no step beyond +7 or the X."""
    return max(X, min(TOP, reputation + delta))


# ---------------------------------------------------------------------------------------------- Hand limit

def hand_limit(base: int, keeps_owned: int, near_keep: bool, near_city: bool, bonus: Mapping[str, int]) -> int:
    """004 "End of Turn" 3b-e: the hero card's Hand limit; on or next to a keep you own, +1 per keep you own; on or
    next to a conquered city, +2; "If both a keep and a city bonus are possible, use the higher bonus only.\""""
    keep = bonus["keep_each"] * keeps_owned if near_keep and keeps_owned else 0
    city = bonus["city"] if near_city else 0
    return base + max(keep, city)


def add_crystal(have: int, delta: int, limit: int) -> tuple[int, int]:
    """004 "CRYSTALS": "a maximum of 3 crystals of each color ... If you are meant to gain a crystal but already
    have 3 crystals of that color, gain a mana token instead." Returns (crystals, mana tokens instead)."""
    now = have + delta
    if now < 0:
        raise ValueError("not that many crystals")
    return min(now, limit), max(0, now - limit)


# ---------------------------------------------------------------------------------------------- the verdict

@dataclass(frozen=True)
class Verdict:
    result: str | None  # "won", "lost" or None (the game goes on)
    round: int
    rounds_left: int


def verdict(rounds: int, round_no: int, cities_conquered: int, round_over: bool) -> Verdict:
    """004 "Mini Blitz": "The goal is to defeat both cities before time runs out." Both conquered: won, with
    the Rounds after this one left; "if the Round limit is reached, the game is over": the last Round over without
    them: lost."""
    if cities_conquered >= 2:
        return Verdict("won", round_no, max(0, rounds - round_no))
    if round_over and round_no >= rounds:
        return Verdict("lost", round_no, 0)
    return Verdict(None, round_no, max(0, rounds - round_no))


# ---------------------------------------------------------------------------------------------- interaction

INTERACT = N_("Mage Lite, Interacting with Locals")
HEALING = N_("Mage Lite, Healing")
# What each site sells for Influence (004 "Site Reference", "City Reference", "Interacting with Locals" 4): "Heal : 3
# Influence" (village), "Heal : 2 Influence", "Train : 6 Influence" (monastery), "Buy Spell : 7 Influence + Mana of
# the Spell's color" (mage tower; the blue city "as if you are in a mage tower"), "In the Red city, you can buy
# Artifacts for 12 Influence points each", the green city "pay 6 Influence to gain an Advanced Action" (City
# Reference). Where 4c and 4e say 8 for the monastery's and the green city's Advanced Action, the app takes the Site
# and City Reference's 6 (docs/rules-coverage.md). Units cost what the Unit card shows (typed: the text prints none).
SITE_COSTS: dict[str, dict[str, int]] = {
    "village": {"heal": 3},
    "monastery": {"heal": 2, "advanced_action": 6},
    "refugee_camp": {},
    "keep": {},
    "mage_tower": {"spell": 7},
    "city_white": {},
    "city_blue": {"spell": 7},
    "city_green": {"advanced_action": 6},
    "city_red": {"artifact": 12},
}
BUYS = ("heal", "advanced_action", "spell", "artifact")


@dataclass(frozen=True)
class Interaction:
    influence: int         # played: cards, Units, Skills
    reputation_bonus: int  # the Reputation card's modifier (0 when already applied this turn)
    city_bonus: int        # a conquered city: its defeated enemies (0 elsewhere or already applied)
    total: int
    spent: int
    left: int
    explanation: tuple[str, ...]


def interaction(site: str, influence: int, modifier: int | None, city_bonus: int, bonus_now: bool,
                buys: Mapping[str, int], unit_cost: int, silver: int = 0) -> Interaction:
    """004 "Interacting with Locals": 2a "You gain influence (positive or negative) equal to the modifier shown
    immediately once you start the Interaction"; "If your token is on the X space ... you cannot interact at all!"
    (``modifier`` None); 3a "If interacting in a conquered city, you add 1 to your Influence total for each enemy
    that were defeated previously in the city"; 5 "You may buy any number of things ... as long as you have the
    Influence points to pay for them"; 5a "You apply the bonus or penalty ... only once per turn" (``bonus_now``).
    "UNITS": "When you recruit your first Gold unit ..., total up the Influence value of all silver units you
    currently have. Then add or subtract your reputation. Take that total, plus any Influence you play this turn"
    (``silver``)."""
    if modifier is None:
        raise ValueError("on the X of the Reputation card you cannot interact at all")
    costs = SITE_COSTS.get(site)
    if costs is None:
        raise ValueError(f"unknown site {site!r}")
    for what, n in buys.items():
        if n and what not in costs:
            raise ValueError(f"this site does not sell {what}")
    rep = modifier if bonus_now else 0
    city = city_bonus if bonus_now and site.startswith("city_") else 0
    total = influence + rep + city + silver
    spent = unit_cost + sum(costs[w] * n for w, n in buys.items() if n)
    rule = Term(INTERACT)
    lines = [T("%(rule)s 2: Influence played %(n)d", rule=rule, n=influence)]
    if bonus_now:
        lines.append(T("%(rule)s 2a: the Reputation card's modifier %(mod)+d, once this turn", rule=rule, mod=rep))
        if site.startswith("city_"):
            lines.append(T("%(rule)s 3a: +%(n)d for the enemies defeated in this city", rule=rule, n=city))
    else:
        lines.append(T("%(rule)s 5a: the Reputation bonus or penalty (and a city's) was already applied this turn",
                       rule=rule))
    if silver:
        lines.append(T("Mage Lite, Units: recruiting Gold Units, the Influence value of your silver Units: +%(n)d",
                       n=silver))
    for what, n in buys.items():
        if n:
            lines.append(T("%(rule)s: %(n)d x %(what)s at %(cost)d Influence = %(sum)d", rule=rule, n=n,
                           what=Term(BUY_NAMES[what]), cost=costs[what], sum=costs[what] * n))
    if unit_cost:
        lines.append(T("%(rule)s 4a: Units recruited for %(n)d Influence (their cost on the Unit card)", rule=rule,
                       n=unit_cost))
    lines.append(T("%(rule)s: total %(total)d, spent %(spent)d", rule=rule, total=total, spent=spent))
    return Interaction(influence, rep, city, total, spent, total - spent, tuple(lines))


BUY_NAMES = {"heal": N_("Heal 1"), "advanced_action": N_("Advanced Action"), "spell": N_("Spell"),
             "artifact": N_("Artifact")}


def heal_steps(amount: int) -> tuple[str, ...]:
    """004 "HEALING": "For every 1 point of healing, choose one of the following actions: Rotate the right-most
    Waning card in your hand to Starting. Move the bottom card in your discard pile to the bottom of your deck,
    leaving it on Waning. If neither of those options is available, you may search your deck and rotate the first
    bottom-most Waning card to Starting. Then shuffle your deck." """
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
        raise ValueError("healing is counted from 1")
    rule = Term(HEALING)
    return (Tn("%(rule)s: %(n)d point; rotate the right-most Waning card in your hand to Starting, or move the "
               "bottom card of your discard pile to the bottom of your deed deck (still Waning); if neither, search "
               "your deed deck, rotate its bottom-most Waning card to Starting and shuffle",
               "%(rule)s: %(n)d points; for each: rotate the right-most Waning card in your hand to Starting, or move "
               "the bottom card of your discard pile to the bottom of your deed deck (still Waning); if neither, "
               "search your deed deck, rotate its bottom-most Waning card to Starting and shuffle", "n", rule=rule,
               n=amount),)
