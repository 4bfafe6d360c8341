"""The article's seven claims, declared once: the row of its comparison table, its words for each
side, the page with the evidence, and the kinds of evidence that can judge it. Every rule, table,
card and answer reads them from here."""

from __future__ import annotations

from dataclasses import dataclass

# The kinds of evidence: "measured" is this project's own runs; every other kind is a published
# source (accelbench.sources), each with its own label, never merged with another.
MEASURED = "measured"
MEASURED_LABEL, MEASURED_NOUN = "measured here", "our own runs"
MEASURED_UNIT = "benchmark run here"  # one of its comparisons, as a count names it
# The vendors' own specifications in build_data/reference/ (number formats per chip): reference
# data, never a measurement, judged apart like every other kind.
SPECS = "vendor-specs"
SPECS_LABEL, SPECS_TITLE, SPECS_NOUN = "reference data", "vendor specifications", "the vendors' specifications"
# The dated price lists in build_data/reference/ (catalog_prices.csv, prices.csv): reference data
# too, which judges where each chip can be rented.
PRICES = "price-list"
PRICES_LABEL, PRICES_TITLE, PRICES_NOUN = "reference data", "dated price lists", "the dated price lists"


def kind_named(label: str, title: str) -> str:
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
    describes: bool = False  # it says what a chip is, not which is better: answered by whether it holds
    short_feature: str = ""  # the row as a narrow header names it, where shorter ("Speed"); else the row itself

    @property
    def short(self) -> str:
        return self.short_feature or self.feature


_CLAIMS = (
    # what a chip is built for: its number formats and general-purpose operations, never which work its
    # vendors chose to enter in MLPerf (that count answers Flexibility, and says so)
    Claim("designed", "Designed For", "Graphics + AI", "Deep learning only", "evidence/general_compute.md",
          (MEASURED, SPECS),
          "gpu", "a run of the general-purpose benchmark on a TPU and on a GPU", describes=True),
    Claim("speed", "Speed (for AI)", "Very fast", "Even faster for large tensor ops", "evidence/matmul.md",
          (MEASURED, "mlperf-training", "mlperf-inference", "paper", "vendor-training"),
          "tpu", "a TPU run of the matrix-multiplication and GPT-2 benchmarks", short_feature="Speed"),
    Claim("flexibility", "Flexibility", "High (good for many applications)", "Focused on AI tasks only",
          "evidence/general_compute.md", (MEASURED, "mlperf-training"),
          "gpu", "a run of the general-purpose benchmark on a TPU and on a GPU"),
    Claim("availability", "Availability", "Widely available (devices, cloud)", "Primarily through Google Cloud",
          "about/hardware.md", (PRICES, "mlperf-training"),
          "gpu", "a dated price row from another provider (reference data)"),
    Claim("cost", "Cost", "Varies (can be expensive)", "Often cheaper at scale on GCP", "about/hardware.md",
          (MEASURED, "mlperf-training", "vendor-training"),
          "tpu", "a TPU run of the GPT-2 benchmark, priced from the dated price list"),
    Claim("energy", "Energy Efficiency", "Good", "Better", "evidence/energy.md", (MEASURED, "paper"),
          "tpu", "a metered run on a TPU that exposes an energy counter"),
    Claim("frameworks", "Supported Frameworks", "TensorFlow, PyTorch, JAX, etc.", "Best with TensorFlow, JAX",
          "evidence/transformer_train.md", (MEASURED, "mlperf-training", SPECS),
          "gpu", "a TPU run of the GPT-2 benchmark with JAX, TensorFlow and PyTorch/XLA, and a GPU run "
                 "with all three"),
)
CLAIMS: dict[str, Claim] = {c.slug: c for c in _CLAIMS}  # in the order of the article's table

# The kinds of evidence the article's other claims are judged by, where a source holds them
EPOCH = "epoch-notable-models"  # what notable models were trained on (Epoch AI)
MLPERF = "mlperf-training"


@dataclass(frozen=True)
class Statement:
    """A claim of the article outside its comparison table, answered where it is read. It is
    answered by the claims it repeats (``answered_by``: table claims or earlier statements, their
    answers linked, never said again), by rules of its own (``judged_by``, each kind's verdict on whether it holds), or both.
    A ``prediction`` no evidence can decide yet: its rules show the trend so far."""

    slug: str
    page: str  # the article's page that prints it
    words: str  # the article's words
    answered_by: tuple[str, ...] = ()  # table claims (CLAIMS) or statements whose answers answer it
    judged_by: tuple[str, ...] = ()  # kinds of evidence with a rule of their own for it
    prediction: bool = False
    to_decide: str = ""  # a prediction with no rule of its own: the evidence that would decide it

    @property
    def feature(self) -> str:  # as the methodology's lists of rules name a claim
        return self.words


