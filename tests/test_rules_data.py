"""Rules data: the files in rules_data/ and their loader.

Each test names the rulebook passage (seeds 000 = English Rulebook + Scenario Book, 002 = German, 003 = quick
reference sheet) or the component count it checks.
"""
from __future__ import annotations

import dataclasses
import json
import types
from collections import Counter
from pathlib import Path

import pytest

from companion.rules.data import (
    ELEMENTS, ENEMY_ABILITIES, PILE_COLORS, RESISTANCES, RulesDataError, get_rules, load_rules,
)

ROOT = Path(__file__).resolve().parents[1]
BAD = ROOT / "tests" / "fixtures" / "rules_bad"


@pytest.fixture(scope="module")
def rules():
    return get_rules()


# ----------------------------------------------------------------------------------------------- loader
def test_get_rules_is_cached_and_loads_the_repository_folder(rules):
    assert get_rules() is rules
    assert Path(rules.path) == ROOT / "rules_data"


def test_every_file_lists_its_sources(rules):
    files = {p.name for p in (ROOT / "rules_data").glob("*.yaml")}
    assert files, "no rules data files"
    assert set(rules.sources) == files
    for name, src in rules.sources.items():
        assert src and all(s.strip() for s in src), name


def test_dataclasses_are_frozen(rules):
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.enemies["prowlers"].armor = 99  # type: ignore[misc]
    with pytest.raises(TypeError):
        rules.enemies["new"] = rules.enemies["prowlers"]  # type: ignore[index]


@pytest.mark.parametrize("case, message", [
    ("duplicate_enemy_id", "enemies.yaml: prowlers: id: duplicate id"),
    ("unknown_element", "enemies.yaml: storm_dragon: attacks: element 'lightning' is not one of"),
    ("misspelled_field", "enemies.yaml: diggers: armour: unknown field"),
    ("defend_without_value", "enemies.yaml: elven_protectors: defend:"),
    ("elusive_armor_too_low", "enemies.yaml: shadow: elusive_armor: elusive armor 4 must be higher than armor 8"),
    ("unknown_pile", "enemies.yaml: gunners: color: 'blue' is not one of"),
    ("missing_german_name", "heroes.yaml: tovak: name_de: missing"),
    ("four_crystals", "heroes.yaml: goldyx: crystals: a hero card shows exactly 3 crystal dots"),
    ("city_level_missing", "cities.yaml: white: garrison.7: missing city level"),
    ("fame_not_increasing", "levels.yaml: 3: fame: must be higher"),
    ("reputation_x_with_modifier", "reputation.yaml: X: modifier:"),
    ("reputation_space_beyond_x", "reputation.yaml: -7: space: the -7 space is the X space"),
    ("unknown_recruit_reputation", "units.yaml: thugs: recruit_reputation: 'halved' is not one of"),
    ("no_sources", "tactics.yaml: -: sources: missing"),
    ("tactic_number_twice", "tactics.yaml: rethink: number: day tactic 1 is already early_bird"),
    ("scenario_city_levels_mismatch", "scenarios.yaml: blitz_conquest: city_levels: 2 players: 1 levels for 2"),
    ("invalid_yaml", "units.yaml: line 4: -: invalid YAML"),
    ("tezla_token_without_faction", "enemies.yaml: mummy: faction:"),
])
def test_broken_fixture_fails_naming_file_entry_and_field(case, message):
    with pytest.raises(RulesDataError) as exc:
        load_rules(BAD / case)
    assert str(exc.value).startswith(message), str(exc.value)


def test_every_broken_fixture_is_tested():
    tested = {c for c, _ in test_broken_fixture_fails_naming_file_entry_and_field.pytestmark[0].args[1]}
    assert {p.name for p in BAD.iterdir() if p.is_dir()} == tested


def test_missing_folder_is_an_error(tmp_path):
    with pytest.raises(RulesDataError, match="not found"):
        load_rules(tmp_path / "nope")


