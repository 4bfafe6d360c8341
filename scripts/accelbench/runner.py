"""Snippets x frameworks x devices x params -> one run file.

For each planned measurement: build the case, time the first call (compile included), check
the result against float64, then time. A measurement already stored as ``ok`` for the same
workload, params, framework, device and snippet source is skipped unless forced.
"""

from __future__ import annotations

import gc
import json
import math
import os
import signal
import subprocess
import sys
import threading
import time
import uuid
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, TextIO

from accelbench import energy, hardware, timing
from accelbench.reference import Reference
from accelbench.runfile import SCHEMA_VERSION, RunFileError, read_json, write_atomic
from accelbench.snippet import Snippet, Unsupported

# A sustained run of at least this long is metered for energy (counters update every few ms).
ENERGY_SECONDS = {"quick": 2.0, "full": 5.0, "test": 0.2}
TIMING_PLANS = {
    "quick": timing.TimingPlan(warmup_s=0.1, min_sample_s=0.01, repeats=15, budget_s=1.5),
    "full": timing.TimingPlan(warmup_s=0.3, min_sample_s=0.02, repeats=20, budget_s=4.0, min_samples=5),
    "test": timing.TimingPlan(warmup_s=0.0, min_sample_s=0.0, repeats=3, budget_s=1.0),
}


# Seconds one measurement (build, first call, check, timing) may take before it is recorded
# as `failed: timeout`.
TIME_LIMITS = {"quick": 60.0, "full": 600.0, "test": 60.0}
# A call stuck inside native code cannot be interrupted; after the limit once more (at most
# this much more) a watchdog writes what completed and ends the process.
HARD_LIMIT_GRACE_S = 60.0


class Interrupted(BaseException):
    """SIGINT or SIGTERM arrived; what completed is still written. A BaseException, like
    KeyboardInterrupt, so that no library's broad `except Exception` can swallow it."""


class MeasurementTimeout(BaseException):
    """A measurement ran past its time limit (a BaseException for the same reason)."""


