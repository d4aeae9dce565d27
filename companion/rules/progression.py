"""The Fame track and the Reputation track (Rulebook "End of the Turn" 6, Level up; "Interacting with Locals").

Pure functions over the rules data's ``levels`` and ``reputation`` tables.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence


@dataclass(frozen=True)
class Standing:
    """What the Fame track says about a hero with this much Fame."""

    fame: int
    level: int
    armor: int
    hand_limit: int
    command_tokens: int
    next_level_at: int | None  # Fame needed for the next level, None at the top


@dataclass(frozen=True)
class FameChange:
    before: Standing
    after: Standing
    rewards: tuple[str, ...]  # one entry per level crossed, from the Fame track: what the level-up gives
    explanation: tuple[str, ...]

    @property
    def levels_gained(self) -> int:
        return self.after.level - self.before.level


def standing(levels: Sequence, fame: int) -> Standing:
    """The level a hero has with ``fame`` Fame: the highest level whose threshold has been reached."""
    if fame < 0:
        raise ValueError("Fame cannot be negative")
    ordered = sorted(levels, key=lambda lv: lv.fame)
    current = ordered[0]
    nxt = None
    for lv in ordered:
        if lv.fame <= fame:
            current = lv
        else:
            nxt = lv
            break
    return Standing(
        fame=fame,
        level=current.level,
        armor=current.armor,
        hand_limit=current.hand_limit,
        command_tokens=current.command_tokens,
        next_level_at=nxt.fame if nxt else None,
    )


def change_fame(levels: Sequence, before: int, amount: int) -> FameChange:
    """Move the Fame marker by ``amount`` (negative to correct a mistake). Crossing a line gives a level for each
    line crossed, with the reward printed on the track (Rulebook, End of the Turn 6: Level up). The new level takes
    effect at the end of the turn; the tracker shows it at once."""
    after_fame = max(0, before + amount)
    b = standing(levels, before)
    a = standing(levels, after_fame)
    by_level = {lv.level: lv for lv in levels}
    rewards = tuple(by_level[n].reward for n in range(b.level + 1, a.level + 1) if getattr(by_level[n], "reward", None))
    lines = [f"Fame {before} → {after_fame}"]
    if a.level != b.level:
        lines.append(
            f"Fame track: level {b.level} → {a.level} (Armor {a.armor}, Hand limit {a.hand_limit}, "
            f"{a.command_tokens} Command token{'s' if a.command_tokens != 1 else ''})"
        )
        for n in range(b.level + 1, a.level + 1):
            lines.append(f"Level {n} at {by_level[n].fame} Fame: {by_level[n].reward}")
    return FameChange(before=b, after=a, rewards=rewards, explanation=tuple(lines))


X_SPACE = "X"  # the -7 space of the Reputation track, printed X: no interaction at all


def reputation_spaces(track: Sequence) -> list:
    """The 15 spaces of the Reputation track from left (X, the -7 space: cannot interact) to right (+7), with
    "the central 0 space" (Rulebook, Game Setup) in the middle."""
    return [sp.space for sp in track]


def _space(space):
    """A space as the track stores it: the -7 space is the X space."""
    return X_SPACE if space == -7 else space


def reputation_modifier(track: Sequence, space) -> int | None:
    """The Influence modifier of a Reputation space; None on the X space (-7: cannot interact at all)."""
    space = _space(space)
    for sp in track:
        if sp.space == space:
            return sp.modifier
    raise ValueError(f"there is no Reputation space {space!r}")


def move_reputation(track: Sequence, space, steps: int):
    """Move the Reputation marker ``steps`` spaces (right is positive), stopping at either end of the track:
    there is no space beyond X (-7) nor beyond +7, so losing Reputation on X keeps the marker on X."""
    spaces = reputation_spaces(track)
    i = spaces.index(_space(space))
    return spaces[max(0, min(len(spaces) - 1, i + steps))]


def recruit_influence_modifier(track: Sequence, space, unit) -> int | None:
    """The Influence modifier a recruit of ``unit`` applies at Reputation ``space`` (None: cannot recruit, X).

    Quick reference / unit cards: recruiting Thugs reverses the Reputation modifier (a bonus becomes a penalty and
    a penalty a bonus); recruiting one of the Heroes units doubles it. ``unit`` is a rules-data Unit (its
    ``recruit_reputation`` is "reversed", "doubled" or None) or that value itself."""
    mod = reputation_modifier(track, space)
    if mod is None:
        return None
    rule = unit if isinstance(unit, str) or unit is None else getattr(unit, "recruit_reputation", None)
    if rule == "reversed":
        return -mod
    if rule == "doubled":
        return 2 * mod
    if rule is None:
        return mod
    raise ValueError(f"unknown recruit reputation rule {rule!r}")


@dataclass(frozen=True)
class HandLimit:
    """The Hand limit for the next draw (Rulebook, End of the Turn 5b and its bullets)."""

    base: int
    bonus: int
    limit: int
    source: str  # "none" | "keep" | "city"


def hand_limit_for_draw(base: int, keeps_owned: int, near_keep: bool, city: str = "none") -> HandLimit:
    """Rulebook, End of the Turn: "If you are on or next to a keep you own (marked with your Shield token), your
    Hand limit is increased by the number of keeps you own anywhere on the map." "If you are on or next to a
    conquered city you have at least one Shield token in, your Hand limit is increased by 1 (by 2 if you are the
    leader of that city)." "If both a keep and a city bonus are possible, use the higher bonus only."

    ``city``: "none", "shield" (at least one Shield token in it) or "leader"."""
    if city not in ("none", "shield", "leader"):
        raise ValueError(f"city must be none, shield or leader, got {city!r}")
    keep_bonus = max(0, int(keeps_owned)) if near_keep and keeps_owned > 0 else 0
    city_bonus = {"none": 0, "shield": 1, "leader": 2}[city]
    if keep_bonus == 0 and city_bonus == 0:
        return HandLimit(base, 0, base, "none")
    if keep_bonus >= city_bonus:
        return HandLimit(base, keep_bonus, base + keep_bonus, "keep")
    return HandLimit(base, city_bonus, base + city_bonus, "city")
