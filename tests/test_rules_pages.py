"""The phone reference pages: /rules, enemies (search + filters), enemy page, units, sites, scenarios, draw odds.

Most tests run on a small stand-in rules set (loaded and validated by the real loader from YAML written here), so
they check the pages' behaviour whatever the state of rules_data/; the last tests render every real entry.
"""
import dataclasses
import re
import textwrap
from pathlib import Path

import pytest

import companion.web.rules as rules_web
from companion import create_app
from companion.rules.data import get_rules, load_rules

ROOT = Path(__file__).resolve().parent.parent

FIXTURE = {
    "enemies.yaml": """
        sources: ["test fixture"]
        enemies:
          - {id: prowlers, name: Prowlers, name_de: Herumtreiber, color: green, expansion: base, copies: 2,
             armor: 3, attacks: [{value: 4}], fame: 2}
          - {id: orc_summoner, name: Orc Summoners, name_de: Ork-Beschwörer, color: green, expansion: base,
             copies: 1, armor: 4, attacks: [], abilities: [summon], summon: brown, fame: 4}
          - {id: wolf_riders, name: Wolf Riders, name_de: Wolfsreiter, color: green, expansion: lost_legion,
             copies: 1, armor: 4, attacks: [{value: 3}], abilities: [swift], fame: 3}
          - {id: zombie_horde, name: Zombie Horde, name_de: Zombiehorde, color: green, expansion: tezla,
             copies: 1, armor: 5, attacks: [{value: 1}, {value: 1}], abilities: [cumbersome], resistances: [ice],
             fame: 2, faction: dark_crusader}
          - {id: ice_golem, name: Ice Golems, name_de: Eisgolems, color: brown, expansion: base, copies: 2,
             armor: 4, attacks: [{value: 2, element: ice}], abilities: [paralyze], resistances: [physical, ice],
             fame: 5}
          - {id: shade, name: Shade, name_de: Schatten, color: violet, expansion: lost_legion, copies: 1,
             armor: 3, elusive_armor: 6, attacks: [{value: 3, element: cold_fire}, {value: 2, element: fire}],
             abilities: [elusive, defend, brutal], defend: 2, resistances: [fire, ice], fame: 6,
             printing_note: "Test printing note."}
    """,
    "units.yaml": """
        sources: ["test fixture"]
        units:
          - {id: peasants, name: Peasants, name_de: Bauern, kind: regular, level: 1, cost: 4, armor: 3,
             recruit_sites: [village], copies: 3, abilities: [Attack 2], abilities_de: [Angriff 2]}
          - {id: fire_golems, name: Fire Golems, name_de: Feuergolems, kind: elite, level: 3, cost: 8, armor: 4,
             resistances: [physical, fire], recruit_sites: [keep, mage_tower], copies: 2,
             abilities: [Fire Attack 3], abilities_de: [Feuer-Angriff 3]}
    """,
    "sites.yaml": """
        sources: ["test fixture"]
        sites:
          - {id: village, name: Village, name_de: Dorf, kind: inhabited,
             rules: ["Healing: 1 point of Healing for 3 Influence."],
             rules_de: ["Heilung: 1 Heilungspunkt für 3 Einfluss."]}
    """,
    "terrains.yaml": """
        sources: ["test fixture"]
        terrains:
          - {id: forest, name: Forest, name_de: Wald, day: 3, night: 5}
          - {id: lake, name: Lake, name_de: See}
    """,
}


@pytest.fixture()
def fake_rules(tmp_path):
    data = tmp_path / "rules_data"
    data.mkdir()
    for name, text in FIXTURE.items():
        (data / name).write_text(textwrap.dedent(text), encoding="utf-8")
    small = load_rules(data)
    return dataclasses.replace(get_rules(), enemies=small.enemies, units=small.units, sites=small.sites,
                               terrains=small.terrains)


