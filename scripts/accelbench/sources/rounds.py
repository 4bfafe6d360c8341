"""Sources published in rounds (MLPerf Training, MLPerf Inference): one file per round, loaded
into one table of results, each row with its round and the repository and commit it came from."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

import pandas as pd

from accelbench.core.columns import Column
from accelbench.core.text import esc

# The columns every MLPerf round's entry shares: its system, as the submission describes it, and
# where it was read from (each source's dataset file lists them around its own figures).
SYSTEM_COLUMNS = [
    Column("submitter", "who submitted the result"),
    Column("system", "the submitter's system id"),
    Column("division", "the MLPerf division (closed: the reference model, unchanged)"),
    Column("status", "the system's availability as submitted"),
    Column("availability", "the system's availability, normalised", "available, preview or research"),
    Column("accelerator", "the accelerator, as the submission names it"),
    Column("chip", "the chip in the hardware reference (empty: not in it)"),
    Column("platform", "the chip's platform", "gpu or tpu"),
    Column("nodes", "the nodes of the system", "count"),
    Column("accelerators_per_node", "accelerators per node", "count"),
    Column("chips", "accelerators used in all", "count"),
    Column("framework", "the software framework as submitted"),
]
SOURCE_COLUMNS = [
    Column("repository", "the repository the result was read from"),
    Column("commit", "the commit of that repository"),
    Column("mirror_of", "the MLCommons repository it is a public mirror of (empty: MLCommons' own)"),
]


@dataclass
class Rounds:
    """Every imported round: its file's content, and one row per result with its provenance."""

    rounds: list[dict]
    results: pd.DataFrame

    def round_of(self, name: str) -> dict | None:
        return next((r for r in self.rounds if r["round"] == name), None)

    def mirrored(self) -> dict[str, dict]:
        """Round -> where it was read from (its file's "source"), for each round read from a public mirror
        of MLCommons' results."""
        return {r["round"]: r["source"] for r in self.rounds if r.get("source", {}).get("mirror_of")}


def published_in(origin: dict) -> str:
    """Where a round was read from, as HTML a page says it in: the repository, linked at its commit,
    and where it is a public mirror of MLCommons' results, that it is one and which it mirrors."""
    tree = f"https://github.com/{origin['repository']}/tree/{origin['commit']}"
    link = f'<a href="{esc(tree)}">{esc(origin["repository"])}</a>'
    if origin.get("mirror_of"):
        link += f", a public mirror of MLCommons' results ({esc(origin['mirror_of'])} could not be read here),"
    return link


def load_rounds(files: list[tuple[Path, dict]], per_file: Callable[[dict], dict] | None = None,
                key: str = "results") -> tuple[list[dict], pd.DataFrame]:
    """The validated round files -> (rounds oldest first, one table of the rows under KEY: the
    results, or another list of entries a round file holds). ``per_file(data)`` gives the fields a
    source copies from its file onto each of its rows."""
    rounds, rows = [], []
    for path, data in files:
        rounds.append(data)
        shared = {"round": data["round"], **(per_file(data) if per_file else {}), "repository": data["source"]["repository"],
                  "commit": data["source"]["commit"], "mirror_of": data["source"].get("mirror_of"), "file": str(path)}
        rows += [{**result, **shared} for result in data.get(key, [])]
    rounds.sort(key=lambda r: round_key(r["round"]))
    return rounds, pd.DataFrame(rows)


def round_key(name: str) -> tuple[int, ...]:
    return tuple(int(part) for part in name.lstrip("v").split("."))


def newest_first(names) -> list[str]:
    return sorted(set(names), key=round_key, reverse=True)


def results_url(row: pd.Series, top: tuple[str, ...] = ()) -> str:
    """The entry's result folder on GitHub, at the commit it was imported from: TOP (the division
    folder, where the repository has one), then submitter/results/system/benchmark, each path part
    percent-encoded (names come from the imported files)."""
    parts = [*top, row["submitter"], "results", row["system"], row["benchmark"]]
    return f"https://github.com/{row['repository']}/tree/{row['commit']}/" + "/".join(quote(str(p), safe="") for p in parts)


def comparable(results: pd.DataFrame, column: str, values: Iterable[str]) -> list[tuple[str, str, pd.DataFrame]]:
    """(value, round, its GPU and TPU entries) for each VALUE of COLUMN (a benchmark, a scenario), in
    the newest round that has both platforms. An entry re-listed from an earlier round counts
    there only."""
    out = []
    if results.empty:
        return out
    df = results[results["relisted_from"].isna()] if "relisted_from" in results else results
    for value in values:
        of_value = df[df[column] == value]
        for round_name in newest_first(of_value["round"]):
            rows = of_value[of_value["round"] == round_name]
            if {"gpu", "tpu"} <= set(rows["platform"]):
                out.append((value, round_name, rows))
                break
    return out
