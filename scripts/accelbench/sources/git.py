"""Where a published source is read from: a git directory (as the fetch of a public repository
gives, bare) read at one commit, or a checkout, or a plain folder of files with the commit given,
or a listing of a repository's paths with copies of some of its files (``ListedSource``: a
repository that cannot be fetched, read file by file).
Every importer reads through this, so every row it writes can name repository, commit and path;
and, from a git directory, the day each line was first published (``line_dates``, by git blame)."""

from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Protocol


class Source(Protocol):
    repository: str
    commit: str | None

    def paths(self) -> list[str]: ...

    def read(self, path: str) -> str | None: ...


@dataclass
class DirSource:
    """A checkout of a result repository."""

    root: Path
    repository: str
    commit: str | None = None

    def paths(self) -> list[str]:
        return sorted(p.relative_to(self.root).as_posix() for p in self.root.rglob("*")
                      if p.is_file() and ".git" not in p.parts)

    def read(self, path: str) -> str | None:
        file = self.root / path
        return file.read_text(encoding="utf-8", errors="replace") if file.is_file() else None


@dataclass
class ListedSource:
    """A repository known by its listing (``path<TAB>commit`` per line, as an index of the
    repository lists it) and copies of some of its files in a folder: every listed path is one of
    the repository's files, and one without a copy reads as absent (None), as a snapshot without
    its largest files does. Top-level files named ``_*`` in the folder are the copy's own records
    (its listing, what was read), never the repository's."""

    root: Path
    repository: str
    commit: str | None
    listing: Path

    def paths(self) -> list[str]:
        rows = []
        for number, line in enumerate(Path(self.listing).read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            path, _, commit = line.partition("\t")
            if not path or not re.fullmatch(r"[0-9a-f]{40}", commit) or path.startswith("/") or ".." in path.split("/"):
                raise ValueError(f"{self.listing}:{number}: not 'path<TAB>commit': {line!r}")
            if commit != self.commit:  # every row written from it names this one commit
                raise ValueError(f"{self.listing}:{number}: {path} listed at {commit}, not at {self.commit}")
            if "/" in path or not path.startswith("_"):
                rows.append(path)
        return sorted(set(rows))

    def read(self, path: str) -> str | None:
        if "/" not in path and path.startswith("_"):
            return None
        file = Path(self.root) / path
        return file.read_text(encoding="utf-8", errors="replace") if file.is_file() else None


class GitSource:
    """A git directory (bare or not) read at one commit with git ls-tree and git cat-file."""

    def __init__(self, git_dir: Path, repository: str, commit: str = "HEAD"):
        self.git_dir, self.repository = Path(git_dir), repository
        self.commit = self._git("rev-parse", commit).strip()
        self._batch = None

    def _git(self, *args: str) -> str:
        out = subprocess.run(["git", "--git-dir", str(self.git_dir), *args], capture_output=True, text=True)
        if out.returncode != 0:
            raise ValueError(f"{self.git_dir}: git {' '.join(args)} failed: {out.stderr.strip()}")
        return out.stdout

    def paths(self) -> list[str]:
        return sorted(self._git("ls-tree", "-r", "--name-only", self.commit).splitlines())

    def read(self, path: str) -> str | None:
        if self._batch is None:
            self._batch = subprocess.Popen(["git", "--git-dir", str(self.git_dir), "cat-file", "--batch"],
                                           stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self._batch.stdin.write(f"{self.commit}:{path}\n".encode())
        self._batch.stdin.flush()
        header = self._batch.stdout.readline().decode().split()
        if len(header) < 3 or header[1] != "blob":
            return None
        data = self._batch.stdout.read(int(header[2]))
        self._batch.stdout.read(1)  # the newline after each object
        return data.decode("utf-8", errors="replace")


def open_source(path: Path, repository: str, commit: str = "HEAD", listing: Path | None = None) -> Source:
    """A result repository: with ``listing``, the listed paths and the folder's copies of some of
    them at ``commit``; else a git directory (bare, or a checkout's .git) read at ``commit``, else
    a plain folder of files."""
    path = Path(path)
    if not path.is_dir():
        raise ValueError("no such folder")
    if listing is not None:
        if not Path(listing).is_file():
            raise ValueError(f"{listing}: no such listing file")
        if commit == "HEAD":
            raise ValueError("a listing needs --commit: the commit it lists")
        return ListedSource(path, repository, commit, Path(listing))
    if (path / "objects").is_dir() and (path / "HEAD").is_file():
        return GitSource(path, repository, commit)
    if (path / ".git").exists():
        return GitSource(path / ".git", repository, commit)
    return DirSource(path, repository, commit if commit != "HEAD" else None)


def line_dates(source: Source, path: str) -> dict[int, tuple[str, str]]:
    """Line -> (the UTC day of the commit that first published it, that commit), by git blame at
    the imported commit, following lines moved from another file of the same commit (-C: NVIDIA
    moves a release's section from the summary to the archive); empty for a plain folder, which
    has no history."""
    if not isinstance(source, GitSource):
        return {}
    for follow in (["-C"], []):
        out = subprocess.run(["git", "--git-dir", str(source.git_dir), "blame", *follow, "--porcelain", source.commit,
                              "--", path], capture_output=True, text=True)
        if out.returncode == 0:
            break
    else:
        return {}
    lines, found, times, i = out.stdout.splitlines(), {}, {}, 0
    while i < len(lines):
        parts = lines[i].split()
        sha, final = parts[0], int(parts[2])
        i += 1
        while i < len(lines) and not lines[i].startswith("\t"):
            if lines[i].startswith("committer-time "):
                times[sha] = int(lines[i].split()[1])
            i += 1
        i += 1  # the line itself
        found[final] = sha
    return {line: (datetime.fromtimestamp(times[sha], UTC).date().isoformat(), sha)
            for line, sha in found.items() if sha in times}
