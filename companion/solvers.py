"""The solvers run outside the request threads: the table never waits for a solver.

The attack plan (``rules.combat.plan.plan_attacks``), the damage suggestion (``rules.combat.damage.suggest_assignment``)
and the Dummy player's forecast (``rules.dummy.forecast``) are CPU-bound searches. Run in a request thread they
hold the GIL and the cores, and every phone's poll and page waits behind them. ``solve(fn, *args)`` runs them
in a small pool of worker processes instead:

- **few, humble workers**: ``WORKERS`` processes (2 at most: the table's laptop may have 2 cores), each at a
  low CPU priority (``nice`` 10), so the server's own threads always get the CPU first;
- **hard limits**: at most ``MAX_PENDING`` solver requests run or wait at once (more are refused at once, so
  the server's threads stay free for the table); a request waits at most ``QUEUE_S`` for a free worker and ``HARD_LIMIT_S`` for the answer (the
  searches stop themselves after about 1 s of CPU, ``rules.budget``; this is the wall-clock guard above that).
  A worker that overruns is killed and a fresh one started; the request gets :class:`SolverBusy` (an
  ``OverBudget``, so every caller already answers it with the same clear 400 as an over-budget search);
- **the same answers**: the function and its arguments are pickled to the worker and its result (or the
  ``CombatError`` it raised) back; nothing else changes. The rules functions are pure, so where they run does
  not matter.

Inline mode runs the function in the calling thread (the tests of the game layer and the app under
``TESTING``, ``create_app``'s ``SOLVER_POOL``): the same code path minus the processes. No Flask here.
"""
from __future__ import annotations

import os
import queue
import subprocess
import sys
import threading
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any, Callable

from .rules import dummy
from .rules.combat import plan as combat_plan, damage
from .rules.combat.budget import OverBudget
from .rules.data import get_rules

WORKERS = max(1, min(2, os.cpu_count() or 1))
QUEUE_S = 10.0  # waiting for a free worker
MAX_PENDING = 4  # solver requests running or waiting at once: the others are refused at once (the server's
# threads stay free for the table: waitress serves with 8)
HARD_LIMIT_S = 10.0  # a worker's answer (its search stops itself after about 1 s of CPU)
NICE = 10  # below the server's threads; 19 starved the workers on a machine busy with other work
# the searches' modules, loaded with this module: a worker process has them before its first request
SOLVER_MODULES = (combat_plan, damage, dummy)


class SolverBusy(OverBudget):
    """No answer within the hard limits (the pool is busy, or a worker overran and was replaced)."""


_mode = "inline"
_lock = threading.Lock()
_pool: "_Pool | None" = None


def configure(pool: bool, workers: int | None = None) -> None:
    """Run solvers in worker processes (``pool``) or in the calling thread. Workers start in the background."""
    global _mode, _pool
    pool = pool and os.name == "posix"  # worker pipes need POSIX (elsewhere the solvers run inline)
    with _lock:
        _mode = "pool" if pool else "inline"
        if pool and _pool is None:
            _pool = _Pool(workers or WORKERS)
            threading.Thread(target=_pool.warm, daemon=True).start()


def mode() -> str:
    return _mode


