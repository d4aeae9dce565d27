"""English is complete, and Runewars in both languages. Every main page of a game (the pages of
test_no_internal_ids and test_german_pages_complete) rendered in English shows no German: no phrase or word that only
the German catalog uses, no German function word, no umlaut. Every page of a Runewars game (seed 001), walked
through a whole battle and a duel (the new-game form and its refusal, who-are-you, the battle page before, during and
after a battle, the heroes page with a duel, an attribute test and the hero limit, the log, the invite page and a
refused change), shows that in English, and in German no English (no translated msgid verbatim, no word only the
English messages use, no English function word: the checker of test_german_pages_complete). Text marked with the
other language's ``lang`` (the language picker's "Deutsch" / "English") is skipped."""

from __future__ import annotations

import itertools
import re

import pytest

from test_german_pages_complete import WORD, _english, _more_pages, english_in, only_in, visible
from test_no_internal_ids import _pages, client  # noqa: F401  (the client fixture)

#: German words that English never uses (lower case; not "die", "den", "am", "an", "so": English words too)
GERMAN_FUNCTION_WORDS = re.compile(r"\b(der|das|und|nicht|mit|ist|eine|einen|einem|einer|für|auf|dem|des|sich|"
                                   r"oder|wird|keine|kein|dein|deine|deinen|noch|zuerst|wählt|wähle|über|zum|zur|"
                                   r"bei|nach|wenn|werden|sind|hat|alle|jeder|jede)\b", re.I)
UMLAUT = re.compile(r"[ÄÖÜäöüß]")
#: names the tests type in, and English words the German catalog uses where the English text comes from the rules
#: data (site and card names: "Monster Den", "Portal", "Tempo")
SAME_IN_BOTH = {"Elf", "Uthuk", "Zorg", "Mork", "Hulk", "Anna", "Ben", "Den", "Draconum", "Monster", "Portal",
                "Form", "Tempo",
                # the Rulebook's "Standard Rest" (A Player's Turn 7; the English text from rules_data/procedures.yaml)
                "Rest"}


def _german():
    """(German phrases of two or more words that the English text never has, words only the German messages use)."""
    return only_in("de", SAME_IN_BOTH)


def german_in(text: str, phrases, words) -> list[str]:
    found = [p for p in phrases if re.search(r"(?<!\w)" + re.escape(p) + r"(?!\w)", text)]
    found += sorted(set(WORD.findall(text)) & words)
    found += sorted({w.lower() for w in GERMAN_FUNCTION_WORDS.findall(text)})
    found += sorted(set(UMLAUT.findall(text)))
    return sorted(set(found))


def _do(client, gid, cmd, status=303, **form):
    r = client.post(f"/games/{gid}/do/{cmd}", data=dict(form, next=f"/games/{gid}/runewars"))
    assert r.status_code == status, re.sub(r"\s+", " ", r.get_data(as_text=True))[-1200:]
    return r


