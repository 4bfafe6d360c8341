"""MLPerf Training's files in build_data/published/ (one per round): where they are, what they
load into, and the rows and columns of its dataset file."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from accelbench.core.columns import Column
from accelbench.core.text import raw
from accelbench.sources.mlperf_training import SOURCE
from accelbench.sources.rounds import SOURCE_COLUMNS, SYSTEM_COLUMNS, Rounds, load_rounds, round_key
from accelbench.store.published import in_order, write_published

KIND = SOURCE.kind  # as the source declares itself (its __init__)
SCHEMA = Path(__file__).with_name("schema.json")


def published_path(data_dir: Path, round_name: str) -> Path:
    return Path(data_dir) / "published" / f"mlperf-training-{round_name}.json"


# Every object's keys in a round file, in the order the committed files have them: a round is
# written in this order whatever order its import built its dicts in, so that re-importing it from
# the same source rewrites the same bytes (the importer builds a result's runs after its files).
ENTRY_KEYS = ("benchmark", "submitter", "system", "system_name", "division", "status", "availability", "accelerator",
              "chip", "platform", "family", "nodes", "accelerators_per_node", "chips", "framework", "software")
KEY_ORDER = {
    "": ("schema_version", "kind", "round", "source", "rules", "benchmarks", "results", "left_out", "entered",
         "submitters"),
    "source": ("repository", "commit", "url", "mirror_of"),
    "rules": ("document", "rule"),
    "results[]": (*ENTRY_KEYS, "runs", "required_runs", "olympic_minutes", "scaling_factor", "score_minutes",
                  "chip_hours", "files"),
    "results[].runs[]": ("file", "minutes", "status"),
    "entered[]": (*ENTRY_KEYS, "required_runs", "files", "runs_listed", "reason"),
    "left_out[]": ("path", "reason", "accelerator", "platform"),
    "submitters": ("present", "reported", "lacking"),
    "submitters.reported": ("count", "source", "quote", "read"),
}


def entry_order(entry: dict) -> tuple:
    """Where an entry stands among its round's results (or entered entries)."""
    return entry["benchmark"], entry["platform"], entry["chips"], entry["submitter"], entry["system"]


def canonical(published: dict) -> dict:
    """A valid round as its file is written: its lists in their fixed order, its keys in KEY_ORDER's."""
    lists = {"benchmarks": sorted(published["benchmarks"]), "results": sorted(published["results"], key=entry_order),
             "left_out": sorted(published["left_out"], key=lambda x: (x["path"], x["reason"]))}
    if "entered" in published:
        lists["entered"] = sorted(published["entered"], key=entry_order)
    return in_order({**published, **lists}, KEY_ORDER)


def write(data_dir: Path, published: dict) -> Path:
    """Validate an imported round and replace its file (an import is regenerated, never edited), in
    its canonical form."""
    return write_published(published_path(data_dir, published["round"]), published, SCHEMA, canonical)


@dataclass
class MLPerfTraining(Rounds):
    """Every imported round: one row per scored result, with its round and provenance; and the
    entries a round lists without their run logs (``unscored``: a round read from a mirror file by
    file), which count where an entry's presence is the evidence, never for a time."""

    unscored: pd.DataFrame = field(default_factory=pd.DataFrame)

    @property
    def entered(self) -> pd.DataFrame:
        """Every entry, scored or not: who entered which benchmark with which chips and framework."""
        if self.unscored.empty:
            return self.results
        return pd.concat([self.results, self.unscored], ignore_index=True)


def load(files: list[tuple[Path, dict]]) -> MLPerfTraining:
    """The validated round files -> one table of results, rounds oldest first, each entry that
    re-lists an earlier round's runs marked (``relisted_from``), each with the chip-hours of the GPU entry
    nearest its size in its round and benchmark (``nearest_gpu_chip_hours``, as the tables show it), and the
    entries entered unscored."""
    rounds, results = load_rounds(files)
    if not results.empty:
        results = results.assign(relisted_from=relisted_from(results), nearest_gpu_chip_hours=nearest_gpus(results))
    _, unscored = load_rounds(files, key="entered")
    return MLPerfTraining(rounds, results, unscored)


