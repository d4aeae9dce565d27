"""The distribution as a user gets it: the wheel is built from a copy of the repository, installed into a fresh
virtual environment outside the checkout (as pipx makes one: ``python -m venv --without-pip``, then a pip outside
it installs into it) together with its dependencies from the package index pip is configured with, started with its `companion` command, and every main
page answers (the templates, static files, rules data and translations are in the wheel).

Without a reachable index (an offline laptop: pip's cache alone cannot resolve the dependencies) the wheel is
installed without dependencies and the environment reads the test run's own site-packages through a path entry (so
it sees the installed packages but none of their start-up hooks: an editable checkout of this project cannot leak
in); a warning in the test output says so. Either way the test checks that every requirement the wheel declares is
met in the environment."""

from __future__ import annotations

import http.cookiejar
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import sysconfig
import time
import tomllib
import urllib.error
import urllib.request
import warnings
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SOURCES = ("pyproject.toml", "README.md", "companion", "templates", "static", "rules_data", "translations")
FOLDERS = {"templates": "companion/templates/base.html", "static": "companion/static/app.css",
           "rules_data": "companion/rules_data/enemies.yaml",
           "translations": "companion/translations/de/LC_MESSAGES/"}

pytestmark = pytest.mark.wheel


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel built (``pip wheel``, no build isolation: the test extras bring setuptools) from a copy of the
    repository's files, so the checkout gets no build/ or egg-info folder."""
    src = tmp_path_factory.mktemp("src")
    for name in SOURCES:
        if (REPO / name).is_dir():
            shutil.copytree(REPO / name, src / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(REPO / name, src / name)
    dist = tmp_path_factory.mktemp("dist")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--quiet",
                    "--disable-pip-version-check", "-w", str(dist), str(src)], check=True, timeout=300)
    (whl,) = dist.glob("mage_knight_companion-*.whl")
    return whl


def test_pyproject_lists_every_package():
    """pyproject.toml lists the packages by hand (four of them are the mapped folders): a new package under
    companion/ must be added there, or the wheel would lack it."""
    config = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]
    on_disk = {".".join(p.parent.relative_to(REPO).parts) for p in (REPO / "companion").rglob("__init__.py")}
    mapped = {f"companion.{name}" for name in FOLDERS}
    assert set(config["packages"]) == on_disk | mapped
    assert config["package-dir"] == {f"companion.{name}": name for name in FOLDERS}