@pytest.fixture()
def app(tmp_path):
    return create_app({"DATABASE": str(tmp_path / "c.db"), "SECRET_KEY": "test", "TESTING": True})


@pytest.fixture()
def client(app, fake_rules, monkeypatch):
    monkeypatch.setattr(rules_web, "get_rules", lambda: fake_rules)
    return app.test_client()


@pytest.fixture()
def real_client(app):
    return app.test_client()


def de(client, url):
    return client.get(url, headers={"Accept-Language": "de"})


def text(resp):
    return resp.get_data(as_text=True)


def listed_enemies(html):
    return re.findall(r'href="/rules/enemies/([a-z0-9_]+)" class="rules-enemy-name"', html)


def bar_width(html, name):
    """The width of the SVG bar labelled with this token's name."""
    m = re.search(r'aria-label="' + re.escape(name) + r': [^"]*">\s*<rect[^>]*></rect>\s*<rect class="rules-bar-fill"'
                  r' x="0" y="0" width="([0-9.]+)"', html)
    assert m, f"no bar for {name}"
    return float(m.group(1))


# ------------------------------------------------------------------------------------------ every page, both languages

PAGES = ["/rules", "/rules/enemies", "/rules/enemies/shade", "/rules/units", "/rules/sites", "/rules/scenarios",
         "/rules/odds", "/rules/heroes", "/rules/cities", "/rules/tracks", "/rules/tactics", "/rules/cards"]


@pytest.mark.parametrize("url", PAGES)
def test_pages_render_in_english_and_german(client, url):
    en = client.get(url, headers={"Accept-Language": "en"})
    ger = de(client, url)
    assert en.status_code == 200 and ger.status_code == 200
    assert '<html lang="en"' in text(en)
    assert '<html lang="de"' in text(ger)
    assert "Regelübersicht" in text(ger) and "Rules reference" in text(en)


@pytest.mark.parametrize("url", PAGES + ["/rules/odds?pile=brown&seen=ice_golem"])
def test_no_inline_styles_or_scripts(client, url):
    html = text(client.get(url))
    assert "style=" not in html
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), "inline script"
    assert "http://" not in html and "https://" not in html


def test_german_users_see_german_names(client):
    html = text(de(client, "/rules/enemies"))
    assert "Herumtreiber" in html and "Ork-Beschwörer" in html
    assert ">Prowlers<" not in html
    assert ">Prowlers<" in text(client.get("/rules/enemies"))
    assert "Feuergolems" in text(de(client, "/rules/units"))
    assert "Feuer-Angriff 3" in text(de(client, "/rules/units"))
    assert "Fire Attack 3" in text(client.get("/rules/units"))


# ------------------------------------------------------------------------------------------ enemy list and filters


def test_enemy_list_shows_everything_without_filters(client):
    html = text(client.get("/rules/enemies"))
    # piles in the rulebook's order: green, gray, violet, brown, red, white
    assert listed_enemies(html) == ["prowlers", "orc_summoner", "wolf_riders", "zombie_horde", "shade", "ice_golem"]
    assert "6 of 6 enemy tokens" in html


@pytest.mark.parametrize(
    "query, expected",
    [
        ("pile=green", ["prowlers", "orc_summoner", "wolf_riders", "zombie_horde"]),
        ("pile=brown", ["ice_golem"]),
        ("ability=swift", ["wolf_riders"]),
        ("ability=summon", ["orc_summoner"]),
        ("ability=elusive", ["shade"]),
        ("ability=defend", ["shade"]),
        ("ability=poison", []),
        ("ability=cumbersome", ["zombie_horde"]),
        ("resistance=ice", ["zombie_horde", "shade", "ice_golem"]),
        ("resistance=physical", ["ice_golem"]),
        ("element=ice", ["ice_golem"]),
        ("element=fire", ["shade"]),
        ("element=cold_fire", ["shade"]),
        ("element=physical", ["prowlers", "wolf_riders", "zombie_horde"]),
        ("expansion=lost_legion", ["wolf_riders", "shade"]),
        ("pile=green&ability=swift", ["wolf_riders"]),
        ("pile=green&resistance=ice", ["zombie_horde"]),
        ("pile=violet&resistance=physical", []),
        ("q=orc", ["orc_summoner"]),
        ("q=ORC", ["orc_summoner"]),
        ("q=wolfsreiter", ["wolf_riders"]),  # German names are searched too
        ("q=&pile=&ability=", ["prowlers", "orc_summoner", "wolf_riders", "zombie_horde", "shade", "ice_golem"]),
    ],
)
def test_enemy_filters(client, query, expected):
    html = text(client.get(f"/rules/enemies?{query}"))
    assert listed_enemies(html) == expected
    assert f"{len(expected)} of 6 enemy tokens" in html
    if not expected:
        assert "No enemy token matches these filters." in html


