"""``Invalid``: a refusal with its reason (a msgid and its arguments, translated when shown), and the message
arguments it carries (names, game terms, log sentences). All of the game layer raises it: the parsing layer
(``fields``), the payload checks (``payloads``), the commands (``command``, which re-exports these names). A leaf:
it imports only the rules' text helpers and ``sentences``. No Flask."""

from __future__ import annotations

from typing import Any, Callable

from ...rules.text import plural_form
from .sentences import render_sentence


class Invalid(ValueError):
    """The command's input is wrong, or the game's state does not allow it now; the message says why (a msgid
    with arguments, translated when shown)."""

    def __init__(self, message: str, **args: Any):
        super().__init__(message % {k: arg_text(v) for k, v in args.items()} if args else message)
        self.msgid = message
        self.args_ = args

    def translated(self, translate: Callable[[str], str], lang: str = "en") -> str:
        args = {k: arg_text(v, translate, lang) for k, v in self.args_.items()}
        try:
            return translate(self.msgid) % args if args else translate(self.msgid)
        except (KeyError, TypeError, ValueError):
            return str(self)


class InvalidN(Invalid):
    """A refusal whose wording depends on a count ("1 unit", "2 units"): shown through ngettext when the
    translate function carries one (the web layer's ``ui_gettext``), otherwise by the English rule."""

    def __init__(self, singular: str, plural: str, count: str = "n", **args: Any):
        n = args.get(count)
        super().__init__(singular if n == 1 else plural, **args)
        self.msgid = singular
        self.plural = plural
        self.count = count

    def translated(self, translate: Callable[[str], str], lang: str = "en") -> str:
        args = {k: arg_text(v, translate, lang) for k, v in self.args_.items()}
        try:
            return plural_form(self.msgid, self.plural, self.args_.get(self.count), translate) % args
        except (KeyError, TypeError, ValueError):
            return str(self)


class NotYours(Invalid):
    """A refusal because of who gives the command (another player's turn): the web layer answers 403."""


class NeedsConfirm(Invalid):
    """A refusal the table may overrule: the same command sent again with ``confirm`` true goes through (the page
    offers "Move on anyway" beside the reason)."""


def term(msgid: str) -> dict:
    """A message argument that is a game term (a msgid itself), translated when shown."""
    return {"$term": msgid}


def arg_text(value: Any, translate: Callable[[str], str] = lambda m: m, lang: str = "en") -> Any:
    """A message argument in the reader's language: names (``name_arg``) and terms (``term``)."""
    if isinstance(value, dict) and "$name" in value:
        en, de = value["$name"]
        return de if lang == "de" else en
    if isinstance(value, dict) and "$term" in value:
        return translate(value["$term"])
    if isinstance(value, dict) and "msg" in value:  # a log sentence (e.g. the event an undo is refused for)
        return render_sentence(value, translate, lang)
    return value
