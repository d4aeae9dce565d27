"""Draw odds, from first principles.

Rulebook, Setup (Enemy and Ruins tokens): tokens are sorted by their backs into face-down piles; a draw takes
a random token of the pile; "If you run out of tokens, reshuffle the discarded ones and create a new face
down pile."  So the next draw is uniform over the tokens still face down.
"""
from collections import Counter, namedtuple
from fractions import Fraction
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules.combat.odds import OddsError, draw_odds, pile_contents
from companion.rules.text import Name, translate_line

Tok = namedtuple("Tok", "id color expansion copies")


def test_setup_rule_full_pile_each_copy_equally_likely():
    """Rulebook, Setup: an untouched pile; the chance of a token is its copies over the pile size."""
    odds = draw_odds({"a": 2, "b": 1, "c": 3})
    assert odds.total == 6 and odds.left == 6 and odds.seen == 0
    assert odds.chance("a") == Fraction(1, 3)
    assert odds.chance("b") == Fraction(1, 6)
    assert odds.chance("c") == Fraction(1, 2)
    assert not odds.reshuffled
    assert sum(t.chance for t in odds.tokens) == 1


def test_seen_tokens_leave_the_pile():
    """Rulebook, Setup: tokens on the map / in the discard are not in the face-down pile any more."""
    odds = draw_odds({"a": 2, "b": 1, "c": 3}, seen={"c": 2, "b": 1})
    assert odds.left == 3
    assert odds.chance("a") == Fraction(2, 3)
    assert odds.chance("b") == 0
    assert odds.chance("c") == Fraction(1, 3)
    by_id = {t.id: t for t in odds.tokens}
    assert (by_id["c"].copies, by_id["c"].seen, by_id["c"].left) == (3, 2, 1)
    assert by_id["a"].percent == pytest.approx(200 / 3)
    assert "Pile: 6 tokens, 3 seen or removed, 3 face down" in odds.explanation
    assert any("Rulebook, Setup" in line for line in odds.explanation)


def test_chance_of_a_group_is_the_sum():
    odds = draw_odds({"a": 2, "b": 1, "c": 3}, seen={"a": 1})
    assert odds.chance_of(["a", "b"]) == Fraction(2, 5)
    assert odds.chance_of([]) == 0
    with pytest.raises(OddsError):
        odds.chance_of(["zzz"])


def test_reshuffle_rule_empty_pile_draws_from_discards():
    """Rulebook, Setup: "If you run out of tokens, reshuffle the discarded ones and create a new face down pile"."""
    odds = draw_odds({"a": 2, "b": 2}, seen={"a": 2, "b": 2}, discarded={"a": 1, "b": 2})
    assert odds.reshuffled
    assert odds.left == 3
    assert odds.chance("a") == Fraction(1, 3)
    assert odds.chance("b") == Fraction(2, 3)
    assert any("reshuffle the discarded ones" in line for line in odds.explanation)


def test_discards_do_not_matter_while_the_pile_has_tokens():
    odds = draw_odds({"a": 2, "b": 2}, seen={"a": 2, "b": 1}, discarded={"a": 2})
    assert not odds.reshuffled
    assert odds.chance("b") == 1 and odds.chance("a") == 0


def test_nothing_left_to_draw():
    odds = draw_odds({"a": 1}, seen={"a": 1})
    assert odds.left == 0 and not odds.reshuffled
    assert odds.chance("a") == 0
    assert any("No token can be drawn" in line for line in odds.explanation)


def test_empty_pile_has_no_tokens():
    odds = draw_odds({})
    assert odds.total == 0 and odds.tokens == ()


@pytest.mark.parametrize(
    "seen, discarded, message",
    [
        ({"zzz": 1}, None, "not a token of this pile"),
        ({"a": 3}, None, "only 2 copies"),
        ({"b": 2}, None, "only 1 copy"),
        ({"a": -1}, None, "at least 0"),
        ({"a": 1.5}, None, "whole number"),
        ({"a": 1}, {"a": 2}, "only 1 marked as seen"),
        ({}, {"b": 1}, "only 0 marked as seen"),
    ],
)
def test_bad_input_is_refused_with_a_reason(seen, discarded, message):
    with pytest.raises(OddsError, match=message):
        draw_odds({"a": 2, "b": 1}, seen=seen, discarded=discarded)


def test_pile_contents_filters_colour_and_expansion():
    enemies = [
        Tok("orc", "green", "base", 2),
        Tok("wolf", "green", "lost_legion", 1),
        Tok("golem", "brown", "base", 2),
        Tok("ghost", "green", "krang", 0),
    ]
    assert pile_contents(enemies, "green", ["base"]) == {"orc": 2}
    assert pile_contents(enemies, "green", ["base", "lost_legion"]) == {"orc": 2, "wolf": 1}
    assert pile_contents(enemies, "green") == {"orc": 2, "wolf": 1}
    assert pile_contents(enemies, "violet") == {}
    assert list(pile_contents(enemies, "green")) == ["orc", "wolf"]


def _enumerated_first_draw(pile, seen):
    """Brute force: write out every face-down copy, enumerate every order of the pile, count the first token."""
    face_down = [t for t, n in pile.items() for _ in range(n - seen.get(t, 0))]
    orders = list(permutations(range(len(face_down))))
    firsts = Counter(face_down[order[0]] for order in orders)
    return {t: Fraction(firsts.get(t, 0), len(orders)) for t in pile}


