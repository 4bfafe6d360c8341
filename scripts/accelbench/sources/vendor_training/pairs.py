"""Like with like: which TPU row of one vendor's document and which GPU row of the other's compare.

A TPU row and a GPU row are a candidate when their configuration agrees: the architecture (by the
declared name table, names.MODEL_NAMES and names.QUALIFIERS), the chips, the global batch size and
the sequence length. A candidate becomes a pair, or is refused with its reason:

- both model names must be in the name table (a name outside it, such as one with a qualifier in
  parentheses that names.QUALIFIERS does not declare, names a variant the other recipe may not run);
- a qualified name (``DeepSeekV3 (w/o MTP)``) pairs only where the other side's recipe, as imported
  with its row, runs that variant by the setting the qualifier names (``mtp_num_layers``; not set:
  MaxText's default), flagged with what the recipe says and where; else refused with that;
- the task must agree (pre-training with pre-training, never with SFT or LoRA);
- both rows must publish tokens per second (N/A is no figure);
- the precision: equal precisions pair; two FP8 recipes (MaxText's fp8_full against Megatron's
  FP8 or MXFP8) pair, flagged "different FP8 recipes"; bf16 never pairs with FP8 or FP4, and a
  precision not stated, or not in the table of precisions, pairs with nothing.

Only tokens per second per chip are compared, never TFLOP/s: MaxText and Megatron count attention
FLOPs differently. For each system, configuration and precision family (bf16, FP8, FP4) only its
newest release counts for verdicts: a release that publishes a configuration only in FP8 says
nothing new of bf16, so it does not supersede an older bf16 pair. A pair from an older release
stays in the tables, dated and marked with the release that supersedes it.

A refusal's reason and a superseded pair's newer release are data (a code with the values it
needs; a system and its release): publish/wording/vendor.py words them.
"""

from __future__ import annotations

from dataclasses import dataclass

from accelbench.sources.vendor_training.format import release_key
from accelbench.sources.vendor_training.names import (
    MAXTEXT_DEFAULTS,
    MAXTEXT_DEFAULTS_READ,
    MODEL_NAMES,
    PRECISIONS,
    Qualifier,
    declared,
    precision_family,
    qualifier,
)

__all__ = ["MODEL_NAMES", "PRECISIONS", "Pair", "Refusal", "Release", "Unpaired", "config", "match", "unpaired"]

FAMILY_NAMES = {"bf16": "bf16", "fp8": "FP8", "fp4": "FP4"}


def config(row: dict) -> tuple:
    """What must agree for two rows to be a candidate pair."""
    return row["model_key"], row["chips"], row["gbs"], row["seq_len"]


@dataclass(frozen=True)
class Release:
    """A system's release: the newer one that supersedes a side of a pair."""
    system: str
    release: str | None


@dataclass(frozen=True)
class Pair:
    tpu: dict
    gpu: dict
    # what the reader must know of the comparison, as data (the wording module says each): {"flag": "recipes",
    # the family and each side's recipe}, or {"flag": "variant", the model as written and the setting that decides it}
    flags: tuple[dict, ...]
    # empty: it counts; else the newer release of each side's system with this configuration (TPU's first)
    superseded_by: tuple[Release, ...] = ()

    @property
    def counts(self) -> bool:
        return not self.superseded_by

    @property
    def tpu_over_gpu(self) -> float:
        """The TPU's advantage, oriented as every comparison on the site: its tokens/s per chip over
        the GPU's, above 1 where the TPU trains faster per chip."""
        return self.tpu["tokens_per_s_per_chip"] / self.gpu["tokens_per_s_per_chip"]