def test_api_shape_is_json_ready(rules):
    for kind in ("enemies", "units", "heroes", "levels", "reputation", "cities", "tactics", "scenarios", "sites"):
        json.dumps({kind: rules.kind(kind)})
    enemy = rules.enemies["hydra"].to_dict()
    assert {"id", "name", "name_de", "color", "expansion", "copies", "armor", "elusive_armor", "attacks",
            "abilities", "defend", "summon", "resistances", "fame"} <= set(enemy)
    assert enemy["attacks"] == [{"value": 2, "element": "physical"}] * 3
    city = rules.cities["white"].to_dict()
    assert set(city["garrison"]) == {str(n) for n in range(1, 12)}
    assert rules.reputation[0].to_dict() == {"space": "X", "modifier": None}
    assert set(rules.tactics[0].to_dict()) == {"id", "name", "name_de", "time", "number"}
    assert set(rules.levels[0].to_dict()) >= {"level", "fame", "armor", "hand_limit", "command_tokens"}


# ----------------------------------------------------------------------------------------------- German names
def _all_entries(rules):
    for kind in ("scenarios", "heroes", "cities", "enemies", "units", "sites", "terrains", "cards"):
        for entry in getattr(rules, kind).values():
            yield kind, entry
    for t in rules.tactics:
        yield "tactics", t
    for h in rules.heroes.values():
        for c in h.deck:
            yield "deck", c
        for s in h.skills:
            yield "skills", s


def test_every_entry_has_its_german_name(rules):
    missing = [(k, getattr(e, "id", e)) for k, e in _all_entries(rules) if not getattr(e, "name_de", "").strip()]
    assert not missing


def test_german_names_that_the_german_rulebook_prints_are_used(rules):
    """Seeds 002: 'Planung', 'Lange Nacht' (Tactics); the scenario titles; the four cities."""
    assert {t.id: t.name_de for t in rules.tactics}["planning"] == "Planung"
    assert {t.id: t.name_de for t in rules.tactics}["long_night"] == "Lange Nacht"
    assert rules.scenarios["solo_conquest"].name_de == "Solo-Eroberung"
    assert rules.scenarios["first_reconnaissance"].name_de == "Die ersten Erkundungen"
    assert rules.scenarios["druid_nights"].name_de == "Druidennächte"
    assert rules.scenarios["one_to_return"].name_de == "Nur einer kommt zurück"
    assert {c: rules.cities[c].name_de for c in rules.cities} == {
        "white": "Weiße Stadt", "blue": "Blaue Stadt", "red": "Rote Stadt", "green": "Grüne Stadt"}


# ----------------------------------------------------------------------------------------------- ids
def test_ids_are_unique_snake_case_across_each_kind(rules):
    for kind in ("scenarios", "heroes", "enemies", "units", "sites", "terrains", "cards"):
        ids = list(getattr(rules, kind))
        assert len(ids) == len(set(ids)), kind
        assert all(i == i.lower() and " " not in i for i in ids), kind
    assert len({t.id for t in rules.tactics}) == 12


# ----------------------------------------------------------------------------------------------- Fame track
def test_level_tokens_from_player_setup(rules):
    """Rulebook 'Player Setup': Level token 1-2 shows Armor 2 and Hand limit 5; one Command token at start;
    'When advancing to an odd-numbered level, you get another Command token'."""
    lv = {x.level: x for x in rules.levels}
    assert list(lv) == list(range(1, 11))
    assert (lv[1].armor, lv[1].hand_limit, lv[1].command_tokens) == (2, 5, 1)
    assert (lv[2].armor, lv[2].hand_limit, lv[2].command_tokens) == (2, 5, 1)
    for n in range(2, 11):
        gained = lv[n].command_tokens - lv[n - 1].command_tokens
        assert gained == (1 if n % 2 == 1 else 0), n
        assert lv[n].reward == ("command_token_armor_hand" if n % 2 else "skill_and_advanced_action")
    # tokens come in pairs 1-2, 3-4, ...: the pair shares armor and hand limit
    for n in (1, 3, 5, 7, 9):
        assert (lv[n].armor, lv[n].hand_limit) == (lv[n + 1].armor, lv[n + 1].hand_limit)


