"""Phone reference pages for the rules data: enemies (searchable, filtered), units, sites, scenarios, draw odds.

Every page is a plain GET page: the filter and odds forms work without JavaScript; htmx only swaps the result
part in place (``hx-get`` + ``hx-select``). German users see the German names from the rules data and the
German rulebook's wording of every ability.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from flask import Blueprint, abort, g, render_template, request
from flask_babel import format_decimal, get_locale, gettext

from companion.game.spine.command import Invalid
from companion.game.spine.fields import filter_value, whole_value
from companion.rules.combat.odds import OddsError, draw_odds, pile_contents
from companion.rules.data import get_rules
from companion.rules.text import Name

from .invite import game_behind
from .language import invalid_text
from .rules_labels import (  # noqa: F401 (the templates and older imports read them from here)
    PILES,
    COLOR_NAMES,
    EXPANSIONS,
    FACTIONS,
    UNIT_KINDS,
    RECRUIT_SITES,
    MODES,
    TACTICS_RULES,
    CITY_STATUS,
    SCORING_BASE,
    TILE_KINDS,
    TIMES,
    LEVEL_REWARDS,
    CARD_KINDS,
    ABILITIES,
    RESISTANCES,
    FIRE_AND_ICE,
    UNIT_RESISTANCES,
    UNIT_RESISTANCE_RULE,
    ELEMENTS,
    MULTIPLE_ATTACKS,
    ELEMENT_SHORT,
)

bp = Blueprint("rules", __name__, url_prefix="/rules")
bp.before_request(game_behind)  # the game's navigation stays (a first evening found no way back but the browser's)

# ------------------------------------------------------------------------------------------------ helpers


def is_german() -> bool:
    loc = get_locale()
    return loc is not None and loc.language == "de"


def local_name(obj: Any) -> str:
    """The German name from the rules data for German users (when it has one), else the English name."""
    if obj is None:
        return ""
    if is_german():
        name_de = getattr(obj, "name_de", None)
        if name_de:
            return name_de
    return getattr(obj, "name", None) or getattr(obj, "id", "")


def local_field(obj: Any, field: str) -> Any:
    """``field_de`` for German users when the rules data has it, else ``field``."""
    if is_german():
        value = getattr(obj, f"{field}_de", None)
        if value:
            return value
    return getattr(obj, field, None)


def label(table: Mapping[str, Any], key: Any) -> str:
    """A translated label from one of the tables above, or the key itself when the table lacks it."""
    entry = table.get(key)
    if entry is None:
        return str(key).replace("_", " ")
    if isinstance(entry, tuple):
        return str(entry[0])
    return str(entry)


def percent(value: float) -> str:
    return format_decimal(value, format="0.0")


def values(collection: Any) -> list:
    return list(collection.values()) if isinstance(collection, Mapping) else list(collection)


def enemy_abilities(e) -> list[str]:
    """The enemy's abilities, counting Summon, Defend and Elusive from their own fields too."""
    found = list(e.abilities)
    if getattr(e, "summon", None) and "summon" not in found:
        found.append("summon")
    if getattr(e, "defend", None) and "defend" not in found:
        found.append("defend")
    if getattr(e, "elusive_armor", None) is not None and "elusive" not in found:
        found.append("elusive")
    return found


def enemy_elements(e) -> list[str]:
    seen: list[str] = []
    for a in e.attacks:
        if a.element not in seen:
            seen.append(a.element)
    return seen


def pile_order(color: str) -> int:
    keys = list(PILES)
    return keys.index(color) if color in keys else len(keys)


def all_enemies() -> list:
    enemies = values(get_rules().enemies)
    return sorted(enemies, key=lambda e: pile_order(e.color))  # stable: the data's order within a pile


def known_expansions(items: list) -> list[str]:
    out: list[str] = []
    for item in items:
        exp = getattr(item, "expansion", None)
        if exp and exp not in out:
            out.append(exp)
    return sorted(out, key=lambda x: list(EXPANSIONS).index(x) if x in EXPANSIONS else len(EXPANSIONS))


def _choice(name: str, allowed: list[str]) -> str:
    """A filter value from the query string (``fields.filter_value``); anything else is a 400 with the reason."""
    try:
        return filter_value(request.args.get(name, ""), name, allowed)
    except Invalid as err:
        abort(400, description=invalid_text(err))


@bp.context_processor
def _rules_helpers():
    return {
        "local_name": local_name,
        "local_field": local_field,
        "rlabel": label,
        "PILES": PILES,
        "COLOR_NAMES": COLOR_NAMES,
        "EXPANSIONS": EXPANSIONS,
        "UNIT_KINDS": UNIT_KINDS,
        "FACTIONS": FACTIONS,
        "LEVEL_REWARDS": LEVEL_REWARDS,
        "CARD_KINDS": CARD_KINDS,
        "MODES": MODES,
        "TACTICS_RULES": TACTICS_RULES,
        "CITY_STATUS": CITY_STATUS,
        "SCORING_BASE": SCORING_BASE,
        "TILE_KINDS": TILE_KINDS,
        "TIMES": TIMES,
        "RECRUIT_SITES": RECRUIT_SITES,
        "ABILITIES": ABILITIES,
        "RESISTANCES": RESISTANCES,
        "ELEMENTS": ELEMENTS,
        "ELEMENT_SHORT": ELEMENT_SHORT,
        "enemy_abilities": enemy_abilities,
        "percent": percent,
        "game_behind": g.get("game") is not None,
    }


