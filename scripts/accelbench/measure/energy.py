"""Energy: the counters (NVML's total-energy counter on NVIDIA GPUs, RAPL on CPUs where readable)
and how a measurement is metered with them.

Nothing is estimated: where no counter can be read (TPUs, AMD GPUs for now, virtual machines
without RAPL) the reason is recorded instead of a number. Efficiency figures come from the
metered window alone: the work done inside it over the joules it took, never a timing median
divided by a power drawn at another moment.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from accelbench.measure.timing import run_batch

RAPL_ROOT = Path("/sys/class/powercap")
# Before the idle reading, the device is left alone this long (power readings lag the load).
IDLE_SETTLE_S = 2.0
# A counter advances in steps (NVML's interval is not documented per GPU). A window runs from one
# step to another, and the interval between two steps is measured and recorded, never assumed. A
# counter that has not stepped after this long is read where it stands (the window unaligned).
TICK_WAIT_S = 1.0


class Meter(Protocol):
    method: str

    def joules(self) -> float:
        """A monotonic energy reading in joules (differences are what matter)."""

    def watts(self) -> float | None:
        """Power drawn right now, where the counter offers it (for the idle reading)."""

    # optional: state() -> {"sm_clock_mhz": ..., "temperature_c": ...}, the device's clock state


class NvmlMeter:
    """The GPU's own counter. The device is found by its PCI bus id, which CUDA and NVML agree on;
    their device indices can differ (CUDA orders the fastest first, NVML by bus)."""

    method = "NVML total energy counter (nvmlDeviceGetTotalEnergyConsumption)"

    def __init__(self, pci_bus_id: str | None = None, nvml: Any = None):
        if nvml is None:
            import pynvml as nvml

        nvml.nvmlInit()
        self.nvml = nvml
        if pci_bus_id:
            self.handle = nvml.nvmlDeviceGetHandleByPciBusId(pci_bus_id.encode())
        else:
            self.handle = nvml.nvmlDeviceGetHandleByIndex(0)
            self.method += " of NVML device 0 (PCI bus id unknown)"
        self.joules()  # raises here if the GPU has no energy counter

    def joules(self) -> float:
        return self.nvml.nvmlDeviceGetTotalEnergyConsumption(self.handle) / 1000.0  # mJ

    def watts(self) -> float | None:
        try:
            return self.nvml.nvmlDeviceGetPowerUsage(self.handle) / 1000.0  # mW
        except Exception:
            return None

    def state(self) -> dict:
        """The SM clock and the temperature now: what a window's throughput and joules depend on
        (a sustained run can clock lower than the timed burst). Each None where unreadable."""
        out = {}
        for name, read in (("sm_clock_mhz", lambda: self.nvml.nvmlDeviceGetClockInfo(self.handle, self.nvml.NVML_CLOCK_SM)),
                           ("temperature_c", lambda: self.nvml.nvmlDeviceGetTemperature(
                               self.handle, self.nvml.NVML_TEMPERATURE_GPU))):
            try:
                out[name] = float(read())
            except Exception:
                out[name] = None
        return out


class RaplMeter:
    """Sum of the package-level RAPL domains, corrected for counter wrap-around."""

    method = "RAPL package energy counters (/sys/class/powercap)"

    def __init__(self, root: Path = RAPL_ROOT):
        self.domains = sorted(p for p in root.glob("intel-rapl:*") if p.name.count(":") == 1)
        if not self.domains:
            raise OSError(f"no RAPL package domains under {root}")
        self.ranges = [int((d / "max_energy_range_uj").read_text()) for d in self.domains]
        self.last = [self._read(d) for d in self.domains]
        self.total_uj = 0

    @staticmethod
    def _read(domain: Path) -> int:
        return int((domain / "energy_uj").read_text())

    def joules(self) -> float:
        for i, domain in enumerate(self.domains):
            now = self._read(domain)
            self.total_uj += (now - self.last[i]) % (self.ranges[i] + 1)
            self.last[i] = now
        return self.total_uj / 1e6

    def watts(self) -> float | None:
        return None


def meter_for(platform: str, vendor: str | None, pci_bus_id: str | None = None) -> tuple[Meter | None, str | None]:
    """The energy counter for a device, or None and why there is none."""
    if platform == "tpu":
        return None, "TPUs expose no energy counter to programs"
    if platform == "gpu" and vendor == "nvidia":
        try:
            return NvmlMeter(pci_bus_id), None
        except Exception as exc:
            return None, f"NVML energy counter not readable ({type(exc).__name__}: {exc})"
    if platform == "gpu":
        return None, f"no energy counter is read for {vendor or 'this'} GPUs yet"
    if not RAPL_ROOT.exists():
        return None, f"RAPL not readable: {RAPL_ROOT} is absent (typical of virtual machines)"
    try:
        return RaplMeter(RAPL_ROOT), None
    except (OSError, ValueError) as exc:
        return None, f"RAPL not readable: {exc}"


@dataclass
class Metering:
    """One device kind's counter (or why there is none) and its idle power, read once."""

    counter: Meter | None
    reason: str | None
    idle_watts: float | None = None


