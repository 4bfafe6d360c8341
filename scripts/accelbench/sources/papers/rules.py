"""Claim -> verdict from peer-reviewed papers' quoted figures, declared for
(claim, "paper"). A column of its own: never merged with what this project measured or with
another source. Each finding names the paper, its authors' affiliation and the label that follows
from it (vendor-authored where the authors work for a compared chip's vendor), the chips compared,
and quotes the figure word for word. How old the chips are is not said here: the generation step
(judge/generations.py) dates every comparison from the reference data, and the answers word it.

A quoted figure is a range (the TPU ahead by 1.2x to 1.7x), judged by judging.beyond_margin: a
range wholly beyond the margin either way decides, one that reaches into it is mixed.
"""

from __future__ import annotations

from typing import TypedDict

from accelbench.core.reference import Reference
from accelbench.judge.judging import (
    MARGIN,
    Comparison,
    Finding,
    Line,
    beyond_margin,
    combined,
    linked,
    rule,
    said,
)
from accelbench.sources.papers.format import COMPARED, KIND, Papers, QuotedRange, doi_url, short_citation

NO_PAPER = said("papers.no_paper")


def quoted(paper: dict, figure: QuotedRange) -> Line:
    """One quoted figure as data: the paper's label, its authors' organisations, its short citation,
    the chips compared, the quotation and where it stands (as the paper's file has them), and the
    phrase the figure is read from."""
    return said("papers.figure", label=paper["_label"], organisations=paper["affiliation"]["organisations"],
                citation=short_citation(paper), tpu=paper["chips"]["tpu"]["name"], gpu=paper["chips"]["gpu"]["name"],
                quotation={"text": paper["quotation"]["text"], "where": paper["quotation"]["where"]}, phrase=figure.phrase)


def _judge(claim: str, papers: Papers) -> Finding:
    verdicts, lines, links, compared = [], [], [], []
    for paper, figure in papers.figures(claim):
        verdicts.append(beyond_margin(figure.low, figure.high))
        lines.append(quoted(paper, figure))
        tpu, gpu = paper["chips"]["tpu"]["name"], paper["chips"]["gpu"]["name"]
        compared.append(Comparison(
            name=said("papers.name", citation=short_citation(paper), tpu=tpu, gpu=gpu),
            advantage=(figure.low * figure.high) ** 0.5, low=figure.low, high=figure.high,
            metric=COMPARED[figure.measure], tpu=tpu, gpu=gpu,
            figures=said("papers.figures", tpu=tpu, phrase=figure.phrase, citation=short_citation(paper)),
            url=doi_url(paper), citation=short_citation(paper), by=tuple(paper["affiliation"]["organisations"]),
            tpu_published=str(paper["citation"]["year"]), gpu_published=str(paper["citation"]["year"])))
        links.append(linked(doi_url(paper), "papers.link.doi", citation=short_citation(paper), doi=paper["citation"]["doi"]))
        if paper["citation"].get("arxiv"):
            links.append(linked(f"https://arxiv.org/abs/{paper['citation']['arxiv']}", "papers.link.arxiv",
                                arxiv=paper["citation"]["arxiv"]))
    once = list({link.url: link for link in links}.values())  # a paper judged on two figures is linked once
    return Finding(combined(verdicts), lines or [NO_PAPER], links=once, comparisons=compared)


@rule("speed", KIND,
      text=said("papers.rule.speed", margin=MARGIN))
def speed(published: Papers, reference: Reference) -> Finding:
    return _judge("speed", published)


@rule("energy", KIND,
      text=said("papers.rule.energy", margin=MARGIN))
def energy(published: Papers, reference: Reference) -> Finding:
    return _judge("energy", published)


# the values of each line this module records, by key: field -> type hint (judgement.schema.json types each line's
# values from these: accelbench/schema.py writes it; tests/test_line_values.py checks them against the calls)
class Quotation(TypedDict):
    """A figure quoted word for word from a paper, and where in the paper it is."""

    text: str
    where: str


LINE_VALUES = {
    "papers.no_paper": {},
    "papers.figure": {"label": str, "organisations": tuple[str, ...], "citation": str, "tpu": str, "gpu": str,
                      "quotation": Quotation, "phrase": str},
    "papers.name": {"citation": str, "tpu": str, "gpu": str},
    "papers.figures": {"tpu": str, "phrase": str, "citation": str},
    "papers.link.doi": {"citation": str, "doi": str},
    "papers.link.arxiv": {"arxiv": str},
}
