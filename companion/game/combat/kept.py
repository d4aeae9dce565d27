"""Typed enemies kept per game: an enemy typed once (name, Armor, attack and element, abilities, resistances,
Fame) that later fights add in one tap.

Seed 004, "ENEMIES" (Mage Lite's enemies are printed on the Enemy card, so "the Enemy card's
stats are not in the text"): the player types an enemy once and the game keeps it. It works in every game that has
combat (a Mage Knight game can keep an enemy that is not among the rules data's tokens too).

State: ``state["kept_enemies"] = {id: enemy}`` (ids ``k1``, ``k2`` ... in the order kept), the enemy in the combat's
own form (``forms.typed_enemy``); ``state["kept_next"]`` the next id's number. A game stored before this feature
has neither: the readers default them.

Events (undoable): ``enemy.kept`` (a new kept enemy, or one corrected: the same id again replaces it; scope
``kept``: its name is checked against every other kept enemy's), ``enemy.forgotten`` (scope ``kept:<id>``). Keeping an enemy while adding it to a combat is the one event
``combat.enemy_add`` with ``keep`` (``setup.py``). No Flask.
"""

from __future__ import annotations

import copy
from typing import Any, Mapping

from ...rules.text import N_
from ...state import Event, reducer
from ..spine.command import Command, Invalid, command
from ..spine.fields import ident
from ..spine.sentences import sentence
from ..spine.undo import register_scope
from .forms import typed_enemy
from .state import enemy_arg

MAX_KEPT = 60  # a Mage Lite Enemy card holds a few dozen enemies; a Mage Knight game types a handful
# what a kept enemy holds (the combat's progress and its place in one combat are not kept)
KEPT_FIELDS = ("name", "name_de", "color", "armor", "elusive_armor", "attacks", "abilities", "resistances", "fame",
               "defend", "summon", "summon_count")


def kept_enemies(state: Mapping[str, Any]) -> dict:
    return state.get("kept_enemies") or {}


def kept_or_refused(state: Mapping[str, Any], kept_id: Any) -> dict:
    """The enemy this game keeps as ``kept_id``, or ``Invalid``."""
    e = kept_enemies(state).get(kept_id) if isinstance(kept_id, str) else None
    if e is None:
        raise Invalid(N_("This game keeps no such enemy (forgotten, or undone)."))
    return e


def kept_enemy(state: Mapping[str, Any], kept_id: Any) -> dict:
    """A kept enemy as the combat adds it (``kept`` names where it came from), or ``Invalid``."""
    e = kept_or_refused(state, kept_id)
    return {**copy.deepcopy(e), "token": None, "overridden": False, "kept": kept_id}


def as_kept(e: Mapping[str, Any]) -> dict:
    return {k: copy.deepcopy(e[k]) for k in KEPT_FIELDS if k in e}


def new_kept_id(state: Mapping[str, Any], name: str) -> str:
    """The id of a newly kept enemy; refused when the game keeps one of that name already (correct that one) or
    keeps too many."""
    kept = kept_enemies(state)
    same = [k for k, e in kept.items() if e["name"].strip().casefold() == name.strip().casefold()]
    if same:
        raise Invalid(N_("This game already keeps an enemy named %(name)s: add it in one tap, or correct it."),
                      name=name)
    if len(kept) >= MAX_KEPT:
        raise Invalid(N_("This game keeps %(n)d enemies already: forget one first."), n=MAX_KEPT)
    return next_kept_id(state)


def next_kept_id(state: Mapping[str, Any]) -> str:
    return f"k{int(state.get('kept_next') or 1)}"


def kept_or_new(state: Mapping[str, Any], kept_id: str, correction: bool = False) -> None:
    """An ``enemy.kept`` names an enemy the game keeps (a correction: its payload says so since this version) or
    the id the game gives the next one, as its command does; else ``Invalid`` (the command's refusal of a
    correction of an enemy no longer kept)."""
    if correction or kept_id != next_kept_id(state):
        kept_or_refused(state, kept_id)