def runewars_pages(client):
    """(label, html) of every Runewars page, in whichever language the client chose, through a battle and a duel."""
    def get(url):
        r = client.get(url)
        assert r.status_code == 200, (url, r.status_code)
        return r.get_data(as_text=True)

    yield "new", get("/runewars/new")
    r = client.post("/runewars", data={"name_0": "Elf"})
    assert r.status_code == 400
    yield "new refused", r.get_data(as_text=True)
    r = client.post("/runewars", data={"name_0": "Elf", "name_1": "Uthuk"})
    gid = int(re.search(r"/games/(\d+)/who", r.headers["Location"]).group(1))
    yield "who", get(f"/games/{gid}/who")
    client.post(f"/games/{gid}/who", data={"player": "0"})
    page = f"/games/{gid}/runewars"
    yield "battle page, no units", get(page)
    _do(client, gid, "runewars_unit_type", owner="0", name="Zorg", initiative="3", shape="triangle", health="1")
    _do(client, gid, "runewars_unit_type", owner="1", name="Mork", initiative="2", shape="triangle", health="1")
    _do(client, gid, "runewars_unit_type", owner="1", name="Hulk", initiative="3", shape="circle", health="3",
        ability="Zapp")
    html = get(page)
    yield "battle page, unit types", html
    ids = dict((name, tid) for tid, name in re.findall(r'name="count_(t\d+)"[^>]*data-testid="rw-count-([^"]+)"',
                                                         html))
    _do(client, gid, "runewars_battle_start", attacker="0", defender="1", area="3A",
        **{f"count_{ids['Zorg']}": "2", f"count_{ids['Mork']}": "1", f"count_{ids['Hulk']}": "1"})
    yield "battle, draw", get(page)
    _do(client, gid, "runewars_battle_draw", type=ids["Mork"], damage="1")
    yield "battle, resolve", get(page)
    _do(client, gid, "runewars_battle_resolve", damage_1="Zorg 1")
    _do(client, gid, "runewars_battle_draw", type=ids["Zorg"], damage="2")
    _do(client, gid, "runewars_battle_draw", type=ids["Hulk"], special="1")
    yield "battle, special ability", get(page)
    r = _do(client, gid, "runewars_battle_resolve", status=400, damage_1="Mork 1", damage_2="Mork 1")
    yield "battle, refused target", r.get_data(as_text=True)
    _do(client, gid, "runewars_battle_resolve", damage_1="Hulk 1", damage_2="Hulk 1")
    yield "battle, tally", get(page)
    _do(client, gid, "runewars_battle_end", can_retreat="1", destination_units="0")
    yield "battle over", get(page)
    heroes = f"/games/{gid}/runewars/heroes"
    yield "heroes, no duel", get(heroes)
    _do(client, gid, "runewars_duel_start", attacker_player="1", attacker_name="Mork", attacker_health="4",
        defender_player="0", defender_name="Zorg", defender_health="3", defender_damage="1")
    _do(client, gid, "runewars_duel_round", attacker_icon="special", attacker_special="reward", attacker_value="2",
        defender_icon="rout", defender_value="1")
    yield "heroes, duel running", get(heroes)
    _do(client, gid, "runewars_duel_round", attacker_icon="damage", attacker_value="1", attacker_prevent="1",
        defender_icon="damage", defender_value="1")
    _do(client, gid, "runewars_limits", player="0", heroes="4", quests="4")
    _do(client, gid, "runewars_attribute_test", hero="Zorg", attribute="agility", value="2")
    yield "heroes, duel over, test, limits", get(heroes)
    yield "log", get(f"/games/{gid}/log")
    yield "invite", get(f"/games/{gid}/invite")


def test_the_german_checker_finds_german_and_skips_what_is_german_on_purpose():
    phrases, words = _german()
    assert german_in(visible("<p>Fame <b title='Zug beenden'>+1</b></p>", "de"), phrases, words)
    assert german_in(visible("<p>Zzz blorp der wug</p>", "de"), phrases, words) == ["der"]
    assert german_in(visible("<p>Heroes</p><button lang='de'>Deutsch</button>", "de"), phrases, words) == []
    assert german_in(visible("<p>Roll the die to see the Round of Combat</p>", "de"), phrases, words) == []


def other_language(lang: str, pages) -> tuple[dict, int]:
    """What of the other language each page of ``pages`` ((label, html) in ``lang``) shows, and how many pages."""
    if lang == "en":
        phrases, words = _german()
        check = lambda html: german_in(visible(html, "de"), phrases, words)  # noqa: E731
    else:
        phrases, words = _english()
        check = lambda html: english_in(visible(html, "en"), phrases, words)  # noqa: E731
    found, seen = {}, 0
    for label, html in pages:
        seen += 1
        assert f'<html lang="{lang}"' in html, label
        wrong = check(html)
        if wrong:
            found[label] = wrong[:10]
    return found, seen


@pytest.mark.parametrize("lang", ["en", "de"])
def test_runewars_pages_show_only_their_own_language(client, lang):  # noqa: F811
    client.post("/lang", data={"lang": lang})
    found, seen = other_language(lang, runewars_pages(client))
    assert seen == 16
    assert found == {}


def test_no_german_on_any_english_page(client):  # noqa: F811
    phrases, words = _german()
    found, seen = {}, 0
    for label, url in itertools.chain(_pages(client), _more_pages(client)):
        resp = client.get(url)
        assert resp.status_code == 200, (label, url, resp.status_code)
        seen += 1
        german = german_in(visible(resp.get_data(as_text=True), "de"), phrases, words)
        if german:
            found[label] = german[:10]
    assert seen >= 40
    assert found == {}