@contextmanager
def time_limit(seconds: float | None):
    """Raise MeasurementTimeout in the main thread after ``seconds`` (no limit elsewhere)."""
    if not seconds or threading.current_thread() is not threading.main_thread():
        yield
        return

    def expire(signum, frame):
        raise MeasurementTimeout(f"timeout after {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@dataclass
class Planned:
    snippet: Snippet
    framework: str
    device: hardware.Device | None  # None: the framework is unusable here
    params: dict
    skip: str | None  # a reason this cannot run here

    def key(self) -> tuple:
        return measurement_key(self.snippet.workload, self.params, self.framework,
                               self.device.name if self.device else None)


def measurement_key(workload: str, params: dict, framework: str, device: str | None) -> tuple:
    """What makes two records the same measurement (the snippet's version aside)."""
    return (workload, json.dumps(params, sort_keys=True), framework, device)


def stored_ok_hashes(runs_dir: Path, warn: Callable[[str], None]) -> dict[tuple, set[str]]:
    """Measurement key -> the snippet versions with an ``ok`` record stored. Files that cannot be
    read are reported and ignored here (``accelbench validate`` is where they fail)."""
    stored: dict[tuple, set[str]] = {}
    for path in sorted(Path(runs_dir).glob("*.json")):
        try:
            for rec in read_json(path).get("records", []):
                if rec.get("status") == "ok":
                    key = measurement_key(rec["workload"], rec["params"], rec["framework"], rec["device"])
                    stored.setdefault(key, set()).add(rec["snippet_hash"])
        except (RunFileError, OSError, AttributeError, KeyError, TypeError) as exc:
            warn(f"ignoring {path} when looking for stored results: {str(exc).splitlines()[0]}")
    return stored


def choose_devices(hw: hardware.Hardware, platforms: list[str] | None) -> list[hardware.Device]:
    """The devices to measure: those asked for, else the accelerators, else the CPU (a full
    CPU profile on a GPU machine would take hours and say nothing about the GPU)."""
    if platforms:
        return [d for d in hw.devices if d.platform in platforms]
    accelerators = [d for d in hw.devices if d.platform in hardware.ACCELERATOR_PLATFORMS]
    return accelerators or [d for d in hw.devices if d.platform == "cpu"]


def plan(snippets: list[Snippet], hw: hardware.Hardware, frameworks: list[str], profile: str,
         platforms: list[str] | None = None) -> list[Planned]:
    devices = choose_devices(hw, platforms)
    wanted_platforms = {d.platform for d in devices}
    items = []
    for snip in snippets:
        for fw in frameworks:
            grid = snip.params(profile)
            if fw not in snip.frameworks():
                continue
            broken = next((u for u in hw.unavailable if u.framework == fw and u.platform is None), None)
            if broken:
                items += [Planned(snip, fw, None, p, broken.reason) for p in grid]
                continue
            for u in hw.unavailable:
                if u.framework == fw and u.platform in wanted_platforms:
                    items += [Planned(snip, fw, hardware.Device(fw, u.platform, _other_name(hw, u.platform), 1, None), p, u.reason)
                              for p in grid]
            for dev in (d for d in devices if d.framework == fw):
                items += [Planned(snip, fw, dev, p, snip.module.skip_reason(fw, dev.platform, p, count=dev.count)) for p in grid]
    return items


def _other_name(hw: hardware.Hardware, platform: str) -> str:
    """The name another framework reports for a platform this framework cannot use."""
    return next(d.name for d in hw.devices if d.platform == platform)


def sync_for(framework: str, device: Any) -> Callable[[Any], None]:
    """How to wait for a framework's device work to finish."""
    if framework == "torch":
        import torch

        if str(device).startswith("cuda"):
            return lambda out: torch.cuda.synchronize(device)
        return lambda out: None  # PyTorch CPU ops return when they are done
    if framework == "jax":
        import jax

        return jax.block_until_ready
    raise ValueError(f"unknown framework {framework}")


def _free_memory(framework: str) -> None:
    gc.collect()
    if framework == "torch" and "torch" in sys.modules:
        import torch

        if torch.cuda.is_available():
            torch.cuda.empty_cache()


def _is_oom(exc: BaseException) -> bool:
    text = f"{type(exc).__name__}: {exc}".lower()
    return "out of memory" in text or "outofmemory" in text or "resource_exhausted" in text


def _blank_record(item: Planned) -> dict:
    return {
        "workload": item.snippet.workload, "snippet_hash": item.snippet.source_hash, "framework": item.framework,
        "device": item.device.name if item.device else None,
        "platform": item.device.platform if item.device else None,
        "params": item.params, "status": "skipped", "reason": item.skip, "samples_s": [], "metrics": {},
    }


def measure(item: Planned, profile: str, reference: Reference, limit_s: float | None = None,
            meter: tuple[energy.Meter | None, str | None] | None = None) -> dict:
    """One record. Never raises for a snippet's own failure: that becomes ``failed``. ``meter``:
    (counter or None, why none) for a measurement also metered for energy, else None."""
    record = _blank_record(item)
    if item.skip:
        return record
    idle_watts = _idle_watts(meter) if meter else None
    try:
        with time_limit(limit_s):
            return _measure(item, profile, reference, record, meter, idle_watts)
    except MeasurementTimeout as exc:
        return {**record, "status": "failed", "reason": str(exc)}
    except Unsupported as exc:
        return {**record, "status": "skipped", "reason": str(exc) or "not supported on this device"}
    except Exception as exc:
        reason = "out of memory" if _is_oom(exc) else f"{type(exc).__name__}: {exc}"
        return {**record, "status": "failed", "reason": reason[:4000]}
    finally:
        _free_memory(item.framework)


def _idle_watts(meter) -> float | None:
    """Power drawn before the measurement starts (the device as it idles between measurements)."""
    try:
        return meter[0].watts() if meter[0] is not None else None
    except Exception:
        return None


def _measure(item: Planned, profile: str, reference: Reference, record: dict, meter, idle_watts=None) -> dict:
    """Build the case, time its first call, check it against float64, then time it."""
    params = item.params
    case = item.snippet.case(item.framework, params, item.device.handle)
    try:
        sync = sync_for(item.framework, item.device.handle)
        compile_s = timing.time_first_call(case.prepare, case.run, sync)
        error = case.check()
        record["check"] = {"relative_error": error if math.isfinite(error) else None, "tolerance": case.tolerance}
        if not error <= case.tolerance:  # NaN fails too
            return {**record, "status": "failed",
                    "reason": f"wrong result: relative error {error:.3g} exceeds tolerance {case.tolerance:.3g}"}
        result = timing.time_calls(case.run, sync, TIMING_PLANS[profile])
        energy_info = (measure_energy(case.run, sync, result.calls_per_sample, ENERGY_SECONDS[profile], meter, idle_watts)
                       if meter else None)
    finally:
        if case.close:
            case.close()
    stats = timing.summarize(result.samples_s)
    record.update(status="ok", reason=None, samples_s=result.samples_s,
                  calls_per_sample=result.calls_per_sample, stats=stats, notes=dict(case.notes))
    record["metrics"] = derived_metrics(item.snippet, params, stats["median_s"], compile_s, case.work)
    peak = peak_for(item.snippet, item.device.name, params, reference)
    record["peak"] = peak.as_dict() if peak else None
    if peak:
        spec = item.snippet.peak_spec
        record["metrics"][spec["name"]] = record["metrics"][spec["metric"]] / peak.value
    if energy_info is not None:
        record["energy"] = energy_info
        record["metrics"].update(energy_metrics(energy_info, record["metrics"]))
    return record


def measure_energy(run, sync, calls_per_sample: int, seconds: float, meter, idle_watts: float | None = None) -> dict:
    """Read the energy counter around a sustained run of at least ``seconds``. A counter that
    fails is recorded as such; it never costs the timing already taken."""
    counter, reason = meter
    if counter is None:
        return {"measured": False, "reason": reason}
    try:
        return _metered(run, sync, calls_per_sample, seconds, counter, idle_watts)
    except (MeasurementTimeout, Interrupted):
        raise
    except Exception as exc:
        return {"measured": False, "reason": f"energy counter failed: {type(exc).__name__}: {exc}"[:2000]}


def _metered(run, sync, calls_per_sample, seconds, counter, idle):
    start_j, start_t, calls = counter.joules(), time.perf_counter(), 0
    while True:
        out = None
        for _ in range(calls_per_sample):
            out = run(calls)
            calls += 1
        sync(out)
        elapsed = time.perf_counter() - start_t
        if elapsed >= seconds:
            break
    joules = counter.joules() - start_j
    return {"measured": True, "method": counter.method, "seconds": elapsed, "calls": calls,
            "joules": joules, "idle_watts": idle}


def energy_metrics(info: dict, metrics: dict) -> dict:
    """watts and joules per call, and the efficiency figures derived from them."""
    if not info.get("measured") or info["joules"] <= 0:
        return {}
    watts = info["joules"] / info["seconds"]
    out = {"watts": watts, "joules": info["joules"] / info["calls"]}
    if "tflops" in metrics:
        out["tflops_per_watt"] = metrics["tflops"] / watts
    if "tokens_per_s" in metrics:
        out["tokens_per_joule"] = metrics["tokens_per_s"] / watts
    return out


# Per-call work a snippet may declare -> the rate it becomes, and the scale of its unit.
WORK_RATES = (("flops", "tflops", 1e12), ("bytes_moved", "gbps", 1e9),
              ("elements", "elements_per_s", 1.0), ("tokens", "tokens_per_s", 1.0))


def derived_metrics(snip: Snippet, params: dict, median_s: float, compile_s: float,
                    work_override: dict | None = None) -> dict:
    metrics = {"compile_s": compile_s}
    for function, metric, scale in WORK_RATES:
        work = getattr(snip.module, function, None)
        amount = (work_override or {}).get(function, work(params) if work else 0)
        if amount:
            metrics[metric] = amount / median_s / scale
    return metrics


def peak_for(snip: Snippet, device_name: str, params: dict, reference: Reference):
    """The vendor figure this measurement is a fraction of: compute peak for the dtype that ran,
    or memory bandwidth, as the snippet's PEAK says."""
    spec = snip.peak_spec
    if spec is None:
        return None
    if spec["metric"] == "gbps":
        return reference.bandwidth(device_name)
    return reference.peak(device_name, str(params.get("dtype", "")))


def git_info(root: Path) -> dict:
    """The commit the snippets and engine came from. Where the tree is a copy without .git (a lent
    device machine), ACCELBENCH_GIT_COMMIT / ACCELBENCH_GIT_DIRTY say what it was copied from."""
    if os.environ.get("ACCELBENCH_GIT_COMMIT"):
        return {"git_commit": os.environ["ACCELBENCH_GIT_COMMIT"],
                "dirty": os.environ.get("ACCELBENCH_GIT_DIRTY", "").lower() in ("1", "true", "yes")}

    def git(*args):
        out = subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True, timeout=10)
        return out.stdout.strip() if out.returncode == 0 else None

    try:
        commit = git("rev-parse", "HEAD")
        status = git("status", "--porcelain", "--", "snippets", "scripts")
    except (OSError, subprocess.SubprocessError):
        return {"git_commit": None, "dirty": None}
    return {"git_commit": commit, "dirty": None if commit is None or status is None else bool(status)}


