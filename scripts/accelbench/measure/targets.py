"""The accelerators a cloud task can measure (``accelbench cloud plan --targets``): SkyPilot's name
for each, the chip in the reference data, how the Makefile installs the frameworks for it, the
runs it makes one after the other, and what one task costs at most. Declared here, below the
command line, because the reproduce page lists them too (publish.fragments.measured)."""

from __future__ import annotations

from dataclasses import dataclass

from accelbench.core.prices import Price, usd_for_time
from accelbench.core.reference import Reference
from accelbench.measure.plan import COMPILE_S

DEADLINE_S = 2400  # the full profile plans under 7 minutes on an H200; slower chips get headroom
# Per measurement, for PyTorch on a TPU, in place of the full profile's 120 s: torch_xla compiles
# the GPT-2 step at least twice (the first step, then the steady one), which plan.COMPILE_S allows
# 2 x 45 s for. Twice that allowance, as it is an estimate no TPU run has checked yet (`accelbench
# budgets` will), plus a minute for building the model, the float64 check and the timing.
TPU_TORCH_TIME_LIMIT_S = 2 * COMPILE_S[("torch", "tpu")]["step"] + 60
SETUP_S = 900  # an estimate of provisioning and installing the frameworks, for the cost bound only


@dataclass(frozen=True)
class Target:
    """One accelerator SkyPilot can launch: its name on our command line, SkyPilot's name for it,
    the chip in the reference data, and how the Makefile installs the frameworks for it."""

    name: str
    accelerators: str  # SkyPilot's resources.accelerators
    chip: str  # accelerators.csv
    chips: int
    make_vars: str  # for `make .venv/.installed-site`
    frameworks: str = "torch,jax"
    tensorflow: bool = True  # also TensorFlow, from .venv-tf (its ROCm build is not installed by the Makefile)
    note: str = ""
    tpu_runtime: str = ""  # the TPU VM software version Google lists for the chip
    @property
    def is_tpu(self) -> bool:
        return self.name.startswith("tpu-")

    @property
    def runs(self) -> list[tuple[str, str]]:
        """(environment, frameworks) of each run, one after the other. On a TPU, JAX, torch_xla and
        TensorFlow cannot share the chips in one process, nor one environment (each needs its own
        libtpu); TensorFlow always has an environment of its own."""
        native = [(".venv", "jax"), (".venv-xla", "torch")] if self.is_tpu else [(".venv", self.frameworks)]
        return native + [(".venv-tf", "tensorflow")] * self.tensorflow

    def run_options(self, frameworks: str) -> str:
        """What one run adds to `accelbench run`: a time limit that covers torch_xla's compiles."""
        return f" --time-limit {TPU_TORCH_TIME_LIMIT_S:g}" if self.is_tpu and frameworks == "torch" else ""

    @property
    def runs_text(self) -> str:
        """What runs, in order, as the CLI and the reproduce page say it."""
        if len(self.runs) == 1:
            return self.frameworks.replace(",", ", ")
        return ", then ".join(f"{frameworks.replace(',', ', ')} from {venv}" for venv, frameworks in self.runs)

    @property
    def slug(self) -> str:
        return self.name.lower().replace(":", "-")


CUDA = "JAX_EXTRA=cuda"
TPU = "JAX_EXTRA=tpu HAS_TPU=yes"  # as the Makefile would find it on the PCI bus; said, so no new chip id is missed
TARGETS = {t.name: t for t in [
    Target("tpu-v5e-1", "tpu-v5litepod-1", "TPU v5e", 1, TPU, tpu_runtime="v2-alpha-tpuv5-lite",
           note="GCP's name for a TPU v5e slice is v5litepod"),
    Target("tpu-v6e-1", "tpu-v6e-1", "TPU v6e (Trillium)", 1, TPU, tpu_runtime="v2-alpha-tpuv6e"),
    Target("tpu-v5p-8", "tpu-v5p-8", "TPU v5p", 4, TPU, tpu_runtime="v2-alpha-tpuv5",
           note="a v5p-8 slice is 4 chips (8 TensorCores)"),
    Target("H100:1", "H100:1", "H100 SXM", 1, CUDA),
    Target("H200:1", "H200:1", "H200 SXM", 1, CUDA),
    Target("B200:1", "B200:1", "B200 (HGX 1000 W)", 1, CUDA),
    Target("MI300X:1", "MI300X:1", "MI300X", 1,
           "TORCH_SPEC=torch==2.13.0+rocm6.4 TORCH_INDEX=https://download.pytorch.org/whl/rocm6.4",
           frameworks="torch", tensorflow=False,
           note="PyTorch's ROCm build; JAX and TensorFlow on ROCm are not installed by the Makefile"),
]}


class CloudError(Exception):
    """A target or a results location that cannot be used."""


def targets(names: list[str]) -> list[Target]:
    unknown = [n for n in names if n not in TARGETS]
    if unknown:
        raise CloudError(f"unknown target(s) {', '.join(unknown)} (known: {', '.join(TARGETS)})")
    return [TARGETS[n] for n in names]


def cost_bound(target: Target, reference: Reference) -> tuple[float, Price] | None:
    """At most what one task costs at the cheapest dated on-demand price: chips x price x (setup
    estimate + a deadline per run), as (dollars, the Price). None where the reference data has no
    price for the chip. publish/wording/measured.py task_cost says it."""
    price = reference.cheapest_price(target.chip)
    if price is None:
        return None
    return usd_for_time(price.usd_per_chip_hour, target.chips, SETUP_S + DEADLINE_S * len(target.runs)), price
