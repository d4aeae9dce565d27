"""Dummy player rules engine, written from the Scenario Book "Dummy Player" (p. 15), the scenarios'
tactic rules (Solo Conquest, Full Cooperation, Blitz Cooperation) and Mage Lite's "Dummy Player"."""
from __future__ import annotations

import itertools
import random
from collections import Counter, defaultdict
from dataclasses import dataclass
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from companion.rules import dummy as d
from companion.rules.dummy import COLORS
from companion.rules.mage_lite import dummy as ml


@dataclass(frozen=True)
class DeckCard:
    id: str
    name: str
    name_de: str
    color: str
    count: int
    replaces: str | None = None


@dataclass(frozen=True)
class Skill:
    id: str
    name: str
    interactive: bool = False


@dataclass(frozen=True)
class Hero:
    id: str
    name: str
    name_de: str
    crystals: tuple
    deck: tuple
    skills: tuple = ()


def make_hero(hid="goldyx", crystals=("green", "green", "blue")):
    deck = []
    for c in COLORS:
        deck.append(DeckCard(f"{c}_a", f"{c} A", f"{c} A de", c, 3))
        deck.append(DeckCard(f"{c}_b", f"{c} B", f"{c} B de", c, 1))
    skills = tuple(Skill(f"{hid}_s{i}", f"Skill {i}") for i in range(9)) + (
        Skill(f"{hid}_x", "Interactive", interactive=True),)
    return Hero(hid, hid.title(), hid.title(), crystals, tuple(deck), skills)


# --------------------------------------------------------------------------- set-up

def test_start_three_crystals_from_hero_dots_goldyx_example():
    """SB Dummy Player, At the start of the game: "(for example Goldyx has green, green and blue). Give three
    crystals of these colors (one for each dot) to the Dummy player's Inventory"."""
    c = d.starting_crystals(make_hero())
    assert c.as_dict() == {"red": 0, "blue": 1, "green": 2, "white": 0}


def test_start_sixteen_basic_cards_shuffled_from_seed():
    """SB: "their starting deck of 16 Basic Action cards" ... "Shuffle that Hero's Deed deck"."""
    hero = make_hero()
    a = d.set_up(hero, random.Random(1))
    b = d.set_up(hero, random.Random(1))
    c = d.set_up(hero, random.Random(2))
    assert len(a.deck) == 16
    assert Counter(x["color"] for x in a.deck) == {c_: 4 for c_ in COLORS}
    assert a.deck == b.deck  # same seed, same order (replays match)
    assert a.deck != c.deck
    assert a.crystals.total() == 3
    assert any("not in the game" in line for line in a.explanation)


def test_start_random_hero_not_in_the_game():
    """SB: "randomly choose one of the Heroes that is not in the game as a Dummy player Hero"."""
    heroes = [make_hero(h) for h in ("arythea", "goldyx", "norowas", "tovak")]
    seen = {d.choose_hero(heroes, ["goldyx", "tovak"], random.Random(s)).id for s in range(50)}
    assert seen == {"arythea", "norowas"}
    assert d.choose_hero(heroes, ["goldyx"], random.Random(0), chosen="tovak").id == "tovak"
    with pytest.raises(ValueError, match="already in the game"):
        d.choose_hero(heroes, ["goldyx"], random.Random(0), chosen="goldyx")
    with pytest.raises(ValueError, match="none is left"):
        d.choose_hero(heroes, [h.id for h in heroes], random.Random(0))


# --------------------------------------------------------------------------- a turn

def test_turn_flips_three_and_stops_without_crystal_of_last_colour():
    """SB, When it is the Dummy player's turn: "flip over three cards ... Check the color of the last flipped
    card ... If the Dummy player has no crystals of that color in their Inventory, their turn is over"."""
    t = d.take_turn(["green", "green", "red", "blue", "blue"], {"green": 2, "blue": 1})
    assert t.flipped == ("green", "green", "red")
    assert t.deck == ("blue", "blue")
    assert t.deciding_color == "red" and t.extra == 0
    assert not t.end_of_round and not t.deck_ran_out


def test_turn_one_more_card_per_crystal_of_last_colour_whatever_their_colour():
    """SB: "If they have any crystals of that color, flip as many additional cards as they have crystals of
    that color ... (the color of the additionally flipped card(s) does not matter)"."""
    t = d.take_turn(["red", "red", "green", "green", "green", "white", "blue"], {"green": 2, "blue": 1})
    # the extra cards are green: that does not trigger anything more
    assert t.flipped == ("red", "red", "green", "green", "green")
    assert t.deck == ("white", "blue")
    assert t.extra == 2


def test_turn_empty_deck_announces_end_of_round():
    """SB: "If their Deed deck is empty, they announce the End of the Round. Other players have one more turn"."""
    t = d.take_turn([], {"red": 3})
    assert t.end_of_round and t.flipped == ()
    assert "End of the Round" in t.explanation[0]


