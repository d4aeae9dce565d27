"""Mage Lite's turn outside the fight's numbers, as seed 004 prints it: the Reputation of a rampaging enemy fought
on its own space, the adventure sites' rewards in Mage Lite's words (mana tokens, Guiding symbols, no dice), the
wounds in the hand and the deed deck, the verdict on the combat page, the end of a Round with no turn played.
Through LocalGame (no Flask) on a game created as the API creates it."""

from mage_lite_helpers import cur, game, win


ORC = {"name": "Orc", "armor": 5, "attack": 3, "fame": 3, "color": "green"}
DRACONUM = {"name": "Draconum", "armor": 7, "attack": 4, "fame": 5, "color": "red"}
RUIN = {"name": "Ruin enemy", "armor": 4, "attack": 3, "fame": 3, "color": "brown"}


def test_an_orc_fought_on_its_own_rampaging_space_gives_reputation_unticked():
    """004 "Combat with Enemies" 1d: "If you are standing adjacent to a rampaging enemy site (orc marauder or
    draconum), you can challenge it to combat"; "Combat Outcomes" 2a: "If you defeated one or more rampaging
    enemies ... You do gain Reputation (+1 for each orc marauders, +2 for each draconum)". The fight without a
    site is the rampaging enemy's own space: no tick needed."""
    g = game()
    win(g, [ORC, DRACONUM], fight="rampaging")
    assert g.state["players"][0]["reputation"] == 3
    assert g.state["combat"]["last"]["reputation"] == 3


def test_orcs_in_ruins_give_no_reputation():
    """004 Site Reference, Ancient Ruins: "Orcs/Draconum in Ruins aren't Rampaging enemies, so you don't gain
    Reputation from defeating them"."""
    g = game()
    win(g, [ORC], fight="adventure")
    assert g.state["players"][0]["reputation"] == 0


def reward(g):
    return g.state["combat"]["last"]["reward"]


def test_the_tomb_gives_an_artifact_or_a_spell():
    """004 Site Reference, Tomb: "Gain an Artifact or a Spell." (not both, as Mage Knight's tomb)."""
    g = game()
    win(g, [DRACONUM], fight="dungeon", adventure_site="tomb")
    assert reward(g) == "an Artifact or a Spell"


def test_a_monster_den_gives_mana_tokens_chosen_by_the_guiding_symbols_in_the_base_game():
    """004 "THE SOURCE & MANA": "There are no mana crystals in the base game; only mana tokens". Monster Den: "Get
    2 (or 3 for Spawning Grounds) Mana tokens at the end of your turn (or crystals if you have the crystal
    expansion): Use the right Guiding symbol of the first 2 (or 3 for Spawning Grounds) cards of your hand"; no
    mana die."""
    g = game(variants=())
    win(g, [RUIN], fight="adventure", adventure_site="monster_den")
    text = reward(g)
    assert text.startswith("2 mana tokens") and "Guiding symbol" in text and "crystal" not in text
    assert "die" not in text and "roll" not in text
    g = game(variants=())
    win(g, [RUIN, RUIN], fight="adventure", adventure_site="spawning_grounds")
    assert reward(g).startswith("an Artifact and 3 mana tokens") and "first 3 cards" in reward(g)


def test_with_the_crystal_expansion_the_monster_den_gives_crystals():
    """004 Monster Den: "(or crystals if you have the crystal expansion)"."""
    g = game(variants=("crystals",))
    win(g, [RUIN], fight="adventure", adventure_site="monster_den")
    assert reward(g).startswith("2 crystals")


def test_the_dungeon_reward_is_chosen_by_the_guiding_symbol_not_a_die():
    """004 Dungeon: "Using your Guiding Symbol of your first card in your hand, gain: Gold/Black - Spell. Red, Blue,
    Green or White - Artifact."."""
    g = game()
    win(g, [RUIN], fight="dungeon", adventure_site="dungeon")
    assert "Guiding symbol of the first card" in reward(g) and "die" not in reward(g)


def test_a_mage_tower_gives_a_spell_and_a_burned_monastery_an_artifact():
    """004 Combat Outcomes 2c: "If it is a mage tower, you will get to choose a Spell at the end of your turn as a
    reward"; 2d: "the monastery is now burned ... At the end of your turn, claim an Artifact as your reward."."""
    g = game()
    win(g, [RUIN], fight="mage_tower")
    assert reward(g) == "a Spell at the end of your turn"
    g = game()
    win(g, [RUIN], fight="monastery")
    assert reward(g) == "an Artifact at the end of your turn"


