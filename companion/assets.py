"""Static files, light and cached: content-hashed names, served compressed and cached for a year by WhiteNoise.

Build-free: when the app starts, every file under static/ (``companion.resources.STATIC``) is copied once to a
cache folder (the user's cache folder: never the package, which may be read-only, nor the working directory) under
a name with a hash of its content (``app.css`` -> ``app.3f2a9c1b7e04.css``) beside a gzip copy. Our own scripts and
styles are minified on the way (rjsmin, rcssmin: comments and spaces out, the sources in static/ stay readable);
vendored files under static/vendor/ are copied as they are (they come minified). WhiteNoise serves
that folder at /static/ (the compressed copy to browsers that accept it) and marks hashed names immutable;
templates ask ``static_url('app.css')`` for the hashed address, so a changed file gets a new address and no browser
re-checks a file it has. The plain names stay reachable (short caching) for the manifest and old bookmarks.
"""

from __future__ import annotations

import gzip
import hashlib
import os
import re
import tempfile
from pathlib import Path

import rcssmin
import rjsmin
from flask import url_for
from whitenoise import WhiteNoise
from whitenoise.compress import Compressor

HASHED = re.compile(r"\.[0-9a-f]{12}\.[A-Za-z0-9]+$")
COMPRESSED = (".gz", ".br")


def hashed_name(rel: str, data: bytes) -> str:
    digest = hashlib.sha256(data).hexdigest()[:12]
    stem, dot, ext = rel.rpartition(".")
    return f"{stem}.{digest}.{ext}" if dot and "/" not in ext else f"{rel}.{digest}"


MINIFIERS = {".js": rjsmin.jsmin, ".css": rcssmin.cssmin}


def served_bytes(rel: str, data: bytes) -> bytes:
    """What is served for the static file ``rel``: our own .js and .css minified, anything else as it is."""
    minify = MINIFIERS.get(Path(rel).suffix)
    if minify is None or rel.startswith("vendor/"):
        return data
    return minify(data.decode("utf-8")).encode("utf-8")


def _write(path: Path, data: bytes) -> None:
    """Write atomically: several processes (or apps) may share the folder; the content decides the name."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
    with os.fdopen(fd, "wb") as fh:
        fh.write(data)
    os.replace(tmp, path)


def build(static: Path, out: Path) -> dict[str, str]:
    """Copy each static file to ``out`` under its hashed name (once), with a gzip copy; {plain name: hashed name}."""
    compressor = Compressor(use_brotli=False, quiet=True)
    manifest: dict[str, str] = {}
    for path in sorted(static.rglob("*")):
        if not path.is_file() or path.name.startswith(".") or path.suffix in COMPRESSED:
            continue
        rel = path.relative_to(static).as_posix()
        data = served_bytes(rel, path.read_bytes())
        name = hashed_name(rel, data)
        target = out / name
        if not target.exists():
            _write(target, data)
        packed = Path(f"{target}.gz")
        if compressor.should_compress(str(target)) and not packed.exists():
            small = gzip.compress(data, compresslevel=9, mtime=0)
            if len(small) < len(data) * 0.95:  # as WhiteNoise's compressor: only when it is worth it
                _write(packed, small)  # atomically: another app may be reading the shared folder
        manifest[rel] = name
    return manifest


def init_app(app, cache_dir: Path) -> None:
    """Wrap the app in WhiteNoise serving the hashed copies, and give templates ``static_url()``."""
    static = Path(app.static_folder)
    manifest = build(static, cache_dir)
    app.extensions["static_manifest"] = manifest

    def immutable(path: str, url: str) -> bool:
        return bool(HASHED.search(url))

    wn = WhiteNoise(app.wsgi_app, root=str(cache_dir), prefix="static/", max_age=300, immutable_file_test=immutable)
    wn.add_files(str(static), prefix="static/")  # the plain names: re-checked after five minutes
    app.wsgi_app = wn

    def static_url(filename: str) -> str:
        return url_for("static", filename=manifest.get(filename, filename))

    app.add_template_global(static_url, "static_url")
