"""End-game scoring (Scenario Book: "Standard Achievements scoring", "Team Rules",
each scenario's "Scoring" / "The Winner", and the "Action Upgrades" variant).

Pure rules code: no Flask, no database. Every result carries an explanation trace
(a tuple of English strings citing the Scenario Book). Each line is a ``T`` line
(companion.rules.text): its value is the English sentence, and pages show it in their
language with ``|tr``. Player and team names are the players' own words, never translated.

Vocabulary
----------
A *side* is what owns one score: a player (competitive games), a team (Team Rules)
or the whole table (solo and cooperative scenarios).

Where the Scenario Book is silent the decision is noted in a comment marked
``Book silent:``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

from .text import N_, Name, T, Term

BOOK = "Scenario Book"
CARD = T("Scenario Book, Standard Achievements scoring")

# --------------------------------------------------------------------------------------
# Scenarios
# --------------------------------------------------------------------------------------

COMPETITIVE = "competitive"
SOLO = "solo"
COOP = "coop"
VICTORY_POINTS = "victory_points"
PORTAL = "portal"


@dataclass(frozen=True)
class ScenarioScoring:
    """The scoring-relevant facts of one scenario (Scenario Book, each scenario page)."""

    id: str
    title: str
    kind: str  # COMPETITIVE, SOLO, COOP, VICTORY_POINTS, PORTAL
    rounds: int
    min_players: int
    max_players: int
    cities_scoring: bool = False  # 7 / 4 per city and Greatest City Conqueror
    mines_scoring: bool = False  # Mines Liberation
    dungeon_scoring: bool = False  # Dungeon Lords
    # Team Rules: "Some four player scenarios are played by two teams": only the scenarios that say
    # so (Full Conquest "Team Game", Conquer and Hold "Team Rules", One to Return "Team Variant");
    # as rules_data/scenarios.yaml modes.
    teams_allowed: bool = True
    title_de: str = ""  # the German Szenarioheft's title (as rules_data/scenarios.yaml name_de)

    @property
    def name(self) -> Name:
        """The scenario's title for a trace, with its German form."""
        return Name(self.title, self.title_de or self.title)


# Scenario ids: snake_case of the English title. Rounds and player counts are from
# each scenario's header ("Players", "Length").
# German titles (title_de): the German Szenarioheft's, as rules_data/scenarios.yaml name_de.
SCENARIOS: dict[str, ScenarioScoring] = {
    s.id: s
    for s in (
        # "Players: 2 to 4 (plus a solo variant)", "Length: Three rounds" (solo variant: four).
        ScenarioScoring("first_reconnaissance", "First Reconnaissance", COMPETITIVE, 3, 1, 4, teams_allowed=False,
                        title_de="Die ersten Erkundungen"),
        ScenarioScoring("full_conquest", "Full Conquest", COMPETITIVE, 6, 1, 4, cities_scoring=True,
                        title_de="Vollständige Eroberung"),
        ScenarioScoring("blitz_conquest", "Blitz Conquest", COMPETITIVE, 4, 1, 4, cities_scoring=True,
                        teams_allowed=False,
                        title_de="Blitz-Eroberung"),
        ScenarioScoring("solo_conquest", "Solo Conquest", SOLO, 6, 1, 1, teams_allowed=False,
                        title_de="Solo-Eroberung"),
        ScenarioScoring("full_cooperation", "Full Cooperation", COOP, 6, 2, 3, teams_allowed=False,
                        title_de="Vollständige Kooperation"),
        ScenarioScoring("blitz_cooperation", "Blitz Cooperation", COOP, 4, 2, 3, teams_allowed=False,
                        title_de="Blitz-Kooperation"),
        ScenarioScoring("mines_liberation", "Mines Liberation", COMPETITIVE, 4, 1, 4, mines_scoring=True,
                        teams_allowed=False,
                        title_de="Freiheit den Bergwerken!"),
        ScenarioScoring("druid_nights", "Druid Nights", COMPETITIVE, 4, 1, 4, teams_allowed=False,
                        title_de="Druidennächte"),
        ScenarioScoring("dungeon_lords", "Dungeon Lords", COMPETITIVE, 5, 1, 4, dungeon_scoring=True,
                        teams_allowed=False,
                        title_de="Dungeon Lords"),
        # "Players: 2, or 4 (two teams)", "Length: Four rounds (4 players), six rounds (2 players)";
        # Variants: "You can also play this scenario with 3 players".
        ScenarioScoring("conquer_and_hold", "Conquer and Hold", VICTORY_POINTS, 6, 2, 4,
                        title_de="Erobern und Halten"),
        # German: "Nur einer kommt zurück". "Players: 2 to 4", "Length: Four rounds".
        # Ids of these two as in rules_data/scenarios.yaml (published English titles).
        ScenarioScoring("one_to_return", "One to Return", PORTAL, 4, 2, 4,
                        title_de="Nur einer kommt zurück"),
    )
}

