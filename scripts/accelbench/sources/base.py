"""What every published source declares (:class:`Source`), and the schema machinery they share:
validation with one-line messages naming file and field, and the atomic, validated write.

A source's files live in build_data/published/; each names its ``kind``, which picks the source
that reads it (accelbench.sources.SOURCES)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import import_module
from pathlib import Path

from accelbench.runfile import RunFileError, write_atomic


@dataclass(frozen=True)
class Source:
    """One kind of published evidence, as the registry lists it. Its folder holds, by convention,
    ``format`` (SCHEMA, load, write, COLUMNS, dataset_rows, describe), ``importer``, ``rules`` and
    ``fragments``; they are imported only when asked for, so that the registry itself needs
    neither pandas nor jsonschema (the command line reads it on machines that only measure)."""

    kind: str  # the `kind` field of its files
    title: str  # its name, as readers see it ("MLPerf Training")
    label: str  # the kind of evidence, as readers see it ("audited benchmark results")
    dataset: str  # the name of its dataset file, without extension
    package: str  # the folder's module
    for_training: bool = True  # False: its results are not training (inference); answers show, never count them
    vendor: bool = False  # reported or written by a chip's vendor

    def module(self, name: str):
        return import_module(f"{self.package}.{name}")

    @property
    def format(self):
        return self.module("format")

    @property
    def schema(self) -> Path:
        return self.format.SCHEMA

    def load(self, files: list[tuple[Path, dict]]):
        """Its validated files -> the data its rules and pages read."""
        return self.format.load(files)

    def write(self, data_dir: Path, published: dict) -> Path:
        return self.format.write(data_dir, published)

    @property
    def columns(self):
        return self.format.COLUMNS  # of its dataset file, each with meaning and unit

    def rows(self, data) -> list[dict]:
        return self.format.dataset_rows(data)

    def describe(self, rows: list[dict]) -> str:
        return self.format.describe(rows)


@cache
def _validator(schema: Path):
    import jsonschema

    return jsonschema.Draft202012Validator(json.loads(schema.read_text(encoding="utf-8")))


def problems_in(data, path, schema: Path) -> list[str]:
    from accelbench.runfile import _field  # the same one-line field names as run files

    return [f"{path}: {_field(e.absolute_path)}: {e.message[:200]}".replace("\n", "\\n")
            for e in sorted(_validator(schema).iter_errors(data), key=lambda e: list(map(str, e.absolute_path)))]


def write_published(path: Path, published: dict, schema: Path) -> Path:
    """Validate, then replace the file: an import is regenerated from its source, never edited."""
    problems = problems_in(published, path, schema)
    if problems:
        raise RunFileError(problems)
    return write_atomic(path, published, replace=Path(path).exists())
