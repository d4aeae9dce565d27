"""The story of a game on its page (/games/<id>/story), in the JSON API (GET /api/v1/games/<id>/story) and in the
score sheet's CSV: a scripted game of known events and timestamps, imported, shows the right
Fame per Round, fights and turn times; the API answers the same; undo changes the story as it changes the game."""

import csv
import io
import json
import re

from game_helpers import game_token, new_game
from import_helpers import import_file, imported_id
from tests.story_helpers import scripted_evening, scripted_export, scripted_solo_round, told


def imported_evening(client):
    g, _first = scripted_evening()
    gid = imported_id(import_file(client, scripted_export(g)))
    return g, gid


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_the_page_shows_fame_by_round_fights_and_turn_times_of_a_scripted_game(client):
    g, gid = imported_evening(client)
    r = client.get(f"/games/{gid}/story")
    assert r.status_code == 200
    html = r.get_data(as_text=True)
    assert "not over yet" in html and "Round 2" in html
    table = html[html.index('data-testid="fame-table"'):html.index("</table>", html.index('data-testid="fame-table"'))]
    rows = {m.group(1): re.findall(r'<td class="num">(\d+)</td>', m.group(2))
            for m in re.finditer(r'<tr data-round="(\d+)">(.*?)</tr>', table, re.S)}
    assert rows == {"0": ["0", "0", "0"], "1": ["4", "2", "0"], "2": ["7", "2", "0"]}
    # the chart: an SVG with a name and a line per player, Anna's ending highest
    chart = html[html.index('data-testid="fame-chart"'):html.index("</svg>", html.index('data-testid="fame-chart"'))]
    assert 'role="img"' in html[html.index("<svg viewBox"):html.index('data-testid="fame-chart"')]
    assert "Anna: 0, 4, 7." in chart and chart.count("<polyline") == 3
    fights = text_of(html[html.index('data-testid="fights"'):html.index("</ol>", html.index('data-testid="fights"'))])
    assert "Ben · Green city won" in fights and "Round 1 · Prowlers" in fights and "Fame +2 · 0 Wounds" in fights
    assert "conquered" in fights
    conquests = text_of(html[html.index('data-testid="conquests"'):
                             html.index("</ol>", html.index('data-testid="conquests"'))])
    assert "Round 1 · Ben : Green city (level 5)" in conquests
    times = text_of(html[html.index('data-testid="turn-times"'):html.index("</ul>", html.index('data-testid="turn-times"'))])
    assert "Anna 3 min 45 s" in times and "2 turns · average 1 min 52 s · longest 3 min 00 s" in times
    assert "Ben 3 min 30 s" in times
    assert "Cleo 4 min 50 s" in times and "3 turns · average 1 min 37 s · longest 3 min 20 s" in times


def test_the_api_returns_the_same_story(app, client):
    g, gid = imported_evening(client)
    r = app.test_client().get(f"/api/v1/games/{gid}/story", headers={"X-Game-Token": game_token(app, gid)})
    assert r.status_code == 200
    body = r.get_json()
    expected = json.loads(json.dumps(told(g)))
    assert body == expected
    assert [r["fame"] for r in body["fame_by_round"]] == [[0, 0, 0], [4, 2, 0], [7, 2, 0]]
    assert [(t["name"], t["seconds"]) for t in body["turns"]][:3] == [("Cleo", 60), ("Ben", 120), ("Anna", 180)]
    assert body["fights"][0]["enemies"][0]["name"] == "Prowlers" and body["fights"][0]["won"]
    # without a token, or with a wrong one: refused
    assert app.test_client().get(f"/api/v1/games/{gid}/story").status_code == 403
    assert app.test_client().get(f"/api/v1/games/{gid}/story", headers={"X-Game-Token": "x"}).status_code == 403
    assert app.test_client().get("/api/v1/games/999/story", headers={"X-Game-Token": "x"}).status_code == 404


def test_the_page_is_private_to_the_game(app, client):
    _g, gid = imported_evening(client)
    assert app.test_client().get(f"/games/{gid}/story").status_code == 403


