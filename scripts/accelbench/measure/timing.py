"""Device-correct timing and the statistics of samples.

The caller passes ``sync(out)``, which waits until the device has finished producing
``out`` (``torch.cuda.synchronize``, ``jax.block_until_ready``). Each sample times a batch
of calls ended by one sync, so short kernels are not dominated by a per-call sync.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from accelbench.core.profiles import TimingPlan
from accelbench.measure.stopping import checkpoint

WIDE_SPREAD = 0.10  # a sample set whose interquartile range exceeds this fraction of the median is flagged


@dataclass
class Timing:
    samples_s: list[float]  # seconds per call, one entry per sample
    calls_per_sample: int
    warmup_calls: int
    compilations: int | None = None  # graphs compiled while sampling (None: not counted)


def time_calls(run: Callable[[int], Any], sync: Callable[[Any], None], plan: TimingPlan,
               clock: Callable[[], float] = time.perf_counter,
               compilations: Callable[[], int] | None = None) -> Timing:
    """Warm up, calibrate how many calls make a sample of at least ``min_sample_s``, then take
    samples of that many calls each, rotating inputs. ``compilations``: a counter of the graphs
    the framework has compiled (torch_xla's), read around the samples only: compiling during
    warm-up is expected, compiling while timed means the samples include it."""
    call = 0
    start = clock()
    warmup_calls = 0
    while warmup_calls < 2 or clock() - start < plan.warmup_s:
        checkpoint()
        sync(run(call))
        call += 1
        warmup_calls += 1
    calls_per_sample, call = _calibrate(run, sync, plan.min_sample_s, call, clock)

    samples = []
    compiled_before = compilations() if compilations else None
    sampling_start = clock()
    for _ in range(plan.repeats):
        t0 = clock()
        call = run_batch(run, sync, calls_per_sample, call)
        samples.append((clock() - t0) / calls_per_sample)
        if len(samples) >= plan.min_samples and clock() - sampling_start > plan.budget_s:
            break
    compiled = compilations() - compiled_before if compilations else None
    return Timing(samples_s=samples, calls_per_sample=calls_per_sample, warmup_calls=warmup_calls,
                  compilations=compiled)


def run_batch(run: Callable[[int], Any], sync: Callable[[Any], None], calls: int, first: int) -> int:
    """``calls`` back-to-back calls on input sets ``first``, ``first + 1``... ended by one sync (the
    device finishes them all before the clock is read); returns the next input index."""
    out = None
    for call in range(first, first + calls):
        checkpoint()  # a safe point for Ctrl-C between calls (an open batch is simply abandoned)
        out = run(call)
    sync(out)
    return first + calls


def _calibrate(run, sync, min_sample_s: float, call: int, clock) -> tuple[int, int]:
    """The number of back-to-back calls (ended by one sync) that lasts at least ``min_sample_s``,
    found by timing batches of 1, 2, 4... calls after the warm-up, as timeit's autorange does. A
    warm-up average would be inflated by slow first calls and give samples that are too short.
    Returns it and the next input index."""
    calls = 1
    while True:
        t0 = clock()
        call = run_batch(run, sync, calls, call)
        elapsed = clock() - t0
        if elapsed >= min_sample_s:
            return calls, call
        # jump close to the target once a batch takes measurable time, else double
        calls = max(calls * 2, math.ceil(calls * min_sample_s / elapsed * 1.1)) if elapsed > 0 else calls * 2


def time_first_call(prepare: Callable[[], None] | None, run: Callable[[int], Any],
                    sync: Callable[[Any], None], clock: Callable[[], float] = time.perf_counter) -> float:
    """Seconds from nothing to the first result: ahead-of-time compile (if any) plus one call."""
    t0 = clock()
    if prepare is not None:
        prepare()
    sync(run(0))
    return clock() - t0


def quantile(sorted_values: list[float], q: float) -> float:
    """Linear-interpolation quantile (numpy's default method) of an already sorted list."""
    if not sorted_values:
        raise ValueError("no samples")
    pos = (len(sorted_values) - 1) * q
    lo = math.floor(pos)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo)


def summarize(samples: list[float], compilations: int | None = None) -> dict[str, float | int | bool]:
    """Median, quartiles, IQR, min, max, mean and a wide-spread flag of timing samples; with
    ``compilations`` (graphs compiled while sampling) counted, any at all also flags the spread."""
    values = sorted(samples)
    median = quantile(values, 0.5)
    q1, q3 = quantile(values, 0.25), quantile(values, 0.75)
    out = {
        "n": len(values),
        "median_s": median,
        "q1_s": q1,
        "q3_s": q3,
        "iqr_s": q3 - q1,
        "min_s": values[0],
        "max_s": values[-1],
        "mean_s": sum(values) / len(values),
        "wide_spread": (q3 - q1) > WIDE_SPREAD * median,
    }
    if compilations is not None:
        out["compilations"] = compilations
        out["wide_spread"] = out["wide_spread"] or compilations > 0
    return out
