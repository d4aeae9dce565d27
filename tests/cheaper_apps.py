"""Cheaper apps for the tests (docs/performance.md, "The test run"): most tests make an app of their own, and the
same work was done again in each: the templates compiled (about half of a web test's time) and werkzeug's URL
builders. Both are made once a worker (a test process) and shared by its apps; what they make is the same."""

from jinja2.bccache import BytecodeCache


def memoise_url_builders() -> None:
    """Werkzeug compiles each route's URL builder (``Rule._compile_builder``: Python source generated from the route's
    parts, compiled) in every app; the tests make about two thousand apps from the same routes. The builder is a plain
    function of the rule (bound to it afterwards: ``.__get__(rule)``) and depends only on the rule's parsed parts
    (``_trace``) and its defaults, so one built for an equal rule is reused. Left alone if werkzeug changes its shape.
    """
    import inspect

    from werkzeug.routing.rules import Rule

    original = Rule._compile_builder
    if getattr(original, "memoised", False) or list(inspect.signature(original).parameters) != ["self",
                                                                                                "append_unknown"]:
        return
    built: dict = {}

    def compile_builder(self, append_unknown=True):
        if set(self.defaults or ()) & self.arguments:  # a default in the path: made a constant by the rule's converter
            return original(self, append_unknown)
        key = (tuple(self._trace), tuple(sorted((k, repr(v)) for k, v in (self.defaults or {}).items())),
               append_unknown)
        if key not in built:
            built[key] = original(self, append_unknown)
        return built[key]

    compile_builder.memoised = True
    compile_builder.original = original
    Rule._compile_builder = compile_builder


class SharedTemplates(BytecodeCache):
    """A Jinja bytecode cache kept in memory and shared by every app of the process (``Flask.jinja_options``, the
    documented way to pass options to each app's Jinja environment): a template compiled by one app is taken by
    the next as long as its source is the same (Jinja's bucket carries the source's checksum; a changed template is
    compiled again). Every app is made by ``create_app`` with the same Jinja settings, so the compiled code is the
    same; a code object is never changed, so it is kept as it is (no marshalling)."""

    def __init__(self):
        self.compiled: dict = {}

    def load_bytecode(self, bucket):
        kept = self.compiled.get((settings(bucket.environment), bucket.key))
        if kept is not None and kept[0] == bucket.checksum:
            bucket.code = kept[1]

    def dump_bytecode(self, bucket):
        self.compiled[(settings(bucket.environment), bucket.key)] = (bucket.checksum, bucket.code)


def settings(env) -> tuple:
    """What of a Jinja environment the compiled code depends on: its syntax, whitespace and newline settings, its
    extensions (and the i18n extension's style), autoescape (a setting or the function that decides it), and the
    names of its filters and tests (an unknown one is refused at compile time)."""
    autoescape = env.autoescape if isinstance(env.autoescape, bool) else getattr(
        getattr(env.autoescape, "__func__", env.autoescape), "__qualname__", repr(env.autoescape))
    return (env.block_start_string, env.block_end_string, env.variable_start_string, env.variable_end_string,
            env.comment_start_string, env.comment_end_string, env.line_statement_prefix, env.line_comment_prefix,
            env.trim_blocks, env.lstrip_blocks, env.newline_sequence, env.keep_trailing_newline, env.optimized,
            tuple(sorted(env.extensions)), getattr(env, "newstyle_gettext", None), autoescape,
            tuple(sorted(env.filters)), tuple(sorted(env.tests)), env.is_async)


def share_compiled_templates() -> SharedTemplates:
    from flask import Flask

    cache = Flask.jinja_options.get("bytecode_cache")
    if not isinstance(cache, SharedTemplates):
        cache = SharedTemplates()
        Flask.jinja_options = {**Flask.jinja_options, "bytecode_cache": cache}
    return cache
