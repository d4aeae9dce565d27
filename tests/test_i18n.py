"""Every piece of user-facing text goes through Flask-Babel and has its German translation."""

import os

from babel.messages.mofile import read_mo

from companion.i18n import compile_translations, merged_catalog
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


def test_plural_entries_have_both_german_forms():
    """A plural msgid (``Nn_``, ``Tn``, ``InvalidN``, ngettext) needs msgid_plural and both German forms."""
    from companion.i18n_check import plural_messages

    catalog = merged_catalog("de")
    bad = []
    for singular, plural in plural_messages().items():
        msg = catalog.get(singular)
        if msg is None or not isinstance(msg.id, (tuple, list)) or msg.id[1] != plural \
                or not isinstance(msg.string, (tuple, list)) or len(msg.string) < 2 or not all(msg.string):
            bad.append(singular)
    assert not bad, f"plural entries missing or incomplete: {bad}"


def test_no_count_is_written_with_s_in_brackets():
    """Counts are plural through ngettext, never "Wound(s)" / "Verletzung(en)"."""
    import re

    found = extracted_messages()
    bad = {m for m in found if re.search(r"\w\((s|es)\)", m)}
    catalog = merged_catalog("de")
    bad |= {m.id for m in catalog if isinstance(m.string, str) and re.search(r"\w\((en|n|e|s)\)", m.string)
            and m.id in found}
    assert not bad, sorted(bad)


def test_explanation_line_with_a_count_chooses_its_form_and_round_trips():
    """Rulebook Assign Damage 5a, one Wound per started Armor: "1 Wound", "2 Wounds", German "Verletzungen"."""
    from companion import create_app
    from companion.rules.text import Tn, from_json, translate_line
    from companion.web.language import ui_gettext

    one = Tn("%(n)d Wound into the discard pile", "%(n)d Wounds into the discard pile", "n", n=1)
    two = Tn("Quick reference, Poison: %(n)d more Wound into the discard pile",
             "Quick reference, Poison: %(n)d more Wounds into the discard pile", "n", n=2)
    assert one == "1 Wound into the discard pile" and two.endswith("2 more Wounds into the discard pile")
    back = from_json(two.to_json())
    assert back == two and isinstance(back, Tn)
    import pickle
    assert pickle.loads(pickle.dumps(two)) == two


def test_explanation_line_with_a_count_in_german(client):
    from flask_babel import force_locale

    from companion.rules.text import Tn, translate_line
    from companion.web.language import ui_gettext

    line = Tn("Quick reference, Poison: %(n)d more Wound into the discard pile",
              "Quick reference, Poison: %(n)d more Wounds into the discard pile", "n", n=1)
    with client.application.test_request_context(), force_locale("de"):
        assert translate_line(line, ui_gettext, "de") == "Übersicht, Giftig: 1 weitere Verletzung auf den Ablagestapel"
        line2 = Tn(line.msgid, line.plural, "n", n=3)
        assert translate_line(line2, ui_gettext, "de").endswith("3 weitere Verletzungen auf den Ablagestapel")


def test_refusal_with_a_count_in_both_languages(client):
    from flask_babel import force_locale

    from companion.game.spine.command import InvalidN
    from companion.web.language import ui_gettext

    err = InvalidN("%(name)s has %(n)d Command token and %(n)d unit: disband one first.",
                   "%(name)s has %(n)d Command tokens and %(n)d units: disband one first.", "n", name="Ann", n=1)
    assert str(err) == "Ann has 1 Command token and 1 unit: disband one first."
    with client.application.test_request_context(), force_locale("de"):
        err2 = InvalidN(err.msgid, err.plural, "n", name="Ann", n=2)
        assert err2.translated(ui_gettext, "de") == "Ann hat 2 Befehlsplättchen und 2 Einheiten: erst eine entlassen."


def test_catalogs_compile_once_per_process_and_again_when_one_changes(tmp_path, monkeypatch):
    """An app made again in the same process reuses the compiled catalog; a changed catalog is compiled anew."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    src = tmp_path / "translations"
    (src / "de" / "LC_MESSAGES").mkdir(parents=True)
    po = src / "de" / "LC_MESSAGES" / "one.po"
    po.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "Round"\nmsgstr "Runde"\n')
    built = compile_translations(src)
    mo = built / "de" / "LC_MESSAGES" / "messages.mo"
    first = mo.stat().st_mtime_ns
    assert compile_translations(src) == built and mo.stat().st_mtime_ns == first  # not written again
    po.write_text(po.read_text() + '\nmsgid "Day"\nmsgstr "Tag"\n')
    os.utime(po, ns=(first + 10**9, first + 10**9))
    with mo.open("rb") as fh:
        assert "Day" not in read_mo(fh)
    compile_translations(src)
    with mo.open("rb") as fh:
        assert read_mo(fh)["Day"].string == "Tag"
