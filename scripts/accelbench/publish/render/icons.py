"""The markers verdicts and answers carry: Material for MkDocs' own bundled icons, inlined as SVG.
An emoji renders as an empty box where the reader's system has no emoji font (Debian's Chromium
without fonts-noto-color-emoji); an inline SVG draws everywhere, in the text's colour. Each marker
is an image with a text label for screen readers. The article's own emoji stay as it wrote them."""

from __future__ import annotations

from functools import cache
from importlib.resources import files

from accelbench.core.text import esc
from accelbench.judge.answers import DISAGREE, EVEN, NO_EVIDENCE, TO_GPU, TO_TPU
from accelbench.judge.judging import CONTRADICTED, NOT_MEASURED, SPLIT, SUPPORTED, TIE
from accelbench.publish.wording.terms import DIRECTION_WORDS, verdict_words

# keyed by judging's and answers' own names, so a marker cannot drift from its verdict
VERDICT_ICONS = {SUPPORTED: "check-circle", CONTRADICTED: "close-circle", TIE: "scale-balance", SPLIT: "call-split",
                 NOT_MEASURED: "help-circle-outline"}
DIRECTION_ICONS = {TO_TPU: "chip", TO_GPU: "expansion-card-variant", DISAGREE: "call-split", EVEN: "scale-balance",
                   NO_EVIDENCE: "help-circle-outline"}
SIDE_ICONS = {"tpu": "chip", "gpu": "expansion-card-variant"}
REFERENCE_ICON = "clipboard-text-outline"  # a verdict from reference data (a dated price list), not a measurement


@cache
def _svg(name: str) -> str:
    """A Material Design icon as the theme bundles it (mkdocs-material's .icons/material/)."""
    return (files("material") / "templates" / ".icons" / "material" / f"{name}.svg").read_text(encoding="utf-8").strip()


def icon(name: str, label: str) -> str:
    return f'<span class="twemoji ab-icon" role="img" aria-label="{esc(label)}">{_svg(name)}</span>'


def verdict_icon(verdict: str, label: str | None = None) -> str:
    """A verdict's icon, named by LABEL where the page words the verdict otherwise ('no evidence yet')."""
    return icon(VERDICT_ICONS[verdict], label or verdict_words(verdict))


def direction_icon(direction: str) -> str:
    return icon(DIRECTION_ICONS[direction], DIRECTION_WORDS[direction])
