"""The Dummy player's cards and crystals (Scenario Book, "Dummy Player", p. 15): colours, the crystal
Inventory, its hero's basic deck and starting crystals, and the rules the traces cite."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

from ..text import N_, Name, T

COLORS: tuple[str, ...] = ("red", "blue", "green", "white")
N_("red"), N_("blue"), N_("green"), N_("white")  # colours are Terms in the traces

# The rules the traces cite (Terms: translated when shown, e.g. "Szenarioheft, Dummyspieler, ...").
SB_DUMMY = N_("Scenario Book, Dummy Player")
SB_TURN = N_("Scenario Book, Dummy Player, When it is the Dummy player's turn")
SB_START = N_("Scenario Book, Dummy Player, At the start of the game")
SB_NEW_ROUND = N_("Scenario Book, Dummy Player, When preparing a new Round")
SB_SKILLS = N_("Scenario Book, Skills in a Solo Game")
SB_SOLO_TACTICS = N_("Scenario Book, Solo Conquest, Special Rules")
SB_COOP_TACTICS = N_("Scenario Book, Full Cooperation, Special Rules")
#: the last line of new_round (the web layer swaps it for the physical deck's wording)
SHUFFLED = N_("%(rule)s: all its %(n)d cards are shuffled into a new deck")


def _join(items: Sequence[Any]) -> T | str:
    """A comma-separated list as one line argument whose items are translated when shown (colours, names).
    Its msgid is only placeholders ("%(i0)s, %(i1)s"), so it needs no catalog entry."""
    if not items:
        return ""
    msgid = ", ".join("%%(i%d)s" % i for i in range(len(items)))
    return T(msgid, **{f"i{i}": item for i, item in enumerate(items)})


def _name(obj: Any) -> Name:
    """A card's or hero's name with its German form (the id or colour when it has no name)."""
    if isinstance(obj, str):
        return Name(obj)
    name = _attr(obj, "name") or _attr(obj, "id") or ""
    return Name(str(name), _attr(obj, "name_de") or None)


# --------------------------------------------------------------------------- basics

def color_of(card: Any) -> str:
    """The colour of a card: a colour string, a mapping with "color" or an object with .color."""
    if isinstance(card, str):
        c = card
    elif isinstance(card, Mapping):
        c = card.get("color")
    else:
        c = getattr(card, "color", None)
    return check_color(c)


def check_color(c: Any) -> str:
    if not isinstance(c, str) or c not in COLORS:
        raise ValueError(f"unknown colour {c!r}: expected one of {', '.join(COLORS)}")
    return c


@dataclass(frozen=True)
class Crystals:
    """The Dummy player's crystals. Unlike real players it may hold more than 3 of a colour
    (Scenario Book, Dummy Player, When preparing a new Round)."""

    red: int = 0
    blue: int = 0
    green: int = 0
    white: int = 0

    def __post_init__(self) -> None:
        for c in COLORS:
            v = getattr(self, c)
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise ValueError(f"crystals.{c} must be a whole number >= 0, got {v!r}")

    @classmethod
    def of(cls, value: "Crystals | Mapping[str, Any] | None") -> "Crystals":
        if value is None:
            return cls()
        if isinstance(value, Crystals):
            return value
        if not isinstance(value, Mapping):
            raise ValueError("crystals must be an object with red, blue, green, white counts")
        for key in value:
            if key not in COLORS:
                raise ValueError(f"unknown colour {key!r} in crystals")
        return cls(**{c: value.get(c, 0) for c in COLORS})

    def get(self, color: str) -> int:
        return getattr(self, check_color(color))

    def add(self, color: str, n: int = 1) -> "Crystals":
        d = self.as_dict()
        d[check_color(color)] += n
        return Crystals(**d)

    def as_dict(self) -> dict[str, int]:
        return {c: getattr(self, c) for c in COLORS}

    def as_tuple(self) -> tuple[int, int, int, int]:
        return tuple(getattr(self, c) for c in COLORS)  # type: ignore[return-value]

    def total(self) -> int:
        return sum(self.as_tuple())


def color_counts(deck: Iterable[Any]) -> dict[str, int]:
    counts = Counter(color_of(c) for c in deck)
    return {c: counts.get(c, 0) for c in COLORS}


def check_counts(counts: Mapping[str, Any]) -> dict[str, int]:
    """Validate a {colour: count} mapping (unknown colours or negative counts raise ValueError)."""
    if not isinstance(counts, Mapping):
        raise ValueError("deck must be an object with red, blue, green, white counts")
    out = {c: 0 for c in COLORS}
    for key, v in counts.items():
        check_color(key)
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise ValueError(f"deck.{key} must be a whole number >= 0, got {v!r}")
        out[key] = v
    return out


# --------------------------------------------------------------------------- set-up

def _attr(obj: Any, name: str, default: Any = None) -> Any:
    if isinstance(obj, Mapping):
        return obj.get(name, default)
    return getattr(obj, name, default)


def card_dict(card: Any) -> dict[str, Any]:
    """A plain JSON-able dict for a card (what the game state stores)."""
    return {
        "id": _attr(card, "id"),
        "name": _attr(card, "name"),
        "name_de": _attr(card, "name_de") or _attr(card, "name"),
        "color": color_of(card),
    }


def basic_deck(hero: Any) -> tuple[dict[str, Any], ...]:
    """The hero's 16 Basic Action cards, one entry per physical card (DeckCard.count copies).

    Scenario Book, Dummy Player, At the start of the game: "their starting deck of 16 Basic Action cards"."""
    cards: list[dict[str, Any]] = []
    for dc in _attr(hero, "deck", ()):
        count = _attr(dc, "count", 1) or 1
        for _ in range(int(count)):
            cards.append(card_dict(dc))
    return tuple(cards)


def starting_crystals(hero: Any) -> Crystals:
    """One crystal per coloured dot at the bottom of the hero card (Goldyx: green, green, blue)."""
    c = Crystals()
    for dot in _attr(hero, "crystals", ()):
        c = c.add(dot)
    return c


