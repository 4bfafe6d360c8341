"""Run by test_torch_xla.py with .venv-xla's Python (torch_xla on its PJRT CPU device): drives the
runner's own timing through torch_xla and prints what torch_xla's counters saw, as one JSON line."""

import json
import os

os.environ.setdefault("PJRT_DEVICE", "CPU")

from pathlib import Path  # noqa: E402

import torch  # noqa: E402 (after PJRT_DEVICE, which torch_xla reads when it starts)
import torch_xla  # noqa: E402
import torch_xla.backends  # noqa: E402
import torch_xla.debug.metrics as met  # noqa: E402

from accelbench.frameworks import xla
from accelbench.measure import measurement as measure  # noqa: E402
from accelbench.measure import timing
from accelbench.workloads.snippet import load_module  # noqa: E402

SNIPPETS = Path(__file__).resolve().parents[1] / "snippets"

PLAN = timing.TimingPlan(warmup_s=0.05, min_sample_s=0.01, repeats=5, budget_s=1.0)


def executions() -> int:
    return int(met.counter_value("ExecuteComputation") or 0)


def timed(run) -> dict:
    """The runner's timing of ``run`` through the XLA driver, and how many graphs ran for it."""
    driver = measure.driver_for("torch", device)
    calls = []

    def counted(i):
        calls.append(i)
        return run(i)

    before = executions()
    result = timing.time_calls(driver.run(counted), driver.sync, PLAN, compilations=driver.compilations)
    return {"calls": len(calls), "executions": executions() - before, "compilations": result.compilations,
            "wide_spread": timing.summarize(result.samples_s, result.compilations)["wide_spread"]}


device = torch_xla.device()
a, b = torch.randn(128, 128, device=device), torch.randn(128, 128, device=device)
xla.LazyDevice().settle()  # materialised and finished: the execution counter is read after this

# without the driver: lazy calls build graphs and a wait runs none of them
before = executions()
for _ in range(5):
    out = a @ b
measure.driver_for("torch", device).sync(out)
undriven = executions() - before



def compiled_fallbacks() -> list[str]:
    """What the driver sees of an FFT (no XLA lowering) inside a torch.compile'd (openxla)
    function, after an eager FFT already counted one: TorchDynamo's bridge zeroes the counters
    while it partitions the graph, so a before/after difference would miss it."""
    c = torch.complex(torch.randn(64), torch.randn(64)).to(device)
    torch.fft.fft(c).abs().sum().item()
    lazy = xla.LazyDevice()
    lazy.settle()
    f = torch.compile(lambda x: torch.fft.fft(x).abs() * 2, backend="openxla")
    f(c)
    torch_xla.sync()
    return lazy.host_fallbacks()


def float32_precision() -> list[str]:
    """torch_xla's float32 product precision before, during and after a float32 matmul case."""
    matmul = load_module(SNIPPETS / "matmul.py")
    before = torch_xla.backends.get_mat_mul_precision()
    case = matmul.torch_case({"n": 64, "dtype": "float32"}, device)
    during = torch_xla.backends.get_mat_mul_precision()
    case.close()
    return [before, during, torch_xla.backends.get_mat_mul_precision()]


x = torch.randn(2**20, device=device)
xla.LazyDevice().settle()
print(json.dumps({
    "undriven_executions": undriven,
    "steady": timed(lambda i: a @ b),
    "copy": timed(lambda i: x.clone()),  # memory_bandwidth's copy under torch_xla: a graph per call
    # a new shape every call: a graph compiled for every call, timed with the calls
    "recompiling": timed(lambda i: torch.ones(i + 1, device=device).sum()),
    "compiled_fallbacks": compiled_fallbacks(),
    "float32_precision": float32_precision(),
}))
