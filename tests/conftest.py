import os
import sys

import pytest
from hypothesis import settings

# Every xdist worker imports the app and the ~150 test modules: with the compiled copies kept (__pycache__, ignored
# by git) a worker starts in 2.5 s of CPU instead of 7.6 s (the rewritten asserts and the app compiled again), even
# where PYTHONDONTWRITEBYTECODE is set (Docker images set it). Set before the app's first import.
sys.dont_write_bytecode = False

from companion import create_app  # noqa: E402  (after the line above)
from scheduling import durations, record_duration, save_durations, spread_heaviest_first  # noqa: E402
from cheaper_apps import memoise_url_builders, share_compiled_templates  # noqa: E402

# Most tests make an app of their own: its templates are compiled once a worker, not once an app (about half of a
# web test's time went to compiling them), and a third of making an app, werkzeug compiling a URL builder for each
# of the ~100 routes (37 ms -> 21 ms an app), is done once a worker too.
share_compiled_templates()
memoise_url_builders()


# Hypothesis profiles: "ci" (chosen when the CI environment variable is set) is derandomized - the same examples on
# every run, so a red build is reproducible and never flaky; "dev" (the default) draws new examples each run and
# keeps the failures it finds in .hypothesis/. HYPOTHESIS_PROFILE=ci chooses one by name.
settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
settings.register_profile("dev", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev"))


@pytest.fixture
def app(tmp_path):
    return create_app({"TESTING": True, "DATABASE": str(tmp_path / "t.db"), "SECRET_KEY": "test-secret",
                       "WTF_CSRF_ENABLED": False})


@pytest.fixture
def client(app):
    return app.test_client()


# ------------------------------------------------------------------ the test run's schedule (docs/performance.md)
def pytest_configure_node(node):
    """The durations of the last run, read once by the controller and handed to every worker: the workers must
    collect the same order, even if another run writes the cache meanwhile."""
    cache = getattr(node.config, "cache", None)
    node.workerinput["companion_durations"] = durations(cache) if cache is not None else {}


@pytest.hookimpl(trylast=True)  # after -k / -m took out what does not run: the shares are of what runs
def pytest_collection_modifyitems(config, items):
    """Under xdist, the browser tests and the others in each worker's share as tests/scheduling.py says (the
    durations of the last run kept in pytest's cache), longest first."""
    workerinput = getattr(config, "workerinput", {})
    if workerinput.get("workercount", 1) > 1:
        items[:] = spread_heaviest_first(items, workerinput.get("companion_durations") or {},
                                         workerinput["workercount"])


def pytest_runtest_logreport(report):
    record_duration(report)


def pytest_sessionfinish(session):
    if not hasattr(session.config, "workerinput") and getattr(session.config, "cache", None) is not None:
        save_durations(session.config.cache)
