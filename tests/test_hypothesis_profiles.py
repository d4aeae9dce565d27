"""The property tests run derandomized on CI (tests/conftest.py registers the "ci" and "dev" Hypothesis profiles):
the same examples on every CI run, new ones on a developer's machine."""

import os
import subprocess
import sys
from pathlib import Path

from hypothesis import settings

ROOT = Path(__file__).resolve().parent.parent


def test_the_ci_profile_is_derandomized_and_the_dev_profile_is_not():
    assert settings.get_profile("ci").derandomize is True
    assert settings.get_profile("ci").database is None
    assert settings.get_profile("dev").derandomize is False


def test_the_ci_environment_variable_chooses_the_ci_profile():
    code = "import conftest; from hypothesis import settings; print(settings.default.derandomize)"
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "HYPOTHESIS_PROFILE")}
    out = {}
    for name, extra in (("ci", {"CI": "true"}), ("dev", {})):
        r = subprocess.run([sys.executable, "-c", code], cwd=ROOT / "tests", env={**env, **extra, "PYTHONPATH": str(ROOT)},
                           capture_output=True, text=True, timeout=60)
        assert r.returncode == 0, r.stderr
        out[name] = r.stdout.strip()
    assert out == {"ci": "True", "dev": "False"}
