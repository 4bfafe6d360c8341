"""A paper's reviewed file -> build_data/published/paper-<id>.json, checked.

Papers are not scraped: their figures are quoted by hand, word for word, into a small JSON file
that a reviewer checks against the paper (build_data/published/paper-tpu-v4.json is one). This
importer reads such a file from a checkout or git directory at a commit (so only text that was
committed, and so reviewed, is read) or from a plain folder, checks it with the same schema and
checks as every build (format.problems_of), and hands it to format.write, which checks it again
before replacing the file. Bad input stops it with one line per problem, naming file and field
(or line, for malformed JSON).

    accelbench import paper . --file build_data/published/paper-tpu-v4.json   # as committed at HEAD
"""

from __future__ import annotations

import json
from pathlib import Path

from accelbench.sources.git import Source

# The contract every importer keeps with `accelbench import` (cli.py)

REPOSITORY = "this project (a reviewed paper-<id>.json committed there)"


def add_arguments(parser) -> None:
    parser.add_argument("--file", required=True, help="the reviewed paper file's path inside SOURCE, as "
                                                       "build_data/published/paper-tpu-v4.json")


def check_arguments(args) -> str | None:
    """What is wrong with the command's arguments, or None."""
    return None if args.file.endswith(".json") else f"--file {args.file!r} is not a .json file"


def repository(args) -> str:
    return REPOSITORY


def read_paper(source: Source, path: str) -> dict:
    """The file, parsed and checked; ValueError with one line per problem."""
    from accelbench.sources.papers.format import SCHEMA, problems_of
    from accelbench.store.published import problems_in

    text = source.read(path)
    if text is None:
        raise ValueError(f"{path}: no such file" + (f" at commit {source.commit}" if source.commit else ""))
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{path}:{exc.lineno}: malformed JSON ({exc.msg})") from None
    problems = problems_in(data, path, SCHEMA) or problems_of(data, path)
    if problems:
        raise ValueError("\n".join(problems))
    return data


def import_files(source: Source, args, reference_dir: Path) -> list[dict]:
    return [read_paper(source, args.file)]


def summary(published: dict) -> str:
    return (f"{len(published['figures'])} figure(s) quoted from {published['citation']['title']!r} "
            f"(doi:{published['citation']['doi']}), {len(published['left_out'])} left out")
