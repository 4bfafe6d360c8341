"""The contract a workload implements, and what a snippet imports from the engine to implement it.

A snippet is a plain Python module. It declares, as module attributes:

- ``WORKLOAD``: stable id used in run files and page markers (``matmul``)
- ``TITLE``, ``CLAIM``: what it measures and which sentence of the article it tests
- ``PROFILES``: ``{"quick": [params, ...], "full": [...], "test": [...]}``
- ``CHART``: how its results are drawn (x parameter, y metric, series parameters, labels)
- ``flops(params)`` and ``bytes_moved(params)``: work done by one call (0 where meaningless);
  optionally ``elements(params)`` and ``tokens(params)`` (for elements/s, tokens/s)
- ``energy_params(params)`` (optional): True for the measurements also metered for energy
  (a sustained run of several seconds each, so only the representative sizes)
- ``PEAK`` (optional): ``{"metric": "tflops" | "gbps", "name": "fraction_of_peak" | "mfu"}``:
  divide that metric by the vendor's dense peak for the dtype (or HBM bandwidth)
- ``skip_reason(framework, platform, params, count)``: why this combination cannot run on
  ``count`` devices of ``platform`` (a reason: the device cannot run it), or
  ``("not_applicable", reason)`` where it is no meaningful measurement, or None
- ``USES`` (optional): ids of snippets whose functions this one imports; the code of theirs it
  runs is part of its version
- ``VERSION`` (optional): a string, or a dict from framework to string, that versions the results
  instead of the code they measure (as asv's ``version``): change it to mark them stale by hand
- ``RUN_ORDER`` (optional, default 100): workloads run in this order, lowest first, so that a
  short lease measures the figures the site leans on before the rest
- ``priority(params)`` (optional): within the workload, lower runs first (the sizes the verdicts
  use); ties keep the grid's order
- ``memory_bytes(params, framework=None, platform=None)`` (optional): device memory the measurement
  needs at least; where it is more than the device has, the measurement is skipped with the reason
  instead of failing. ``framework`` and ``platform`` only where the need depends on what runs there
  (without them: the least over all); a snippet may declare ``memory_bytes(params)`` alone
- ``setup_s(framework, platform, params)`` (optional): expected seconds to build, compile and
  check the case on an accelerator, for the plan's time budget (None: the profile's default)
- ``<framework>_case(params, device)`` for each framework it supports (``torch_case``,
  ``jax_case``): builds inputs on ``device`` and returns a :class:`Case`.

A framework may also live in a companion file of its own, ``snippets/<framework>/<workload>.py``
(TensorFlow does: ``snippets/tensorflow/matmul.py`` defines ``tensorflow_case``), which uses the
workload module's helpers through :func:`load_module` and may add its own
``skip_reason(platform, params, count)``. Each framework's results are versioned by the code they
measure (:mod:`accelbench.workloads.versions`): its case, its code section, the workload's work
functions and what they use, in the workload, its companion and the snippets it USES; comments,
docstrings, titles, charts, tables and plan estimates are not part of it.

Snippets are discovered by convention (every ``snippets/*.py`` not starting with ``_``), never
by a hand-kept list: :mod:`accelbench.workloads.discovery` finds, versions and imports them. This module is
what a snippet imports from the engine: the :class:`Case` it returns, the exceptions it raises, and
the helpers its cases share. The names a snippet's measured code imports are part of its version, so
a helper a snippet imports stays here: moving it would change every importing snippet's import and
mark its stored results stale.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from accelbench.frameworks import xla


@dataclass
class Case:
    """One workload instance, ready to time on one device.

    run(i) performs one call on input set ``i`` (sets rotate so that small inputs do not
    sit in the cache) and returns its output without waiting for the device; the runner
    synchronises. check() runs the computation on fresh random inputs and returns the
    relative error ||out - ref|| / ||ref|| against a float64 reference.
    """

    run: Callable[[int], Any]
    check: Callable[[], float]
    tolerance: float
    prepare: Callable[[], None] | None = None  # ahead-of-time compile, counted in compile_s
    close: Callable[[], None] | None = None  # release what run() needs (worker processes)
    # per-call work known only once the case is built (e.g. scaled by the device count):
    # {"flops": ..., "tokens": ...} overriding the module's flops()/tokens() for this case
    work: dict[str, float] = field(default_factory=dict)
    notes: dict[str, Any] = field(default_factory=dict)  # facts worth recording (input sets, precision)


class Unsupported(Exception):
    """Raised by a case when this device cannot run it (found only once the device is open, e.g.
    a GPU without TF32); the runner records ``skipped`` with the message, under ``category``."""

    category = "unsupported"


class TooLarge(Unsupported):
    """Raised before the first call when the compiled program needs more device memory than the
    device has: our sizing, not a limit of the chip, so it is no evidence about the chip."""

    category = "too_large"


class SnippetError(Exception):
    """A snippet module breaks the contract; the message names the file and what is wrong."""


def load_module(path: Path) -> ModuleType:
    """Import a snippet file by path (also how one snippet uses another's functions)."""
    path = Path(path)
    # a companion (snippets/tensorflow/matmul.py) must not take its workload's module name
    prefix = f"{path.parent.name}_" if (path.parent.parent / path.name).exists() else ""
    name = f"accelbench_snippet_{prefix}{path.stem}"
    if name in sys.modules and getattr(sys.modules[name], "__file__", None) == str(path):
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except Exception as exc:  # a broken snippet must name itself, not crash discovery
        del sys.modules[name]
        raise SnippetError(f"{path}: cannot import: {type(exc).__name__}: {exc}") from exc
    return module


def tf_function(fn: Callable, jit_compile: bool) -> Any:
    """``tf.function(fn, jit_compile=...)`` whose traces the runner counts: XLA-compiled with
    ``jit_compile=True``, a plain TensorFlow graph without. A retrace while timed is a compilation
    in the samples, flagged as such."""
    from accelbench.frameworks import tf_device

    return tf_device.function(fn, jit_compile)


def tf_tf32(enabled: bool) -> Callable[[], None]:
    """Let TensorFlow's float32 matrix products use TF32 (or forbid it) and return what restores the
    setting as found. TensorFlow allows TF32 by default; forbidden, tf.matmul asks XLA for its highest
    precision, true float32 on every device (a TPU's default, like a GPU's TF32, is less), as JAX's
    Precision.HIGHEST. Process-wide, and read when XLA compiles a function."""
    import tensorflow as tf

    before = tf.config.experimental.tensor_float_32_execution_enabled()
    tf.config.experimental.enable_tensor_float_32_execution(enabled)
    return lambda: tf.config.experimental.enable_tensor_float_32_execution(before)


def tf_tpu_system() -> dict:
    """The TPU system the runner started (``resolver``, ``topology``): a TPUStrategy is built on it."""
    from accelbench.frameworks import tf_device

    return tf_device.TPU_SYSTEM


def tf_platform(device: str) -> str:
    """cpu, gpu or tpu: the platform behind a TensorFlow device name ("/device:GPU:0")."""
    from accelbench.frameworks import tf_device

    found = re.search(r"(\w+):\d+$", str(device))  # "/job:localhost/.../device:GPU:0", "/device:GPU:0", "/GPU:0"
    return tf_device.platform_of(found[1].upper() if found else "") or "cpu"


def input_sets(bytes_per_set: int, rotate_bytes: int = 128 * 2**20, max_sets: int = 32) -> int:
    """How many input sets to rotate through so repeated calls are not served from a cache
    (an H200's L2 is 50 MB): enough to span ``rotate_bytes``, within ``max_sets``."""
    return max(1, min(max_sets, -(-rotate_bytes // max(1, bytes_per_set))))


def relative_error(out, ref) -> float:
    """||out - ref|| / ||ref|| in float64 (numpy arrays or anything numpy can convert)."""
    import numpy as np

    out = np.asarray(out, dtype=np.float64)
    ref = np.asarray(ref, dtype=np.float64)
    denom = np.linalg.norm(ref)
    err = np.linalg.norm(out - ref)
    if not np.isfinite(err):
        return float("inf")
    return float(err / denom) if denom > 0 else float(err)


def torch_normal(device, seed: int) -> Callable[..., Any]:
    """``normal(*shape)``: float32 standard-normal draws made on ``device`` from ``seed`` (no host
    generation or copy of GiB-sized inputs). An XLA device has no torch.Generator: it draws from
    its own random state, seeded here (one draw sequence at a time)."""
    import torch

    if xla.is_xla(device):
        import torch_xla

        torch_xla.manual_seed(seed)
        return lambda *shape: torch.randn(*shape, device=device)
    gen = torch.Generator(device=device).manual_seed(seed)
    return lambda *shape: torch.randn(*shape, device=device, generator=gen)


def torch_platform(device) -> str:
    """cpu, gpu or tpu: the kind of hardware behind a PyTorch device handle ("cuda:0", "xla:0")."""
    if str(device).startswith("cuda"):
        return "gpu"
    if xla.is_xla(device):
        import torch_xla.core.xla_model as xm

        return xla.platform_named(xm.xla_device_hw(device))
    return "cpu"


def torch_xla_float32_products() -> Callable[[], None]:
    """Make float32 matrix products on an XLA device true float32 and return what restores the
    setting. torch_xla's default on a TPU is one bf16 pass; "highest" takes six, about 22 bits, as
    JAX's Precision.HIGHEST does in the JAX snippets. Process-wide, applied when a graph is traced."""
    import torch_xla.backends as backends

    before = backends.get_mat_mul_precision()
    backends.set_mat_mul_precision("highest")
    return lambda: backends.set_mat_mul_precision(before)


def torch_tf32(enabled: bool) -> Callable[[], None]:
    """Let float32 matrix products on CUDA use TF32 (or forbid it) and return what restores the
    setting as found. PyTorch 2.9 and newer name it ``fp32_precision`` ("tf32" / "ieee"); older
    ones only have ``allow_tf32``. One API or the other, never both: mixing them is an error in
    recent releases."""
    import torch

    matmul = torch.backends.cuda.matmul
    if _has_fp32_precision(matmul):
        before = matmul.fp32_precision
        matmul.fp32_precision = "tf32" if enabled else "ieee"
        return lambda: setattr(matmul, "fp32_precision", before)
    before = matmul.allow_tf32
    matmul.allow_tf32 = enabled
    return lambda: setattr(matmul, "allow_tf32", before)


def _has_fp32_precision(matmul) -> bool:
    try:
        matmul.fp32_precision  # noqa: B018 (probing for the attribute)
        return True
    except AttributeError:
        return False


@contextmanager
def restored_if_raises(restore: Callable[[], None] | None) -> Iterator[None]:
    """Build a case under a process-wide setting that ``restore`` undoes (as torch_tf32 returns it):
    if the building raises, undo the setting here. The runner calls ``close`` only on a case that
    exists, so a setting made before a failed construction would otherwise stay for every later case."""
    try:
        yield
    except BaseException:
        if restore is not None:
            restore()
        raise


def torch_float32_products(device) -> Callable[[], None] | None:
    """Make float32 matrix products on ``device`` true float32 and return what restores the setting
    (None where nothing is to set: a CPU). On CUDA TF32 is forbidden, whatever an earlier case left
    set; on an XLA device the products take XLA's highest precision."""
    if str(device).startswith("cuda"):
        return torch_tf32(False)
    if xla.is_xla(device):
        return torch_xla_float32_products()
    return None


def jax_device_memory(device) -> int | None:
    """Bytes of memory XLA may allocate on a JAX device, or None where it does not say (a CPU)."""
    try:
        stats = device.memory_stats()
    except Exception:  # a backend without memory statistics: nothing to compare against
        return None
    return (stats or {}).get("bytes_limit")


def jax_compiled_bytes(compiled) -> int | None:
    """Device memory a compiled JAX program needs while it runs, by XLA's memory analysis: its
    arguments, its outputs not written in place of a donated argument, and its temporaries."""
    try:
        stats = compiled.memory_analysis()
    except Exception:  # a backend without memory analysis
        return None
    if stats is None:
        return None
    return (stats.argument_size_in_bytes + stats.output_size_in_bytes - stats.alias_size_in_bytes
            + stats.temp_size_in_bytes)


def jax_check_fits(compiled, device) -> None:
    """Raise TooLarge, before the first call, where a compiled program needs more memory than the
    device has: a skip that says both figures instead of an out-of-memory failure halfway."""
    need, have = jax_compiled_bytes(compiled), jax_device_memory(device)
    if need and have and need > have:
        raise TooLarge(f"needs at least {need / 2**30:.3g} GiB of device memory (XLA's memory analysis of "
                       f"the compiled program); this device has {have / 2**30:.3g} GiB")