def test_turn_too_few_cards_flip_what_is_there_then_announce_next_turn():
    """SB, Note: "If there are not enough cards in their Deed deck, flip as many as you can. On their next
    turn, the Dummy player announces End of the Round"."""
    t = d.take_turn(["white", "red"], {})
    assert t.flipped == ("white", "red") and t.deck == () and t.deck_ran_out and not t.end_of_round
    assert d.take_turn(t.deck, {}).end_of_round
    # not enough cards for the extra flips either
    t = d.take_turn(["white", "red", "blue", "green"], {"blue": 3})
    assert t.flipped == ("white", "red", "blue", "green") and t.extra == 1 and t.deck_ran_out


def test_turn_works_on_card_dicts_and_rejects_unknown_colour():
    deck = [{"id": "march", "color": "green"}, {"id": "rage", "color": "red"},
            {"id": "swiftness", "color": "white"}, {"id": "x", "color": "blue"}]
    t = d.take_turn(deck, {"white": 1})
    assert [c["id"] for c in t.flipped] == ["march", "rage", "swiftness", "x"]
    with pytest.raises(ValueError, match="unknown colour"):
        d.take_turn(["red", "purple", "red"], {})
    with pytest.raises(ValueError):
        d.take_turn(["red"], {"red": -1})
    with pytest.raises(ValueError, match="unknown colour"):
        d.take_turn(["red"], {"gold": 1})


def test_physical_turn_counts_cards_from_tapped_colour():
    """The physical deck: the table flips three cards and taps the colour of the last one."""
    t = d.physical_turn(10, {"green": 2, "blue": 1}, "green")
    assert (t.flipped_count, t.deck_count, t.deck_ran_out) == (5, 5, False)
    t = d.physical_turn(10, {"green": 2}, "red")
    assert (t.flipped_count, t.deck_count) == (3, 7)
    t = d.physical_turn(4, {"green": 2}, "green")
    assert (t.flipped_count, t.deck_count, t.deck_ran_out) == (4, 0, True)
    t = d.physical_turn(2, {}, None)
    assert (t.flipped_count, t.deck_count, t.deck_ran_out) == (2, 0, True)
    assert d.physical_turn(0, {}, None).end_of_round
    with pytest.raises(ValueError):
        d.physical_turn(8, {}, None)


# --------------------------------------------------------------------------- new round

def test_new_round_advanced_action_joins_deck_and_spell_gives_crystal_beyond_three():
    """SB, When preparing a new Round: "When removing the lowest card from the Advanced Action offer, add this
    card to the Dummy player's deck instead. Then shuffle the Dummy player's deck." "add one crystal of the same
    color as that Spell card ... Contrary to real players, they can have more than 3 crystals of the same color"."""
    cards = ["red"] * 4 + ["blue"] * 4 + ["green"] * 4 + ["white"] * 4
    aa = {"id": "ice_bolt", "name": "Ice Bolt", "color": "blue"}
    r = d.new_round(cards, {"blue": 3}, random.Random(5), advanced_action=aa, spell_color="blue")
    assert len(r.deck) == 17 and aa in r.deck
    assert r.crystals.blue == 4
    r2 = d.new_round(cards, {"blue": 3}, random.Random(5), advanced_action=aa, spell_color="blue")
    assert r.deck == r2.deck
    with pytest.raises(ValueError):
        d.new_round(cards, {}, random.Random(0), spell_color="violet")


# --------------------------------------------------------------------------- forecast

def test_forecast_empty_deck_k_is_one_and_small_deck_k_is_two():
    assert d.forecast({}, {}).distribution == ((1, Fraction(1)),)
    assert d.forecast({"red": 2, "blue": 1}, {"red": 3}).distribution == ((2, Fraction(1)),)


def test_forecast_no_crystals_is_deterministic():
    # 16 cards, 3 per turn: 5 full turns (15 cards), a 6th flips the last card, the 7th announces
    f = d.forecast({c: 4 for c in COLORS}, {})
    assert f.distribution == ((7, Fraction(1)),)
    assert f.expected == 7


def test_forecast_hand_computed_example():
    """5 cards: 4 red, 1 blue; 2 blue crystals. Turn 1: the third card is blue with p = 1/5, then it flips
    both others: deck empty, announce on turn 2 (k=2). Otherwise 2 left, turn 2 flips them, k=3."""
    f = d.forecast({"red": 4, "blue": 1}, {"blue": 2})
    assert dict(f.distribution) == {2: Fraction(1, 5), 3: Fraction(4, 5)}
    assert f.expected == Fraction(14, 5)


