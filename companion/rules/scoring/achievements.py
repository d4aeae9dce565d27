"""Standard Achievements and the titles (Scenario Book, Standard Achievements scoring card).

Part of :mod:`companion.rules.scoring` (import the names from there). Pure rules code."""
from __future__ import annotations

from typing import Sequence

from ..text import N_, T, Term
from .scenarios import CARD, ScenarioScoring
from .sheet import PlayerSheet, Unit
from .results import TitleAward

# --------------------------------------------------------------------------------------
# Standard achievements
# --------------------------------------------------------------------------------------

ACHIEVEMENTS = ("knowledge", "loot", "leader", "conqueror", "adventurer", "beating")
TITLE_OF = {
    "knowledge": "greatest_knowledge",
    "loot": "greatest_loot",
    "leader": "greatest_leader",
    "conqueror": "greatest_conqueror",
    "adventurer": "greatest_adventurer",
    "beating": "greatest_beating",
    "cities": "greatest_city_conqueror",
    "mines": "greatest_liberator",
}
TITLE_NAMES = {  # game terms: msgids, translated when a trace is shown (Term)
    "greatest_knowledge": N_("Greatest Knowledge"),
    "greatest_loot": N_("Greatest Loot"),
    "greatest_leader": N_("Greatest Leader"),
    "greatest_conqueror": N_("Greatest Conqueror"),
    "greatest_adventurer": N_("Greatest Adventurer"),
    "greatest_dungeon_crawler": N_("Greatest Dungeon Crawler"),
    "greatest_beating": N_("Greatest Beating"),
    "greatest_city_conqueror": N_("Greatest City Conqueror"),
    "greatest_liberator": N_("Greatest Liberator"),
}
# The categories a combined (team or table) score names in its trace: ids that are also msgids.
CATEGORY_TERMS = {
    "fame": N_("fame"),
    "knowledge": N_("knowledge"),
    "loot": N_("loot"),
    "leader": N_("leader"),
    "conqueror": N_("conqueror"),
    "adventurer": N_("adventurer"),
    "beating": N_("beating"),
    "cities": N_("cities"),
    "mines": N_("mines"),
}


def _category(key: str) -> str:
    return Term(key) if key in CATEGORY_TERMS else key


def _joined(separator: str, pieces: Sequence[str]) -> str:
    """Pieces (T lines or plain text) joined by a separator, each piece shown in the page's language.
    The format is built here, not extracted: it has nothing to translate."""
    fmt = separator.join(f"%(p{i})s" for i in range(len(pieces)))
    return T.__new__(T, fmt, **{f"p{i}": piece for i, piece in enumerate(pieces)})


def unit_points(unit: Unit) -> int:
    """Greatest Leader: a Unit's level; "Wounded Units are counted only as half, rounded
    down (thus a Wounded level 1 Unit is worth no Fame)"."""
    return unit.level // 2 if unit.wounded else unit.level


