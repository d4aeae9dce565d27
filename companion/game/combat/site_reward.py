"""Which adventure site a fight is at, and its reward once conquered (quick reference sheet, seed 003: Monster Den,
Spawning Grounds, Dungeon, Tomb, Ancient Ruins; rules_data/sites.yaml): the combat's outcome says "Site conquered"
with what the table takes now. No Flask, no database."""

from __future__ import annotations

from typing import Any, Mapping

from ...rules.text import N_
from ..spine.fields import choice

# quick reference: site -> the reward for conquering it (the site's kind of fight: combat.state FIGHTS)
REWARDS = {
    # "mark the space as conquered with your Shield token and get two random mana crystals ... If gold is rolled,
    # you choose the color you gain; if black is rolled you get Fame +1 instead of a crystal"
    "monster_den": N_("two random crystals (roll a mana die for each: gold = a colour of your choice, black = Fame +1 "
                      "instead)"),
    # "gain an Artifact and three random mana crystals as your reward. Roll a mana die three times"
    "spawning_grounds": N_("an Artifact and three random crystals (roll a mana die for each: gold = a colour of your "
                           "choice, black = Fame +1 instead)"),
    # "roll a mana die to determine your reward. For gold or black, gain a Spell; otherwise, gain an Artifact"
    "dungeon": N_("roll a mana die: gold or black gives a Spell, any other colour an Artifact"),
    # "gain one Spell and one Artifact as your reward"
    "tomb": N_("a Spell and an Artifact"),
    # "whoever defeats the last one marks the space and gets the reward depicted on the token"
    "ancient_ruins": N_("the reward shown on its yellow token"),
}
SITE_FIGHTS = {"monster_den": "adventure", "spawning_grounds": "adventure", "ancient_ruins": "adventure",
               "dungeon": "dungeon", "tomb": "dungeon"}


def adventure_site(data: Mapping[str, Any], fight: str) -> str | None:
    """The combat set-up's optional ``adventure_site`` (one of SITE_FIGHTS, of this kind of fight), or None; a
    fight at no adventure site ignores it."""
    sites = tuple(s for s, f in SITE_FIGHTS.items() if f == fight)
    return choice(data, "adventure_site", sites, default=None, label=N_("Adventure site")) if sites else None


def reward_of(site: str | None) -> str | None:
    """The reward text (to translate) of a conquered adventure site, or None when the fight did not name it."""
    return REWARDS.get(site or "")


__all__ = ["REWARDS", "SITE_FIGHTS", "adventure_site", "reward_of"]