@st.composite
def small_decks(draw, max_cards=8):
    counts = draw(st.lists(st.integers(0, 3), min_size=4, max_size=4).filter(lambda l: sum(l) <= max_cards))
    crystals = draw(st.lists(st.integers(0, 3), min_size=4, max_size=4))
    return dict(zip(COLORS, counts)), dict(zip(COLORS, crystals))


@settings(max_examples=60, deadline=None)
@given(small_decks())
def test_forecast_matches_naive_enumeration_on_small_decks(case):
    counts, crystals = case
    colors = [c for c in COLORS for _ in range(counts[c])]
    assert d.forecast(counts, crystals).distribution == d.naive_forecast(colors, crystals).distribution


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 8), min_size=4, max_size=4), st.lists(st.integers(0, 6), min_size=4, max_size=4))
def test_forecast_sums_to_one(counts, crystals):
    f = d.forecast(dict(zip(COLORS, counts)), dict(zip(COLORS, crystals)))
    assert sum(p for _, p in f.distribution) == 1
    assert all(p > 0 for _, p in f.distribution)
    assert min(k for k, _ in f.distribution) >= 1


def test_forecast_physical_deck_matches_brute_force_conditioning():
    """Physical deck: only the deciding colours are seen. For every order of a small deck, play the first
    turn, group the orders by what the table saw, and compare the rest with the forecast."""
    deck = ["red"] * 3 + ["blue"] * 2 + ["green"] * 2 + ["white"] * 2
    crystals = {"red": 1, "green": 2}
    groups: dict[tuple, Counter] = defaultdict(Counter)
    for order in set(itertools.permutations(deck)):
        t = d.take_turn(order, crystals)
        k, rest = 1, t.deck
        while True:
            tt = d.take_turn(rest, crystals)
            if tt.end_of_round:
                break
            rest, k = tt.deck, k + 1
        groups[(t.deciding_color, len(t.deck))][k] += 1
    assert len(groups) > 1
    for (seen, left), ks in groups.items():
        pool = Counter(deck)
        pool[seen] -= 1
        f = d.forecast(dict(pool), crystals, remaining=left)
        n = sum(ks.values())
        assert dict(f.distribution) == {k: Fraction(v, n) for k, v in ks.items()}


def test_forecast_rejects_bad_input():
    with pytest.raises(ValueError, match="unknown colour"):
        d.forecast({"pink": 1}, {})
    with pytest.raises(ValueError):
        d.forecast({"red": -1}, {})
    with pytest.raises(ValueError):
        d.forecast({"red": 2}, {"red": 1.5})
    with pytest.raises(ValueError):
        d.forecast({"red": 2}, {}, remaining=3)


# --------------------------------------------------------------------------- tactics

DAY = ["early_bird", "rethink", "mana_steal", "planning", "great_start", "the_right_moment"]


def test_solo_conquest_you_choose_first_dummy_takes_random_of_rest():
    """Solo Conquest, Special Rules: "When taking Tactics, you always choose first. The Dummy player then takes
    one random card from those remaining." (also First Reconnaissance solo variant)."""
    picks = {d.dummy_takes_tactic(d.SOLO, DAY, ["planning"], random.Random(s)).tactic for s in range(60)}
    assert picks == set(DAY) - {"planning"}
    with pytest.raises(ValueError, match="choose your Tactic first"):
        d.dummy_takes_tactic(d.SOLO, DAY, [], random.Random(0))


def test_solo_conquest_both_tactics_removed_at_round_end():
    """Solo Conquest: "At the end of each Day or Night, remove both used Tactic cards from the game"."""
    r = d.tactics_removed_at_round_end(d.SOLO, "rethink", ["planning"])
    assert set(r.removed) == {"rethink", "planning"}


def test_full_cooperation_dummy_takes_random_tactic_first():
    """Full Cooperation, Special Rules: "the Dummy player takes a random Tactic first, then the players choose
    theirs". Blitz Cooperation: "All the rules and setup conditions for Full Cooperation apply"."""
    picks = {d.dummy_takes_tactic(d.COOPERATIVE, DAY, [], random.Random(s)).tactic for s in range(80)}
    assert picks == set(DAY)
    with pytest.raises(ValueError, match="first"):
        d.dummy_takes_tactic(d.COOPERATIVE, DAY, ["planning"], random.Random(0))
    assert d.tactic_rule("coop") == d.COOPERATIVE and d.tactic_rule("solo") == d.SOLO
    assert d.tactic_rule("competitive") is None


def test_full_cooperation_players_remove_one_of_theirs_except_last_day_and_night():
    """Full Cooperation: "agree and remove one of the Tactics used by the players (not the Dummy player) from
    the game. This does not matter on the last day and the last night"."""
    r = d.tactics_removed_at_round_end(d.COOPERATIVE, "rethink", ["planning", "mana_steal"], chosen="planning")
    assert r.removed == ("planning",)
    with pytest.raises(ValueError, match="not the Dummy"):
        d.tactics_removed_at_round_end(d.COOPERATIVE, "rethink", ["planning"], chosen="rethink")
    with pytest.raises(ValueError):
        d.tactics_removed_at_round_end(d.COOPERATIVE, "rethink", ["planning"])
    last = d.tactics_removed_at_round_end(d.COOPERATIVE, "rethink", ["planning"], final_day_or_night=True)
    assert last.removed == ()


