"""Explanation lines are English strings that pages can show translated (companion.rules.text)."""

import copy
import json

from companion.rules.text import Name, T, Term, from_json, translate_line

CATALOG = {"%(enemy)s is %(ability)s: block needs %(n)d": "%(enemy)s ist %(ability)s: Block braucht %(n)d",
           "Swift": "Flink"}


def line():
    return T("%(enemy)s is %(ability)s: block needs %(n)d", enemy=Name("Orc Summoners", "Ork-Beschwörer"),
             ability=Term("Swift"), n=10)


def test_a_line_is_its_english_sentence():
    assert line() == "Orc Summoners is Swift: block needs 10"
    assert json.dumps([line()]) == '["Orc Summoners is Swift: block needs 10"]'


def test_a_line_is_shown_in_the_page_language():
    assert translate_line(line(), lambda m: CATALOG.get(m, m), "de") == "Ork-Beschwörer ist Flink: Block braucht 10"
    assert translate_line(line(), lambda m: m, "en") == "Orc Summoners is Swift: block needs 10"


def test_lines_survive_copies_and_json_storage():
    assert translate_line(copy.deepcopy(line()), lambda m: CATALOG.get(m, m), "de").startswith("Ork-Beschwörer")
    stored = json.loads(json.dumps(line().to_json()))
    assert from_json(stored) == line()
    assert translate_line(stored, lambda m: CATALOG.get(m, m), "de") == "Ork-Beschwörer ist Flink: Block braucht 10"


def test_plain_strings_pass_through():
    assert translate_line("Rulebook, plain", lambda m: "x", "de") == "Rulebook, plain"