def test_filter_form_keeps_the_chosen_values(client):
    html = text(client.get("/rules/enemies?pile=brown&ability=paralyze&q=golem"))
    assert '<option value="brown" selected>' in html
    assert '<option value="paralyze" selected>' in html
    assert 'value="golem"' in html


@pytest.mark.parametrize("query", ["pile=purple", "ability=flying", "resistance=cold_fire", "element=poison",
                                   "expansion=nowhere"])
def test_unknown_filter_values_are_a_400_with_the_reason(client, query):
    r = client.get(f"/rules/enemies?{query}")
    assert r.status_code == 400
    assert "Unknown value" in text(r)


def test_filter_form_works_without_js_and_htmx_swaps_the_results(client):
    html = text(client.get("/rules/enemies"))
    form = re.search(r"<form[^>]*rules-filters[^>]*>", html).group(0)
    assert 'method="get"' in form and 'action="/rules/enemies"' in form
    assert 'hx-get="/rules/enemies"' in form
    assert 'hx-select="#enemy-results"' in form and 'hx-target="#enemy-results"' in form
    assert "hx-trigger=" in form and "input" in form
    assert '<button type="submit">' in html
    # an htmx request gets a page that contains the element hx-select picks
    r = client.get("/rules/enemies?pile=brown", headers={"HX-Request": "true"})
    assert r.status_code == 200
    assert 'id="enemy-results"' in text(r)
    assert listed_enemies(text(r)) == ["ice_golem"]


# ------------------------------------------------------------------------------------------ enemy page


def test_enemy_page_explains_each_ability_in_the_quick_reference_wording(client):
    html = text(client.get("/rules/enemies/shade"))
    # quick reference sheet, "Elusive"
    assert "The lower value is used only in the Attack phase, and only if all of the enemy attacks are" in html
    # "Defense" / Defend with its value
    assert "Defend 2" in html
    assert "has its Armor value increased by the value of the Defend ability" in html
    # "Brutal"
    assert "If unblocked, it deals twice as much damage as its Attack value." in html
    # "Both Fire and Ice Resistance"
    assert "Also all Cold Fire Attacks are inefficient (halved)." in html
    # "Cold Fire Attack" and "Fire Attack"
    assert "Only Cold Fire Blocks are efficient when blocking this (others are halved)." in html
    assert "Only Ice and Cold Fire Blocks are efficient when blocking this (others are halved)." in html
    # two attacks: "Multiple attacks"
    assert re.search(r"An enemy is considered (&#34;|\")successfully blocked(&#34;|\") if all its Attacks are blocked.", html)
    assert "Test printing note." in html
    assert "elusive 6" in html
    assert 'href="/rules/odds?pile=violet">Draw odds for this pile</a>' in html