def test_undo_changes_the_story_on_the_page_and_in_the_api(app, client):
    g, gid = imported_evening(client)
    fight = next(e.seq for e in g.events if e.type == "combat.end")
    assert client.post(f"/games/{gid}/undo/{fight}", data={}).status_code == 303
    html = client.get(f"/games/{gid}/story").get_data(as_text=True)
    assert 'data-testid="fight"' not in html and "Nothing was conquered yet." in html
    body = app.test_client().get(f"/api/v1/games/{gid}/story",
                                 headers={"X-Game-Token": game_token(app, gid)}).get_json()
    assert body["fights"] == [] and body["fame_by_round"][1]["fame"] == [4, 0, 0]
    assert client.post(f"/games/{gid}/redo", data={}).status_code == 303
    assert 'data-testid="fight"' in client.get(f"/games/{gid}/story").get_data(as_text=True)


def test_the_score_sheets_csv_keeps_its_rows_and_adds_the_story(client):
    g, gid = imported_evening(client)
    rows = list(csv.reader(io.StringIO(client.get(f"/games/{gid}/score.csv").get_data(as_text=True))))
    keys = [r[1] for r in rows]
    result = keys.index("result")
    assert keys[0] == "key" and rows[0][2:] == ["Anna", "Ben", "Cleo"]
    assert "total" in keys[:result]  # the sheet's rows as before, the story's after them
    story = {r[1]: r[2:] for r in rows[result + 1:]}
    assert story == {"story_fame_round_1": ["4", "2", "0"], "story_fame_round_2": ["7", "2", "0"],
                     "story_fights": ["0", "1", "0"], "story_fights_won": ["0", "1", "0"],
                     "story_turns": ["2", "2", "3"], "story_turn_seconds": ["225", "210", "290"]}
    assert rows[result + 1][0] == "Fame at the end of Round 1"


def test_the_story_in_german(client):
    _g, gid = imported_evening(client)
    client.post("/lang", data={"lang": "de"})
    html = client.get(f"/games/{gid}/story").get_data(as_text=True)
    assert "Die Geschichte der Partie" in html and "Ruhm je Runde" in html and "Herumtreiber" in html
    assert "Grüne Stadt" in html and "Zeit in den Zügen" in html and "3 Min. 45 s" in html
    rows = list(csv.reader(io.StringIO(client.get(f"/games/{gid}/score.csv").get_data(as_text=True))))
    assert ["Ruhm am Ende von Runde 1", "story_fame_round_1", "4", "2", "0"] in rows


def test_the_score_sheet_and_the_navigation_link_the_story(client):
    gid = new_game(client)
    html = client.get(f"/games/{gid}/score").get_data(as_text=True)
    assert f'href="/games/{gid}/story" data-testid="story-link"' in html
    assert f'href="/games/{gid}/story" data-testid="nav-story"' in html
    story = client.get(f"/games/{gid}/story").get_data(as_text=True)
    assert "No fight was recorded yet." in story and "0 turns" in story


def test_a_runewars_game_says_plainly_what_its_story_is(client):
    r = client.post("/runewars", data={"name": "", "name_0": "Anna", "name_1": "Ben"})
    assert r.status_code == 303
    gid = int(re.search(r"/games/(\d+)/", r.headers["Location"]).group(1))
    html = client.get(f"/games/{gid}/story").get_data(as_text=True)
    assert "A Runewars game records no Rounds, Fame or turns: its story is its battles." in html
    assert "No battle was fought yet." in html and "fame-chart" not in html


def test_a_solo_games_story_has_the_dummy_players_rounds(client):
    """Scenario Book, Dummy Player: with its deck empty it announces the End of the Round."""
    g = scripted_solo_round()
    gid = imported_id(import_file(client, scripted_export(g)))
    html = client.get(f"/games/{gid}/story").get_data(as_text=True)
    table = html[html.index('data-testid="dummy-rounds"'):html.index("</table>", html.index('data-testid="dummy-rounds"'))]
    (row,) = re.findall(r"<tr><th scope=\"row\">Round 1</th>(.*?)</tr>", table, re.S)
    turns = len(g.state["dummy"]["turns"])
    assert re.findall(r'<td class="num">(\d+)</td>', row) == [str(turns), "16"]
    assert "Dummy player" in row
    assert "Anna 1 min 10 s" not in text_of(html) and "longest 1 min 40 s" in text_of(html)


def test_the_live_part_of_the_page_is_what_another_phones_change_morphs(client):
    """Another phone's change refreshes the page's live part (htmx, morphed): the story's sections, not its
    stylesheet again."""
    _g, gid = imported_evening(client)
    fragment = client.get(f"/games/{gid}/story", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert 'data-testid="fame-chart"' in fragment and 'data-testid="turn-times"' in fragment
    assert "<html" not in fragment and "stylesheet" not in fragment
