"""The derived metrics a record can carry: one registry that says what each is.

Adding a metric is one entry here: the runner derives the rates from a snippet's per-call work,
the tables and charts label and format it, the summary prints it, and validation refuses values
no device produces.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Metric:
    name: str  # the key under a record's "metrics", unit in the name
    label: str  # column heading and axis label
    short: str  # unit in the one-line summary
    work: str | None = None  # per-call work it is the rate of (a snippet function or Case.work key)
    scale: float = 1.0  # work per second divided by this
    percent: bool = False  # a fraction, shown as a percentage
    bound: float | None = None  # no single device today comes near this: above it is not a measurement
    in_tables: bool = True  # a column of the results tables unless the snippet's TABLE chooses
    unit: str = ""  # the unit of a stored value, as the data dictionary of the downloads says it
    doc: str = ""  # what it measures, one line (the data dictionary)


METRICS: dict[str, Metric] = {m.name: m for m in (
    Metric("tflops", "TFLOP/s", "TFLOP/s", work="flops", scale=1e12, bound=100_000.0, unit="TFLOP/s",
           doc="floating-point operations per second, in trillions: the snippet's FLOPs per call over the median time"),
    Metric("fraction_of_peak", "% of vendor peak", "of peak", percent=True, bound=10.0, unit="fraction (1 = 100%)",
           doc="TFLOP/s over the vendor's dense peak for the device and dtype"),
    Metric("gbps", "GB/s", "GB/s", work="bytes_moved", scale=1e9, bound=100_000.0, unit="GB/s",
           doc="bytes moved per second, in billions: the snippet's bytes per call over the median time"),
    Metric("elements_per_s", "elements/s", "elem/s", work="elements", in_tables=False, unit="elements/s",
           doc="elements processed per second"),
    Metric("tokens_per_s", "tokens/s", "tokens/s", work="tokens", bound=1e9, unit="tokens/s",
           doc="training tokens processed per second"),
    Metric("mfu", "MFU", "MFU", percent=True, bound=1.0, unit="fraction (1 = 100%)",
           doc="model FLOPs utilisation: the model's FLOPs per second over the vendor's peak"),
    Metric("watts", "W", "W", bound=10_000.0, unit="W", doc="average power drawn while measuring"),
    Metric("joules", "J", "J", unit="J", doc="energy used during the measurement window"),
    Metric("tflops_per_watt", "TFLOP/J", "TFLOP/J", in_tables=False, unit="TFLOP/J",
           doc="energy efficiency: trillions of floating-point operations per joule"),
    Metric("tokens_per_joule", "tokens/J", "tokens/J", in_tables=False, unit="tokens/J",
           doc="energy efficiency: training tokens per joule"),
    Metric("compile_s", "first call (s)", "s first call", bound=3600.0, unit="s",  # an hour to a first result
           doc="time of the first call, compilation included"),
)}

# The rates a snippet's work becomes, in registry order.
RATES = tuple(m for m in METRICS.values() if m.work)
# The headline of a record in a summary: the first of these it has.
HEADLINE_ORDER = ("tokens_per_s", "elements_per_s", "tflops", "gbps")


def label(name: str) -> str:
    return METRICS[name].label if name in METRICS else name


def is_percent(name: str | None) -> bool:
    return name in METRICS and METRICS[name].percent


def table_default() -> list[str]:
    return [m.name for m in METRICS.values() if m.in_tables]
