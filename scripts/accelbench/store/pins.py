"""What each source of the build is pinned to: every published file's repository, commit and path, and
each price catalog's, with the date the data records for it (a commit's, an MLPerf round's publication,
the newest line's). Read by `accelbench sources` (sources/upstream.py, which asks upstream) and by the
"What changed" page."""

from __future__ import annotations

import csv
import json
from dataclasses import dataclass
from pathlib import Path

from accelbench.core.round_dates import read_round_dates


@dataclass(frozen=True)
class Pin:
    """One source as this build holds it."""

    name: str  # the published file's name (its stem), or "catalog <file>" for a price catalog
    repository: str
    commit: str
    path: str  # the file or folder it read ("" : the repository as a whole)
    date: str  # the pinned content's date where the data records one ("" where it does not)
    dated_by: str  # what that date is: "commit", "newest line", "" where there is none


def _published_pin(path: Path, rounds: dict[tuple[str, str], str]) -> Pin | None:
    data = json.loads(path.read_text(encoding="utf-8"))
    source = data.get("source") or {}
    if not source.get("repository") or not source.get("commit"):
        return None  # a paper: a DOI, no repository to move on
    document = data.get("document") if isinstance(data.get("document"), dict) else {}
    lines = [r.get("line_date") for r in data.get("rows", []) if isinstance(r, dict) and r.get("line_date")]
    suite = str(data.get("kind", "")).removeprefix("mlperf-")
    if source.get("committed"):
        date, dated_by = source["committed"], "commit"
    elif rounds.get((suite, data.get("round", ""))):  # an MLPerf round: the day its results were published
        date, dated_by = rounds[(suite, data["round"])], "round published"
    elif lines:
        date, dated_by = max(lines), "newest line"
    else:
        date, dated_by = "", ""
    return Pin(path.stem, source["repository"], source["commit"], source.get("path") or document.get("path", ""),
               date, dated_by)


def _catalog_pins(reference_dir: Path) -> list[Pin]:
    path = Path(reference_dir) / "catalog_prices.csv"
    if not path.exists():
        return []
    with path.open(newline="", encoding="utf-8") as fh:
        seen = {(r["repository"], r["commit"], r["path"], r["commit_date"]) for r in csv.DictReader(fh)}
    return [Pin(f"catalog {p.rsplit('/', 2)[-2] if '/' in p else p}", repo, commit, p, date, "commit" if date else "")
            for repo, commit, p, date in sorted(seen)]


def pins(data_dir: Path) -> list[Pin]:
    """Every pinned source of the build: the published files, then the price catalogs."""
    rounds = read_round_dates(Path(data_dir) / "reference")
    found = [_published_pin(p, rounds) for p in sorted((Path(data_dir) / "published").glob("*.json"))]
    return [p for p in found if p is not None] + _catalog_pins(Path(data_dir) / "reference")