def test_enemy_page_in_german_uses_the_german_rulebook_wording(client):
    html = text(de(client, "/rules/enemies/shade"))
    assert "<h1>Schatten</h1>" in html
    assert "Ausweichend" in html
    assert "Der niedrigere Wert wird nur in der Angriffsphase benutzt" in html
    assert "Wenn ein brutaler Feind nicht geblockt wird, teilt er Schaden in doppelter Höhe" in html
    assert "Zusätzlich sind Kaltes-Feuer-Angriffe ineffizient (halbieren)." in html
    assert "Nur Kaltes-Feuer-Blocks sind beim Blocken eines solchen Angriffs voll wirksam" in html
    ice = text(de(client, "/rules/enemies/ice_golem"))
    assert "Versteinern" in ice and "wird sie sofort zerstört (aus dem Spiel)" in ice
    assert "Physischer Widerstand" in ice and "Eis-Widerstand" in ice


def test_summoner_page_names_its_pile(client):
    html = text(client.get("/rules/enemies/orc_summoner"))
    assert "draw a random brown token for this enemy" in html
    assert "This token summons from the brown pile." in html
    assert "No attack of its own: it summons." in html
    assert "Herbeirufen" in text(de(client, "/rules/enemies/orc_summoner"))


def test_tezla_token_names_its_faction(client):
    assert "Shades of Tezla (Dark Crusaders)" in text(client.get("/rules/enemies/zombie_horde"))
    html = text(client.get("/rules/enemies/zombie_horde"))
    assert "for each Move point spent, the attack is reduced by 1" in html  # quick reference, "Cumbersome"


def test_real_summoner_with_two_summon_attacks(real_client):
    twice = [e for e in get_rules().enemies.values() if getattr(e, "summon_count", 1) > 1]
    assert twice, "the Dragon Summoner has two summon attacks (rules_data/enemies.yaml)"
    html = text(real_client.get(f"/rules/enemies/{twice[0].id}"))
    assert f"It has {twice[0].summon_count} summon attacks: draw a token for each." in html


def test_enemy_without_abilities_or_resistances(client):
    html = text(client.get("/rules/enemies/prowlers"))
    assert "No special abilities." in html and "No resistances." in html
    assert "Any type of Block is efficient against a physical attack." in html
    assert "Multiple Attacks" not in html


def test_unknown_enemy_is_a_404(client):
    r = client.get("/rules/enemies/dragon_king")
    assert r.status_code == 404
    assert "There is no enemy token" in text(r)


# ------------------------------------------------------------------------------------------ units, sites, scenarios


def test_units_page_and_kind_filter(client):
    html = text(client.get("/rules/units"))
    assert "Peasants" in html and "Fire Golems" in html
    assert html.index("Peasants") < html.index("Fire Golems")  # regular before elite
    assert "Mage Tower" in html and "Village" in html
    elite = text(client.get("/rules/units?kind=elite"))
    assert "Fire Golems" in elite and "Peasants" not in elite
    assert client.get("/rules/units?kind=legendary").status_code == 400
    ger = text(de(client, "/rules/units"))
    assert "Bauern" in ger and "Magierturm" in ger and "Eliteeinheit" in ger


def test_sites_page_shows_the_rules_and_terrain_costs(client):
    html = text(client.get("/rules/sites"))
    assert "Healing: 1 point of Healing for 3 Influence." in html
    assert re.search(r"Forest</th>\s*<td>3</td>\s*<td>5</td>", html)
    assert "impassable" in html
    ger = text(de(client, "/rules/sites"))
    assert "Heilung: 1 Heilungspunkt für 3 Einfluss." in ger and "Wald" in ger and "unpassierbar" in ger


def test_scenario_pages_show_the_set_up_summary(real_client):
    scenarios = list(get_rules().scenarios.values())
    assert scenarios, "the rules data has the Scenario Book's scenarios"
    index = text(real_client.get("/rules/scenarios"))
    for s in scenarios:
        assert f'href="/rules/scenarios/{s.id}"' in index
        page = real_client.get(f"/rules/scenarios/{s.id}")
        assert page.status_code == 200
        html = text(page)
        assert s.map_shape.replace("'", "&#39;").replace('"', "&#34;") in html or s.map_shape in html
        assert f"{s.rounds}:" in html
        ger = text(de(real_client, f"/rules/scenarios/{s.id}"))
        assert s.name_de.replace("'", "&#39;") in ger or s.name_de in ger
        assert "Spielaufbau" in ger and "Dummyspieler" in ger
    assert real_client.get("/rules/scenarios/no_such_scenario").status_code == 404


