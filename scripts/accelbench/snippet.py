"""The contract a workload implements, and discovery of the snippets in `snippets/`.

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
- ``USES`` (optional): ids of snippets whose functions this one imports; their sources are part
  of its version
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

Snippets are discovered by convention (every ``snippets/*.py`` not starting with ``_``),
never by a hand-kept list. A snippet's version is the hash of its source file.
"""

from __future__ import annotations

import ast
import hashlib
import importlib.util
import inspect
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from accelbench import xla
from accelbench.metrics import RATES
from accelbench.profiles import PROFILES

FRAMEWORKS = ("torch", "jax")
DEFAULT_RUN_ORDER = 100
# Per-call work a snippet may declare as functions of its params (flops and bytes_moved required):
# whatever the metric registry has a rate of.
WORK_KINDS = tuple(m.work for m in RATES)
REQUIRED_ATTRIBUTES = ("WORKLOAD", "TITLE", "CLAIM", "PROFILES", "CHART", "flops", "bytes_moved", "skip_reason")


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


@dataclass
class Snippet:
    path: Path
    module: ModuleType
    source_hash: str

    @property
    def workload(self) -> str:
        return self.module.WORKLOAD

    @property
    def chart(self) -> dict:
        return self.module.CHART

    @property
    def peak_spec(self) -> dict | None:
        """Which metric is divided by which vendor peak, and the name of the fraction."""
        spec = getattr(self.module, "PEAK", None)
        return {"name": "fraction_of_peak", **spec} if spec else None

    def wants_energy(self, params: dict) -> bool:
        """Whether this measurement is also metered for energy (the snippet's energy_params)."""
        chooser = getattr(self.module, "energy_params", None)
        return bool(chooser and chooser(params))

    @property
    def run_order(self) -> int:
        return getattr(self.module, "RUN_ORDER", DEFAULT_RUN_ORDER)

    def priority(self, params: dict) -> int:
        chooser = getattr(self.module, "priority", None)
        return chooser(params) if chooser else 0

    def memory_bytes(self, params: dict, framework: str | None = None, platform: str | None = None) -> int | None:
        """Device memory the measurement needs at least, for this framework and platform where the
        snippet's memory_bytes takes them (the least over all where they are not given)."""
        need = getattr(self.module, "memory_bytes", None)
        if need is None:
            return None
        if framework is None or "framework" not in inspect.signature(need).parameters:
            return need(params)
        return need(params, framework=framework, platform=platform)

    def setup_s(self, framework: str, platform: str, params: dict) -> float | None:
        estimate = getattr(self.module, "setup_s", None)
        return estimate(framework, platform, params) if estimate else None

    def work(self, params: dict, override: dict | None = None) -> dict[str, float]:
        """What one call does (flops, bytes_moved, elements, tokens), from the module's functions
        unless the built case knew better (``Case.work``)."""
        out = {}
        for kind in WORK_KINDS:
            function = getattr(self.module, kind, None)
            amount = (override or {}).get(kind, function(params) if function else 0)
            if amount:
                out[kind] = amount
        return out

    def frameworks(self) -> list[str]:
        return [fw for fw in FRAMEWORKS if hasattr(self.module, f"{fw}_case")]

    def params(self, profile: str) -> list[dict]:
        return [dict(p) for p in self.module.PROFILES.get(profile, [])]

    def case(self, framework: str, params: dict, device: Any) -> Case:
        return getattr(self.module, f"{framework}_case")(params, device)


def literals(path: Path, names: tuple[str, ...]) -> dict:
    """The module-level constants ``names`` of a snippet, read as literals without importing it
    (the site build must not execute snippet code). Raises ValueError if one is not a literal."""
    tree = ast.parse(Path(path).read_text(encoding="utf-8"), filename=str(path))
    return {t.id: ast.literal_eval(n.value) for n in tree.body if isinstance(n, ast.Assign)
            for t in n.targets if isinstance(t, ast.Name) and t.id in names}


def workload_settings(snippets_dir: Path) -> dict[str, dict]:
    """Per workload, how its results are shown: title, main chart, charts by metric (None for
    the main one), table settings. Read as literals: rendering never executes snippet code."""
    settings = {}
    for path in snippet_files(snippets_dir):
        try:
            literal = literals(path, ("CHART", "TITLE", "TABLE", "EXTRA_CHARTS"))
            charts = {None: literal["CHART"], **{c["y"]: c for c in literal.get("EXTRA_CHARTS", [])}}
            settings[path.stem] = {"charts": charts, "chart": literal["CHART"], "title": literal["TITLE"],
                                   "table": literal.get("TABLE", {})}
        except (KeyError, ValueError, SyntaxError) as exc:
            raise SnippetError(f"{path}: CHART, TITLE, TABLE and EXTRA_CHARTS must be literals ({exc})") from None
    return settings


def uses(path: Path) -> list[str]:
    """The other snippets this one builds on (its ``USES`` list)."""
    return list(literals(path, ("USES",)).get("USES", []))


def source_hash(path: Path) -> str:
    """The snippet's version: its source and the sources of the snippets it USES, so a change
    in either marks its results stale."""
    path = Path(path)
    digest = hashlib.sha256(path.read_bytes())
    for name in uses(path):
        digest.update(b"\0" + path.with_name(f"{name}.py").read_bytes())
    return digest.hexdigest()


def snippet_hashes(snippets_dir: Path) -> dict[str, str]:
    """Workload id -> current source hash, read without importing (the site build must not
    execute snippet code). The id is the file's stem, which discovery checks equals WORKLOAD."""
    return {p.stem: source_hash(p) for p in snippet_files(snippets_dir)}


def snippet_files(snippets_dir: Path) -> list[Path]:
    """Every snippet module of a folder (names starting with _ are helpers, not workloads)."""
    return sorted(p for p in Path(snippets_dir).glob("*.py") if not p.name.startswith("_"))


def load_module(path: Path) -> ModuleType:
    """Import a snippet file by path (also how one snippet uses another's functions)."""
    path = Path(path)
    name = f"accelbench_snippet_{path.stem}"
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


def load_snippet(path: Path) -> Snippet:
    path = Path(path)
    module = load_module(path)
    missing = [a for a in REQUIRED_ATTRIBUTES if not hasattr(module, a)]
    if missing:
        raise SnippetError(f"{path}: missing {', '.join(missing)}")
    if path.stem != module.WORKLOAD:
        raise SnippetError(f"{path}: WORKLOAD is {module.WORKLOAD!r} but the file is named {path.stem!r}")
    unknown = set(module.PROFILES) - set(PROFILES)  # the registry in profiles.py
    if unknown:
        raise SnippetError(f"{path}: PROFILES has unknown profile(s) {sorted(unknown)}")
    if not any(hasattr(module, f"{fw}_case") for fw in FRAMEWORKS):
        raise SnippetError(f"{path}: defines none of {', '.join(f + '_case' for f in FRAMEWORKS)}")
    return Snippet(path=path, module=module, source_hash=source_hash(path))


def discover(snippets_dir: Path, only: list[str] | None = None) -> list[Snippet]:
    """Every snippet in ``snippets_dir`` in the order to run them: by RUN_ORDER (then name), or
    only the named workloads, in the order named."""
    files = {p.stem: p for p in snippet_files(snippets_dir)}
    if only:
        unknown = set(only) - set(files)
        if unknown:
            raise SnippetError(f"unknown workload(s) {', '.join(sorted(unknown))} in {snippets_dir}")
        return [load_snippet(files[name]) for name in dict.fromkeys(only)]
    return sorted((load_snippet(p) for p in files.values()), key=lambda s: (s.run_order, s.workload))


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
