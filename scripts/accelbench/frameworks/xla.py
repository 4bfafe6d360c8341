"""PyTorch on a TPU, through torch_xla: finding the device, and what lazy tensors need to be timed.

torch_xla records operations instead of running them; a graph runs when ``torch_xla.sync()`` cuts
it, and finishes asynchronously. So each timed call ends with a sync (the step is materialised,
as in a torch_xla training loop) and a sample ends by waiting for the device. Two things the
numbers depend on are read from torch_xla's own counters: graph compilations (a snippet that
compiles again while timed is flagged wide spread, since its samples then include compiling) and
operations with no XLA lowering, which torch_xla runs on the host CPU instead (``aten::``
counters): a measurement that needs one measures the host, not the device, so it is recorded as
unsupported.

JAX and torch_xla cannot share a TPU in one process (whichever opens it first holds it, and the
other hangs: pytorch/xla#6747), and they need different libtpu releases, so PyTorch on a TPU runs
from its own environment (``make xla-env``) in its own process (``make benchmarks`` does both).

On a TPU, compiled graphs are kept in torch_xla's persistent cache (``init_cache``): a graph met again,
in this run or a later one on the same machine, is loaded rather than compiled, and a first call's
compile_s then includes no compile for what the cache already held.
"""

from __future__ import annotations

import glob
import importlib.util
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

# torch_xla on a machine without a TPU: "auto" leaves PyTorch on its own devices; "1" measures
# through torch_xla on whatever PJRT device it opens (PJRT_DEVICE=CPU: the tests, without a TPU).
USE = "ACCELBENCH_TORCH_XLA"
INSTALL_HINT = ("make xla-env (torch 2.9 with torch-xla[tpu] 2.9 in .venv-xla), "
                "then .venv-xla/bin/accelbench run --frameworks torch")

# PCI ids of TPU chips (Google's vendor id; a GCE VM's gVNIC has the same vendor, another device id),
# as torch_xla 2.9's _internal/tpu.py lists them: v2/v3, v4, v5e, v6e, two it marks "testing
# only", and TPU7x.
GOOGLE_PCI_VENDOR = "0x1ae0"
TPU_PCI_DEVICES = ("0x0027", "0x005e", "0x0063", "0x006f", "0x0056", "0x0062", "0x0076")
# The device kind JAX reports (build_data/reference/device_names.csv) for the PCI ids that name one
# generation, as torch_xla's list does; a framework that reports no kind (TensorFlow) names its TPU so.
TPU_KINDS = {"0x005e": "TPU v4", "0x0063": "TPU v5 lite", "0x006f": "TPU v6 lite", "0x0076": "TPU7x"}
PLATFORMS = {"TPU": "tpu", "CPU": "cpu", "CUDA": "gpu"}  # PJRT device type -> ours
# the one operation torch_xla runs on the host that is no computation: reading a scalar back
HOST_READS = frozenset({"aten::_local_scalar_dense"})
# Where a run keeps what outlives it (torch_xla's compiled graphs), else ~/.cache/accelbench.
CACHE_DIR = "ACCELBENCH_CACHE_DIR"


def tpu_chips(sysfs: str = "/sys/bus/pci/devices") -> int:
    """TPU chips attached to this machine, counted on the PCI bus without opening any (so that the
    framework that measures them still can)."""
    return len(tpu_pci_devices(sysfs))


def tpu_pci_devices(sysfs: str = "/sys/bus/pci/devices") -> list[str]:
    """The PCI device id of each TPU chip on the bus ("0x0063")."""
    found = []
    for vendor in glob.glob(os.path.join(sysfs, "*", "vendor")):
        try:
            device = Path(vendor).with_name("device").read_text().strip()
            if Path(vendor).read_text().strip() == GOOGLE_PCI_VENDOR and device in TPU_PCI_DEVICES:
                found.append(device)
        except OSError:
            continue
    return found


# JAX's name for a TPU by the prefix of its accelerator type ("v5p-8"), which TPU VMs and GKE set in
# TPU_ACCELERATOR_TYPE: for the PCI ids that name no one generation (v5p shares one with a test chip)
TPU_KINDS_BY_TYPE = {"v4": "TPU v4", "v5litepod": "TPU v5 lite", "v5e": "TPU v5 lite", "v5p": "TPU v5",
                     "v6e": "TPU v6 lite", "tpu7x": "TPU7x"}


def tpu_kind(sysfs: str = "/sys/bus/pci/devices") -> str:
    """The TPU generation on the bus under JAX's name for it, told by PCI id (else by the accelerator
    type the machine declares) without opening a chip."""
    ids = sorted(set(tpu_pci_devices(sysfs)))
    if ids and ids[0] in TPU_KINDS:
        return TPU_KINDS[ids[0]]
    declared = os.environ.get("TPU_ACCELERATOR_TYPE", "").split("-")[0].lower()
    return TPU_KINDS_BY_TYPE.get(declared, f"TPU (PCI device {ids[0]})" if ids else "TPU")