@st.composite
def piles_and_seen(draw):
    ids = draw(st.lists(st.sampled_from("abcdef"), min_size=1, max_size=4, unique=True))
    pile = {t: draw(st.integers(1, 3)) for t in ids}
    seen = {t: draw(st.integers(0, pile[t])) for t in ids}
    return pile, seen


@settings(max_examples=60, deadline=None)
@given(piles_and_seen())
def test_matches_brute_force_enumeration_of_shuffles(case):
    """Every ordering of the face-down pile is equally likely; the first token's frequency is the chance."""
    pile, seen = case
    if sum(pile.values()) - sum(seen.values()) > 7:
        seen = dict(pile)  # keep the enumeration small
    odds = draw_odds(pile, seen)
    if odds.left == 0:
        assert all(t.chance == 0 for t in odds.tokens)
        return
    expected = _enumerated_first_draw(pile, seen)
    assert {t.id: t.chance for t in odds.tokens} == expected
    assert sum(t.chance for t in odds.tokens) == 1


# ------------------------------------------------------------------------------------ several tokens drawn together


def test_two_drawn_together_hand_count():
    """Two tokens drawn together from a, a, b, c, c, c: of the C(6,2) = 15 pairs, C(4,2) = 6 have no a."""
    odds = draw_odds({"a": 2, "b": 1, "c": 3}, draws=2)
    by_id = {t.id: t for t in odds.tokens}
    assert by_id["a"].at_least_one == Fraction(9, 15)
    assert by_id["b"].at_least_one == Fraction(5, 15)    # pairs containing the single b
    assert by_id["c"].at_least_one == Fraction(12, 15)   # all but the 3 pairs from a, a, b
    assert by_id["a"].chance == Fraction(1, 3)           # the next single draw is unchanged
    assert odds.at_least_one_of(["a", "b"]) == 1 - Fraction(3, 15)  # only c+c pairs miss both
    assert any("1 - C(6 - copies left, 2) / C(6, 2)" in line for line in odds.explanation)


def test_one_draw_at_least_one_is_the_chance():
    odds = draw_odds({"a": 2, "b": 1, "c": 3}, seen={"c": 1})
    for t in odds.tokens:
        assert t.at_least_one == t.chance
    assert odds.at_least_one_of(["a", "c"]) == odds.chance_of(["a", "c"])


def test_drawing_every_token_left_finds_each_one_left():
    odds = draw_odds({"a": 2, "b": 1}, seen={"a": 1}, draws=2)
    assert [(t.id, t.at_least_one) for t in odds.tokens] == [("a", 1), ("b", 1)]


@pytest.mark.parametrize("draws, message", [(0, "at least 1"), (-1, "at least 1"), (4, "only 3 can be drawn")])
def test_bad_draw_counts_are_refused(draws, message):
    with pytest.raises(OddsError, match=message):
        draw_odds({"a": 2, "b": 1}, draws=draws)


@st.composite
def piles_seen_draws(draw):
    pile, seen = draw(piles_and_seen())
    left = sum(pile.values()) - sum(seen.values())
    k = draw(st.integers(1, max(1, left)))
    return pile, seen, k


@settings(max_examples=60, deadline=None)
@given(piles_seen_draws())
def test_at_least_one_matches_enumerating_every_set_of_draws(case):
    """Every set of k face-down copies is equally likely to be drawn; count the sets holding the token."""
    from itertools import combinations

    pile, seen, k = case
    face_down = [t for t, n in pile.items() for _ in range(n - seen.get(t, 0))]
    if not face_down:
        odds = draw_odds(pile, seen, draws=k)
        assert all(t.at_least_one == 0 for t in odds.tokens)
        return
    odds = draw_odds(pile, seen, draws=k)
    hands = list(combinations(range(len(face_down)), k))
    for t in odds.tokens:
        hits = sum(1 for h in hands if any(face_down[i] == t.id for i in h))
        assert t.at_least_one == Fraction(hits, len(hands)), t.id
    first = odds.tokens[0].id
    group = [first, odds.tokens[-1].id]
    hits = sum(1 for h in hands if any(face_down[i] in group for i in h))
    assert odds.at_least_one_of(group) == Fraction(hits, len(hands))


def test_explanation_names_the_tokens_and_translates():
    """Rulebook, Setup (Enemy and Ruins tokens): each line of the trace names the token (Name(en, de) from the rules
    data); without a name it falls back to the token's id."""
    odds = draw_odds({"cursed_hags": 2, "prowlers": 2}, seen={"prowlers": 1},
                     names={"cursed_hags": Name("Cursed Hags", "Verfluchte Hexen")})
    assert "Cursed Hags: 2 of 3 = 2/3 = 66.7%" in odds.explanation
    assert "prowlers: 1 of 3 = 1/3 = 33.3%" in odds.explanation
    catalog = {"%(token)s: %(k)d of %(left)d = %(chance)s = %(pct).1f%%": "%(token)s: %(k)d von %(left)d = %(chance)s"
                                                                       " = %(pct).1f%%"}
    line = next(x for x in odds.explanation if x.startswith("Cursed Hags"))
    assert translate_line(line, lambda m: catalog.get(m, m), "de") == "Verfluchte Hexen: 2 von 3 = 2/3 = 66.7%"