# Cities in play (Scenario Book, each scenario's "Map ... Core city tiles"), used when the
# caller does not say how many cities there were.
def default_cities_total(scenario: str, n_players: int) -> int | None:
    if scenario == "solo_conquest":
        return 2  # "Core city tiles: 2"
    if scenario == "full_cooperation":
        return n_players + 1  # "Core city tiles: 3, or 4 (one more than players)"
    if scenario == "blitz_cooperation":
        return n_players  # "Core city tiles: 2 or 3 (equal to number of players)"
    if scenario in ("full_conquest", "blitz_conquest"):
        return n_players  # "Core city tiles: 2, 3, or 4 (the same number as there are players)"
    return None


# --------------------------------------------------------------------------------------
# Input
# --------------------------------------------------------------------------------------


class ScoringError(ValueError):
    """Bad input: the message is shown to the players (API: {"error": message}).

    Messages a score sheet page can meet are T lines (``e.args[0]``): ``str(e)`` is the English
    sentence, a page shows ``e.args[0]`` in its language. Messages about malformed values (only
    the JSON API can send them) are plain English."""


@dataclass(frozen=True)
class Unit:
    level: int
    wounded: bool = False


@dataclass(frozen=True)
class PlayerSheet:
    """What one player brings to the scoring (the score sheet rows)."""

    name: str
    team: str | None = None
    fame: int = 0
    spells: int = 0
    advanced_actions: int = 0
    artifacts: int = 0  # in the deck or on Units
    crystals: int = 0  # in the Inventory
    units: tuple[Unit, ...] = ()
    adventure_shields: int = 0  # Shield tokens on adventure sites (Dungeon Lords: other than dungeons/tombs)
    fortified_shields: int = 0  # Shield tokens on a keep, mage tower or monastery
    wounds: int = 0  # Wound cards in the deck (not on Units)
    cities_led: int = 0
    cities_shielded: int = 0  # cities with this player's shield, not led by them
    # Mines Liberation
    mines_countryside: int = 0
    mines_core: int = 0
    # Dungeon Lords: dungeons and tombs conquered (regular and secret ones)
    dungeons_tombs: int = 0
    # Conquer and Hold (victory points)
    keeps: int = 0
    mage_towers: int = 0
    # One to Return (portal)
    on_portal: bool = False
    chosen: bool = False  # team variant: this player's Shield token was chosen by the team


@dataclass(frozen=True)
class GameSheet:
    """Game-wide facts of the scenario's own scoring."""

    scenario: str
    players: tuple[PlayerSheet, ...]
    cities_conquered: int | None = None
    cities_total: int | None = None
    rounds_left: int = 0
    dummy_deck: int = 0
    end_of_round_announced: bool = True
    lowest_counts: bool = False  # co-op variant: for Achievements only the lowest score counts
    all_mines_liberated: bool | None = None
    all_dungeons_conquered: bool | None = None


COUNT_FIELDS = (
    "spells", "advanced_actions", "artifacts", "crystals", "adventure_shields",
    "fortified_shields", "wounds", "cities_led", "cities_shielded", "mines_countryside",
    "mines_core", "dungeons_tombs", "keeps", "mage_towers",
)


