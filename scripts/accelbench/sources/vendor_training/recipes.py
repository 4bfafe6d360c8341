"""Google's MaxText recipes in AI-Hypercomputer/tpu-recipes, read as text: the step line MaxText
logs (seconds, TFLOP/s, tokens/s per device, total_weights), the accelerator type and slices the
command asks for, and the MaxText settings the recipe passes (a README's quoted ``MaxTextModel``
block, or a ``run_recipe.sh``'s ``MAXTEXT_ARGS``), each with the line that states it. Nothing here
turns text into a figure or decides anything: the importer parses and checks (maxtext.py), the
pairing rules read the settings (pairs.py).

Standard library only, as the importer: the command line reads it on machines that only measure."""

from __future__ import annotations

import re
from dataclasses import dataclass

from accelbench.sources.markdown import NUMBER
from accelbench.sources.vendor_training.names import QUALIFIERS

# MaxText's step line: "completed step: 14, seconds: 42.656, TFLOP/s/device: 462.297,
# Tokens/s/device: 960.248, total_weights: 10485760, loss: 6.658" (older recipes: "step: 100, ...")
_NUMBER = NUMBER.pattern.strip("^$")  # a figure as tables write it: separators used or not
LOG = re.compile(rf"\bstep: \d+, seconds: (?P<seconds>{_NUMBER}), TFLOP/s/device: (?P<tflops>{_NUMBER}), "
                 rf"Tokens/s/device: (?P<tokens>{_NUMBER}), total_weights: (?P<weights>{_NUMBER})")
# the accelerator type a command asks for: --device_type=v6e-256, --tpu-type=v5p-128, TPU_TYPE=v5p-512
DEVICE = re.compile(r"(?:--device[_-]type|--tpu[_-]type|\bTPU_TYPE|\bDEVICE_TYPE)[= ]\s*"
                    r"(?P<type>(?P<family>v\d+[a-z]*)-(?P<count>\d+))\b")
SLICES = re.compile(r"(?:--num[_-]slices|\bNUM_SLICES)[= ]\s*(?P<slices>\d+)\b")
STEP_TIME = re.compile(r"step time", re.IGNORECASE)

# The number in an accelerator type's name counts TensorCores; chips hold one (v6e) or two (v5p):
# v6e-256 is 256 chips, v5p-256 is 128 (cloud.google.com/tpu/docs/v6e, /v5p; the recipes say so
# themselves: training/v5p/DeepSeek3-671B-MaxText/README.md line 34, "v5p-1024 for 512 v5p chips").
# JAX makes one device of each chip of both (v5p's two TensorCores are one megacore device), so
# MaxText's "per device" is per chip; the importer checks that against each log line.
CORES_PER_CHIP = {"v6e": 1, "v5p": 2}

# The MaxText settings read from every recipe: those the importer uses for a row, and those a
# qualified model name depends on (names.QUALIFIERS). Each is recorded with its line, or as not set.
RECIPE_SETTINGS = tuple(dict.fromkeys(("per_device_batch_size", "max_target_length", "gradient_accumulation_steps",
                                       "dtype", "quantization", *(q.setting for q in QUALIFIERS))))


@dataclass(frozen=True)
class Found:
    line: int
    value: str


def found(lines: list[str], pattern: re.Pattern, group: str) -> list[Found]:
    """Every match of ``pattern`` in the lines, with its line (1-based)."""
    return [Found(i, m[group]) for i, text in enumerate(lines, 1) for m in pattern.finditer(text)]


def log_lines(lines: list[str]) -> list[tuple[int, re.Match]]:
    return [(i, m) for i, text in enumerate(lines, 1) if (m := LOG.search(text))]


def step_time_line(lines: list[str]) -> int | None:
    """The first line that speaks of a step time (a recipe that states no throughput may state that)."""
    return next((i for i, text in enumerate(lines, 1) if STEP_TIME.search(text)), None)


def overrides(lines: list[str]) -> tuple[int, int] | None:
    """The lines holding the MaxText settings a recipe passes: a README's fenced block quoting the
    workload (``MaxTextModel(... tuning_params={...})``), or a script's ``MAXTEXT_ARGS="..."``;
    None where there is neither."""
    for i, text in enumerate(lines, 1):
        if re.match(r"\s*MAXTEXT_ARGS=\"", text):
            end = next((j for j in range(i, len(lines) + 1)
                        if lines[j - 1].rstrip().endswith('"') and (j > i or lines[j - 1].count('"') > 1)), len(lines))
            return i, end
    fences = [i for i, text in enumerate(lines, 1) if text.lstrip().startswith("```")]
    for start, end in zip(fences[::2], fences[1::2], strict=False):
        if any("tuning_params" in lines[j - 1] for j in range(start + 1, end)):
            return start + 1, end - 1
    return None


def setting(lines: list[str], first: int, last: int, name: str) -> Found | None:
    """The value the lines ``first``..``last`` give a setting (``name=value``, ``"name": value`` or
    ``name="value"``), the last one where given twice (a later override wins); None: not set."""
    pattern = re.compile(rf"(?<![A-Za-z0-9_])[\"']?{re.escape(name)}[\"']?\s*[=:]\s*[\"']?(?P<value>[^\s,\"'\\)]*)")
    hits = found(lines[first - 1:last], pattern, "value")
    return Found(hits[-1].line + first - 1, hits[-1].value) if hits else None


def recipe(path: str, text: str) -> dict | None:
    """What a recipe file passes to MaxText: its path, the lines of its settings, and each setting
    of RECIPE_SETTINGS with its value and line (both None: the recipe does not set it)."""
    lines = text.splitlines()
    block = overrides(lines)
    if block is None:
        return None
    settings = {}
    for name in RECIPE_SETTINGS:
        hit = setting(lines, *block, name)
        settings[name] = {"value": hit.value if hit else None, "line": hit.line if hit else None}
    return {"path": path, "first_line": block[0], "last_line": block[1], "settings": settings}
