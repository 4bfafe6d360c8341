"""The names the vendors' documents write, declared once: model names that stand for one
architecture, and precisions with the family that decides which may pair. The pairing rules and
the methodology page read these tables."""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class ModelName:
    key: str  # the architecture, as pairs compare it
    written: tuple[str, ...]  # the names the documents write for it, exactly
    why: str  # why those names are one architecture


# Model names -> one architecture: a TPU row and a GPU row can pair only when both names are here
# under one key. A name with a qualifier in parentheses ("DeepSeekV3 (w/o MTP)", "(tokendrop)")
# names a variant the other vendor's recipe may not run, so it is not listed: it pairs with nothing.
MODEL_NAMES = (
    ModelName("llama3-70b", ("llama3.1-70b", "LLAMA3_70B"),
              "Llama 3 and Llama 3.1 70B share one architecture (layers, widths, vocabulary); 3.1 changes only "
              "the RoPE scaling for long contexts, so a step at the same sequence length does the same work"),
    ModelName("llama3.1-405b", ("llama3.1-405b", "LLAMA3.1_405B"), "the same model, written two ways"),
    ModelName("llama3-8b", ("LLAMA3_8B",), "the only name of Llama 3 8B here"),
    ModelName("deepseek-v3", ("deepseek-v3", "DeepSeekV3"), "the same model, written two ways"),
    ModelName("gpt-oss-120b", ("gpt-oss-120b", "GPT OSS 120B"), "the same model, written two ways"),
    ModelName("qwen3-235b-a22b", ("qwen3-235b-a22b", "Qwen3_235B_a22B"), "the same model, written two ways"),
    ModelName("qwen3-30b-a3b", ("Qwen3_30B_a3B",), "the only name of Qwen3 30B-A3B here"),
)
_MODEL_KEYS = {name: m.key for m in MODEL_NAMES for name in m.written}


def model_key(model: str) -> str:
    """The architecture a written model name stands for: its key in MODEL_NAMES, or else the name
    folded (lower case, each run of other characters one dash), which pairs with nothing."""
    return _MODEL_KEYS.get(model) or re.sub(r"[^a-z0-9.]+", "-", model.lower()).strip("-")


def declared(model: str) -> bool:
    return model in _MODEL_KEYS


@dataclass(frozen=True)
class Precision:
    key: str
    family: str  # bf16, fp8 or fp4: precisions of one family may pair, of two never
    written: tuple[str, ...]
    meaning: str


PRECISIONS = (
    Precision("bf16", "bf16", ("bf16", "BF16"), "bfloat16 throughout"),
    Precision("fp8_full", "fp8", ("fp8_full",), "MaxText's full FP8 recipe (Qwix quantization of weights and "
                                                "activations, fixed calibration)"),
    Precision("fp8", "fp8", ("FP8",), "Megatron-Bridge's FP8 (the summaries do not say more)"),
    Precision("fp8-cs", "fp8", ("FP8-CS",), "Megatron-Bridge's FP8 with per-tensor current scaling"),
    Precision("mxfp8", "fp8", ("MXFP8", "FP8-MX"), "FP8 with block (MX) scaling"),
    Precision("nvfp4", "fp4", ("NVFP4",), "NVIDIA's 4-bit floating point"),
)
_PRECISIONS = {name: p for p in PRECISIONS for name in p.written}


def precision_key(precision: str | None) -> str | None:
    """The precision a written name stands for (None: not stated); a name not in PRECISIONS is kept
    lower-cased, in no family, and pairs with nothing."""
    if precision is None:
        return None
    found = _PRECISIONS.get(precision)
    return found.key if found else precision.lower()


def precision_family(key: str | None) -> str | None:
    return next((p.family for p in PRECISIONS if p.key == key), None)
