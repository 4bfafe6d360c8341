"""MLPerf at scale: what the audited MLPerf Training rounds show of systems of many chips, as data
(no HTML, no sentence), for the article's claim that TPU pods handle massive models.

- :func:`largest_systems`: per chip, benchmark, round and availability, the entry with the most
  chips (scored or entered without its logs: its size is the evidence, its time where it was read).
- :func:`largest_by_chip`: per chip and availability, the largest system it entered in any
  benchmark and round.
- :func:`scaling_curves`: where one submitter entered one chip at several sizes on one benchmark in
  one round (and one availability), time to train against chips, each size's scaling efficiency
  (t_small × n_small) / (t × n) against the smallest; scored results only.
- :func:`domains_spanned`: how many of a chip's pods or NVLink domains (reference/scale_domains.csv)
  an entry's chips fill.

A chip is named by the hardware reference (``chip``), or, where it has no row there, by the
accelerator as the submission names it. An entry re-listed from an earlier round counts there only.
Preview and available systems are never joined: each is its own row and its own curve, labelled."""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass

import pandas as pd

from accelbench.core.scale_domains import ScaleDomain
from accelbench.sources.mlperf_training.format import MLPerfTraining
from accelbench.sources.rounds import round_key


@dataclass(frozen=True)
class Largest:
    """One chip's largest entry on one benchmark in one round, at one availability."""

    chip: str  # accelerators.csv's chip, or the accelerator as submitted where it has no row there
    accelerator: str  # as the submission names it
    platform: str  # gpu or tpu
    benchmark: str
    round: str
    availability: str  # available, preview or research: never pooled
    chips: int
    submitter: str
    system: str
    minutes: float | None  # the score (time to train); None for an entry listed without its run logs
    entries: int  # the chip's entries on that benchmark, round and availability, this one among them
    repository: str  # where the entry was read, at which commit (its result files' address)
    commit: str

    def as_dict(self) -> dict:
        return asdict(self)


@dataclass(frozen=True)
class ScalingPoint:
    chips: int
    minutes: float  # the score: time to train
    system: str
    speedup: float  # the smallest size's minutes / these minutes
    efficiency: float  # (t_small × n_small) / (t × n): 1.0 is perfect scaling, chip-hours unchanged
    entries: int = 1  # the submitter's entries at this size (the fastest is the point)


@dataclass(frozen=True)
class ScalingCurve:
    """One submitter's entries of one chip on one benchmark in one round at one availability,
    smallest first (two sizes at least)."""

    chip: str
    accelerator: str
    platform: str
    submitter: str
    benchmark: str
    round: str
    availability: str
    repository: str
    commit: str
    points: tuple[ScalingPoint, ...]

    @property
    def largest(self) -> ScalingPoint:
        return self.points[-1]

    def rows(self) -> list[dict]:
        """One row per size, the curve's fields on each (a table's or a download's rows)."""
        head = {k: v for k, v in asdict(self).items() if k != "points"}
        return [{**head, **asdict(p)} for p in self.points]


def chip_of(row) -> str:
    """The chip an entry is grouped by: the hardware reference's name, else the accelerator as submitted."""
    chip = row.get("chip")
    return chip if isinstance(chip, str) and chip else str(row["accelerator"])


def _run_anew(df: pd.DataFrame) -> pd.DataFrame:
    """The entries run for their round (an entry re-listing an earlier round's runs counts there)."""
    if df.empty:
        return df
    if "relisted_from" in df:
        df = df[df["relisted_from"].isna()]
    return df.assign(chip_key=[chip_of(r) for _, r in df.iterrows()])


def _minutes(row) -> float | None:
    value = row.get("score_minutes")
    return float(value) if isinstance(value, (int, float)) and not math.isnan(value) else None


def _newest_first(key: tuple) -> tuple:
    return tuple(-x for x in round_key(key))


