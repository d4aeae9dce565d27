"""The score sheet during a competitive game (found by a first-evening walkthrough: "Mission not successful." in
the middle of a Full Conquest; in German the Beating row and the title row both read "Größter Prügelknabe")."""

import re

import pytest

from companion import create_app
from game_helpers import GameTable


@pytest.fixture()
def app(tmp_path):
    return create_app({"DATABASE": str(tmp_path / "score_words.db"), "TESTING": True, "SECRET_KEY": "test",
                       "WTF_CSRF_ENABLED": False})


def sheet(t, lang=None):
    headers = {"Accept-Language": lang} if lang else {}
    r = t.client.get(f"/games/{t.id}/score", headers=headers)
    assert r.status_code == 200
    return r.get_data(as_text=True)


def row_label(html, key):
    m = re.search(rf'data-line="{key}">\s*<th scope="row">([^<]*)<', html)
    return m.group(1).strip() if m else None


def test_mid_game_the_mission_is_not_yet_decided(app):
    """Scenario Book, Full Conquest: "If you conquered all the cities, your mission was successful. Whether you did
    or not, whoever has most Fame wins the game." In Round 1 nothing is decided: no "not successful"."""
    t = GameTable(app, "full_conquest", "competitive", (("Anna", "arythea"), ("Ben", "tovak")))
    html = sheet(t)
    mission = re.search(r'data-testid="mission">([^<]*)<', html).group(1)
    assert mission == "The mission is not decided yet: the game is not over."
    assert "Mission not successful." not in html


def test_the_beating_row_and_its_title_row_have_their_own_german_labels(app):
    """German Rulebook, Standard-Erfolgswertung: "Der größte Prügelknabe: Jeder Spieler verliert 2 Ruhm pro
    Verletzung in seinem Deck ... Wer so den meisten Ruhm verloren hat, verliert weitere 3 Ruhm als größter
    Prügelknabe". The line is "Prügelknabe" as the others are "Abenteurer" and "Größter Abenteurer"."""
    t = GameTable(app, "full_conquest", "competitive", (("Anna", "arythea"), ("Ben", "tovak")))
    html = sheet(t, "de")
    assert row_label(html, "beating") == "Prügelknabe"
    assert row_label(html, "greatest_beating") == "Größter Prügelknabe"
    labels = re.findall(r'<tr class="[^"]*" data-line="[^"]+">\s*<th scope="row">([^<]*)<', html)
    assert len(labels) == len(set(labels)) and len(labels) >= 12, labels