# ------------------------------------------------------------------------------------------------ pages


@bp.get("")
@bp.get("/")
def index():
    # a Mage Lite game's phone (seed 004) finds Mage Lite's Site and City Reference first: Mage Knight's sites give
    # other rewards
    game = g.get("game")
    mage_lite = game is not None and (game.setup or {}).get("game") == "mage_lite"
    return render_template("rules/index.html", mage_lite=mage_lite)


@bp.get("/mage-lite")
def mage_lite():
    """Seed 004's Site Reference and City Reference, with Mage Lite's rewards (templates/rules/mage_lite.html)."""
    return render_template("rules/mage_lite.html")


def filter_enemies(enemies: list, q: str, pile: str, ability: str, resistance: str, element: str,
                   expansion: str) -> list:
    q = q.casefold()
    out = []
    for e in enemies:
        if q and not any(q in (s or "").casefold() for s in (e.name, e.name_de, e.id)):
            continue
        if pile and e.color != pile:
            continue
        if ability and ability not in enemy_abilities(e):
            continue
        if resistance and resistance not in e.resistances:
            continue
        if element and element not in enemy_elements(e):
            continue
        if expansion and e.expansion != expansion:
            continue
        out.append(e)
    return out


@bp.get("/enemies")
def enemies():
    every = all_enemies()
    filters = {
        "q": request.args.get("q", "").strip()[:80],
        "pile": _choice("pile", list(PILES)),
        "ability": _choice("ability", list(ABILITIES)),
        "resistance": _choice("resistance", list(RESISTANCES)),
        "element": _choice("element", list(ELEMENTS)),
        "expansion": _choice("expansion", known_expansions(every)),
    }
    found = filter_enemies(every, **filters)
    return render_template(
        "rules/enemies.html", enemies=found, total=len(every), filters=filters,
        expansions=known_expansions(every),
    )


@bp.get("/enemies/<enemy_id>")
def enemy(enemy_id: str):
    e = {x.id: x for x in values(get_rules().enemies)}.get(enemy_id)
    if e is None:
        abort(404, description=gettext("There is no enemy token %(id)s.", id=repr(enemy_id)))
    abilities = [(key, ABILITIES.get(key)) for key in enemy_abilities(e)]
    resistances = [(key, RESISTANCES.get(key)) for key in e.resistances]
    if "fire" in e.resistances and "ice" in e.resistances:
        resistances.append(("fire_ice", FIRE_AND_ICE))
    elements = [(key, ELEMENTS.get(key)) for key in enemy_elements(e)]
    return render_template(
        "rules/enemy.html", e=e, abilities=abilities, resistances=resistances, elements=elements,
        multiple=MULTIPLE_ATTACKS if len(e.attacks) > 1 else None,
    )


@bp.get("/units")
def units():
    every = values(get_rules().units)
    kinds: list[str] = []
    for u in every:
        if u.kind not in kinds:
            kinds.append(u.kind)
    kind = _choice("kind", kinds)
    shown = [u for u in every if not kind or u.kind == kind]
    shown.sort(key=lambda u: (u.kind != "regular", u.level, local_name(u).casefold()))
    return render_template(
        "rules/units.html", units=shown, kinds=kinds, kind=kind, unit_resistances=UNIT_RESISTANCES,
        unit_resistance_rule=UNIT_RESISTANCE_RULE,
    )


@bp.get("/sites")
def sites():
    return render_template("rules/sites.html", sites=values(get_rules().sites),
                           terrains=values(getattr(get_rules(), "terrains", []) or []))


@bp.get("/scenarios")
def scenarios():
    return render_template("rules/scenarios.html", scenarios=values(get_rules().scenarios))


@bp.get("/scenarios/<scenario_id>")
def scenario(scenario_id: str):
    found = {s.id: s for s in values(get_rules().scenarios)}.get(scenario_id)
    if found is None:
        abort(404, description=gettext("There is no scenario %(id)s.", id=repr(scenario_id)))
    return render_template("rules/scenario.html", s=found)


@bp.get("/heroes")
def heroes():
    every = values(get_rules().heroes)
    cards = {c.id: c for c in values(getattr(get_rules(), "cards", {}) or {})}
    return render_template("rules/heroes.html", heroes=every, cards=cards)


@bp.get("/cities")
def cities():
    return render_template("rules/cities.html", cities=values(get_rules().cities))


@bp.get("/tracks")
def tracks():
    """The Fame track (levels) and the Reputation track."""
    return render_template("rules/tracks.html", levels=values(get_rules().levels),
                           reputation=values(get_rules().reputation))


@bp.get("/tactics")
def tactics():
    every = values(get_rules().tactics)
    return render_template("rules/tactics.html",
                           by_time=[(t, [x for x in every if x.time == t]) for t in TIMES])


