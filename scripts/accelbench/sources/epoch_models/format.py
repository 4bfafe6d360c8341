"""Epoch AI's Notable AI Models in build_data/published/ (one file, epoch-notable-models.json, written
by the importer): where it is, what it loads into, the attribution its licence asks for, and the
rows and columns of its dataset file."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from accelbench.core.columns import Column
from accelbench.core.runfile import RunFileError
from accelbench.sources.epoch_models import SOURCE
from accelbench.store.published import write_published

KIND = SOURCE.kind  # as the source declares itself (its __init__)
SCHEMA = Path(__file__).with_name("schema.json")
FILE_NAME = "epoch-notable-models.json"


def published_path(data_dir: Path) -> Path:
    return Path(data_dir) / "published" / FILE_NAME


def write(data_dir: Path, published: dict) -> Path:
    """Validate the imported database and replace its file (an import is regenerated, never edited)."""
    return write_published(published_path(data_dir), published, SCHEMA)


def file_url(origin: dict) -> str:
    """The copy of the CSV on GitHub, at the commit it was read at (each path part percent-encoded)."""
    path = "/".join(quote(part, safe="") for part in origin["path"].split("/"))
    return f"https://github.com/{origin['repository']}/blob/{origin['commit']}/{path}"


def line_url(origin: dict, line: int) -> str:
    """A record's first line in that copy."""
    return f"{file_url(origin)}#L{line}"


@dataclass
class EpochModels:
    """The imported database: where it was read from and its attribution, and every row kept, in the CSV's order."""

    origin: dict  # the file's "source": repository, commit, path, url, committed, accessed, accessed_stated_in
    database: dict  # publisher, name, url, documentation, licence, licence_url, citation, changes
    columns: list[str]  # Epoch's columns read
    read: int  # records read
    rows: list[dict]
    left_out: list[dict]

    @property
    def refused(self) -> int:
        """Records refused: the lines with at least one problem."""
        return len({item["line"] for item in self.left_out})


def load(files: list[tuple[Path, dict]]) -> EpochModels:
    """The validated file -> the database. One file holds the whole database: a second file of its
    kind is an error naming both (the importer writes only published_path)."""
    if len(files) != 1:
        raise RunFileError([f"{path}: kind: {KIND!r} is also in {files[0][0]}: the database is one file, "
                            f"{FILE_NAME}" for path, _ in files[1:]])
    [(_, data)] = files
    return EpochModels(data["source"], data["database"], data["columns"], data["read"],
                       [{**row, "url": line_url(data["source"], row["line"])} for row in data["rows"]],
                       data["left_out"])


COLUMNS = [
    Column("model", "the model, as Epoch AI names it"),
    Column("organizations", "the organisations that developed it, as Epoch AI lists them", "texts separated by '; '"),
    Column("categories", "Epoch AI's category of each organisation (Industry, Academia, Research collective, "
           "Government)", "texts separated by '; '"),
    Column("published", "the model's publication date", "YYYY-MM-DD"),
    Column("domains", "Epoch AI's domains of the model", "texts separated by '; '"),
    Column("hardware", "the training hardware, as Epoch AI names it", "texts separated by '; '"),
    Column("chip_ids", "each hardware item's chip in the hardware reference (empty: not in it)", "texts separated by '; '"),
    Column("platform", "the hardware's platform, from the hardware table (mixed: several; empty: not stated)",
           "gpu, tpu, other or mixed"),
    Column("chips", "Epoch AI's hardware quantity", "count"),
    Column("compute_flop", "the training compute", "FLOP"),
    Column("compute_confidence", "Epoch AI's confidence in its compute estimate"),
    Column("mfu", "hardware utilization (MFU) reported for the training run", "fraction"),
    Column("hfu", "hardware utilization (HFU) reported for the training run", "fraction"),
    Column("power_w", "training power draw, as Epoch AI estimates it", "W"),
    Column("link", "the model's own source (paper or announcement), the first address in Epoch AI's Link column"),
    Column("repository", "the repository the copy of the CSV was read from"),
    Column("commit", "the commit of that repository"),
    Column("path", "the CSV file in that repository"),
    Column("line", "the line of that file the record starts on"),
    Column("url", "that line on GitHub, at that commit"),
]


def flat(row: dict, origin: dict) -> dict:
    """A row as a download holds it: every value a number, a text or empty (lists joined with '; '),
    so that its CSV and its JSON say the same."""
    return {"model": row["model"], "organizations": "; ".join(row["organizations"]) or None,
            "categories": "; ".join(row["categories"]) or None, "published": row["published"],
            "domains": "; ".join(row["domains"]) or None,
            "hardware": "; ".join(h["name"] for h in row["hardware"]) or None,
            "chip_ids": "; ".join(h["chip"] or "" for h in row["hardware"]) or None, "platform": row["platform"],
            "chips": row["chips"], "compute_flop": row["compute_flop"], "compute_confidence": row["compute_confidence"],
            "mfu": row["mfu"], "hfu": row["hfu"], "power_w": row["power_w"], "link": row["links"][0],
            "repository": origin["repository"], "commit": origin["commit"], "path": origin["path"],
            "line": row["line"], "url": line_url(origin, row["line"])}


def dataset_rows(data: EpochModels | None) -> list[dict]:
    """Every row kept, in the CSV's order."""
    if data is None:
        return []
    return [flat(r, data.origin) for r in data.rows]


def describe(rows: list[dict]) -> str:
    stated = sum(1 for r in rows if r["platform"])
    return f"{len(rows)} models, {stated} with their training hardware stated"
