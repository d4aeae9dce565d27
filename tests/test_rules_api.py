"""GET /api/v1/rules/<kind>: the field names (other tools read them)."""
import pytest

from companion import create_app
from companion.rules.data import get_rules

KINDS = ["enemies", "units", "heroes", "levels", "reputation", "cities", "tactics", "scenarios", "sites", "procedures"]

ENEMY_KEYS = {"id", "name", "name_de", "color", "expansion", "copies", "armor", "elusive_armor", "attacks",
              "abilities", "defend", "summon", "resistances", "fame"}
HERO_KEYS = {"id", "name", "crystals", "deck"}
LEVEL_KEYS = {"level", "fame", "armor", "hand_limit", "command_tokens"}
ELEMENTS = {"physical", "fire", "ice", "cold_fire"}
RESISTANCES = {"physical", "fire", "ice"}
PILES = {"green", "gray", "violet", "brown", "red", "white"}


@pytest.fixture()
def client(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "c.db"), "SECRET_KEY": "test", "TESTING": True})
    return app.test_client()


def _values(collection):
    return list(collection.values()) if hasattr(collection, "values") else list(collection)


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_answers_a_list_under_its_own_name(client, kind):
    r = client.get(f"/api/v1/rules/{kind}")
    assert r.status_code == 200
    assert r.is_json
    body = r.get_json()
    assert list(body) == [kind]
    assert isinstance(body[kind], list)
    assert len(body[kind]) == len(_values(getattr(get_rules(), kind)))


@pytest.mark.parametrize("path", ["/api/v1/rules/dragons", "/api/v1/rules/Enemies", "/api/v1/rules/terrains"])
def test_unknown_kind_is_a_404_with_an_error_message(client, path):
    r = client.get(path)
    assert r.status_code == 404
    body = r.get_json()
    assert set(body) == {"error"}
    assert "unknown rules kind" in body["error"] and "enemies" in body["error"]


def test_index_lists_the_kinds(client):
    assert client.get("/api/v1/rules").get_json() == {"kinds": sorted(KINDS)}


def test_enemy_records_have_exactly_the_documented_fields(client):
    enemies = client.get("/api/v1/rules/enemies").get_json()["enemies"]
    data = get_rules().enemies
    for rec in enemies:
        assert set(rec) == ENEMY_KEYS, rec["id"]
        e = data[rec["id"]]
        assert rec["name"] == e.name and rec["name_de"] == e.name_de
        assert rec["color"] in PILES
        assert rec["armor"] == e.armor and rec["fame"] == e.fame and rec["copies"] == e.copies
        # "elusive_armor" (null if none)
        assert rec["elusive_armor"] == e.elusive_armor
        assert ("elusive" in rec["abilities"]) == (rec["elusive_armor"] is not None)
        for a in rec["attacks"]:
            assert set(a) == {"value", "element"}
            assert a["element"] in ELEMENTS
        assert [(a["value"], a["element"]) for a in rec["attacks"]] == [(a.value, a.element) for a in e.attacks]
        assert set(rec["resistances"]) <= RESISTANCES
        assert all(ab == ab.lower() and " " not in ab for ab in rec["abilities"])  # snake_case
        assert (rec["summon"] is None) == ("summon" not in rec["abilities"])
        assert (rec["defend"] is None) == ("defend" not in rec["abilities"])


def test_enemy_record_shape_with_a_stand_in_token(client, monkeypatch):
    """The shape, checked on a token whose every field is known (independent of the data files' progress)."""
    from companion.rules.data import Attack, Enemy
    import dataclasses
    import companion.web.rules_api as api

    e = Enemy("test_shade", "Test Shade", "Testschatten", "brown", "lost_legion", 2, 4, 6,
              (Attack(3, "cold_fire"), Attack(2, "physical")), ("elusive", "defend", "swift"), 1, None,
              ("fire", "ice"), 5, reputation=None, printing_note="x")
    fake = dataclasses.replace(get_rules(), enemies={"test_shade": e})
    monkeypatch.setattr(api, "get_rules", lambda: fake)
    body = client.get("/api/v1/rules/enemies").get_json()
    assert body == {"enemies": [{
        "id": "test_shade", "name": "Test Shade", "name_de": "Testschatten", "color": "brown",
        "expansion": "lost_legion", "copies": 2, "armor": 4, "elusive_armor": 6,
        "attacks": [{"value": 3, "element": "cold_fire"}, {"value": 2, "element": "physical"}],
        "abilities": ["elusive", "defend", "swift"], "defend": 1, "summon": None,
        "resistances": ["fire", "ice"], "fame": 5,
    }]}