def solve(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """``fn(*args, **kwargs)``, in a worker process when the pool is on. Raises what ``fn`` raised, or
    ``SolverBusy``."""
    pool = _pool if _mode == "pool" else None
    if pool is None:
        return fn(*args, **kwargs)
    return pool.run(fn, args, kwargs)


def shutdown() -> None:
    global _pool, _mode
    with _lock:
        pool, _pool, _mode = _pool, None, "inline"
    if pool is not None:
        pool.close()


def _serve(read_fd: int, write_fd: int) -> None:  # pragma: no cover - runs in the worker process
    """A worker's loop: receive (fn, args, kwargs), answer ("ok", result) or ("err", exception)."""
    try:
        os.nice(NICE)
    except OSError:
        pass
    inbox, outbox = Connection(read_fd, writable=False), Connection(write_fd, readable=False)
    get_rules()  # the rules data once, before the first request (the solvers' modules are imported above)
    while True:
        try:
            job = inbox.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        fn, args, kwargs = job
        try:
            out = ("ok", fn(*args, **kwargs))
        except Exception as err:  # noqa: BLE001 - the caller raises it again
            out = ("err", err)
        try:
            outbox.send(out)
        except (EOFError, OSError):
            return
        except Exception as err:  # noqa: BLE001 - an answer that cannot be pickled
            outbox.send(("err", RuntimeError(f"solver answer could not be sent: {type(err).__name__}")))


class _Worker:
    """One worker process: a fresh interpreter (never a fork of a server holding other threads' locks) that
    imports this very ``companion`` package, talking over two pipes."""

    def __init__(self) -> None:
        to_child_r, to_child_w = os.pipe()
        from_child_r, from_child_w = os.pipe()
        root = str(Path(__file__).resolve().parent.parent)
        env = dict(os.environ, PYTHONPATH=root + os.pathsep + os.environ.get("PYTHONPATH", ""))
        code = "import sys; from companion.solvers import _serve; _serve(int(sys.argv[1]), int(sys.argv[2]))"
        try:
            self.proc = subprocess.Popen([sys.executable, "-c", code, str(to_child_r), str(from_child_w)],
                                         pass_fds=(to_child_r, from_child_w), env=env, stdin=subprocess.DEVNULL,
                                         close_fds=True)
        finally:
            os.close(to_child_r)
            os.close(from_child_w)
        self.outbox = Connection(to_child_w, readable=False)
        self.inbox = Connection(from_child_r, writable=False)

    def kill(self) -> None:
        try:
            self.proc.kill()
            self.proc.wait(2)
        except Exception:  # noqa: BLE001
            pass
        self.outbox.close()
        self.inbox.close()


class _Pool:
    def __init__(self, workers: int) -> None:
        self.size = workers
        self.idle: queue.Queue[_Worker] = queue.Queue()
        self.started = threading.Lock()
        self.workers: list[_Worker] = []
        self.closed = False
        self.replaced = 0  # workers killed for overrunning
        self.pending = 0
        self.pending_lock = threading.Lock()

    def warm(self) -> None:
        with self.started:
            while len(self.workers) < self.size and not self.closed:
                w = _Worker()
                self.workers.append(w)
                self.idle.put(w)

    def run(self, fn, args, kwargs):
        with self.pending_lock:
            if self.pending >= MAX_PENDING:
                raise SolverBusy("the solvers are busy: try again in a moment")
            self.pending += 1
        try:
            return self._run(fn, args, kwargs)
        finally:
            with self.pending_lock:
                self.pending -= 1

    def _run(self, fn, args, kwargs):
        self.warm()
        try:
            w = self.idle.get(timeout=QUEUE_S)
        except queue.Empty:
            raise SolverBusy("the solvers are busy: try again in a moment") from None
        try:
            w.outbox.send((fn, args, kwargs))
            if not w.inbox.poll(HARD_LIMIT_S):
                raise TimeoutError
            status, value = w.inbox.recv()
        except (TimeoutError, EOFError, OSError, BrokenPipeError):
            self._replace(w)
            raise SolverBusy("the search took too long and was stopped: split the enemies or the attacks") \
                from None
        except BaseException:
            self._replace(w)
            raise
        self.idle.put(w)
        if status == "err":
            raise value
        return value

    def _replace(self, w: _Worker) -> None:
        w.kill()
        self.replaced += 1
        with self.started:
            if w in self.workers:
                self.workers.remove(w)
        if not self.closed:
            self.warm()

    def close(self) -> None:
        self.closed = True
        for w in list(self.workers):
            try:
                w.outbox.send(None)
            except Exception:  # noqa: BLE001
                pass
            w.kill()
        self.workers.clear()
