"""Which devices this machine has, as each framework sees them.

Detection never crashes: a framework that is missing or cannot use a device yields an
:class:`~accelbench.frameworks.hardware.Unavailable` entry with the reason, which the runner records as
``skipped``. The framework modules can be passed in, so tests can fake GPUs and TPUs.
"""

from __future__ import annotations

import os
from typing import Any

from accelbench.frameworks import host, tf_device, xla
from accelbench.frameworks.hardware import Device, Hardware, Unavailable, unseen

# The oldest NVIDIA driver (major version) each of JAX's CUDA plugins runs on, by package name:
# "the driver version must be >= 525 for CUDA 12 on Linux, and >= 580 for CUDA 13 on Linux"
# (https://docs.jax.dev/en/latest/installation.html#nvidia-gpu). With an older one JAX falls back
# to the CPU and says nothing a run file would keep.
JAX_CUDA_DRIVER_MIN = {"jax-cuda13-plugin": 580, "jax-cuda12-plugin": 525}


def _cpu_device(framework: str, handle: Any) -> Device:
    return Device(framework, "cpu", host.cpu_model(), 1, host.memory_total_bytes(), None, handle)



def detect_torch(torch: Any = None, torch_xla: Any = None, tpu_chips: int | None = None,
                 tpu_taken: bool = False) -> tuple[list[Device], list[Unavailable]]:
    """PyTorch's CPU, its CUDA or ROCm GPU, and on a TPU machine (or when asked) the XLA device.
    ``tpu_taken``: JAX holds the TPU in this process, so torch_xla must not try to open it."""
    if torch is None:
        # A PyTorch device plugin (torch_xla) loads itself on `import torch` and can take the TPU
        # before JAX does: torch_xla is imported only where it is to be used (detect_xla).
        os.environ.setdefault("TORCH_DEVICE_BACKEND_AUTOLOAD", "0")
        torch, error = host.try_import("torch")
        if torch is None:
            return [], [Unavailable("torch", None, error)]
    chips = xla.tpu_chips() if tpu_chips is None else tpu_chips
    if xla.wanted(chips > 0):
        return detect_xla(torch_xla, chips, tpu_taken)
    devices = [_cpu_device("torch", "cpu")]
    try:
        if torch.cuda.is_available() and torch.cuda.device_count() > 0:
            props = torch.cuda.get_device_properties(0)
            vendor = "amd" if getattr(torch.version, "hip", None) else "nvidia"
            devices.append(Device("torch", "gpu", torch.cuda.get_device_name(0), torch.cuda.device_count(),
                                  int(props.total_memory), vendor, "cuda:0", _pci_bus_id(props)))
        elif getattr(torch.version, "cuda", None) or getattr(torch.version, "hip", None):
            # a GPU build that finds no usable GPU: say why (no driver, a driver too old, ...)
            torch.cuda.init()
    except Exception as exc:
        return devices, [Unavailable("torch", "gpu", f"torch.cuda failed: {type(exc).__name__}: {exc}"[:2000])]
    return devices, []


def detect_xla(torch_xla: Any, tpu_chips: int, tpu_taken: bool) -> tuple[list[Device], list[Unavailable]]:
    """PyTorch's XLA device. On a TPU it is the TPU, under the name JAX gives it (both report the
    PJRT device kind, "TPU v5 lite"), beside the host CPU. Asked for without a TPU
    (ACCELBENCH_TORCH_XLA=1: the tests) it is torch_xla's CPU device, in place of PyTorch's own
    and under its own name, so its records never mix with native ones. PyTorch's CUDA path is
    measured natively, never through torch_xla."""
    host_cpu = [_cpu_device("torch", "cpu")]
    platform = "tpu" if tpu_chips else "cpu"
    if tpu_taken:
        return host_cpu, [Unavailable("torch", "tpu", "JAX holds the TPU in this process, and torch_xla cannot share "
                                      "it (pytorch/xla#6747): run PyTorch in its own process, " + xla.INSTALL_HINT)]
    if torch_xla is None:
        if not xla.installed():
            asker = "PyTorch on a TPU needs" if tpu_chips else f"{xla.USE} asks for"
            return host_cpu, [Unavailable("torch", platform, f"{asker} torch_xla, which is not installed here: "
                                          + xla.INSTALL_HINT)]
        torch_xla, error = host.try_import("torch_xla")
        if torch_xla is None:
            return host_cpu, [Unavailable("torch", platform, error)]
    try:
        if tpu_chips:  # on a TPU, whose compiles take tens of seconds; the tests' CPU device needs none
            xla.init_cache(torch_xla)
        found = xla.open_device(torch_xla)
    except Exception as exc:
        reason = f"torch_xla could not open its device: {type(exc).__name__}: {exc}"[:2000]
        return host_cpu, [Unavailable("torch", platform, reason)]
    if found["platform"] == "tpu":
        return host_cpu + [Device("torch", "tpu", found["kind"], found["count"], found["memory_bytes"], "google",
                                  found["handle"])], []
    if found["platform"] == "cpu":
        return [Device("torch", "cpu", f"{host.cpu_model()} (PyTorch/XLA)", found["count"], found["memory_bytes"], None,
                       found["handle"])], []
    return host_cpu, [Unavailable("torch", found["platform"], f"torch_xla opened a {found['kind']} device: this runner "
                                  f"measures PyTorch there natively (unset {xla.USE})")]


