"""The tables of Epoch AI's Notable AI Models, drawn from the queries' data (queries.py), each with
its rows as raw values for its CSV and JSON: who trained what on which chip, platforms per
organisation category and per year, the largest training runs, and the utilisation reported. What
was used, never what is faster: no table compares a speed."""

from __future__ import annotations

import math
from collections.abc import Callable

from accelbench.core.text import esc, num_cell, row_ids
from accelbench.publish.render.tables import Table, html_table
from accelbench.publish.wording import epoch as wording
from accelbench.publish.wording.epoch import MEASURE_NAMES, NOT_STATED, PLATFORM_NAMES, RECORD_TITLE, record_link
from accelbench.sources.epoch_models.queries import PlatformCount, Utilisation


def flop_text(value: float) -> str:
    """3.14e23 -> '3.14×10<sup>23</sup>' (HTML)."""
    exponent = math.floor(math.log10(value))
    mantissa = value / 10 ** exponent
    if round(mantissa, 2) >= 10:  # 9.999e23 rounds up to the next power
        mantissa, exponent = mantissa / 10, exponent + 1
    return f"{mantissa:.3g}×10<sup>{exponent}</sup>"


def _hardware(row: dict, name_of: Callable[[str], str]) -> str:
    """Each hardware item as Epoch AI names it, with the chip the reference knows it as beneath."""
    if not row["hardware"]:
        return f"<small>{NOT_STATED}</small>"
    out = []
    for h in row["hardware"]:
        known = f"<br><small>{esc(name_of(h['chip']))}</small>" if h["chip"] else ""
        out.append(f"{esc(h['name'])}{known}")
    return "<br>".join(out)


def _model(row: dict) -> str:
    return f'<a href="{esc(row["links"][0])}">{esc(row["model"])}</a>'


def _record(row: dict) -> str:
    return f'<a href="{esc(row["url"])}" title="{RECORD_TITLE}">{record_link(row["line"])}</a>'


def _raw(row: dict) -> dict:
    return {"model": row["model"], "organizations": "; ".join(row["organizations"]) or None,
            "categories": "; ".join(dict.fromkeys(row["categories"])) or None, "published": row["published"],
            "hardware": "; ".join(h["name"] for h in row["hardware"]) or None,
            "chip_ids": "; ".join(h["chip"] or "" for h in row["hardware"]) or None, "platform": row["platform"],
            "chips": row["chips"], "compute_flop": row["compute_flop"], "link": row["links"][0], "line": row["line"],
            "url": row["url"]}


MODELS_HEAD = wording.MODELS_COLUMNS


def models_table(rows: list[dict], name_of: Callable[[str], str], *, anchor: str) -> Table:
    """One row per model: the organisation, the model linked to its own paper or announcement, the
    hardware, its platform, how many chips, the compute and the record it was read from."""
    body, keys, data = [], [], []
    for r in rows:
        body.append([esc(", ".join(r["organizations"]) or NOT_STATED), _model(r), esc(r["published"]),
                     _hardware(r, name_of), esc(PLATFORM_NAMES[r["platform"]]),
                     num_cell(f"{r['chips']:,}" if r["chips"] else "–", r["chips"]),
                     num_cell(flop_text(r["compute_flop"]) if r["compute_flop"] else "–", r["compute_flop"]),
                     _record(r)])
        keys.append([r["model"]])
        data.append(_raw(r))
    return Table(html_table(MODELS_HEAD, body, ids=row_ids(anchor, keys)) if body else None, data)


def group_text(group: tuple[str, ...] | int) -> str:
    if isinstance(group, int):
        return str(group)
    return " + ".join(group) or NOT_STATED


def _share(count: PlatformCount, platform: str) -> str:
    found = count.share(platform)
    return num_cell(f"{found:.0%}" if found is not None else "–", found)


