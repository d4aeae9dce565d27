"""Who leads a city, and what each player has of the cities (Rulebook, "City Assaults"; Scenario Book, Full
Conquest, Scoring). Pure Python: a city is the row of Shield tokens on its City card, in the order they were put
there (player indices), and whether it is conquered.

Rulebook, Combat Outcomes 1a: "If you were assaulting a city, put one of your Shield tokens on the City card for
each enemy you defeated. Put the Shields in a row, so you can determine in which order they were put there."
Rulebook, City Assaults 2: "If a city is conquered, its new leader must be determined. a. The player with the most
Shield tokens on the City card (or the one with the first Shield amongst the tied in case of tie) becomes the City
leader." (Regelheft, Städte erobern: "Der Spieler mit den meisten Schildplättchen auf der Stadtkarte ... bei
Gleichstand derjenige, dessen Schild als erstes gelegt wurde".)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence


@dataclass(frozen=True)
class CityRecord:
    shields: tuple[int, ...]  # the players' Shield tokens on the City card, in the order they were put there
    conquered: bool


def city_leader(shields: Sequence[int]) -> int | None:
    """Rulebook, City Assaults 2a: the player with the most Shield tokens on the City card; among the tied, the
    one whose Shield was put there first. None: no Shield on the card."""
    if not shields:
        return None
    counts: dict[int, int] = {}
    for who in shields:
        counts[who] = counts.get(who, 0) + 1
    most = max(counts.values())
    return next(who for who in shields if counts[who] == most)


def cities_of(cities: Iterable[CityRecord], player: int) -> tuple[int, int]:
    """(cities led, cities with the player's Shield not led): Scenario Book, Full Conquest, Scoring: "7 Fame for
    each city they are the leader of", "4 Fame for each city they are not the leader of but has at least one of
    their shield tokens on the City card". A city has a leader only once it is conquered (City Assaults 2); a
    Shield on the card of a city not conquered (yet) counts as "not the leader of"."""
    led = shielded = 0
    for c in cities:
        leader = city_leader(c.shields) if c.conquered else None
        if leader == player:
            led += 1
        elif player in c.shields:
            shielded += 1
    return led, shielded