def open_metering(platform: str, vendor: str | None, pci_bus_id: str | None = None,
                  settle_s: float = IDLE_SETTLE_S, sleep: Callable[[float], None] = time.sleep,
                  meter: Callable[..., tuple[Meter | None, str | None]] = meter_for) -> Metering:
    """Open the counter and read the idle power once, before any load, after a short settle."""
    counter, reason = meter(platform, vendor, pci_bus_id)
    idle = None
    if counter is not None:
        sleep(settle_s)
        try:
            idle = counter.watts()
        except Exception:
            idle = None
    return Metering(counter, reason, idle)


def meter_window(run: Callable[[int], Any], sync: Callable[[Any], None], calls_per_sample: int, seconds: float,
                 metering: Metering, clock: Callable[[], float] = time.perf_counter) -> dict:
    """Read the counter around a sustained run of at least ``seconds`` that starts on a step of the
    counter (after two steps, whose interval is recorded) and ends on one, so that the joules are
    those of the window's own time. The window's own calls per second and the device's clock state
    at both ends are recorded beside them. A counter that fails is recorded as such; it never costs
    the timing already taken."""
    if metering.counter is None:
        return {"measured": False, "reason": metering.reason}
    counter = metering.counter
    try:
        first = wait_for_tick(counter, clock)
        second = wait_for_tick(counter, clock) if first else None
        start_t, start_j = second or (clock(), counter.joules())
        calls, before = 0, None
        while True:
            calls = run_batch(run, sync, calls_per_sample, calls)
            before = before or device_state(counter)  # after the first batch: the clocks under load
            if clock() - start_t >= seconds:
                break
        end_t, end_j, calls = _run_to_tick(run, sync, calls, counter, clock)
        after = device_state(counter)
    except Exception as exc:  # MeasurementTimeout and Interrupted are BaseExceptions: they pass
        return {"measured": False, "reason": f"energy counter failed: {type(exc).__name__}: {exc}"[:2000]}
    elapsed = end_t - start_t
    info = {"measured": True, "method": counter.method, "seconds": elapsed, "calls": calls,
            "joules": end_j - start_j, "idle_watts": metering.idle_watts, "calls_per_s": calls / elapsed,
            "tick_interval_s": second[0] - first[0] if second else None}
    if before or after:
        info["clocks"] = {"start": before, "end": after}
    return info


def wait_for_tick(counter: Meter, clock: Callable[[], float], limit_s: float = TICK_WAIT_S) -> tuple[float, float] | None:
    """Poll the counter until its value changes: (time, joules) of the change, or None after
    ``limit_s`` without one. Polled without load, so the time of the step is sharp."""
    before, since = counter.joules(), clock()
    while True:
        joules, now = counter.joules(), clock()
        if joules != before:
            return now, joules
        if now - since > limit_s:
            return None


def _run_to_tick(run, sync, calls, counter: Meter, clock) -> tuple[float, float, int]:
    """Keep the load on until the counter steps (at most TICK_WAIT_S more): the window's end. One
    call at a time, so the window counts at most one call's work past the step it ends on."""
    last, since = counter.joules(), clock()
    while True:
        calls = run_batch(run, sync, 1, calls)
        joules, now = counter.joules(), clock()
        if joules != last or now - since > TICK_WAIT_S:
            return now, joules, calls


def device_state(counter: Meter) -> dict:
    """The counter's device clock state (NVML: SM clock, temperature), or {} where it has none."""
    state = getattr(counter, "state", None)
    return state() if state else {}


def efficiency(info: dict, work: dict) -> dict:
    """Watts, joules per call, and work per joule, all from the metered window: its own calls,
    seconds and joules. ``work``: what one call does (flops, tokens)."""
    if not info.get("measured") or info["joules"] <= 0:
        return {}
    out = {"watts": info["joules"] / info["seconds"], "joules": info["joules"] / info["calls"]}
    if work.get("flops"):
        out["tflops_per_watt"] = work["flops"] * info["calls"] / info["joules"] / 1e12  # TFLOP per joule
    if work.get("tokens"):
        out["tokens_per_joule"] = work["tokens"] * info["calls"] / info["joules"]
    return out
