"""A copy of Epoch AI's notable_ai_models.csv in a public repository -> build_data/published/
epoch-notable-models.json, with the repository, commit and path it was read from and the line each
record starts on: the importer `accelbench import epoch-notable-models` runs.

    accelbench import epoch-notable-models path/to/ai-energy-explorer \\
        --commit 22699c8b2572068706dedd4397c1bff5e8dadf80 --file data/raw/notable_ai_models.csv

Only the columns of READ are kept (the others, such as abstracts, authors and cost estimates, are
left out: the attribution says so). Each hardware name is looked up in the hardware table
(hardware.py), which gives its platform and, where the reference data holds the chip, its id; the
table's ids are checked against build_data/reference/accelerators.csv. A bad record (a number that
is not one or is out of range, a date that is not YYYY-MM-DD, a required field empty, a hardware
name the table lacks, a Link with no web address) is refused and listed with its file, line and
field, every problem of it; the importer never stops on one. A CSV without one of READ's columns is
an error: its format has changed, and nothing is written. Same copy, same bytes.

Top-level imports are the standard library and this project's modules that use only it: the command
line reads this module on machines that only measure.
"""

from __future__ import annotations

import re
import subprocess
from datetime import UTC, date, datetime
from pathlib import Path

from accelbench.core.columns import csv_rows
from accelbench.core.reference import read_csv
from accelbench.sources.epoch_models.hardware import BY_NAME, HARDWARE, problems
from accelbench.sources.git import GitSource, Source

SCHEMA_VERSION = 1
KIND = "epoch-notable-models"
REPOSITORY = "spragada4/ai-energy-explorer"  # the newest public copy found (committed 2026-07-19)
PATH = "data/raw/notable_ai_models.csv"
DATABASE = {
    "publisher": "Epoch AI",
    "name": "Notable AI Models",
    "url": "https://epoch.ai/data/notable-ai-models",
    "documentation": "https://epoch.ai/data/notable-ai-models-documentation",
    "licence": "CC BY 4.0",
    "licence_url": "https://creativecommons.org/licenses/by/4.0/",
    "citation": "Epoch AI, 'Parameter, Compute and Data Trends in Machine Learning'. Published online at epoch.ai. "
                "Retrieved from: 'https://epoch.ai/data/notable-ai-models'",
    "changes": "Filtered: of Epoch AI's columns only the model, its organisations and their categories, the "
               "publication date, the domain, the training hardware and its quantity, the training compute and Epoch "
               "AI's confidence in it, the hardware utilization (MFU, HFU), the training power draw and the link are "
               "kept; records with a required field (model, date, link) empty or a field unreadable are left out and "
               "listed. Each hardware name is given its platform and, where this project's hardware reference holds "
               "the chip, its id, from this project's hardware table; Epoch AI's names and figures are otherwise as "
               "published.",
}

# Epoch's column -> this project's field, for every column kept; the others are left out
MODEL, ORGANIZATION, CATEGORY, DATE, DOMAIN = "Model", "Organization", "Organization categorization", \
    "Publication date", "Domain"
HARDWARE_COLUMN, QUANTITY, COMPUTE, CONFIDENCE = "Training hardware", "Hardware quantity", "Training compute (FLOP)", \
    "Confidence"
MFU, HFU, POWER, LINK = "Hardware utilization (MFU)", "Hardware utilization (HFU)", "Training power draw (W)", "Link"
READ = (MODEL, ORGANIZATION, CATEGORY, DATE, DOMAIN, HARDWARE_COLUMN, QUANTITY, COMPUTE, CONFIDENCE, MFU, HFU, POWER,
        LINK)
NUMBER = re.compile(r"^(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$")  # no sign, no nan, no inf, no _
ADDRESS = re.compile(r"https?://[^\s,]+")


# The contract every importer keeps with `accelbench import` (cli.py)

def add_arguments(parser) -> None:
    parser.add_argument("--file", default=PATH, help=f"the CSV's path inside SOURCE (default: {PATH})")
    parser.add_argument("--accessed", metavar="YYYY-MM-DD",
                        help="the day the copy was downloaded from Epoch AI, where its repository states it "
                             "(never guessed; leave it out where the repository does not say)")
    parser.add_argument("--accessed-stated-in", metavar="WHERE",
                        help="where the repository states that day (file and field), given with --accessed")


def check_arguments(args) -> str | None:
    """What is wrong with the command's arguments, or None."""
    if not args.file.endswith(".csv"):
        return f"--file {args.file!r} is not a .csv file"
    if bool(args.accessed) != bool(args.accessed_stated_in):
        return "--accessed and --accessed-stated-in go together: the day, and where the repository states it"
    if args.accessed and _day(args.accessed) is None:
        return f"--accessed {args.accessed!r} is not a day (YYYY-MM-DD)"
    return None


def repository(args) -> str:
    return REPOSITORY


def import_files(source: Source, args, reference_dir: Path) -> list[dict]:
    return [import_csv(source, args.file, reference_dir, args.accessed, args.accessed_stated_in)]


def summary(published: dict) -> str:
    refused = len({item["line"] for item in published["left_out"]})
    stated = sum(1 for r in published["rows"] if r["platform"])
    return (f"{published['source']['path']}: {published['read']} record(s) read, {len(published['rows'])} kept "
            f"({stated} with their training hardware), {refused} refused")


# Reading

def check_table(reference_dir: Path) -> None:
    """The hardware table is sound and every chip id in it is one of accelerators.csv's; where
    core.reference reads a missing file as empty, an import without it is an error."""
    path = Path(reference_dir) / "accelerators.csv"
    if not path.exists():
        raise FileNotFoundError(2, "No such file or directory", str(path))
    known = {row["chip"] for row in read_csv(path)}
    found = problems() + [f"hardware.py: {h.name!r}: chip {h.chip!r} is not in {path}"
                          for h in HARDWARE if h.chip is not None and h.chip not in known]
    if found:
        raise ValueError("\n".join(found))