def test_the_wheel_carries_the_apps_files(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    for folder, example in FOLDERS.items():
        assert any(n.startswith(example) for n in names), folder
    assert any(n.startswith("companion/static/vendor/htmx-") for n in names)
    assert any(n.endswith("/entry_points.txt") for n in names)
    assert "Name: mage-knight-companion" in _metadata(wheel)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _site_packages() -> list[str]:
    paths = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    import site

    paths.update(site.getsitepackages())
    if site.ENABLE_USER_SITE:
        paths.add(site.getusersitepackages())
    return sorted(p for p in paths if Path(p).is_dir())


def _pip(python: Path, *args: str, timeout: float = 300) -> subprocess.CompletedProcess:
    """pip (the test run's: the environment has none of its own, as with pipx) acting on the environment of
    ``python``, with the user's pip settings (index, proxy, cache) but none of the test run's Python settings."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    return subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "--disable-pip-version-check",
                           *args], env=env, capture_output=True, text=True, timeout=timeout)


def _index_reachable(python: Path, wheel: Path, probe: Path) -> bool:
    """Whether pip can fetch the wheel's first dependency (from the index or its cache): one quick try, no
    retries, so an offline machine is told in seconds."""
    requires = [line.split(":", 1)[1].strip() for line in _metadata(wheel).splitlines()
                if line.startswith("Requires-Dist:") and "extra ==" not in line]
    out = _pip(python, "download", "--no-deps", "--retries", "0", "--timeout", "10", "--quiet", "-d", str(probe),
               requires[0], timeout=120)
    return out.returncode == 0


def _metadata(wheel: Path) -> str:
    names = zipfile.ZipFile(wheel).namelist()
    return zipfile.ZipFile(wheel).read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory):
    """A fresh virtual environment outside the checkout with the wheel and its dependencies installed: (its bin
    folder, its python, a clean env to run the app in, the folder to run in, its site-packages, whether the
    dependencies came from the index)."""
    home = tmp_path_factory.mktemp("user")
    venv = home / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    bindir = venv / ("Scripts" if os.name == "nt" else "bin")
    python = bindir / ("python.exe" if os.name == "nt" else "python")
    purelib = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                                  check=True, capture_output=True, text=True).stdout.strip())
    from_index = _index_reachable(python, wheel, home / "probe")
    if from_index:
        out = _pip(python, "install", "--quiet", str(wheel))
        assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-3000:]
    else:
        warnings.warn("no package index reachable: the wheel is installed without its dependencies, which are read "
                      "from the test run's site-packages through a path entry", UserWarning, stacklevel=1)
        out = _pip(python, "install", "--no-deps", "--no-index", "--quiet", str(wheel))
        assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-3000:]
        # the dependencies: the test run's site-packages as plain path entries, after the venv's own
        Path(purelib, "zz_test_run_dependencies.pth").write_text("\n".join(_site_packages()) + "\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "XDG_", "COMPANION_", "VIRTUAL_ENV"))}
    env.update(HOME=str(home), XDG_CACHE_HOME=str(home / "cache"), XDG_DATA_HOME=str(home / "data"),
               PYTHONDONTWRITEBYTECODE="1")
    run_dir = home / "elsewhere"
    run_dir.mkdir()
    return bindir, python, env, run_dir, purelib, from_index


def test_the_installed_app_is_the_wheels_and_its_requirements_are_met(installed):
    from importlib.metadata import distributions

    from packaging.requirements import Requirement

    bindir, python, env, run_dir, purelib, from_index = installed
    out = subprocess.run([str(python), "-c", (
        "import companion, flask, json, sys\n"
        "print(json.dumps({'file': companion.__file__, 'flask': flask.__file__, 'path': sys.path}))")],
        cwd=run_dir, env=env, check=True, capture_output=True, text=True, timeout=120).stdout
    found = json.loads(out)
    assert Path(found["file"]).resolve().is_relative_to(purelib.resolve())
    # from the index, the dependencies are the environment's own (no path entry to the test run's packages)
    assert Path(found["flask"]).resolve().is_relative_to(purelib.resolve()) == from_index
    # every requirement the wheel declares is met by what the environment's python sees
    seen = [p for p in found["path"] if p]
    versions: dict[str, str] = {}
    for dist in distributions(path=seen):  # the first on the path is the one imported
        versions.setdefault(dist.metadata["Name"].lower().replace("_", "-"), dist.version)
    (app,) = [d for d in distributions(path=[str(purelib)]) if d.metadata["Name"] == "mage-knight-companion"]
    missing = []
    for text in app.requires or []:
        req = Requirement(text)
        if req.marker and not req.marker.evaluate({"extra": ""}):
            continue
        version = versions.get(req.name.lower().replace("_", "-"))
        if version is None or not req.specifier.contains(version, prereleases=True):
            missing.append(f"{text} (found {version})")
    assert missing == []
    version = subprocess.run([str(bindir / "companion"), "--version"], cwd=run_dir, env=env, capture_output=True,
                             text=True, timeout=120)
    assert version.returncode == 0 and re.fullmatch(r"companion \d+\.\d+\.\d+\S*", version.stdout.strip())


def _get(opener, url: str, **headers) -> tuple[int, str, str]:
    req = urllib.request.Request(url, headers=headers)
    with opener.open(req, timeout=20) as resp:
        return resp.status, resp.geturl(), resp.read().decode("utf-8")


def test_the_installed_command_serves_every_main_page(installed):
    bindir, _python, env, run_dir, purelib, _from_index = installed
    port = _free_port()
    db = run_dir.parent / "data" / "games.db"
    proc = subprocess.Popen([str(bindir / "companion"), "serve", "--host", "127.0.0.1", "--port", str(port),
                             "--db", str(db)], cwd=run_dir, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    package_files = sorted((purelib / "companion").rglob("*"))
    try:
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        deadline = time.time() + 40
        while True:
            try:
                status, _url, home = _get(opener, base + "/")
                break
            except (urllib.error.URLError, ConnectionError):
                if time.time() > deadline or proc.poll() is not None:
                    raise AssertionError(proc.stdout.read().decode() if proc.poll() is not None else "no answer")
                time.sleep(0.3)
        assert status == 200
        # a static file by its hashed name (static/ in the wheel, served from the cache folder)
        css = re.search(r'href="(/static/app\.[0-9a-f]{12}\.css)"', home)
        assert css, home[:500]
        assert _get(opener, base + css.group(1))[0] == 200
        # rules data and the German catalogs
        assert "Orc" in _get(opener, base + "/rules/enemies")[2] or "orc" in _get(opener, base + "/rules/enemies")[2]
        assert "Neues Spiel" in _get(opener, base + "/games/new", **{"Accept-Language": "de"})[2]
        for path in ("/games/new", "/rules", "/rules/units", "/rules/scenarios", "/rules/odds", "/runewars/new",
                     "/manifest.webmanifest"):
            assert _get(opener, base + path)[0] == 200, path
        # a game (made through the JSON API), joined by its link as a phone would, and each of its pages
        body = json.dumps({"scenario": "solo_conquest", "mode": "solo", "players": [{"name": "Anna",
                                                                                      "hero": "arythea"}]}).encode()
        req = urllib.request.Request(base + "/api/v1/games", data=body, headers={"Content-Type": "application/json"})
        with opener.open(req, timeout=20) as resp:
            created = json.loads(resp.read())
        status, url, _ = _get(opener, base + created["join_path"])
        assert status == 200 and f"/games/{created['id']}" in url  # the who-are-you page, or a solo game's board
        for page in ("", "/combat", "/dummy", "/score", "/pvp", "/log", "/invite", "/tokens"):
            status, _url, html = _get(opener, f"{base}/games/{created['id']}{page}")
            assert status == 200 and "<html" in html, page
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(15)
    # nothing written into the installed package or the folder it was started in
    assert sorted((purelib / "companion").rglob("*")) == package_files
    assert list(run_dir.iterdir()) == []
    # ... but into the user's cache folder: the compiled German catalog and the hashed static copies
    cache = run_dir.parent / "cache" / "mage-knight-companion"
    assert list(cache.glob("i18n-*/de/LC_MESSAGES/messages.mo"))
    assert list((cache / "static").glob("app.*.css"))
