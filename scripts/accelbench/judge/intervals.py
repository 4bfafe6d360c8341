"""How sure a TPU/GPU comparison is: a 95% interval for each ratio, from the timing samples.

A rate is the work of one call over the median call time, so resampling a record's timing samples
(with replacement) and taking the median again gives the spread of that rate; the ratio of two
resampled rates gives the spread of the comparison (a percentile bootstrap). The seed is fixed, so
the same data always gives the same interval and the same pages.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass

import numpy as np
import pandas as pd

RESAMPLES = 2000
SEED = 20261130  # fixed: builds are reproducible
LEVEL = 0.95  # each interval's confidence: every rule's text and every sentence says it from here
TAILS = [100 * (1 - LEVEL) / 2, 100 * (1 + LEVEL) / 2]  # the percentiles of the bootstrap that bound it


@dataclass(frozen=True)
class Ratio:
    """TPU over GPU (or any advantage ratio), with its 95% interval; ``low == high == value``
    where no timing samples stand behind it."""

    value: float
    low: float
    high: float

    def scaled(self, factor: float) -> Ratio:
        return Ratio(self.value * factor, self.low * factor, self.high * factor)


def _resampled_medians(samples: list[float], rng: np.random.Generator) -> np.ndarray:
    data = np.asarray(samples, dtype=float)
    picks = rng.integers(0, len(data), size=(RESAMPLES, len(data)))
    return np.median(data[picks], axis=1)


def rate_draws(row: pd.Series, metric: str, rng: np.random.Generator) -> np.ndarray:
    """Resampled values of a rate metric (work over the median time) of one record."""
    value = float(row[f"m_{metric}"])
    samples = row.get("samples_s")
    if not isinstance(samples, list) or not samples:
        return np.full(RESAMPLES, value)
    median = statistics.median(samples)
    return value * median / _resampled_medians(samples, rng)


def ratio(top: pd.Series, bottom: pd.Series, metric: str, timed: bool = True) -> Ratio:
    """``top``'s metric over ``bottom``'s, with a 95% interval when the metric comes from timing
    samples (``timed``); an energy figure comes from one metered window, so it has none."""
    value = float(top[f"m_{metric}"]) / float(bottom[f"m_{metric}"])
    if not timed:
        return Ratio(value, value, value)
    rng = np.random.default_rng(SEED)
    draws = rate_draws(top, metric, rng) / rate_draws(bottom, metric, rng)
    low, high = np.percentile(draws, TAILS)
    return Ratio(value, float(min(low, value)), float(max(high, value)))


def median_ratio(pairs: list[tuple[pd.Series, pd.Series]], metric: str) -> Ratio:
    """The median over several (top, bottom) pairs of their ratio, with the interval of that
    median (each resample draws every pair's samples anew)."""
    rng = np.random.default_rng(SEED)
    value = statistics.median(float(t[f"m_{metric}"]) / float(b[f"m_{metric}"]) for t, b in pairs)
    draws = np.median(np.stack([rate_draws(t, metric, rng) / rate_draws(b, metric, rng) for t, b in pairs]), axis=0)
    low, high = np.percentile(draws, TAILS)
    return Ratio(value, float(min(low, value)), float(max(high, value)))
