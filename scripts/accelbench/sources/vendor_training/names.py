"""The names the vendors' documents write, declared once: model names that stand for one
architecture, model names with a qualifier and the TPU recipe setting that decides whether a recipe
runs that variant, and precisions with the family that decides which may pair. The pairing rules
and the methodology page read these tables."""

from __future__ import annotations

import re
from dataclasses import dataclass

from accelbench.sources.mlperf_training.benchmarks import name_of


@dataclass(frozen=True)
class ModelName:
    key: str  # the architecture, as pairs compare it
    written: tuple[str, ...]  # the names the documents write for it, exactly
    why: str  # why those names are one architecture
    shown: str = ""  # as readers know it ("Llama 3.1 70B"): the answers' sentences and charts write this
    # the MLPerf Training benchmark of the same model, whose name it then shows (one model, one name on
    # every chart), instead of a name of its own
    benchmark: str = ""


# Model names -> one architecture: a TPU row and a GPU row can pair only when both names are here
# under one key, or one of them is a qualified name of QUALIFIERS below. A name with a qualifier in
# parentheses not declared there ("(tokendrop)", "(dropless)") names a variant whose setting no
# rule reads, so it is not listed: it pairs with nothing.
MODEL_NAMES = (
    ModelName("llama3-70b", ("llama3.1-70b", "LLAMA3_70B"),
              "Llama 3 and Llama 3.1 70B share one architecture (layers, widths, vocabulary); 3.1 changes only "
              "the RoPE scaling for long contexts, so a step at the same sequence length does the same work",
              shown="Llama 3.1 70B"),
    ModelName("llama3.1-405b", ("llama3.1-405b", "LLAMA3.1_405B"), "the same model, written two ways",
              benchmark="llama31_405b"),
    ModelName("llama3-8b", ("llama3.1-8b", "LLAMA3_8B"),
              "Llama 3 and Llama 3.1 8B share one architecture, as the 70B models do (3.1 changes only the RoPE "
              "scaling for long contexts)", benchmark="llama31_8b"),
    ModelName("deepseek-v3", ("deepseek-v3", "DeepSeekV3"), "the same model, written two ways",
              benchmark="deepseekv3_671b"),
    ModelName("gpt-oss-120b", ("gpt-oss-120b", "GPT OSS 120B"), "the same model, written two ways", shown="gpt-oss-120b"),
    ModelName("qwen3-235b-a22b", ("qwen3-235b-a22b", "Qwen3_235B_a22B"), "the same model, written two ways",
              shown="Qwen3 235B-A22B"),
    ModelName("qwen3-30b-a3b", ("Qwen3_30B_a3B",), "the only name of Qwen3 30B-A3B here", shown="Qwen3 30B-A3B"),
)


# What MaxText does where a recipe sets nothing: the values of its src/maxtext/configs/base.yml
# (AI-Hypercomputer/maxtext, e.g. at 000b810bb1d98e8c0b0d55fc43fb3979fd35db15: 'mtp_num_layers: 0',
# "set to 0 to disable the feature"; 'dtype: "bfloat16"'; 'quantization: ""', "defaults to null
# implying bf16"). This project does not import MaxText: the recipes name no MaxText commit for
# Ironwood, so these are declared here, with the file they were read from.
MAXTEXT_DEFAULTS = {"mtp_num_layers": "0", "dtype": "bfloat16", "quantization": ""}
MAXTEXT_DEFAULTS_READ = "base.yml, AI-Hypercomputer/maxtext at 000b810bb1d9"


@dataclass(frozen=True)
class Qualifier:
    written: str  # the model name with its qualifier, exactly as the document writes it
    key: str  # the architecture it is a variant of (a key of MODEL_NAMES)
    setting: str  # the MaxText setting of the other side's recipe that says which variant it runs
    on: bool  # the variant has the feature on (the setting above 0) or off (0, or not set)
    variant: str  # the variant, in words
    why: str  # why that setting decides it


# Qualified model names a rule resolves: the row pairs with a TPU row of the same architecture only
# where the TPU recipe's setting, as imported with the row (its "recipe": file, lines, settings
# read at the commit), says it runs the same variant; else the candidate is refused with what the
# recipe says, and where. A setting the recipe does not set takes MaxText's default (MAXTEXT_DEFAULTS).
QUALIFIERS = (
    Qualifier("DeepSeekV3 (w/o MTP)", "deepseek-v3", "mtp_num_layers", False, "without multi-token prediction (MTP)",
              "MaxText's mtp_num_layers is the number of DeepSeek-V3's multi-token-prediction layers; 0 (its "
              "default) trains the model without them"),
    Qualifier("DeepSeekV3 (w/ MTP)", "deepseek-v3", "mtp_num_layers", True, "with multi-token prediction (MTP)",
              "MaxText's mtp_num_layers is the number of DeepSeek-V3's multi-token-prediction layers; above 0 "
              "trains the model with them"),
)
_QUALIFIERS = {q.written: q for q in QUALIFIERS}
_MODEL_KEYS = {name: m.key for m in MODEL_NAMES for name in m.written} | {q.written: q.key for q in QUALIFIERS}


def model_key(model: str) -> str:
    """The architecture a written model name stands for: its key in MODEL_NAMES (or, for a qualified
    name of QUALIFIERS, the architecture it is a variant of), or else the name folded (lower case,
    each run of other characters one dash), which pairs with nothing."""
    return _MODEL_KEYS.get(model) or re.sub(r"[^a-z0-9.]+", "-", model.lower()).strip("-")


# architecture -> its name as readers know it (its MLPerf benchmark's, where it is one)
_SHOWN = {m.key: m.shown or name_of(m.benchmark) for m in MODEL_NAMES if m.shown or m.benchmark}


def shown_name(model: str) -> str:
    """A written model name as readers know it: its architecture's shown name, else as written."""
    return _SHOWN.get(model_key(model), model)


def declared(model: str) -> bool:
    return model in _MODEL_KEYS


def qualifier(model: str) -> Qualifier | None:
    return _QUALIFIERS.get(model)


@dataclass(frozen=True)
class Precision:
    key: str
    family: str  # bf16, fp8 or fp4: precisions of one family may pair, of two never
    written: tuple[str, ...]
    meaning: str


PRECISIONS = (
    Precision("bf16", "bf16", ("bf16", "BF16", "bfloat16"),
              "bfloat16 throughout (a MaxText recipe: dtype 'bfloat16' and no quantization)"),
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
