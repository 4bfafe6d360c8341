"""The words of the lines of detail our own runs' rules record (judge/measured_rules.py): each
side's best figure with the chip and framework that made it, the ratio with its 95% interval, the
operations that failed or were left out, the frameworks that trained GPT-2 small where."""

from __future__ import annotations

from collections.abc import Mapping

from accelbench.core.prices import dollars, dollars_per
from accelbench.core.text import capitalised
from accelbench.judge.claims import MEASURED_LABEL
from accelbench.judge.judging import NOT_MEASURED
from accelbench.publish.wording.terms import TIE_OR_SPLIT, num, price, ratio, verdict_words

# What each like-with-like comparison of our runs compares, by its id (judge/measured_rules.py)
COMPARED = {"matmul": "bf16 matmul, n ≥ {min_n}, best framework on each",
            "gpt2": "GPT-2 small training step, best framework and variant on each",
            "gpt2_energy": "GPT-2 small training, tokens per joule, best on each",
            "matmul_energy": "bf16 matmul at n = {n}, TFLOP per joule, best on each"}
# ... and as a chart's tooltip or a table names it, shorter
TITLES = {"matmul": "bf16 matmul", "gpt2": "GPT-2 small training", "gpt2_energy": "GPT-2 small training, tokens per joule",
          "matmul_energy": "bf16 matmul, TFLOP per joule", "gpt2_cost": "GPT-2 small, dollars per billion tokens"}


def _side(side: Mapping, unit: str) -> str:
    m = side["measured"]
    said = verdict_words(NOT_MEASURED) if m is None else f"{num(m['value'])} {unit} ({m['device']}, {m['framework']})"
    return f"{side['platform'].upper()}: {said}"


def _like_for_like(v: Mapping) -> str:
    sides = "; ".join(_side(s, v["unit"]) for s in v["sides"])
    return f"{COMPARED[v['compared']].format(**v)}: {sides}" + (f"; TPU/GPU {ratio(v['ratio'])}" if v["ratio"] else "")


def _cost_side(v: Mapping) -> str:
    if v["usd"] is None:
        return f"{v['platform'].upper()}: not measured yet, or no GCP price for the chip"
    return (f"{v['platform'].upper()}: {dollars_per('tokens', v['usd'])} ({v['device']}, {v['framework']}; "
            f"{price(v['price'])})")


def _any_size(v: Mapping) -> str:
    parts = "; ".join(f"{t['platform'].upper()} ({', '.join(t['configs'])}): {', '.join(t['frameworks'])}"
                      for t in v["trained"])
    return f"Training steps measured here at any model size: {parts} (only GPT-2 small on a GPU or TPU decides this)."


def _trained(v: Mapping) -> str:
    fws = v["frameworks"]
    return f"{v['platform'].upper()}: GPT-2 small trained with {', '.join(fws)}" if fws else \
        f"{v['platform'].upper()}: not trained yet"


def _cost_item(v: Mapping) -> str:
    """The estimator's menu entry: the measured pair's devices, where both sides are measured."""
    pair = f": {v['tpu']} vs {v['gpu']}" if v.get("tpu") else ""
    return f"{TITLES['gpt2']} ({MEASURED_LABEL}){pair}"


# The written rules of our own runs (judge/measured_rules.py), each filled from the constants it applies
RULES = {
    "measured.rule.designed":
        "Same evidence as Flexibility: a chip designed for deep learning only should fall behind on general-purpose "
        "operations. Supported if, at the largest size measured on both, the TPU's median elements/s over the operations "
        "is below {falls_behind:share} the GPU's (the whole {level:pct} interval) or an operation fails on the TPU for a "
        "limit of the chip or its framework; contradicted if the TPU matches or beats the GPU (the whole interval at or "
        "above 1) with no such failure; a tie otherwise.",
    "measured.rule.speed":
        "Compares the best bfloat16 matrix-multiplication TFLOP/s (n ≥ {min_n}) and, where both are measured, the best "
        "GPT-2 small training tokens/s, per chip, any framework. Supported if the TPU is more than {margin:pct} faster on "
        "every comparison available (the whole {level:pct} interval of the ratio above {above:.2f}); contradicted if more "
        "than {margin:pct} slower on every one; " + TIE_OR_SPLIT + ". Needs matrix multiplication on both a GPU and a TPU.",
    "measured.rule.flexibility":
        "Supported if, at the largest size measured on both, the TPU's median elements/s over the general-purpose "
        "operations is below {falls_behind:share} the GPU's (the whole {level:pct} interval), or an operation that ran on "
        "the GPU fails on the TPU for a limit of the chip or its framework; contradicted if the TPU's median is at least "
        "the GPU's (the whole interval) with no such failure; a tie otherwise. Failures from our own sizing, time limits "
        "or harness are left out and said so.",
    "measured.rule.cost":
        "Cost per billion GPT-2 small training tokens = the chip's cheapest GCP on-demand price per chip-hour (the cloud "
        "the article's claim names; reference data) ÷ (measured tokens/s × 3600) × 10⁹, for the cheapest per token "
        "result on each kind of chip. Supported if the GPU's cost is more than {margin:pct} above the TPU's (the whole "
        "{level:pct} interval of the GPU/TPU cost ratio above {above:.2f}); contradicted if more than {margin:pct} below; "
        "a tie otherwise. Needs GPT-2 small measured on both and a price for each chip at GCP.",
    "measured.rule.energy":
        "Compares measured GPT-2 small tokens per joule (else bf16 n = {n} matrix-multiplication TFLOP per joule) of the "
        "GPU and the TPU, each from one metered run, so the ratio has no sampling interval. Supported if the TPU's is "
        "more than {margin:pct} higher; contradicted if more than {margin:pct} lower; a tie otherwise. TPUs expose no "
        "energy counter to programs, so this stays not measured until one does.",
    "measured.rule.frameworks":
        "From which framework (PyTorch, JAX, TensorFlow) trained GPT-2 small on which chip. Supported if JAX and "
        "TensorFlow trained it on a TPU while PyTorch could not run there for a limit of PyTorch or the chip "
        "(unsupported, or a wrong result), and all three trained it on a GPU. Contradicted if JAX or TensorFlow could "
        "not train it on the TPU for a limit of the chip or framework, or PyTorch trained it there at least as fast as "
        "the faster of them (the whole {level:pct} interval of its tokens/s ratio at or above {below:.2f}: within "
        "{margin:pct}). Split otherwise (PyTorch slower on the TPU, or not every framework trained it on the GPU). Not "
        "measured without results on a GPU, or, where none of this decides, while any of the three was not attempted on "
        "a TPU (each runs in its own process and environment there: a run without torch_xla or TensorFlow installed, or "
        "where another framework held the TPU, records it as unavailable).",
}

