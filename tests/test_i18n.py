"""Every piece of user-facing text goes through Flask-Babel and has its German translation."""

from companion.i18n import merged_catalog
from companion.i18n_check import extracted_messages


def test_every_user_facing_string_has_a_german_translation():
    catalog = merged_catalog("de")
    missing = {msgid: places for msgid, places in extracted_messages().items() if msgid not in catalog}
    assert not missing, "no German translation for:\n" + "\n".join(
        f"  {msgid!r}  ({', '.join(places[:2])})" for msgid, places in sorted(missing.items()))


def test_german_translations_keep_the_placeholders():
    """A translation that drops or renames a %(name)s placeholder would crash or mislead at run time."""
    import re

    pattern = re.compile(r"%\((\w+)\)[-+ #0-9.]*[sdif]")
    catalog = merged_catalog("de")
    bad = []
    for msg in catalog:
        ids = msg.id if isinstance(msg.id, (tuple, list)) else (msg.id,)
        strings = msg.string if isinstance(msg.string, (tuple, list)) else (msg.string,)
        wanted = sorted(set(p for i in ids if i for p in pattern.findall(i)))
        for string in strings:
            if string and sorted(set(pattern.findall(string))) != wanted:
                bad.append(ids[0])
    assert not bad, f"placeholders differ in: {bad}"


def test_german_page_uses_official_terms(client):
    client.post("/lang", data={"lang": "de"})
    html = client.get("/games/new").get_data(as_text=True)
    assert "Neues Spiel" in html and "Szenario" in html