def wanted(tpu_present: bool) -> bool:
    """Whether PyTorch measures through torch_xla here: on a TPU machine, or when asked to."""
    choice = os.environ.get(USE, "auto").strip().lower()
    if choice in ("0", "no", "false"):
        return False
    return choice in ("1", "yes", "true") or tpu_present


def installed() -> bool:
    return importlib.util.find_spec("torch_xla") is not None


def is_xla(device: Any) -> bool:
    """Whether a PyTorch device handle is an XLA device ("xla:0")."""
    return str(device).startswith("xla")


def platform_named(hardware: str) -> str:
    """Our platform (cpu, gpu, tpu) for the hardware torch_xla names (``xm.xla_device_hw``)."""
    return PLATFORMS.get(str(hardware).upper(), str(hardware).lower())


def cache_dir() -> Path:
    """The run's cache folder: $ACCELBENCH_CACHE_DIR, else accelbench under the user's cache."""
    chosen = os.environ.get(CACHE_DIR)
    if chosen:
        return Path(chosen)
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "accelbench"


def init_cache(torch_xla: Any) -> Path | None:
    """Start torch_xla's persistent compilation cache in cache_dir()/torch_xla, so that a graph
    compiled again (the GPT-2 step of another measurement, a rerun after a timeout) is read from
    disk instead: a compile of the GPT-2 step takes tens of seconds on a TPU. torch_xla accepts
    this only before its first computation (runtime.initialize_cache asserts it), so it is done
    once, before the TPU is opened. None where it was too late, this torch_xla has no such cache,
    or the folder cannot be made (the cache saves time; its absence costs no measurement)."""
    initialize = getattr(torch_xla.runtime, "initialize_cache", None)
    started = getattr(getattr(torch_xla, "_XLAC", None), "_xla_computation_cache_is_initialized", None)
    if initialize is None or (started is not None and started()):
        return None
    path = cache_dir() / "torch_xla"
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    initialize(str(path), readonly=False)
    return path


def open_device(torch_xla: Any) -> dict:
    """The XLA device torch_xla opens, as the detection needs it: the handle, our platform name,
    the PJRT device kind (a TPU reports the same kind as to JAX: "TPU v5 lite"), count, memory."""
    xm, xr = torch_xla.core.xla_model, torch_xla.runtime  # imported by torch_xla itself
    handle = torch_xla.device()
    try:
        memory = int(xm.get_memory_info(handle)["bytes_limit"])
    except Exception:  # the PJRT CPU client keeps no allocator statistics
        memory = None
    return {"handle": handle, "platform": platform_named(xm.xla_device_hw(handle)),
            "kind": str(xm.xla_device_kind(handle)), "count": int(xr.addressable_device_count()),
            "memory_bytes": memory}


class LazyDevice:
    """How the runner drives an XLA device (measure.Driver's interface): end each call with a sync
    (the graph is cut and launched), wait for the device at the end of a sample, and read
    torch_xla's counters."""

    def __init__(self):
        import torch_xla
        import torch_xla.core.xla_model as xm
        import torch_xla.debug.metrics as met

        self._torch_xla, self._xm, self._met = torch_xla, xm, met

    def run(self, call: Callable[[int], Any]) -> Callable[[int], Any]:
        def materialised(i: int):
            out = call(i)
            self._torch_xla.sync()  # launches the call's graph, asynchronously
            return out
        return materialised

    def sync(self, out: Any) -> None:
        self._xm.wait_device_ops()

    def settle(self) -> None:
        """Materialise what is pending (after building the case: its inputs and the model's
        weights, so the first call's time is its own compile and run), then zero torch_xla's
        counters, so that what they count from here is what comes next."""
        self._torch_xla.sync()
        self._xm.wait_device_ops()
        self._met.clear_counters()

    def compilations(self) -> int:
        """Graphs compiled so far in this process (cache misses)."""
        return int(self._met.counter_value("UncachedCompile") or 0)

    def host_fallbacks(self) -> list[str]:
        """Operations run on the host CPU for want of an XLA lowering since ``settle``. Read as
        "any count at all", not as a difference: TorchDynamo's openxla bridge zeroes these
        counters while it partitions a graph (torch_xla/_dynamo/dynamo_bridge.py)."""
        return sorted(name for name in self._met.counter_names()
                      if name.startswith("aten::") and name not in HOST_READS and (self._met.counter_value(name) or 0) > 0)
