"""Claim -> verdict from vendor-published training throughput, by written rules, each text beside
its judge, declared for (claim, "vendor-training"). Vendor-reported: a column
of its own, never merged with what this project measured nor counted as audited (the source is
declared ``vendor=True``, which the answers read).

Only the matched pairs of pairs.py are compared, and only their tokens per second per chip.
judging.beyond_margin takes the TPU's advantage (above 1 favours the TPU): for a throughput, the
TPU's tokens/s over the GPU's; for a cost, the GPU's dollars over the TPU's.
"""

from __future__ import annotations

from accelbench.core.formats import format_name
from accelbench.core.prices import (
    PricedComparison,
    PricedPair,
    Unpriced,
    dollars,
    dollars_per,
    elsewhere,
    price_comparison,
)
from accelbench.core.reference import Reference
from accelbench.judge.judging import (
    MARGIN_TEXT,
    NOT_MEASURED,
    Comparison,
    CostItem,
    Finding,
    beyond_margin,
    combined,
    favoured,
    rule,
)
from accelbench.sources.vendor_training.format import KIND, VendorTraining, figure_text
from accelbench.sources.vendor_training.names import precision_family, shown_name
from accelbench.sources.vendor_training.pairs import Pair, counted

NO_PAIR = ("No TPU row and GPU row of the vendors' documents match (model, chips, global batch size, sequence "
           "length, task and precision).")


def side(row: dict) -> str:
    """A row as sentences name it: 'DGX-GB300 (Megatron-Bridge (NeMo) 26.08)'."""
    what = f"{row['framework']} {row['release']}" if row["release"] else row["framework"]
    return f"{row['system']} ({what})"


def configuration(pair: Pair) -> str:
    t = pair.tpu
    return f"{t['model']} on {t['chips']} chips, GBS {t['gbs']}, sequence {t['seq_len']}"


def comparison(pair: Pair, advantage: float, metric: str, figures: str) -> Comparison:
    """A pair as the answers' chart draws it: one row, labelled by its systems and configuration."""
    t, g = pair.tpu, pair.gpu
    family = format_name(precision_family(t["precision_key"]) or t["precision"] or "")
    said = family or "precision not stated"
    return Comparison(
        label=f"{t['system']} vs {g['system']}, {shown_name(t['model'])}, {t['chips']} chips, {said}",
        advantage=advantage, metric=metric, tpu=t["chip"] or t["system"], gpu=g["chip"] or g["system"],
        figures=figures + _flags(pair), url=g["url"], chips=int(t["chips"]), precision=family,
        model=shown_name(t["model"]), where=f"{side(t)} against {side(g)}")


def _flags(pair: Pair) -> str:
    return f" [{'; '.join(pair.flags)}]" if pair.flags else ""


def _links(pairs: list[Pair]) -> list[tuple[str, str]]:
    links = {}
    for p in pairs:
        for row in (p.tpu, p.gpu):
            links.setdefault(row["url"], f"{row['vendor']} {row['model']} {row['system']} "
                                         f"{row['precision'] or ''} {row['release'] or ''}".strip())
    return [(label, url) for url, label in links.items()]


@rule("speed", KIND,
      text="Vendor-reported (Google's MaxText recipes for TPU7x Ironwood, Trillium and v5p, NVIDIA's Megatron-Bridge "
           "performance summaries), compared like with like: a TPU row and a GPU row pair only when the model (by the "
           "declared name table; a qualified name such as 'DeepSeekV3 (w/o MTP)' only where the TPU recipe's own "
           "setting, read at the imported commit, runs that variant), the chips, the global batch size, the sequence "
           "length and the task agree, at the same precision (bf16 with bf16; an FP8 recipe with another FP8 recipe, "
           "flagged 'different FP8 recipes'; never bf16 with FP8 or FP4). Only tokens per second per chip are "
           "compared, never TFLOP/s: MaxText and Megatron count attention FLOPs differently. For each system only its "
           "newest release with the configuration at that precision family counts (a newer FP8-only release does not "
           "supersede an older bf16 pair); older releases are shown, dated. Supported if the TPU trains more than "
           f"{MARGIN_TEXT} more tokens per second per chip on every counted pair; contradicted if more than "
           f"{MARGIN_TEXT} fewer on every one; "
           "mixed otherwise. Published by the vendors, not audited.")
def speed(published: VendorTraining, reference: Reference) -> Finding:
    pairs = counted(published.rows)
    if not pairs:
        return Finding(NOT_MEASURED, [NO_PAIR])
    # more is better for a throughput: the TPU's over the GPU's is the GPU's time per token over the TPU's
    verdicts = [beyond_margin(p.tpu["tokens_per_s_per_chip"] / p.gpu["tokens_per_s_per_chip"]) for p in pairs]
    ratios = [p.gpu_over_tpu for p in pairs]
    sides = [favoured(1 / r) for r in ratios]
    faster, slower = sides.count("tpu"), sides.count("gpu")
    evidence = [f"{len(pairs)} matched pairs (each GPU system's newest release at that precision): the TPU trains more "
                f"than {MARGIN_TEXT} faster per chip on {faster}, more than {MARGIN_TEXT} slower on {slower}, within "
                f"{MARGIN_TEXT} on "
                f"{len(pairs) - faster - slower}; "
                f"GPU/TPU tokens/s per chip from {min(ratios):.2f} to {max(ratios):.2f}"]
    evidence += [f"{configuration(p)}: TPU {side(p.tpu)} {p.tpu['precision']} {figure_text(p.tpu['tokens_per_s_per_chip'])} "
                 f"tokens/s per chip; GPU {side(p.gpu)} {p.gpu['precision']} {figure_text(p.gpu['tokens_per_s_per_chip'])}; "
                 f"GPU/TPU {p.gpu_over_tpu:.2f}{_flags(p)}" for p in pairs]
    compared = [comparison(p, 1 / p.gpu_over_tpu, "tokens/s per chip",
                           f"TPU {side(p.tpu)} {figure_text(p.tpu['tokens_per_s_per_chip'])} tokens/s per chip; "
                           f"GPU {side(p.gpu)} {figure_text(p.gpu['tokens_per_s_per_chip'])}") for p in pairs]
    return Finding(combined(verdicts), evidence, links=_links(pairs), comparisons=compared)


