"""Which adventure site a fight is at, and its reward once conquered (quick reference sheet, seed 003: Monster Den,
Spawning Grounds, Dungeon, Tomb, Ancient Ruins; rules_data/sites.yaml): the combat's outcome says "Site conquered"
with what the table takes now. No Flask, no database."""

from __future__ import annotations

from typing import Any, Mapping

from ...rules.text import N_
from ..spine.fields import choice, yes

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
# seed 004 (Mage Lite), Site Reference: the same sites with Mage Lite's rewards, taken at the end of the turn ("Do not
# pick your reward before the end of your turn"). "There are no mana crystals in the base game; only mana tokens";
# no dice either: the Guiding symbols of the cards in the hand choose.
ML_REWARDS = {
    # "Get 2 (or 3 for Spawning Grounds) Mana tokens at the end of your turn (or crystals if you have the crystal
    # expansion): Use the right Guiding symbol of the first 2 (or 3 for Spawning Grounds) cards of your hand. Get
    # mana token/crystal of that color. If Gold, choose any basic color. If Black, gain 1 Fame."
    "monster_den": N_("2 mana tokens at the end of your turn: the right-hand Guiding symbol of each of the first 2 "
                      "cards of your hand gives one of its colour (gold: any basic colour; black: 1 Fame)"),
    "spawning_grounds": N_("an Artifact and 3 mana tokens at the end of your turn: the right-hand Guiding symbol of "
                           "each of the first 3 cards of your hand gives one of its colour (gold: any basic colour; "
                           "black: 1 Fame)"),
    # "Using your Guiding Symbol of your first card in your hand, gain: Gold/Black - Spell. Red, Blue, Green or
    # White - Artifact."
    "dungeon": N_("the Guiding symbol of the first card of your hand chooses: gold or black, a Spell; red, blue, "
                  "green or white, an Artifact"),
    # Tomb: "Gain an Artifact or a Spell."
    "tomb": N_("an Artifact or a Spell"),
    # Ancient Ruins: "Gain rewards according to the token."
    "ancient_ruins": N_("the reward shown on its yellow token"),
    # Maze: "Gain rewards according to Move points paid: 2 - 2 Mana tokens (or crystals if you have the Crystal
    # Expansion) of your choice. 4 - Spell. 6 - Artifact."; Labyrinth: "Gain an Advanced Action (for Labyrinth only)
    # at the end of your turn. Your Advance Offer is the first 3 cards of your hand."
    "maze": N_("by the Move points you paid to enter: 2, 2 mana tokens of your choice; 4, a Spell; 6, an Artifact; "
               "a labyrinth also gives an Advanced Action at the end of your turn (your offer: the first 3 cards of "
               "your hand)"),
    # Combat Outcomes 2c: "If it is a mage tower, you will get to choose a Spell at the end of your turn as a reward."
    "mage_tower": N_("a Spell at the end of your turn"),
    # Combat Outcomes 2d: "the monastery is now burned ... At the end of your turn, claim an Artifact as your reward."
    "monastery": N_("an Artifact at the end of your turn"),
}
# with the Crystal expansion: "(or crystals if you have the crystal expansion)"
ML_CRYSTAL_REWARDS = {
    "monster_den": N_("2 crystals at the end of your turn: the right-hand Guiding symbol of each of the first 2 "
                      "cards of your hand gives one of its colour (gold: any basic colour; black: 1 Fame)"),
    "spawning_grounds": N_("an Artifact and 3 crystals at the end of your turn: the right-hand Guiding symbol of "
                           "each of the first 3 cards of your hand gives one of its colour (gold: any basic colour; "
                           "black: 1 Fame)"),
    "maze": N_("by the Move points you paid to enter: 2, 2 crystals of your choice; 4, a Spell; 6, an Artifact; a "
               "labyrinth also gives an Advanced Action at the end of your turn (your offer: the first 3 cards of your "
               "hand)"),
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


# seed 004 Maze: "Gain rewards according to Move points paid: 2 - 2 Mana tokens (or crystals if you have the Crystal
# Expansion) of your choice. 4 - Spell. 6 - Artifact."; Labyrinth: also "an Advanced Action ... at the end of your
# turn. Your Advance Offer is the first 3 cards of your hand." (paid, crystals, labyrinth) -> the reward
ML_MAZE_REWARDS = {
    (2, False, False): N_("2 mana tokens of your choice at the end of your turn"),
    (2, True, False): N_("2 crystals of your choice at the end of your turn"),
    (4, False, False): N_("a Spell at the end of your turn"),
    (6, False, False): N_("an Artifact at the end of your turn"),
    (2, False, True): N_("2 mana tokens of your choice and an Advanced Action (your offer: the first 3 cards of your "
                         "hand) at the end of your turn"),
    (2, True, True): N_("2 crystals of your choice and an Advanced Action (your offer: the first 3 cards of your "
                        "hand) at the end of your turn"),
    (4, False, True): N_("a Spell and an Advanced Action (your offer: the first 3 cards of your hand) at the end of "
                         "your turn"),
    (6, False, True): N_("an Artifact and an Advanced Action (your offer: the first 3 cards of your hand) at the end "
                         "of your turn"),
}
MAZE_PAID = (2, 4, 6)


def maze_paid(data: Mapping[str, Any]) -> dict:
    """A Mage Lite maze or labyrinth's set-up: the Move points paid to enter (``maze_paid``: 2, 4 or 6; absent: not
    said) and ``labyrinth`` ("yes": a labyrinth, which adds an Advanced Action)."""
    out: dict[str, Any] = {}
    if data.get("maze_paid") not in (None, ""):
        out["maze_paid"] = int(choice(data, "maze_paid", tuple(str(n) for n in MAZE_PAID) + MAZE_PAID,
                                      label=N_("Move points paid to enter")))
    if yes(data, "labyrinth"):
        out["labyrinth"] = True
    return out


def mage_lite_reward_of(fight: str, site: str | None, crystals: bool,
                        where: Mapping[str, Any] | None = None) -> str | None:
    """Mage Lite's reward text (to translate) of a site won: its adventure site's (``site``), or a mage tower's
    Spell, a burned monastery's Artifact (``fight``); with the Crystal expansion crystals instead of mana tokens; a
    maze or labyrinth by the Move points paid when the set-up said them (``where``: the combat's site)."""
    paid = (where or {}).get("maze_paid")
    if fight == "maze" and paid in MAZE_PAID:
        return ML_MAZE_REWARDS[(int(paid), crystals and paid == 2, bool((where or {}).get("labyrinth")))]
    key = site or (fight if fight in ("mage_tower", "monastery", "maze") else None)
    if crystals and key in ML_CRYSTAL_REWARDS:
        return ML_CRYSTAL_REWARDS[key]
    return ML_REWARDS.get(key or "")


__all__ = ["ML_CRYSTAL_REWARDS", "ML_MAZE_REWARDS", "ML_REWARDS", "REWARDS", "SITE_FIGHTS", "adventure_site",
           "mage_lite_reward_of", "maze_paid", "reward_of"]