def validate(sheet: GameSheet) -> ScenarioScoring:
    """Check a GameSheet; raise ScoringError with a reason a player understands."""
    sc = SCENARIOS.get(sheet.scenario)
    if sc is None:
        raise ScoringError(
            f"unknown scenario {sheet.scenario!r}; known: {', '.join(sorted(SCENARIOS))}"
        )
    n = len(sheet.players)
    if n < sc.min_players or n > sc.max_players:
        raise ScoringError(T(
            "%(scenario)s is scored for %(min)d to %(max)d players, got %(n)d",
            scenario=sc.name, min=sc.min_players, max=sc.max_players, n=n,
        ))
    names = [p.name for p in sheet.players]
    if any(not isinstance(x, str) or not x.strip() for x in names):
        raise ScoringError(T("every player needs a name"))
    if len(set(names)) != n:
        raise ScoringError(T("player names must be different"))
    for p in sheet.players:
        if isinstance(p.fame, bool) or not isinstance(p.fame, int):
            raise ScoringError(f"{p.name}: fame must be a whole number")
        for f in COUNT_FIELDS:
            v = getattr(p, f)
            if isinstance(v, bool) or not isinstance(v, int):
                raise ScoringError(f"{p.name}: {f} must be a whole number")
            if v < 0:
                raise ScoringError(f"{p.name}: {f} cannot be negative")
        if p.crystals > 12:
            # Rulebook: at most 3 crystals of each of the four colours in the Inventory.
            raise ScoringError(T("%(name)s: at most 12 crystals (3 of each colour)", name=p.name))
        for u in p.units:
            if isinstance(u.level, bool) or not isinstance(u.level, int) or not 1 <= u.level <= 4:
                raise ScoringError(f"{p.name}: unit level must be 1 to 4")
    teams = [p.team for p in sheet.players]
    if any(t is not None for t in teams):
        if not sc.teams_allowed:
            if sc.kind in (SOLO, COOP):
                raise ScoringError(T("%(scenario)s has no teams: all players are on one side", scenario=sc.name))
            raise ScoringError(T("%(scenario)s has no team game", scenario=sc.name))
        if any(t is None or str(t).strip() == "" for t in teams):
            raise ScoringError(T("in a team game every player needs a team"))
        if len(set(teams)) < 2:
            raise ScoringError(T("a team game needs at least two teams"))
        # Team Rules: "Some four player scenarios are played by two teams"; each team's score is
        # "the player that has the lower Fame" / "the higher score of both players".
        if n != 4 or len(set(teams)) != 2 or any(teams.count(t) != 2 for t in teams):
            raise ScoringError(T("Team Rules: a team game is four players in two teams of two"))
    elif sc.id == "conquer_and_hold" and n == 4:
        # Conquer and Hold: "Players: 2, or 4 (two teams)"; "If playing with four, Team Rules apply".
        raise ScoringError(T("%(scenario)s with four players is played in two teams", scenario=sc.name))
    for f in ("rounds_left", "dummy_deck"):
        v = getattr(sheet, f)
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise ScoringError(f"{f} must be a whole number, not negative")
    if sheet.rounds_left >= sc.rounds:
        raise ScoringError(T("rounds_left must be less than the round limit (%(rounds)d)", rounds=sc.rounds))
    for f in ("cities_conquered", "cities_total"):
        v = getattr(sheet, f)
        if v is not None and (isinstance(v, bool) or not isinstance(v, int) or v < 0):
            raise ScoringError(f"{f} must be a whole number, not negative")
    if (
        sheet.cities_conquered is not None
        and sheet.cities_total is not None
        and sheet.cities_conquered > sheet.cities_total
    ):
        raise ScoringError(T("cities_conquered cannot exceed cities_total"))
    if sc.kind in (SOLO, COOP):
        # Rulebook, Combat: "If a city is conquered, its new leader must be determined": every
        # conquered city has exactly one leader, so the cities the
        # players lead cannot be more than the cities conquered, nor than the cities in play
        # (otherwise the goal points - 10 per city, +15 for all cities - would be scored for
        # cities that do not exist).
        led = sum(p.cities_led for p in sheet.players)
        total = _cities_total(sheet, sc)
        if sheet.cities_conquered is not None and led > sheet.cities_conquered:
            raise ScoringError(T(
                "every conquered city has one leader: the players lead %(led)d cities, "
                "but only %(n)d were conquered", led=led, n=sheet.cities_conquered,
            ))
        if total is not None and led > total:
            raise ScoringError(T(
                "the players lead %(led)d cities, but only %(total)d are in play", led=led, total=total,
            ))
    if sc.kind == PORTAL and sum(1 for p in sheet.players if p.on_portal) > 1:
        raise ScoringError(T("only one hero can stand on the portal"))
    return sc


# --------------------------------------------------------------------------------------
# Output
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Side:
    """One score: a player, a team, or the whole table."""

    name: str
    members: tuple[str, ...]
    lines: tuple[tuple[str, int], ...]  # (category key, points), in sheet order
    total: int

    @property
    def categories(self) -> dict[str, int]:
        return dict(self.lines)


