"""TensorFlow on a device: which devices it sees, how a call is timed, and what makes a measurement
no evidence about the device.

- **Timing.** A TensorFlow op on a GPU returns before the GPU has finished (on a CPU it returns when
  done); a sample ends with ``tf.test.experimental.sync_devices()``, which blocks until the GPUs
  have finished what was queued (TensorFlow's own advice for benchmarks). Its kernel waits on GPU
  streams only, so on a TPU a sample ends when an element of the last output is on the host instead
  (the TPU runs in order: it arrives once the call is done; the whole output would time a copy). Each record
  says which (``notes.call_ends``).
- **Compilations.** A ``tf.function`` traces its Python body once per new input signature, and with
  ``jit_compile=True`` XLA compiles each trace. Snippets build their functions with
  :func:`function`, so the runner counts traces: one while timed is a compilation in the samples,
  flagged as torch_xla's are.
- **Placement.** TensorFlow silently runs an op that has no kernel for the requested device on the
  host CPU (soft placement). The runner turns that off (:func:`strict_placement`), so such an op
  raises instead, and :func:`unsupported` turns the error into ``skipped`` / ``unsupported``,
  naming the op. Under ``jit_compile=True`` an op XLA cannot compile for the device is refused the
  same way.
"""

from __future__ import annotations

import os
import re
import weakref
from collections.abc import Callable
from typing import Any

FRAMEWORK = "tensorflow"
SYNC = "device synced: each sample ends with tf.test.experimental.sync_devices()"
FETCH = "result on the host: each sample ends when an element of its last call's output has reached the host"
INSTALL_HINT = "make tf-env (TensorFlow for this machine in .venv-tf), then .venv-tf/bin/accelbench run --frameworks tensorflow"
PLATFORMS = {"CPU": "cpu", "GPU": "gpu", "TPU": "tpu"}  # TensorFlow device type -> ours
# logical CPU devices to split the host into (tf.distribute replicas without an accelerator), as
# JAX's --xla_force_host_platform_device_count does for JAX
CPU_DEVICES = "ACCELBENCH_TF_CPU_DEVICES"

# every tf.function a snippet built (weakly held: a finished case's functions go with it)
_TRACKED: weakref.WeakSet = weakref.WeakSet()


def function(fn: Callable, jit_compile: bool) -> Any:
    """``tf.function(fn, jit_compile=...)``, counted by :func:`traces`. ``jit_compile=True``: the
    whole function is compiled by XLA or refused; False: a TensorFlow graph, no XLA."""
    import tensorflow as tf

    compiled = tf.function(fn, jit_compile=jit_compile)
    _TRACKED.add(compiled)
    return compiled


def traces() -> int:
    """Traces so far of the functions snippets built (each one a compilation under XLA)."""
    return sum(f.experimental_get_tracing_count() for f in list(_TRACKED))


def strict_placement(tf: Any) -> None:
    """Make an op with no kernel on the requested device an error instead of a silent host run."""
    tf.config.set_soft_device_placement(False)


# TensorFlow's own messages, each naming the op, and what each means here: a node with no kernel
# for the device (which soft placement would have run on the host), an op XLA cannot compile for it
_HOST = "TensorFlow has no {dev} kernel for {op}: it would run on the host CPU, so this would not measure the device"
_XLA = "XLA cannot compile {op} for {dev} (jit_compile=True): the function cannot run compiled on this device"
_REFUSALS = (
    (re.compile(r"Cannot assign a device for operation '?(?P<op>[^':\s]+)'?:.*?no supported kernel for (?P<dev>\w+) "
                r"devices", re.S), _HOST),
    (re.compile(r"Detected unsupported operations when trying to compile graph .*? on (?P<dev>\w+): (?P<op>\w+)", re.S),
     _XLA),
)


# The same refusal of an eager op (outside any tf.function). It also says "no such device": only a
# device type that is there but has no kernel for the op is a limit of the device.
_EAGER = re.compile(r"Could not satisfy device specification '(?P<spec>[^']*)'\. enable_soft_placement=0\. "
                    r"Supported device types \[(?P<types>[^\]]*)\]\. All available devices \[(?P<all>[^\]]*)\]"
                    r".*?\[Op:(?P<op>\w+)\]", re.S)