GPUS, TPUS, CHOOSING, EXAMPLES, FUTURE, CONCLUSION = (
    "article/gpus.md", "article/tpus.md", "article/choosing.md", "article/examples.md", "article/future.md",
    "article/conclusion.md")
_STATEMENTS = (
    Statement("gpu-parallel", GPUS, "Excel at parallel processing — thousands of cores work simultaneously.",
              ("designed",)),
    Statement("gpu-deep-learning", GPUS, "Are heavily used for deep learning, machine learning, and scientific computing.",
              ("designed",), (EPOCH,)),
    Statement("gpu-brands", GPUS, "Popular brands: NVIDIA (with CUDA technology), AMD.", (), (MLPERF,)),
    Statement("gpu-flexible", GPUS, "Flexible — Great for training many types of models.", ("flexibility",)),
    Statement("gpu-ecosystem", GPUS, "Massive ecosystem — Libraries like TensorFlow and PyTorch optimize well for GPUs.",
              ("frameworks",)),
    Statement("gpu-available", GPUS, "Widely available — From laptops to cloud providers.", ("availability",)),
    Statement("tpu-for-ai", TPUS, "TPU stands for Tensor Processing Unit, developed by Google specifically for AI workloads.",
              ("designed",)),
    Statement("tpu-tensor-ops", TPUS, "Optimized for tensor operations, the core of deep learning.", ("designed", "speed")),
    Statement("tpu-matrix-speed", TPUS, "Built to accelerate matrix computations at incredible speeds.", ("speed",)),
    Statement("tpu-gcp", TPUS, "Mostly available through Google Cloud Platform (GCP).", ("availability",)),
    Statement("tpu-ultra-fast", TPUS, "Ultra-fast — Especially for large neural networks like Transformers.", ("speed",)),
    Statement("tpu-energy", TPUS, "Energy efficient — Lower power consumption per computation.", ("energy",)),
    Statement("tpu-scalable", TPUS, "Scalable — TPU pods can handle massive AI models.", (), (MLPERF, EPOCH)),
    Statement("use-gpu-frameworks", CHOOSING, "You are working with different AI frameworks (TensorFlow, PyTorch, JAX).",
              ("frameworks",)),
    Statement("use-gpu-research", CHOOSING, "You need flexibility for research and experimentation.",
              ("flexibility", "labs-gpus")),
    Statement("use-gpu-local", CHOOSING, "You prefer local training (own PC, workstations).", ("availability",)),
    Statement("use-gpu-clouds", CHOOSING, "You use multiple cloud providers (AWS, Azure, etc.).", ("availability",)),
    Statement("use-tpu-large", CHOOSING, "You’re training very large models (like GPT, BERT).", ("speed", "tpu-scalable")),
    Statement("use-tpu-fast-green", CHOOSING, "You need faster training times and lower energy usage.", ("speed", "energy")),
    Statement("use-tpu-tensorflow", CHOOSING, "You are heavily using TensorFlow or Google's AI services.", ("frameworks",),
              (EPOCH,)),
    Statement("use-tpu-cost", CHOOSING, "You want cost-effective large-scale training via Google Cloud.", ("cost",)),
    Statement("openai-gpus", EXAMPLES, "OpenAI initially trained early GPT models using GPUs due to flexibility.",
              (), (EPOCH,)),
    Statement("deepmind-tpus", EXAMPLES, "DeepMind trains massive reinforcement learning models using TPUs to speed up "
              "computation.", (), (EPOCH,)),
    Statement("labs-gpus", EXAMPLES, "Startups and Research Labs often prefer GPUs for experimentation and prototyping.",
              (), (EPOCH,)),
    Statement("custom-chips", FUTURE, "Custom AI Chips (like TPUs) will become more common.", (), (EPOCH,), True),
    Statement("hybrid", FUTURE, "Hybrid models — using both GPUs and TPUs — will optimize efficiency.", (), (EPOCH,), True),
    Statement("open-tpu-access", FUTURE, "More open TPU access beyond Google Cloud could democratize AI research.",
              ("availability",), (), True,
              "TPUs offered by a provider other than Google Cloud in the dated price lists, and notable models from "
              "research labs trained on them"),
    Statement("conclusion-gpus", CONCLUSION, "If you need maximum flexibility and variety, GPUs are your best bet.",
              ("flexibility", "frameworks", "availability")),
    Statement("conclusion-tpus", CONCLUSION, "If you prioritize speed, scale, and TensorFlow optimization, go for TPUs.",
              ("speed", "tpu-scalable", "frameworks")),
)
STATEMENTS: dict[str, Statement] = {s.slug: s for s in _STATEMENTS}  # in the article's order
