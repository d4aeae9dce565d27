"""The rulebook's look-ups where their question arises (rules_data/procedures.yaml, templates/procedures/): on the
board when a Round begins and where a turn ends, the mana of the Round's time, a wounded Unit's Healing cost, the
combat outcome (reward, level up, failed assault, conquered city) and the rules reference; in German with the
Regelheft's words (seed 002)."""
from __future__ import annotations

from html import unescape
import re

import pytest

from companion import create_app
from test_combat_flow import key_of, new_solo_game, post, state
from test_combat_flow_rules import add, setup, to_phase
from test_rounds_web import Table


@pytest.fixture()
def app(tmp_path):
    return create_app({"DATABASE": str(tmp_path / "procedures.db"), "TESTING": True, "SECRET_KEY": "test",
                       "WTF_CSRF_ENABLED": False})


@pytest.fixture()
def client(app):
    return app.test_client()


def block(html: str, testid: str) -> str:
    """The look-up <details> with this data-testid (empty when the page has none), its text without tags."""
    m = re.search(rf'<details[^>]*data-testid="{testid}".*?</details>', html, re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", m.group(0)).split()) if m else ""


def pick_tactics(t: Table) -> None:
    for who, tactic in ((2, "early_bird"), (1, "rethink"), (0, "mana_steal")):
        t.do("round_tactic", player=who, tactic=tactic)


def test_a_new_round_shows_its_preparation_on_the_board(app):
    """Rulebook, One Round of the Game 2: 'Prepare the Round (skip this step for the first Round of the game)':
    'a. Flip the Day/Night Board ... c. Create a new Unit offer ... Deal new Unit cards into the Unit offer equal to
    the number of actual players plus 2.' Three players: 5 Units."""
    t = Table(app)
    html = t.board()
    assert 'data-testid="round-preparation"' not in html  # Round 1 was prepared at set-up
    pick_tactics(t)
    t.do("next_round", confirm="true")
    text = block(t.board(), "round-preparation")
    assert text.startswith("Preparing the next Round")
    assert "Flip the Day/Night Board" in text and "Reset the Source" in text and "(p. 4, 2a)" in text
    assert "This game: deal 5 Units." in text
    for who, tactic in ((0, "from_the_dusk"), (1, "long_night"), (2, "mana_search")):
        t.do("round_tactic", player=who, tactic=tactic)
    assert 'data-testid="round-preparation"' not in t.board()  # the Round has begun: turns now


def test_the_round_preparation_says_the_scenarios_elite_units(app):
    """Scenario Book, First Reconnaissance: 'Elite Units are not used in this scenario.'"""
    t = Table(app, scenario="first_reconnaissance", mode="competitive", players=(("Anna", "arythea"),
                                                                                 ("Ben", "tovak")))
    for who, tactic in ((1, "early_bird"), (0, "rethink")):
        t.do("round_tactic", player=who, tactic=tactic)
    t.do("next_round", confirm="true")
    assert "Regular Units only (the scenario uses no Elite Units)" in block(t.board(), "round-preparation")


def test_the_end_of_turn_checklist_stands_where_the_turn_ends_with_the_hand_limit(app):
    """Rulebook, End of the Turn 7b: 'Draw cards from your Deed deck, up to your Hand limit'; 2: 'Forced
    Withdrawal: You must end your turn on a safe space'. A Player's Turn 7a: 'Standard Rest' or 'Slow Recovery'."""
    t = Table(app)
    assert 'data-testid="end-of-turn-checklist"' not in t.board()  # Tactics first
    pick_tactics(t)
    html = t.board()
    text = block(html, "end-of-turn-checklist")
    assert "Forced Withdrawal" in text and "Rewards from combat" in text and "Level up" in text
    assert "Hand limit of Cleo now: 5." in text  # Cleo plays first (Early Bird); level 1: Hand limit 5
    rest = block(html, "resting")
    assert "Standard Rest: you must discard one non-Wound card and any number of Wound cards" in rest
    assert "Slow Recovery" in rest and "(p. 6, 7a)" in rest
    assert "Take one of them" not in rest and "put the other in the Common Skills area" in block(html, "turn-level-up")


def test_the_mana_of_the_rounds_time_and_the_moves_on_the_board(app):
    """Rulebook, Using Mana 2a: 'During Day Rounds, gold mana can be used as mana of any basic color. Black mana can
    never be used during the Day.' 2b: 'Gold mana can never be used at Night.' Movement 5b: 'To reveal a tile, you
    must spend 2 Move points' (Regelheft: 'musst du 2 Bewegungspunkte ausgeben')."""
    t = Table(app)
    html = t.board()
    assert "Black mana can never be used during the Day" in block(html, "mana-day")
    assert "Revealing a tile costs 2 Move points." in block(html, "procedure-exploring")
    assert "does not contain another hero" in block(html, "procedure-safe_space") or \
        "it does not contain another hero" in block(html, "procedure-safe_space")
    t.do("time", time="night")
    html = t.board()
    assert 'data-testid="mana-day"' not in html and "Gold mana can never be used at Night" in block(html, "mana-night")


def test_a_wounded_units_heal_names_its_cost(app):
    """Rulebook, Wounds and Healing 3c: 'To heal a Wounded Unit, you have to pay Healing points equal to the level of
    the Unit'; 3d: 'Players can heal any time during their turn, except during combat.' Peasants: level 1;
    Guardian Golems: level 2."""
    t = Table(app)
    t.do("recruit", player=0, unit="guardian_golems", reward="yes")
    html = t.board()
    assert 'data-testid="heal-cost-' not in html  # nothing to heal yet
    uid = t.state()["players"][0]["units"][0]["uid"]
    t.do("unit", player=0, uid=uid, action="wound")
    html = t.board()
    assert re.search(rf'data-testid="heal-cost-{uid}">Heal: 2 Healing points \(the Unit(\'|&#39;)s level\), not '
                     r'during a combat\.', html)
    text = block(html, "healing-0")
    assert "Use one Healing point to throw away a Wound card from your hand" in text
    assert "except during combat" in text


def test_a_failed_assault_says_where_to_withdraw(client):
    """Rulebook, Combat with Enemies 3d: 'If you failed to defeat all the defenders of a fortified site, you have to
    withdraw back to the space you were attacking from. This withdrawal does not count as Forced Withdrawal.'"""
    gid = new_solo_game(client)
    setup(client, gid, "keep")
    add(client, gid, "guardsmen")
    to_phase(client, gid, "block")
    post(client, gid, "/combat/block", {"key": str(key_of(state(client, gid), "guardsmen")), "value": "9",
                                        "element": "physical"})
    to_phase(client, gid, "attack")
    post(client, gid, "/combat/end")
    html = client.get(f"/games/{gid}/combat").get_data(as_text=True)
    assert "Site not conquered." in html
    text = block(html, "outcome-procedure-failed-assault")
    assert "withdraw back to the space you were attacking from" in text and "(p. 10, 3d)" in text
    assert 'data-testid="outcome-procedure-city"' not in html and 'outcome-procedure-rewards' not in html


def test_a_conquered_city_says_what_it_offers(client):
    """Rulebook, Interacting with Locals 3a: 'If interacting in a conquered city, you add 1 to your Influence total
    for each Shield token you have on the City card'; 4e: 'In the Red city, you can buy Artifacts for 12 Influence
    points each'."""
    gid = new_solo_game(client)
    setup(client, gid, "city", city="white", level="1")
    add(client, gid, "prowlers")
    post(client, gid, "/combat/phase")
    post(client, gid, "/combat/attack", {"target": str(key_of(state(client, gid), "prowlers")), "value": "5",
                                         "element": "physical", "kind": "siege"})
    post(client, gid, "/combat/end")
    html = client.get(f"/games/{gid}/combat").get_data(as_text=True)
    text = block(html, "outcome-procedure-city")
    assert "add 1 to your Influence total for each Shield token" in text
    assert "Red city: buy Artifacts for 12 Influence points each" in text and "only once per turn" in text
    assert 'outcome-procedure-failed-assault' not in html


def test_a_conquered_adventure_site_says_how_to_take_its_reward(client):
    """Rulebook, End of the Turn 5b: 'Artifacts – draw that many cards plus one from the Artifact deck. Place one of
    them on the bottom of the Artifacts deck, and put the rest on top of your Deed deck in any order.'"""
    gid = new_solo_game(client)
    setup(client, gid, "dungeon", adventure_site="tomb")
    add(client, gid, "minotaur")
    # Quick reference, Tomb: 'Night rules apply' (Rulebook, Using Mana 2b: 'Gold mana can never be used at Night')
    fight = client.get(f"/games/{gid}/combat").get_data(as_text=True)
    assert "Gold mana can never be used at Night" in block(fight, "combat-mana-night")
    post(client, gid, "/combat/phase")
    post(client, gid, "/combat/attack", {"target": "1", "value": "5", "element": "physical", "kind": "ranged"})
    post(client, gid, "/combat/end")
    html = client.get(f"/games/{gid}/combat").get_data(as_text=True)
    assert "Reward: a Spell and an Artifact." in html
    text = block(html, "outcome-procedure-rewards")
    assert "draw that many cards plus one from the Artifact deck" in text
    assert "put them on top of your Deed deck" in text


def test_the_level_up_shows_the_skill_choice(client):
    """Rulebook, End of the Turn 6b: 'Flip the top two Skill tokens from your Skill deck. You have two options now:
    Take one of these two tokens and put the other in the Common Skills area. In addition, take any one Advanced
    Action card ... Take a token of another player from the Common Skills area ... take the Advanced Action card
    from the lowest position'. Level 2 at 3 Fame (the Fame track)."""
    gid = new_solo_game(client)
    setup(client, gid, "rampaging")
    add(client, gid, "minotaur", rampaging=True)  # Fame 5: level 1 -> 2
    post(client, gid, "/combat/phase")
    post(client, gid, "/combat/attack", {"target": "1", "value": "5", "element": "physical", "kind": "ranged"})
    post(client, gid, "/combat/end")
    html = client.get(f"/games/{gid}/combat").get_data(as_text=True)
    text = block(html, "outcome-procedure-level-up")
    assert "flip the top two Skill tokens" in text and "lowest position of the offer" in text
    board = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "put the other in the Common Skills area" in block(board, "level-up-procedure-0")


def test_the_rules_reference_has_every_procedure_as_its_own_section(client):
    """Rulebook p. 1: 'When playing, have the last page of this book within reach' - the look-ups in the rules
    reference, each with its anchor the board links to."""
    assert 'href="/rules/procedures"' in client.get("/rules/").get_data(as_text=True)
    html = client.get("/rules/procedures").get_data(as_text=True)
    for pid in ("round_preparation", "end_of_turn", "mana_day", "mana_night", "resting", "healing", "rewards",
                "level_up", "exploring", "safe_space", "failed_assault", "conquered_city"):
        assert f'id="{pid}"' in html and f'href="#{pid}"' in html
    assert "Slow Recovery: reveal your hand" in html
    cities = client.get("/rules/cities").get_data(as_text=True)
    assert 'href="/rules/procedures#conquered_city"' in cities


def test_the_look_ups_speak_the_regelhefts_german(app):
    """Regelheft (seed 002), Ein Spielerzug 7a: 'Normale Rast: Lege 1 Nicht-Verletzungskarte und beliebig viele
    Verletzungskarten ab'; Ende des Zugs 2: 'Erzwungener Rückzug'; Eine Spielrunde 2a: 'Dreht die Tag-/Nachttafel
    um'."""
    t = Table(app)
    t.client.post("/lang", data={"lang": "de"})
    pick_tactics(t)
    html = t.board()
    assert 'lang="de"' in html
    assert block(html, "resting").startswith("Rast (normale Rast, langsame Erholung)")
    assert "Normale Rast: Lege 1 Nicht-Verletzungskarte" in block(html, "resting")
    end = block(html, "end-of-turn-checklist")
    assert "Erzwungener Rückzug" in end and "Handkartenlimit von Cleo jetzt: 5." in end and "(S. 11, 2)" in end
    assert "Regelheft: Ende des Zugs, S. 11." in end and "Alles zum Nachschlagen" in end
    assert "Schwarzes Mana kann tagsüber nie benutzt werden" in block(html, "mana-day")
    t.do("next_round", confirm="true")
    prep = block(t.board(), "round-preparation")
    assert prep.startswith("Runde vorbereiten") and "Dreht die Tag-/Nachttafel um" in prep
    assert "Diese Partie: 5 Einheiten auslegen." in prep
    ref = t.client.get("/rules/procedures").get_data(as_text=True)
    assert "Ablauf von Zug und Runde" in ref and "Langsame Erholung: Zeige deine Handkarten" in ref


def _log(t: Table) -> str:
    text = re.sub(r"<[^>]+>", " ", t.client.get(f"/games/{t.id}/log").get_data(as_text=True))
    return " ".join(unescape(text).split())


def test_the_reputation_bonus_counts_once_per_turn_in_the_recruit_lines(app):
    """Rulebook, Interacting with Locals 5a: 'You apply the bonus or penalty (for Reputation and for Shield tokens in
    a city) only once per turn, no matter how many things you buy.' Reputation +2: Influence +1 (the Reputation
    track). Cleo plays first (Early Bird); Fame 8: level 3, two Command tokens."""
    t = Table(app)
    t.do("recruit", player=2, unit="peasants")  # no Tactics yet: the app cannot tell the turns apart
    assert "Cleo recruits Peasants." in _log(t)  # Reputation 0: no modifier
    t.do("reputation", player=0, amount=2)
    t.do("recruit", player=0, unit="peasants")
    assert ("Anna recruits Peasants (Influence +1 from Reputation, once per turn however many Units are "
            "recruited).") in _log(t)
    t.do("unit", player=0, uid=t.state()["players"][0]["units"][0]["uid"], action="disband")
    pick_tactics(t)
    t.do("reputation", player=2, amount=2)
    t.do("fame", player=2, amount=8)
    t.do("unit", player=2, uid=t.state()["players"][2]["units"][0]["uid"], action="disband")
    t.do("recruit", player=2, unit="peasants")
    t.do("recruit", player=2, unit="foresters")
    log = _log(t)
    assert "Cleo recruits Peasants (Influence +1 from Reputation, once this turn)." in log
    assert ("Cleo recruits Foresters (the Reputation modifier +1 counts once per turn: it was counted with this "
            "turn's first recruit).") in log
    t.do("round_end_turn", player=2)  # Ben's turn (Rethink): Cleo's next recruit is in another turn
    t.do("reputation", player=1, amount=2)
    t.do("recruit", player=1, unit="peasants")
    assert "Ben recruits Peasants (Influence +1 from Reputation, once this turn)." in _log(t)


def test_a_stored_recruit_line_of_before_still_reads(app):
    """Stored games keep their log: the line every paid recruit said before reads in both languages."""
    from companion.game.flow.units import STORED_RECRUIT_LINE
    from companion.game.spine.sentences import render_sentence, sentence
    from companion.i18n import merged_catalog

    s = sentence(STORED_RECRUIT_LINE, name="Anna", unit="Peasants", mod=1)
    assert render_sentence(s) == "Anna recruits Peasants (Influence +1 from Reputation)."
    german = {m.id: m.string for m in merged_catalog("de") if m.id}
    assert german[STORED_RECRUIT_LINE] == "%(name)s rekrutiert %(unit)s (Einfluss %(mod)+d durch Ansehen)."
