"""Languages: Flask-Babel with English (the msgids) and German.

German catalogs live in ``translations/de/LC_MESSAGES/*.po``, one file per feature (an installed wheel carries them
in ``companion/translations``: ``companion.resources``). At start-up they are merged and compiled into one
``messages.mo`` in the user's cache folder (``resources.cache_dir()``; the temporary folder if that cannot be
written), never into the package or the working directory, so no compiled file is kept anywhere it could go stale.
"""

from __future__ import annotations

import getpass
import hashlib
import os
import tempfile
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from flask import request, session
from flask_babel import Babel

from . import resources

SOURCE = resources.TRANSLATIONS
LANGUAGES = {"en": "English", "de": "Deutsch"}


def N_(message: str) -> str:
    """Mark a string for extraction; it is translated later, when shown."""
    return message


def merged_catalog(lang: str, source: Path = SOURCE) -> Catalog:
    """All ``*.po`` files of one language merged into one catalog (later files never override earlier ones)."""
    merged = Catalog(locale=lang)
    for po in sorted((source / lang / "LC_MESSAGES").glob("*.po")):
        with po.open("rb") as fh:
            cat = read_po(fh, locale=lang)
        for msg in cat:
            strings = msg.string if isinstance(msg.string, (tuple, list)) else (msg.string,)
            if msg.id and all(strings) and msg.id not in merged:
                merged.add(msg.id, msg.string, flags=[f for f in msg.flags if f != "fuzzy"])
    return merged


# What this process last compiled: (source folder, its catalogs' names, sizes and times) -> the compiled folder. An app
# made again in the same process (the tests make one per test) reuses it while no catalog changed.
_compiled: dict[tuple, Path] = {}


def _fingerprint(source: Path) -> tuple:
    catalogs = sorted(po for lang in LANGUAGES if lang != "en" for po in (source / lang / "LC_MESSAGES").glob("*.po"))
    return (str(source), *((str(po), po.stat().st_size, po.stat().st_mtime_ns) for po in catalogs))


def compile_translations(source: Path = SOURCE) -> Path:
    """Merge and compile each language's catalogs into ``<cache>/i18n-<hash of the source folder>``; that folder.
    Compiled once per process while the catalogs stay unchanged."""
    key = _fingerprint(source)
    build = _compiled.get(key)
    if build is not None and all((build / lang / "LC_MESSAGES" / "messages.mo").is_file()
                                 for lang in LANGUAGES if lang != "en"):
        return build
    digest = hashlib.sha1(str(source).encode()).hexdigest()[:10]
    try:
        build = _compile(source, resources.cache_dir() / f"i18n-{digest}")
    except OSError:  # no writable home (a service account): the temporary folder
        build = _compile(source, Path(tempfile.gettempdir()) / f"companion-i18n-{getpass.getuser()}-{digest}")
    _compiled[key] = build
    return build


def _compile(source: Path, build: Path) -> Path:
    for lang in LANGUAGES:
        if lang == "en":
            continue
        out = build / lang / "LC_MESSAGES"
        out.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=out, prefix=".messages-")  # atomically: other apps may read the folder
        with os.fdopen(fd, "wb") as fh:
            write_mo(fh, merged_catalog(lang, source))
        os.replace(tmp, out / "messages.mo")
    return build


def select_locale() -> str:
    chosen = session.get("lang")
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(list(LANGUAGES)) or "en"


def init_app(app) -> Babel:
    app.config.setdefault("BABEL_DEFAULT_LOCALE", "en")
    app.config["BABEL_TRANSLATION_DIRECTORIES"] = str(compile_translations())
    return Babel(app, locale_selector=select_locale)
