"""The benchmark profiles: how long each measurement may take and how it is timed.

One registry. The command line's ``--profile`` choices, the run-file schema's ``profile`` field,
the timing, the time limits, the energy windows and the time budgets all read it from here.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TimingPlan:
    """How a measurement is sampled (measure.timing.time_calls reads it)."""
    warmup_s: float  # keep calling until this much time has passed (at least two calls)
    min_sample_s: float  # batch calls so one sample lasts at least this long
    repeats: int  # samples to take
    budget_s: float  # stop sampling after this long, keeping at least MIN_SAMPLES
    min_samples: int = 3


@dataclass(frozen=True)
class Profile:
    name: str
    description: str
    timing: TimingPlan
    # Seconds one measurement (build, first call, check, timing) may take before it is recorded
    # as `failed: timeout`.
    time_limit_s: float
    # A measurement metered for energy runs at least this long under the counter, from one of its steps.
    energy_s: float
    # Seconds to build and check a case beside its compile, where its snippet says nothing better.
    setup_s: float


PROFILES: dict[str, Profile] = {p.name: p for p in (
    Profile("quick", "seconds on a 2-core CPU",
            TimingPlan(warmup_s=0.1, min_sample_s=0.01, repeats=15, budget_s=1.5),
            time_limit_s=60.0, energy_s=2.0, setup_s=0.5),
    # One accelerator inside a short lease: 15 samples of at least 20 ms after 0.2 s of warm-up
    # resolve a median to well under 1% on a quiet device. The energy window gives the headline
    # TFLOP/J and tokens/J: 10 s, long enough for the device to reach its sustained clock and
    # temperature (a burst of a second or two runs at boost), and for the one batch that runs past
    # its closing counter step to be a small part of it (each window records the step it measured).
    Profile("full", "one accelerator, a few minutes in all",
            TimingPlan(warmup_s=0.2, min_sample_s=0.02, repeats=15, budget_s=1.5, min_samples=5),
            time_limit_s=120.0, energy_s=10.0, setup_s=1.0),
    Profile("test", "tiny sizes for the test suite",
            TimingPlan(warmup_s=0.0, min_sample_s=0.0, repeats=3, budget_s=1.0),
            time_limit_s=60.0, energy_s=0.2, setup_s=0.2),
)}


def profile(name: str) -> Profile:
    try:
        return PROFILES[name]
    except KeyError:
        raise ValueError(f"unknown profile {name!r} (known: {', '.join(PROFILES)})") from None
