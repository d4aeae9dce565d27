"""A refused form without JavaScript: the page the form was on, again, with the reason right after that form and
what was typed back in its fields (the 4xx status stays). The reason is focused on load (``autofocus`` on the
message), so the browser scrolls it into view without a script. With JavaScript, static/app.js does the same in
place (the page is not reloaded at all).

Only a page of this app (the Referer, checked by ``wiring.safe_back``) that holds a form posting to the refused
address is re-rendered; anything else gets the plain error page. Rendering only: no rule is decided here.
"""

from __future__ import annotations

import html
import re

from flask import current_app, render_template, request
from werkzeug.test import EnvironBuilder
from werkzeug.wrappers import Response

FORM = re.compile(r"<form\b[^>]*>.*?</form>", re.S)
ATTR = re.compile(r'([\w-]+)="([^"]*)"')
INPUT = re.compile(r"<input\b[^>]*>")
SELECT = re.compile(r'(<select\b[^>]*\bname="([^"]*)"[^>]*>)(.*?)(</select>)', re.S)
OPTION = re.compile(r"(<option\b[^>]*>)([^<]*)")
TEXTAREA = re.compile(r'(<textarea\b[^>]*\bname="([^"]*)"[^>]*>)(.*?)(</textarea>)', re.S)
BOOKKEEPING = {"csrf_token", "based_on", "nonce", "next"}
TYPED = {"number", "text", "search", "email", "tel", "url", ""}


def attrs(tag: str) -> dict[str, str]:
    return {k: html.unescape(v) for k, v in ATTR.findall(tag)}


def refused_page(title, message, status: int, back: str | None) -> tuple[str, int] | None:
    """The page ``back`` again with the refusal beside the form that was sent, or None when that cannot be done."""
    if request.method != "POST" or status == 413 or not back or back.split("?")[0] == request.path:
        return None  # (a body too large is not read again)
    try:
        page = _render_get(back)
        match = _the_form(page) if page is not None else None
        if match is None:
            return None
        form = _refill(match.group(0))
    except Exception:  # a page that cannot be shown again: the plain error page instead
        current_app.logger.exception("could not re-render %s for a refusal", back)
        return None
    note = render_template("_refusal.html", title=title, message=message, status=status)
    return page[:match.start()] + form + note + page[match.end():], status


def _render_get(path: str) -> str | None:
    """The page at ``path`` as this device sees it (its cookies), rendered in-process."""
    app = current_app._get_current_object()
    headers = {k: v for k, v in request.headers.items() if k in ("Cookie", "Accept-Language", "Host")}
    path, _sep, query = path.partition("?")
    environ = EnvironBuilder(path=path, query_string=query, method="GET", headers=headers,
                             base_url=request.host_url).get_environ()
    with app.app_context():  # its own context (g, database connection), as a request of its own would have
        resp = Response.from_app(app.wsgi_app, environ)
    if resp.status_code != 200 or resp.mimetype != "text/html":
        return None
    return resp.get_data(as_text=True)


def _the_form(page: str):
    """The form that was sent: one posting to this address whose hidden fields match what was sent."""
    best, best_score = None, -1
    for m in FORM.finditer(page):
        head = attrs(m.group(0)[:m.group(0).index(">") + 1])
        if head.get("action", "").split("?")[0] != request.path:
            continue
        hidden = [attrs(t) for t in INPUT.findall(m.group(0)) if attrs(t).get("type") == "hidden"]
        hidden = [h for h in hidden if h.get("name") and h["name"] not in BOOKKEEPING]
        if any(request.form.get(h["name"]) != h.get("value", "") for h in hidden):
            continue
        if len(hidden) > best_score:
            best, best_score = m, len(hidden)
    return best


def _refill(form: str) -> str:
    """What was typed, back in its fields: typed inputs by name in order, the chosen options (an option without a
    value by its text), ticked boxes, text areas."""
    seen: dict[str, int] = {}

    def one_input(m) -> str:
        tag = m.group(0)
        a = attrs(tag)
        name, kind = a.get("name"), a.get("type", "")
        if not name or kind in ("hidden", "submit", "button") or name in BOOKKEEPING:
            return tag
        if kind in ("checkbox", "radio"):
            on = a.get("value", "on") in request.form.getlist(name)
            tag = re.sub(r"\schecked(?=[\s>/])", "", tag)
            return tag[:-1] + " checked>" if on else tag
        if kind not in TYPED:
            return tag
        values = request.form.getlist(name)
        i = seen.get(name, 0)
        seen[name] = i + 1
        if i >= len(values):
            return tag
        value = html.escape(values[i], quote=True)
        tag = re.sub(r'\svalue="[^"]*"', "", tag)
        return tag[:-1] + f' value="{value}">'

    def one_select(m) -> str:
        name = m.group(2)
        if name not in request.form:
            return m.group(0)
        chosen = request.form.get(name)

        def option(o) -> str:
            tag = re.sub(r"\sselected(?=[\s>/])", "", o.group(1))
            value = attrs(tag).get("value", html.unescape(o.group(2)).strip())  # no value: its text is sent
            return (tag[:-1] + " selected>" if value == chosen else tag) + o.group(2)

        return m.group(1) + OPTION.sub(option, m.group(3)) + m.group(4)

    def one_textarea(m) -> str:
        name = m.group(2)
        if name not in request.form or name in BOOKKEEPING:
            return m.group(0)
        return m.group(1) + html.escape(request.form.get(name), quote=False) + m.group(4)

    return TEXTAREA.sub(one_textarea, SELECT.sub(one_select, INPUT.sub(one_input, form)))
