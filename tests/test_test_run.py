"""The test run's own machinery (docs/performance.md, "The test run"): the order the xdist workers get the tests in
(tests/scheduling.py), and the templates and URL builders made once a worker (tests/cheaper_apps.py). None may change
what a test sees: every test runs once, every template is the code its app would compile, and every URL is the one
werkzeug itself builds."""

from dataclasses import dataclass, field

from flask import Flask
from werkzeug.routing.rules import Rule

from cheaper_apps import SharedTemplates
from companion import create_app
from scheduling import in_browser, spread_heaviest_first


@dataclass
class Item:
    nodeid: str
    fixturenames: tuple = field(default_factory=tuple)

    def get_closest_marker(self, name):
        return None


def _items():
    browser = [Item(f"tests/browser/test_b.py::t{i}", ("phone", "browser", "server")) for i in range(12)]
    rest = [Item(f"tests/test_r.py::t{i}", ("client", "app")) for i in range(200)]
    known = {it.nodeid: 2.0 + i for i, it in enumerate(browser)}
    known.update({it.nodeid: 0.05 + (i % 7) * 0.3 for i, it in enumerate(rest)})
    return browser + rest, known


def _shares(order, workers):
    """xdist's worksteal: contiguous shares, each ``len // workers_left`` long."""
    out, left, start = [], len(order), 0
    for i in range(workers):
        size = left // (workers - i)
        out.append(order[start:start + size])
        start, left = start + size, left - size
    return out


def test_every_test_runs_once_whatever_the_number_of_workers():
    items, known = _items()
    for workers in (1, 2, 3, 4, 7):
        order = spread_heaviest_first(list(items), known, workers)
        assert sorted(it.nodeid for it in order) == sorted(it.nodeid for it in items)


def test_beside_a_worker_in_the_browser_the_other_computes_and_the_time_is_shared_evenly():
    items, known = _items()
    first, second = _shares(spread_heaviest_first(list(items), known, 2), 2)
    assert in_browser(first[0]) and not in_browser(first[-1])  # the even worker starts in the browser...
    assert not in_browser(second[0]) and in_browser(second[-1])  # ...while the odd one computes first
    browser_first = [known[it.nodeid] for it in first if in_browser(it)]
    assert browser_first == sorted(browser_first, reverse=True)  # each part longest first
    loads = [sum(known[it.nodeid] for it in share) for share in (first, second)]
    assert abs(loads[0] - loads[1]) <= max(known.values())
    assert {in_browser(it) for it in second} == {True, False}  # both workers drive the browser for a while


def test_a_browser_test_is_one_that_asks_for_the_browser():
    assert in_browser(Item("x", ("phone", "browser")))
    assert not in_browser(Item("x", ("client", "app")))


def test_the_url_builders_made_once_build_the_urls_werkzeug_builds(tmp_path):
    """Two apps made after each other share their builders; every route of the second builds the URL that werkzeug's
    own builder (not the shared one) builds for the same values."""
    assert getattr(Rule._compile_builder, "memoised", False)  # conftest set it up
    original = Rule._compile_builder.original
    create_app({"TESTING": True, "DATABASE": str(tmp_path / "a.db"), "SECRET_KEY": "x"})
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "b.db"), "SECRET_KEY": "x"})
    rules = list(app.url_map.iter_rules())
    assert len(rules) > 50
    for rule in rules:
        values = {name: (7 if name.endswith("id") or name in ("seq", "n") else "abc") for name in rule.arguments}
        for append_unknown in (False, True):
            ours = rule._compile_builder(append_unknown).__get__(rule, None)
            theirs = original(rule, append_unknown).__get__(rule, None)
            try:
                expected = theirs(**values, **({"extra": "q r"} if append_unknown else {}))
            except Exception as error:  # a converter that refuses the value refuses it in both
                expected = type(error)
            try:
                got = ours(**values, **({"extra": "q r"} if append_unknown else {}))
            except Exception as error:
                got = type(error)
            assert got == expected, rule.rule


def test_a_template_shared_by_the_apps_is_the_code_an_app_of_its_own_compiles(tmp_path):
    """Pages of a game rendered by one app (their templates compiled and shared); for every template shared, a new
    app's Jinja environment compiles the same code; a template whose source changed is not taken from the cache."""
    cache = Flask.jinja_options.get("bytecode_cache")
    assert isinstance(cache, SharedTemplates)  # conftest set it up
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "a.db"), "SECRET_KEY": "x",
                      "WTF_CSRF_ENABLED": False})
    client = app.test_client()
    created = client.post("/games", data={"scenario": "solo_conquest", "mode": "solo", "name_0": "Anna",
                                          "hero_0": "goldyx"})
    game = created.headers["Location"].split("/games/")[1].split("/")[0].split("?")[0]
    for path in ("", "/combat", "/score", "/dummy", "/log", "/story"):
        assert client.get(f"/games/{game}{path}").status_code == 200, path
    env = create_app({"TESTING": True, "DATABASE": str(tmp_path / "b.db"), "SECRET_KEY": "x"}).jinja_env
    compared = 0
    for name in env.list_templates():
        source, filename, _ = env.loader.get_source(env, name)
        bucket = cache.get_bucket(env, name, filename, source)
        if bucket.code is not None:
            compared += 1
            assert bucket.code == env.compile(source, name, filename), name
        assert cache.get_bucket(env, name, filename, source + " ").code is None  # a changed source: compiled again
    assert compared >= 20


def test_an_environment_with_other_settings_compiles_its_own_code():
    """The compiled code depends on the environment's settings (here: whitespace control): a template shared by one
    environment is not taken by another whose settings differ."""
    from jinja2 import DictLoader, Environment

    cache = SharedTemplates()
    loader = DictLoader({"t": "{% if true %}\nA\n  {% endif %}B"})
    plain = Environment(loader=loader, bytecode_cache=cache).get_template("t").render()
    trimmed = Environment(loader=loader, bytecode_cache=cache, trim_blocks=True,
                          lstrip_blocks=True).get_template("t").render()
    assert plain == Environment(loader=loader).get_template("t").render()
    assert trimmed == Environment(loader=loader, trim_blocks=True, lstrip_blocks=True).get_template("t").render()
    assert plain != trimmed


def test_a_default_in_the_path_is_built_by_its_own_rules_converter():
    """A default for a variable of the path is made a constant by the rule's own converter when werkzeug compiles the
    builder: two such rules differing only in the converter's arguments build different URLs."""
    from werkzeug.routing import Map
    from werkzeug.routing import Rule as Route

    padded = Map([Route("/p/<int(fixed_digits=3):n>", defaults={"n": 7}, endpoint="p")]).bind("x")
    plain = Map([Route("/p/<int:n>", defaults={"n": 7}, endpoint="p")]).bind("x")
    assert (padded.build("p"), plain.build("p")) == ("/p/007", "/p/7")