# ------------------------------------------------------------------------------------------ heroes, cities, tracks, tactics, cards


def test_heroes_page_shows_crystals_deck_and_skills(real_client):
    heroes = list(get_rules().heroes.values())
    assert heroes
    html = text(real_client.get("/rules/heroes"))
    ger = text(de(real_client, "/rules/heroes"))
    for h in heroes:
        assert f'id="hero-{h.id}"' in html
        assert f"Basic deck: {sum(c.count for c in h.deck)} cards" in html
        assert h.name_de in ger
    arythea = get_rules().heroes["arythea"]
    card = next(c for c in arythea.deck if c.replaces)
    replaced = get_rules().cards[card.replaces]
    assert f"replaces {replaced.name}" in html
    assert f"ersetzt {replaced.name_de}" in ger
    assert "Startdeck: 16 Karten" in ger


def test_cities_page_lists_levels_1_to_11(real_client):
    cities = list(get_rules().cities.values())
    assert cities
    html = text(real_client.get("/rules/cities"))
    for c in cities:
        section = html[html.index(f'id="city-{c.color}"'):]
        section = section[:section.index("</article>")]
        assert re.findall(r'<tr><th scope="row">(\d+)</th>', section) == [str(n) for n in range(1, 12)]
        assert c.bonus in section
        level_11 = section[section.index('<th scope="row">11</th>'):]
        level_11 = level_11[:level_11.index("</tr>")]
        assert level_11.count("rules-token ") == len(c.garrison[11])
    ger = text(de(real_client, "/rules/cities"))
    assert all(c.bonus_de in ger for c in cities)


def test_tracks_page(real_client):
    html = text(real_client.get("/rules/tracks"))
    levels = get_rules().levels
    rows = re.findall(r'<tr><th scope="row">(\d+)</th><td>(\d+)\+</td><td>(\d+)</td><td>(\d+)</td><td>(\d+)</td></tr>', html)
    assert rows == [(str(lv.level), str(lv.fame), str(lv.armor), str(lv.hand_limit), str(lv.command_tokens))
                    for lv in levels]
    assert re.search(r'<th scope="row">X</th>\s*<td>cannot interact</td>', html)
    assert re.search(r'<th scope="row">\+7</th>\s*<td>\+5</td>', html) or not any(
        r.space == 7 for r in get_rules().reputation)
    assert "Handkartenlimit" in text(de(real_client, "/rules/tracks"))


def test_tactics_page(real_client):
    html = text(real_client.get("/rules/tactics"))
    ger = text(de(real_client, "/rules/tactics"))
    for t in get_rules().tactics:
        assert f'<li value="{t.number}"><strong>{t.name}</strong>' in html
        assert t.name_de in ger


def test_cards_page_and_kind_filter(real_client):
    cards = list(get_rules().cards.values())
    spells = [c for c in cards if c.kind == "spell"]
    assert spells
    html = text(real_client.get("/rules/cards?kind=spell"))
    assert f"{spells[0].name} / {spells[0].name_night}" in html
    artifacts = [c for c in cards if c.kind == "artifact"]
    assert artifacts and artifacts[0].name not in html
    every = text(real_client.get("/rules/cards"))
    assert artifacts[0].name in every and spells[0].name in every
    assert real_client.get("/rules/cards?kind=curse").status_code == 400
    assert spells[0].name_de in text(de(real_client, "/rules/cards?kind=spell"))


# ------------------------------------------------------------------------------------------ draw odds


