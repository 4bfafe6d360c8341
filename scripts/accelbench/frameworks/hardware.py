"""What a machine's devices are, as the runner and the plan see them: each framework's devices,
and why a framework cannot use a platform. :mod:`accelbench.frameworks.detection` finds them on this
machine; :func:`assumed` describes a machine that is not this one, for planning a run elsewhere.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from accelbench.frameworks import tf_device, xla

ACCELERATOR_PLATFORMS = ("gpu", "tpu")


@dataclass
class Device:
    """One kind of device as one framework sees it (the first of ``count`` identical ones)."""

    framework: str
    platform: str  # cpu | gpu | tpu
    name: str  # CPU model, 'NVIDIA H200', 'TPU v5 lite': the key reference data is looked up by
    count: int
    memory_bytes: int | None
    vendor: str | None = None
    handle: Any = field(default=None, repr=False, compare=False)  # what snippets receive
    pci_bus_id: str | None = None  # how NVML finds the same GPU ("00000000:3B:00.0")
    # (category, reason) where this framework cannot measure anything on it, though it is here
    # (TensorFlow on a TPU generation it does not support): every measurement is that skip
    cannot: tuple[str, str] | None = field(default=None, compare=False)

    def describe(self) -> dict:
        out = {"framework": self.framework, "platform": self.platform, "name": self.name,
               "count": self.count, "memory_bytes": self.memory_bytes, "vendor": self.vendor}
        return {**out, "pci_bus_id": self.pci_bus_id} if self.pci_bus_id else out


@dataclass
class Unavailable:
    framework: str
    platform: str | None  # None: the framework itself is unusable
    reason: str

    def describe(self) -> dict:
        return {"framework": self.framework, "platform": self.platform, "reason": self.reason}


@dataclass
class Hardware:
    devices: list[Device]
    unavailable: list[Unavailable]


def unseen(devices: list[Device], unavailable: list[Unavailable], frameworks) -> list[Unavailable]:
    """An accelerator one framework sees and another cannot use is a skip with a reason,
    e.g. PyTorch on a TPU without torch_xla."""
    seen = {(d.framework, d.platform) for d in devices}
    broken = {u.framework for u in unavailable if u.platform is None}
    out = []
    for plat in sorted({d.platform for d in devices} & set(ACCELERATOR_PLATFORMS)):
        for fw in frameworks:
            if fw in broken or (fw, plat) in seen or any(u.framework == fw and u.platform == plat for u in unavailable):
                continue
            if (fw, plat) == ("torch", "tpu"):
                out.append(Unavailable(fw, plat, "PyTorch on a TPU needs torch_xla: " + xla.INSTALL_HINT))
            elif fw == tf_device.FRAMEWORK:
                out.append(Unavailable(fw, plat, tf_device.not_seen(plat)))
            else:
                out.append(Unavailable(fw, plat, f"{fw} sees no {plat} device"))
    return out


# Which frameworks this runner drives on which platform (PyTorch on a TPU through torch_xla).
DRIVES = {"cpu": ("torch", "jax", "tensorflow"), "gpu": ("torch", "jax", "tensorflow"),
          "tpu": ("torch", "jax", "tensorflow")}


def assumed(name: str, platform: str, vendor: str | None, memory_bytes: int | None, frameworks) -> Hardware:
    """The hardware a machine with one ``name`` accelerator would report, for planning elsewhere."""
    devices = [Device(fw, platform, name, 1, memory_bytes, vendor) for fw in frameworks if fw in DRIVES[platform]]
    return Hardware(devices, unseen(devices, [], frameworks))
