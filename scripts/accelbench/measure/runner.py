"""Orchestration: the plan's measurements, one after another, into one run file kept on disk.

The run file exists from the start and is rewritten atomically after every record (a valid run
file marked incomplete), so a SIGKILL, an out-of-memory kill or a device abort loses at most the
measurement in flight. Under a deadline no measurement starts once it has passed, and one whose
time budget does not fit in what is left is skipped before it starts. SIGINT and SIGTERM stop
the run at its next safe point (see stopping.py) and write what completed, the measurement in
flight recorded as interrupted; a call hung in native code is ended by a watchdog.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from accelbench.core.profiles import Profile
from accelbench.core.profiles import profile as profile_named
from accelbench.core.reference import Reference
from accelbench.core.runfile import write_atomic
from accelbench.frameworks import detection, hardware
from accelbench.measure import energy, stopping
from accelbench.measure.measurement import blank_record, measure
from accelbench.measure.plan import Planned, plan, to_measure
from accelbench.measure.progress import Progress
from accelbench.measure.provenance import new_run, utc_now
from accelbench.measure.stopping import Interrupted
from accelbench.workloads.discovery import Snippet

# A call stuck inside native code cannot be interrupted; after the limit once more (at most
# this much more) a watchdog writes what completed and ends the process.
HARD_LIMIT_GRACE_S = 60.0
OUT_OF_TIME = "out of time"


def run(snippets: list[Snippet], *, profile: str, frameworks: list[str], data_dir: Path, root: Path,
        force: bool = False, platforms: list[str] | None = None, hw: hardware.Hardware | None = None,
        time_limit_s: float | None = None, deadline_s: float | None = None,
        log: TextIO | None = None, report_forced_stop: Callable[[Path], None] = print) -> Path | None:
    """Measure what is missing and write one run file; returns its path, or None when every
    planned measurement is already stored (no empty run file is written). ``deadline_s``: seconds
    from now after which no measurement starts. Raises Interrupted, carrying the path of the
    partial file (or nothing, before it existed), after SIGINT or SIGTERM. When no safe point
    comes in time, the process ends from another thread after ``report_forced_stop(path)``."""
    started = time.monotonic()
    log = log or sys.stderr  # looked up per call, so a redirected stderr is honoured
    with stopping.handling():
        prof = profile_named(profile)
        runs_dir = Path(data_dir) / "runs"
        reference = Reference(Path(data_dir) / "reference")
        hw = hw or detection.detect(frameworks)
        items = plan(snippets, hw, frameworks, prof, reference, platforms)
        todo, cached = (items, 0) if force else to_measure(items, runs_dir, lambda msg: print(msg, file=log))
        if not any(i.skip is None for i in todo):
            print(f"nothing to measure: {cached} measurement(s) already stored for this machine and these "
                  f"snippets (use --force to measure again)", file=log)
            return None
        stopping.checkpoint()  # stopped before anything was measured: no run file
        writer = RunWriter(new_run(profile, hw, frameworks, root, deadline_s), runs_dir)
        stopping.on_forced_stop(lambda name: report_forced_stop(_stop(writer, name, log)), writer.lock)
        clock = Clock(started, deadline_s)
        meterings = open_meterings(todo, hw)  # idle power read here, before any load
        progress = Progress(todo, log)
        try:
            for index, item in enumerate(todo, 1):
                stopping.checkpoint()
                progress.begin(index, item)
                writer.begin(item)
                limit = time_limit_s if time_limit_s is not None else default_time_limit(item, prof)
                record = _run_one(item, prof, reference, clock, limit, meterings, writer, log)
                writer.add(record)
                progress.line(index, item, record)
        except Interrupted as exc:
            raise Interrupted(exc.signal_name, _stop(writer, exc.signal_name, log)) from None
        except BaseException:
            writer.finish(interrupted_by="error in the runner")  # keep what completed, then fail loudly
            raise
        return writer.finish()


def default_time_limit(item: Planned, prof: Profile) -> float:
    """The profile's limit, or twice the plan's budget where that is longer: a measurement the plan
    expects to be long (torch_xla compiling GPT-2's step twice, torch.compile on a cold cache) is
    not cut at a limit meant for the typical one, and one twice as slow as planned is stuck."""
    return max(prof.time_limit_s, 2 * item.budget_s)


def _stop(writer: RunWriter, signal_name: str, log: TextIO) -> Path:
    """Write what completed, the measurement in flight recorded as interrupted (never a result)."""
    path = writer.finish(interrupted_by=signal_name, in_flight=lambda item: interrupted_record(item, signal_name))
    print(f"interrupted ({signal_name}): wrote the {len(writer.run['records'])} record(s) written so far, "
          f"marked incomplete", file=log, flush=True)
    return path


def interrupted_record(item: Planned, signal_name: str) -> dict:
    return blank_record(item, "skipped", f"interrupted by {signal_name} before it finished", "interrupted")


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
    """One energy counter per platform and vendor that a planned measurement meters, each with its idle
    power read once, before any measurement loads the device."""
    meters = {_meter_key(i.device) for i in items if i.skip is None and i.snippet.wants_energy(i.params)}
    out = {}
    for platform, vendor in sorted(m for m in meters if m):
        bus = next((d.pci_bus_id for d in hw.devices if d.platform == platform and d.pci_bus_id), None)
        out[(platform, vendor)] = energy.open_metering(platform, vendor, bus)
    return out


class RunWriter:
    """Owns the run file: written when the run starts, rewritten after each record, finished once,
    from whichever thread ends the run. It knows the measurement in flight, so that whoever ends
    the run records it (as interrupted, as hung) exactly once, or not at all if it completed."""

    def __init__(self, run: dict, runs_dir: Path):
        self.run, self.path = run, Path(runs_dir) / f"{run['run_id']}.json"
        self.lock = threading.Lock()
        self.written = self.finished = False
        self.in_flight: Planned | None = None
        with self.lock:
            self._save()  # claims the name: a run id is never reused, a stored file never replaced

    def _save(self) -> None:
        write_atomic(self.path, self.run, replace=self.written)
        self.written = True

    def begin(self, item: Planned) -> None:
        with self.lock:
            self.in_flight = item

    def add(self, record: dict) -> None:
        with self.lock:
            if not self.finished:
                self.run["records"].append(record)
                self._save()
                self.in_flight = None

    def finish(self, interrupted_by: str | None = None,
               in_flight: Callable[[Planned], dict | None] | None = None) -> Path:
        """``in_flight``: the record of the measurement that was running, if one was (None: none)."""
        with self.lock:
            if not self.finished:
                record = in_flight(self.in_flight) if in_flight is not None and self.in_flight is not None else None
                if record is not None:
                    self.run["records"].append(record)
                self.run.update(complete=interrupted_by is None, interrupted_by=interrupted_by, finished_at=utc_now())
                self._save()
                self.finished = True
            return self.path


def _watchdog(writer: RunWriter, item: Planned, limit: float | None, log: TextIO) -> threading.Timer:
    """Last resort for a measurement hung inside native code, where the timeout exception cannot
    reach: record it as a timeout, write what completed (marked incomplete) and end the process."""

    def fire():
        path = writer.finish(interrupted_by="hung measurement", in_flight=lambda current: blank_record(
            item, "failed", f"timeout after {limit:.3g} s (hung)", "timeout") if current is item else None)
        print(f"{item.describe()} hung; wrote {path}", file=log, flush=True)
        print(path, flush=True)
        os._exit(124)

    limit = max(limit or 0.0, 0.0)
    timer = threading.Timer(limit + min(limit, HARD_LIMIT_GRACE_S), fire)
    timer.daemon = True
    if limit > 0:  # no limit, no watchdog
        timer.start()
    return timer
