"""Energy counters: NVML's total-energy counter on NVIDIA GPUs, RAPL on CPUs where readable.

Nothing is estimated: where no counter can be read (TPUs, AMD GPUs for now, virtual machines
without RAPL) the reason is recorded instead of a number.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

RAPL_ROOT = Path("/sys/class/powercap")


class Meter(Protocol):
    method: str

    def joules(self) -> float:
        """A monotonic energy reading in joules (differences are what matter)."""

    def watts(self) -> float | None:
        """Power drawn right now, where the counter offers it (for the idle reading)."""


class NvmlMeter:
    method = "NVML total energy counter (nvmlDeviceGetTotalEnergyConsumption)"

    def __init__(self, index: int = 0):
        import pynvml

        pynvml.nvmlInit()
        self.nvml = pynvml
        self.handle = pynvml.nvmlDeviceGetHandleByIndex(index)
        self.joules()  # raises here if the GPU has no energy counter

    def joules(self) -> float:
        return self.nvml.nvmlDeviceGetTotalEnergyConsumption(self.handle) / 1000.0  # mJ

    def watts(self) -> float | None:
        try:
            return self.nvml.nvmlDeviceGetPowerUsage(self.handle) / 1000.0  # mW
        except Exception:
            return None


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


def meter_for(platform: str, vendor: str | None) -> tuple[Meter | None, str | None]:
    """The energy counter for a device, or None and why there is none."""
    if platform == "tpu":
        return None, "TPUs expose no energy counter to programs"
    if platform == "gpu" and vendor == "nvidia":
        try:
            return NvmlMeter(), None
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
