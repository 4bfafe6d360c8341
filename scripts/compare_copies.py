"""Double entry for a repository read file by file: two copies made independently (each perhaps
in parts, one folder a part) must list the same paths at the same commits and hold the same
files, each as long as the index said (``_files.tsv``: path, total characters, commit; a file
with CRLF line ends reads back shorter by one character a line). Where they agree, the copy is
written to OUT as one folder with one ``_listing.tsv``, ready for ``accelbench import ...
--listing OUT/_listing.tsv``; where they do not, every difference is printed and nothing is written.

    python scripts/compare_copies.py --a A1 A2 --b B1 B2 --out OUT [--only REGEX]

``--only`` keeps the copied files whose path matches REGEX (the files the importer reads), so a
file one copy took beyond its brief is set aside, named, rather than failing the comparison.
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
from pathlib import Path


def rows(folder: Path, name: str, problems: list[str]) -> list[list[str]]:
    """The rows of a copy's record, each at least (path, value); a short row or a path that would
    leave the copy (absolute, or with a '..' part) is a problem, not a row."""
    file = folder / name
    if not file.is_file():
        return []
    out = []
    for number, line in enumerate(file.read_text(encoding="utf-8").splitlines(), 1):
        fields = line.split("\t")
        if not line.strip():
            continue
        if len(fields) < 2 or not fields[0] or fields[0].startswith("/") or ".." in fields[0].split("/"):
            problems.append(f"{file}:{number}: not 'path<TAB>...': {line!r}")
            continue
        out.append(fields)
    return out


def copy(parts: list[Path]) -> tuple[dict[str, str], dict[str, tuple[Path, int]], list[str]]:
    """(listed path -> commit, copied path -> (its file, the characters the index gave), problems)."""
    listed, copied, problems = {}, {}, []
    for part in parts:
        for path, commit, *_ in rows(part, "_listing.tsv", problems):
            if listed.setdefault(path, commit) != commit:
                problems.append(f"{part}: {path} listed at {commit} and at {listed[path]}")
        for path, chars, *_ in rows(part, "_files.tsv", problems):
            file = part / path
            if not file.is_file() or not chars.isdigit():
                problems.append(f"{part}/_files.tsv: {path} recorded, no such file or no length")
                continue
            text = file.read_bytes().decode("utf-8")
            if len(text) not in (int(chars), int(chars) - text.count("\n")):
                problems.append(f"{file}: {len(text)} characters, the index gave {chars}")
            if path in copied and copied[path][0].read_bytes() != file.read_bytes():
                problems.append(f"{path}: copied twice in one copy ({copied[path][0]}, {file}), differently")
            copied[path] = (file, int(chars))
    return listed, copied, problems


def compare(a: list[Path], b: list[Path], only: str | None = None
            ) -> tuple[list[str], dict[str, str], dict[str, tuple[Path, int]]]:
    listed_a, copied_a, problems = copy(a)
    listed_b, copied_b, more = copy(b)
    problems += more
    if only:
        for copied in (copied_a, copied_b):
            for path in [p for p in copied if not re.search(only, p)]:
                print(f"set aside (not matched by --only): {path}")
                del copied[path]
    for path in sorted(set(listed_a) ^ set(listed_b)):
        problems.append(f"{path}: listed in copy {'A' if path in listed_a else 'B'} only")
    for path in sorted(set(listed_a) & set(listed_b)):
        if listed_a[path] != listed_b[path]:
            problems.append(f"{path}: at {listed_a[path]} in copy A, {listed_b[path]} in copy B")
    for path in sorted(set(copied_a) ^ set(copied_b)):
        problems.append(f"{path}: copied in copy {'A' if path in copied_a else 'B'} only")
    for path in sorted(set(copied_a) & set(copied_b)):
        if copied_a[path][0].read_bytes() != copied_b[path][0].read_bytes():
            problems.append(f"{path}: the two copies differ")
    for path in sorted(set(copied_a) - set(listed_a)):
        problems.append(f"{path}: copied, never listed")
    return problems, listed_a, copied_a


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--a", nargs="+", type=Path, required=True, help="the folders of copy A")
    parser.add_argument("--b", nargs="+", type=Path, required=True, help="the folders of copy B")
    parser.add_argument("--out", type=Path, required=True, help="where the agreed copy is written (must not exist)")
    parser.add_argument("--only", help="compare and write only the copied files whose path matches this regex")
    args = parser.parse_args(argv)
    problems, listed, copied = compare(args.a, args.b, args.only)
    for line in problems:
        print(line)
    print(f"{len(listed)} paths listed, {len(copied)} files copied, {len(problems)} difference(s)")
    if problems:
        return 1
    if args.out.exists():
        print(f"{args.out}: exists; nothing written")
        return 1
    for path, (file, _) in copied.items():
        (args.out / path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(file, args.out / path)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "_listing.tsv").write_text("".join(f"{p}\t{c}\n" for p, c in sorted(listed.items())), encoding="utf-8")
    print(f"agreed copy written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