def test_round_order_by_tactic_numbers_with_the_dummy():
    """SB Dummy Player: "they play in Round Order: Arrange the Round Order tokens by the Tactic numbers, as
    usual" - lowest first (Rulebook, Prepare the Round 3c)."""
    assert d.round_order({0: 4, "dummy": 2, 1: 6}).order == ("dummy", 0, 1)
    with pytest.raises(ValueError):
        d.round_order({0: 2, "dummy": 2})


# --------------------------------------------------------------------------- solo skills

def test_solo_skills_interactive_removed_and_one_revealed_per_skill_gained():
    """Skills in a Solo Game: "Either remove the Competitive Interactive Skill ... before the game ... randomize
    the tokens ... Every time your Hero has gained a Skill token, also reveal one Skill of the Dummy player, and put
    it into the Common Skill offer"."""
    hero = make_hero()
    pile = d.skill_pile(hero.skills, random.Random(3))
    assert "goldyx_x" not in pile.pile and pile.removed == ("goldyx_x",)
    assert sorted(pile.pile) == sorted(s.id for s in hero.skills if not s.interactive)
    assert pile.pile != tuple(s.id for s in hero.skills[:9])  # shuffled
    r = d.reveal_skill(pile.pile)
    assert r.revealed == pile.pile[0] and r.pile == pile.pile[1:]
    assert d.reveal_skill(()).revealed is None


# --------------------------------------------------------------------------- Mage Lite

def test_mage_lite_worked_example_two_red_pips():
    """004 Mage Lite, Dummy Player: "say the furthest-right mana symbol in your hand is red ... it has 2 red pips
    ... rotate the dummy player 1 level (from 1 to 2) ... and then another 2 levels (from 2 to 4)"."""
    s = ml.advance(1, "red", {"red": 2})
    assert (s.level, s.moved, s.end_of_round) == (4, 3, False)


def test_mage_lite_tovak_pips_and_end_of_round_at_seven():
    """"When the dummy player changes to level 7, it declares end of round"; Tovak: two blue and one red pip."""
    assert ml.advance(1, "green", ml.TOVAK_PIPS).level == 2
    assert ml.advance(1, "red", ml.TOVAK_PIPS).level == 3
    assert ml.advance(1, "blue", ml.TOVAK_PIPS).level == 4
    assert not ml.advance(5, None, ml.TOVAK_PIPS).end_of_round
    assert ml.advance(6, None, ml.TOVAK_PIPS).end_of_round
    assert ml.advance(5, "blue", ml.TOVAK_PIPS).end_of_round  # 5 -> 8 passes 7


def test_mage_lite_harder_six_easier_eight():
    """"allow the dummy player to go all the way to level 8 ... declare end of round at level 6"."""
    assert ml.threshold_for("harder") == 6 and ml.threshold_for("easier") == 8
    assert ml.advance(5, None, {}, threshold=6).end_of_round
    assert not ml.advance(6, None, {}, threshold=8).end_of_round
    assert ml.advance(7, "blue", ml.TOVAK_PIPS, threshold=8).level == 8
    with pytest.raises(ValueError):
        ml.advance(0, None, {})
    with pytest.raises(ValueError):
        ml.threshold_for("nightmare")


@settings(max_examples=40, deadline=None)
@given(small_decks(max_cards=9), st.integers(0, 9))
def test_physical_forecast_matches_brute_force_for_any_observations(case, flipped_unseen):
    """Physical deck, any point of a round: ``counts`` are the cards whose colour the table has not seen, of
    which ``flipped_unseen`` were already flipped. Brute force over every order of the unseen cards: the first
    ``flipped_unseen`` of them are the flipped ones, the rest is the deck."""
    counts, crystals = case
    pool = Counter(counts)
    total = sum(pool.values())
    flipped_unseen = min(flipped_unseen, total)
    remaining = total - flipped_unseen
    colors = [c for c in COLORS for _ in range(pool[c])]
    ks: Counter = Counter()
    orders = set(itertools.permutations(colors))
    for order in orders:
        deck, k = order[flipped_unseen:], 1
        while True:
            t = d.take_turn(deck, crystals)
            if t.end_of_round:
                break
            deck, k = t.deck, k + 1
        ks[k] += 1
    f = d.forecast(counts, crystals, remaining=remaining)
    assert dict(f.distribution) == {k: Fraction(v, len(orders)) for k, v in ks.items()}
