"""Writes snippets/legacy_versions.json: the code each version recorded before measured-code versions
stands for.

Until versions were the code a result measures (accelbench.workloads.versions), a record's
``snippet_hash`` was the SHA-256 of its whole workload file and the files it USES, and for a
framework with a companion file, of that hash, the companion and the USES' companions
(``whole_file_hash`` below, as the engine computed it). Run files are never edited, so for every
revision of snippets/ in git history this writes, per workload and framework, that hash and the
measured-code version of the same revision: a record whose code is today's reads as current, one
whose code changed stays stale. Only committed revisions are read: a hash of uncommitted code is
unknown here and stays stale. Run it again when the rule in versions.py changes.

    .venv/bin/python scripts/legacy_versions.py      # from the project root
"""

from __future__ import annotations

import hashlib
import io
import json
import subprocess
import tarfile
import tempfile
from pathlib import Path

from accelbench.workloads.discovery import FRAMEWORKS, literals, snippet_files
from accelbench.workloads.versions import LEGACY_FILE, companion_path, measured_version

ROOT = Path(__file__).resolve().parents[1]
ABOUT = ("Versions recorded before versions were the measured code (the SHA-256 of the whole workload file, the "
         "files it USES and the framework's companion), by workload and framework, each with the measured-code "
         "version of the same revision and the first commit that had it; written by scripts/legacy_versions.py "
         "from git history. A record with such a hash is current where that version is today's.")


def whole_file_hash(path: Path, framework: str) -> str:
    """The version the engine recorded before measured-code versions (its source_hash and companion_hash)."""
    uses = [path.with_name(f"{name}.py") for name in literals(path, ("USES",)).get("USES", [])]
    digest = hashlib.sha256(path.read_bytes())
    for used in uses:
        digest.update(b"\0" + used.read_bytes())
    companion = companion_path(path, framework)
    if not companion.is_file():
        return digest.hexdigest()
    digest = hashlib.sha256(digest.hexdigest().encode() + b"\0" + companion.read_bytes())
    for used in (companion_path(u, framework) for u in uses):
        if used.is_file():
            digest.update(b"\0" + used.read_bytes())
    return digest.hexdigest()


def revisions() -> list[str]:
    """Every commit that changed snippets/, oldest first."""
    out = subprocess.run(["git", "rev-list", "--reverse", "HEAD", "--", "snippets"], cwd=ROOT, check=True,
                         capture_output=True, text=True).stdout
    return out.split()


def snippets_at(commit: str, into: Path) -> Path:
    """snippets/ as it was at ``commit``, extracted under ``into``."""
    tar = subprocess.run(["git", "archive", "--format=tar", commit, "snippets"], cwd=ROOT, check=True,
                         capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(tar)) as archive:
        archive.extractall(into, filter="data")
    return into / "snippets"


def table() -> dict:
    """workload -> framework -> whole-file hash -> {version, commit}, the first commit that had it."""
    versions: dict = {}
    for commit in revisions():
        with tempfile.TemporaryDirectory() as tmp:
            for path in snippet_files(snippets_at(commit, Path(tmp))):
                for framework in FRAMEWORKS:
                    version = measured_version(path, framework)
                    if version is not None:
                        rows = versions.setdefault(path.stem, {}).setdefault(framework, {})
                        rows.setdefault(whole_file_hash(path, framework), {"version": version, "commit": commit[:12]})
    return versions


def main() -> None:
    path = ROOT / "snippets" / LEGACY_FILE
    path.write_text(json.dumps({"about": ABOUT, "versions": table()}, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
