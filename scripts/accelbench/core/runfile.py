"""The run file: schema, strict loading, validation that names the file and field, atomic write.

Validation needs ``jsonschema``; it is imported only when validating, so the runner works on a
machine that has just the frameworks (the lent GPU machine has no jsonschema).
"""

from __future__ import annotations

import json
import math
import os
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Any

SCHEMA_VERSION = 1
SUPPORTED_SCHEMA_VERSIONS = (1,)
SCHEMA_PATH = Path(__file__).with_name("schema") / "run.schema.json"
MAX_FILE_BYTES = 20 * 1024 * 1024  # a real run is well under 1 MB


class RunFileError(Exception):
    """A run file is invalid. ``problems`` holds one line per problem: 'FILE: FIELD: message'."""

    def __init__(self, problems: list[str]):
        super().__init__("\n".join(problems))
        self.problems = problems


@lru_cache(maxsize=1)
def schema() -> dict:
    """The shipped schema, with the profile names taken from the profile registry."""
    from accelbench.core.profiles import PROFILES

    loaded = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    loaded["properties"]["profile"] = {"enum": list(PROFILES)}
    return loaded


def _reject_constant(name: str):
    raise ValueError(f"{name} is not allowed in a run file")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):  # 1e999 parses as infinity
        raise ValueError(f"the number {text[:40]} is out of range")
    return value


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > 30:  # no count, size or time in a run file needs more digits
        raise ValueError(f"the number {text[:40]}... is out of range")
    return int(text)


def read_json(path: Path) -> Any:
    """Parse a run file strictly: size-capped, UTF-8, and no NaN or Infinity literals."""
    path = Path(path)
    size = path.stat().st_size
    if size > MAX_FILE_BYTES:
        raise RunFileError([f"{path}: (file): {size} bytes is larger than the {MAX_FILE_BYTES} byte limit"])
    try:
        return json.loads(path.read_text(encoding="utf-8"), parse_constant=_reject_constant,
                          parse_float=_finite_float, parse_int=_bounded_int)
    except UnicodeDecodeError as exc:
        raise RunFileError([f"{path}: (file): not UTF-8 text ({exc.reason})"]) from None
    except json.JSONDecodeError as exc:
        raise RunFileError([f"{path}: (file): not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"]) from None
    except ValueError as exc:
        raise RunFileError([f"{path}: (file): {exc}"]) from None
    except RecursionError:
        raise RunFileError([f"{path}: (file): nested too deeply to be a run file"]) from None


def _field(path_parts) -> str:
    """records[0].metrics.tflops; a key that is not a plain name is quoted, so a hostile key
    (with a newline, say) cannot break the one-line-per-problem output."""
    out = ""
    for part in path_parts:
        if isinstance(part, int):
            out += f"[{part}]"
        elif str(part).isidentifier():
            out += f".{part}" if out else str(part)
        else:
            out += f"[{json.dumps(str(part))}]"
    return out or "(top level)"


@lru_cache(maxsize=1)
def _fast_check():
    """The schema compiled to Python by fastjsonschema (about fifteen times faster), or None where
    it is not installed. Only used to pass valid files quickly: jsonschema words every error."""
    try:
        import fastjsonschema
    except ImportError:
        return None
    # the schema uses nothing newer than draft 7 besides the name "$defs", which refs reach by pointer
    return fastjsonschema.compile({**schema(), "$schema": "http://json-schema.org/draft-07/schema#"})


def fast_valid(data: Any) -> bool | None:
    check = _fast_check()
    if check is None:
        return None
    try:
        check(data)
        return True
    except Exception:  # JsonSchemaValueException, or anything odd input makes it raise
        return False


@lru_cache(maxsize=1)
def _validator():
    import jsonschema

    return jsonschema.Draft202012Validator(schema())


def problems_in(data: Any, path: Path | str) -> list[str]:
    """Every schema problem in ``data`` as 'FILE: FIELD: message' lines (empty when valid)."""
    if isinstance(data, dict) and data.get("schema_version") not in SUPPORTED_SCHEMA_VERSIONS:
        return [f"{path}: schema_version: {data.get('schema_version')!r} is not a supported version "
                f"(supported: {', '.join(map(str, SUPPORTED_SCHEMA_VERSIONS))})"]
    if fast_valid(data):
        return []
    validator = _validator()
    lines = []
    for error in sorted(validator.iter_errors(data), key=lambda e: list(map(str, e.absolute_path))):
        lines.append(f"{path}: {_field(error.absolute_path)}: {_short(error.message)}".replace("\n", "\\n"))
    return lines