@bp.get("/procedures")
def procedures():
    """The look-ups of a turn and a Round (rules_data/procedures.yaml), each its own section (its id the anchor
    the board's look-ups link to)."""
    return render_template("rules/procedures.html", procedures=values(get_rules().procedures))


@bp.get("/cards")
def cards():
    every = values(getattr(get_rules(), "cards", {}) or {})
    kind = _choice("kind", [k for k in CARD_KINDS if any(c.kind == k for c in every)])
    shown = [c for c in every if not kind or c.kind == kind]
    groups = [(k, [c for c in shown if c.kind == k]) for k in CARD_KINDS]
    return render_template("rules/cards.html", groups=[g for g in groups if g[1]], kind=kind,
                           kinds=[k for k in CARD_KINDS if any(c.kind == k for c in every)])


# ------------------------------------------------------------------------------------------------ draw odds


#: Expansions whose tokens are not in the piles unless chosen: the Shades of Tezla faction tokens join the game
#: only with that expansion's faction rules (published game; the seeds are silent).
NOT_IN_PLAY_BY_DEFAULT = ("tezla",)


def default_in_play(expansions_known: list[str]) -> list[str]:
    chosen = [x for x in expansions_known if x not in NOT_IN_PLAY_BY_DEFAULT]
    return chosen or list(expansions_known)


def odds_request() -> dict:
    """Parse the odds form (GET): pile, expansions in play, and the tokens seen or removed.

    ``seen`` is repeated once per copy seen (one checkbox per printed copy). Tokens of another pile or of an
    expansion not in play are ignored (the player switched pile or expansions); an unknown token id or more
    copies than printed is a 400.
    """
    every = all_enemies()
    by_id = {e.id: e for e in every}
    expansions_known = known_expansions(every)
    pile = _choice("pile", list(PILES)) or "green"
    chosen = request.args.getlist("expansion")
    bad = [x for x in chosen if x not in expansions_known]
    if bad:
        abort(400, description=gettext(
            "Unknown expansion %(value)s. Choose from: %(allowed)s.",
            value=repr(bad[0]), allowed=", ".join(expansions_known)))
    in_play = [x for x in expansions_known if x in chosen] or default_in_play(expansions_known)
    contents = pile_contents(every, pile, in_play)

    seen_ids = request.args.getlist("seen")
    unknown = [s for s in seen_ids if s not in by_id]
    if unknown:
        abort(400, description=gettext("There is no enemy token %(id)s.", id=repr(unknown[0])))
    seen = Counter(s for s in seen_ids if s in contents)
    for token_id, n in seen.items():
        if n > contents[token_id]:
            abort(400, description=gettext(
                "%(name)s is ticked %(n)s times as seen or removed, but the pile has only %(copies)s of it.",
                name=local_name(by_id[token_id]), n=n, copies=contents[token_id]))

    raw_draws = request.args.get("draws", "").strip() or "1"
    try:
        draws = whole_value(raw_draws, "draws")  # the strict layer: ASCII digits only ("1_0", "١٢" refused)
    except Invalid:
        draws = 0
    if draws < 1 or draws > 99:
        abort(400, description=gettext(
            "Tokens drawn together must be a whole number from 1 to 99, not %(value)s.", value=repr(raw_draws)))
    left = sum(contents.values()) - sum(seen.values())
    capped = left > 0 and draws > left  # more than can be drawn: the pile would run out
    try:
        result = draw_odds(contents, dict(seen), draws=min(draws, left) if capped else draws,
                           names={t: Name(by_id[t].name, getattr(by_id[t], "name_de", None)) for t in contents})
    except OddsError as err:
        abort(400, description=str(err))
    return {
        "pile": pile,
        "in_play": in_play,
        "expansions": expansions_known,
        "result": result,
        "enemies": by_id,
        "draws": draws,
        "capped": capped,
    }


def group_odds(result, enemies: Mapping[str, Any]) -> list[tuple[str, Any, Any, Any]]:
    """(kind, label, chance that the next token has it, chance that the tokens drawn together include one)
    for each ability / resistance / attack element that is possible."""
    rows = []
    groups = (
        [("ability", k, ABILITIES[k][0]) for k in ABILITIES]
        + [("resistance", k, RESISTANCES[k][0]) for k in RESISTANCES]
        + [("element", k, ELEMENTS[k][0]) for k in ELEMENTS]
    )
    for kind, key, name in groups:
        ids = []
        for t in result.tokens:
            e = enemies[t.id]
            if (kind == "ability" and key in enemy_abilities(e)) or (
                kind == "resistance" and key in e.resistances) or (
                kind == "element" and key in enemy_elements(e)):
                ids.append(t.id)
        if ids:
            chance = result.chance_of(ids)
            if chance:
                rows.append((kind, name, chance, result.at_least_one_of(ids)))
    return rows


@bp.get("/odds")
def odds():
    ctx = odds_request()
    ctx["groups"] = group_odds(ctx["result"], ctx["enemies"])
    return render_template("rules/odds.html", **ctx)