def largest_systems(data: MLPerfTraining) -> list[Largest]:
    """Per chip, benchmark, round and availability, the entry with the most chips: every entry,
    scored or entered without its run logs. On a tie in chips, a scored entry before an unscored
    one, then the shorter time, then submitter and system. Newest round first, then benchmark,
    then the largest first."""
    df = _run_anew(data.entered)
    out = []
    if df.empty:
        return out
    for (chip, benchmark, round_name, availability), rows in df.groupby(
            ["chip_key", "benchmark", "round", "availability"], sort=False):
        ranked = sorted((r for _, r in rows.iterrows()),
                        key=lambda r: (-int(r["chips"]), _minutes(r) is None, _minutes(r) or 0.0,
                                       str(r["submitter"]), str(r["system"])))
        top = ranked[0]
        out.append(Largest(chip=chip, accelerator=str(top["accelerator"]), platform=str(top["platform"]),
                           benchmark=benchmark, round=round_name, availability=availability, chips=int(top["chips"]),
                           submitter=str(top["submitter"]), system=str(top["system"]), minutes=_minutes(top),
                           entries=len(ranked), repository=str(top["repository"]), commit=str(top["commit"])))
    return sorted(out, key=lambda x: (_newest_first(x.round), x.benchmark, -x.chips, x.chip, x.availability))


def largest_by_chip(largest: list[Largest]) -> list[Largest]:
    """Per chip and availability, its largest system over every benchmark and round (of
    :func:`largest_systems`' rows): on a tie, the newer round, then the scored entry, then the
    benchmark. Largest first."""
    best: dict[tuple[str, str], Largest] = {}
    for row in largest:
        key = (row.chip, row.availability)
        rank = (row.chips, round_key(row.round), row.minutes is not None)
        held = best.get(key)
        if held is None or rank > (held.chips, round_key(held.round), held.minutes is not None) or \
                (rank == (held.chips, round_key(held.round), held.minutes is not None) and row.benchmark < held.benchmark):
            best[key] = row
    return sorted(best.values(), key=lambda x: (-x.chips, x.chip, x.availability))


def scaling_curves(data: MLPerfTraining) -> list[ScalingCurve]:
    """Every curve of one submitter's entries of one chip at several sizes on one benchmark in one
    round and availability, from the scored results only (never two submitters, never preview with
    available). At a size entered more than once, the fastest entry is the point. Newest round
    first, then benchmark, chip, submitter."""
    df = _run_anew(data.results)
    out = []
    if df.empty:
        return out
    for (chip, submitter, benchmark, round_name, availability), rows in df.groupby(
            ["chip_key", "submitter", "benchmark", "round", "availability"], sort=False):
        sizes: dict[int, list] = {}
        for _, r in rows.iterrows():
            if _minutes(r) is not None and _minutes(r) > 0:
                sizes.setdefault(int(r["chips"]), []).append(r)
        if len(sizes) < 2:
            continue
        fastest = {n: min(rs, key=lambda r: (_minutes(r), str(r["system"]))) for n, rs in sizes.items()}
        n0 = min(fastest)
        t0 = _minutes(fastest[n0])
        points = tuple(ScalingPoint(chips=n, minutes=_minutes(r), system=str(r["system"]),
                                    speedup=t0 / _minutes(r), efficiency=(t0 * n0) / (_minutes(r) * n),
                                    entries=len(sizes[n]))
                       for n, r in sorted(fastest.items()))
        first = fastest[n0]
        out.append(ScalingCurve(chip=chip, accelerator=str(first["accelerator"]), platform=str(first["platform"]),
                                submitter=submitter, benchmark=benchmark, round=round_name, availability=availability,
                                repository=str(first["repository"]), commit=str(first["commit"]), points=points))
    return sorted(out, key=lambda c: (_newest_first(c.round), c.benchmark, c.chip, c.submitter, c.availability))


def domains_spanned(chip: str, chips: int, domains: list[ScaleDomain]) -> tuple[ScaleDomain, float] | None:
    """The chip's pod or NVLink domain (scale_domains.csv) and how many of them CHIPS fill
    (6144 TPU v5p chips: 6144 / 8960 = 0.69 pod); None where the reference has no row for the chip."""
    found = next((d for d in domains if d.chip == chip), None)
    return (found, chips / found.chips) if found else None
