"""A workload's version: the code its results measure, as asv versions a benchmark, so that a title,
a chart, a table, a plan estimate, a comment or a docstring can change without making any stored
result stale, and a change to measured code stales only the results of the framework that runs it.

The rule, all of it in :func:`measured_version`. A framework's results of a workload have the
version the workload file declares in ``VERSION`` (a string for every framework, or a dict from
framework to string for those it names) where it does, else the SHA-256 of their measured code:

1. Files: the file defining ``<framework>_case`` (the companion ``<framework>/<workload>.py`` where
   there is one), the workload file, and each workload it USES with that framework's companion of it.
2. Roots: ``<framework>_case``, every definition in that file's code section for the framework
   (between ``# --8<-- [start:<framework>]`` and ``[end:<framework>]``: the code the page shows as
   what was timed) and the workload's work functions (``flops``, ``bytes_moved``, ``elements``,
   ``tokens``), from which a record's rates were derived.
3. Reach: a module-level definition (function, class, assignment, one imported name) of any of the
   files is measured where measured code mentions its name, as a variable or as an attribute
   (``gpt.CONFIGS``), and so on transitively; a module-level statement binding no name (a worker's
   ``if __name__ == "__main__":``) is measured where it mentions a measured function, class or
   constant. A name two files define reaches both: the version covers at least the measured code.
4. Text: each measured statement as written, less comments, docstrings, blank lines and trailing
   spaces, in the order of the files and of their source, under each file's path. Not
   ``ast.unparse``: its output changes between Python versions, and a run's version must not depend
   on the Python that ran it.

So TITLE, CLAIM, CHART, EXTRA_CHARTS, TABLE, PEAK, PROFILES, RUN_ORDER, priority, energy_params,
memory_bytes, setup_s and skip_reason are not part of a version unless measured code mentions them.

Records written before versions were measured code carry the hash of the whole workload file (and
of the files it USES and the companion): ``legacy_versions.json`` beside the snippets maps each such
hash of a committed revision to the measured-code version of that revision
(``scripts/legacy_versions.py`` computes it from git history). :func:`is_current` accepts one only
where that version is today's: the code it measured is the code measured now.
"""

from __future__ import annotations

import ast
import functools
import hashlib
import io
import json
import re
import tokenize
from dataclasses import dataclass
from pathlib import Path

from accelbench.core.metrics import RATES

WORK_FUNCTIONS = frozenset(m.work for m in RATES)  # flops, bytes_moved, elements, tokens
SECTION = re.compile(r"#\s*--8<--\s*\[(start|end):([\w-]+)\]")
LEGACY_FILE = "legacy_versions.json"


@dataclass(frozen=True)
class Statement:
    """One module-level statement of a snippet file, as versions see it."""

    text: str  # as written, less comments, docstrings and blank lines
    defines: frozenset[str]  # the names it binds (none: a statement that runs, as a __main__ block)
    mentions: frozenset[str]  # every name and attribute it refers to
    sections: frozenset[str]  # the frameworks whose code section on the page holds it
    imported: bool = False


@dataclass(frozen=True)
class SnippetFile:
    """A snippet file, parsed once per content (every framework of every workload reads it)."""

    statements: tuple[Statement, ...]
    uses: tuple[str, ...]  # USES: the workloads whose code this one runs
    declared: str | dict | None  # VERSION


def companion_path(path: Path, framework: str) -> Path:
    """Where a framework's companion of a workload file lives: snippets/<framework>/<workload>.py."""
    return Path(path).parent / framework / Path(path).name


def measured_version(path: Path, framework: str) -> str | None:
    """The version of ``framework``'s results of the workload file ``path`` (the rule above); None
    where it has no ``<framework>_case``."""
    path, case = Path(path), f"{framework}_case"
    own = companion_path(path, framework) if companion_path(path, framework).is_file() else path
    files = {f: _read(f) for f in _files(path, own, framework)}
    if not any(case in s.defines for s in files[own].statements):
        return None
    declared = files[path].declared
    declared = declared.get(framework) if isinstance(declared, dict) else declared
    if declared is not None:
        return _sha256(f"VERSION {declared}")
    statements = [(f, s) for f, read in files.items() for s in read.statements]
    roots = {i for i, (f, s) in enumerate(statements)  # rule 2
             if f == own and (case in s.defines or framework in s.sections) or f == path and s.defines & WORK_FUNCTIONS}
    return _sha256("\n".join(f"# {_name(f, path)}\n{s.text}" for f, s in _reach(statements, roots)))


def is_current(stored: str, now: str | None, legacy: dict[str, str]) -> bool:
    """Whether a result recorded with version ``stored`` measured today's code, whose version is
    ``now``: the same version, or a whole-file hash from before measured-code versions that the
    workload's and framework's ``legacy`` table maps to it (that revision's measured code was today's)."""
    return now is not None and legacy.get(stored, stored) == now


def legacy_versions(snippets_dir: Path) -> dict[tuple[str, str], dict[str, str]]:
    """(workload, framework) -> {whole-file hash recorded before measured-code versions: the version
    of the code it measured}, from ``legacy_versions.json`` (none where the file is absent)."""
    path = Path(snippets_dir) / LEGACY_FILE
    if not path.is_file():
        return {}
    table = json.loads(path.read_text(encoding="utf-8"))["versions"]
    return {(workload, framework): {old: row["version"] for old, row in rows.items()}
            for workload, frameworks in table.items() for framework, rows in frameworks.items()}