def test_fame_thresholds_and_level_for_fame(rules):
    assert [x.fame for x in rules.levels] == [n * n - 1 for n in range(1, 11)]
    assert rules.level_for_fame(0).level == 1
    assert rules.level_for_fame(2).level == 1
    assert rules.level_for_fame(3).level == 2
    assert rules.level_for_fame(98).level == 9
    assert rules.level_for_fame(120).level == 10


# ----------------------------------------------------------------------------------------------- Reputation
def test_reputation_track_matches_the_scenario_book_examples(rules):
    """Blitz Conquest: '+2 Reputation (i.e. a bonus of +1)'; More Rampage!: '-4 Reputation (i.e. -2 penalty)',
    '-2 Reputation (i.e. -1 penalty)'; Rulebook: on X 'you cannot interact at all'."""
    assert rules.reputation_modifier(2) == 1
    assert rules.reputation_modifier(-4) == -2
    assert rules.reputation_modifier(-2) == -1
    assert rules.reputation_modifier(0) == 0
    assert rules.reputation_modifier("X") is None
    # Seeds README and Rulebook 'Game Setup' ("the central 0 space" of the Reputation track): 15 spaces -7..+7,
    # the -7 space is X. The old symmetric table with X beyond -7 is replaced.
    spaces = [r.space for r in rules.reputation]
    assert spaces == ["X"] + list(range(-6, 8))
    assert len(spaces) == 15 and spaces[7] == 0
    mods = [r.modifier for r in rules.reputation[1:]]
    assert mods == [-5, -3, -2, -1, -1, 0, 0, 0, 1, 1, 2, 2, 3, 5]


# ----------------------------------------------------------------------------------------------- Tactics
def test_day_and_night_tactics_one_to_six(rules):
    for time in ("day", "night"):
        assert sorted(t.number for t in rules.tactics if t.time == time) == [1, 2, 3, 4, 5, 6]


# ----------------------------------------------------------------------------------------------- Heroes
STANDARD_DECK = {"rage": ("red", 2), "determination": ("blue", 1), "swiftness": ("white", 2),
                 "march": ("green", 2), "stamina": ("blue", 2), "tranquility": ("green", 1),
                 "promise": ("white", 1), "threaten": ("red", 1), "crystallize": ("blue", 1),
                 "mana_draw": ("white", 1), "concentration": ("green", 1), "improvisation": ("red", 1)}


def test_each_hero_deck_is_16_cards_4_of_each_colour(rules):
    """Rulebook 'Player Setup': 16 Basic Action cards.  The real decks are 4 red, 4 blue, 4 green, 4 white
    (the standard deck is; each hero card replaces one card of its own colour)."""
    assert {"arythea", "goldyx", "norowas", "tovak", "wolfhawk", "krang", "braevalar"} <= set(rules.heroes)
    for h in rules.heroes.values():
        assert h.deck_size == 16, h.id
        colours = Counter()
        for c in h.deck:
            colours[c.color] += c.count
        assert colours == {"red": 4, "blue": 4, "green": 4, "white": 4}, h.id


def test_hero_cards_replace_one_standard_card_of_the_same_colour(rules):
    for h in rules.heroes.values():
        own = [c for c in h.deck if c.replaces]
        assert len(own) == 2, h.id
        counts = {c.id: c.count for c in h.deck}
        for c in own:
            colour, n = STANDARD_DECK[c.replaces]
            assert c.color == colour, (h.id, c.id)
            assert counts.get(c.replaces, 0) == n - 1, (h.id, c.replaces)
        for sid, (colour, n) in STANDARD_DECK.items():
            if sid not in {c.replaces for c in own}:
                assert counts[sid] == n, (h.id, sid)


def test_hero_crystals_from_the_seeds(rules):
    """Scenario Book 'Dummy Player': 'Goldyx has green, green and blue'; Mage Lite: Tovak's hero card shows two
    blue and one red."""
    assert Counter(rules.heroes["goldyx"].crystals) == {"green": 2, "blue": 1}
    assert Counter(rules.heroes["tovak"].crystals) == {"blue": 2, "red": 1}
    assert rules.heroes["goldyx"].crystals_verified and rules.heroes["tovak"].crystals_verified
    for h in rules.heroes.values():
        assert len(h.crystals) == 3 and h.crystals_source