def platforms_table(counts: list[PlatformCount], group_head: str, *, anchor: str) -> Table:
    """One row per group: models trained on GPUs, TPUs, other chips, several platforms, hardware not
    stated, and the GPU's and TPU's share of those stated."""
    head = [group_head, *wording.PLATFORMS_TABLE_COLUMNS]
    body, keys, data = [], [], []
    for c in counts:
        body.append([esc(group_text(c.group)),
                     *(num_cell(str(n), n) for n in (c.gpu, c.tpu, c.other, c.mixed, c.not_stated, c.total)),
                     _share(c, "gpu"), _share(c, "tpu")])
        keys.append([group_text(c.group)])
        data.append({"group": group_text(c.group), "gpu": c.gpu, "tpu": c.tpu, "other": c.other, "mixed": c.mixed,
                     "not_stated": c.not_stated, "models": c.total, "gpu_share_of_stated": c.share("gpu"),
                     "tpu_share_of_stated": c.share("tpu")})
    return Table(html_table(head, body, ids=row_ids(anchor, keys)) if body else None, data)


def largest_table(rows: list[dict], name_of: Callable[[str], str], *, anchor: str) -> Table:
    """The largest training runs, largest first, with the chip, the count and Epoch AI's confidence."""
    head = list(wording.LARGEST_TABLE_COLUMNS)
    body, keys, data = [], [], []
    for rank, r in enumerate(rows, 1):
        body.append([num_cell(str(rank), rank), _model(r), esc(", ".join(r["organizations"]) or NOT_STATED),
                     esc(r["published"]), num_cell(flop_text(r["compute_flop"]), r["compute_flop"]),
                     esc(r["compute_confidence"] or NOT_STATED), _hardware(r, name_of),
                     num_cell(f"{r['chips']:,}" if r["chips"] else "–", r["chips"]), _record(r)])
        keys.append([r["model"]])
        data.append({"rank": rank, **_raw(r), "compute_confidence": r["compute_confidence"]})
    return Table(html_table(head, body, ids=row_ids(anchor, keys)) if body else None, data)


def utilisation_table(items: list[Utilisation], name_of: Callable[[str], str], *, anchor: str) -> Table:
    """One row per chip and measure: how many runs reported it, the median and the range, and the
    models (each linked to its own source)."""
    head = list(wording.UTILISATION_TABLE_COLUMNS)
    body, keys, data = [], [], []
    for u in items:
        chip = " + ".join((name_of(c) if c else n) for c, n in zip(u.chip, _names(u), strict=True)) or NOT_STATED
        written = f"<br><small>{esc(', '.join(u.hardware))}</small>" if u.hardware and chip != ", ".join(u.hardware) else ""
        models = ", ".join(f'<a href="{esc(r["links"][0])}">{esc(r["model"])}</a> ({v:.0%})' for v, r in u.values)
        body.append([esc(chip) + written, esc(PLATFORM_NAMES[u.platform]), MEASURE_NAMES[u.measure],
                     num_cell(str(u.count), u.count), num_cell(f"{u.median:.0%}", u.median),
                     num_cell(f"{u.low:.0%}–{u.high:.0%}" if u.count > 1 else f"{u.low:.0%}", u.low), models])
        keys.append([u.measure, chip])
        data.append({"chip": chip, "chip_ids": "; ".join(c or "" for c in u.chip) or None,
                     "hardware": "; ".join(u.hardware) or None, "platform": u.platform, "measure": u.measure,
                     "runs": u.count, "median": u.median, "low": u.low, "high": u.high,
                     "models": "; ".join(f"{r['model']} ({v})" for v, r in u.values)})
    return Table(html_table(head, body, ids=row_ids(anchor, keys)) if body else None, data)


def _names(u: Utilisation) -> list[str]:
    """Each hardware item's name, for the items of the group's first run (a chip the reference lacks
    is grouped by this name)."""
    return [h["name"] for h in u.values[0][1]["hardware"]]


def left_out_table(left_out: list[dict], url_of: Callable[[int], str]) -> str | None:
    """The records refused, each with its line and model, and why (the reason names line and field)."""
    if not left_out:
        return None
    body = [[f'<a href="{esc(url_of(i["line"]))}">{esc(i["path"])}:{i["line"]}</a>', esc(i["model"] or "–"),
             esc(i["reason"])] for i in left_out]
    return html_table(list(wording.LEFT_OUT_TABLE_COLUMNS), body)
