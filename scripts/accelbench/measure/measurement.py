"""One measurement: build the case, time its first call (compile included), check it against
float64, time it, meter its energy where asked, and derive the named metrics.

Never raises for a snippet's own failure: that becomes a ``failed`` record with the reason.
"""

from __future__ import annotations

import gc
import math
import signal
import sys
import threading
from collections.abc import Callable
from contextlib import contextmanager
from typing import Any

from accelbench.core.metrics import RATES
from accelbench.core.profiles import Profile
from accelbench.core.reference import Reference
from accelbench.frameworks import tf_device, xla
from accelbench.measure import energy, timing
from accelbench.measure.plan import Planned
from accelbench.workloads.snippet import Unsupported


class MeasurementTimeout(BaseException):
    """A measurement ran past its time limit (a BaseException for the same reason)."""


@contextmanager
def time_limit(seconds: float | None):
    """Raise MeasurementTimeout in the main thread after ``seconds`` (no limit elsewhere)."""
    if not seconds or threading.current_thread() is not threading.main_thread():
        yield
        return

    def expire(signum, frame):
        raise MeasurementTimeout(f"timeout after {seconds:.3g} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


class Driver:
    """How the runner drives an eager device: ``run`` wraps a case's call (here: as it is), ``sync``
    waits until the device has finished, and nothing is counted. xla.LazyDevice has the same
    interface for torch_xla, which materialises each call and counts graph compilations
    (``compilations``) and operations run on the host (``host_fallbacks``)."""

    compilations: Callable[[], int] | None = None

    def __init__(self, sync: Callable[[Any], None]):
        self.sync = sync

    def run(self, call: Callable[[int], Any]) -> Callable[[int], Any]:
        return call

    def settle(self) -> None:
        """Finish what is pending and start counting afresh (nothing to do on an eager device)."""

    def host_fallbacks(self) -> list[str]:
        return []


def driver_for(framework: str, device: Any) -> Driver | xla.LazyDevice | tf_device.TensorFlowDriver:
    if framework == "torch":
        import torch

        if xla.is_xla(device):
            return xla.LazyDevice()
        if str(device).startswith("cuda"):
            return Driver(lambda out: torch.cuda.synchronize(device))
        return Driver(lambda out: None)  # PyTorch CPU ops return when they are done
    if framework == "jax":
        import jax

        return Driver(jax.block_until_ready)
    if framework == tf_device.FRAMEWORK:
        return tf_device.TensorFlowDriver(device)
    raise ValueError(f"unknown framework {framework}")


def _free_memory(framework: str) -> None:
    gc.collect()
    if framework == "torch" and "torch" in sys.modules:
        import torch

        if torch.cuda.is_available():
            torch.cuda.empty_cache()


def _is_oom(exc: BaseException) -> bool:
    text = f"{type(exc).__name__}: {exc}".lower()
    return any(s in text for s in ("out of memory", "outofmemory", "resource_exhausted", "resourceexhausted",
                                   "oom when allocating"))  # the last two: TensorFlow's


def blank_record(item: Planned, status: str = "skipped", reason: str | None = None, category: str | None = None) -> dict:
    """A record without a result: skipped as planned, or with the given status, reason and category."""
    return {
        "workload": item.snippet.workload, "snippet_hash": item.snippet.hash_for(item.framework), "framework": item.framework,
        "device": item.device.name if item.device else None,
        "platform": item.device.platform if item.device else None,
        "params": item.params, "status": status, "reason": reason if reason is not None else item.skip,
        "category": category if category is not None else item.skip_category,
        "samples_s": [], "metrics": {},
    }


def _failed(record: dict, category: str, reason: str) -> dict:
    return {**record, "status": "failed", "category": category, "reason": reason[:4000]}


def measure(item: Planned, profile: Profile, reference: Reference, limit_s: float | None = None,
            metering: energy.Metering | None = None) -> dict:
    """One record. ``metering``: the energy counter of this device kind, for a measurement also
    metered for energy, else None."""
    record = blank_record(item)
    if item.skip:
        return record
    try:
        with time_limit(limit_s):
            return _measure(item, profile, reference, record, metering)
    except MeasurementTimeout as exc:
        return _failed(record, "timeout", str(exc))
    except Unsupported as exc:
        return {**record, "status": "skipped", "category": exc.category,  # unsupported, or too_large
                "reason": str(exc) or "not supported on this device"}
    except Exception as exc:
        refused = tf_device.unsupported(exc) if item.framework == tf_device.FRAMEWORK else None
        if refused:  # an op with no kernel or no XLA lowering for the device, named
            return {**record, "status": "skipped", "category": "unsupported", "reason": refused}
        if _is_oom(exc):
            return _failed(record, "out_of_memory", "out of memory")
        return _failed(record, "error", f"{type(exc).__name__}: {exc}")
    finally:
        _free_memory(item.framework)


def _measure(item: Planned, profile: Profile, reference: Reference, record: dict,
             metering: energy.Metering | None) -> dict:
    """Build the case, time its first call, check it against float64, then time it."""
    case = item.snippet.case(item.framework, item.params, item.device.handle)
    try:
        driver = driver_for(item.framework, item.device.handle)
        run, sync = driver.run(case.run), driver.sync
        driver.settle()
        compile_s = timing.time_first_call(case.prepare, run, sync)
        _refuse_host_fallbacks(driver.host_fallbacks())
        error = case.check()
        record["check"] = {"relative_error": error if math.isfinite(error) else None, "tolerance": case.tolerance}
        if not error <= case.tolerance:  # NaN fails too
            return _failed(record, "precision",
                           f"wrong result: relative error {error:.3g} exceeds tolerance {case.tolerance:.3g}")
        driver.settle()  # what the check did is not the timed calls' business
        result = timing.time_calls(run, sync, profile.timing, compilations=driver.compilations)
        _refuse_host_fallbacks(driver.host_fallbacks())
        energy_info = (energy.meter_window(run, sync, result.calls_per_sample, profile.energy_s, metering)
                       if metering else None)
    finally:
        if case.close:
            case.close()
    stats = timing.summarize(result.samples_s, result.compilations)
    work = item.snippet.work(item.params, case.work)
    notes = {**case.notes, **({"call_ends": driver.ends} if getattr(driver, "ends", None) else {})}
    record.update(status="ok", reason=None, category=None, samples_s=result.samples_s,
                  calls_per_sample=result.calls_per_sample, stats=stats, notes=notes, work=work)
    record["metrics"] = derived_metrics(work, stats["median_s"], compile_s)
    peak = peak_for(item, reference)
    record["peak"] = peak.as_dict() if peak else None
    if peak:
        spec = item.snippet.peak_spec
        record["metrics"][spec["name"]] = record["metrics"][spec["metric"]] / peak.value
    if energy_info is not None:
        record["energy"] = energy_info
        record["metrics"].update(energy.efficiency(energy_info, work))
    return record


def _refuse_host_fallbacks(ops: list[str]) -> None:
    """A call that needs an operation the framework runs on the host CPU (torch_xla without an
    XLA lowering for it) would time the host, not the device: the device cannot run it."""
    if ops:
        raise Unsupported(f"torch_xla has no XLA lowering for {', '.join(ops)}: it runs on the host CPU, "
                          f"so this would not measure the device")


def derived_metrics(work: dict, median_s: float, compile_s: float) -> dict:
    """compile_s, and each rate of the metric registry whose work the snippet declares."""
    metrics = {"compile_s": compile_s}
    for metric in RATES:
        if work.get(metric.work):
            metrics[metric.name] = work[metric.work] / median_s / metric.scale
    return metrics


def peak_for(item: Planned, reference: Reference):
    """The vendor figure this measurement is a fraction of: compute peak for the dtype that ran,
    or memory bandwidth, as the snippet's PEAK says."""
    spec = item.snippet.peak_spec
    if spec is None:
        return None
    if spec["metric"] == "gbps":
        return reference.bandwidth(item.device.name)
    return reference.peak(item.device.name, str(item.params.get("dtype", "")))