def store_kept(state: dict, kept_id: str, enemy: Mapping[str, Any]) -> None:
    """Keep (or replace) one enemy; the next id stays past every id used."""
    state.setdefault("kept_enemies", {})[kept_id] = as_kept(enemy)
    n = int(kept_id[1:]) if kept_id[1:].isdigit() else 0
    state["kept_next"] = max(int(state.get("kept_next") or 1), n + 1)


def may_keep(state: Mapping[str, Any], kept_id: str, e: Mapping[str, Any]) -> None:
    """What refuses keeping ``e`` as ``kept_id``, for the command and a stored or imported ``enemy.kept`` alike: a
    correction that changes nothing or takes another kept enemy's name; a new one of a name kept already."""
    old = kept_enemies(state).get(kept_id)
    if old is None:
        new_kept_id(state, e["name"])
        return
    if any(k != kept_id and x["name"].strip().casefold() == e["name"].strip().casefold()
           for k, x in kept_enemies(state).items()):
        raise Invalid(N_("This game already keeps an enemy named %(name)s: add it in one tap, or correct it."),
                      name=e["name"])
    if as_kept(old) == as_kept(e):
        raise Invalid(N_("That is exactly the enemy as kept: nothing to correct."))


# ---------------------------------------------------------------------------------------------- reducers


@reducer("enemy.kept")
def _kept(state, p, ev):
    store_kept(state, p["id"], p["enemy"])


@reducer("enemy.forgotten")
def _forgotten(state, p, ev):
    state.setdefault("kept_enemies", {}).pop(p["id"], None)


# ---------------------------------------------------------------------------------------------- commands


@command("enemy_keep")
def keep(state: dict, data: Mapping[str, Any]) -> Command:
    """Type an enemy once and the game keeps it (the fields of the combat's typed enemy: ``name``, ``armor``,
    ``attack``/``attack_element``, ``attack2``/``attack2_element``, ``ability``, ``resistance``, ``fame``,
    ``elusive_armor``, ``defend``, ``color``); with ``id`` a kept enemy is corrected for the rest of the game."""
    e = as_kept(typed_enemy(data))
    kept_id = ident(data, "id", default="")
    if kept_id:
        kept_or_refused(state, kept_id)
        may_keep(state, kept_id, e)
        s = sentence(N_("%(enemy)s corrected for the rest of this game."), enemy=enemy_arg(e))
        # scope: every kept enemy (its name is checked against the others')
        return Command("enemy.kept", {"id": kept_id, "enemy": e, "correction": True}, s, ("kept",))
    kept_id = new_kept_id(state, e["name"])
    s = sentence(N_("The game keeps %(enemy)s: later fights add it in one tap."), enemy=enemy_arg(e))
    return Command("enemy.kept", {"id": kept_id, "enemy": e}, s, ("kept",))


@command("enemy_forget")
def forget(state: dict, data: Mapping[str, Any]) -> Command:
    """The game no longer offers this kept enemy (a combat it is in keeps its copy)."""
    kept_id = ident(data, "id")
    e = kept_or_refused(state, kept_id)
    return Command("enemy.forgotten", {"id": kept_id},
                   sentence(N_("The game no longer keeps %(enemy)s."), enemy=enemy_arg(e)), (f"kept:{kept_id}",))


def kept_scope(p: Mapping[str, Any]) -> tuple[str, ...]:
    """What a fight's ``combat.enemy_add`` payload depends on of the kept enemies: one kept while added, every kept
    enemy (its name is checked against theirs); one added in one tap, that kept enemy (a per-entry undo of its
    keeping is refused while the fight is in force); a token or a typed enemy, none."""
    if p.get("keep"):
        return ("kept",)
    kept = (p.get("enemy") or {}).get("kept") if isinstance(p.get("enemy"), dict) else None
    return (f"kept:{kept}",) if isinstance(kept, str) and kept else ()


def _stored_scope(e: Event) -> tuple[str, ...]:
    """A kept enemy's events as the per-entry undo reads them, whenever they were stored (before 2026-11-27 a new
    keeping named only ``kept:<id>`` and a fight's one-tap add named no kept enemy)."""
    if e.type == "enemy.kept":
        return ("kept",)
    return kept_scope(e.payload if isinstance(e.payload, dict) else {})


register_scope("enemy.kept", _stored_scope)
register_scope("combat.enemy_add", _stored_scope)
