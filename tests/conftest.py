import os

import pytest
from hypothesis import settings

from companion import create_app

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
