"""Mage Lite's own table screen and story (seed 004). A measurement found the table screen of a Mage Lite game
showing Mage Knight ("Choosing Tactics", "No Tactic yet", crystals; no Round of the Mini Blitz, no difficulty, no
Dummy card) and its story saying ``"kind": "mage_knight"`` with 0 turns."""

from game_driver import GAMES
from game_helpers import game_token


def _mage_lite(client):
    path, form = GAMES["mage lite"]  # difficulty hard, Night first, Main Expansion and crystals
    r = client.post(path, data=form)
    assert r.status_code == 303
    return int(r.headers["Location"].split("/games/")[1].split("/")[0])


def test_the_table_screen_shows_mage_lites_round_difficulty_hero_and_dummy_card_and_no_tactics(app, client):
    """Seed 004: the Mini Blitz is played over a number of Rounds at a difficulty, Day and Night alternating; the
    Main Expansion's Dummy card moves by levels. The screen shows those, Fame, level, Reputation and Influence, and
    no Tactic (Mage Lite has none)."""
    gid = _mage_lite(client)
    client.post(f"/games/{gid}/do/mage_lite_fame", data={"amount": "4"})  # with the Fame Bonus +1: 5
    html = client.get(f"/games/{gid}/table").get_data(as_text=True)
    assert 'data-testid="table-ml-difficulty"' in html and "Hard" in html
    assert "Round · Night" in html and 'data-testid="table-ml-dummy"' in html
    assert 'data-testid="table-fame-0">5<' in html and "Influence" in html
    for mk in ("Choosing Tactics", "No Tactic yet", "The Tactics set the Round order"):
        assert mk not in html, mk


def test_the_story_is_mage_lites_counts_its_turns_and_is_linked_from_more_and_the_verdict(app, client):
    """Seed 004: "After each of your turns" the Dummy card moves: each `mage_lite_turn` is a turn played. The story
    says ``"kind": "mage_lite"``, counts them, and is linked from Mage Lite's navigation ("More")."""
    gid = _mage_lite(client)
    for _ in range(2):
        assert client.post(f"/games/{gid}/do/mage_lite_turn", data={"color": ""}).status_code == 303
    told = client.get(f"/api/v1/games/{gid}/story", headers={"X-Game-Token": game_token(app, gid)}).get_json()
    assert told["kind"] == "mage_lite" and len(told["turns"]) == 2
    html = client.get(f"/games/{gid}/story").get_data(as_text=True)
    assert 'data-testid="story-ml-turns">2 turns played.' in html and 'data-testid="story-score"' not in html
    page = client.get(f"/games/{gid}/mage-lite").get_data(as_text=True)
    assert f'href="/games/{gid}/story"' in page.split('class="gamenav"')[1]
