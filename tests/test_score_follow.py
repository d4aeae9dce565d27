"""The score sheet follows the board until a person edits a line; an edited line that differs is
marked ("edited – board says 149") with one tap to take the board's value again; the final score warns about such
lines; Fame is typed into one field with a number keypad. Scenario Book, "Standard Achievements scoring": Fame
is the Fame track's value, which the board tracker keeps."""

import re

from game_helpers import GameTable


class Table(GameTable):
    def __init__(self, app):
        super().__init__(app, "full_conquest", "competitive", (("Anna", "arythea", None), ("Ben", "tovak", None)))

    def post(self, path, status=303, **form):
        form.setdefault("based_on", self.seq())
        r = self.client.post(f"/games/{self.id}/{path}", data=form)
        assert r.status_code == status, r.get_data(as_text=True)[:1500]
        return r

    def html(self):
        return self.client.get(f"/games/{self.id}/score").get_data(as_text=True)


def cell(html, testid):
    m = re.search(rf'<div class="score-cell[^"]*" data-testid="{testid}">(.*?)</div>', html, re.S)
    assert m, testid
    return m.group(1)


def typed(html, testid):
    return re.search(r'class="score-input"[^>]*value="([^"]*)"', cell(html, testid)).group(1)


def test_untouched_lines_follow_the_board_edited_lines_are_marked(app):
    t = Table(app)
    t.post("do/fame", player=0, amount=40)
    html = t.html()
    assert typed(html, "sheet-0-fame") == "40" and 'inputmode="numeric"' in cell(html, "sheet-0-fame")
    # one typed number, not 8 taps of +5
    t.post("score/set", player=0, field="fame", value="40")
    t.post("do/fame", player=0, amount=109)  # the board moves on to 149
    html = t.html()
    c = cell(html, "sheet-0-fame")
    assert typed(html, "sheet-0-fame") == "40" and "edited – board says 149" in c
    assert typed(html, "sheet-1-fame") == "0" and "edited" not in cell(html, "sheet-1-fame")
    t.post("do/fame", player=1, amount=7)
    assert typed(t.html(), "sheet-1-fame") == "7"  # untouched: follows the board
    # the final score warns about the line that differs
    t.post("score/confirm", player=0, confirmed="1")
    t.post("score/confirm", player=1, confirmed="1")
    html = t.html()
    warning = re.search(r'data-testid="final-warning">(.*?)</div>', html, re.S).group(1)
    assert "Anna, Fame: sheet 40, board 149" in warning
    # one tap takes the board's value again
    t.post("score/follow", player=0, field="fame")
    html = t.html()
    assert typed(html, "sheet-0-fame") == "149" and "edited" not in cell(html, "sheet-0-fame")
    assert 'data-testid="final-warning"' not in html
    t.post("score/follow", status=400, player=0, field="fame")  # already follows the board


def test_typed_values_are_checked(app):
    t = Table(app)
    for bad in ("1.9", "x", "1_000", "99999"):
        t.post("score/set", status=400, player=0, field="spells", value=bad)
    r = t.post("score/set", status=400, player=0, field="spells", value="-1")
    assert "cannot be negative" in r.get_data(as_text=True)
    t.post("score/set", player=0, field="fame", value="-3")  # Fame may be negative (Scenario Book)
    assert typed(t.html(), "sheet-0-fame") == "-3"


def test_german_marker(app):
    t = Table(app)
    t.post("score/set", player=0, field="spells", value="2")
    t.post("do/fame", player=0, amount=5)
    t.post("score/set", player=0, field="fame", value="3")
    t.client.post("/lang", data={"lang": "de"})
    assert "bearbeitet – Spielplan sagt 5" in t.html()
