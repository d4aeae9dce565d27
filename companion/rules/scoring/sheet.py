"""The scoring input: a game's score sheet and its checks (Scenario Book, scoring card).

Part of :mod:`companion.rules.scoring` (import the names from there). Pure rules code."""
from __future__ import annotations

from dataclasses import dataclass

from ..text import T
from .scenarios import COOP, PORTAL, SCENARIOS, SOLO, ScenarioScoring, default_cities_total

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


def _cities_total(sheet: GameSheet, sc: ScenarioScoring) -> int | None:
    if sheet.cities_total is not None:
        return sheet.cities_total
    return default_cities_total(sc.id, len(sheet.players))
