"""The rows of the answers' charts (answer_charts.py), labelled: each comparison's short label, GPU first,
unique within its group (what tells two alike apart: the release, the GPU's recipe), and the rows in the
order the charts draw them."""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from accelbench.core.availability import day_of
from accelbench.judge.judging import Comparison
from accelbench.publish.render.chart_theme import SEP
from accelbench.publish.wording import charts as words
from accelbench.publish.wording.terms import compared


def label_parts(c: Comparison) -> list[str]:
    """A comparison's short label, GPU first: "GB300 · Llama 3.1 70B · 64 chips · FP8"; an MLPerf
    round instead of the chips (its two sides differ): "H100 · GPT-3 175B · v4.1"; a paper by its
    citation: "A100 · Jouppi et al., ISCA 2023"; a measurement here by what it compares. Empty parts are
    left out; a preview system says so."""
    parts = [c.gpu_name or c.gpu, c.model or c.citation or compared(c.metric), c.scenario]
    if c.round:
        parts.append(c.round)
    elif c.chips:
        parts.append(words.chips(c.chips))
    parts += [c.precision, words.PREVIEW if c.preview else ""]
    return [p for p in parts if p]


@dataclass(frozen=True)
class Tell:
    """What tells two labels apart: its words, and whether they stand in place of the number format."""

    words: str
    instead_of_precision: bool = False


def _release(c: Comparison) -> Tell | None:
    """The software release its source numbers, the GPU side's where both have one ("release 25.11")."""
    release = c.gpu_release or c.tpu_release
    return Tell(words.release(release)) if release else None


def _gpu_recipe(c: Comparison) -> Tell | None:
    """The GPU's own recipe where the two sides' differ ("GPU MXFP8" against the TPU's fp8_full), said
    in place of the number format the two share."""
    return Tell(words.gpu_recipe(c.gpu_recipe), instead_of_precision=True) if c.gpu_recipe else None


def _told(c: Comparison, parts: list[str], tell: Tell) -> list[str]:
    """The label's parts told apart: the GPU's recipe in place of the shared number format, a release
    after the rest."""
    if tell.instead_of_precision and c.precision in parts:
        return [tell.words if p == c.precision else p for p in parts]
    return [*parts, tell.words]


def distinct_labels(comparisons: list[Comparison], groups: list[str]) -> list[str]:
    """One short label per comparison, unique within its group: two that would read alike get what
    tells them apart (the release, the GPU's recipe, both), a number only where nothing does."""
    parts = [label_parts(c) for c in comparisons]
    tells = (lambda c: [_release(c)], lambda c: [_gpu_recipe(c)], lambda c: [_release(c), _gpu_recipe(c)])
    for _ in range(2):  # a second pass for labels the first made alike
        seen: dict[tuple[str, str], list[int]] = {}
        for i, key in enumerate(zip(groups, (SEP.join(p) for p in parts), strict=True)):
            seen.setdefault(key, []).append(i)
        for same in (rows for rows in seen.values() if len(rows) > 1):
            for tell in tells:
                told = [tell(comparisons[i]) for i in same]
                if all(all(t) for t in told) and len({tuple(t) for t in told}) == len(told):  # each found, all differ
                    for i, t in zip(same, told, strict=True):
                        for one in t:
                            parts[i] = _told(comparisons[i], parts[i], one)
                    break
            else:
                for n, i in enumerate(same[1:], 2):
                    parts[i] = [*parts[i][:-1], f"{parts[i][-1]} ({n})"]
    return [SEP.join(p) for p in parts]


def labelled(records: list[dict], comparisons: list[Comparison]) -> pd.DataFrame:
    """The chart rows: ``records`` (one per comparison, with its 'group' and 'claim_order' and the
    kind's fields) with each comparison's short label, sorted: the groups by claim, then newest
    TPU first (an undated one last); within a group by GPU, then the TPU's advantage, highest first."""
    frame = pd.DataFrame(records)
    if frame.empty:
        return frame
    frame["label"] = distinct_labels(comparisons, list(frame["group"]))
    frame["key"] = [f"{g}::{label}" for g, label in zip(frame["group"], frame["label"], strict=True)]
    frame["hkey"] = [f"{g}::" for g in frame["group"]]
    frame["when"] = frame["tpu_available"].map(day_of)
    first = frame.groupby("group").agg(claim=("claim_order", "min"), when=("when", "max"), tpu=("tpu", "first"))
    ranked = sorted(first.index, key=lambda g: (first.at[g, "claim"], first.at[g, "when"] == "",
                                                 _newest_first(first.at[g, "when"]), first.at[g, "tpu"]))
    frame["group_order"] = frame["group"].map({g: n for n, g in enumerate(ranked)})
    frame = frame.sort_values(["group_order", "gpu", "advantage"], ascending=[True, True, False], kind="stable")
    return frame.reset_index(drop=True)


def _newest_first(day: str) -> int:
    return -int(day.replace("-", "")) if day else 0


# ---- the forest chart -------------------------------------------------------------------------