@dataclass(frozen=True)
class Refusal:
    tpu: dict
    gpu: dict
    # why the candidate is not compared, as data (the wording module says it): {"code": ..., and the values the
    # reason needs}; a side is its platform ("tpu" or "gpu"):
    # - "model_not_declared": "models", the names as written outside the name table
    # - "variant_unknown": "model" (qualified), "platform" of the row without recipe settings read, "variant"
    # - "variant_not_a_number", "other_variant": "model", "variant", and the recipe's setting as a variant
    #   flag has it ("platform", "setting", "value", "path", "line", "lines", "default", "default_read")
    # - "task": each side's task ("tpu", "gpu"; None: not stated)
    # - "no_tokens": the "side" publishing no tokens/s
    # - "precision_not_stated": the "side"; "precision_unknown": the "side" and its "precision" as written
    # - "precision_families": each side's precision as written ("tpu", "gpu") and their "families" (named)
    reason: dict


def _precision(tpu: dict, gpu: dict) -> tuple[dict | None, dict | None]:
    """(a refusal, or None; a flag, or None) for the two rows' precisions."""
    keys = tpu["precision_key"], gpu["precision_key"]
    for row in (tpu, gpu):
        if row["precision_key"] is None:
            return {"code": "precision_not_stated", "side": row["platform"]}, None
        if precision_family(row["precision_key"]) is None:
            return {"code": "precision_unknown", "side": row["platform"], "precision": row["precision"]}, None
    if keys[0] == keys[1]:
        return None, None
    families = precision_family(keys[0]), precision_family(keys[1])
    if families[0] != families[1]:
        return {"code": "precision_families", "tpu": tpu["precision"], "gpu": gpu["precision"],
                "families": [FAMILY_NAMES[f] for f in families]}, None
    return None, {"flag": "recipes", "family": FAMILY_NAMES[families[0]], "tpu": tpu["precision"], "gpu": gpu["precision"]}


def _variant(q: Qualifier, row: dict, other: dict) -> tuple[dict | None, dict | None]:
    """(a refusal, or None; a flag, or None) for a qualified model name, by what the other side's
    recipe sets (MaxText's default where it sets nothing)."""
    recipe = other.get("recipe")
    if recipe is None or q.setting not in recipe["settings"]:
        return {"code": "variant_unknown", "model": q.written, "platform": other["platform"], "variant": q.variant}, None
    setting = recipe["settings"][q.setting]
    value = setting["value"]
    # what the recipe sets, and where: the flag of a pair, or the grounds of a refusal
    sets = {"model": q.written, "platform": other["platform"], "setting": q.setting, "value": value,
            "path": recipe["path"], "line": setting.get("line"), "lines": [recipe["first_line"], recipe["last_line"]],
            "default": MAXTEXT_DEFAULTS[q.setting] if value is None else None,
            "default_read": MAXTEXT_DEFAULTS_READ if value is None else None}
    try:
        on = float(MAXTEXT_DEFAULTS[q.setting] if value is None else value) > 0
    except ValueError:
        return {"code": "variant_not_a_number", "variant": q.variant, **sets}, None
    if on != q.on:
        return {"code": "other_variant", "variant": q.variant, **sets}, None
    return None, {"flag": "variant", **sets}


def _model(tpu: dict, gpu: dict) -> tuple[dict | None, dict | None]:
    """(a refusal, or None; a flag, or None) for the two rows' model names."""
    outside = [row["model"] for row in (tpu, gpu) if not declared(row["model"])]
    if outside:
        return {"code": "model_not_declared", "models": outside}, None
    for row, other in ((gpu, tpu), (tpu, gpu)):
        if q := qualifier(row["model"]):
            return _variant(q, row, other)
    return None, None


def _refusal(tpu: dict, gpu: dict) -> tuple[dict | None, tuple[dict, ...]]:
    """(a refusal, or None; the flags of the pair)."""
    reason, model_flag = _model(tpu, gpu)
    if reason:
        return reason, ()
    if tpu["task"] != gpu["task"] or tpu["task"] is None:
        return {"code": "task", "tpu": tpu["task"], "gpu": gpu["task"]}, ()
    for row in (tpu, gpu):
        if row["tokens_per_s_per_chip"] is None:
            return {"code": "no_tokens", "side": row["platform"]}, ()
    reason, precision_flag = _precision(tpu, gpu)
    return reason, () if reason else tuple(f for f in (precision_flag, model_flag) if f)