def odds_rows(html):
    """(token id, percent text) for every token row."""
    return re.findall(r'href="/rules/enemies/([a-z0-9_]+)" class="rules-odds-name">[^<]*</a>\s*'
                      r'<span class="rules-odds-chance">([0-9.,]+) %', html)


def test_odds_full_pile(client):
    """Rulebook, Setup: a draw takes a random token of the pile; green has 2 + 1 + 1 tokens (both expansions)."""
    html = text(client.get("/rules/odds?pile=green"))
    assert odds_rows(html) == [("prowlers", "50.0"), ("orc_summoner", "25.0"), ("wolf_riders", "25.0")]
    assert "4 of 4 tokens can be drawn (0 seen or removed)." in html
    assert bar_width(html, "Prowlers") == 50.0
    assert "(1/2)" in html and "(1/4)" in html


def test_odds_after_ticking_seen_tokens(client):
    html = text(client.get("/rules/odds?pile=green&seen=prowlers&seen=wolf_riders"))
    assert odds_rows(html) == [("prowlers", "50.0"), ("orc_summoner", "50.0"), ("wolf_riders", "0.0")]
    assert "2 of 4 tokens can be drawn (2 seen or removed)." in html
    assert bar_width(html, "Wolf Riders") == 0.0
    # the ticks are kept: one checkbox per printed copy, the first `seen` of them checked
    boxes = {m.group(1): "checked" in m.group(0) for m in re.finditer(r'<input type="checkbox" name="seen" value="[a-z_]+" '
                                                                      r'id="seen-([a-z_]+-[0-9])"[^>]*>', html)}
    assert boxes == {"prowlers-1": True, "prowlers-2": False, "orc_summoner-1": False, "wolf_riders-1": True}
    assert 'aria-label="Prowlers 2"' in html


def test_odds_groups_by_ability(client):
    html = text(client.get("/rules/odds?pile=green&seen=prowlers"))
    # 1 prowler, 1 summoner, 1 wolf rider left: Swift 1/3, Summon 1/3, physical attack 2/3
    assert re.search(r"<th scope=\"row\">Swift</th>\s*<td class=\"rules-odds-chance\">33.3 %", html)
    assert re.search(r"<th scope=\"row\">Physical Attack</th>\s*<td class=\"rules-odds-chance\">66.7 %", html)


def test_odds_only_count_the_expansions_in_play(client):
    html = text(client.get("/rules/odds?pile=green&expansion=base"))
    assert [t for t, _ in odds_rows(html)] == ["prowlers", "orc_summoner"]
    assert odds_rows(html)[0] == ("prowlers", "66.7")
    # tokens of an expansion not in play, or of another pile, are ignored (the player switched)
    html = text(client.get("/rules/odds?pile=green&expansion=base&seen=wolf_riders&seen=ice_golem"))
    assert "3 of 3 tokens can be drawn (0 seen or removed)." in html


def test_odds_leave_out_the_tezla_faction_tokens_unless_chosen(client):
    """Shades of Tezla faction tokens join the piles only with that expansion's rules (published game)."""
    html = text(client.get("/rules/odds?pile=green"))
    assert "zombie_horde" not in [t for t, _ in odds_rows(html)]
    assert re.search(r'name="expansion" value="tezla">', html)  # offered, not ticked
    html = text(client.get("/rules/odds?pile=green&expansion=base&expansion=lost_legion&expansion=tezla"))
    assert odds_rows(html) == [("prowlers", "40.0"), ("orc_summoner", "20.0"), ("wolf_riders", "20.0"),
                               ("zombie_horde", "20.0")]
    assert re.search(r'name="expansion" value="tezla" checked>', html)