# ----------------------------------------------------------------------------------------------- Scenarios
REQUIRED_SCENARIOS = {"first_reconnaissance", "full_conquest", "blitz_conquest", "solo_conquest",
                      "full_cooperation", "blitz_cooperation", "mines_liberation", "druid_nights", "dungeon_lords",
                      "conquer_and_hold", "one_to_return"}


def test_every_scenario_of_the_scenario_book(rules):
    assert set(rules.scenarios) == REQUIRED_SCENARIOS


def test_days_and_nights_alternate_starting_with_day(rules):
    """Scenario Book, Variants: 'Each scenario goes Day, Night, Day, Night'."""
    for s in rules.scenarios.values():
        assert s.day_night[0] == "day"
        assert all(a != b for a, b in zip(s.day_night, s.day_night[1:]))
    assert rules.scenarios["first_reconnaissance"].day_night == ("day", "night", "day")  # 2 days and 1 night
    assert rules.scenarios["dungeon_lords"].day_night == ("day", "night", "day", "night", "day")  # 3 days, 2 nights


def test_solo_conquest_setup(rules):
    """Scenario Book 'Solo Conquest': 1 player, six rounds, Wedge, 7 countryside, 2 city and 2 non-city core tiles,
    first city level 5, second 8; standard Dummy player; no titles; 10 points per city, 15 for all, 30 per round
    early, 1 per Dummy card, 5 if End of Round was not announced."""
    s = rules.scenarios["solo_conquest"]
    assert (s.players_min, s.players_max, s.rounds, s.dummy, s.tactics_rule) == (1, 1, 6, True, "solo_conquest")
    assert s.tiles["countryside"][1] == 7 and s.tiles["core_city"][1] == 2 and s.tiles["core_non_city"][1] == 2
    assert s.city_levels[1] == (5, 8)
    assert s.scoring["titles"] is False and s.scoring["base"] == "fame"
    assert dict(s.scoring["goal"]) == {"per_city": 10, "all_cities": 15, "per_round_early": 30,
                                       "per_dummy_card": 1, "round_end_not_announced": 5}


def test_cooperative_scenarios(rules):
    """Full Cooperation: cities level 5 except the last one revealed, 8 (2 players) or 11 (3 players); base is the
    lowest Fame, each category scores only the best player, no titles; +10 if every player leads a city."""
    full = rules.scenarios["full_cooperation"]
    assert full.city_levels[2] == (5, 5, 8) and full.city_levels[3] == (5, 5, 5, 11)
    assert full.scoring["base"] == "lowest_fame" and full.scoring["categories"] == "best_player"
    assert full.scoring["titles"] is False and full.scoring["goal"]["every_player_leader"] == 10
    assert full.tactics_rule == "full_cooperation" and full.dummy
    blitz = rules.scenarios["blitz_cooperation"]
    assert blitz.city_levels[2] == (5, 8) and blitz.city_levels[3] == (5, 8, 11)
    assert blitz.rounds == 4 and blitz.setup["start_reputation"] == 2


def test_conquest_city_scoring(rules):
    """Full Conquest: 7 Fame per city led, 4 per city with a shield, +5 Greatest City Conqueror (+2 if tied);
    Blitz Conquest scores the same; cities level 4 (Full) and 3 (Blitz)."""
    for sid, level in (("full_conquest", 4), ("blitz_conquest", 3)):
        s = rules.scenarios[sid]
        assert dict(s.scoring["cities"]) == {"leader": 7, "shield": 4, "title": "greatest_city_conqueror",
                                             "title_bonus": 5, "title_tie": 2}
        for n in (2, 3, 4):
            assert s.city_levels[n] == (level,) * n
            assert s.tiles["core_non_city"][n] == n - 1


def test_blitz_start_reputation_is_a_plus_one_modifier(rules):
    """Blitz Conquest: 'You start with +2 Reputation (i.e. you have a bonus of +1 for interaction)'."""
    s = rules.scenarios["blitz_conquest"]
    assert rules.reputation_modifier(s.setup["start_reputation"]) == 1
    assert s.setup["start_fame"] == 1 and s.setup["extra_source_dice"] == 1


