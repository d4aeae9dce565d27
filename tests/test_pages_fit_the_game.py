"""A new table's first evening, through the pages with the Flask test client: the words a new table met
(Team Rules in a game without teams, the recruit list's Influence cost, Mana Steal on the other players' turns, the
damage chips without Units) and the clutter (modes and variants that do not fit, the QR code of a solo board, the
Rules reference without the game's navigation, a second set of attack fields for the Plan, tokens offered twice)."""

import re

from companion.game.flow.setup import validate_setup
from game_helpers import new_game
from test_combat_flow import client, new_solo_game, post  # noqa: F401  (fixture)
from test_rounds_web import Table, app  # noqa: F401  (fixture)

FOUR = (("Anna", "arythea", "A"), ("Ben", "tovak", "B"), ("Cleo", "goldyx", "A"), ("Dana", "norowas", "B"))


def test_team_rules_are_listed_only_in_a_team_game(app):
    """Scenario Book, Full Conquest, Special Rules: "Team game (4 players): Team Rules apply ..." - a three-player
    competitive game has no teams, so its board does not list the Team Rules as applied by the app."""
    three = Table(app).board()
    assert "Team Rules apply" not in three
    team = Table(app, "full_conquest", "team", FOUR).board()
    assert re.search(r"Team Rules apply[^<]*<span class=\"chip small\">applied by the app", team)


def test_the_recruit_list_gives_each_units_influence_cost(app):
    """The Unit cards print their cost in Influence (rules_data/units.yaml ``cost``): Peasants 4."""
    html = Table(app).board()
    assert re.search(r'<option value="peasants">Peasants \(Influence cost 4, level 1, Armor 3', html)
    t = Table(app)
    t.client.post("/lang", data={"lang": "de"})
    assert "Bauern (Kosten: 4 Einfluss, " in t.board()


def test_mana_steal_is_on_every_other_players_turn(app):
    """Day Tactic 3, Mana Steal: "take a basic-colour die from the Source and keep it on this card; use it once this
    Round": while it lies there every player's Source has one die fewer, so the other players' turns say so (the
    holder's own turn shows the card's text)."""
    t = Table(app)
    t.do("round_tactic", player="2", tactic="early_bird")   # Cleo: 1
    t.do("round_tactic", player="1", tactic="mana_steal")   # Ben: 3
    t.do("round_tactic", player="0", tactic="planning")     # Anna: 4
    html = t.board()
    assert 'data-testid="now-playing"' in html and "Now playing: Cleo" in html
    assert ('data-testid="mana-steal-source">Mana Steal: a die of the Source lies on Ben\'s Tactic until Ben uses it; '
            "the Source has one die fewer.") in html
    t.do("round_end_turn", player="2")
    html = t.board()
    assert "Now playing: Ben" in html and 'data-testid="mana-steal-source"' not in html
    assert "take a basic-colour die from the Source" in html  # Ben's own reminder


def to_damage_phase(client, gid):
    post(client, gid, "/combat/setup", {"player": "0", "fight": "rampaging"})
    post(client, gid, "/combat/enemy", {"token": "prowlers", "rampaging": "yes"})
    for _phase in ("ranged_siege", "block", "damage"):
        post(client, gid, "/combat/phase")
    return client.get(f"/games/{gid}/combat").get_data(as_text=True)


def test_no_unit_chips_without_units(client):
    """Assign Damage with no Unit: all damage goes to the hero, so "Use units to protect the hero" is not offered;
    with Peasants it is."""
    gid = new_solo_game(client)
    html = to_damage_phase(client, gid)
    assert 'data-testid="suggestion"' in html and "Use units to protect the hero" not in html
    gid = new_solo_game(client)
    post(client, gid, "/do/recruit", {"player": "0", "unit": "peasants"})
    assert "Use units to protect the hero" in to_damage_phase(client, gid)


def mode_choices(html):
    """The new-game form's ways to play: value -> shown (not hidden)."""
    return {m.group(2): not m.group(1) for m in re.finditer(
        r'<label class="choice" data-mode="\w+"( hidden)?><input type="radio" name="mode" value="(\w+)"', html)}


def test_solo_conquest_offers_only_solo_and_no_interactive_combat(client):
    """Scenario Book, Solo Conquest: a solo scenario; Interactive Combat: "the previous player" sets the colour,
    which a solo game does not have. The form for Solo Conquest shows only Solo, and no Interactive Combat."""
    html = client.get("/games/new?scenario=solo_conquest").get_data(as_text=True)
    assert mode_choices(html) == {"solo": True, "coop": False, "competitive": False, "team": False}
    assert re.search(r'data-variant="interactive_combat" data-not-solo hidden><input[^>]* disabled', html)
    full = client.get("/games/new?scenario=full_conquest").get_data(as_text=True)
    assert mode_choices(full) == {"solo": True, "coop": False, "competitive": True, "team": True}
    assert 'value="competitive" checked' in full
    assert re.search(r'<option value="solo_conquest" data-modes="solo" ', full)


