"""Which chip family has audited MLPerf Training results on which benchmark in which round: what
each family has trained to the quality target under audit. A benchmark a vendor did not enter is
not a benchmark its chips cannot run; the view shows demonstrated breadth, nothing more.

Benchmarks are grouped by the model they train (``ssd`` and ``retinanet`` are one RetinaNet,
``gnn`` and ``rgat`` one R-GAT), entries re-listed from an earlier round count in the round they
were run, and accelerators of other platforms (Intel Gaudi, CPU-only systems), left out of the import,
are listed apart so that a reader sees they exist."""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from accelbench.sources.mlperf_training.benchmarks import AREAS, BENCHMARKS, Benchmark
from accelbench.sources.mlperf_training.format import MLPerfTraining
from accelbench.sources.rounds import round_key


@dataclass(frozen=True)
class Coverage:
    rounds: list[str]  # every imported round, oldest first
    entries: dict[tuple[str, str], dict[str, pd.DataFrame]]  # (family, model) -> round -> its entries
    platforms: dict[str, str]  # family -> "tpu" or "gpu"
    others: dict[str, tuple[str, list[str]]]  # an accelerator left out for its platform -> (platform, the rounds it entered)

    def families(self, platform: str | None = None) -> list[str]:
        """TPU families first, then GPU families, each alphabetically."""
        return sorted((f for f in self.platforms if platform in (None, self.platforms[f])),
                      key=lambda f: (self.platforms[f] != "tpu", f))

    def models(self) -> list[str]:
        """The models with an entry, by area (AREAS' order), then by name."""
        named = {model for _, model in self.entries}
        return sorted(named, key=lambda m: (AREAS.index(model_area(m)), m))

    def models_of(self, platform: str) -> set[str]:
        return {model for family, model in self.entries if self.platforms[family] == platform}

    def areas_of(self, platform: str) -> set[str]:
        return {model_area(m) for m in self.models_of(platform)}


def benchmarks_of(model: str) -> list[Benchmark]:
    """The benchmark folders that train a model (RetinaNet: ssd, then retinanet)."""
    return [b for b in BENCHMARKS.values() if b.name == model]


def model_area(model: str) -> str:
    return benchmarks_of(model)[0].area


def coverage(data: MLPerfTraining) -> Coverage:
    """The coverage of every imported round, each entry scored or entered unscored (entries
    re-listed from an earlier round left out)."""
    df = data.entered
    if "relisted_from" in df:
        df = df[df["relisted_from"].isna()]
    entries: dict[tuple[str, str], dict[str, pd.DataFrame]] = {}
    platforms: dict[str, str] = {}
    if not df.empty:
        # a round imported before families were recorded: each accelerator is its own family
        df = df.assign(family=df["family"].fillna(df["accelerator"])) if "family" in df else \
            df.assign(family=df["accelerator"])
        for (family, benchmark, round_name), rows in df.groupby(["family", "benchmark", "round"], sort=False):
            cell = entries.setdefault((family, BENCHMARKS[benchmark].name), {})
            cell[round_name] = pd.concat([cell[round_name], rows]) if round_name in cell else rows
            platforms[family] = str(rows["platform"].iloc[0])
    others: dict[str, tuple[str, set[str]]] = {}
    for r in data.rounds:
        for item in r["left_out"]:
            if item.get("accelerator"):
                others.setdefault(item["accelerator"], (item.get("platform", ""), set()))[1].add(r["round"])
    rounds = sorted({r["round"] for r in data.rounds} | set(df["round"] if not df.empty else []), key=round_key)
    return Coverage(rounds, entries, platforms, {a: (p, sorted(v, key=round_key)) for a, (p, v) in sorted(others.items())})