def _files(path: Path, own: Path, framework: str) -> list[Path]:
    """The files a framework's results can run code from, the one defining its case first (rule 1)."""
    workloads = [path, *(path.with_name(f"{name}.py") for name in _read(path).uses)]
    files = [own] + [f for w in workloads for f in (w, companion_path(w, framework)) if f.is_file()]
    return list(dict.fromkeys(files))


def _reach(statements: list[tuple[Path, Statement]], roots: set[int]) -> list[tuple[Path, Statement]]:
    """The statements measured code reaches from the ``roots`` (indices), in their order (rule 3)."""
    chosen, names, constants, new = set(), set(), set(), roots
    while new:
        chosen |= new
        for _, s in (statements[i] for i in new):
            names |= s.mentions
            constants |= set() if s.imported else s.defines
        new = {i for i, (_, s) in enumerate(statements) if i not in chosen
               and (s.defines & names or (not s.defines and s.mentions & constants))}
    return [statements[i] for i in sorted(chosen)]


def _read(path: Path) -> SnippetFile:
    return _parse(str(path), Path(path).read_text(encoding="utf-8"))


@functools.lru_cache(maxsize=256)  # keyed by content: an edited file is parsed again
def _parse(name: str, code: str) -> SnippetFile:
    tree = ast.parse(code, filename=name)
    lines, comments, sections = code.splitlines(), _comments(code), _sections(code)
    statements = []
    for node in tree.body:
        held = frozenset(fw for fw, spans in sections.items() if any(a < node.lineno < b for a, b in spans))
        if isinstance(node, ast.Import | ast.ImportFrom):
            statements += [_imported(node, alias, held) for alias in node.names]
        else:
            statements.append(Statement(_text(lines, comments, node), _binds(node), _mentions(node), held))
    return SnippetFile(tuple(statements), tuple(_literal(tree, "USES") or ()), _literal(tree, "VERSION"))


def _imported(node: ast.Import | ast.ImportFrom, alias: ast.alias, sections: frozenset[str]) -> Statement:
    """One imported name as its own statement: importing another name beside it changes nothing."""
    bound = alias.asname or alias.name.split(".")[0]
    prefix = f"from {'.' * node.level}{node.module or ''} " if isinstance(node, ast.ImportFrom) else ""
    return Statement(f"{prefix}import {alias.name} as {bound}", frozenset({bound}), frozenset(), sections, imported=True)


def _binds(node: ast.stmt) -> frozenset[str]:
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return frozenset({node.name})
    targets = {ast.Assign: lambda n: n.targets, ast.AnnAssign: lambda n: [n.target], ast.AugAssign: lambda n: [n.target]}
    of = targets.get(type(node))
    return frozenset(n.id for t in of(node) for n in ast.walk(t) if isinstance(n, ast.Name)) if of else frozenset()


def _mentions(node: ast.AST) -> frozenset[str]:
    return frozenset(n.id if isinstance(n, ast.Name) else n.attr for n in ast.walk(node)
                     if isinstance(n, ast.Name | ast.Attribute))


def _sections(code: str) -> dict[str, list[tuple[int, int]]]:
    """Framework -> the (start, end) lines of its code sections, as the pages include them."""
    sections, open_ = {}, {}
    for number, line in enumerate(code.splitlines(), 1):
        if marker := SECTION.search(line):
            edge, framework = marker.groups()
            if edge == "start":
                open_[framework] = number
            elif framework in open_:
                sections.setdefault(framework, []).append((open_.pop(framework), number))
    return sections


def _text(lines: list[str], comments: dict[int, int], node: ast.stmt) -> str:
    """A statement as written (decorators included), less comments, docstrings, blank lines and
    trailing spaces (rule 4)."""
    first = min([node.lineno, *(d.lineno for d in getattr(node, "decorator_list", []))])
    kept = {n: lines[n - 1][:comments.get(n)] for n in range(first, node.end_lineno + 1)}
    for doc in _docstrings(node):
        _blank(kept, lines, doc)
    return "\n".join(line.rstrip() for line in kept.values() if line.strip())


def _comments(code: str) -> dict[int, int]:
    """Line -> the column its comment starts at (a comment runs to the end of its line)."""
    tokens = tokenize.generate_tokens(io.StringIO(code).readline)
    return {t.start[0]: t.start[1] for t in tokens if t.type == tokenize.COMMENT}


def _docstrings(node: ast.stmt) -> list[ast.Expr]:
    owners = (n for n in ast.walk(node) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef))
    return [o.body[0] for o in owners if o.body and isinstance(o.body[0], ast.Expr)
            and isinstance(o.body[0].value, ast.Constant) and isinstance(o.body[0].value.value, str)]


def _blank(kept: dict[int, str], lines: list[str], node: ast.expr) -> None:
    """Replace ``node``'s text with spaces (ast gives byte columns; lines are text)."""
    for n in range(node.lineno, node.end_lineno + 1):
        line = kept[n]
        start = _column(lines[n - 1], node.col_offset) if n == node.lineno else 0
        end = _column(lines[n - 1], node.end_col_offset) if n == node.end_lineno else len(line)
        kept[n] = line[:start] + " " * max(0, min(end, len(line)) - start) + line[end:]


def _column(line: str, byte_offset: int) -> int:
    return len(line.encode("utf-8")[:byte_offset].decode("utf-8", errors="ignore"))


def _literal(tree: ast.Module, name: str):
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
            return ast.literal_eval(node.value)
    return None


def _name(path: Path, workload: Path) -> str:
    """A file's path within snippets/, as the version names it."""
    return str(Path(path).relative_to(Path(workload).parent)).replace("\\", "/")


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