@dataclass(frozen=True)
class TitleAward:
    """A title and how it was decided.

    outcome: "sole" (one side has the best value), "tie" (shared), "tie_at_zero"
    (tied at zero: nobody gets it), "no_wounds" (Greatest Beating tied between sides
    without Wounds), "none" (no comparison: solo or co-op).
    """

    title: str  # e.g. "greatest_knowledge"
    category: str  # the category compared, e.g. "knowledge"
    values: tuple[tuple[str, int], ...]  # side name -> compared value
    awarded: tuple[tuple[str, int], ...]  # side name -> title points (only sides that got some)
    outcome: str
    reason: str


@dataclass(frozen=True)
class ScoreResult:
    scenario: str
    kind: str  # COMPETITIVE, SOLO, COOP, VICTORY_POINTS, PORTAL
    team_game: bool
    players: tuple[Side, ...]  # every player's own lines (and titles, in individual games)
    teams: tuple[Side, ...]  # team games: each team's common score
    score: int | None  # solo and co-op: the one score
    table: Side | None  # solo and co-op: the lines of the one score
    titles: tuple[TitleAward, ...]
    winners: tuple[str, ...]  # player or team names; empty = no winner (or solo/co-op)
    success: bool | None  # mission successful (where the scenario says so)
    explanation: tuple[str, ...]


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


# --------------------------------------------------------------------------------------
# Scoring
# --------------------------------------------------------------------------------------


def _player_lines(p: PlayerSheet, sc: ScenarioScoring) -> tuple[dict[str, int], list[str]]:
    cats, why = achievement_points(p, sc.id)
    lines = {"fame": p.fame, **cats}
    trace = [T("%(name)s: Fame %(fame)d", name=p.name, fame=p.fame), *why]
    if sc.cities_scoring:
        pts, line = city_points(p)
        lines["cities"] = pts
        trace.append(line)
    if sc.mines_scoring:
        pts, line = mine_points(p)
        lines["mines"] = pts
        trace.append(line)
    return lines, trace


def _side(name: str, members: Iterable[str], lines: Mapping[str, int]) -> Side:
    items = tuple((k, int(v)) for k, v in lines.items())
    return Side(name, tuple(members), items, sum(v for _, v in items))


def score(sheet: GameSheet) -> ScoreResult:
    """Score a finished game. Raises ScoringError on bad input."""
    sc = validate(sheet)
    if sc.kind == VICTORY_POINTS:
        return _score_victory_points(sheet, sc)
    if sc.kind == PORTAL:
        return _score_portal(sheet, sc)
    if sc.kind in (SOLO, COOP):
        return _score_table(sheet, sc)
    return _score_competitive(sheet, sc)


def _winners(sides: Sequence[Side]) -> tuple[tuple[str, ...], str]:
    best = max(s.total for s in sides)
    top = tuple(s.name for s in sides if s.total == best)
    if len(top) == 1:
        return top, T("Scenario Book, Scoring: whoever has the most Fame wins: %(side)s with %(total)d",
                      side=top[0], total=best)
    # Book: First Reconnaissance "If tied, the players share the victory." The other
    # competitive scenarios are silent on ties; Book silent: they share it the same way.
    return top, T(
        "Scenario Book, Scoring: %(sides)s tied with %(total)d Fame: \"If tied, the players "
        "share the victory\" (First Reconnaissance)", sides=", ".join(top), total=best,
    )