def test_a_solo_game_with_interactive_combat_is_refused_but_an_old_export_imports(client):
    resp = client.post("/games", data={"scenario": "solo_conquest", "mode": "solo", "name_0": "Anna",
                                       "hero_0": "arythea", "variant": "interactive_combat"})
    assert resp.status_code == 400
    assert "Interactive Combat needs a previous player: it is not played solo." in resp.get_data(as_text=True)
    old = {"scenario": "solo_conquest", "mode": "solo", "players": [{"name": "Anna", "hero": "arythea"}],
           "variants": ["interactive_combat"]}
    assert validate_setup(old, new=False)["variants"] == ["interactive_combat"]


def test_the_solo_board_keeps_the_qr_code_closed(client):
    """The big "Invite the table" QR code opens by itself on a new table's board - not on a solo board."""
    solo = client.get(f"/games/{new_solo_game(client)}").get_data(as_text=True)
    assert re.search(r'<details\s+data-testid="invite-table">', solo)
    gid = new_game(client)
    client.post(f"/games/{gid}/who", data={"player": "0"})
    two = client.get(f"/games/{gid}").get_data(as_text=True)
    assert re.search(r'<details open data-testid="invite-table">', two)


def test_the_rules_reference_keeps_the_games_navigation(client):
    """From a game page to the Rules reference and on through it: the game's navigation stays (a way back to the
    Board); from the start page there is none."""
    gid = new_solo_game(client)
    client.get(f"/games/{gid}")
    for path in ("/rules", "/rules/enemies", "/rules/scenarios/solo_conquest"):
        html = client.get(path).get_data(as_text=True)
        assert f'<a href="/games/{gid}" data-testid="nav-board"' in html, path
    client.get("/")
    assert 'data-testid="nav-board"' not in client.get("/rules").get_data(as_text=True)


def test_the_plan_uses_the_attack_forms_fields(client):
    """The Plan works on the attacks typed in the attack form ("Plan" beside "Play this attack"): no second set of
    attack fields; its answer keeps what was typed and shows the plan. Prowlers: Armor 3 (quick reference)."""
    gid = new_solo_game(client)
    post(client, gid, "/combat/setup", {"player": "0", "fight": "rampaging"})
    post(client, gid, "/combat/enemy", {"token": "prowlers", "rampaging": "yes"})
    post(client, gid, "/combat/phase")
    html = client.get(f"/games/{gid}/combat").get_data(as_text=True)
    assert html.count('name="value"') == html.count('name="value"', html.index('data-testid="attack-form"'),
                                                      html.index("</form>", html.index('data-testid="attack-form"')))
    assert 'data-testid="combat-plan"' not in html and 'data-testid="plan-go"' in html
    resp = client.post(f"/games/{gid}/combat/check?check=plan", data={
        "check": "attack", "target": "1", "value": ["3", ""], "element": ["physical", "physical"],
        "kind": ["ranged", "ranged"]})
    html = resp.get_data(as_text=True)
    assert resp.status_code == 200 and 'data-testid="plan-summary"' in html
    assert 'name="value" min="1" max="99" inputmode="numeric" placeholder="–" aria-label="Value" value="3"' in html


def fight_at(client, gid, site, fight="adventure", **extra):
    """A fight at an adventure site named on the set-up, its Minotaur (Armor 5) defeated by Ranged Attack 5."""
    post(client, gid, "/combat/setup", {"player": "0", "fight": fight, "adventure_site": site, **extra})
    post(client, gid, "/combat/enemy", {"token": "minotaur"})
    post(client, gid, "/combat/phase")
    post(client, gid, "/combat/attack", {"target": "1", "value": "5", "element": "physical", "kind": "ranged"})
    post(client, gid, "/combat/end")
    return client.get(f"/games/{gid}/combat").get_data(as_text=True)


def test_a_conquered_monster_den_says_its_reward(client):
    """Quick reference, Monster Den: "If you defeat the enemy, mark the space as conquered with your Shield token and
    get two random mana crystals as your reward. Roll a mana die two times ... If gold is rolled, you choose the color
    you gain; if black is rolled you get Fame +1 instead of a crystal." Tomb: "one Spell and one Artifact". A revisit
    gives no reward."""
    gid = new_solo_game(client)
    html = client.get(f"/games/{gid}/combat").get_data(as_text=True)
    assert 'data-testid="quick-fight-monster_den"' in html and 'data-testid="quick-fight-adventure"' not in html
    html = fight_at(client, gid, "monster_den")
    assert re.search(r'Site conquered\. <strong data-testid="outcome-reward">Reward: two random crystals \(roll a mana '
                     r"die for each: gold = a colour of your choice, black = Fame \+1 instead\)\.</strong>", html)
    assert "Reward: a Spell and an Artifact." in fight_at(client, gid, "tomb", "dungeon")
    again = fight_at(client, gid, "monster_den", revisit="yes")
    assert 'data-testid="outcome-conquered">Site conquered.</li>' in again
    resp = post(client, gid, "/combat/setup", {"player": "0", "fight": "adventure", "adventure_site": "tomb"},
                status=400)  # a tomb is a dungeon's kind of fight
    assert "Adventure site must be one of: monster_den, spawning_grounds, ancient_ruins" in resp.get_data(as_text=True)
