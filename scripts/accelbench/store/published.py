"""The registry of published sources (evidence published by others, kept apart from what this
project measured and from one another), and their files read back.

Each source is a folder, ``accelbench/sources/<name>/``, whose ``SOURCE`` declares it (a :class:`Source`)
and which owns its format, importer, rules, tables and fragment types; accelbench/sources/__init__.py
registers the list of them. This module knows none of them by name: ``SOURCES`` lists what registered,
by the ``kind`` their files carry, and :func:`load_published` reads and validates every file in build_data/published/
through them. It also holds the schema machinery they share: validation with one-line messages
naming file and field, and the atomic, validated write."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import cache
from importlib import import_module
from pathlib import Path

from accelbench.core.runfile import RunFileError, read_json, write_atomic


@dataclass(frozen=True)
class Source:
    """One kind of published evidence, declared once: what readers call it, and every module of its folder by
    the stage of the pipeline it belongs to, from which the registry takes its rules and fragment types, the
    wording its templates, and the layer test each module's stage. Its ``format`` module holds SCHEMA, load,
    write, COLUMNS, dataset_rows and describe; its ``importer`` the command that writes its files. A module is
    imported only when asked for, so that declaring a source needs neither pandas nor the site's packages
    (the command line reads the declarations on machines that only measure)."""

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
    # its modules, by stage: its file format, importer and their helpers (store); the modules whose rules the
    # registry applies (judge); its tables and the module of its fragment types (publish)
    store: tuple[str, ...] = ("format", "importer")
    rules: tuple[str, ...] = ("rules",)
    tables: tuple[str, ...] = ("tables",)
    fragments: str = "fragments"
    wording: str = ""  # the module (by its full name) whose LINES word its findings' lines; "" where it has none

    def __post_init__(self):
        if "format" not in self.store:  # its files are read through it
            raise ValueError(f"source {self.kind!r}: its store modules name no format: {self.store}")

    def stages(self) -> dict[str, str]:
        """Each of its modules (as named in its folder) -> the stage it belongs to."""
        return {**dict.fromkeys(self.store, "store"), **dict.fromkeys(self.rules, "judge"),
                **dict.fromkeys((*self.tables, self.fragments), "publish")}

    def module(self, name: str):
        """One of its declared modules, imported."""
        if name not in self.stages():
            raise ValueError(f"source {self.kind!r} declares no module {name!r} (declared: {', '.join(self.stages())})")
        return import_module(f"{self.package}.{name}")

    def rule_modules(self) -> tuple:
        return tuple(self.module(name) for name in self.rules)

    def fragment_module(self):
        return self.module(self.fragments)

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
    """Add a declared source to the registry (accelbench/sources/__init__.py registers its list of them)."""
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
        found = _problems_in_file(data, path, SOURCES[kind].schema)
        if found:
            problems += found
            continue
        files.setdefault(kind, []).append((path, data))
    if problems:
        raise RunFileError(problems)
    return Published({kind: SOURCES[kind].load(found) for kind, found in files.items()})


# (schema, digest of a file's bytes) found valid in this process: a re-render (`mkdocs serve`, each test of a
# session) reads the same unchanged files again, and validating them took most of load_published's time
_VALID: set[tuple[Path, str]] = set()


def _problems_in_file(data, path: Path, schema: Path) -> list[str]:
    """problems_in, once per content: a file whose bytes were found valid against SCHEMA is not validated again."""
    key = (schema, hashlib.sha256(path.read_bytes()).hexdigest())
    if key in _VALID:
        return []
    found = problems_in(data, path, schema)
    if not found:
        _VALID.add(key)
    return found


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