def _score_competitive(sheet: GameSheet, sc: ScenarioScoring) -> ScoreResult:
    trace: list[str] = [T("Scenario Book, %(scenario)s: apply standard Achievements scoring", scenario=sc.name)]
    per_player: dict[str, dict[str, int]] = {}
    for p in sheet.players:
        lines, why = _player_lines(p, sc)
        per_player[p.name] = lines
        trace.extend(why)
    team_game = any(p.team is not None for p in sheet.players)
    solo = len(sheet.players) == 1

    if solo:
        # First Reconnaissance, Solo Variant: "When scoring, award no titles."; Other Solo
        # Missions: "use similar setup modifications and special rules as this mission"
        # (Solo Conquest: "no titles are awarded").
        trace.append(T("Scenario Book, Solo Variant / Other Solo Missions: award no titles"))
        p = sheet.players[0]
        side = _side(p.name, (p.name,), per_player[p.name])
        trace.append(T("%(name)s: total %(total)d", name=p.name, total=side.total))
        return ScoreResult(
            sc.id, sc.kind, False, (side,), (), side.total, side, (), (),
            _mission_success(sheet, sc), tuple(trace) + _success_trace(sheet, sc),
        )

    if not team_game:
        titles = _titles_for(sc, list(per_player.items()))
        for t in titles:
            trace.append(t.reason)
        players = []
        for p in sheet.players:
            lines = dict(per_player[p.name])
            for t in titles:
                lines[t.title] = dict(t.awarded).get(p.name, 0)
            players.append(_side(p.name, (p.name,), lines))
        for s in players:
            trace.append(T("%(name)s: total %(total)d", name=s.name, total=s.total))
        winners, why = _winners(players)
        trace.append(why)
        return ScoreResult(
            sc.id, sc.kind, False, tuple(players), (), None, None, tuple(titles), winners,
            _mission_success(sheet, sc), tuple(trace) + _success_trace(sheet, sc),
        )

    # Team Rules: "each team has one common score. The base score is the Fame of the player
    # that has the lower Fame. For Achievements, and any similar scoring, score only the
    # higher score of both players in this area. For the Greatest Beating, score only the
    # player with the largest penalty. Assign titles as usual (compare only the larger
    # values of both teams)."
    trace.append(T("Scenario Book, Team Rules: each team has one common score"))
    players = tuple(_side(p.name, (p.name,), per_player[p.name]) for p in sheet.players)
    team_names: list[str] = []
    for p in sheet.players:
        if p.team not in team_names:
            team_names.append(p.team)
    team_lines: dict[str, dict[str, int]] = {}
    for t in team_names:
        members = [p for p in sheet.players if p.team == t]
        lines, why = _combine(
            T("Team %(t)s", t=t), [(m.name, per_player[m.name]) for m in members], best=max,
            source=T("Scenario Book, Team Rules"),
        )
        team_lines[t] = lines
        trace.extend(why)
    titles = _titles_for(sc, list(team_lines.items()))
    for t in titles:
        trace.append(t.reason)
    teams = []
    for t in team_names:
        lines = dict(team_lines[t])
        for ta in titles:
            lines[ta.title] = dict(ta.awarded).get(t, 0)
        teams.append(
            _side(t, tuple(p.name for p in sheet.players if p.team == t), lines)
        )
    for s in teams:
        trace.append(T("Team %(team)s: total %(total)d", team=s.name, total=s.total))
    winners, why = _winners(teams)
    trace.append(why)
    return ScoreResult(
        sc.id, sc.kind, True, players, tuple(teams), None, None, tuple(titles), winners,
        _mission_success(sheet, sc), tuple(trace) + _success_trace(sheet, sc),
    )


def _combine(
    label: str,
    members: Sequence[tuple[str, Mapping[str, int]]],
    *,
    best,
    source: str,
) -> tuple[dict[str, int], list[str]]:
    """One common score from several players' lines (Team Rules / cooperative scoring):
    the lowest Fame as base; every other category the ``best`` (max, or min in the co-op
    "only the lowest counts" variant); the Greatest Beating always the largest penalty."""
    why: list[str] = []
    out: dict[str, int] = {}
    keys = list(members[0][1].keys())
    for k in keys:
        vals = [(n, lines[k]) for n, lines in members]
        if k == "fame":
            v = min(x for _, x in vals)
            rule = T("base = the lowest Fame")
        elif k == "beating":
            v = min(x for _, x in vals)
            rule = T("Greatest Beating: only the largest penalty")
        else:
            v = best(x for _, x in vals)
            rule = T("only the higher score") if best is max else T("only the lowest score (variant)")
        out[k] = v
        shown = ", ".join(f"{n} {x}" for n, x in vals)
        why.append(T("%(label)s: %(source)s, %(category)s: %(rule)s of %(values)s -> %(value)d",
                     label=label, source=source, category=_category(k), rule=rule, values=shown, value=v))
    return out, why


def _mission_success(sheet: GameSheet, sc: ScenarioScoring) -> bool | None:
    if sc.cities_scoring or sc.kind in (SOLO, COOP):
        total = _cities_total(sheet, sc)
        conquered = _cities_conquered(sheet, sc)
        if total is None or conquered is None:
            return None
        return conquered >= total
    if sc.mines_scoring:
        return sheet.all_mines_liberated
    if sc.dungeon_scoring:
        return sheet.all_dungeons_conquered
    return None


