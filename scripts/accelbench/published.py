"""Results published by others (MLPerf Training), kept apart from what this project measured:
their files, their schema, their one reader, and the table the pages and verdicts read.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import pandas as pd

from accelbench.runfile import RunFileError, read_json, write_atomic

SCHEMA_PATH = Path(__file__).with_name("schema") / "published.schema.json"


def published_path(data_dir: Path, round_name: str) -> Path:
    return Path(data_dir) / "published" / f"mlperf-training-{round_name}.json"


@lru_cache(maxsize=1)
def _validator():
    import jsonschema

    return jsonschema.Draft202012Validator(json.loads(SCHEMA_PATH.read_text(encoding="utf-8")))


def problems_in(data, path) -> list[str]:
    from accelbench.runfile import _field  # the same one-line field names as run files

    return [f"{path}: {_field(e.absolute_path)}: {e.message[:200]}".replace("\n", "\\n")
            for e in sorted(_validator().iter_errors(data), key=lambda e: list(map(str, e.absolute_path)))]


def write_published(path: Path, published: dict) -> Path:
    """Validate, then replace the round's file: an import is regenerated from its source, never edited."""
    problems = problems_in(published, path)
    if problems:
        raise RunFileError(problems)
    return write_atomic(path, published, replace=Path(path).exists())


@dataclass
class Published:
    """Every imported round: one row per system and benchmark, with its round and provenance."""

    rounds: list[dict]
    results: pd.DataFrame

    def round_of(self, name: str) -> dict | None:
        return next((r for r in self.rounds if r["round"] == name), None)


def load_published(data_dir: Path) -> Published:
    """Read and validate every published file; raises RunFileError naming file and field."""
    rounds, rows, problems = [], [], []
    for path in sorted((Path(data_dir) / "published").glob("*.json")):
        data = read_json(path)
        found = problems_in(data, path)
        if found:
            problems += found
            continue
        rounds.append(data)
        for result in data["results"]:
            rows.append({**result, "round": data["round"], "repository": data["source"]["repository"],
                         "commit": data["source"]["commit"], "file": str(path)})
    if problems:
        raise RunFileError(problems)
    rounds.sort(key=lambda r: _round_key(r["round"]))
    return Published(rounds, pd.DataFrame(rows))


def _round_key(name: str) -> tuple[int, ...]:
    return tuple(int(part) for part in name.lstrip("v").split("."))


def newest_first(names) -> list[str]:
    return sorted(set(names), key=_round_key, reverse=True)