def new_run(profile: str, hw: hardware.Hardware, frameworks: list[str], root: Path) -> dict:
    now = datetime.now(timezone.utc)
    env = hardware.environment(frameworks)
    host = "".join(c if c.isalnum() or c in "-_." else "-" for c in env["host"])[:40] or "host"
    return {
        "schema_version": SCHEMA_VERSION,
        "run_id": f"{now:%Y%m%dT%H%M%SZ}-{host}-{uuid.uuid4().hex[:8]}",
        "created_at": now.isoformat(timespec="seconds").replace("+00:00", "Z"),
        "finished_at": None,
        "profile": profile,
        "complete": False,
        "interrupted_by": None,
        "environment": env,
        "devices": [d.describe() for d in hw.devices],
        "unavailable": [u.describe() for u in hw.unavailable],
        "code": git_info(root),
        "records": [],
    }


class Progress:
    """Which measurement, elapsed and estimated remaining. On a terminal a bar line below the
    finished ones shows what is running; elsewhere (CI logs) one plain line per measurement."""

    def __init__(self, total: int, stream: TextIO):
        self.total, self.stream, self.start = total, stream, time.monotonic()
        self.tty = hasattr(stream, "isatty") and stream.isatty()

    def _times(self, done: int) -> str:
        elapsed = time.monotonic() - self.start
        remaining = elapsed / done * (self.total - done) if done else 0.0
        return f"elapsed {elapsed:.0f}s, ~{remaining:.0f}s left"

    @staticmethod
    def _describe(item: Planned) -> str:
        params = " ".join(f"{k}={v}" for k, v in item.params.items())
        return f"{item.snippet.workload} {item.framework} {item.device.name if item.device else '-'} {params}"

    def begin(self, index: int, item: Planned) -> None:
        if self.tty:
            width, done = 24, index - 1
            bar = "#" * (width * done // self.total) + "." * (width - width * done // self.total)
            self.stream.write(f"\r\033[K[{bar}] {done}/{self.total} running {self._describe(item)} ({self._times(done)})")
            self.stream.flush()

    def line(self, index: int, item: Planned, outcome: str) -> None:
        prefix = "\r\033[K" if self.tty else ""
        print(f"{prefix}[{index}/{self.total}] {self._describe(item)}: {outcome}  ({self._times(index)})",
              file=self.stream, flush=True)


def _outcome(record: dict, headline: str) -> str:
    """'ok' with the snippet's chart metric, or the status and reason."""
    if record["status"] != "ok":
        return f"{record['status']}: {record['reason']}"
    value = record["metrics"].get(headline)
    return f"ok {value:.3g} {headline}" if value is not None else f"ok {record['stats']['median_s'] * 1e3:.3g} ms"


def run(snippets: list[Snippet], *, profile: str, frameworks: list[str], data_dir: Path, root: Path,
        force: bool = False, platforms: list[str] | None = None, hw: hardware.Hardware | None = None,
        time_limit_s: float | None = None, log: TextIO | None = None) -> Path | None:
    """Measure what is missing and write one run file; returns its path, or None when every
    planned measurement is already stored (no empty run file is written). Raises Interrupted,
    carrying the path of the partial file, after SIGINT or SIGTERM."""
    log = log or sys.stderr  # looked up per call, so a redirected stderr is honoured
    runs_dir = Path(data_dir) / "runs"
    hw = hw or hardware.detect(frameworks)
    items = plan(snippets, hw, frameworks, profile, platforms)
    stored = {} if force else stored_ok_hashes(runs_dir, lambda msg: print(msg, file=log))
    todo = [i for i in items if i.skip or i.snippet.source_hash not in stored.get(i.key(), ())]
    if not any(i.skip is None for i in todo):
        cached = sum(1 for i in items if i.skip is None)
        print(f"nothing to measure: {cached} measurement(s) already stored for this machine and these "
              f"snippets (use --force to measure again)", file=log)
        return None
    limit = time_limit_s if time_limit_s is not None else TIME_LIMITS[profile]
    writer = RunWriter(new_run(profile, hw, frameworks, root), runs_dir)
    reference = Reference(Path(data_dir) / "reference")
    progress = Progress(len(todo), log)
    meters = {}  # one energy counter per device kind, opened once
    previous = _install_signal_handlers()
    try:
        for index, item in enumerate(todo, 1):
            progress.begin(index, item)
            watchdog = _watchdog(writer, item, limit, log)
            try:
                meter = _meter(meters, item) if item.skip is None and item.snippet.wants_energy(item.params) else None
                record = measure(item, profile, reference, limit, meter)
            finally:
                watchdog.cancel()
            writer.add(record)
            progress.line(index, item, _outcome(record, item.snippet.chart["y"]))
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


class RunWriter:
    """Collects records and writes the run file exactly once, from whichever thread ends the run."""

    def __init__(self, run: dict, runs_dir: Path):
        self.run, self.runs_dir = run, runs_dir
        self.lock = threading.Lock()
        self.path: Path | None = None

    def add(self, record: dict) -> None:
        with self.lock:
            self.run["records"].append(record)

    def finish(self, interrupted_by: str | None = None, extra: list[dict] = ()) -> Path:
        with self.lock:
            if self.path is None:
                self.run["records"].extend(extra)
                self.run.update(complete=interrupted_by is None, interrupted_by=interrupted_by,
                                finished_at=_utc_now())
                self.path = write_atomic(self.runs_dir / f"{self.run['run_id']}.json", self.run)
            return self.path


def _watchdog(writer: RunWriter, item: Planned, limit: float, log: TextIO) -> threading.Timer:
    """Last resort for a measurement hung inside native code, where the timeout exception cannot
    reach: record it as a timeout, write what completed (marked incomplete) and end the process."""

    def fire():
        hung = {**_blank_record(item), "status": "failed", "reason": f"timeout after {limit:g} s (hung)"}
        path = writer.finish(interrupted_by="hung measurement", extra=[hung])
        print(f"{item.snippet.workload} {item.framework} {item.params} hung; wrote {path}", file=log, flush=True)
        print(path, flush=True)
        os._exit(124)

    timer = threading.Timer(limit + min(limit, HARD_LIMIT_GRACE_S), fire)
    timer.daemon = True
    if limit:
        timer.start()
    return timer


def _meter(meters: dict, item: Planned):
    key = (item.device.platform, item.device.vendor)
    if key not in meters:
        meters[key] = energy.meter_for(*key)
    return meters[key]


def _utc_now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z")


def _raise_interrupted(signum, frame):
    raise Interrupted(signal.Signals(signum).name)


def _install_signal_handlers() -> dict:
    previous = {}
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            previous[sig] = signal.signal(sig, _raise_interrupted)
        except ValueError:  # not the main thread: leave signals to the caller
            pass
    return previous


def _ignore_signals() -> None:
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            signal.signal(sig, signal.SIG_IGN)
        except ValueError:
            pass


def _restore_signal_handlers(previous: dict) -> None:
    for sig, handler in previous.items():
        signal.signal(sig, handler)
