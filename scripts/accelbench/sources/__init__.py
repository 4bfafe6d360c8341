"""The registry of published sources: evidence published by others, kept apart from what this
project measured and from one another. Each source is a folder (sources/<name>/) owning its file
format, importer, rules, tables and fragment kinds; this registry lists them by the ``kind`` their
files carry, and reads and validates every file in build_data/published/ through them.

Adding a source is adding its folder and one line to ``SOURCES``.
"""

from __future__ import annotations

from pathlib import Path

from accelbench.runfile import RunFileError, read_json
from accelbench.sources import mlperf_inference, mlperf_training, papers, vendor_training
from accelbench.sources.base import Source, problems_in

SOURCES: dict[str, Source] = {s.kind: s for s in (
    mlperf_training.SOURCE,
    mlperf_inference.SOURCE,
    papers.SOURCE,
    vendor_training.SOURCE,
)}


def register_rules() -> None:
    """Import every source's rules, which register themselves in judging.RULES."""
    for source in SOURCES.values():
        source.module("rules")


def register_fragments() -> None:
    """Import every source's fragment kinds, which register themselves in fragments.core.KINDS."""
    for source in SOURCES.values():
        source.module("fragments")


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