def unsupported(exc: BaseException) -> str | None:
    """Why a TensorFlow error means the device cannot run the measurement (naming the op), or None
    when it is an ordinary failure."""
    text = str(exc)
    for pattern, meaning in _REFUSALS:
        found = pattern.search(text)
        if found:
            return meaning.format(op=found["op"], dev=found["dev"])
    found = _EAGER.search(text)
    wanted = re.search(r"device:(\w+):", found["spec"]) if found else None
    if wanted and f"device:{wanted[1]}:" in found["all"] and wanted[1] not in found["types"]:
        return _HOST.format(op=found["op"], dev=wanted[1])
    return None


class TensorFlowDriver:
    """How the runner drives TensorFlow: each call runs under ``tf.device`` of the measured device,
    a sample ends when the device has finished (``ends`` says how, per device), and traces of the
    snippet's functions are counted."""

    compilations = staticmethod(traces)

    def __init__(self, device: str):
        import tensorflow as tf

        self._tf, self.device = tf, device
        # TensorFlow's device sync waits on GPU streams only (its SyncDevice kernel is a no-op on
        # other devices): on a TPU a sample ends when its last result has reached the host
        self._to_host = "device:TPU" in str(device)
        self.ends = FETCH if self._to_host else SYNC

    def run(self, call: Callable[[int], Any]) -> Callable[[int], Any]:
        def on_device(i: int) -> Any:
            with self._tf.device(self.device):
                return call(i)

        return on_device

    def sync(self, out: Any) -> None:
        if self._to_host:
            # one element of each output: a TPU runs in order, so it arrives after the whole call is done
            self._tf.nest.map_structure(lambda t: self._tf.reshape(t, [-1])[:1].numpy() if hasattr(t, "numpy") else t,
                                        out)
        else:
            self._tf.test.experimental.sync_devices()

    def settle(self) -> None:
        self._tf.test.experimental.sync_devices()

    def host_fallbacks(self) -> list[str]:
        return []  # strict placement makes a host fallback an error (see unsupported)


def platform_of(device_type: str) -> str | None:
    return PLATFORMS.get(device_type)


# TPU generations (JAX's name for them) whose TensorFlow support Google documents as absent, in its words
NO_TENSORFLOW = {
    "TPU7x": "Google's Cloud TPU documentation: \"TensorFlow is not supported on Ironwood (TPU7x).\" "
             "(TPU software versions, https://docs.cloud.google.com/tpu/docs/supported-tpu-versions, updated 2026-04-09)",
}


# the TPU system as open_tpu started it (once: starting it again resets the chips): its resolver, which a
# TPUStrategy needs, and its topology, which a device assignment over fewer cores is built from
TPU_SYSTEM: dict[str, Any] = {}


def open_tpu(tf: Any) -> tuple[str, int]:
    """Connect to this TPU VM's chips and start the TPU system: the first TPU's name and the count."""
    resolver = tf.distribute.cluster_resolver.TPUClusterResolver(tpu="local")
    tf.config.experimental_connect_to_cluster(resolver)
    TPU_SYSTEM.update(resolver=resolver, topology=tf.tpu.experimental.initialize_tpu_system(resolver))
    tpus = tf.config.list_logical_devices("TPU")
    if not tpus:
        raise RuntimeError("the TPU system started but lists no TPU device")
    return tpus[0].name, len(tpus)


def not_seen(platform: str) -> str:
    """Why TensorFlow sees no device of a platform another framework sees (its build lacks it)."""
    if platform == "gpu":
        return ("TensorFlow sees no GPU: a CPU build (tensorflow-cpu) is installed, or its CUDA libraries do "
                "not load; on NVIDIA: pip install 'tensorflow[and-cuda]==2.21.*' (make tf-env does)")
    return f"TensorFlow sees no {platform} device"


def cpu_devices(tf: Any) -> int:
    """Split the host CPU into CPU_DEVICES logical devices (default 1), so MirroredStrategy has
    several replicas on a machine without an accelerator. Before TensorFlow starts its runtime."""
    count = int(os.environ.get(CPU_DEVICES, "1") or 1)
    cpus = tf.config.list_physical_devices("CPU")
    if count > 1 and cpus:
        tf.config.set_logical_device_configuration(cpus[0], [tf.config.LogicalDeviceConfiguration()] * count)
    return len(tf.config.list_logical_devices("CPU"))