def test_ending_a_round_with_no_turn_played_asks_first():
    """004 "One Round of the Game" 4c: "If the player has no more cards he can draw and no card in his hand, or if
    the player wants to go to the next round, proceed to step 5." A Round with no turn played ends only when the
    table confirms (``confirm``: true), as Mage Knight's early next round: five Rounds went in five taps (found by a
    first-evening walkthrough)."""
    import pytest

    from companion.game.spine.command import NeedsConfirm

    g = game()
    with pytest.raises(NeedsConfirm) as err:
        g.run("mage_lite_round_end")
    assert "No turn was played in Round 1 yet" in str(err.value)
    assert g.state["round"] == 1
    g.run("mage_lite_round_end", confirm=True)
    assert g.state["round"] == 2
    g.run("mage_lite_turn")
    g.run("mage_lite_round_end")  # a turn played: no question
    assert g.state["round"] == 3


def test_interacting_adds_the_reputation_modifier_once_per_turn():
    """004 "Interacting with Locals" 2a: "Check your Reputation. You gain influence (positive or negative) equal to
    the modifier shown immediately once you start the Interaction"; 4b: "Healing points can be bought at villages
    for 3 Influence points"; 5a: "You apply the bonus or penalty ... only once per turn, no matter how many things
    you buy." Reputation 2 on the yellow side reads +1 (0, 0, +1, +1 ...)."""
    import pytest

    from companion.game.spine.command import Invalid

    g = game()
    g.run("mage_lite_reputation", reason="up")
    g.run("mage_lite_reputation", reason="up")
    ev = g.run("mage_lite_interact", site="village", influence=5, heal=2)
    assert (ev.payload["total"], ev.payload["spent"], ev.payload["reputation_bonus"]) == (6, 6, 1)
    with pytest.raises(Invalid):  # the bonus is spent: 5 played buys one heal only
        g.run("mage_lite_interact", site="village", influence=5, heal=2)
    ev = g.run("mage_lite_interact", site="village", influence=5, heal=1)
    assert (ev.payload["total"], ev.payload["reputation_bonus"], ev.payload["bonus"]) == (5, 0, False)
    g.run("mage_lite_turn")  # the next turn: the bonus again
    assert g.run("mage_lite_interact", site="village", influence=5, heal=2).payload["total"] == 6


def test_the_site_sells_what_seed_004_prints_at_its_price():
    """004 Site Reference, Monastery: "Heal : 2 Influence", "Train : 6 Influence"; Mage Tower: "Buy Spell : 7
    Influence + Mana of the Spell's color"; City Reference: "In the Red city ... you can pay 12 Influence to gain an
    Artifact"; a village sells no Spell."""
    import pytest

    from companion.game.spine.command import Invalid

    g = game()
    assert g.run("mage_lite_interact", site="monastery", influence=8, heal=1,
                 advanced_action=1).payload["spent"] == 8
    g.run("mage_lite_turn")
    assert g.run("mage_lite_interact", site="mage_tower", influence=7, spell=1).payload["spent"] == 7
    g.run("mage_lite_turn")
    with pytest.raises(Invalid):
        g.run("mage_lite_interact", site="village", influence=9, spell=1)
    with pytest.raises(Invalid):  # the red city is not conquered yet
        g.run("mage_lite_interact", site="city_red", influence=12, artifact=1)
    g.run("mage_lite_city", color="red", defeated=2)
    # 3a: "you add 1 to your Influence total for each enemy that were defeated previously in the city"
    ev = g.run("mage_lite_interact", site="city_red", influence=10, artifact=1)
    assert (ev.payload["city_bonus"], ev.payload["total"], ev.payload["spent"]) == (2, 12, 12)


def test_no_interaction_at_all_on_the_x():
    """004 "FAME AND REPUTATION": "If you ever reach the X on the negative reputation track, you can't interact
    anymore with locals until you raise your reputation again"; 2a: "you cannot interact at all!"."""
    import pytest

    from companion.game.spine.command import Invalid

    g = game()
    for _ in range(7):
        g.run("mage_lite_reputation", reason="down")
    assert g.state["players"][0]["reputation"] == "X"
    with pytest.raises(Invalid) as err:
        g.run("mage_lite_interact", site="village", influence=3, heal=1)
    assert "X" in str(err.value)
    g.run("mage_lite_reputation", reason="up")
    g.run("mage_lite_interact", site="village", influence=9, heal=1)


