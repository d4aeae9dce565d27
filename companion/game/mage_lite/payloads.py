"""The payload of every Mage Lite event (``companion.game.spine.payloads``), declared when the package is loaded. No
Flask."""

from __future__ import annotations

from ...rules.text import N_
from ..spine.invalid import Invalid
from ..spine.payloads import Flag, Many, Mapping_, Opt, OneOf, Text, Whole, payload

COLORS = ("red", "blue", "green", "white")
RESISTANCES = ("physical", "fire", "ice")

payload("mage_lite.fame", amount=Whole(-99, 99))
payload("mage_lite.hero_card", level=Whole(1, 10), armor=Whole(1, 9), hand_limit=Whole(1, 12))
payload("mage_lite.reputation", reason=OneOf("assault", "orcs", "draconum", "burn_monastery", "up", "down"),
        count=Whole(1, 9), delta=Whole(-30, 30))
payload("mage_lite.turn", color=Opt(OneOf(*COLORS)))
payload("mage_lite.round_end")
payload("mage_lite.dummy_end", difficulty=OneOf("normal", "harder", "easier"))
payload("mage_lite.city", color=OneOf(*COLORS), defeated=Opt(Whole(0, 9)))
def _item(state, p):
    """A gain names its kind and name; a use or a loss the item's id."""
    wanted = ("kind", "name") if p["action"] == "gain" else ("id",)
    if any(p.get(k) is None for k in wanted):
        raise Invalid(N_("%(field)s is missing."), field="/".join(wanted))


payload("mage_lite.item", _item, action=OneOf("gain", "use", "lose", "ready"), kind=Opt(OneOf("spell", "artifact", "unit")),
        name=Opt(Text(40)), id=Opt(Text(20)),
        # a Unit gained with its card's numbers (optional: older games' gains have none; units.py)
        armor=Opt(Whole(1, 9)), resistances=Opt(Many(OneOf(*RESISTANCES), 3, unique=True)))


def _unit(state, p):
    """A Unit's card numbers need its Armor."""
    if p["action"] == "card" and p.get("armor") is None:
        raise Invalid(N_("%(field)s is missing."), field="armor")


payload("mage_lite.unit", _unit, action=OneOf("card", "heal"), id=Text(20), armor=Opt(Whole(1, 9)),
        resistances=Opt(Many(OneOf(*RESISTANCES), 3, unique=True)))
payload("mage_lite.site", name=Text(60))
payload("mage_lite.crystal", color=OneOf(*COLORS), delta=Whole(-3, 3))
payload("mage_lite.position", keeps=Whole(0, 9), near=OneOf("none", "keep", "city", "both"))
# interaction with locals and healing (interact.py)
payload("mage_lite.interact", site=OneOf("village", "monastery", "refugee_camp", "keep", "mage_tower", "city_white",
                                         "city_blue", "city_green", "city_red"),
        influence=Whole(0, 99), buys=Mapping_(OneOf("heal", "advanced_action", "spell", "artifact"), Whole(0, 9), 4),
        unit_cost=Whole(0, 99), silver=Opt(Whole(0, 99)), bonus=Opt(Flag()), reputation_bonus=Opt(Whole(-9, 9)), city_bonus=Opt(Whole(0, 9)),
        total=Opt(Whole(-99, 200)), spent=Opt(Whole(0, 200)))
payload("mage_lite.heal", amount=Whole(1, 9), source=OneOf("effect", "glade"))
payload("mage_lite.withdraw", spaces=Whole(1, 9))
