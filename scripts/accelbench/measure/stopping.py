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


class _Stop:
    """One handling() block's stop: the first signal (which, when), who carries the stop out (the
    main thread from a safe point, or the monitor after the grace period: never both), and what
    the monitor calls to write the run file."""

    def __init__(self):
        self.lock = threading.Lock()
        self.signum: int | None = None
        self.at: float | None = None
        self.owner: str | None = None  # "main" or "monitor", once one has taken the stop
        self.force_stop: Callable[[str], None] | None = None
        self.write_lock: threading.Lock | None = None  # held while the run file is being written
        self.ended = False  # the handling() block is over: the monitor must not end the process

    def record(self, signum: int) -> None:
        with self.lock:
            if self.signum is None:
                self.signum, self.at = signum, time.monotonic()

    def take(self, who: str) -> bool:
        """Claim the stop for ``who``; False if the other one has it already."""
        with self.lock:
            self.owner = self.owner or who
            return self.owner == who


_current: _Stop | None = None  # the active handling() block's, if any


def requested() -> str | None:
    """The name of the stop signal received (SIGINT, SIGTERM), or None."""
    stop = _current
    return signal.Signals(stop.signum).name if stop is not None and stop.signum is not None else None


def checkpoint() -> None:
    """A safe point: raise Interrupted here if a stop was asked for (outside handling(): never)."""
    stop = _current
    if stop is None or stop.signum is None:
        return
    if not stop.take("main"):
        while True:  # the monitor is writing what completed and ends the process: nothing to add
            time.sleep(1.0)
    raise Interrupted(requested())


def exit_code(name: str | None) -> int:
    return EXIT_CODES.get(getattr(signal.Signals, name, signal.SIGINT), 130) if name else 130


def on_forced_stop(callback: Callable[[str], None] | None, write_lock: threading.Lock | None = None) -> None:
    """What the monitor calls (with the signal's name) before ending the process when no safe
    point came within GRACE_S: the runner writes what completed. ``write_lock``: held while the
    run file is written; a second signal waits for it (briefly), so no temporary file is left.
    None: nothing to write."""
    if _current is not None:
        _current.force_stop, _current.write_lock = callback, write_lock


def stop_at_once_on_signals() -> None:
    """Before a run has anything to keep (the command line starting): SIGINT and SIGTERM end the
    process at once with the usual exit code, instead of a KeyboardInterrupt traceback."""
    for sig in STOP_SIGNALS:
        signal.signal(sig, lambda signum, frame: exit_now(EXIT_CODES[signum]))


@contextlib.contextmanager
def handling() -> Iterator[None]:
    """Within this block, SIGINT and SIGTERM ask for a stop as described above. Nested blocks
    share the outer one; off the main thread signals stay with the caller."""
    global _current
    if threading.current_thread() is not threading.main_thread() or _current is not None:
        yield
        return
    stop = _current = _Stop()
    reader, writer = socket.socketpair()
    writer.setblocking(False)
    monitor = threading.Thread(target=_monitor, args=(stop, reader), name="accelbench-stop-monitor", daemon=True)
    previous_fd, previous = None, {}
    try:
        monitor.start()
        previous_fd = signal.set_wakeup_fd(writer.fileno(), warn_on_full_buffer=False)  # before the handlers:
        previous = {sig: signal.signal(sig, lambda signum, frame: stop.record(signum)) for sig in STOP_SIGNALS}
        yield  # no signal is recorded without the monitor hearing of it
    finally:
        for sig, handler in previous.items():  # the handlers first, then the fd, for the same reason
            signal.signal(sig, handler)
        if previous_fd is not None:
            signal.set_wakeup_fd(previous_fd)
        _current, stop.ended = None, True
        writer.close()  # the monitor's read returns empty: it ends
        monitor.join(timeout=1.0)


def _monitor(stop: _Stop, reader: socket.socket) -> None:
    seen = 0
    try:
        while True:
            if stop.signum is not None:
                left = GRACE_S - (time.monotonic() - stop.at)
                if left <= 0:
                    _grace_over(stop)
                    return
                reader.settimeout(max(left, 0.001))  # never 0, which would mean non-blocking
            try:
                data = reader.recv(64)
            except (TimeoutError, BlockingIOError):
                continue  # the top of the loop sees the grace period over
            if not data:
                return  # handling() ended
            for signum in (s for s in data if s in EXIT_CODES):  # SIGALRM (the time limit) wakes it too
                seen += 1
                stop.record(signum)
                if seen >= 2:
                    _at_once(stop)
    finally:
        reader.close()


def _at_once(stop: _Stop) -> None:
    """A second signal: end now, the run file as last written (never half-written)."""
    if stop.write_lock is not None:
        stop.write_lock.acquire(timeout=5.0)  # held until the process ends: no write starts
    exit_now(EXIT_CODES[stop.signum])


def _grace_over(stop: _Stop) -> None:
    """No safe point came within GRACE_S: write what completed from here and end the process.
    Where the main thread took the stop at a safe point, give it as long again to finish its
    write, then end the process all the same (its teardown may hang in native code)."""
    name, code = signal.Signals(stop.signum).name, EXIT_CODES[stop.signum]
    if not stop.take("monitor"):
        time.sleep(GRACE_S)
        if stop.ended:
            return  # the main thread finished the stop (an in-process caller goes on)
    try:
        if stop.force_stop is not None:
            print(f"accelbench: {name}: no safe point came within {GRACE_S:g} s; writing what completed",
                  file=sys.stderr, flush=True)
            stop.force_stop(name)
    except BaseException as exc:  # never let a failed write keep the process alive
        print(f"accelbench: {name}: writing what completed failed: {exc!r}", file=sys.stderr, flush=True)
    finally:
        exit_now(code)


def exit_now(code: int) -> None:
    """End the process at once (no teardown), its output flushed."""
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    os._exit(code)
