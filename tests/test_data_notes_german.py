"""German is complete on the rules reference too: every printing note of the rules data (rules_data/*.yaml,
``printing_note``) has a German translation in translations/de/LC_MESSAGES/notes.po, and the German page shows it
(no "(data note, in English)" left)."""

from pathlib import Path

import yaml
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]


def printing_notes() -> set[str]:
    notes: set[str] = set()

    def walk(x):
        if isinstance(x, dict):
            for k, v in x.items():
                if k == "printing_note" and isinstance(v, str):
                    notes.add(v)
                else:
                    walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    for f in sorted((ROOT / "rules_data").glob("*.yaml")):
        walk(yaml.safe_load(f.read_text(encoding="utf-8")))
    return notes


def test_every_printing_note_has_a_german_translation():
    with open(ROOT / "translations/de/LC_MESSAGES/notes.po", "rb") as f:
        catalog = read_po(f)
    german = {m.id: m.string for m in catalog if m.id}
    notes = printing_notes()
    assert notes
    assert sorted(n for n in notes if not german.get(n)) == []


def test_the_german_units_page_shows_the_notes_in_german(client):
    client.post("/lang", data={"lang": "de"})
    html = client.get("/rules/units", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert 'lang="de"' in html and "(Datenhinweis, auf Englisch)" not in html
    assert "prüfe deine Karte" in html