def _success_trace(sheet: GameSheet, sc: ScenarioScoring) -> tuple[str, ...]:
    ok = _mission_success(sheet, sc)
    if ok is None:
        return ()
    what = {
        "mines_liberation": T("If you liberated all mines, the mission was successful"),
        "dungeon_lords": T("If you conquered all the dungeon and tombs, the mission was successful"),
    }.get(sc.id) or T("If you conquered all the cities, your mission was successful")
    return (T("Scenario Book, %(scenario)s: \"%(rule)s\": %(outcome)s", scenario=sc.name, rule=what,
              outcome=T("successful") if ok else T("not successful")),)


def _cities_total(sheet: GameSheet, sc: ScenarioScoring) -> int | None:
    if sheet.cities_total is not None:
        return sheet.cities_total
    return default_cities_total(sc.id, len(sheet.players))


def _cities_conquered(sheet: GameSheet, sc: ScenarioScoring) -> int | None:
    if sheet.cities_conquered is not None:
        return sheet.cities_conquered
    # Every conquered city has exactly one leader (Rulebook, City leader).
    return sum(p.cities_led for p in sheet.players)


def _score_table(sheet: GameSheet, sc: ScenarioScoring) -> ScoreResult:
    """Solo Conquest and Full/Blitz Cooperation: one score for the table."""
    trace: list[str] = []
    per_player: dict[str, dict[str, int]] = {}
    for p in sheet.players:
        cats, why = achievement_points(p, sc.id)
        per_player[p.name] = {"fame": p.fame, **cats}
        trace.append(T("%(name)s: Fame %(fame)d", name=p.name, fame=p.fame))
        trace.extend(why)
    players = tuple(_side(p.name, (p.name,), per_player[p.name]) for p in sheet.players)

    if sc.kind == SOLO:
        trace.insert(0, T(
            "Scenario Book, Solo Conquest, Scoring: \"Take your Fame as the base. Then apply "
            "standard Achievements scoring, except no titles are awarded.\""
        ))
        lines = dict(per_player[sheet.players[0].name])
    else:
        trace.insert(0, T(
            "Scenario Book, %(scenario)s, Scoring: \"You have one score as a team. As a base score, "
            "take the lowest Fame of all players.\" In each category only the player with the "
            "highest score (most negative points for the Greatest Beating); no titles", scenario=sc.name,
        ))
        if sheet.lowest_counts:
            trace.insert(1, T(
                "Scenario Book, Full Cooperation, Variants: \"for Achievements, only the lowest "
                "score counts\" (the Greatest Beating: the biggest penalty is scored again)"
            ))
        lines, why = _combine(
            T("Team"), list(per_player.items()), best=min if sheet.lowest_counts else max,
            source=T("Scenario Book, %(scenario)s", scenario=sc.name),
        )
        trace.extend(why)

    # Goal and time (the other side of the Scoring card).
    conquered = _cities_conquered(sheet, sc) or 0
    total = _cities_total(sheet, sc)
    lines["cities_conquered"] = 10 * conquered
    trace.append(T("Scenario Book, %(scenario)s: 10 points for each city conquered: 10 x %(n)d",
                   scenario=sc.name, n=conquered))
    if sc.kind == COOP:
        every = all(p.cities_led >= 1 for p in sheet.players)
        lines["every_player_leads"] = 10 if every else 0
        trace.append(T(
            "Scenario Book, %(scenario)s: additional 10 points if every player is a leader of at least "
            "one conquered city: %(answer)s (%(leaders)s)", scenario=sc.name,
            answer=T("yes") if every else T("no"),
            leaders=", ".join(f"{p.name} {p.cities_led}" for p in sheet.players),
        ))
    all_cities = total is not None and conquered >= total
    lines["all_cities"] = 15 if all_cities else 0
    trace.append(T(
        "Scenario Book, %(scenario)s: additional 15 points if you conquered all cities: "
        "%(n)d of %(total)s: %(answer)s", scenario=sc.name, n=conquered,
        total=str(total) if total is not None else "?", answer=T("yes") if all_cities else T("no"),
    ))
    lines["rounds_left"] = 30 * sheet.rounds_left
    trace.append(T(
        "Scenario Book, %(scenario)s: 30 points for each Round finished before the limit: 30 x %(n)d",
        scenario=sc.name, n=sheet.rounds_left,
    ))
    lines["dummy_deck"] = sheet.dummy_deck
    trace.append(T(
        "Scenario Book, %(scenario)s: 1 point for each card in the Dummy player's Deed deck: %(n)d",
        scenario=sc.name, n=sheet.dummy_deck,
    ))
    lines["end_of_round_not_announced"] = 0 if sheet.end_of_round_announced else 5
    trace.append(T(
        "Scenario Book, %(scenario)s: additional 5 points if the End of the Round was not announced "
        "in the last Round: %(answer)s", scenario=sc.name,
        answer=T("announced") if sheet.end_of_round_announced else T("not announced"),
    ))
    table = _side("table", tuple(p.name for p in sheet.players), lines)
    trace.append(T("Score: %(score)d", score=table.total))
    success = _mission_success(sheet, sc)
    trace.extend(_success_trace(sheet, sc))
    return ScoreResult(
        sc.id, sc.kind, False, players, (), table.total, table, (), (), success, tuple(trace)
    )


