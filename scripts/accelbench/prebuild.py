"""The pre-build step (`accelbench render`): every fragment the pages include, rendered from the
store, the reference data and the snippets into a folder outside docs/, before any site
generator runs. MkDocs and Zensical both include the fragments with pymdownx.snippets, so the
content does not depend on either; `mkdocs serve` never loops, since no fragment is written into
docs/. The one exception: the CSV and JSON files under the results tables go to
docs/data/files/ (ignored by git), since both generators copy a static file only from docs/;
each is written only when its bytes change, so `mkdocs serve` does not loop, and files no table
offers any more are removed.

Pages are scanned for include lines; a fragment no page includes is not written, one with an
unknown fragment type, workload or metric stops the step naming the page and line, and the folder is
replaced as a whole, so a fragment left from an earlier render cannot hide a missing one.
Same data, same bytes.
"""

from __future__ import annotations

import os
import posixpath
import re
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from accelbench.core.reference import Reference
from accelbench.judge.judgement import judge
from accelbench.publish import downloads
from accelbench.publish.fragments import Context, FragmentError, Links, render
from accelbench.registry import REGISTRY, Registry
from accelbench.store.published import Published, load_published
from accelbench.store.store import Store, load_store
from accelbench.workloads.discovery import workload_settings

GENERATED = "generated"  # beside docs/, in the folder of mkdocs.yml
INCLUDE = re.compile(r'^(?P<indent>\s*)--8<--\s+"' + GENERATED + r'/(?P<path>[^"]+)"\s*$')


@dataclass(frozen=True)
class Include:
    where: str  # 'page.md:line', for messages
    folder: str  # the folder the fragment is rendered for ('' for the top of docs/)
    fragment_type: str  # the fragment type's name ("answers", "table"): "kind" is a kind of evidence
    args: tuple[str, ...]

    @property
    def path(self) -> str:
        return posixpath.join(self.folder, ".".join((self.fragment_type, *self.args)) + ".md")


def includes(docs_dir: Path) -> list[Include]:
    """Every fragment include line of every page, checked for its form. Like pymdownx.snippets,
    code blocks are no shelter: a page shows an include line by escaping it (``;--8<--``)."""
    found, errors = [], []
    for page in sorted(Path(docs_dir).rglob("*.md")):
        src = page.relative_to(docs_dir).as_posix()
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
            match = INCLUDE.match(line)
            if match:
                try:
                    found.append(_parse(match, src, f"{src}:{number}"))
                except FragmentError as exc:
                    errors.append(f"{src}:{number}: {exc}")
    if errors:
        raise FragmentError("\n".join(errors))
    return found


def _parse(match: re.Match, src: str, where: str) -> Include:
    folder, name = posixpath.split(match["path"])
    if match["indent"]:
        raise FragmentError("a fragment include must start at the beginning of a line (not inside an "
                            "admonition or list), or the HTML it holds breaks the page")
    if not name.endswith(".md"):
        raise FragmentError(f"fragments are .md files, got {name!r}")
    if folder != posixpath.dirname(src):
        raise FragmentError(f"this page's fragments are rendered for its own folder: "
                            f"{GENERATED}/{posixpath.join(posixpath.dirname(src), name)}, not {GENERATED}/{match['path']}")
    fragment_type, *args = name[: -len(".md")].split(".")
    return Include(where, folder, fragment_type, tuple(args))


def render_site(root: Path, data_dir: Path, snippets_dir: Path, *, strict: bool = True,
                warn: Callable[[str], None] | None = None, execute_notebooks: bool = True) -> Path:
    """Render every included fragment into ``root/generated`` (replacing the folder); returns it.
    Raises FragmentError (bad includes, a failing notebook) or RunFileError (bad run files,
    under ``strict``)."""
    root = Path(root)
    wanted = includes(root / "docs")
    store = load_store(data_dir, snippets_dir, strict=strict, warn=warn)
    base = context(store, Reference(Path(data_dir) / "reference"), workload_settings(snippets_dir), Links(""),
                   published=load_published(data_dir), docs_dir=root / "docs", data_dir=Path(data_dir),
                   execute_notebooks=execute_notebooks)
    outputs, files, errors = {}, {}, []
    for inc in wanted:
        if inc.path in outputs:
            continue
        try:
            made = render(base.with_links(Links(inc.folder)), inc.fragment_type, list(inc.args))
            files = downloads.merged(files, made.downloads)
            outputs[inc.path] = made.text
        except (FragmentError, downloads.DownloadError) as exc:
            errors.append(f"{inc.where}: {exc}")
    if errors:
        raise FragmentError("\n".join(errors))
    out = _replace_folder(root / GENERATED, outputs)
    # the files the tables offer for download: static files both generators copy into the site,
    # written only where their bytes changed (a rewrite would restart `mkdocs serve`)
    downloads.write_files(root / "docs" / downloads.FILES, {posixpath.relpath(k, downloads.FILES): v for k, v in files.items()})
    return out


def context(store: Store, reference: Reference, workloads: dict[str, dict], links: Links,
            published: Published | None = None, registry: Registry = REGISTRY, **options) -> Context:
    """What every fragment is rendered from: the data, and the judgement made from it once, here,
    before anything is published (``options``: Context's docs_dir, data_dir, execute_notebooks)."""
    published = Published() if published is None else published
    judgement = judge(store, published, reference, registry.rules)
    return Context(store, reference, workloads, links, judgement, dict(registry.fragment_types), published=published,
                   **options)


def _replace_folder(target: Path, outputs: dict[str, str]) -> Path:
    """Write the fragments into a new folder beside ``target``, then swap it in."""
    staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.", dir=target.parent))
    for rel, text in sorted(outputs.items()):
        path = staging / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    os.chmod(staging, 0o755)
    old = target.with_name(f".{target.name}.old")
    if target.exists():
        shutil.rmtree(old, ignore_errors=True)
        os.replace(target, old)
    os.replace(staging, target)
    shutil.rmtree(old, ignore_errors=True)
    return target