def test_first_reconnaissance_and_its_solo_variant(rules):
    """First Reconnaissance: 3 rounds, cities cannot be entered; solo variant: 8 countryside tiles, four rounds,
    Dummy player with the Solo Conquest tactic rules, no titles."""
    s = rules.scenarios["first_reconnaissance"]
    assert s.rounds == 3 and s.city_status == "not_enterable" and not s.city_levels
    v = s.solo_variant
    assert v is not None and v.id == "first_reconnaissance_solo"
    assert (v.players_min, v.rounds, v.dummy, v.tactics_rule) == (1, 4, True, "solo_conquest")
    assert v.tiles["countryside"][1] == 8 and v.scoring["titles"] is False


def test_conquer_and_hold_rounds_depend_on_players(rules):
    """Conquer and Hold: 4 rounds (4 players), 6 rounds (2 players); 3 keep, 2 mage tower victory points."""
    s = rules.scenarios["conquer_and_hold"]
    assert s.rounds_for(2) == 6 and s.rounds_for(4) == 4
    assert s.day_night_for(2) == ("day", "night") * 3
    assert dict(s.scoring["victory_points"])["keep"] == 3 and s.scoring["winner"] == "most_victory_points"


def test_scenario_modes_and_dummy(rules):
    for s in rules.scenarios.values():
        if s.dummy:
            assert "solo" in s.modes or "coop" in s.modes, s.id
    assert rules.scenarios["mines_liberation"].scoring["mines"]["core"] == 7
    assert rules.scenarios["dungeon_lords"].scoring["adventure_sites"]["dungeon"] == 4


# ----------------------------------------------------------------------------------------------- Cities
def test_every_city_has_levels_1_to_11_and_its_bonus(rules):
    """Rulebook 'City Assaults' 1a-d."""
    assert set(rules.cities) == {"white", "blue", "red", "green"}
    for c in rules.cities.values():
        assert sorted(c.garrison) == list(range(1, 12))
        sizes = [len(c.garrison[n]) for n in range(1, 12)]
        assert sizes == sorted(sizes), c.color
        assert all(p in PILE_COLORS for n in c.garrison for p in c.garrison[n])
    assert "+1 Armor" in rules.cities["white"].bonus
    assert "Brutal" in rules.cities["red"].bonus and "Poison" in rules.cities["green"].bonus
    assert "Giftig" in rules.cities["green"].bonus_de and "Cold Fire" in rules.cities["blue"].bonus


# ----------------------------------------------------------------------------------------------- Enemies
PILE_COUNTS = {
    "base": {"green": 12, "gray": 10, "violet": 10, "brown": 10, "red": 8, "white": 10},
    "lost_legion": {"green": 8, "gray": 8, "violet": 4, "brown": 6, "red": 6, "white": 6},
    "tezla": {"green": 16, "brown": 8, "red": 8},
}


def test_pile_counts_per_expansion(rules):
    """Component counts: base game 60 enemy tokens; The Lost Legion 38; Shades of Tezla 32 (two factions of
    8 green, 4 brown, 4 red)."""
    counts: dict[str, Counter] = {}
    for e in rules.enemies.values():
        counts.setdefault(e.expansion, Counter())[e.color] += e.copies
    assert {k: dict(v) for k, v in counts.items()} == PILE_COUNTS
    factions = Counter((e.faction, e.color) for e in rules.enemies.values() for _ in range(e.copies)
                       if e.expansion == "tezla")
    for f in ("elementalist", "dark_crusader"):
        assert (factions[(f, "green")], factions[(f, "brown")], factions[(f, "red")]) == (8, 4, 4)


def test_enemy_vocabulary(rules):
    for e in rules.enemies.values():
        assert all(a.element in ELEMENTS for a in e.attacks)
        assert set(e.abilities) <= set(ENEMY_ABILITIES)
        assert set(e.resistances) <= set(RESISTANCES)
        assert (e.expansion == "tezla") == (e.faction is not None), e.id
        if e.elusive_armor is not None:
            assert e.elusive_armor > e.armor


