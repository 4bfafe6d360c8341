"""Notebooks as pages both site generators render: executed on the stored data (a failing cell
stops the build), converted to Markdown with their plots embedded, input cells as fenced code.

The .ipynb stays beside the page that includes it, so both generators publish it for download.
"""

from __future__ import annotations

import os
import re
from contextlib import contextmanager
from pathlib import Path

from accelbench.publish.wording.cards import TABLE_REGION
from accelbench.publish.wording.pages import DOWNLOAD_NOTEBOOK


class NotebookError(Exception):
    """A notebook could not be executed or converted; the message names it and the failing cell."""


@contextmanager
def _environment(**values: str):
    """Environment variables the notebook's kernel inherits, restored afterwards."""
    before = {k: os.environ.get(k) for k in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for key, value in before.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def to_markdown(path: Path, *, execute: bool, data_dir: Path, timeout_s: int = 600) -> str:
    """The notebook as Markdown: executed first (in its own folder, reading ``data_dir``) unless
    ``execute`` is false, then converted. Warnings a cell writes to stderr are left out of the page."""
    import nbformat
    from nbconvert import MarkdownExporter
    from nbconvert.preprocessors import CellExecutionError, ExecutePreprocessor
    from traitlets.config import Config

    try:
        book = nbformat.read(path, as_version=4)
    except (OSError, ValueError) as exc:
        raise NotebookError(f"{path}: cannot read the notebook ({exc})") from None
    if execute:
        runner = ExecutePreprocessor(timeout=timeout_s, allow_errors=False, kernel_name="python3")
        try:
            with _environment(ACCELBENCH_DATA_DIR=str(Path(data_dir).resolve())):
                runner.preprocess(book, {"metadata": {"path": str(Path(path).parent)}})
        except CellExecutionError as exc:
            raise NotebookError(f"{path}: a cell failed:\n{exc}") from None
    for cell in book.cells:
        if cell.cell_type == "code":
            cell.outputs = [o for o in cell.outputs if not (o.get("output_type") == "stream" and o.get("name") == "stderr")]
    # images embedded as data: URIs, so the page needs no file beside it in either generator
    exporter = MarkdownExporter(config=Config({"ExtractOutputPreprocessor": {"enabled": False}}))
    body, _ = exporter.from_notebook_node(book)
    return _with_download_button(_focusable_tables(body), Path(path).name)


def _focusable_tables(markdown: str) -> str:
    """Each table a cell displayed (pandas writes class="dataframe") in a box that scrolls sideways
    and takes the keyboard's focus, so a wide one can be read without a mouse."""
    return re.sub(r'<table border="1" class="dataframe">.*?</table>',
                  lambda m: (f'<div class="ab-dataframe" tabindex="0" role="region" aria-label="{TABLE_REGION}">'
                             f"{m.group(0)}</div>"), markdown, flags=re.S)


def _with_download_button(markdown: str, filename: str) -> str:
    """A download button for the .ipynb under the notebook's title (or first, if it has none)."""
    button = f"[{DOWNLOAD_NOTEBOOK.format(file=filename)}]({filename}){{ .md-button }}\n"
    lines = markdown.split("\n")
    title = next((i for i, line in enumerate(lines) if line.startswith("# ")), None)
    if title is None:
        return button + "\n" + markdown
    return "\n".join([*lines[: title + 1], "", button, *lines[title + 1:]])
