"""Ctrl-C and SIGTERM during a run: ask the run to stop; never raise from inside a signal handler.

An exception raised by a signal handler lands wherever the interpreter happens to be: inside a
garbage-collection callback of JAX (where Python prints "Exception ignored" and carries on), a
``__del__`` method, or native code calling back into Python (where it has crashed the process).
So the handler raises nothing. The signal's number also reaches a monitor thread through
``signal.set_wakeup_fd``, which Python's C-level handler writes at once, even while the main
thread is stuck in native code and cannot run Python handlers. Then:

- the runner stops at its next safe point (``checkpoint``: between calls inside a sample and
  between measurements), writes what completed and exits 130 (SIGINT) or 143 (SIGTERM);
- if no safe point comes within ``GRACE_S`` (a long compile, one slow call), the monitor writes
  what completed through the callback the runner registered, and ends the process;
- a second signal ends the process at once, leaving the run file as last written (every write
  is atomic, so it is valid).
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import sys
import threading
import time
from collections.abc import Callable, Iterator

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)
EXIT_CODES = {signal.SIGINT: 130, signal.SIGTERM: 143}  # 128 + the signal's number, as shells report
# Seconds from the first signal to the forced stop: one training step or one matmul batch ends
# well within it, and a stop is still prompt (the tests ask for 10 s).
GRACE_S = 4.0


class Interrupted(BaseException):
    """SIGINT or SIGTERM arrived and the run stopped at a safe point. A BaseException, like
    KeyboardInterrupt, so that no library's broad ``except Exception`` swallows it. ``path``: the
    partial run file, once the runner has written it (None: stopped before there was one)."""

    def __init__(self, signal_name: str, path=None):
        super().__init__(signal_name)
        self.signal_name, self.path = signal_name, path


class _Request:
    """The first stop signal (its name and when it came) and what the monitor calls to write the
    run file if no safe point comes in time."""

    def __init__(self):
        self.signum: int | None = None
        self.at: float | None = None
        self.force_stop: Callable[[str], None] | None = None
        self.write_lock: threading.Lock | None = None  # held while the run file is being written


_request = _Request()
_active = threading.local()  # depth of nested handling() blocks, per thread (only main's count)


def requested() -> str | None:
    """The name of the stop signal received (SIGINT, SIGTERM), or None."""
    return signal.Signals(_request.signum).name if _request.signum is not None else None


def checkpoint() -> None:
    """A safe point: raise Interrupted here if a stop was asked for."""
    if _request.signum is not None:
        raise Interrupted(requested())


def exit_code(name: str | None) -> int:
    return EXIT_CODES.get(getattr(signal.Signals, name, signal.SIGINT), 130) if name else 130


def on_forced_stop(callback: Callable[[str], None] | None, write_lock: threading.Lock | None = None) -> None:
    """What the monitor calls (with the signal's name) before ending the process when no safe
    point came within GRACE_S: the runner writes what completed. ``write_lock``: held while the
    run file is written; a second signal waits for it (briefly), so no temporary file is left.
    None: nothing to write."""
    _request.force_stop, _request.write_lock = callback, write_lock


def stop_at_once_on_signals() -> None:
    """Before a run has anything to keep (the command line starting): SIGINT and SIGTERM end the
    process at once with the usual exit code, instead of a KeyboardInterrupt traceback."""
    for sig in STOP_SIGNALS:
        signal.signal(sig, lambda signum, frame: exit_now(EXIT_CODES[signum]))


@contextlib.contextmanager
def handling() -> Iterator[None]:
    """Within this block, SIGINT and SIGTERM ask for a stop as described above. Nested blocks
    share the outer one; off the main thread signals stay with the caller."""
    if threading.current_thread() is not threading.main_thread() or getattr(_active, "depth", 0):
        _active.depth = getattr(_active, "depth", 0) + 1
        try:
            yield
        finally:
            _active.depth -= 1
        return
    _active.depth = 1
    reset()
    reader, writer = socket.socketpair()
    reader.setblocking(True)
    writer.setblocking(False)
    previous = {sig: signal.signal(sig, _record) for sig in STOP_SIGNALS}
    previous_fd = signal.set_wakeup_fd(writer.fileno(), warn_on_full_buffer=False)
    monitor = threading.Thread(target=_monitor, args=(reader,), name="accelbench-stop-monitor", daemon=True)
    monitor.start()
    try:
        yield
    finally:
        _active.depth = 0
        signal.set_wakeup_fd(previous_fd)
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        writer.close()  # the monitor's read returns empty: it ends
        _request.force_stop = _request.write_lock = None


def _record(signum, frame) -> None:
    """The Python-level handler: it only records (the monitor does the rest)."""
    if _request.signum is None:
        _request.signum, _request.at = signum, time.monotonic()


def _monitor(reader: socket.socket) -> None:
    signals_seen = 0
    first: int | None = None
    try:
        while True:
            timeout = None if first is None else max(GRACE_S - (time.monotonic() - _request.at), 0.0)
            reader.settimeout(timeout)
            try:
                data = reader.recv(64)
            except TimeoutError:
                _forced_stop(first, "no safe point came within the grace period")
                return
            if not data:
                return  # handling() ended
            for signum in data:
                if signum not in EXIT_CODES:
                    continue  # another handled signal (SIGALRM of the time limit) also wakes the fd
                signals_seen += 1
                if first is None:
                    first = signum
                    _record(signum, None)
                if signals_seen >= 2:  # at once, the run file as last written (never half-written)
                    lock = _request.write_lock
                    if lock is not None:
                        lock.acquire(timeout=2.0)  # held until the process ends: no write starts
                    exit_now(EXIT_CODES[first])
    finally:
        reader.close()


def _forced_stop(signum: int, why: str) -> None:
    name = signal.Signals(signum).name
    callback = _request.force_stop
    if callback is not None:
        print(f"accelbench: {name}: {why} ({GRACE_S:g} s); writing what completed", file=sys.stderr, flush=True)
        callback(name)
    exit_now(EXIT_CODES[signum])


def exit_now(code: int) -> None:
    """End the process at once (no teardown), its output flushed."""
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    os._exit(code)


def reset() -> None:
    """Forget a recorded stop: each run starts without one (tests run several in one process)."""
    _request.signum = _request.at = None
    _request.force_stop = _request.write_lock = None
