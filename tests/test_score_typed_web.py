"""The score sheet page fills the city lines from the recorded conquest and marks every line typed by hand
(Rulebook, City Assaults 2a: the City leader; Scenario Book, Full Conquest, Scoring: 7 Fame for each city led).
A line the app records says what the board says when it differs; a line the app cannot record (Spells) is only
marked as typed."""

import re

from test_score_follow import Table, cell, typed


def test_a_conquered_city_fills_cities_led_on_the_page_and_typed_lines_are_marked(app):
    t = Table(app)
    t.post("combat/setup", player=0, fight="city", city="white", level=1)
    t.post("combat/enemy", token="gunners")
    t.post("combat/phase")
    key = t.state()["combat"]["current"]["enemies"][0]["key"]
    t.post("combat/attack", target=key, value=20, element="physical", kind="siege")
    t.post("combat/phase")
    t.post("combat/end")
    html = t.html()
    assert typed(html, "sheet-0-cities_led") == "1" and typed(html, "sheet-1-cities_led") == "0"
    assert "typed by hand" not in cell(html, "sheet-0-cities_led")

    t.post("score/set", player=0, field="spells", value="2")      # never recorded by the app
    t.post("score/set", player=0, field="cities_led", value="1")  # the same as the record, typed anyway
    t.post("score/set", player=1, field="cities_led", value="1")  # differs from the record
    html = t.html()
    assert 'data-testid="sheet-0-spells-typed"' in cell(html, "sheet-0-spells")
    assert "typed by hand" in cell(html, "sheet-0-spells") and "follow" not in cell(html, "sheet-0-spells")
    same = cell(html, "sheet-0-cities_led")
    assert "typed by hand" in same and 'data-testid="sheet-0-cities_led-follow"' in same
    assert "edited – board says 0" in cell(html, "sheet-1-cities_led")
    warning = re.search(r'data-testid="final-warning">(.*?)</div>', html, re.S).group(1)
    assert "Ben, Cities led: sheet 1, board 0" in warning and "Spells" not in warning

    t.post("score/follow", player=0, field="cities_led")
    assert "typed by hand" not in cell(t.html(), "sheet-0-cities_led")
    t.client.post("/lang", data={"lang": "de"})
    assert "von Hand eingetragen" in cell(t.html(), "sheet-0-spells")


def test_the_json_export_lists_the_typed_lines(app):
    t = Table(app)
    t.post("do/fame", player=0, amount=5)
    t.post("score/set", player=0, field="fame", value="7")
    t.post("score/set", player=1, field="spells", value="1")
    body = t.client.get(f"/games/{t.id}/score.json").get_json()
    assert {"player": 0, "field": "fame", "value": 7, "board": 5, "differs": True} in body["typed"]
    assert {"player": 1, "field": "spells", "value": 1, "board": None, "differs": False} in body["typed"]