def _short(message: str, limit: int = 200) -> str:
    return message if len(message) <= limit else message[: limit - 3] + "..."


def load_run(path: Path) -> dict:
    """Read and validate one run file; raises RunFileError naming the file and fields."""
    data = read_json(path)
    problems = problems_in(data, path)
    if problems:
        raise RunFileError(problems)
    return data


def dumps(run: dict) -> str:
    # allow_nan=False: a NaN or infinite measurement is a bug, never something to store
    return json.dumps(run, indent=1, sort_keys=False, allow_nan=False) + "\n"


# Why a measurement has no result. Only a limit of the chip or its framework is evidence about
# the chip; the others (our sizing, our time, our harness) leave that comparison unmeasured.
CATEGORIES = {
    "unsupported": "the device or framework cannot run it",
    # evidence about the framework on that chip (the frameworks verdict), not about any operation
    "framework_unsupported": "the framework does not run on this chip at all, as its maker documents",
    "precision": "its result missed the float64 reference by more than the tolerance",
    "out_of_memory": "it ran out of device memory",
    "too_large": "it needs more device memory than the device has (skipped before it started)",
    "timeout": "it ran past its time limit",
    "out_of_time": "the run's deadline left no time for it",
    "interrupted": "the run was stopped (Ctrl-C, SIGTERM) while it was being measured",
    "unavailable": "the framework is missing or cannot use the device here",
    "not_applicable": "the combination is not a meaningful measurement (one device, JAX without jit)",
    "error": "the snippet or the harness raised an error",
}
LIMIT_CATEGORIES = ("unsupported", "precision")  # a limit of the chip or its framework: evidence about the chip


def category_of(record: dict) -> str | None:
    """A failed or skipped record's category: its own, or, for files written before records had
    one, read from its reason."""
    if record.get("status") == "ok":
        return None
    if record.get("category"):
        return record["category"]
    reason = str(record.get("reason") or "")
    for prefix, category in (("wrong result", "precision"), ("out of memory", "out_of_memory"),
                             ("timeout", "timeout"), ("out of time", "out_of_time"), ("needs at least", "too_large"),
                             ("single device", "not_applicable"), ("a JAX training step runs under jax.jit", "not_applicable")):
        if reason.startswith(prefix):
            return category
    if "is not installed" in reason or " sees no " in reason or "failed to initialize" in reason:
        return "unavailable"
    return "unsupported" if record.get("status") == "skipped" else "error"


def measurement_key(workload: str, params: dict, framework: str, device: str | None) -> tuple:
    """What makes two records the same measurement (the snippet's version aside)."""
    return (workload, json.dumps(params, sort_keys=True), framework, device)


def stored_ok_versions(runs_dir: Path, warn) -> dict[tuple, set[str]]:
    """Measurement key -> the snippet versions with an ``ok`` record stored. Files that cannot be
    read are reported through ``warn`` and ignored here (``accelbench validate`` is where they fail)."""
    stored: dict[tuple, set[str]] = {}
    for path in sorted(Path(runs_dir).glob("*.json")):
        try:
            for rec in read_json(path).get("records", []):
                if rec.get("status") == "ok":
                    key = measurement_key(rec["workload"], rec["params"], rec["framework"], rec["device"])
                    stored.setdefault(key, set()).add(rec["snippet_hash"])
        except (RunFileError, OSError, AttributeError, KeyError, TypeError) as exc:
            warn(f"ignoring {path} when looking for stored results: {str(exc).splitlines()[0]}")
    return stored


def write_atomic(path: Path, run: dict, replace: bool = False) -> Path:
    """Write to a temporary file in the same folder, then rename: readers never see half a file,
    and an existing file is never overwritten (run files are append-only). ``replace``: the run
    in progress rewrites its own partial file (the runner claims the name with a first write
    without it)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = dumps(run)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem}.", suffix=".tmp")
    try:
        os.fchmod(fd, 0o666 & ~_umask())  # as an ordinary file would be, not mkstemp's 0600
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        if replace:
            os.replace(tmp, path)
            return path
        try:
            # os.link fails if the target exists, unlike os.replace: never clobber a stored run
            os.link(tmp, path)
        except FileExistsError:
            raise
        except OSError:  # a filesystem without hard links
            if path.exists():
                raise FileExistsError(path) from None
            os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return path



def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