def test_healing_says_how_each_point_is_taken_and_not_during_a_combat():
    """004 "HEALING": "For every 1 point of healing, choose one of the following actions: Rotate the right-most
    Waning card in your hand to Starting. Move the bottom card in your discard pile to the bottom of your deck,
    leaving it on Waning. If neither ... search your deck and rotate the first bottom-most Waning card to Starting.
    Then shuffle your deck."; Magical Glade: "Healing Essence : Heal 1 ... Can't be used on a Unit"; Combat 5: "no
    healing effects may be played during combat"."""
    import pytest

    from companion.game.mage_lite.interact import interaction_view
    from companion.game.spine.command import Invalid

    g = game()
    g.run("mage_lite_heal", amount=2, source="effect")
    lines = [str(x) for x in interaction_view(g.state)["heal_lines"]]
    assert "2 points" in lines[0] and "rotate the right-most Waning card in your hand to Starting" in lines[0]
    with pytest.raises(Invalid):
        g.run("mage_lite_heal", amount=2, source="glade")
    g.run("mage_lite_heal", amount=1, source="glade")
    g.run("combat_setup", player=0, fight="rampaging")
    with pytest.raises(Invalid):
        g.run("mage_lite_heal", amount=1)
    # heals bought at a village are taken the same way
    g.run("combat_cancel")
    g.run("mage_lite_interact", site="village", influence=6, heal=2)
    assert "2 points" in str(interaction_view(g.state)["heal_lines"][0])


def test_a_maze_won_names_its_reward_by_the_move_points_paid():
    """004 Site Reference, Maze: "Enter: pay 2/4/6 Move points ... Gain rewards according to Move points paid: 2 -
    2 Mana tokens (or crystals if you have the Crystal Expansion) of your choice. 4 - Spell. 6 - Artifact.";
    Labyrinth: "Gain an Advanced Action (for Labyrinth only) at the end of your turn"."""
    g = game(variants=())
    win(g, [RUIN], fight="maze")
    assert reward(g).startswith("by the Move points you paid to enter: 2, 2 mana tokens of your choice; 4, a Spell; "
                                "6, an Artifact")
    assert "labyrinth also gives an Advanced Action" in reward(g)
    g = game(variants=("crystals",))
    win(g, [RUIN], fight="maze")
    assert "2 crystals of your choice" in reward(g)


def test_next_to_both_a_keep_and_a_city_only_the_higher_bonus_counts():
    """004 "End of Turn" 3c: "If you are on or next to a keep you own, your Hand limit is increased by the number of
    keeps you own anywhere on the map"; 3d: "If you are on or next to a conquered city, your Hand limit is increased
    by 2"; 3e: "If both a keep and a city bonus are possible, use the higher bonus only." Level 1: Hand limit 5."""
    from companion.game.mage_lite.reminders import reminders

    g = game()
    g.run("mage_lite_city", color="red", defeated=1)
    g.run("mage_lite_position", keeps=1, near="both")
    assert reminders(g.state)["hand_limit"] == 7  # the city's +2 beats one keep's +1
    g.run("mage_lite_position", keeps=3, near="both")
    assert reminders(g.state)["hand_limit"] == 8  # three keeps' +3 beat the city's +2, not +5


def test_forced_withdrawal_wounds_once_for_each_space_backtracked():
    """004 "End of Turn" 1: "Forced Withdrawal: You must end your turn on a safe space ... If you are not on a safe
    space, you must backtrack your move until you arrive at a safe space. For each space you move while
    backtracking, you get wounded.\""""
    import pytest

    from companion.game.spine.command import Invalid

    g = game()
    ev = g.run("mage_lite_withdraw", spaces=2)
    assert ev.sentence["args"]["n"] == 2 and g.state["mage_lite"]["last_withdrawal"]["spaces"] == 2
    g.run("combat_setup", player=0, fight="rampaging")
    with pytest.raises(Invalid):
        g.run("mage_lite_withdraw", spaces=1)


def test_an_effect_readies_a_spent_unit():
    """004 "UNITS": "Whenever an effect allows you to "Ready a Unit", you may select one of your spent Unit. The
    Unit is now Ready and can be activated again."."""
    import pytest

    from companion.game.spine.command import Invalid

    g = game()
    g.run("mage_lite_item", {"action": "gain", "kind": "unit", "name": "Peasants", "armor": 3})
    with pytest.raises(Invalid):  # not spent
        g.run("mage_lite_item", action="ready", id="i1")
    g.run("mage_lite_item", action="use", id="i1")
    g.run("mage_lite_item", action="ready", id="i1")
    assert g.state["mage_lite"]["items"][0]["used"] is False
    g.run("mage_lite_item", action="use", id="i1")


