"""Orchestration: the plan's measurements, one after another, into one run file kept on disk.

The run file exists from the start and is rewritten atomically after every record (a valid run
file marked incomplete), so a SIGKILL, an out-of-memory kill or a device abort loses at most the
measurement in flight. Under a deadline no measurement starts once it has passed, and one whose
time budget does not fit in what is left is skipped before it starts. SIGINT and SIGTERM write
what completed, marked as interrupted; a call hung in native code is ended by a watchdog.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import time
from pathlib import Path
from typing import TextIO

from accelbench import energy, hardware
from accelbench.measure import Interrupted, blank_record, measure
from accelbench.plan import Planned, plan, to_measure
from accelbench.profiles import Profile
from accelbench.profiles import profile as profile_named
from accelbench.progress import Progress
from accelbench.provenance import new_run, utc_now
from accelbench.reference import Reference
from accelbench.runfile import write_atomic
from accelbench.snippet import Snippet

# A call stuck inside native code cannot be interrupted; after the limit once more (at most
# this much more) a watchdog writes what completed and ends the process.
HARD_LIMIT_GRACE_S = 60.0
OUT_OF_TIME = "out of time"


def run(snippets: list[Snippet], *, profile: str, frameworks: list[str], data_dir: Path, root: Path,
        force: bool = False, platforms: list[str] | None = None, hw: hardware.Hardware | None = None,
        time_limit_s: float | None = None, deadline_s: float | None = None,
        log: TextIO | None = None) -> Path | None:
    """Measure what is missing and write one run file; returns its path, or None when every
    planned measurement is already stored (no empty run file is written). ``deadline_s``: seconds
    from now after which no measurement starts. Raises Interrupted, carrying the path of the
    partial file, after SIGINT or SIGTERM."""
    started = time.monotonic()
    log = log or sys.stderr  # looked up per call, so a redirected stderr is honoured
    prof = profile_named(profile)
    runs_dir = Path(data_dir) / "runs"
    reference = Reference(Path(data_dir) / "reference")
    hw = hw or hardware.detect(frameworks)
    items = plan(snippets, hw, frameworks, prof, reference, platforms)
    todo, cached = (items, 0) if force else to_measure(items, runs_dir, lambda msg: print(msg, file=log))
    if not any(i.skip is None for i in todo):
        print(f"nothing to measure: {cached} measurement(s) already stored for this machine and these "
              f"snippets (use --force to measure again)", file=log)
        return None
    writer = RunWriter(new_run(profile, hw, frameworks, root, deadline_s), runs_dir)
    clock = Clock(started, deadline_s)
    limit = time_limit_s if time_limit_s is not None else prof.time_limit_s
    meterings = open_meterings(todo, hw)  # idle power read here, before any load
    progress = Progress(todo, log)
    previous = _install_signal_handlers()
    try:
        for index, item in enumerate(todo, 1):
            progress.begin(index, item)
            record = _run_one(item, prof, reference, clock, limit, meterings, writer, log)
            writer.add(record)
            progress.line(index, item, record)
    except (Interrupted, KeyboardInterrupt) as exc:
        reason = str(exc) or "SIGINT"
        _ignore_signals()  # a second Ctrl-C must not interrupt the write of what completed
        path = writer.finish(interrupted_by=reason)
        print(f"interrupted ({reason}): wrote the {len(writer.run['records'])} completed record(s), "
              f"marked incomplete", file=log)
        raise Interrupted(str(path)) from None
    except BaseException:
        writer.finish(interrupted_by="error in the runner")  # keep what completed, then fail loudly
        raise
    finally:
        _restore_signal_handlers(previous)
    return writer.finish()


class Clock:
    """Seconds since the run started, against its deadline (None: no deadline)."""

    def __init__(self, started: float, deadline_s: float | None):
        self.started, self.deadline_s = started, deadline_s

    def left(self) -> float | None:
        return None if self.deadline_s is None else self.deadline_s - (time.monotonic() - self.started)

    def refusal(self, item: Planned) -> str | None:
        """Why ``item`` must not start now, or None."""
        left = self.left()
        if left is None:
            return None
        if left <= 0:
            return f"{OUT_OF_TIME}: the {self.deadline_s:g} s deadline had passed"
        if item.budget_s > left:
            return f"{OUT_OF_TIME}: its budget is {item.budget_s:.0f} s and {left:.0f} s were left before the deadline"
        return None


def _run_one(item: Planned, prof: Profile, reference: Reference, clock: Clock, limit: float,
             meterings: dict, writer: RunWriter, log: TextIO) -> dict:
    """One record: skipped as planned, refused under the deadline, or measured with a time limit
    that ends by it."""
    if item.skip is not None:
        return blank_record(item)  # nothing runs: no time limit, no watchdog
    refusal = clock.refusal(item)
    if refusal:
        return blank_record(item, "skipped", refusal, "out_of_time")
    left = clock.left()  # positive here: refusal() turned away a passed deadline
    cut_by_deadline = left is not None and not (limit and limit <= left)
    item_limit = left if cut_by_deadline else limit
    metering = meterings.get(_meter_key(item.device)) if item.snippet.wants_energy(item.params) else None
    watchdog = _watchdog(writer, item, item_limit, log)
    t0 = time.monotonic()
    try:
        record = measure(item, prof, reference, item_limit, metering)
    finally:
        watchdog.cancel()
    record.update(wall_s=time.monotonic() - t0, budget_s=item.budget_s)
    if cut_by_deadline and record["status"] == "failed" and record["reason"].startswith("timeout"):
        # not a failure of the device or the snippet: the run's own deadline stopped it
        record.update(status="skipped", category="out_of_time",
                      reason=f"{OUT_OF_TIME}: stopped at the {clock.deadline_s:g} s deadline")
    return record


def _meter_key(device: hardware.Device | None) -> tuple | None:
    return (device.platform, device.vendor) if device else None


def open_meterings(items: list[Planned], hw: hardware.Hardware) -> dict[tuple, energy.Metering]:
    """One energy counter per device kind that a planned measurement meters, each with its idle
    power read once, before any measurement loads the device."""
    kinds = {_meter_key(i.device) for i in items if i.skip is None and i.snippet.wants_energy(i.params)}
    out = {}
    for platform, vendor in sorted(k for k in kinds if k):
        bus = next((d.pci_bus_id for d in hw.devices if d.platform == platform and d.pci_bus_id), None)
        out[(platform, vendor)] = energy.open_metering(platform, vendor, bus)
    return out


class RunWriter:
    """Owns the run file: written when the run starts, rewritten after each record, finished once,
    from whichever thread ends the run."""

    def __init__(self, run: dict, runs_dir: Path):
        self.run, self.path = run, Path(runs_dir) / f"{run['run_id']}.json"
        self.lock = threading.Lock()
        self.written = self.finished = False
        with self.lock:
            self._save()  # claims the name: a run id is never reused, a stored file never replaced

    def _save(self) -> None:
        write_atomic(self.path, self.run, replace=self.written)
        self.written = True

    def add(self, record: dict) -> None:
        with self.lock:
            if not self.finished:
                self.run["records"].append(record)
                self._save()

    def finish(self, interrupted_by: str | None = None, extra: list[dict] = ()) -> Path:
        with self.lock:
            if not self.finished:
                self.run["records"].extend(extra)
                self.run.update(complete=interrupted_by is None, interrupted_by=interrupted_by, finished_at=utc_now())
                self._save()
                self.finished = True
            return self.path


def _watchdog(writer: RunWriter, item: Planned, limit: float | None, log: TextIO) -> threading.Timer:
    """Last resort for a measurement hung inside native code, where the timeout exception cannot
    reach: record it as a timeout, write what completed (marked incomplete) and end the process."""

    def fire():
        hung = blank_record(item, "failed", f"timeout after {limit:.3g} s (hung)", "timeout")
        path = writer.finish(interrupted_by="hung measurement", extra=[hung])
        print(f"{item.describe()} hung; wrote {path}", file=log, flush=True)
        print(path, flush=True)
        os._exit(124)

    limit = max(limit or 0.0, 0.0)
    timer = threading.Timer(limit + min(limit, HARD_LIMIT_GRACE_S), fire)
    timer.daemon = True
    if limit > 0:  # no limit, no watchdog
        timer.start()
    return timer


def _raise_interrupted(signum, frame):
    raise Interrupted(signal.Signals(signum).name)


def _install_signal_handlers() -> dict:
    previous = {}
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(ValueError):  # not the main thread: leave signals to the caller
            previous[sig] = signal.signal(sig, _raise_interrupted)
    return previous


def _ignore_signals() -> None:
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(ValueError):
            signal.signal(sig, signal.SIG_IGN)


def _restore_signal_handlers(previous: dict) -> None:
    for sig, handler in previous.items():
        signal.signal(sig, handler)