def import_csv(source: Source, path: str, reference_dir: Path, accessed: str | None = None,
               accessed_stated_in: str | None = None) -> dict:
    """The CSV at ``path`` in ``source`` -> the published file (its rows and the records refused)."""
    check_table(reference_dir)
    text = source.read(path)
    if text is None:
        raise ValueError(f"{path}: no such file" + (f" at commit {source.commit}" if source.commit else ""))
    lines = _lines(text.removeprefix("\ufeff"))
    rows, left_out, read, end = [], [], 0, 1  # the header is line 1
    for last, record in csv_rows(path, READ, ValueError, lines=lines):
        start = end + 1
        while start < last and not lines[start - 1].strip():  # blank lines between records
            start += 1
        end, read = last, read + 1
        row, problems_of = read_record(record, start)
        if problems_of:
            left_out += [{"path": path, "line": start, "model": (record.get(MODEL) or "").strip() or None,
                          "field": field, "reason": f"line {start}, {field}: {reason}"} for field, reason in problems_of]
        else:
            rows.append(row)
    return {
        "schema_version": SCHEMA_VERSION, "kind": KIND,
        "source": {"repository": source.repository, "commit": source.commit, "path": path,
                   "url": f"https://github.com/{source.repository}", "committed": commit_day(source),
                   "accessed": accessed, "accessed_stated_in": accessed_stated_in},
        "database": DATABASE,
        "columns": list(READ),
        "read": read,
        "rows": rows,
        "left_out": left_out,
    }


def commit_day(source: Source) -> str | None:
    """The UTC day of the commit read, from git; None for a plain folder, which has no history."""
    if not isinstance(source, GitSource):
        return None
    out = subprocess.run(["git", "--git-dir", str(source.git_dir), "show", "-s", "--format=%ct", source.commit],
                         capture_output=True, text=True)
    if out.returncode != 0:
        raise ValueError(f"{source.git_dir}: git show {source.commit} failed: {out.stderr.strip()}")
    return datetime.fromtimestamp(int(out.stdout.strip()), UTC).date().isoformat()


def read_record(record: dict, line: int) -> tuple[dict | None, list[tuple[str, str]]]:
    """One CSV record -> (its row, []) or (None, [(field, reason), ...]) naming every problem."""
    problems_of: list[tuple[str, str]] = []

    def required(column: str) -> str | None:
        value = record[column].strip()
        if not value:
            problems_of.append((column, "empty (required)"))
        return value or None

    def number(column: str, *, integer=False, fraction=False) -> float | int | None:
        value = record[column].strip()
        if not value:
            return None
        if not NUMBER.match(value):
            problems_of.append((column, f"{value!r} is not a number"))
            return None
        found = float(value)
        if integer and (found != int(found) or found < 1):
            problems_of.append((column, f"{value!r} is not a whole number of chips (at least 1)"))
            return None
        if found <= 0 or (fraction and found > 1):
            problems_of.append((column, f"{value!r} is not {'a fraction above 0, at most 1' if fraction else 'above 0'}"))
            return None
        return int(found) if integer else found

    model, published, link = required(MODEL), required(DATE), required(LINK)
    if published is not None and _day(published) is None:
        problems_of.append((DATE, f"{published!r} is not a day (YYYY-MM-DD)"))
    links = [found.rstrip(";") for found in ADDRESS.findall(link or "")]  # a ';' may end one, before the next
    if link is not None and not links:
        problems_of.append((LINK, f"{_short(link)!r} holds no web address"))
    hardware = []
    for name in _items(record[HARDWARE_COLUMN]):
        known = BY_NAME.get(name)
        if known is None:
            problems_of.append((HARDWARE_COLUMN, f"{name!r} is not in the hardware table "
                                                 f"(sources/epoch_models/hardware.py): add it with its platform"))
            continue
        hardware.append({"name": name, "platform": known.platform, "chip": known.chip})
    figures = {"chips": number(QUANTITY, integer=True), "compute_flop": number(COMPUTE),
               "mfu": number(MFU, fraction=True), "hfu": number(HFU, fraction=True), "power_w": number(POWER)}
    if problems_of:
        return None, problems_of
    platforms = {h["platform"] for h in hardware}
    return {"line": line, "model": model, "organizations": _items(record[ORGANIZATION]),
            "categories": _items(record[CATEGORY]), "published": published, "domains": _items(record[DOMAIN]),
            "hardware": hardware, "platform": (platforms.pop() if len(platforms) == 1 else "mixed") if platforms else None,
            "chips": figures["chips"], "compute_flop": figures["compute_flop"],
            "compute_confidence": record[CONFIDENCE].strip() or None, "mfu": figures["mfu"], "hfu": figures["hfu"],
            "power_w": figures["power_w"], "links": links}, []


def _lines(text: str) -> list[str]:
    """The file's lines as git and GitHub number them: ended by a newline only (str.splitlines also
    ends a line at a record separator or a form feed, which Epoch's texts hold)."""
    parts = text.split("\n")
    return [part + "\n" for part in parts[:-1]] + ([parts[-1]] if parts[-1] else [])


def _items(cell: str) -> list[str]:
    """A multiple-choice cell (Epoch's export separates the choices with commas), each choice trimmed."""
    return [item.strip() for item in cell.split(",") if item.strip()]


def _day(text: str) -> date | None:
    if not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text):
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        return None


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= 60 else text[:57] + "..."
