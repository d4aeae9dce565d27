"""The German interface uses the German rulebook's terms (seed 002 is the authority).

Scans every German string the app can show - every msgstr of every German catalog, every string of the rules data
(the `*_de` names and texts; `sources:` are English citations and are skipped), the templates and the Python code -
for terms the German rulebook never uses, and names the official term instead.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from companion.i18n import merged_catalog
from companion.rules.data import get_rules

ROOT = Path(__file__).resolve().parents[1]
SEEDS = next((d for d in (ROOT.parent / "shared" / "seeds", ROOT.parent.parent / "shared" / "seeds") if d.is_dir()),
             None)  # ../shared/seeds beside the repository (CI, a checkout in main/), or beside a worktree's folder
SEED_DE = next(SEEDS.glob("002_*.txt"), None) if SEEDS else None

# wrong term (regular expression) -> the German rulebook's term (seed 002)
WRONG_TERMS = {
    r"Manaplättchen": "Manamarker",                      # mana token
    r"Meuchel\w*": "Attentäter",                         # Assassination
    r"\bResistenz\w*|(?:Feuer|Eis)-?[Rr]esistenz\w*": "Widerstand / Widerstände",  # resistance(s)
    r"Entschlossenheit": "Verbissenheit",                # Determination
    r"Maximale[rn]? (?:Wirkung|Effekt)": "Maximalwirkung",  # Maximal Effect
    r"Manaanspruch": "Manabesitz",                       # Mana Claim
    r"Unterirdische[rn]? Angriff": "Untergrundangriff",  # Underground Attack
    r"Ruhmesleiste": "Ruhmesanzeige",                    # Fame track
    r"Szenariobuch": "Szenarioheft",                     # Scenario Book
    # rampaging: "umherziehende Feinde"; "Marodierende Orks" (and "Marodierendem Ork") is the name of the green tokens
    r"(?i:\bmarodierend\w*\b)(?!\s+Orks?\b)": "umherziehend",
    r"(?i:schiedsrichtern)": "Kämpfe auswerten",        # "referee" as a verb: not a German word
    r"\bPrügel\b": "Größter Prügelknabe",                # Greatest Beating (scoring card)
    r"(?i:\bBlatt\b|Wertungsblatt)": "Wertungsbogen",   # the score sheet: one word (the rulebook has none of its own)
    r"(?<!Der )(?<!der )\bZug von %\(name\)s ist vorbei": "Der Zug von %(name)s ist vorbei",  # one word order
    r"Kampf abbrechen": "Kampf verwerfen",               # "Cancel the combat" is "Kampf verwerfen" everywhere
    # no capital after a semicolon where a sentence goes on: an article, pronoun or the Undo button's name
    r"; (?:Der|Die|Das|Den|Dem|Ein|Eine|Es|Er|Sie|Du|Ihr|Jeder|Kein|Keine|Dann|Beginnt|Öffnet|Rückgängig)\b":
        "; lower case (the sentence goes on)",
}
# A full sentence after a colon starts with a capital letter in German (Duden: "Nach einem Doppelpunkt wird das erste
# Wort eines ganzen Satzes großgeschrieben"): "Neue Runde: Das Deck des Dummyspielers wird gemischt". Found as a
# lower-case article or pronoun after ": " whose words up to the next comma, bracket or stop hold a finite verb; a
# fragment ("Kampfergebnis 2: alle Verteidiger besiegt", "einen Einheitentyp wählen") stays lower case.
SENTENCE_OPENERS = (r"der|die|das|den|dem|des|ein|eine|einen|einem|einer|kein|keine|keinen|jeder|jede|jedes|er|sie|"
                    r"es|du|ihr|wir|man|alle|dein|deine|sein|seine|niemand|keiner")
FINITE_VERBS = (r"wird|werden|ist|sind|war|hat|haben|hatte|kommt|geht|zieht|rückt|bringt|bringen|kann|können|muss|"
                r"müssen|darf|dürfen|sagt|legt|ersetzt|beginnt|gibt|erhält|zählt|zählen|mischt|deckt|gewinnt|wählt|"
                r"will|wählst|verliert|bleibt|bleiben|steht|zeigt|zeigte|kostet|braucht|führt|setzt|fügt|profitieren|"
                r"entfernt|endet|ruft|macht|sinkt|gilt|verhindert|nimmt|trifft|fällt|liegt|passt|gehört|spielt|"
                r"bekommt|dreht")
_AFTER_COLON = re.compile(r":\s+(?=(?:" + SENTENCE_OPENERS + r")\b((?:%\(\w+\)\+?\w|[^.;:!?,()–—])*))")
_FINITE = re.compile(r"\b(?:" + FINITE_VERBS + r")\b")


def lower_sentences_after_colon(text):
    """Where a full sentence after a colon starts in lower case: the index of its first letter."""
    return [m.end() for m in _AFTER_COLON.finditer(text) if _FINITE.search(m.group(1))]


# Card names the German rulebook does not print, kept as the German edition's card says (not a rules term).
ALLOWED = {"Kälteresistenz"}  # Cold Toughness (Tovak's basic action card)


def _strings(value, key=""):
    if key == "sources":
        return
    if isinstance(value, str):
        yield key, value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(v, str(k))
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v, key)


def _german_texts():
    for msg in merged_catalog("de"):
        strings = msg.string if isinstance(msg.string, (tuple, list)) else (msg.string,)
        for s in strings:
            if s:
                yield f"catalog msgstr for {msg.id!r}", s
    for path in sorted((ROOT / "rules_data").glob("*.yaml")):
        for key, s in _strings(yaml.safe_load(path.read_text(encoding="utf-8"))):
            yield f"rules_data/{path.name} ({key})", s
    for path in sorted((ROOT / "templates").rglob("*.html")) + sorted((ROOT / "companion").rglob("*.py")):
        yield str(path.relative_to(ROOT)), path.read_text(encoding="utf-8")


def _hits(text):
    for pattern, right in WRONG_TERMS.items():
        for m in re.finditer(pattern, text):
            if m.group(0) not in ALLOWED and not any(m.group(0) in a for a in ALLOWED):
                yield m.group(0), right


def test_no_german_string_uses_a_term_the_german_rulebook_never_uses():
    """German rulebook (seed 002): Manamarker, Attentäter, Widerstände, Verbissenheit, Maximalwirkung, Manabesitz,
    Untergrundangriff - never Manaplättchen, Meucheln, Resistenzen, ..."""
    bad = sorted({f"{where}: {wrong!r} -> {right!r}" for where, text in _german_texts() for wrong, right in _hits(text)})
    assert not bad, "terms the German rulebook never uses:\n" + "\n".join(bad)


def test_the_scan_finds_a_wrong_term():
    assert list(_hits("Erhalte ein Manaplättchen; auch bei Meucheln; alle Resistenzen; Feuerresistenz")) == [
        ("Manaplättchen", "Manamarker"), ("Meucheln", "Attentäter"), ("Resistenzen", "Widerstand / Widerstände"),
        ("Feuerresistenz", "Widerstand / Widerstände")]
    assert not list(_hits("Kälteresistenz; Feuer-Widerstand; Manamarker; Attentäter"))


def test_the_scan_finds_the_words_of_the_first_evening():
    """A first evening: "marodierend" for rampaging (seed 002: "umherziehend"; "Marodierende Orks" is the tokens' name),
    "schiedsrichtern", two word orders for a turn's end, a capital after a semicolon, "Blatt" beside "Bogen",
    "Prügel" for the Greatest Beating, "Kampf abbrechen" beside "Kampf verwerfen"."""
    found = [w for w, _right in _hits(
        "Marodierende Feinde; marodierend; Kämpfe schiedsrichtern; Zug von %(name)s ist vorbei; Prügel; "
        "sein Blatt; Wertungsblatt; Diesen Kampf abbrechen?; eingetragen; Rückgängig nimmt es zurück")]
    assert found == ["Marodierende", "marodierend", "schiedsrichtern", "Prügel", "Blatt", "Wertungsblatt",
                     "Zug von %(name)s ist vorbei", "Kampf abbrechen", "; Rückgängig"], found
    assert not list(_hits("Marodierende Orks | Marodierendem Ork | grün (Marodierende Orks) | umherziehende Feinde | "
                          "Der Zug von %(name)s ist vorbei | Größter Prügelknabe | Wertungsbogen | Kampf verwerfen | "
                          "Spielplan; Ruhm; Rot: Angriff +1; „Rückgängig“ nimmt es zurück"))


@pytest.mark.skipif(SEED_DE is None, reason="the seeds folder ../shared/seeds is not next to the repository")
def test_the_wrong_terms_are_absent_from_the_german_rulebook_and_the_right_ones_present():
    """Seed 002 itself: every term the scan refuses is absent from it, every official term is there."""
    text = re.sub(r"-\n", "", SEED_DE.read_text(encoding="utf-8"))
    for pattern, right in WRONG_TERMS.items():
        assert not re.search(pattern, text), pattern
    for right in ("Manamarker", "Attentäter", "Widerstände", "Verbissenheit", "Maximalwirkung", "Manabesitz",
                  "Untergrundangriff"):
        assert right in text, right


def test_card_names_use_the_german_rulebook_terms():
    """German rulebook (seed 002): Verbissenheit (Determination), Maximalwirkung (Maximal Effect), Manabesitz (Mana
    Claim), Untergrundangriff (Underground Attack, the night side of Underground Travel)."""
    cards = get_rules().cards
    assert cards["determination"].name_de == "Verbissenheit"
    assert cards["maximal_effect"].name_de == "Maximalwirkung"
    assert cards["mana_claim"].name_de == "Manabesitz"
    assert cards["underground_travel"].name_night_de == "Untergrundangriff"
    for hero in get_rules().heroes.values():
        for c in hero.deck:
            if c.id == "determination":
                assert c.name_de == "Verbissenheit"


def test_a_full_sentence_after_a_colon_starts_with_a_capital():
    """A first evening: "Neue Runde: das Deck des Dummyspielers wird gemischt" read in the log; a whole sentence after
    a colon starts with a capital letter in German ("Neue Runde: Das Deck ..."), a fragment does not. Every msgstr of
    every German catalog and every German text of the rules data."""
    bad = sorted({f"{where}: {text[max(0, i - 30):i + 40]!r}" for where, text in _german_texts()
                  if where.startswith(("catalog", "rules_data")) for i in lower_sentences_after_colon(text)})
    assert not bad, "a sentence after a colon in lower case:\n" + "\n".join(bad)


def test_the_colon_scan_tells_a_sentence_from_a_fragment():
    found = lower_sentences_after_colon(
        "Neue Runde: das Deck des Dummyspielers wird gemischt | Schlacht %(no)d: der %(side)s gewinnt | "
        "Sein Deck ist leer: er sagt das Rundenende an | X: keiner will mehr angreifen")
    assert len(found) == 4
    assert not lower_sentences_after_colon(
        "Neue Runde: Das Deck wird gemischt | Kampfergebnis 2: alle Verteidiger besiegt, Ort erobert | "
        "%(name)s (%(side)s): einen Einheitentyp wählen und ziehen | Interaktiver Kampf: die Farbe, die der vorige "
        "Spieler gewählt hat | Stärke der Festung (0: keine) | Symbol (Guiding symbol: das linke Manasymbol) wählt")
