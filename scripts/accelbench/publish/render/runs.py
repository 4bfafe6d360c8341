"""The table of every stored run, with the anchors the result tables link to."""

from __future__ import annotations

import pandas as pd

from accelbench.core.text import VERSIONS_SHOWN, esc
from accelbench.publish.render.tables import html_table, partial_badge
from accelbench.publish.wording import tables as table_words


def runs_table(runs: list[dict]) -> str:
    """Every stored run, newest first, each with an anchor the result tables link to."""
    head = list(table_words.RUN_COLUMNS)
    rows = []
    for run in sorted(runs, key=lambda r: r["created_at"], reverse=True):
        env = run["environment"]
        devices = sorted({f'{d["name"]} ({d["platform"]}, ×{d["count"]})' for d in run["devices"]})
        versions = [f"{k} {v}" for k, v in env["versions"].items() if v and k in VERSIONS_SHOWN]
        statuses = pd.Series([r["status"] for r in run["records"]]).value_counts().to_dict()
        commit = run["code"].get("git_commit") or "unknown"
        cells = [
            f'<span id="run-{esc(run["run_id"])}">{esc(run["run_id"])}</span>'
            + ("" if run["complete"] else partial_badge(run.get("interrupted_by"))),
            esc(run["created_at"]), esc(env["host"]), esc(run["profile"]),
            "<br>".join(esc(d) for d in devices) or "–",
            " · ".join(esc(v) for v in versions) + f"<br>Python {esc(env['python'])}",  # two lines at most
            esc(commit[:10]) + (" (dirty)" if run["code"].get("dirty") else ""),
            ", ".join(f"{n} {esc(s)}" for s, n in sorted(statuses.items())) or "none",
        ]
        rows.append(cells)
    return html_table(head, rows)