def test_odds_for_tokens_drawn_together(client):
    """Two tokens drawn together from prowlers x2, summoner, wolf riders: C(4,2) = 6 pairs, 1 without a prowler."""
    html = text(client.get("/rules/odds?pile=green&draws=2"))
    some = re.findall(r'class="rules-odds-some">At least one in 2 tokens drawn together: ([0-9.]+) %', html)
    assert some == ["83.3", "50.0", "50.0"]
    assert odds_rows(html)[0] == ("prowlers", "50.0")  # the next single token is unchanged
    # Swift (the wolf riders): 1 - C(3,2)/C(4,2) = 1/2
    assert re.search(r'<th scope="row">Swift</th>\s*<td class="rules-odds-chance">25.0 %</td>\s*'
                     r'<td class="rules-odds-chance">50.0 %</td>', html)
    assert 'name="draws" value="2"' in html


def test_odds_explanation_names_the_tokens_in_the_pages_language(client):
    """Rulebook, Setup (Enemy and Ruins tokens), German Regelbuch "Spielaufbau": the "How this is calculated" trace
    names each token (not its id) and is shown in German on a German phone."""
    html = text(client.get("/rules/odds?pile=green&seen=prowlers"))
    assert "<li>Prowlers: 1 of 3 = 1/3 = 33.3%</li>" in html
    assert "<li>prowlers:" not in html
    assert "<li>Pile: 4 tokens, 1 seen or removed, 3 face down</li>" in html
    html = text(de(client, "/rules/odds?pile=green&seen=prowlers"))
    assert "<li>Herumtreiber: 1 von 3 = 1/3 = 33.3%</li>" in html
    assert "<li>Stapel: 4 Plättchen, 1 gesehen oder entfernt, 3 verdeckt</li>" in html
    assert "Regelbuch, Spielaufbau (Feind- und Ruinenplättchen-Stapel)" in html
    html = text(de(client, "/rules/odds?pile=green&draws=2"))
    assert "<li>Herumtreiber: 2 von 4 = 1/2 = 50.0%; mindestens eines bei 2 Plättchen = 5/6 = 83.3%</li>" in html


def test_odds_too_many_ticks_is_a_400_named_in_german(client):
    r = de(client, "/rules/odds?pile=green&seen=wolf_riders&seen=wolf_riders")
    assert r.status_code == 400
    assert "Wolfsreiter ist 2-mal als gesehen oder entfernt markiert, der Stapel hat aber nur 1 davon." in text(r)


def test_odds_draws_more_than_the_pile_holds_are_capped(client):
    html = text(client.get("/rules/odds?pile=green&draws=9&seen=prowlers"))
    assert "Only 3 tokens can be drawn: the odds are for drawing 3." in html
    assert re.findall(r'drawn together: ([0-9.]+) %', html) == ["100.0", "100.0", "100.0"]


@pytest.mark.parametrize("draws", ["0", "-2", "two", "1.5", "100"])
def test_odds_bad_draw_count_is_a_400(client, draws):
    r = client.get(f"/rules/odds?pile=green&draws={draws}")
    assert r.status_code == 400
    assert "Tokens drawn together must be a whole number from 1 to 99" in text(r)


def test_odds_when_every_token_is_out(client):
    html = text(client.get("/rules/odds?pile=brown&seen=ice_golem&seen=ice_golem"))
    assert "0 of 2 tokens can be drawn" in html
    assert "reshuffle the discarded ones" in html


@pytest.mark.parametrize("query, reason", [
    ("pile=green&seen=dragon", "There is no enemy token"),
    ("pile=green&seen=wolf_riders&seen=wolf_riders", "Wolf Riders is ticked 2 times as seen or removed, but the pile "
                                                     "has only 1 of it."),
    ("pile=pink", "Unknown value"),
    ("pile=green&expansion=nowhere", "Unknown expansion"),
])
def test_odds_bad_input_is_a_400_with_the_reason(client, query, reason):
    r = client.get(f"/rules/odds?{query}")
    assert r.status_code == 400
    assert reason in text(r)


def test_odds_in_german(client):
    html = text(de(client, "/rules/odds?pile=green&seen=prowlers"))
    assert "Ziehwahrscheinlichkeiten" in html
    assert "Herumtreiber" in html
    assert "33,3 %" in html  # German decimal comma
    assert "Grün (umherziehende Orks)" in html


