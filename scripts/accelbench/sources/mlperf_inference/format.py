"""MLPerf Inference's files in build_data/published/ (one per round): where they are, what they
load into, and the rows and columns of its dataset file."""

from __future__ import annotations

from pathlib import Path

from accelbench.core.columns import Column
from accelbench.core.text import raw
from accelbench.sources.mlperf_inference import SOURCE
from accelbench.sources.rounds import SOURCE_COLUMNS, SYSTEM_COLUMNS, Rounds, load_rounds, round_key
from accelbench.store.published import write_published

KIND = SOURCE.kind  # as the source declares itself (its __init__)
SCHEMA = Path(__file__).with_name("schema.json")
SCENARIOS = ("Offline", "Server")  # in the order pages show them
UNITS = {"Offline": "samples/s", "Server": "queries/s"}


def published_path(data_dir: Path, round_name: str) -> Path:
    return Path(data_dir) / "published" / f"mlperf-inference-{round_name}.json"


def write(data_dir: Path, published: dict) -> Path:
    """Validate an imported round and replace its file (an import is regenerated, never edited)."""
    return write_published(published_path(data_dir, published["round"]), published, SCHEMA)


class MLPerfInference(Rounds):
    """Every imported round: one row per system and scenario, with its round and provenance."""


def load(files: list[tuple[Path, dict]]) -> MLPerfInference:
    """The validated round files -> one table of results, rounds oldest first."""
    return MLPerfInference(*load_rounds(files, lambda data: {"benchmark": data["benchmark"]}))


def file_url(row, where: dict) -> str:
    """A figure's file on GitHub at the commit it was imported from, at its line."""
    from urllib.parse import quote

    path = "/".join(quote(part, safe="") for part in str(where["path"]).split("/"))
    return f"https://github.com/{row['repository']}/blob/{row['commit']}/{path}#L{int(where['line'])}"


COLUMNS = [
    Column("round", "the MLPerf Inference round", "vX.Y"),
    Column("benchmark", "the MLPerf Inference benchmark"),
    Column("scenario", "the LoadGen scenario: Offline (all samples at once) or Server (queries arriving at random, "
                       "under a latency bound)"),
    *SYSTEM_COLUMNS,
    Column("metric", "the LoadGen key the figure is read from (the one MLCommons' submission checker reads)"),
    Column("unit", "the unit of the figure", "samples/s (Offline) or queries/s (Server)"),
    Column("value", "the system's figure, as its log reports it", "unit"),
    Column("per_chip", "the figure divided by the chips", "unit per chip"),
    Column("value_file", "the log the figure is read from"),
    Column("value_line", "the line of that log", "line number"),
    *SOURCE_COLUMNS,
]


def dataset_rows(data: MLPerfInference | None) -> list[dict]:
    """Every imported result, one row each, newest round first, then scenario and most per chip."""
    if data is None or data.results.empty:
        return []
    columns = [c.name for c in COLUMNS]
    rows = []
    for _, r in data.results.iterrows():
        row = {c: raw(r.get(c)) for c in columns if c not in ("value_file", "value_line")}
        row.update(value_file=r["at"]["value"]["path"], value_line=r["at"]["value"]["line"])
        rows.append({c: row[c] for c in columns})
    return sorted(rows, key=lambda r: (tuple(-x for x in round_key(r["round"])), SCENARIOS.index(r["scenario"]),
                                       -r["per_chip"], r["submitter"], r["system"]))


def describe(rows: list[dict]) -> str:
    return f"{len(rows)} results from rounds {', '.join(sorted({r['round'] for r in rows}))}"
