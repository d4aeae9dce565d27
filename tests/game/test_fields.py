"""The one parsing layer (companion.game.spine.fields): every field kind of a form, a command, a JSON API body and an
import is read by these functions, and every refusal is ``Invalid`` with a translatable reason naming the field."""

import pytest
from werkzeug.datastructures import MultiDict

from companion.game.spine import fields
from companion.game.spine.command import Invalid
from companion.i18n import merged_catalog

STRICT_REFUSALS = ["1.9", 1.9, True, "true", "1_000", "١٢", "1e999", "Infinity", float("inf"), [], {}]


@pytest.mark.parametrize("raw", STRICT_REFUSALS)
def test_a_whole_number_of_a_form_refuses_fractions_booleans_underscores_and_other_digits(raw):
    with pytest.raises(Invalid, match="must be a whole number"):
        fields.whole_value(raw, "n")


@pytest.mark.parametrize("raw", STRICT_REFUSALS + ["5", None])
def test_a_whole_number_of_a_json_body_is_a_json_number(raw):
    """JSON is typed: "5" is text there, and a JSON API refuses it (the forms accept it)."""
    with pytest.raises(Invalid, match="must be a whole number, got"):
        fields.json_whole("n", raw)
    assert fields.json_whole("n", 5) == 5


@pytest.mark.parametrize("minimum,maximum,value,reason", [
    (0, 99, -1, "n must not be negative, got -1"),
    (1, 99, 0, "n must be at least 1, got 0"),
    (0, 99, 100, "n is too large (at most 99)"),
    (None, 99, -100, "n is too large (at most 99)"),
    (None, 10**12, 10**10, "is too large"),
])
def test_json_whole_number_bounds(minimum, maximum, value, reason):
    with pytest.raises(Invalid, match=reason.replace("(", r"\(").replace(")", r"\)")):
        fields.json_whole("n", value, minimum, maximum)
    assert fields.json_whole("n", 99, minimum, 99) == 99


def test_between_names_both_ends_and_the_label():
    assert fields.between({"n": " 7 "}, "n", 1, 9) == 7
    assert fields.between({}, "n", 1, 9, default=3) == 3
    with pytest.raises(Invalid, match="Armor must be between 1 and 30"):
        fields.between({"armor": "31"}, "armor", 1, 30, label="Armor")
    with pytest.raises(Invalid, match="Armor is missing"):
        fields.between({"armor": ""}, "armor", 1, 30, label="Armor")


def test_many_reads_a_form_list_a_json_list_or_one_value():
    assert fields.many(MultiDict([("u", "1"), ("u", "2")]), "u") == ["1", "2"]
    assert fields.many({"u": ["1", "2"]}, "u") == ["1", "2"]
    assert fields.many({"u": "1"}, "u") == ["1"]
    assert fields.many({"u": ""}, "u") == [] == fields.many({}, "u")


def test_flags_yes_and_json_flags():
    assert fields.flag({"f": "on"}, "f") is True and fields.flag({"f": "0"}, "f") is False
    with pytest.raises(Invalid, match="must be true or false"):
        fields.flag({"f": "maybe"}, "f")
    assert fields.yes({"f": "yes"}, "f") and fields.yes({"f": True}, "f") and not fields.yes({"f": "no"}, "f")
    with pytest.raises(Invalid, match="f must be true or false, got 1"):
        fields.json_flag("f", 1)


def test_colours_enemies_and_units_are_field_kinds():
    assert fields.colour({"color": "red"}, "color", ("red", "blue")) == "red"
    with pytest.raises(Invalid, match="must be one of: red, blue"):
        fields.colour({"color": "pink"}, "color", ("red", "blue"))
    with pytest.raises(Invalid, match="unknown colour 'pink' in deck\\[0\\]"):
        fields.json_colour("deck[0]", "pink", ("red", "blue"))
    assert fields.enemy_token("prowlers") == "prowlers"
    with pytest.raises(Invalid, match="There is no enemy token"):
        fields.enemy_token(["prowlers"])
    assert fields.unit_kind("peasants") == "peasants"
    with pytest.raises(Invalid, match="There is no unit"):
        fields.unit_kind("peasant")


def test_json_texts_ids_objects_lists_and_unknown_fields():
    assert fields.json_text("city", "blue", ("blue", "red")) == "blue"
    with pytest.raises(Invalid, match="must be one of blue, red, got 'green'"):
        fields.json_text("city", "green", ("blue", "red"))
    with pytest.raises(Invalid, match="cannot be used"):
        fields.json_text("name", "a\ud800")
    assert fields.json_id("id", 7) == 7 and fields.json_id("id", "a") == "a"
    for bad in ("", True, 1.5, None, "x" * 65):
        with pytest.raises(Invalid):
            fields.json_id("id", bad)
    assert fields.json_id("id", "x" * 65, max_len=None) == "x" * 65
    with pytest.raises(Invalid, match="site must be an object"):
        fields.json_object("site", [])
    with pytest.raises(Invalid, match="at most 2 entries"):
        fields.json_list("attacks", [1, 2, 3], 2)
    with pytest.raises(Invalid, match="body: unknown fields: colour"):
        fields.known_fields("body", {"colour": 1, "city": 2}, {"city"})


def test_every_refusal_of_the_parsing_layer_has_its_german_form():
    """The refusals are msgids (translated when shown on a page); the German catalogue has each of them."""
    catalog = merged_catalog("de")
    refusals = [
        lambda: fields.whole_value("x", "n"), lambda: fields.between({"n": "0"}, "n", 1, 2),
        lambda: fields.json_whole("n", "5"), lambda: fields.json_text("t", ""), lambda: fields.json_list("l", 1, 1),
        lambda: fields.json_colour("c", "pink", ("red",)), lambda: fields.known_fields(None, {"x": 1}, set()),
        lambda: fields.json_id("id", None), lambda: fields.enemy_token("x"), lambda: fields.unit_kind("x"),
    ]
    for refusal in refusals:
        with pytest.raises(Invalid) as err:
            refusal()
        assert catalog.get(err.value.msgid) is not None, err.value.msgid
