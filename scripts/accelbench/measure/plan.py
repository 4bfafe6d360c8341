"""What to run, in which order, and how long each measurement is expected to take.

Planning reads the snippets, the hardware and the reference data; it measures nothing. The plan
puts the figures the site leans on first (the snippets' RUN_ORDER, then each snippet's
``priority``), skips what cannot run here with the reason (framework missing, not enough device
memory, a combination the snippet rules out), and gives every measurement a time budget, so that
a run under a deadline can tell what will not fit before starting it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from accelbench.core.profiles import Profile
from accelbench.core.reference import Reference
from accelbench.core.runfile import measurement_key, stored_ok_versions
from accelbench.frameworks import hardware
from accelbench.measure.energy import TICK_WAIT_S
from accelbench.workloads.discovery import FRAMEWORKS, Snippet

# A vendor peak is a ceiling; a budget assumes a call reaches this fraction of it.
PLANNING_EFFICIENCY = 0.5
LAUNCH_S = 10e-6  # no call on any device returns faster than a kernel launch
# Starting the frameworks on a device (driver, CUDA context, JAX backend) before any measurement.
STARTUP_S = {"cpu": 2.0, "gpu": 15.0, "tpu": 20.0}

# Seconds a framework spends compiling, and on a GPU autotuning, before a program's first call on
# an accelerator, by program: "op" one operation, "gemm" one matrix-product shape and dtype, "step"
# a compiled GPT-2 small training step, "eager_step" the same step without compiling. The snippets'
# setup_s add these to their own build and check; on a CPU the snippets' own figures stand. These
# are estimates, not measurements (issue 24's read-through of a first H200 and TPU v6e run);
# `accelbench budgets RUNFILE` compares them with what measurements took, to correct them by.
#   torch.compile (Inductor) of GPT-2 small, cold cache on a fresh machine: 40 to 70 s on an H200;
#     70 taken. A cold cache is what a lent machine has (the 2-core CI VM compiled even the tiny
#     model in 47 s cold, 2 s warm: build_data/runs/20261130T143724Z-vm-10c6ce86.json).
#   jax.jit of the same step on an H200: 20 to 40 s; 40 taken.
#   XLA on an NVIDIA GPU autotunes every new matrix-product shape (compiling and timing cuBLAS,
#     cuBLASLt and Triton candidates: XLA's default xla_gpu_autotune_level), so each matmul size
#     and dtype of JAX pays it once; 3 s allowed. PyTorch's cuBLAS picks by heuristics instead.
#   torch_xla compiles the GPT-2 step at least twice, the first step and then the steady step
#     (the optimizer's state appears after the first), eager (lazy tensors) or not: 2 x 45 s.
#   one operation: a jit of a few hundred ms (JAX, torch_xla), a kernel load for PyTorch on CUDA.
COMPILE_S = {
    ("torch", "gpu"): {"op": 0.2, "gemm": 0.2, "step": 70.0, "eager_step": 3.0},
    ("jax", "gpu"): {"op": 0.5, "gemm": 3.0, "step": 40.0},
    ("torch", "tpu"): {"op": 1.0, "gemm": 1.0, "step": 2 * 45.0, "eager_step": 2 * 45.0},
    ("jax", "tpu"): {"op": 0.5, "gemm": 1.0, "step": 40.0},
    # TensorFlow's XLA compiles as JAX's does (the same compiler, the same GPU autotuning); its step
    # also traces the Python model first, and "eager_step" is its graph variant (no XLA: TensorFlow
    # places and optimises the graph) and its data-parallel step, whose replicas are compiled
    ("tensorflow", "gpu"): {"op": 0.5, "gemm": 3.0, "step": 60.0, "eager_step": 60.0},
    ("tensorflow", "tpu"): {"op": 0.5, "gemm": 1.0, "step": 60.0, "eager_step": 60.0},
}


def compile_s(framework: str, platform: str, program: str) -> float:
    """The COMPILE_S allowance for one program; 0 on a CPU, whose snippets count their own."""
    if platform not in ("gpu", "tpu"):
        return 0.0
    return COMPILE_S[(framework, platform)][program]


@dataclass
class Planned:
    snippet: Snippet
    framework: str
    device: hardware.Device | None  # None: the framework is unusable here
    params: dict
    skip: str | None  # a reason this cannot run here
    budget_s: float = 0.0  # expected seconds from build to the last energy reading
    skip_category: str | None = None  # runfile.CATEGORIES: why, in one word

    def key(self) -> tuple:
        return measurement_key(self.snippet.workload, self.params, self.framework,
                               self.device.name if self.device else None)

    def describe(self) -> str:
        params = " ".join(f"{k}={v}" for k, v in self.params.items())
        return f"{self.snippet.workload} {self.framework} {self.device.name if self.device else '-'} {params}"


def choose_devices(hw: hardware.Hardware, platforms: list[str] | None) -> list[hardware.Device]:
    """The devices to measure: those asked for, else the accelerators, else the CPU (a full
    CPU profile on a GPU machine would take hours and say nothing about the GPU)."""
    if platforms:
        return [d for d in hw.devices if d.platform in platforms]
    accelerators = [d for d in hw.devices if d.platform in hardware.ACCELERATOR_PLATFORMS]
    return accelerators or [d for d in hw.devices if d.platform == "cpu"]


def plan(snippets: list[Snippet], hw: hardware.Hardware, frameworks: list[str], profile: Profile,
         reference: Reference | None = None, platforms: list[str] | None = None) -> list[Planned]:
    """Every measurement of ``profile`` for this hardware, most valuable first, each with its
    budget. ``snippets`` come in the order to run them (RUN_ORDER, or as ``--only`` named them)."""
    devices = choose_devices(hw, platforms)
    wanted_platforms = {d.platform for d in devices}
    items = []
    for snip in snippets:
        grids = {fw: snip.params(profile.name, fw) for fw in FRAMEWORKS if fw in frameworks and fw in snip.frameworks()}
        # every framework's grid in one order (a companion may declare its own variants)
        union: list[dict] = []
        for grid in grids.values():
            union += [p for p in grid if p not in union]
        for params in sorted(union, key=snip.priority):  # stable: ties keep grid order
            for fw in (f for f, grid in grids.items() if params in grid):
                items += _for_framework(snip, fw, params, hw, devices, wanted_platforms)
    for item in items:
        item.budget_s = budget_s(item, profile, reference)
    return items


def _for_framework(snip, fw, params, hw, devices, wanted_platforms) -> list[Planned]:
    broken = next((u for u in hw.unavailable if u.framework == fw and u.platform is None), None)
    if broken:
        return [Planned(snip, fw, None, params, broken.reason, skip_category="unavailable")]
    items = [Planned(snip, fw, hardware.Device(fw, u.platform, _other_name(hw, u.platform), 1, None), params, u.reason,
                     skip_category="unavailable")
             for u in hw.unavailable if u.framework == fw and u.platform in wanted_platforms]
    for dev in (d for d in devices if d.framework == fw):
        category, reason = _skip_reason(snip, fw, dev, params)
        items.append(Planned(snip, fw, dev, params, reason, skip_category=category))
    return items


def _skip_reason(snip: Snippet, framework: str, device: hardware.Device, params: dict) -> tuple[str | None, str | None]:
    """(category, reason) this measurement cannot run here, or (None, None). A snippet's
    skip_reason returns a reason (the device cannot run it: unsupported) or (category, reason)."""
    if device.cannot:
        return device.cannot
    said = snip.skip_reason(framework, device.platform, params, count=device.count)
    if said:
        return tuple(said) if isinstance(said, (tuple, list)) else ("unsupported", said)
    need = snip.memory_bytes(params, framework, device.platform)  # what this framework keeps here
    if need and device.memory_bytes and need > device.memory_bytes:
        return "too_large", (f"needs at least {need / 2**30:.1f} GiB of device memory; "
                             f"this device has {device.memory_bytes / 2**30:.1f} GiB")
    return None, None


def _other_name(hw: hardware.Hardware, platform: str) -> str:
    """The name another framework reports for a platform this framework cannot use."""
    return next(d.name for d in hw.devices if d.platform == platform)


def estimated_call_s(item: Planned, reference: Reference | None) -> float | None:
    """Seconds one call should take at PLANNING_EFFICIENCY of the vendor's peak and bandwidth,
    or None where the reference data has no figures for this device (CPUs)."""
    if reference is None or item.device is None:
        return None
    work = item.snippet.work(item.params)
    peak = reference.peak(item.device.name, str(item.params.get("dtype", "bfloat16"))) \
        or reference.peak(item.device.name, "bfloat16")
    bandwidth = reference.bandwidth(item.device.name)
    if peak is None or bandwidth is None:
        return None
    compute = work.get("flops", 0) / (peak.value * 1e12 * PLANNING_EFFICIENCY)
    memory = work.get("bytes_moved", 0) / (bandwidth.value * 1e9 * PLANNING_EFFICIENCY)
    return max(compute, memory, LAUNCH_S)


def budget_s(item: Planned, profile: Profile, reference: Reference | None) -> float:
    """Expected seconds for one measurement: build, compile and check (the snippet's estimate),
    warm-up, sampling and the energy window, as the profile's timing plan would spend them."""
    if item.skip:
        return 0.0
    timing = profile.timing
    setup = item.snippet.setup_s(item.framework, item.device.platform, item.params)
    per_call = estimated_call_s(item, reference)
    if per_call is None:  # unknown device: the plan's own caps
        warmup, sampling = timing.warmup_s, timing.budget_s
    else:
        sample = max(timing.min_sample_s, per_call)
        warmup = max(timing.warmup_s, 2 * per_call)
        sampling = min(timing.repeats * sample, max(timing.budget_s, timing.min_samples * sample))
    # the window, and waiting for the counter's steps that start and end it (each far under
    # TICK_WAIT_S on a counter that steps at all); a TPU has no counter, so no window runs
    metered = item.snippet.wants_energy(item.params) and item.device.platform != "tpu"
    energy = profile.energy_s + TICK_WAIT_S if metered else 0.0
    return (setup if setup is not None else profile.setup_s) + warmup + sampling + energy


def startup_s(items: list[Planned]) -> float:
    """Seconds to start the frameworks on the devices the plan measures, once per run."""
    platforms = {i.device.platform for i in items if i.device is not None and not i.skip}
    return max((STARTUP_S.get(p, 0.0) for p in platforms), default=0.0)


def to_measure(items: list[Planned], runs_dir: Path, warn: Callable[[str], None]) -> tuple[list[Planned], int]:
    """The planned measurements not already stored as ``ok`` for the code the snippet measures now
    (its version; skips are always recorded), and how many were stored."""
    stored = stored_ok_versions(runs_dir, warn)
    todo = [i for i in items if i.skip or not i.snippet.is_current(i.framework, stored.get(i.key(), ()))]
    return todo, len(items) - len(todo)


def stored_status(items: list[Planned], runs_dir: Path,
                  warn: Callable[[str], None]) -> dict[tuple[str, str, str], tuple[str, Counter]]:
    """Per workload, framework and device, in plan order: its state and how many of its planned
    measurements are stored as ``ok`` for the code the snippet measures now (current), only for older
    code (stale), not at all (missing), or are skipped. Its state is current where all of them are,
    else stale where one is, else missing where one is, else skipped."""
    stored = stored_ok_versions(runs_dir, warn)
    counts: dict[tuple, Counter] = {}
    for item in items:
        device = item.device.name if item.device else "-"
        bucket = counts.setdefault((item.snippet.workload, item.framework, device), Counter())
        if item.skip:
            bucket["skipped"] += 1
            continue
        hashes = stored.get(measurement_key(item.snippet.workload, item.params, item.framework, device), set())
        bucket["current" if item.snippet.is_current(item.framework, hashes) else "stale" if hashes else "missing"] += 1
    return {key: ("current" if c["current"] and not (c["stale"] or c["missing"]) else
                  "stale" if c["stale"] else "missing" if c["missing"] else "skipped", c) for key, c in counts.items()}


def format_plan(items: list[Planned], profile: Profile, deadline_s: float | None = None) -> list[str]:
    """One line per planned measurement with its budget and the running total, then the total."""
    start = startup_s(items)
    lines = [f"{'#':>3}  {'budget':>7}  {'total':>7}  measurement", f"{'':>3}  {start:>6.1f}s  {start:>6.1f}s  "
             f"start-up of the frameworks on the device"]
    total = start
    for index, item in enumerate(items, 1):
        # as the runner does: a measurement whose budget does not fit in what is left is skipped,
        # and the next ones are still tried
        late = deadline_s is not None and not item.skip and total + item.budget_s > deadline_s
        if not late:
            total += item.budget_s
        note = f"skipped: {item.skip}" if item.skip else "out of time under the deadline" if late else ""
        lines.append(f"{index:>3}  {item.budget_s:>6.1f}s  {total:>6.1f}s  {item.describe()}"
                     + (f"  ({note})" if note else ""))
    measured = sum(1 for i in items if not i.skip)
    lines.append(f"{profile.name} profile: {measured} measurement(s), {len(items) - measured} skipped; "
                 f"planned total {total:.0f} s ({total / 60:.1f} min)")
    return lines