def achievement_points(p: PlayerSheet, scenario: str) -> tuple[dict[str, int], tuple[str, ...]]:
    """The six standard achievement categories of one player (before titles)."""
    why: list[str] = []
    knowledge = 2 * p.spells + p.advanced_actions
    why.append(T(
        "%(name)s: Scenario Book, Standard Achievements scoring, The Greatest Knowledge: "
        "2 x %(spells)d Spells + %(advanced_actions)d Advanced Actions = %(points)d",
        name=p.name, spells=p.spells, advanced_actions=p.advanced_actions, points=knowledge,
    ))
    loot = 2 * p.artifacts + p.crystals // 2
    why.append(T(
        "%(name)s: Scenario Book, Standard Achievements scoring, The Greatest Loot: "
        "2 x %(artifacts)d Artifacts + %(crystals)d crystals // 2 = %(points)d",
        name=p.name, artifacts=p.artifacts, crystals=p.crystals, points=loot,
    ))
    leader = sum(unit_points(u) for u in p.units)
    parts = _joined(" + ", [
        T("%(level)d/2=%(points)d (wounded)", level=u.level, points=unit_points(u)) if u.wounded
        else str(u.level) for u in p.units
    ]) if p.units else T("no Units")
    why.append(T(
        "%(name)s: Scenario Book, Standard Achievements scoring, The Greatest Leader: unit levels, "
        "wounded Units at half rounded down: %(units)s = %(points)d",
        name=p.name, units=parts, points=leader,
    ))
    conqueror = 2 * p.fortified_shields
    why.append(T(
        "%(name)s: Scenario Book, Standard Achievements scoring, The Greatest Conqueror: "
        "2 x %(shields)d Shields on keeps, mage towers and monasteries = %(points)d",
        name=p.name, shields=p.fortified_shields, points=conqueror,
    ))
    if scenario == "dungeon_lords":
        adventurer = 2 * p.adventure_shields + 4 * p.dungeons_tombs
        why.append(T(
            "%(name)s: Scenario Book, Dungeon Lords, Scoring: \"All dungeons and tombs give 4 points "
            "instead of 2\": 2 x %(shields)d other adventure sites + 4 x %(dungeons)d dungeons and "
            "tombs = %(points)d",
            name=p.name, shields=p.adventure_shields, dungeons=p.dungeons_tombs, points=adventurer,
        ))
    else:
        adventurer = 2 * p.adventure_shields
        why.append(T(
            "%(name)s: Scenario Book, Standard Achievements scoring, The Greatest Adventurer: "
            "2 x %(shields)d Shields on adventure sites = %(points)d",
            name=p.name, shields=p.adventure_shields, points=adventurer,
        ))
    beating = -2 * p.wounds
    why.append(T(
        "%(name)s: Scenario Book, Standard Achievements scoring, The Greatest Beating: "
        "-2 x %(wounds)d Wounds in the deck = %(points)d",
        name=p.name, wounds=p.wounds, points=beating,
    ))
    return (
        {
            "knowledge": knowledge,
            "loot": loot,
            "leader": leader,
            "conqueror": conqueror,
            "adventurer": adventurer,
            "beating": beating,
        },
        tuple(why),
    )


def city_points(p: PlayerSheet) -> tuple[int, str]:
    """Full/Blitz Conquest: "7 Fame for each city they are the leader of", "4 Fame for each
    city they are not the leader of but has at least one of their shield tokens"."""
    pts = 7 * p.cities_led + 4 * p.cities_shielded
    return pts, T(
        "%(name)s: Scenario Book, Conquest Scoring: 7 x %(led)d cities led + 4 x %(shielded)d "
        "cities with a Shield but not led = %(points)d",
        name=p.name, led=p.cities_led, shielded=p.cities_shielded, points=pts,
    )


def mine_points(p: PlayerSheet) -> tuple[int, str]:
    """Mines Liberation: "4 Fame for each of their mines in Countryside and 7 Fame for each
    mine on Core tiles"."""
    pts = 4 * p.mines_countryside + 7 * p.mines_core
    return pts, T(
        "%(name)s: Scenario Book, Mines Liberation Scoring: 4 x %(countryside)d Countryside mines "
        "+ 7 x %(core)d Core mines = %(points)d",
        name=p.name, countryside=p.mines_countryside, core=p.mines_core, points=pts,
    )


# --------------------------------------------------------------------------------------
# Titles and ties
# --------------------------------------------------------------------------------------


