"""Cheaper apps for the tests (docs/performance.md, "The test run"): werkzeug's URL builders made once a worker."""


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
        key = (tuple(self._trace), tuple(sorted((k, repr(v)) for k, v in (self.defaults or {}).items())),
               append_unknown)
        if key not in built:
            built[key] = original(self, append_unknown)
        return built[key]

    compile_builder.memoised = True
    compile_builder.original = original
    Rule._compile_builder = compile_builder
