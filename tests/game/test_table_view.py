"""The table screen's view (``companion.game.views.table``), over states driven through the commands: the scoreboard
follows the Round flow (Rulebook, A Round 3-4), the fight's running totals of a half-typed step (Rulebook, Ranged
and Siege / Attack phase: "the sum of your attack values must be at least the enemy's Armor"), the Dummy player's
deck and forecast (Scenario Book, Dummy Player) and a Runewars battle (seed 001, Rounds of Combat)."""

from werkzeug.datastructures import MultiDict

from companion.game.spine.local import LocalGame
from companion.game.views.table import fight_draft, table_view

THREE = {"scenario": "full_conquest", "mode": "competitive",
         "players": [{"name": "Anna", "hero": "arythea"}, {"name": "Ben", "hero": "tovak"},
                     {"name": "Cleo", "hero": "goldyx"}]}


def picked(g):
    """Rulebook, A Round 3c: the Round order by the Tactic numbers: Ben (Early Bird, 1), Cleo (Planning, 4), Anna
    (Great Start, 5)."""
    g.run("round_tactic", player=2, tactic="planning")
    g.run("round_tactic", player=1, tactic="early_bird")
    g.run("round_tactic", player=0, tactic="great_start")
    return g


def test_players_in_round_order_with_tactic_fame_level_reputation_and_units():
    """Rulebook, Fame and Reputation: 8 Fame is level 3 (the Fame track: level 2 at 3 Fame, level 3 at 8); Reputation +2 gives Influence +1."""
    g = picked(LocalGame(THREE))
    g.run("fame", player=0, amount=8)
    g.run("reputation", player=0, amount=2)
    g.run("recruit", player=0, unit="peasants")
    g.run("wounds", player=1, amount=2)
    t = table_view(g.state)
    assert [p["name"] for p in t["players"]] == ["Ben", "Cleo", "Anna"]
    anna = t["players"][2]
    assert (anna["fame"], anna["level"], anna["reputation"], anna["modifier"]) == (8, 3, 2, 1)
    assert anna["tactic"].id == "great_start" and anna["units"]["ready"] == 1 and anna["units"]["total"] == 1
    assert t["players"][0]["now"] and t["players"][0]["wounds"] == 2
    assert [o["name"] for o in t["order"]] == ["Ben", "Cleo", "Anna"] and t["order"][0]["now"]


def test_round_rounds_left_and_the_scenario_end():
    """Full Conquest ends when every city is conquered (rules_data/scenarios.yaml, `end`); six Rounds."""
    t = table_view(LocalGame(THREE).state)
    assert (t["round"]["round"], t["round"]["total"], t["round"]["left"]) == (1, 6, 5)
    assert t["round"]["cities"] == {"conquered": 0, "of": 3} and t["round"]["goal"] is None
    assert t["rn"]["phase"] == "tactics" and t["rn"]["who"] == 2


def test_last_turns_after_the_end_of_the_round_is_announced():
    """Rulebook, A Round 4b: "each other player takes one last turn and then the Round ends"."""
    g = picked(LocalGame(THREE))
    g.run("round_announce", player=1, deck_empty="1")
    order = {o["name"]: o for o in table_view(g.state)["order"]}
    assert order["Ben"]["announced"] and not order["Ben"]["last_turn"]
    assert order["Cleo"]["last_turn"] and order["Anna"]["last_turn"] and order["Cleo"]["now"]


def test_the_fight_and_the_running_total_a_phone_types():
    """Rulebook, Ranged and Siege phase: attacks against the Prowlers (Armor 3, Fame 2) defeat them with a total of
    at least 3; a total of 2 needs 1 more."""
    g = picked(LocalGame(THREE))
    g.run("combat_setup", player=1, fight="rampaging")
    g.run("combat_enemy_add", token="prowlers")
    g.run("combat_phase")
    t = table_view(g.state)
    assert t["fight"]["player"] == "Ben" and t["fight"]["enemies"][0]["name"] == "Prowlers"
    assert t["fight"]["enemies"][0]["armor"] == 3 and t["fight"]["draft"] is None
    key = str(t["fight"]["enemies"][0]["key"])
    form = MultiDict([("check", "attack"), ("target", key), ("value", "2"), ("element", "physical"),
                      ("kind", "ranged")])
    draft = table_view(g.state, draft=form)["fight"]["draft"]
    assert draft == {"kind": "attack", "total": 2, "required": 3, "enough": False, "fame": 0,
                     "targets": ["Prowlers"]}
    form.setlist("value", ["3"])
    draft = fight_draft(g.state, g.state["combat"]["current"], form)
    assert draft["enough"] and draft["fame"] == 2
    # a half-typed form the rules refuse (no target) shows nothing, and the attack plan (a search) is not a draft
    assert table_view(g.state, draft=MultiDict([("check", "attack"), ("value", "2")]))["fight"]["draft"] is None
    assert table_view(g.state, draft=MultiDict([("check", "plan"), ("value", "2")]))["fight"]["draft"] is None
    form.setlist("value", [""])  # the player emptied the field again
    assert table_view(g.state, draft=form)["fight"]["draft"] is None


def test_the_dummy_players_deck_crystals_and_forecast():
    """Scenario Book, Dummy Player: its deck is its hero's 16 basic cards; one crystal of each colour its hero's
    starting crystals show; the forecast counts its turns until it announces the End of the Round."""
    g = LocalGame({"scenario": "solo_conquest", "mode": "solo", "players": [{"name": "Anna", "hero": "arythea"}]})
    g.run("dummy_setup", mode="virtual", hero="goldyx")
    d = table_view(g.state)["dummy"]
    assert d["deck"] == 16 and sum(n for _c, n in d["crystals"]) == 3
    assert d["forecast"]["expected"] > 1 and 0 < d["forecast"]["chance"] <= 100


def test_a_runewars_battle():
    """Runewars, Rounds of Combat: the battle starts at initiative 1 with the attacker to draw."""
    g = LocalGame({"game": "runewars", "mode": "runewars", "name": "rw",
                   "players": [{"name": "Elf"}, {"name": "Uthuk"}]})
    g.run("runewars_unit_type", {"owner": "0", "name": "Archer", "initiative": "1", "shape": "triangle",
                                 "health": "2"})
    g.run("runewars_unit_type", {"owner": "1", "name": "Beastman", "initiative": "2", "shape": "triangle",
                                 "health": "1"})
    g.run("runewars_battle_start", attacker="0", defender="1", count_t1="2", count_t2="1")
    rw = table_view(g.state)["runewars"]
    b = rw["battle"]
    assert (b["initiative"], b["phase"], b["turn"], b["turn_player"]) == (1, "draw", "attacker", "Elf")
    assert [s["standing"] for s in b["sides"]] == [2, 1] and rw["last"] is None


def test_a_typed_block_shows_its_running_total():
    """Rulebook, Block phase: a block of at least the attack's value blocks it; the Prowlers attack with 4, so a
    block of 3 is not enough."""
    g = picked(LocalGame(THREE))
    g.run("combat_setup", player=1, fight="rampaging")
    g.run("combat_enemy_add", token="prowlers")
    g.run("combat_phase")
    g.run("combat_phase")  # on to the Block phase
    key = str(g.state["combat"]["current"]["enemies"][0]["key"])
    form = MultiDict([("check", "block"), ("key", key), ("attack_index", "0"), ("value", "3"),
                      ("element", "physical")])
    assert table_view(g.state, draft=form)["fight"]["draft"] == {"kind": "block", "total": 3, "required": 4,
                                                                 "enough": False}