def test_a_poisoned_unit_must_be_healed_twice_this_turn_or_on_the_next():
    """004 "Poison": "A unit that is Wound twice need to be healed twice this turn or on the next, if not it is
    disbanded." The page says the deadline turn by turn."""
    from companion.game.mage_lite.units import poison_deadline

    g = game()
    g.run("mage_lite_item", {"action": "gain", "kind": "unit", "name": "Guards", "armor": 2})
    g.run("combat_setup", player=0, fight="rampaging")
    g.run("combat_enemy_add", {**ORC, "ability": "poison"})
    while cur(g)["phase"] != "damage":
        g.run("combat_phase")
    g.run("combat_damage", mode="manual", attack="1:0", unit=["Guards #1"])
    g.run("combat_phase")
    g.run("combat_end")
    unit = g.state["mage_lite"]["items"][0]
    assert unit["wounds"] == 2 and poison_deadline(g.state, unit) == "this_or_next"
    g.run("mage_lite_turn")
    assert poison_deadline(g.state, g.state["mage_lite"]["items"][0]) == "this"
    g.run("mage_lite_turn")
    assert poison_deadline(g.state, g.state["mage_lite"]["items"][0]) == "passed"
    g.run("mage_lite_unit", action="heal", id="i1")
    g.run("mage_lite_unit", action="heal", id="i1")
    unit = g.state["mage_lite"]["items"][0]
    assert unit["wounds"] == 0 and poison_deadline(g.state, unit) is None


def test_a_maze_or_labyrinth_reward_follows_the_move_points_paid_when_the_set_up_says_them():
    """004 Site Reference, Maze: "Enter: pay 2/4/6 Move points ... Gain rewards according to Move points paid: 2 -
    2 Mana tokens (or crystals if you have the Crystal Expansion) of your choice. 4 - Spell. 6 - Artifact.";
    Labyrinth: "Gain an Advanced Action (for Labyrinth only) at the end of your turn"."""
    import pytest

    from companion.game.spine.command import Invalid

    g = game(variants=())
    win(g, [RUIN], fight="maze", maze_paid=4)
    assert reward(g) == "a Spell at the end of your turn"
    g = game(variants=("crystals",))
    win(g, [DRACONUM], fight="maze", maze_paid="2", labyrinth="yes")
    assert reward(g) == ("2 crystals of your choice and an Advanced Action (your offer: the first 3 cards of your "
                         "hand) at the end of your turn")
    g = game()
    with pytest.raises(Invalid):
        g.run("combat_setup", player=0, fight="maze", maze_paid=3)


def test_recruiting_gold_units_counts_the_silver_units_influence():
    """004 "UNITS": "When you recruit your first Gold unit ..., total up the Influence value of all silver units you
    currently have. Then add or subtract your reputation. Take that total, plus any Influence you play this turn,
    and recruit any number of Gold units you can."."""
    g = game()
    g.run("mage_lite_reputation", reason="up")
    g.run("mage_lite_reputation", reason="up")
    ev = g.run("mage_lite_interact", site="village", influence=3, silver=4, unit_cost=8)
    assert (ev.payload["total"], ev.payload["spent"], ev.payload["silver"]) == (8, 8, 4)


def test_in_the_base_game_a_reward_is_of_the_kind_committed_to():
    """004 "SPELLS AND ARTIFACTS": "whenever you would gain an artifact or a spell for the rest of the game, you gain
    whichever type you committed to. For example, say you are committed to artifact and you defeat a mage tower.
    Instead of receiving a spell from the mage tower, you receive an artifact"."""
    g = game(variants=())
    g.run("mage_lite_item", {"action": "gain", "kind": "artifact", "name": "Banner"})
    win(g, [RUIN], fight="mage_tower")
    last = g.state["combat"]["last"]
    assert last["reward"] == "a Spell at the end of your turn" and last["commitment"] == "artifact"
    g = game()  # the Main Expansion: no commitment
    g.run("mage_lite_item", {"action": "gain", "kind": "artifact", "name": "Banner"})
    win(g, [RUIN], fight="mage_tower")
    assert "commitment" not in g.state["combat"]["last"]
