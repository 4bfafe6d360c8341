"""`accelbench refresh`: a published source imported again at the newest commit upstream that touches
what it read, through its own importer, with every earlier commit's figures kept as history and the
judgement's changes said in words.

The upstream repository is fetched, bare, into a cache (``~/.cache/accelbench/git`` by default; any git
address works, a local folder included, which is how the tests run without a network). The file it
replaces is kept under ``published/history/<name>@<commit>.json``, which the build does not read: the
site judges the newest figures, and the history says what they were. A source declares how it is
imported again by its importer's ``refresh_arguments(published) -> arguments | None``; a source without
one says so and is left as it is."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from accelbench.sources.git import GitSource
from accelbench.store.pins import Pin, pins
from accelbench.store.published import SOURCES

CACHE = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "accelbench" / "git"
HISTORY = "history"  # published/history/: the figures of earlier commits, never read by the build


@dataclass(frozen=True)
class Refreshed:
    pin: Pin
    newest: str  # the newest commit upstream that touches the pinned path
    written: tuple[Path, ...]  # the published files written again ((): it was current)
    kept: tuple[Path, ...]  # the earlier files kept as history
    before: dict | None = None  # the judgement's public data before and after (the command line says what changed)
    after: dict | None = None


class RefreshError(ValueError):
    """A source that cannot be refreshed: the message says which and why."""


def _git(*args: str) -> str:
    out = subprocess.run(["git", *args], capture_output=True, text=True)
    if out.returncode != 0:
        raise RefreshError(f"git {' '.join(args)} failed: {out.stderr.strip()}")
    return out.stdout


def fetched(repository: str, upstream: str | None = None, cache: Path = CACHE) -> Path:
    """A bare clone of REPOSITORY in the cache, brought up to date from UPSTREAM (default: GitHub)."""
    address = upstream or f"https://github.com/{repository}.git"
    target = Path(cache) / repository.replace("/", "+")
    if not (target / "HEAD").is_file():
        target.parent.mkdir(parents=True, exist_ok=True)
        _git("clone", "--bare", "--quiet", address, str(target))
    else:
        _git("--git-dir", str(target), "fetch", "--quiet", "--force", address, "+HEAD:refs/remotes/upstream/HEAD")
        _git("--git-dir", str(target), "update-ref", "HEAD", "refs/remotes/upstream/HEAD")
    return target


def newest_commit(git_dir: Path, path: str) -> str:
    """The newest commit on the fetched branch that touches PATH (the whole repository for '')."""
    found = _git("--git-dir", str(git_dir), "log", "-1", "--format=%H", "HEAD", *(["--", path] if path else [])).strip()
    if not found:
        raise RefreshError(f"{git_dir}: no commit touches {path or 'the repository'}")
    return found


def _importer(data: dict):
    registered = SOURCES.get(data.get("kind", ""))
    if registered is None:
        raise RefreshError(f"no source declares the kind {data.get('kind')!r}")
    importer = registered.module("importer")
    arguments = getattr(importer, "refresh_arguments", lambda published: None)(data)
    if arguments is None:
        raise RefreshError(f"{data.get('name') or data.get('kind')}: its source declares no way to import it again "
                           f"(run `accelbench import {registered.kind}` by hand)")
    return registered, importer, arguments


def refreshable(data_dir: Path) -> list[Pin]:
    """The pinned published files a source can import again."""
    out = []
    for pin in pins(data_dir):
        path = Path(data_dir) / "published" / f"{pin.name}.json"
        if path.is_file():
            try:
                _importer(json.loads(path.read_text(encoding="utf-8")))
            except RefreshError:
                continue
            out.append(pin)
    return out


def refresh(data_dir: Path, name: str, judgement, upstream: str | None = None, cache: Path = CACHE) -> Refreshed:
    """Import the published file NAME (its stem) again at its upstream's newest commit. ``judgement(data_dir)``
    gives the judgement's public data, before and after."""
    data_dir = Path(data_dir)
    pin = next((p for p in pins(data_dir) if p.name == name), None)
    path = data_dir / "published" / f"{name}.json"
    if pin is None or not path.is_file():
        raise RefreshError(f"no published file {name!r} (accelbench sources lists them)")
    registered, importer, arguments = _importer(json.loads(path.read_text(encoding="utf-8")))
    git_dir = fetched(pin.repository, upstream, cache)
    newest = newest_commit(git_dir, pin.path)
    if newest == pin.commit:
        return Refreshed(pin, newest, (), ())
    before = judgement(data_dir)
    made = importer.import_files(GitSource(git_dir, pin.repository, newest), arguments, data_dir / "reference")
    kept = []
    for published in made:  # every file the import writes again, kept as it was before it is replaced
        old = data_dir / "published" / f"{registered.kind}-{published['name']}.json"
        if old.is_file():
            commit = json.loads(old.read_text(encoding="utf-8"))["source"]["commit"]
            kept_as = data_dir / "published" / HISTORY / f"{old.stem}@{commit[:12]}.json"
            kept_as.parent.mkdir(exist_ok=True)
            shutil.copyfile(old, kept_as)
            kept.append(kept_as)
    written = tuple(registered.write(data_dir, published) for published in made)
    return Refreshed(pin, newest, written, tuple(kept), before, judgement(data_dir))