def test_summoners_and_multiple_attacks(rules):
    """Quick reference 'Summon Attack': draws a random brown token; 'Multiple Attacks' handled separately."""
    assert rules.enemies["orc_summoners"].summon == "brown" and rules.enemies["orc_summoners"].attacks == ()
    assert rules.enemies["illusionists"].summon == "brown"
    assert rules.enemies["dragon_summoner"].summon_count == 2
    assert len(rules.enemies["hydra"].attacks) == 3
    assert [a.element for a in rules.enemies["heroes_ice"].attacks] == ["physical", "ice"]


def test_dragons_have_their_printed_abilities(rules):
    """The errors the issue warns about: dragon abilities (Swamp Dragon: Swift and Poison, not Paralyze)."""
    e = rules.enemies
    assert set(e["swamp_dragon"].abilities) == {"swift", "poison"}
    assert set(e["ice_dragon"].abilities) == {"paralyze"} and set(e["ice_dragon"].resistances) == {"physical", "ice"}
    assert set(e["fire_dragon"].resistances) == {"physical", "fire"} and e["fire_dragon"].attacks[0].value == 9
    assert e["high_dragon"].attacks[0].element == "cold_fire" and set(e["high_dragon"].abilities) == {"brutal"}


def test_lost_legion_reputation_rewards(rules):
    assert rules.enemies["thugs"].reputation == 1
    assert all(rules.enemies[f"heroes_{k}"].reputation == -1 for k in ("fortified", "swift", "fire", "ice"))


# ----------------------------------------------------------------------------------------------- Units
def test_unit_decks_per_expansion(rules):
    """Base game: 20 Regular and 20 Elite Unit cards; The Lost Legion adds 8 of each."""
    counts = Counter()
    for u in rules.units.values():
        counts[(u.expansion, u.kind)] += u.copies
    assert dict(counts) == {("base", "regular"): 20, ("base", "elite"): 20,
                            ("lost_legion", "regular"): 8, ("lost_legion", "elite"): 8}


def test_unit_levels_and_recruit_sites(rules):
    """Regular Units are levels I-II, Elite III-IV; Conquer and Hold: 'level IV Units (the ones that can be
    recruited in a city only)'."""
    for u in rules.units.values():
        assert (u.level <= 2) == (u.kind == "regular"), u.id
        if u.level == 4:
            assert u.recruit_sites == ("city",), u.id
        assert len(u.abilities) == len(u.abilities_de) >= 1


# ----------------------------------------------------------------------------------------------- Sites, terrain
def test_terrain_costs_only_desert_and_forest_change_at_night(rules):
    """Rulebook 'Movement' 3: 'The cost to move into the Desert and Forest terrain differs according to whether
    it is Day or Night'; 'The cost to move into a city is always 2'; X spaces are inaccessible."""
    t = rules.terrains
    changing = {k for k, v in t.items() if v.day != v.night}
    assert changing == {"desert", "forest"}
    assert t["city"].day == t["city"].night == 2
    assert t["lake"].day is None and t["mountains"].night is None


def test_sites_of_the_quick_reference_sheet_in_both_languages(rules):
    """Quick reference sheet (seeds 003): every site heading."""
    assert {"crystal_mine", "magical_glade", "marauding_orcs", "draconum", "village", "monastery", "mage_tower",
            "keep", "spawning_grounds", "dungeon", "tomb", "ancient_ruins", "monster_den", "walls", "deep_mine",
            "refugee_camp", "maze", "labyrinth", "hidden_valley", "necropolis", "graveyard"} <= set(rules.sites)
    for s in rules.sites.values():
        assert len(s.rules) == len(s.rules_de) >= 1, s.id
    assert any("Reputation +2" in r for r in rules.sites["draconum"].rules)
    assert any("Ansehen -3" in r for r in rules.sites["monastery"].rules_de)