def test_hero_records(client):
    heroes = client.get("/api/v1/rules/heroes").get_json()["heroes"]
    assert heroes, "the rules data has heroes"
    for h in heroes:
        assert set(h) == HERO_KEYS
        assert len(h["crystals"]) == 3 and set(h["crystals"]) <= {"red", "blue", "green", "white"}
        for card in h["deck"]:
            assert set(card) == {"name", "color", "count"}
        assert sum(c["count"] for c in h["deck"]) == 16  # the 16-card basic deck


def test_level_records(client):
    levels = client.get("/api/v1/rules/levels").get_json()["levels"]
    assert levels
    for lv in levels:
        assert set(lv) == LEVEL_KEYS
    assert [lv["level"] for lv in levels] == list(range(1, len(levels) + 1))
    first = levels[0]
    assert first["fame"] == 0  # Rulebook, Player Setup: every hero starts at 0 Fame, level 1


def test_reputation_records(client):
    spaces = client.get("/api/v1/rules/reputation").get_json()["reputation"]
    assert spaces
    for s in spaces:
        assert set(s) == {"space", "modifier"}
    x = [s for s in spaces if s["space"] == "X"]
    assert x == [{"space": "X", "modifier": None}]  # modifier null for X
    zero = [s for s in spaces if s["space"] == 0]
    assert zero == [{"space": 0, "modifier": 0}]


def test_city_records(client):
    cities = client.get("/api/v1/rules/cities").get_json()["cities"]
    for c in cities:
        assert set(c) == {"color", "bonus", "garrison"}
        assert list(c["garrison"]) == [str(n) for n in range(1, 12)]
        for piles in c["garrison"].values():
            assert piles and set(piles) <= PILES


def test_city_record_shape_with_a_stand_in_city(client, monkeypatch):
    import dataclasses
    from companion.rules.data import City
    import companion.web.rules_api as api

    garrison = {n: ("white",) * (1 + n // 4) for n in range(11, 0, -1)}  # deliberately unsorted
    city = City("blue", "Blue City", "Blaue Stadt", "+2 Attack", "+2 Angriff", garrison)
    fake = dataclasses.replace(get_rules(), cities={"blue": city})
    monkeypatch.setattr(api, "get_rules", lambda: fake)
    body = client.get("/api/v1/rules/cities").get_json()
    assert body["cities"][0]["color"] == "blue"
    assert body["cities"][0]["bonus"] == "+2 Attack"
    assert list(body["cities"][0]["garrison"]) == [str(n) for n in range(1, 12)]
    assert body["cities"][0]["garrison"]["4"] == ["white", "white"]


def test_tactic_records(client):
    tactics = client.get("/api/v1/rules/tactics").get_json()["tactics"]
    assert len(tactics) == 12  # Rulebook: six Day and six Night Tactic cards
    for t in tactics:
        assert set(t) == {"id", "name", "time", "number"}
    for time in ("day", "night"):
        assert sorted(t["number"] for t in tactics if t["time"] == time) == [1, 2, 3, 4, 5, 6]


@pytest.mark.parametrize("kind", ["units", "scenarios", "sites"])
def test_other_kinds_have_ids_and_both_names(client, kind):
    for rec in client.get(f"/api/v1/rules/{kind}").get_json()[kind]:
        assert rec["id"] and rec["name"] and rec["name_de"]


def test_api_is_json_even_for_a_wrong_method(client):
    r = client.post("/api/v1/rules/enemies")
    assert r.status_code == 405
    assert "error" in r.get_json()