def pair_basis(reference: Reference, pair: Pair) -> PricedPair | Unpriced:
    """Both chips of a pair priced the way the cost claim is judged (PriceList.gcp_basis)."""
    for side, row in (("TPU", pair.tpu), ("GPU", pair.gpu)):
        if not row["chip"]:
            return Unpriced(side, f"{row['system']} is no chip of the reference data, so it has no price")
    return reference.prices.gcp_basis(pair.tpu["chip"], pair.gpu["chip"])


def pair_cost(reference: Reference, pair: Pair) -> PricedComparison | Unpriced:
    """A pair's dollars per billion tokens on each side, at the basis the cost claim is judged on:
    the one pricing step of a pair, which the rule and the tables share."""
    return price_comparison(pair_basis(reference, pair), "tokens", pair.tpu["tokens_per_s_per_chip"],
                            pair.gpu["tokens_per_s_per_chip"])


@rule("cost", KIND,
      text="Where the article makes the claim, on GCP: dollars per billion training tokens = GCP's price per "
           "chip-hour (reference data: the SkyPilot catalog, or a hand-entered committed-use rate) × 10⁹ ÷ (the "
           "vendor-reported tokens per second per chip × 3600), both chips priced from one GCP price list, in the "
           "longest committed-use tier both publish, else on-demand, on every pair the speed rule counts. Supported if "
           "the TPU costs more than "
           f"{MARGIN_TEXT} less per token on every priced pair; contradicted if more than {MARGIN_TEXT} more on "
           "every one; mixed otherwise; not measured where GCP prices neither pair. The cheapest GPU offer elsewhere is "
           "context, never part of the verdict.")
def cost(published: VendorTraining, reference: Reference) -> Finding:
    pairs = counted(published.rows)
    if not pairs:
        return Finding(NOT_MEASURED, [NO_PAIR])
    verdicts, evidence, unpriced, priced, compared, left = [], [], [], [], [], []
    for p in pairs:
        priced_pair = pair_cost(reference, p)
        if isinstance(priced_pair, Unpriced):
            left.append((p, priced_pair))
            unpriced.append(f"{configuration(p)} ({side(p.tpu)} vs {side(p.gpu)}): {priced_pair.side} side unpriced: "
                            f"{priced_pair.reason}")
            continue
        basis, tpu, gpu = priced_pair.basis, priced_pair.tpu_usd, priced_pair.gpu_usd
        verdicts.append(beyond_margin(priced_pair.advantage))
        priced.append(p)
        figures = f"TPU {dollars_per('tokens', tpu)} at {basis.tpu.text()}; GPU {dollars(gpu)} at {basis.gpu.text()}"
        compared.append(comparison(p, priced_pair.advantage, "dollars per billion tokens", figures))
        evidence.append(f"{configuration(p)}: TPU {side(p.tpu)} {dollars_per('tokens', tpu)} at "
                        f"{basis.tpu.text()}; GPU {side(p.gpu)} {dollars(gpu)} at {basis.gpu.text()}"
                        f"{elsewhere(reference.prices, p.gpu['chip'], 'tokens', p.gpu['tokens_per_s_per_chip'])}"
                        f"{_flags(p)}")
    head = f"{len(priced)} of {len(pairs)} matched pairs priced on GCP (both chips from one price list)"
    costed = [CostItem(comparison(p, 1, "", "").label, KIND, "tokens", p.tpu["chip"], p.gpu["chip"],
                       p.tpu["tokens_per_s_per_chip"], p.gpu["tokens_per_s_per_chip"], int(p.tpu["chips"]),
                       int(p.gpu["chips"]), p.gpu["url"]) for p in pairs]
    facts = {"topic": "unpriced", "priced": len(priced), "pairs": len(pairs), "provider": "GCP",
             **_why_unpriced(left, reference)} if left else {}
    return Finding(combined(verdicts), [head, *evidence, *unpriced], links=_links(priced), comparisons=compared,
                   costed=costed, facts=facts)


def _why_unpriced(left: list[tuple[Pair, Unpriced]], reference: Reference) -> dict:
    """What keeps these pairs unpriced, each named once, for the answer's sentence: the chips GCP
    has no price for (either side, not only the first the pricing stopped at; "no_price"), the
    systems with no chip in the reference data ("no_chip"), and any other reason as the pricing gave
    it ("other")."""
    no_price, no_chip, other = {}, {}, {}
    for p, basis in left:
        missing = False
        for row in (p.tpu, p.gpu):
            if not row["chip"]:
                no_chip[row["system"]] = missing = True
            elif not reference.prices.of(row["chip"], "GCP"):
                no_price[row["chip"]] = missing = True
        if not missing:  # both chips have GCP prices: priced without a host, or from two lists
            other[f"{basis.side}: {basis.reason}"] = True
    return {"no_price": [reference.display_name(c) for c in no_price],
            "no_chip": [reference.display_name(s) for s in no_chip], "other": list(other)}