def test_odds_form_works_without_js(client):
    html = text(client.get("/rules/odds"))
    form = re.search(r"<form[^>]*rules-odds-form[^>]*>", html).group(0)
    assert 'method="get"' in form and 'hx-select="#odds"' in form and 'hx-get="/rules/odds"' in form
    assert '<button type="submit">' in html


# ------------------------------------------------------------------------------------------ the real rules data


def test_every_real_enemy_page_renders_in_both_languages(real_client):
    enemies = list(get_rules().enemies.values())
    assert enemies, "the rules data has the enemy tokens"
    listing = text(real_client.get("/rules/enemies"))
    assert len(listed_enemies(listing)) == len(enemies)
    for e in enemies:
        assert real_client.get(f"/rules/enemies/{e.id}").status_code == 200
        ger = de(real_client, f"/rules/enemies/{e.id}")
        assert ger.status_code == 200
    every_expansion = "&".join(f"expansion={x}" for x in sorted({e.expansion for e in enemies}))
    for pile in {e.color for e in enemies}:
        default = text(real_client.get(f"/rules/odds?pile={pile}"))
        total = sum(e.copies for e in enemies if e.color == pile and e.expansion != "tezla")
        assert f"{total} of {total} tokens can be drawn" in default
        html = text(real_client.get(f"/rules/odds?pile={pile}&{every_expansion}"))
        total = sum(e.copies for e in enemies if e.color == pile)
        assert f"{total} of {total} tokens can be drawn" in html


# ------------------------------------------------------------------------------------------ translations


def test_every_string_of_the_rules_pages_has_a_german_translation():
    from babel.messages.extract import extract_from_file

    from companion.i18n import merged_catalog

    keywords = {"_": None, "gettext": None, "lazy_gettext": None, "N_": None}
    ids = set()
    for f in ["companion/web/rules.py", "companion/web/rules_api.py"]:
        ids |= {m[1] for m in extract_from_file("python", str(ROOT / f), keywords=keywords)}
    for f in sorted((ROOT / "templates/rules").glob("*.html")):
        ids |= {m[1] for m in extract_from_file("jinja2.ext:babel_extract", str(f), keywords=keywords)}
    assert len(ids) > 100
    # every German catalog, merged as the app merges them (companion/i18n.py: merged_catalog): a page's strings may
    # live in its feature's catalog (Mage Lite's Site and City Reference in mlite.po)
    catalog = merged_catalog("de", ROOT / "translations")
    missing = sorted(m for m in ids if not (catalog.get(m) and catalog.get(m).string))
    assert missing == []
    # the official German game terms (German Rulebook)
    for en, ger in [("Swift", "Flink"), ("Paralyze", "Versteinern"), ("Poison", "Giftig"), ("Summon", "Herbeirufen"),
                    ("Fortified", "Befestigt"), ("Cold Fire Attack", "Kaltes-Feuer-Angriff"), ("Fame", "Ruhm"),
                    ("Reputation", "Ansehen"), ("Armor", "Rüstung"), ("Units", "Einheiten")]:
        assert catalog.get(en).string == ger


def test_bad_input_is_escaped_in_the_error_and_the_form(client):
    r = client.get("/rules/enemies?pile=<script>alert(1)</script>")
    assert r.status_code == 400
    assert "<script>alert(1)" not in text(r)
    html = text(client.get('/rules/enemies?q="><script>x</script>'))
    assert "<script>x</script>" not in html
    r = client.get("/rules/odds?pile=green&seen=<b>x</b>")
    assert r.status_code == 400 and "<b>x</b>" not in text(r)


def test_htmx_error_goes_to_the_flash_area(client):
    r = client.get("/rules/enemies?pile=pink", headers={"HX-Request": "true"})
    assert r.status_code == 400
    assert r.headers.get("HX-Retarget") == "#flash"
    assert "Unknown value" in text(r)