def nearest_gpu(rows: pd.DataFrame, chips: int) -> pd.Series:
    """The GPU entry at the same or nearest chip count (on a log scale); the fewer chip-hours on a tie."""
    gpus = rows[rows["platform"] == "gpu"]
    distance = gpus["chips"].map(lambda c: abs(math.log(c / chips)))
    ranked = gpus.assign(_d=distance).sort_values(["_d", "chip_hours", "submitter", "system"])
    return ranked.iloc[0]



def nearest_gpus(results: pd.DataFrame) -> list[float | None]:
    """Per entry, the chip-hours of the GPU entry of its round and benchmark at the nearest chip count (None
    where the round has no GPU entry on it): the per-round tables' column, read, never selected, there."""
    out = pd.Series([None] * len(results), index=results.index, dtype=object)
    for _, rows in results.groupby(["round", "benchmark"]):
        if (rows["platform"] == "gpu").any():  # once per chip count: a round's entries share few
            chip_hours = {c: float(nearest_gpu(rows, c)["chip_hours"]) for c in set(rows["chips"].astype(int))}
            for index, chips in rows["chips"].items():
                out[index] = chip_hours[int(chips)]
    return list(out)


def relisted_from(results: pd.DataFrame) -> list[str | None]:
    """Per entry, the earlier round whose entry on the same benchmark has exactly the same run
    times (every run, to the millisecond the logs give): a submission re-listed in a later round
    repeats those runs, and counts once, in the round it was run. None for an entry run anew."""
    first_seen: dict[tuple, str] = {}
    out = []
    for _, row in results.sort_values("round", key=lambda col: col.map(round_key), kind="stable").iterrows():
        runs = tuple(sorted(r["minutes"] for r in row["runs"] if r["minutes"] is not None))
        key = (row["benchmark"], runs)
        earlier = first_seen.setdefault(key, row["round"]) if runs else row["round"]
        out.append((row.name, earlier if earlier != row["round"] else None))
    return [value for _, value in sorted(out)]



COLUMNS = [
    Column("round", "the MLPerf Training round", "vX.Y"),
    Column("benchmark", "the MLPerf benchmark"),
    *SYSTEM_COLUMNS,
    Column("runs_total", "the training runs submitted", "count"),
    Column("runs_scored", "the runs that reached the target (empty: logs not read)", "count"),
    Column("required_runs", "the runs MLPerf's rules require for the benchmark", "count"),
    Column("olympic_minutes", "the mean time to train, fastest and slowest run dropped", "min"),
    Column("scaling_factor", "MLPerf's correction for a changed batch size", "factor"),
    Column("score_minutes", "the score: olympic mean times the scaling factor", "min"),
    Column("chip_hours", "chips times the score", "chip-hours"),
    Column("relisted_from", "the earlier round whose runs this entry repeats (empty: run for this round)", "vX.Y"),
    *SOURCE_COLUMNS,
]


def dataset_rows(data: MLPerfTraining | None) -> list[dict]:
    """Every imported entry, one row each, newest round first; an entry entered without its run
    logs has its listed runs and no score."""
    columns = [c.name for c in COLUMNS]
    if data is None or data.entered.empty:
        return []
    rows = []
    for _, r in data.entered.iterrows():
        runs = r["runs"] if isinstance(r.get("runs"), list) else None
        row = {c: raw(r.get(c)) for c in columns}
        if runs is None:
            row.update(runs_total=int(r["runs_listed"]), runs_scored=None)
        else:
            row.update(runs_total=len(runs), runs_scored=sum(1 for x in runs if x.get("minutes") is not None))
        rows.append(row)
    key = [round_key(str(row["round"])) for row in rows]
    order = sorted(range(len(rows)), key=lambda i: (tuple(-x for x in key[i]), rows[i]["benchmark"],
                                                     rows[i]["chip_hours"] or 0, rows[i]["submitter"], rows[i]["system"]))
    return [rows[i] for i in order]


def describe(rows: list[dict]) -> str:
    return f"{len(rows)} entries from rounds {', '.join(sorted({r['round'] for r in rows}))}"