def _score_victory_points(sheet: GameSheet, sc: ScenarioScoring) -> ScoreResult:
    """Conquer and Hold, The Winner: "Each owned keep counts as 3 Victory points. Each owned
    mage tower counts as 2 Victory points. The player or team who has the most points wins
    the game. If tied ... no one is the winner." No Fame scoring."""
    src = T("Scenario Book, %(scenario)s, The Winner", scenario=sc.name)
    trace = [T("%(source)s: Victory points for controlled sites instead of Fame", source=src)]
    players = []
    for p in sheet.players:
        lines = {"keeps_vp": 3 * p.keeps, "mage_towers_vp": 2 * p.mage_towers}
        players.append(_side(p.name, (p.name,), lines))
        trace.append(T(
            "%(name)s: 3 x %(keeps)d keeps + 2 x %(towers)d mage towers = %(points)d Victory points",
            name=p.name, keeps=p.keeps, towers=p.mage_towers, points=3 * p.keeps + 2 * p.mage_towers,
        ))
    team_game = any(p.team is not None for p in sheet.players)
    teams: list[Side] = []
    if team_game:
        # The team's sites are the sites its players own: their Victory points add up.
        for t in dict.fromkeys(p.team for p in sheet.players):
            mem = [s for s, p in zip(players, sheet.players) if p.team == t]
            lines = {
                "keeps_vp": sum(s.categories["keeps_vp"] for s in mem),
                "mage_towers_vp": sum(s.categories["mage_towers_vp"] for s in mem),
            }
            teams.append(_side(t, tuple(s.name for s in mem), lines))
            trace.append(T("Team %(team)s: %(sum)s = %(points)d Victory points", team=t,
                           sum=" + ".join(str(s.total) for s in mem), points=sum(s.total for s in mem)))
    sides = teams if team_game else players
    best = max(s.total for s in sides)
    top = tuple(s.name for s in sides if s.total == best)
    if len(top) == 1:
        winners = top
        trace.append(T("%(source)s: %(side)s has the most Victory points (%(points)d) and wins",
                       source=src, side=top[0], points=best))
    else:
        winners = ()
        trace.append(T("%(source)s: %(sides)s tied at %(points)d: \"If tied, no one is the winner\"",
                       source=src, sides=", ".join(top), points=best))
    return ScoreResult(
        sc.id, sc.kind, team_game, tuple(players), tuple(teams), None, None, (), winners,
        None, tuple(trace),
    )


def _score_portal(sheet: GameSheet, sc: ScenarioScoring) -> ScoreResult:
    """One to Return, The Winner: "Whoever stands on the portal space at that moment wins
    the game. If no-one stands there, there is no winner. There is no scoring, and Fame does
    not matter." Team Variant: the team whose chosen player stands on the portal wins."""
    src = T("Scenario Book, %(scenario)s, The Winner", scenario=sc.name)
    trace = [T("%(source)s: there is no scoring, and Fame does not matter", source=src)]
    team_game = any(p.team is not None for p in sheet.players)
    players = tuple(_side(p.name, (p.name,), {}) for p in sheet.players)
    on = [p for p in sheet.players if p.on_portal]
    teams: tuple[Side, ...] = ()
    if team_game:
        team_names = list(dict.fromkeys(p.team for p in sheet.players))
        for t in team_names:
            n_chosen = sum(1 for p in sheet.players if p.team == t and p.chosen)
            if n_chosen != 1:
                raise ScoringError(T("team %(team)s must have exactly one chosen player", team=t))
        teams = tuple(
            _side(t, tuple(p.name for p in sheet.players if p.team == t), {}) for t in team_names
        )
        if not on:
            trace.append(T("%(source)s, Team Variant: no player stands on the portal: no one has won",
                           source=src))
            winners: tuple[str, ...] = ()
        elif on[0].chosen:
            winners = (on[0].team,)
            trace.append(T(
                "%(source)s, Team Variant: %(name)s stands on the portal and is team "
                "%(team)s's chosen one: team %(team)s has won", source=src, name=on[0].name, team=on[0].team,
            ))
        else:
            winners = ()
            trace.append(T(
                "%(source)s, Team Variant: %(name)s stands on the portal but was not chosen: "
                "no one has won", source=src, name=on[0].name,
            ))
    else:
        if on:
            winners = (on[0].name,)
            trace.append(T("%(source)s: %(name)s stands on the portal and wins", source=src, name=on[0].name))
        else:
            winners = ()
            trace.append(T("%(source)s: no-one stands on the portal: there is no winner", source=src))
    return ScoreResult(
        sc.id, sc.kind, team_game, players, teams, None, None, (), winners, None, tuple(trace)
    )


