"""`companion serve` (Package and commands; Durability): a real waitress server on a SQLite file that
prints its URL and a QR code, and loses nothing when it is killed and started again."""

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request

from companion.cli import terminal_qr


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(db, port):
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1", "--port",
                             str(port), "--db", str(db)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env)
    deadline = time.time() + 30
    while time.time() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5)
            return proc
        except OSError:  # not listening yet (URLError, ConnectionError) or a first answer slow on a busy machine
            time.sleep(0.2)
    proc.kill()
    raise AssertionError(proc.stdout.read().decode())


def call(port, path, body=None, token=None, device_token=None):
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=json.dumps(body).encode() if body else None,
                                 headers={"Content-Type": "application/json", **({"X-Game-Token": token} if token else {}),
                                          **({"Authorization": f"Bearer {device_token}"} if device_token else {})})
    with urllib.request.urlopen(req, timeout=5) as resp:
        return json.loads(resp.read())


def test_serve_prints_url_and_qr_and_survives_a_kill(tmp_path):
    db = tmp_path / "sub" / "games.db"  # the folder is created on first start
    port = free_port()
    proc = start(db, port)
    try:
        created = call(port, "/api/v1/games", {"scenario": "full_conquest", "mode": "competitive",
                                               "players": [{"name": "Anna"}, {"name": "Ben"}]})
        call(port, f"/api/v1/games/{created['id']}/commands/fame", {"player": 1, "amount": 8, "based_on": 0},
             device_token=created["device_token"])
    finally:
        proc.send_signal(signal.SIGKILL)  # no clean shutdown
        out = proc.communicate()[0].decode()
    assert f"http://127.0.0.1:{port}/" in out
    assert "█" in out  # the QR code in the terminal
    assert db.exists()

    proc = start(db, port)
    try:
        game = call(port, f"/api/v1/games/{created['id']}", token=created["token"])
        assert game["state"]["players"][1]["fame"] == 8 and game["seq"] == 1
    finally:
        proc.terminate()
        proc.wait(10)


def test_terminal_qr_is_square_blocks():
    lines = terminal_qr("http://192.168.1.20:5000/").splitlines()
    assert len(lines) > 10 and len({len(l) for l in lines}) == 1


def test_a_taken_port_is_one_clear_line_and_a_failure_before_anything_else(tmp_path):
    """`companion serve` on a port another program holds: one line on stderr naming the port, a non-zero exit,
    and nothing printed before it (no address, no QR code, no traceback)."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        proc = subprocess.run([sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1", "--port",
                               str(port), "--db", str(tmp_path / "games.db")], capture_output=True, text=True,
                              timeout=60)
    assert proc.returncode != 0
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert f"127.0.0.1:{port}" in lines[0] and "already in use" in lines[0] and "--port" in lines[0]


def test_version_names_the_release():
    from companion import __version__

    proc = subprocess.run([sys.executable, "-m", "companion.cli", "--version"], capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 0
    assert proc.stdout.strip() == f"companion {__version__}"


def test_a_port_out_of_range_is_refused_instead_of_wrapping_around(tmp_path):
    """`--port 99999` used to listen on 34463 (99999 mod 65536) while printing 99999: now a usage error."""
    proc = subprocess.run([sys.executable, "-m", "companion.cli", "serve", "--port", "99999", "--db",
                           str(tmp_path / "games.db")], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert "invalid port: 99999" in proc.stderr


def test_a_database_that_cannot_be_opened_is_one_clear_line(tmp_path):
    """`--db` naming a folder: one line on stderr naming it and --db, exit status 1, no traceback."""
    proc = subprocess.run([sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1", "--port", "65000",
                           "--db", str(tmp_path)], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert str(tmp_path) in lines[0] and "--db" in lines[0]
