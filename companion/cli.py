"""``companion serve``: start the app with waitress on the embedded SQLite database, print the LAN URL and a QR code.

The command line is the top floor: it imports the app factory (and so the web layer), never the reverse."""

from __future__ import annotations

import argparse
import errno
import sqlite3
import sys
from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as dist_version

import qrcode
from waitress.server import create_server

from . import __version__, create_app
from .net import lan_address


def version() -> str:
    """The installed distribution's version (``mage-knight-companion``), else the package's own."""
    try:
        return dist_version("mage-knight-companion")
    except PackageNotFoundError:  # a checkout that is not installed
        return __version__


def terminal_qr(url: str) -> str:
    qr = qrcode.QRCode(border=1)
    qr.add_data(url)
    qr.make(fit=True)
    rows = qr.get_matrix()
    # two modules per character with half blocks, dark on light
    out = []
    for y in range(0, len(rows), 2):
        line = ""
        for x in range(len(rows[0])):
            top = rows[y][x]
            bottom = rows[y + 1][x] if y + 1 < len(rows) else False
            line += {(False, False): "█", (True, False): "▄", (False, True): "▀", (True, True): " "}[(top, bottom)]
        out.append(line)
    return "\n".join(out)


def port_number(text: str) -> int:
    """A TCP port, 1 to 65535: a larger number would silently wrap around to another port."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid port: {text!r}") from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"invalid port: {port} (1 to 65535)")
    return port


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="companion", description="Mage Knight table-side companion")
    parser.add_argument("--version", action="version", version=f"%(prog)s {version()}")
    sub = parser.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="serve the app to the phones at the table")
    serve.add_argument("--host", default="0.0.0.0", help="address to listen on (default: all interfaces)")
    serve.add_argument("--port", type=port_number, default=5000, help="port (default: 5000)")
    serve.add_argument("--db", default=None, help="SQLite database file (default: a per-user data folder)")
    serve.add_argument("--threads", type=int, default=8, help="waitress worker threads (default: 8)")
    args = parser.parse_args(argv)
    return serve_app(args.host, args.port, args.db, args.threads)


def serve_app(host: str, port: int, db: str | None, threads: int) -> int:
    """Bind the port first: when it is taken (or not allowed), one line on stderr and exit status 1, before
    anything else is printed. Then the address, the database, the QR code, and serve until stopped."""
    address = host if host not in ("0.0.0.0", "::") else lan_address()
    url = f"http://{address}:{port}/"
    config = {"PUBLIC_URL": url, "SOLVER_POOL": True}  # solvers in worker processes (companion/solvers.py)
    try:
        app = create_app({"DATABASE": db, **config} if db else config)
    except (sqlite3.Error, OSError) as err:  # a folder, an unwritable or a damaged file: one line, no traceback
        print(f"companion: cannot open the database {db or '(default)'}: {err}; choose another with --db.",
              file=sys.stderr)
        return 1
    try:
        server = create_server(app, host=host, port=port, threads=threads, ident="companion")
    except OSError as err:
        reason = "it is already in use" if getattr(err, "errno", None) in _IN_USE else (err.strerror or str(err))
        print(f"companion: cannot listen on {host}:{port}: {reason}; choose another with --port.", file=sys.stderr)
        return 1
    print(f"Mage Knight companion: open {url} on every phone at the table (same Wi-Fi).")
    print(f"Database: {app.config['DATABASE']}")
    print(terminal_qr(url))
    sys.stdout.flush()
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
    return 0


_IN_USE = {errno.EADDRINUSE, 10048}  # 10048: WSAEADDRINUSE on Windows


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