def _group(row: dict) -> tuple:
    """The rows among which only the newest release counts: one system, task and configuration, at
    one precision family (a precision in none stands for itself)."""
    return (row["platform"], row["system"], row["task"], config(row),
            precision_family(row["precision_key"]) or row["precision_key"])


def _newest(rows: list[dict]) -> dict[tuple, str | None]:
    """Each group (_group) -> the newest release with it."""
    newest: dict[tuple, str | None] = {}
    for row in rows:
        key = _group(row)
        if key not in newest or release_key(row["release"]) > release_key(newest[key]):
            newest[key] = row["release"]
    return newest


def _newest_first(release: str | None) -> tuple[int, ...]:
    """A sort key putting newer releases first (26.04.01 before 26.04: shorter ones padded with 0)."""
    return tuple(-x for x in (release_key(release) + (0,) * 4)[:4])


def _order(row: dict) -> tuple:
    return (row["model_key"], row["chips"], row["gbs"], row["seq_len"], row["system"], _newest_first(row["release"]),
            row["precision_key"] or "", row["path"], row["line"], row["alternative"])


def match(rows: list[dict]) -> tuple[list[Pair], list[Refusal]]:
    """Every pair and every refused candidate among the rows, in a fixed order: by model,
    chips, GBS, sequence length, then the TPU row's and the GPU row's system, newest release first."""
    newest = _newest(rows)
    tpus = sorted((r for r in rows if r["platform"] == "tpu"), key=_order)
    gpus = sorted((r for r in rows if r["platform"] == "gpu"), key=_order)
    by_config: dict[tuple, list[dict]] = {}
    for gpu in gpus:
        by_config.setdefault(config(gpu), []).append(gpu)
    pairs, refusals = [], []
    for tpu in tpus:
        for gpu in by_config.get(config(tpu), []):
            reason, flags = _refusal(tpu, gpu)
            if reason:
                refusals.append(Refusal(tpu, gpu, reason))
                continue
            superseded = tuple(Release(row["system"], newer) for row in (tpu, gpu)
                               if (newer := newest[_group(row)]) != row["release"])
            pairs.append(Pair(tpu, gpu, flags, superseded))
    return pairs, refusals


@dataclass(frozen=True)
class Unpaired:
    """A row of a TPU system that has vendor rows but no pair at all, and why this row pairs with nothing,
    as a code (publish/wording/vendor.py words it): "no_gpu_model" (no GPU row trains its model),
    "no_gpu_config" (GPU rows train the model, none at its chips, global batch and sequence length: ``near``
    names their configurations) or "refused" (a candidate of the same configuration, refused: ``refusal``)."""

    tpu: dict
    code: str
    near: tuple[tuple, ...] = ()  # (chips, gbs, seq_len) of the GPU rows of the same model, smallest first
    refusal: Refusal | None = None


def unpaired(rows: list[dict]) -> list[Unpaired]:
    """Every row of each TPU system that has vendor rows and no pair, with why it pairs with nothing: the
    vendor page says why a chip has rows and no comparison."""
    pairs, refusals = match(rows)
    paired = {p.tpu["system"] for p in pairs}
    gpus = [r for r in rows if r["platform"] == "gpu"]
    out = []
    for tpu in sorted((r for r in rows if r["platform"] == "tpu" and r["system"] not in paired), key=_order):
        refused = next((r for r in refusals if r.tpu is tpu), None)
        same_model = sorted({(g["chips"], g["gbs"], g["seq_len"]) for g in gpus if g["model_key"] == tpu["model_key"]})
        if refused is not None:
            out.append(Unpaired(tpu, "refused", refusal=refused))
        elif same_model:
            out.append(Unpaired(tpu, "no_gpu_config", near=tuple(same_model)))
        else:
            out.append(Unpaired(tpu, "no_gpu_model"))
    return out


def counted(rows: list[dict]) -> list[Pair]:
    """The pairs the verdicts count: each side in its system's newest release with the configuration
    at its precision family."""
    return [p for p in match(rows)[0] if p.counts]
