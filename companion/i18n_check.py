"""Find every user-facing string (gettext calls, N_ and Invalid messages in Python, _() in templates)."""

from __future__ import annotations

from pathlib import Path

from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir

ROOT = Path(__file__).resolve().parent.parent
KEYWORDS = {**DEFAULT_KEYWORDS, "N_": None, "Nn_": (1, 2), "Invalid": None, "lazy_gettext": None, "_l": None, "T": None, "Tn": (1, 2),
            "InvalidN": (1, 2)}
METHOD_MAP = [("companion/**.py", "python"), ("templates/**.html", "jinja2")]


def extracted_messages(root: Path = ROOT) -> dict[str, list[str]]:
    """msgid -> the places it is used."""
    found: dict[str, list[str]] = {}
    for filename, lineno, message, _comments, _context in extract_from_dir(
        str(root), method_map=METHOD_MAP, keywords=KEYWORDS, options_map={"templates/**.html": {"trimmed": "true"}}
    ):
        msgid = message[0] if isinstance(message, tuple) else message
        if msgid:
            found.setdefault(msgid, []).append(f"{filename}:{lineno}")
    return found


def plural_messages(root: Path = ROOT) -> dict[str, str]:
    """singular msgid -> plural msgid, for every plural pair (``Nn_``, ``Tn``, ``InvalidN``, ``ngettext``)."""
    found: dict[str, str] = {}
    for _filename, _lineno, message, _comments, _context in extract_from_dir(
        str(root), method_map=METHOD_MAP, keywords=KEYWORDS, options_map={"templates/**.html": {"trimmed": "true"}}
    ):
        if isinstance(message, tuple) and len(message) >= 2 and message[0] and message[1]:
            found[message[0]] = message[1]
    return found
