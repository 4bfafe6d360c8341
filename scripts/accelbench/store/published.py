"""The registry of published sources (evidence published by others, kept apart from what this
project measured and from one another), and their files read back.

Each source is a folder, ``accelbench/sources/<name>/``, that declares itself here with
:func:`register` (its ``SOURCE``) and owns its format, importer, rules, tables and fragment types.
This module knows none of them by name: ``SOURCES`` lists what registered, by the ``kind`` their
files carry, and :func:`load_published` reads and validates every file in build_data/published/
through them. It also holds the schema machinery they share: validation with one-line messages
naming file and field, and the atomic, validated write."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import import_module
from pathlib import Path

from accelbench.core.runfile import RunFileError, read_json, write_atomic


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
    page: str = "published/index.md"  # the docs page that shows its results (answers link their counts there)
    rows_anchor: str = ""  # the heading's id, on that page, over the rows an answer's count counts
    # the kind as a sentence or a chart's legend says it, short ("MLPerf's audited results"); "" : its
    # label and title ("audited benchmark results (MLPerf Training)")
    noun: str = ""
    unit: str = "comparison"  # one comparison of its kind, as a count names it ("9 vendor pairs")

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


SOURCES: dict[str, Source] = {}  # kind -> source, in the order they registered (the order pages list them)


def register(source: Source) -> Source:
    """Declare a source (each source folder's ``SOURCE = register(Source(...))``)."""
    if SOURCES.get(source.kind, source) != source:
        raise ValueError(f"two published sources declare kind {source.kind!r}: {SOURCES[source.kind].package}, {source.package}")
    SOURCES[source.kind] = source
    return source


class Published(dict):
    """Each source's loaded data, by kind (absent: nothing of that kind is imported)."""


def load_published(data_dir: Path) -> Published:
    """Read every file in DATA_DIR/published/, validate it against the schema of the source its
    ``kind`` names, and load each source's files. Raises RunFileError naming file and field."""
    files: dict[str, list] = {}
    problems = []
    for path in sorted((Path(data_dir) / "published").glob("*.json")):
        data = read_json(path)
        kind = data.get("kind") if isinstance(data, dict) else None
        if kind not in SOURCES:
            problems.append(f"{path}: kind: {kind!r} is not a published source (known: {', '.join(SOURCES)})")
            continue
        found = problems_in(data, path, SOURCES[kind].schema)
        if found:
            problems += found
            continue
        files.setdefault(kind, []).append((path, data))
    if problems:
        raise RunFileError(problems)
    return Published({kind: SOURCES[kind].load(found) for kind, found in files.items()})


@cache
def _schema(schema: Path) -> dict:
    return json.loads(schema.read_text(encoding="utf-8"))


@cache
def _validator(schema: Path):
    import jsonschema

    return jsonschema.Draft202012Validator(_schema(schema))


def problems_in(data, path, schema: Path) -> list[str]:
    """Every schema problem as 'FILE: FIELD: message' lines. A file of another schema_version than
    the source's is one line, with what changed (the schema's description of its version): it is
    re-imported, never read as if it were of this one."""
    from accelbench.core.runfile import _field  # the same one-line field names as run files

    version = _schema(schema).get("properties", {}).get("schema_version", {})
    if isinstance(data, dict) and "const" in version and data.get("schema_version") != version["const"]:
        changed = f" ({version['description']})" if version.get("description") else ""
        return [f"{path}: schema_version: {data.get('schema_version')!r} is not {version['const']}, this source's "
                f"version: re-import it{changed}"]
    return [f"{path}: {_field(e.absolute_path)}: {e.message[:200]}".replace("\n", "\\n")
            for e in sorted(_validator(schema).iter_errors(data), key=lambda e: list(map(str, e.absolute_path)))]


def in_order(value, order: dict[str, tuple[str, ...]], at: str = ""):
    """VALUE with each object's keys in the order ORDER declares for its place ("" the top,
    "results[]" each result, "results[].runs[]" each of its runs), the keys it does not declare
    after them as they came (a system file's own software list keeps its source's order). Written
    so, a file's bytes follow from its data alone, never from the order an import built its dicts in."""
    if isinstance(value, list):
        return [in_order(item, order, f"{at}[]") for item in value]
    if not isinstance(value, dict):
        return value
    rank = {key: i for i, key in enumerate(order.get(at, ()))}
    keys = sorted(value, key=lambda key: rank.get(key, len(rank)))  # a stable sort: undeclared keys keep their order
    return {key: in_order(value[key], order, f"{at}.{key}" if at else key) for key in keys}


def write_published(path: Path, published: dict, schema: Path, canonical=None) -> Path:
    """Validate, then replace the file: an import is regenerated from its source, never edited.
    CANONICAL: the source's canonical form of a valid file (its lists and keys in a fixed order),
    so that the same data always writes the same bytes."""
    problems = problems_in(published, path, schema)
    if problems:
        raise RunFileError(problems)
    return write_atomic(path, canonical(published) if canonical else published, replace=Path(path).exists())
