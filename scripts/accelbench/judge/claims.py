"""The article's seven claims, declared once: the row of its comparison table, its words for each
side, the page with the evidence, and the kinds of evidence that can judge it. Every rule, table,
card and answer reads them from here."""

from __future__ import annotations

from dataclasses import dataclass

# The kinds of evidence: "measured" is this project's own runs; every other kind is a published
# source (accelbench.sources), each with its own label, never merged with another.
MEASURED = "measured"
MEASURED_LABEL = "measured here"
# The vendors' own specifications in build_data/reference/ (number formats per chip): reference
# data, never a measurement, judged apart like every other kind.
SPECS = "vendor-specs"
SPECS_LABEL, SPECS_TITLE = "reference data", "vendor specifications"
# The dated price lists in build_data/reference/ (catalog_prices.csv, prices.csv): reference data
# too, which judges where each chip can be rented.
PRICES = "price-list"
PRICES_LABEL, PRICES_TITLE = "reference data", "dated price lists"


def evidence_name(label: str, title: str) -> str:
    """A kind of evidence as every sentence, heading and legend names it: its label, then the
    source's name: 'audited benchmark results (MLPerf Training)'; 'measured here' alone."""
    return f"{label} ({title})" if title else label


@dataclass(frozen=True)
class Claim:
    slug: str  # how pages and rules name it
    feature: str  # the row of the article's table
    gpu: str  # the article's words on the GPU side
    tpu: str  # the article's words on the TPU side
    page: str  # the docs page with the measured evidence
    judged_by: tuple[str, ...]  # the kinds of evidence that can bring a verdict on it
    supported_favours: str  # "tpu" or "gpu": which chip the reader should lean to when the TPU claim holds
    to_measure: str  # the measurement here that would bring (or change) the measured verdict


_CLAIMS = (
    Claim("designed", "Designed For", "Graphics + AI", "Deep learning only", "evidence/general_compute.md",
          (MEASURED, "mlperf-training", SPECS),
          "gpu", "a run of the general-purpose benchmark on a TPU and on a GPU"),
    Claim("speed", "Speed (for AI)", "Very fast", "Even faster for large tensor ops", "evidence/matmul.md",
          (MEASURED, "mlperf-training", "mlperf-inference", "paper", "vendor-training"),
          "tpu", "a TPU run of the matrix-multiplication and GPT-2 benchmarks"),
    Claim("flexibility", "Flexibility", "High (good for many applications)", "Focused on AI tasks only",
          "evidence/general_compute.md", (MEASURED, "mlperf-training"),
          "gpu", "a run of the general-purpose benchmark on a TPU and on a GPU"),
    Claim("availability", "Availability", "Widely available (devices, cloud)", "Primarily through Google Cloud",
          "about/hardware.md", (PRICES, "mlperf-training"),
          "gpu", "a dated price row from another provider (reference data)"),
    Claim("cost", "Cost", "Varies (can be expensive)", "Often cheaper at scale on GCP", "about/hardware.md",
          (MEASURED, "mlperf-training", "vendor-training"),
          "tpu", "a TPU run of the GPT-2 benchmark, priced from the dated price list"),
    Claim("energy", "Energy Efficiency", "Good", "Better", "evidence/energy.md", (MEASURED, "mlperf-training", "paper"),
          "tpu", "a metered run on a TPU that exposes an energy counter"),
    Claim("frameworks", "Supported Frameworks", "TensorFlow, PyTorch, JAX, etc.", "Best with TensorFlow, JAX",
          "evidence/transformer_train.md", (MEASURED, "mlperf-training", SPECS),
          "gpu", "a TPU run of the GPT-2 benchmark with JAX, TensorFlow and PyTorch/XLA, and a GPU run "
                 "with all three"),
)
CLAIMS: dict[str, Claim] = {c.slug: c for c in _CLAIMS}  # in the order of the article's table
