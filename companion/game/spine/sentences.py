"""Log sentences: a msgid and its arguments, rendered in each reader's language when shown. Pure Python."""

from __future__ import annotations

from typing import Any, Callable

from ...rules.text import N_, format_ok
from ...rules.text import UNFIT as _UNFIT  # what formatting stored text with unfit arguments can raise


def sentence(msg: str, translate: tuple[str, ...] = (), **args: Any) -> dict:
    """A sentence for the log: a msgid (mark it with ``N_``) and its arguments. ``translate`` names the arguments
    whose values are themselves msgids (a colour, a game term) to be translated when shown."""
    return {"msg": msg, "args": args, "t": list(translate)}


def plural_sentence(singular: str, plural: str, count: str, translate: tuple[str, ...] = (), **args: Any) -> dict:
    """A log sentence whose wording depends on a number (``ngettext`` when shown: "1 Wound card", "2 Wound
    cards", in every language's own plural rule). Mark the pair with ``Nn_`` so both are extracted."""
    return {"msg": singular, "plural": plural, "count": count, "args": args, "t": list(translate)}


def name_arg(en: str, de: str | None = None) -> dict:
    """A sentence argument that is a name from the rules data, shown in the reader's language."""
    return {"$name": [en, de or en]}


def _english_plural(singular: str, plural: str, n: Any) -> str:
    return singular if n == 1 else plural


UNREADABLE = N_("(an entry this version cannot show)")

# What the host's phone did for a player (game.spine.command.run records this wrapper around the command's
# sentence). Shown as one sentence: the inner sentence without its full stop, then who did it; the player named once
# (found by a first-evening walkthrough: "Ben's turn is over. (by the host for Ben)"). Stored events keep the
# wrapper's msgid: only how it reads changed.
HOST_FOR = "%(what)s (by the host for %(name)s)"
BY_THE_HOST = N_("%(what)s (by the host).")
BY_THE_HOST_FOR = N_("%(what)s (by the host for %(name)s).")


def _names(s: Any, name: Any) -> bool:
    """Whether a sentence's arguments already name ``name`` (a player's name)."""
    if not isinstance(s, dict) or not isinstance(s.get("args"), dict) or not isinstance(name, str):
        return False
    return any(v == name for v in s["args"].values())


def _host_for(s: dict) -> tuple[dict, bool]:
    """The host-for wrapper read as one sentence (its msgid chosen here); other sentences as they are. The bool:
    the nested sentence loses its full stop."""
    args = s.get("args")
    if s.get("msg") != HOST_FOR or s.get("nested") != "what" or not isinstance(args, dict) \
            or not isinstance(args.get("what"), dict):
        return s, False
    return dict(s, msg=BY_THE_HOST if _names(args["what"], args.get("name")) else BY_THE_HOST_FOR), True


def render_sentence(s: Any, translate: Callable[[str], str] = lambda m: m, lang: str = "en",
                    nplural: Callable[[str, str, Any], str] | None = None) -> str:
    """The sentence in the page's language. Never raises: a stored sentence this version cannot read (a game file an
    earlier version imported, or one edited by hand) shows as its message text, or as ``UNREADABLE``, so no page
    fails on it."""
    try:
        text = _render(s, translate, lang, nplural)
    except Exception:  # noqa: BLE001 - any malformed stored sentence: shown as unreadable, never a 500
        text = None
    if isinstance(text, str):
        return text
    msg = s.get("msg") if isinstance(s, dict) else s
    return msg if isinstance(msg, str) and msg else translate(UNREADABLE)


def _render(s: dict, translate: Callable[[str], str], lang: str,
            nplural: Callable[[str, str, Any], str] | None) -> str:
    if not (isinstance(s["msg"], str) and format_ok(s["msg"]) and format_ok(str(s.get("plural") or ""))):
        raise ValueError("a sentence this version does not format")  # e.g. a huge width: never formatted
    s, clause = _host_for(s)
    args = dict(s.get("args", {}))
    nested = s.get("nested")
    if nested and isinstance(args.get(nested), dict) and "msg" in args[nested]:
        args[nested] = _render(args[nested], translate, lang, nplural)
        if clause:
            args[nested] = args[nested].rstrip().removesuffix(".")
    for key, value in args.items():
        if isinstance(value, dict) and "$name" in value:
            en, de = value["$name"]
            args[key] = de if lang == "de" else en
    for key in s.get("t", []):
        if isinstance(args.get(key), str):
            args[key] = translate(args[key])
        elif isinstance(args.get(key), list):
            args[key] = "; ".join(translate(x) for x in args[key])
    english = s["msg"]
    if isinstance(s.get("plural"), str):
        n = args.get(s.get("count") or "n")
        english = _english_plural(s["msg"], s["plural"], n)
        try:
            return (nplural or _english_plural)(s["msg"], s["plural"], n) % args
        except _UNFIT:
            pass
    else:
        try:
            return translate(s["msg"]) % args
        except _UNFIT:
            pass
    try:  # a translation that does not fit its arguments: the English sentence
        return english % args
    except _UNFIT:
        try:
            return s["msg"] % args
        except _UNFIT:
            return s["msg"]