def detect_tensorflow(tf: Any = None, tpu_chips: int | None = None, tpu_taken: bool = False,
                      tpu_kind: str | None = None, host_gpus: tuple | None = None) -> tuple[list[Device], list[Unavailable]]:
    """TensorFlow's CPU (split into logical devices where asked: tf_device.CPU_DEVICES), its GPUs,
    and on a TPU machine its TPU. Placement is made strict before any op runs."""
    if tf is None:
        os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "1")  # its informational lines, not its warnings
        tf, error = host.try_import("tensorflow")
        if tf is None:
            return [], [Unavailable("tensorflow", None, error)]
    gpus = tf.config.list_physical_devices("GPU")
    for gpu in gpus:  # by default TensorFlow takes every GPU's memory when it starts, as JAX does
        tf.config.experimental.set_memory_growth(gpu, True)
    cpu = _cpu_device("tensorflow", "/device:CPU:0")
    cpu.count = tf_device.cpu_devices(tf)
    devices, unavailable = [cpu], []
    on_host = host.host_gpus() if host_gpus is None else host_gpus
    if gpus:
        name = tf.config.experimental.get_device_details(gpus[0]).get("device_name", "GPU")
        vendor = "amd" if tf.test.is_built_with_rocm() else "nvidia"
        memory = on_host[3] if on_host else None  # TensorFlow reports none: what the vendor's tool says
        devices.append(Device("tensorflow", "gpu", name, len(gpus), memory, vendor, "/device:GPU:0"))
    elif on_host:
        # a GPU TensorFlow cannot use (a CPU build, CUDA libraries that do not load): its own process
        # sees no other framework's GPU, so the GPU is named here, or the CPU would be measured instead
        vendor, name, count, memory = on_host
        devices.append(Device("tensorflow", "gpu", name, count, memory, vendor,
                              cannot=("unavailable", tf_device.not_seen("gpu"))))
    chips = xla.tpu_chips() if tpu_chips is None else tpu_chips
    if chips:
        devices.append(_tensorflow_tpu(tf, chips, tpu_kind or xla.tpu_kind(), tpu_taken))
    tf_device.strict_placement(tf)
    return devices, unavailable


def _tensorflow_tpu(tf: Any, chips: int, kind: str, taken: bool) -> Device:
    """The TPU as TensorFlow would measure it, named by its PCI id (TensorFlow reports no
    generation); where TensorFlow cannot use it, the device says why, so every measurement on it
    records that (the TPU, not the host CPU, is what this run is about)."""
    tpu = Device("tensorflow", "tpu", kind, chips, None, "google")
    if kind in tf_device.NO_TENSORFLOW:
        tpu.cannot = ("framework_unsupported", tf_device.NO_TENSORFLOW[kind])
    elif taken:
        tpu.cannot = ("unavailable", "JAX holds the TPU in this process: run TensorFlow in its own process, "
                      + tf_device.INSTALL_HINT)
    else:
        try:
            tpu.handle, tpu.count = tf_device.open_tpu(tf)
        except Exception as exc:
            tpu.cannot = ("unavailable", f"TensorFlow could not open the TPU: {type(exc).__name__}: {exc}"[:2000])
    return tpu


def _pci_bus_id(props: Any) -> str | None:
    """The PCI address NVML knows the GPU by, from PyTorch's device properties."""
    try:
        return f"{int(props.pci_domain_id):08X}:{int(props.pci_bus_id):02X}:{int(props.pci_device_id):02X}.0"
    except (AttributeError, TypeError, ValueError):
        return None


