"""The lines of a score sheet: which fields a scenario's sheet has (Scenario Book, each scenario's "Scoring").
Labels are msgids (translated when shown). Pure Python."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from ...rules import scoring as rules
from ...rules.text import N_
from ..spine.sentences import sentence

MAX_VALUE = 999
UNIT_LEVELS = (1, 2, 3, 4)
ROMAN = ("I", "II", "III", "IV")


@dataclass(frozen=True)
class Field:
    key: str
    msgid: str  # English label, marked with N_ (translated when shown)
    args: tuple[tuple[str, str], ...] = ()
    flag: bool = False
    negative: bool = False  # may go below zero (Fame: Hero auction variant)
    steps: tuple[int, ...] = (-1, 1)

    def label_in(self, translate: Callable[[str], str] = lambda m: m) -> str:
        """The label in the reader's language (``translate`` is gettext, or identity for English)."""
        return translate(self.msgid) % dict(self.args) if self.args else translate(self.msgid)

    def log_sentence(self) -> dict:
        return sentence(self.msgid, **dict(self.args))


def F(key: str, msgid: str, **kw: Any) -> Field:
    args = kw.pop("args", {})
    return Field(key, msgid, tuple(args.items()), **kw)


PLAYER_FIELDS: dict[str, Field] = {f.key: f for f in (
    F("fame", N_("Fame"), negative=True, steps=(-5, -1, 1, 5)),
    F("spells", N_("Spells")),
    F("advanced_actions", N_("Advanced Actions")),
    F("artifacts", N_("Artifacts (deck and Units)")),
    F("crystals", N_("Crystals in the Inventory")),
    *(F(f"unit_{lv}", N_("Units of level %(level)s"), args={"level": ROMAN[lv - 1]}) for lv in UNIT_LEVELS),
    *(F(f"wunit_{lv}", N_("Wounded Units of level %(level)s"), args={"level": ROMAN[lv - 1]})
      for lv in UNIT_LEVELS),
    F("fortified_shields", N_("Shields on keeps, mage towers, monasteries")),
    F("adventure_shields", N_("Shields on adventure sites")),
    F("wounds", N_("Wounds in the deck")),
    F("cities_led", N_("Cities led")),
    F("cities_shielded", N_("Cities with your Shield, not led")),
    F("mines_countryside", N_("Mines on Countryside tiles")),
    F("mines_core", N_("Mines on Core tiles")),
    F("dungeons_tombs", N_("Dungeons and tombs (also secret ones)")),
    F("keeps", N_("Keeps owned")),
    F("mage_towers", N_("Mage towers owned")),
    F("on_portal", N_("Stands on the portal"), flag=True),
    F("chosen", N_("The team's chosen one"), flag=True),
)}

GAME_FIELDS: dict[str, Field] = {f.key: f for f in (
    F("cities_conquered", N_("Cities conquered")),
    F("cities_total", N_("Cities in the game")),
    F("rounds_left", N_("Rounds left before the limit")),
    F("dummy_deck", N_("Cards left in the Dummy player's deck"), steps=(-5, -1, 1, 5)),
    F("end_of_round_announced", N_("End of the Round was announced in the last Round"), flag=True),
    F("lowest_counts", N_("Variant: only the lowest achievement counts"), flag=True),
)}

# The lines the app's record fills (trackers, combats, the Dummy, the round): a typed value there can differ from
# "the board". The other lines (Spells, Advanced Actions, Artifacts, the portal, the chosen one) are always typed.
BOARD_PLAYER_FIELDS = frozenset((
    "fame", "crystals", *(f"unit_{lv}" for lv in UNIT_LEVELS), *(f"wunit_{lv}" for lv in UNIT_LEVELS),
    "fortified_shields", "adventure_shields", "wounds", "cities_led", "cities_shielded", "mines_countryside",
    "mines_core", "dungeons_tombs", "keeps", "mage_towers",
))
BOARD_GAME_FIELDS = frozenset(("cities_conquered", "cities_total", "rounds_left", "dummy_deck",
                               "end_of_round_announced"))

ACHIEVEMENT_INPUTS = ("fame", "spells", "advanced_actions", "artifacts", "crystals",
                      *(f"unit_{lv}" for lv in UNIT_LEVELS), *(f"wunit_{lv}" for lv in UNIT_LEVELS),
                      "fortified_shields", "adventure_shields", "wounds")


def scenario_of(state: dict) -> rules.ScenarioScoring | None:
    return rules.SCENARIOS.get(state["game"].get("scenario") or "")


def is_team_game(state: dict) -> bool:
    return any(p.get("team") for p in state["players"])


def player_fields(sc: rules.ScenarioScoring, team_game: bool) -> list[Field]:
    """The rows of a player's sheet for this scenario."""
    if sc.kind == rules.VICTORY_POINTS:
        keys = ["keeps", "mage_towers"]
    elif sc.kind == rules.PORTAL:
        keys = ["on_portal"] + (["chosen"] if team_game else [])
    else:
        keys = list(ACHIEVEMENT_INPUTS)
        if sc.cities_scoring:
            keys += ["cities_led", "cities_shielded"]
        if sc.kind in (rules.SOLO, rules.COOP):
            keys += ["cities_led"]
        if sc.mines_scoring:
            keys += ["mines_countryside", "mines_core"]
        if sc.dungeon_scoring:
            keys += ["dungeons_tombs"]
    return [PLAYER_FIELDS[k] for k in keys]


def game_fields(sc: rules.ScenarioScoring) -> list[Field]:
    if sc.kind == rules.SOLO:
        keys = ["cities_conquered", "cities_total", "rounds_left", "dummy_deck", "end_of_round_announced"]
    elif sc.kind == rules.COOP:
        keys = ["cities_conquered", "cities_total", "rounds_left", "dummy_deck", "end_of_round_announced",
                "lowest_counts"]
    elif sc.cities_scoring:
        keys = ["cities_total"]
    else:
        keys = []
    return [GAME_FIELDS[k] for k in keys]
