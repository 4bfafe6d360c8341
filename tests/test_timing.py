"""The timing harness: warm-up, batching, sync after each sample, and sample statistics."""

import numpy as np
import pytest

from accelbench.measure.timing import TimingPlan, quantile, summarize, time_calls, time_first_call


class FakeClock:
    """Advances only when the fake device finishes work, so timings are exact."""

    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def test_summary_matches_numpy():
    rng = np.random.default_rng(3)
    samples = list(rng.uniform(0.5, 2.0, size=17))
    s = summarize(samples)
    assert s["median_s"] == pytest.approx(np.median(samples))
    assert s["q1_s"] == pytest.approx(np.quantile(samples, 0.25))
    assert s["q3_s"] == pytest.approx(np.quantile(samples, 0.75))
    assert s["iqr_s"] == pytest.approx(np.quantile(samples, 0.75) - np.quantile(samples, 0.25))
    assert (s["min_s"], s["max_s"], s["n"]) == (min(samples), max(samples), 17)


def test_wide_spread_is_flagged_and_tight_is_not():
    assert summarize([1.0, 1.0, 1.01, 0.99, 1.0])["wide_spread"] is False
    assert summarize([1.0, 1.5, 0.6, 1.3, 0.8])["wide_spread"] is True


def test_quantile_rejects_empty():
    with pytest.raises(ValueError):
        quantile([], 0.5)


def test_samples_are_per_call_and_end_with_a_sync():
    clock = FakeClock()
    events = []
    pending = []

    def run(i):  # "launches" work that takes 2 ms of device time, like an async kernel
        events.append(("run", i))
        pending.append(0.002)
        return i

    def sync(out):  # the host clock only sees the work once it waits for it
        events.append(("sync", out))
        clock.now += sum(pending)
        pending.clear()

    plan = TimingPlan(warmup_s=0.01, min_sample_s=0.008, repeats=5, budget_s=10)
    t = time_calls(run, sync, plan, clock=clock)
    assert t.samples_s == pytest.approx([0.002] * 5)
    assert t.calls_per_sample == 5  # calibrated: 1 call took 2 ms, so 8 ms (+10%) needs 5
    assert t.warmup_calls == 5  # until 10 ms of warm-up have passed
    # after the warm-up and the calibration batches (1 call, then 5), every sample is 5 runs
    # followed by exactly one sync
    timed = events[2 * t.warmup_calls + 2 + 6:]
    assert len(timed) == 5 * 6
    for k in range(5):
        chunk = timed[6 * k: 6 * k + 6]
        assert [e[0] for e in chunk] == ["run"] * 5 + ["sync"]
    # inputs rotate: every call gets a new index
    runs = [e[1] for e in events if e[0] == "run"]
    assert runs == list(range(len(runs)))


def test_budget_stops_sampling_but_keeps_the_minimum():
    clock = FakeClock()

    def run(i):
        clock.now += 1.0  # a slow, synchronous call
        return i

    t = time_calls(run, lambda out: None, TimingPlan(0.0, 0.0, repeats=50, budget_s=2.5, min_samples=3), clock=clock)
    assert len(t.samples_s) == 3


def test_first_call_includes_prepare_and_one_synced_call():
    clock = FakeClock()
    calls = []

    def prepare():
        clock.now += 5.0  # compiling
        calls.append("prepare")

    def run(i):
        calls.append(f"run{i}")
        return i

    def sync(out):
        clock.now += 0.5
        calls.append("sync")

    assert time_first_call(prepare, run, sync, clock=clock) == pytest.approx(5.5)
    assert calls == ["prepare", "run0", "sync"]


def test_slow_first_calls_do_not_make_samples_shorter_than_promised():
    """A first call that compiles (100 ms) used to inflate the per-call estimate, so one call of
    1 ms made a sample: the promise of at least 10 ms per sample was broken."""
    clock = FakeClock()
    cost = iter([0.1] + [0.001] * 10_000)

    def run(i):
        clock.now += next(cost)
        return i

    plan = TimingPlan(warmup_s=0.1, min_sample_s=0.01, repeats=15, budget_s=10)
    t = time_calls(run, lambda out: None, plan, clock=clock)
    assert t.calls_per_sample * 0.001 >= plan.min_sample_s
    assert all(s * t.calls_per_sample >= plan.min_sample_s for s in t.samples_s)
