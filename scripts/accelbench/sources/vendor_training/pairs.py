"""Like with like: which TPU row of one vendor's document and which GPU row of the other's compare.

A TPU row and a GPU row are a candidate when their configuration agrees: the architecture (by the
declared name table, importer.MODEL_NAMES), the chips, the global batch size and the sequence
length. A candidate becomes a pair, or is refused with its reason:

- both model names must be in the name table (a name outside it, such as one with a qualifier in
  parentheses, names a variant the other recipe may not run);
- the task must agree (pre-training with pre-training, never with SFT or LoRA);
- both rows must publish tokens per second (N/A is no figure);
- the precision: equal precisions pair; two FP8 recipes (MaxText's fp8_full against Megatron's
  FP8 or MXFP8) pair, flagged "different FP8 recipes"; bf16 never pairs with FP8 or FP4, and a
  precision not stated, or not in the table of precisions, pairs with nothing.

Only tokens per second per chip are compared, never TFLOP/s: MaxText and Megatron count attention
FLOPs differently. For each system and configuration only its newest release counts for verdicts;
a pair from an older release stays in the tables, dated and marked with the release that
supersedes it.
"""

from __future__ import annotations

from dataclasses import dataclass

from accelbench.sources.vendor_training.format import release_key
from accelbench.sources.vendor_training.names import MODEL_NAMES, PRECISIONS, declared, precision_family

__all__ = ["MODEL_NAMES", "PRECISIONS", "Pair", "Refusal", "config", "match"]

FAMILY_NAMES = {"bf16": "bf16", "fp8": "FP8", "fp4": "FP4"}


def config(row: dict) -> tuple:
    """What must agree for two rows to be a candidate pair."""
    return row["model_key"], row["chips"], row["gbs"], row["seq_len"]


@dataclass(frozen=True)
class Pair:
    tpu: dict
    gpu: dict
    flags: tuple[str, ...]  # what the reader must know of the comparison ("different FP8 recipes ...")
    superseded_by: str | None  # None: it counts; else the newer release of a side with this configuration

    @property
    def counts(self) -> bool:
        return self.superseded_by is None

    @property
    def gpu_over_tpu(self) -> float:
        """GPU tokens/s per chip over the TPU's: above 1 the GPU trains faster per chip."""
        return self.gpu["tokens_per_s_per_chip"] / self.tpu["tokens_per_s_per_chip"]


@dataclass(frozen=True)
class Refusal:
    tpu: dict
    gpu: dict
    reason: str


def _precision(tpu: dict, gpu: dict) -> tuple[str | None, str | None]:
    """(a refusal, or None; a flag, or None) for the two rows' precisions."""
    keys = tpu["precision_key"], gpu["precision_key"]
    for row, side in ((tpu, "TPU"), (gpu, "GPU")):
        if row["precision_key"] is None:
            return f"precision not stated on the {side} row", None
        if precision_family(row["precision_key"]) is None:
            return f"precision {row['precision']!r} ({side}) is not in the table of precisions", None
    if keys[0] == keys[1]:
        return None, None
    families = precision_family(keys[0]), precision_family(keys[1])
    if families[0] != families[1]:
        return (f"precision {tpu['precision']} vs {gpu['precision']}: {FAMILY_NAMES[families[0]]} and "
                f"{FAMILY_NAMES[families[1]]} are never compared"), None
    return None, f"different {FAMILY_NAMES[families[0]]} recipes ({tpu['precision']} vs {gpu['precision']})"


def _refusal(tpu: dict, gpu: dict) -> tuple[str | None, str | None]:
    if not (declared(tpu["model"]) and declared(gpu["model"])):
        outside = [row["model"] for row in (tpu, gpu) if not declared(row["model"])]
        return f"model {' and '.join(repr(m) for m in outside)} not in the name table", None
    if tpu["task"] != gpu["task"] or tpu["task"] is None:
        return f"task {tpu['task'] or 'not stated'} vs {gpu['task'] or 'not stated'}", None
    for row, side in ((tpu, "TPU"), (gpu, "GPU")):
        if row["tokens_per_s_per_chip"] is None:
            return f"no tokens/s published on the {side} row", None
    return _precision(tpu, gpu)


def _newest(rows: list[dict]) -> dict[tuple, str | None]:
    """(kind, system, task, configuration) -> the newest release with it."""
    newest: dict[tuple, str | None] = {}
    for row in rows:
        key = (row["kind"], row["system"], row["task"], config(row))
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
    tpus = sorted((r for r in rows if r["kind"] == "tpu"), key=_order)
    gpus = sorted((r for r in rows if r["kind"] == "gpu"), key=_order)
    by_config: dict[tuple, list[dict]] = {}
    for gpu in gpus:
        by_config.setdefault(config(gpu), []).append(gpu)
    pairs, refusals = [], []
    for tpu in tpus:
        for gpu in by_config.get(config(tpu), []):
            reason, flag = _refusal(tpu, gpu)
            if reason:
                refusals.append(Refusal(tpu, gpu, reason))
                continue
            superseded = [f"{row['system']} {newer}" for row in (tpu, gpu)
                          if (newer := newest[(row["kind"], row["system"], row["task"], config(row))]) != row["release"]]
            pairs.append(Pair(tpu, gpu, (flag,) if flag else (), "; ".join(superseded) or None))
    return pairs, refusals


def counted(rows: list[dict]) -> list[Pair]:
    """The pairs the verdicts count: each side in its system's newest release with the configuration."""
    return [p for p in match(rows)[0] if p.counts]
