"""Setting the Dummy player up (Scenario Book, Dummy Player, "At the start of the game"): its hero, its deck
(virtual, physical, or the Mage Lite counter), its crystals and, in a solo game, its Skills."""

from __future__ import annotations

from typing import Any, Mapping

from ...rules import dummy as rules
from ...rules.mage_lite import dummy as mage_lite
from ...rules.text import N_, T, Term
from ...state import Event, rng
from ..spine.command import Command, Invalid, command
from ..spine.payloads import needs
from ..spine.sentences import sentence
from .common import MODES, dummy_command, dummy_reducer, hero, heroes, players_in_play, text_or_none, zeros


@dummy_reducer("dummy.setup")
def _setup(state: dict, p: dict, ev: Event) -> None:
    r = rng(state, ev)
    mode = p["mode"]
    d: dict[str, Any] = {
        "mode": mode, "round": state["round"], "announced": False, "announced_by": None, "last_turns_left": None,
        "last_turn_done": False,
        "last": None, "turns": [], "tactic": None, "player_tactics": {}, "removed_tactics": [],
        "turn": 0, "deck": [], "discard": [], "seen": zeros(), "skills": None,
    }
    if mode == "mage_lite":
        tovak = hero("tovak")
        pips = rules.starting_crystals(tovak).as_dict() if tovak else dict(zeros(), **mage_lite.TOVAK_PIPS)
        threshold = int(p.get("threshold") or 7)
        d.update(hero="tovak", crystals=zeros(), pips=pips, level=mage_lite.START_LEVEL, threshold=threshold,
                 deck_count=0, composition=zeros(),
                 explanation=[T("%(rule)s: Tovak's hero card starts on level 1; end of round at level "
                                "%(threshold)d", rule=Term(mage_lite.ML), threshold=threshold)])
        state["dummy"] = d
        return
    pool = heroes()
    if p.get("candidates") and not p.get("hero"):
        # the heroes that were free when the command was given, so a replay draws from the same list
        pool = [h for h in pool if h.id in p["candidates"]]
    chosen = rules.choose_hero(pool, players_in_play(state), r, chosen=p.get("hero") or None)
    s = rules.set_up(chosen, r)
    d.update(hero=chosen.id, crystals=s.crystals.as_dict(), deck_count=len(s.deck),
             composition=rules.color_counts(s.deck), explanation=list(s.explanation))
    if mode == "virtual":
        d["deck"] = list(s.deck)
    if state["game"].get("mode") == "solo":
        pile = rules.skill_pile(getattr(chosen, "skills", ()), r)
        d["skills"] = {"pile": list(pile.pile), "offer": [], "removed": list(pile.removed)}
        d["explanation"] += list(pile.explanation)
    state["dummy"] = d


@needs("dummy.setup")
def no_dummy_yet(state: dict, p: dict | None = None) -> None:
    """The command's check, for its event wherever it is applied (companion.game.spine.payloads.needs)."""
    if state.get("dummy"):
        raise Invalid(N_("The Dummy player is already set up. Undo its set-up to start again."))


@command("dummy_setup")
def cmd_setup(state: dict, data: Mapping[str, Any]) -> Command:
    """Scenario Book, Dummy Player, At the start of the game: a hero no player uses, its basic deck shuffled,
    three crystals; Mage Lite uses Tovak's card as a level counter instead."""
    no_dummy_yet(state)
    mode = data.get("mode") or "virtual"
    if mode not in MODES:
        raise Invalid(N_("Unknown way to play the Dummy player: %(mode)s."), mode=str(mode)[:20])
    payload: dict[str, Any] = {"mode": mode}
    if mode == "mage_lite":
        try:
            payload["threshold"] = mage_lite.threshold_for(text_or_none(data, "difficulty") or "normal")
        except ValueError:
            raise Invalid(N_("Unknown difficulty.")) from None
        return dummy_command("dummy.setup", payload, sentence(N_("Dummy player set up: Mage Lite counter")))
    hero_id = text_or_none(data, "hero")
    in_play = players_in_play(state)
    if hero_id:
        if hero(hero_id) is None:
            raise Invalid(N_("Unknown hero: %(hero)s."), hero=str(hero_id)[:30])
        if hero_id in in_play:
            raise Invalid(N_("That hero is already in the game: the Dummy player needs another one."))
        payload["hero"] = hero_id
        return dummy_command("dummy.setup", payload,
                       sentence(N_("Dummy player set up with %(hero)s"), hero=hero(hero_id).name))
    free = sorted(h.id for h in heroes() if h.id not in in_play)
    if not free:
        raise Invalid(N_("Every hero is in the game: none is left for the Dummy player."))
    payload["candidates"] = free
    return dummy_command("dummy.setup", payload, sentence(N_("Dummy player set up with a random hero")))