# ----------------------------------------------------------------------------------------------- Overrides
def test_override_changes_a_copy_and_keeps_the_printed_token(rules):
    """Token corrections: 'a game can override a token's stats for its own copy'.  Altem Guardsmen: Attack 5 or 6
    depending on the printing."""
    from companion.rules.data import apply_override
    printed = rules.enemies["altem_guardsmen"]
    mine = apply_override(printed, {"attacks": [{"value": 6, "element": "physical"}]})
    assert mine.attacks[0].value == 6 and printed.attacks[0].value == 5
    assert mine.id == printed.id and mine.resistances == printed.resistances
    mine = apply_override(rules.enemies["altem_mages"], {"abilities": ["fortified", "brutal", "poison"]})
    assert "fortified" in mine.abilities


@pytest.mark.parametrize("changes, message", [
    ({"armor": 0}, "override: swamp_dragon: armor: must be at least 1"),
    ({"armor": "nine"}, "override: swamp_dragon: armor: must be an integer"),
    ({"name": "Bog Dragon"}, "override: swamp_dragon: name: cannot be overridden"),
    ({"abilities": ["swift", "flying"]}, "override: swamp_dragon: abilities: 'flying' is not one of"),
    ({"abilities": ["summon"]}, "override: swamp_dragon: summon:"),
    ({"attacks": [{"value": 5, "element": "poison"}]}, "override: swamp_dragon: attacks: element 'poison'"),
    ({"elusive_armor": 12}, "override: swamp_dragon: elusive_armor:"),
])
def test_override_is_validated_like_the_data(rules, changes, message):
    from companion.rules.data import apply_override
    with pytest.raises(RulesDataError) as exc:
        apply_override(rules.enemies["swamp_dragon"], changes)
    assert str(exc.value).startswith(message), str(exc.value)


# ----------------------------------------------------------------------------------------------- Cards, skills
def test_card_decks(rules):
    """Advanced Actions: 28 in the base game (7 per colour) + 12 The Lost Legion (3 per colour); Spells: 16 + the
    four interactive Spells 109-112 (Scenario Book 'Solo Conquest': 'Remove the four interactive Spells (109-112)')
    + 4 The Lost Legion; Artifacts: 16 base + 8 The Lost Legion."""
    cards = list(rules.cards.values())
    def count(kind, exp=None, color=None):
        return sum(1 for c in cards if c.kind == kind and (exp is None or c.expansion == exp)
                   and (color is None or c.color == color))
    for col in ("red", "blue", "white", "green"):
        assert count("advanced_action", "base", col) == 7
        assert count("advanced_action", "lost_legion", col) == 3
        assert count("spell", "base", col) == 5
    assert count("artifact", "base") == 16 and count("artifact", "lost_legion") == 8
    interactive = sorted(c.number for c in cards if c.kind == "spell" and c.interactive)
    assert interactive == [109, 110, 111, 112]
    assert all(c.name_night and c.name_night_de for c in cards if c.kind == "spell")
    assert all(c.color is None for c in cards if c.kind == "artifact")


def test_hero_deck_cards_are_basic_action_cards(rules):
    for h in rules.heroes.values():
        for c in h.deck:
            card = rules.cards[c.id]
            assert card.kind == "basic_action" and card.color == c.color, (h.id, c.id)


def test_skills_per_hero(rules):
    """Rulebook 'Player Setup': Skill tokens per Hero, with interactive Skills marked."""
    for h in rules.heroes.values():
        assert len(h.skills) >= 10, h.id
        assert sum(s.interactive for s in h.skills) >= 1, h.id
        assert len({s.id for s in h.skills}) == len(h.skills)


# ----------------------------------------------------------------------------------------------- the package
def test_the_package_exports_its_public_names_and_each_module_stays_small():
    """The rules-data package (split by concept) exports the names of ``__all__`` (the loader, the records, the
    vocabularies the pages use), nothing it merely passes on, and each of its modules stays under 500 lines."""
    import companion.rules.data as data

    public = {n for n, v in vars(data).items() if not n.startswith("_") and not isinstance(v, types.ModuleType)}
    assert public - {"annotations"} == set(data.__all__)
    for path in Path(data.__file__).parent.glob("*.py"):
        assert len(path.read_text(encoding="utf-8").splitlines()) < 500, path.name
