"""The kinds of game: Mage Knight, Mage Lite (seed 004) and Runewars (seed 001), each declared once, as plain data.

The app referees three games on one event log. A game's kind is fixed at its set-up (``{"game": "mage_lite"}`` or
``{"game": "runewars"}``; anything else is Mage Knight) and this module says, for each kind, like a boardgame.io game
object (its moves, phases and ``endIf``):

- ``commands``: the registered commands (``companion.game.spine.command``) it takes. The spine's ``run`` refuses any
  other before anything is recorded: a 400 naming the kind and, where the kind has its own command for it, that one
  (``fame`` in a Mage Lite game: ``mage_lite_fame``);
- ``events``: the event types it holds (an import is held to the same rule: ``companion.game.spine.replay``);
- ``pages``: the pages it has (the web layer's endpoint names; any other page of a game answers 404 or leads to
  the kind's own page: ``companion.web.kinds``), ``home`` its first page;
- ``table`` and ``story``: its table screen and its story (``companion.game.views``);
- ``end``: how it ends: Mage Knight's score sheet, Mage Lite's verdict (won or lost), Runewars: the table's
  count (the app keeps no score).

Every kind also has what every game has: undo and redo, the log, the invitation, "Who are you?", the export, the
table screen and the story. Plain data and one lookup: it imports nothing of the game layer (the spine asks it).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from ...rules.text import N_

MAGE_KNIGHT, MAGE_LITE, RUNEWARS = "mage_knight", "mage_lite", "runewars"

# the pages every kind of game has (endpoint names of companion/web/)
EVERY_GAME_PAGES = ("games.show", "games.log", "games.who", "games.export", "games.poll", "invite.show",
                    "table.show", "table.poll", "story.show")

FIGHT = ("combat_setup", "combat_enemy_add", "combat_enemy_remove", "combat_coop_deal", "combat_interactive",
         "combat_phase", "combat_attack", "combat_summon", "combat_block", "combat_damage", "combat_end",
         "combat_cancel", "enemy_keep", "enemy_forget")
COMBAT_PAGES = ("combat.show", "combat.check_get")


@dataclass(frozen=True)
class Kind:
    id: str
    name: str  # a msgid: "Mage Lite"
    commands: tuple[str, ...]
    events: tuple[str, ...]  # event types, or a family ("combat.*")
    pages: tuple[str, ...]
    home: str
    table: str
    story: str
    end: str  # "score_sheet", "verdict" or "count" (the table's own)
    own: Mapping[str, str] = field(default_factory=dict)  # another kind's command -> this kind's own


KINDS: dict[str, Kind] = {
    MAGE_KNIGHT: Kind(
        id=MAGE_KNIGHT, name=N_("Mage Knight"),
        commands=FIGHT + (
            # the Round: Tactics, turns, the End of the Round, the next Round (Rulebook, A Round)
            "round_tactic", "round_end_turn", "round_announce", "round_order_random", "round_extra_turn",
            "next_round", "round_order", "time",
            # the trackers and the tokens
            "fame", "reputation", "shield", "crystal", "wounds", "position", "override", "recruit", "unit",
            # the scenario
            "scenario_goal", "glade_marked", "mine_liberated", "tile_revealed",
            # the Dummy player (Scenario Book, solo; 004's dummy card in a Mage Knight game)
            "dummy_setup", "dummy_turn", "dummy_pass", "dummy_announce", "dummy_new_round", "dummy_tactic_draw",
            "dummy_tactics", "dummy_skill_reveal", "dummy_skill_take", "dummy_mage_lite",
            # player versus player, the score sheet
            "pvp_end", "score_set", "score_confirm", "score_final", "score_follow",
        ),
        events=("combat.*", "enemy.*", "round.*", "player.*", "unit.*", "scenario.*", "dummy.*", "pvp.*", "score.*"),
        pages=EVERY_GAME_PAGES + COMBAT_PAGES + ("dummy.show", "pvp.show", "tokens.corrections", "scoring.sheet",
                                                 "scoring.export_csv", "scoring.export_json"),
        home="games.show", table=MAGE_KNIGHT, story=MAGE_KNIGHT, end="score_sheet",
    ),
    MAGE_LITE: Kind(
        id=MAGE_LITE, name=N_("Mage Lite"),
        commands=FIGHT + (
            "mage_lite_fame", "mage_lite_hero_card", "mage_lite_reputation", "mage_lite_turn", "mage_lite_round_end",
            "mage_lite_dummy_end", "mage_lite_city", "mage_lite_item", "mage_lite_unit", "mage_lite_site",
            "mage_lite_crystal", "mage_lite_position",
            # the rest of the turn (seed 004): interacting, healing the hero, Forced Withdrawal
            "mage_lite_interact", "mage_lite_heal", "mage_lite_withdraw",
        ),
        events=("combat.*", "enemy.kept", "enemy.forgotten", "mage_lite.*"),
        pages=EVERY_GAME_PAGES + COMBAT_PAGES + ("mage_lite.game_page",),
        home="mage_lite.game_page", table=MAGE_LITE, story=MAGE_LITE, end="verdict",
        own={"fame": "mage_lite_fame", "next_round": "mage_lite_round_end", "time": "mage_lite_round_end",
             "round_end_turn": "mage_lite_turn", "reputation": "mage_lite_reputation",
             "crystal": "mage_lite_crystal", "position": "mage_lite_position", "recruit": "mage_lite_item",
             "unit": "mage_lite_unit", "dummy_mage_lite": "mage_lite_turn", "dummy_setup": "mage_lite_dummy_end"},
    ),
    RUNEWARS: Kind(
        id=RUNEWARS, name=N_("Runewars"),
        commands=("runewars_unit_type", "runewars_unit_type_remove", "runewars_battle_start", "runewars_battle_draw",
                  "runewars_battle_resolve", "runewars_battle_end", "runewars_attribute_test", "runewars_limits",
                  "runewars_duel_start", "runewars_duel_round", "runewars_quest_phase"),
        events=("runewars.*",),
        pages=EVERY_GAME_PAGES + ("runewars.battle_page", "runewars.heroes_page"),
        home="runewars.battle_page", table=RUNEWARS, story=RUNEWARS, end="count",
        own={"combat_setup": "runewars_battle_start"},
    ),
}


def kind_id(state_or_setup: Mapping[str, Any] | None) -> str:
    """The kind of a game from its folded state (``state["game"]["mode"]``) or its set-up (``"game"``)."""
    if not isinstance(state_or_setup, Mapping):
        return MAGE_KNIGHT
    info = state_or_setup.get("game")
    mode = info.get("mode") if isinstance(info, Mapping) else info
    return mode if mode in (MAGE_LITE, RUNEWARS) else MAGE_KNIGHT


def kind_of(state_or_setup: Mapping[str, Any] | None) -> Kind:
    return KINDS[kind_id(state_or_setup)]


def takes_command(kind: Kind, name: str) -> bool:
    return name in kind.commands


def holds_event(kind: Kind, event_type: str) -> bool:
    """Whether a game of this kind holds an event of this type (the undo types are every kind's)."""
    if event_type in ("undo", "redo", "undo.event"):
        return True
    return any(event_type == e or (e.endswith(".*") and event_type.startswith(e[:-1])) for e in kind.events)


def has_page(kind: Kind, endpoint: str | None) -> bool:
    return endpoint in kind.pages


__all__ = ["EVERY_GAME_PAGES", "KINDS", "Kind", "MAGE_KNIGHT", "MAGE_LITE", "RUNEWARS", "has_page", "holds_event",
           "kind_id", "kind_of", "takes_command"]