# --------------------------------------------------------------------------------------
# Variant: Action Upgrades (Scenario Book, Variants, "Action Upgrades")
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class StrengthSheet:
    name: str
    level: int
    fame: int = 0
    spells: int = 0
    artifacts: int = 0
    advanced_actions: int = 0
    crystals: int = 0
    units: tuple[Unit, ...] = ()
    turn_position: int = 0  # position in the last Round's order (0 = played first)


@dataclass(frozen=True)
class StrengthResult:
    points: tuple[tuple[str, int], ...]  # in input order
    pick_order: tuple[str, ...]  # who may take a displayed Advanced Action first
    explanation: tuple[str, ...]


def action_upgrade_strength(players: Sequence[StrengthSheet]) -> StrengthResult:
    """Action Upgrades: "score their strength. Use the first three lines of the Achievements
    Scoring: Two points for each Artifact or Spell. One point for each Advanced Action card.
    One point for every two crystals. As many points as its level for each Unit (Wounded
    Units count as half, rounded down). To this score, add 3 points for every level you are
    above the player who is of lowest level ... starting from the player who had the lowest
    result (if tied, the one with the lower Fame, if still tied, the one who played later in
    the last round), each player may ... take one of the displayed Advanced Action cards"."""
    if not players:
        raise ScoringError("no players")
    names = [p.name for p in players]
    if len(set(names)) != len(names) or any(not str(n).strip() for n in names):
        raise ScoringError("every player needs a different name")
    for p in players:
        for f in ("spells", "artifacts", "advanced_actions", "crystals", "turn_position"):
            v = getattr(p, f)
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise ScoringError(f"{p.name}: {f} must be a whole number, not negative")
        if isinstance(p.level, bool) or not isinstance(p.level, int) or not 1 <= p.level <= 10:
            raise ScoringError(f"{p.name}: level must be 1 to 10")
        if isinstance(p.fame, bool) or not isinstance(p.fame, int):
            raise ScoringError(f"{p.name}: fame must be a whole number")
        for u in p.units:
            if isinstance(u.level, bool) or not isinstance(u.level, int) or not 1 <= u.level <= 4:
                raise ScoringError(f"{p.name}: unit level must be 1 to 4")
    src = T("Scenario Book, Variants, Action Upgrades")
    lowest = min(p.level for p in players)
    trace: list[str] = []
    pts: list[tuple[str, int]] = []
    for p in players:
        units = sum(unit_points(u) for u in p.units)
        lv = 3 * (p.level - lowest)
        total = 2 * (p.artifacts + p.spells) + p.advanced_actions + p.crystals // 2 + units + lv
        pts.append((p.name, total))
        trace.append(T(
            "%(name)s: %(source)s: 2 x (%(artifacts)d Artifacts + %(spells)d Spells) + "
            "%(advanced_actions)d Advanced Actions + %(crystals)d crystals // 2 + Units %(units)d "
            "+ 3 x %(levels)d levels above the lowest = %(total)d",
            name=p.name, source=src, artifacts=p.artifacts, spells=p.spells,
            advanced_actions=p.advanced_actions, crystals=p.crystals, units=units,
            levels=p.level - lowest, total=total,
        ))
    by_name = dict(pts)
    order = sorted(players, key=lambda p: (by_name[p.name], p.fame, -p.turn_position))
    trace.append(T(
        "%(source)s: lowest result first (tie: lower Fame, then who played later in the last "
        "round): %(order)s", source=src, order=", ".join(p.name for p in order),
    ))
    return StrengthResult(tuple(pts), tuple(p.name for p in order), tuple(trace))