def award_title(
    title: str,
    category: str,
    values: Sequence[tuple[str, int]],
    *,
    sole: int = 3,
    tied: int = 1,
    source: str = CARD,  # a T line naming the rule
) -> TitleAward:
    """A positive title: the side that "scored the most Fame this way" gets ``sole``; "If two
    or more players are tied, each gets" ``tied`` "(except if the tie is between players who
    scored no Fame in this category)".

    Book silent: the +5/+2 titles (City Conqueror, Liberator, Dungeon Crawler) do not
    repeat the zero exception; nobody "scored the most Fame" when nobody scored any,
    so the same exception is applied to them.
    """
    name = Term(TITLE_NAMES[title])
    best = max(v for _, v in values)
    top = [s for s, v in values if v == best]
    if best <= 0:
        return TitleAward(
            title, category, tuple(values), (), "tie_at_zero",
            T("%(source)s, %(title)s: nobody scored in this category (%(sides)s at %(value)d): "
              "a tie between players who scored no Fame gives no title",
              source=source, title=name, sides=", ".join(top), value=best),
        )
    if len(top) == 1:
        return TitleAward(
            title, category, tuple(values), ((top[0], sole),), "sole",
            T("%(source)s, %(title)s: %(side)s scored the most (%(value)d): +%(points)d",
              source=source, title=name, side=top[0], value=best, points=sole),
        )
    return TitleAward(
        title, category, tuple(values), tuple((s, tied) for s in top), "tie",
        T("%(source)s, %(title)s: %(sides)s tied at %(value)d: +%(points)d each",
          source=source, title=name, sides=", ".join(top), value=best, points=tied),
    )


def award_beating(values: Sequence[tuple[str, int]]) -> TitleAward:
    """The Greatest Beating: "The player who lost the most Fame this way loses an additional
    3 Fame ... (-1 if tied, except if the tie is between players that have no Wounds)"."""
    name = Term(TITLE_NAMES["greatest_beating"])
    worst = min(v for _, v in values)
    bottom = [s for s, v in values if v == worst]
    if worst >= 0:
        return TitleAward(
            "greatest_beating", "beating", tuple(values), (), "no_wounds",
            T("%(source)s, %(title)s: nobody has Wounds (%(sides)s): a tie between players "
              "that have no Wounds gives no penalty", source=CARD, title=name, sides=", ".join(bottom)),
        )
    if len(bottom) == 1:
        return TitleAward(
            "greatest_beating", "beating", tuple(values), ((bottom[0], -3),), "sole",
            T("%(source)s, %(title)s: %(side)s lost the most (%(value)d): -3",
              source=CARD, title=name, side=bottom[0], value=worst),
        )
    return TitleAward(
        "greatest_beating", "beating", tuple(values), tuple((s, -1) for s in bottom), "tie",
        T("%(source)s, %(title)s: %(sides)s tied at %(value)d: -1 each",
          source=CARD, title=name, sides=", ".join(bottom), value=worst),
    )


def _titles_for(
    sc: ScenarioScoring, sides: Sequence[tuple[str, dict[str, int]]]
) -> list[TitleAward]:
    out: list[TitleAward] = []
    for cat in ACHIEVEMENTS:
        values = [(name, cats[cat]) for name, cats in sides]
        if cat == "beating":
            out.append(award_beating(values))
        elif cat == "adventurer" and sc.dungeon_scoring:
            out.append(
                award_title(
                    "greatest_dungeon_crawler", cat, values, sole=5, tied=2,
                    source=T("Scenario Book, Dungeon Lords, Scoring (instead of the Greatest Adventurer)"),
                )
            )
        else:
            out.append(award_title(TITLE_OF[cat], cat, values))
    if sc.cities_scoring:
        out.append(
            award_title(
                "greatest_city_conqueror", "cities",
                [(name, cats["cities"]) for name, cats in sides], sole=5, tied=2,
                source=T("Scenario Book, Conquest Scoring"),
            )
        )
    if sc.mines_scoring:
        # Book silent: Mines Liberation names no tie rule for the Greatest Liberator (+5);
        # the other +5 titles (City Conqueror, Dungeon Crawler) give +2 if tied, so do we.
        out.append(
            award_title(
                "greatest_liberator", "mines",
                [(name, cats["mines"]) for name, cats in sides], sole=5, tied=2,
                source=T("Scenario Book, Mines Liberation Scoring"),
            )
        )
    return out
