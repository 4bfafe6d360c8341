"""Where each source stands against its upstream: the commit every published file and price catalog is
pinned to (with its date, where the data records one), and, with a network, the newest commit upstream
that touches the same path (GitHub's commits API, no token), so that a source that has moved on is
marked stale. Offline, or where GitHub does not answer, a source is "not checked", never guessed.
`accelbench sources` prints it; `accelbench refresh` re-imports a stale source."""

from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass

from accelbench.store.pins import Pin, pins  # noqa: F401  (pins: as the command line names it)

API = "https://api.github.com/repos/{repository}/commits?per_page=1{path}"
TIMEOUT_S = 10
CURRENT, STALE, UNCHECKED = "current", "stale", "not checked"


@dataclass(frozen=True)
class Upstream:
    commit: str
    date: str


@dataclass(frozen=True)
class Checked:
    pin: Pin
    status: str  # CURRENT, STALE or UNCHECKED
    upstream: Upstream | None = None
    why: str = ""  # why it could not be checked


def newest_on_github(repository: str, path: str, opener: Callable = urllib.request.urlopen) -> Upstream:
    """The newest commit of REPOSITORY that touches PATH, from GitHub's commits API (raises on no answer)."""
    url = API.format(repository=repository, path=f"&path={urllib.parse.quote(path)}" if path else "")
    request = urllib.request.Request(url, headers={"Accept": "application/vnd.github+json", "User-Agent": "accelbench"})
    with opener(request, timeout=TIMEOUT_S) as response:
        found = json.loads(response.read().decode("utf-8"))
    if not found:
        raise ValueError(f"{repository}: no commit touches {path or 'the repository'}")
    return Upstream(found[0]["sha"], found[0]["commit"]["committer"]["date"][:10])


def check(found: list[Pin], newest: Callable[[str, str], Upstream] | None = newest_on_github) -> list[Checked]:
    """Each pin against its upstream; with ``newest`` None (offline), every one not checked. Each repository and
    path is asked once."""
    asked: dict[tuple[str, str], Upstream | str] = {}
    out = []
    for pin in found:
        if newest is None:
            out.append(Checked(pin, UNCHECKED, why="offline"))
            continue
        key = (pin.repository, pin.path)
        if key not in asked:
            try:
                asked[key] = newest(*key)
            except (urllib.error.URLError, OSError, ValueError, KeyError) as exc:
                asked[key] = str(getattr(exc, "reason", exc)) or type(exc).__name__
        answer = asked[key]
        if isinstance(answer, str):
            out.append(Checked(pin, UNCHECKED, why=answer))
        else:
            out.append(Checked(pin, CURRENT if answer.commit == pin.commit else STALE, answer))
    return out


def table(checked: list[Checked]) -> str:
    """The check as a plain-text table, one source a line, then a line on what could not be checked."""
    head = ("source", "repository", "pinned", "date", "upstream", "status")
    rows = [(c.pin.name, c.pin.repository, c.pin.commit[:12],
             f"{c.pin.date} ({c.pin.dated_by})" if c.pin.date else "not recorded",
             f"{c.upstream.commit[:12]} {c.upstream.date}" if c.upstream else "–", c.status) for c in checked]
    widths = [max(len(str(r[i])) for r in (head, *rows)) for i in range(len(head))]
    out = ["  ".join(str(v).ljust(w) for v, w in zip(r, widths, strict=True)).rstrip() for r in (head, *rows)]
    unchecked = sorted({c.why for c in checked if c.status == UNCHECKED})
    if unchecked:
        out.append(f"upstream could not be checked for {sum(c.status == UNCHECKED for c in checked)} source(s): "
                   + "; ".join(unchecked))
    return "\n".join(out)
