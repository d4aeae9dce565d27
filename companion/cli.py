"""``companion serve``: start the app with waitress on the embedded SQLite database, print the LAN URL and a QR code."""

from __future__ import annotations

import argparse
import socket
import sys

import qrcode


def lan_address() -> str:
    """The address other phones on the same network reach this machine at (no packet is sent)."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("192.0.2.1", 9))  # TEST-NET address: only picks the outgoing interface
        return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        s.close()


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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="companion", description="Mage Knight table-side companion")
    sub = parser.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="serve the app to the phones at the table")
    serve.add_argument("--host", default="0.0.0.0", help="address to listen on (default: all interfaces)")
    serve.add_argument("--port", type=int, default=5000, help="port (default: 5000)")
    serve.add_argument("--db", default=None, help="SQLite database file (default: a per-user data folder)")
    serve.add_argument("--threads", type=int, default=8, help="waitress worker threads (default: 8)")
    args = parser.parse_args(argv)

    from waitress import serve as waitress_serve

    from . import create_app

    address = args.host if args.host not in ("0.0.0.0", "::") else lan_address()
    url = f"http://{address}:{args.port}/"
    config = {"PUBLIC_URL": url, "SOLVER_POOL": True}  # solvers in worker processes (companion/solvers.py)
    app = create_app({"DATABASE": args.db, **config} if args.db else config)
    print(f"Mage Knight companion: open {url} on every phone at the table (same Wi-Fi).")
    print(f"Database: {app.config['DATABASE']}")
    print(terminal_qr(url))
    sys.stdout.flush()
    waitress_serve(app, host=args.host, port=args.port, threads=args.threads, ident="companion")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