def detect_jax(jax: Any = None) -> tuple[list[Device], list[Unavailable]]:
    if jax is None:
        # By default JAX takes 75% of every GPU when its backend starts; PyTorch measurements in
        # the same process would then run out of memory. Allocate on demand instead.
        os.environ.setdefault("XLA_PYTHON_CLIENT_PREALLOCATE", "false")
        jax, error = host.try_import("jax")
        if jax is None:
            return [], [Unavailable("jax", None, error)]
    devices: list[Device] = []
    unavailable: list[Unavailable] = []
    for backend in ("cpu", "gpu", "tpu"):
        try:
            found = jax.devices(backend)
        except Exception as exc:
            if not _backend_absent(str(exc)):  # a device JAX should have had: say why
                unavailable.append(Unavailable("jax", backend, f"{type(exc).__name__}: {exc}"[:2000]))
            continue
        if not found:
            continue
        first = found[0]
        if backend == "cpu":  # several only when forced (XLA_FLAGS), as the data-parallel tests do
            cpu = _cpu_device("jax", first)
            cpu.count = len(found)
            devices.append(cpu)
            continue
        kind = str(getattr(first, "device_kind", backend))
        same = [d for d in found if str(getattr(d, "device_kind", backend)) == kind]
        vendor = "google" if backend == "tpu" else _gpu_vendor(first)
        devices.append(Device("jax", backend, kind, len(same), _jax_memory(first), vendor, first))
    return devices, unavailable


def _backend_absent(message: str) -> bool:
    """Whether JAX's error says the backend is simply not on this machine: unknown to it, or the
    TPU's runtime library not installed (JAX tries to open libtpu everywhere). Any other error,
    such as a CUDA plugin that fails to initialise, is worth recording."""
    text = message.lower()
    return "unknown backend" in text or ("libtpu" in text and "cannot open shared object file" in text)


def _gpu_vendor(jax_device: Any) -> str:
    client = getattr(jax_device, "client", None)
    name = str(getattr(client, "platform_version", "") or "").lower()
    return "amd" if "rocm" in name or "hip" in name else "nvidia"


def _jax_memory(jax_device: Any) -> int | None:
    try:
        stats = jax_device.memory_stats() or {}
        value = stats.get("bytes_limit")
        return int(value) if value else None
    except Exception:
        return None


def detect(frameworks: list[str] | tuple[str, ...] = ("torch", "jax"), modules: dict | None = None,
           tpu_chips: int | None = None) -> Hardware:
    """Devices per framework, plus why a framework cannot use a platform another one sees.
    ``modules`` (torch, torch_xla, jax, tensorflow) and ``tpu_chips`` stand in for the real ones in tests."""
    modules = modules or {}
    devices: list[Device] = []
    unavailable: list[Unavailable] = []
    # JAX first: on a TPU VM the first framework to open the TPU holds it
    if "jax" in frameworks:
        devices, unavailable = detect_jax(modules.get("jax"))
        unavailable = _explain_no_jax_gpu(devices, unavailable)
    if "torch" in frameworks:
        taken = any(d.platform == "tpu" for d in devices)
        found, missing = detect_torch(modules.get("torch"), modules.get("torch_xla"), tpu_chips, taken)
        devices += found
        unavailable += missing
    if "tensorflow" in frameworks:
        taken = any(d.platform == "tpu" for d in devices)
        found, missing = detect_tensorflow(modules.get("tensorflow"), tpu_chips, taken)
        devices += found
        unavailable += missing
    return Hardware(devices, unavailable + unseen(devices, unavailable, frameworks))


def _explain_no_jax_gpu(devices: list[Device], unavailable: list[Unavailable]) -> list[Unavailable]:
    """Where JAX found no GPU on a machine with an NVIDIA driver older than its CUDA plugin
    needs, record that as the reason (with JAX's own error, if it gave one)."""
    if any(d.framework == "jax" and d.platform == "gpu" for d in devices):
        return unavailable
    plugin = jax_cuda_plugin()
    reason = jax_driver_reason(host.nvidia_driver(), plugin) if plugin else None
    if reason is None:
        return unavailable
    said = [u for u in unavailable if u.framework == "jax" and u.platform == "gpu"]
    rest = [u for u in unavailable if u not in said]
    return rest + [Unavailable("jax", "gpu", (reason + "".join(f" ({u.reason})" for u in said))[:2000])]


def jax_cuda_plugin() -> str | None:
    """The installed JAX CUDA plugin package (JAX_CUDA_DRIVER_MIN's names), newest CUDA first."""
    return next((name for name in JAX_CUDA_DRIVER_MIN if host.package_version(name)), None)


def jax_driver_reason(driver: str | None, plugin: str) -> str | None:
    """Why JAX cannot use the GPU with this driver, or None where the driver is new enough (or
    unknown: no NVIDIA driver, or a version that does not parse)."""
    need = JAX_CUDA_DRIVER_MIN[plugin]
    try:
        major = int(str(driver).split(".")[0])
    except ValueError:
        return None
    if major >= need:
        return None
    extra = plugin.split("-")[1]  # jax-cuda13-plugin -> cuda13, as `pip install jax[cuda13]` names it
    fits = [p.split("-")[1] for p, least in JAX_CUDA_DRIVER_MIN.items() if least <= major]
    instead = f", or install jax[{fits[0]}] instead" if fits else ""
    return (f"JAX sees no GPU: NVIDIA driver {driver}; jax[{extra}] needs {need} or newer "
            f"(docs.jax.dev installation guide): update the driver{instead}")