LINES = {
    "measured.name": lambda v: f"{capitalised(MEASURED_LABEL)}: {TITLES[v['compared']]}: {v['tpu']} vs {v['gpu']}",
    "measured.cost_item": _cost_item,
    "measured.like_for_like": _like_for_like,
    "measured.general_ops.not_measured": "General-purpose operations: not measured yet on both a GPU and a TPU.",
    "measured.general_ops.left_out": lambda v: "Left out: " + ", ".join(
        f"{f['operation']} (failed on the TPU: {', '.join(f['categories'])}, not a limit of the chip)"
        for f in v["operations"]) + ".",
    "measured.general_ops.median": lambda v: (
        "Median TPU/GPU elements/s over FFT, sort, scatter-add, gather and a small matmul, at the largest size "
        f"measured on both, best framework on each: {ratio(v['ratio'])}") if v["ratio"] else "No operation ran on both.",
    "measured.general_ops.failed_on_tpu": lambda v: (
        "Failed on the TPU for a limit of the chip or framework, but ran on the GPU: "
        + ", ".join(f"{f['operation']} ({f['category']})" for f in v["operations"]) + "."),
    "measured.cost.side": _cost_side,
    "measured.cost.ratio": "GPU cost / TPU cost: {ratio:ratio}",
    "measured.cost.figures": "{lines:lines}",
    "measured.energy.no_tpu_counter": "TPUs expose no energy counter to programs: TPU energy is not measured.",
    "measured.frameworks.trained": _trained,
    "measured.frameworks.failed": "{platform:upper} {framework}: {status} ({category}): {reason}",
    "measured.frameworks.any_size": _any_size,
    "measured.frameworks.not_attempted": "Not attempted on a TPU yet: {frameworks:list}.",
    "measured.frameworks.torch_on_tpu": "PyTorch/{against} tokens/s on the TPU: {ratio:ratio}",
    **RULES,
}


def on_chip(measured: Mapping) -> str:
    """The reference table's "Measured here" cell: a chip's best bf16 matmul (store/queries.py
    measured_on_chips), with its share of the vendor's peak where the record has one."""
    fraction = measured["fraction_of_peak"]
    return f"bf16 matmul {measured['tflops']:.3g} TFLOP/s" + (f" ({fraction * 100:.0f}% of peak)" if fraction is not None else "")


NO_TASK_PRICE = "no price in the reference data"


def task_cost(bound, as_of) -> str:
    """What one cloud task costs at most (measure/targets.py cost_bound: dollars and the Price they
    come from, or None), with that price and its date, as the reproduce page and `accelbench cloud
    plan` say it."""
    if bound is None:
        return NO_TASK_PRICE
    usd, at = bound
    return f"at most {dollars(usd)} ({price(at.facts)}; {at.when(as_of)})"


# What each accelerators.csv column a vendor peak comes from (core/reference.py PEAK_COLUMN) is
# called on a chart's reference line (publish/render/charts.py)
PEAK_NAMES = {"bf16_dense_tflops": "bf16 dense", "fp32_tflops": "fp32", "tf32_dense_tflops": "tf32 dense"}


def peak_label(chip: str, column: str) -> str:
    """A vendor peak's reference line: 'H200 SXM bf16 dense peak'."""
    return f"{chip} {PEAK_NAMES[column]} peak"
