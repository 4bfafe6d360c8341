"""Claim -> verdict from vendor-published training throughput, by written rules, each text beside
its judge, registered in judging.RULES under (claim, "vendor-training"). Vendor-reported: a column
of its own, never merged with what this project measured nor counted as audited (the source is
declared ``vendor=True``, which the answers read).

Only the matched pairs of pairs.py are compared, and only their tokens per second per chip.
judging.judge_advantage takes the GPU's figure over the TPU's where more is worse (chip-hours,
dollars); for a throughput, where more is better, the equivalent figure is the time per token, so
the speed rule passes the TPU's tokens/s over the GPU's (the GPU's time per token over the TPU's).
"""

from __future__ import annotations

from accelbench.core.reference import Reference
from accelbench.judge.judging import MARGIN, NOT_MEASURED, Comparison, Finding, combined, judge_advantage, rule
from accelbench.sources.vendor_training.format import KIND, VendorTraining, figure_text
from accelbench.sources.vendor_training.names import precision_family
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
    family = precision_family(t["precision_key"]) or t["precision"] or ""
    said = family.upper() if family else "precision not stated"
    return Comparison(
        label=f"{t['system']} vs {g['system']}, {t['model']}, {t['chips']} chips, {said}",
        advantage=advantage, metric=metric, tpu=t["chip"] or t["system"], gpu=g["chip"] or g["system"],
        figures=figures + _flags(pair), url=g["url"], chips=int(t["chips"]), precision=family)


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
      text="Vendor-reported (Google's MaxText recipes for TPU7x Ironwood, NVIDIA's Megatron-Bridge performance "
           "summaries), compared like with like: a TPU row and a GPU row pair only when the model (by the declared "
           "name table), the chips, the global batch size, the sequence length and the task agree, at the same "
           "precision (bf16 with bf16; an FP8 recipe with another FP8 recipe, flagged 'different FP8 recipes'; "
           "never bf16 with FP8 or FP4). Only tokens per second per chip are compared, never TFLOP/s: MaxText and "
           "Megatron count attention FLOPs differently. For each system only its newest release with the "
           "configuration counts; older releases are shown, dated. Supported if the TPU trains more than 5% more "
           "tokens per second per chip on every counted pair; contradicted if more than 5% fewer on every one; "
           "mixed otherwise. Published by the vendors, not audited.")
def speed(published: VendorTraining, reference: Reference) -> Finding:
    pairs = counted(published.rows)
    if not pairs:
        return Finding(NOT_MEASURED, [NO_PAIR])
    # more is better for a throughput: the TPU's over the GPU's is the GPU's time per token over the TPU's
    verdicts = [judge_advantage(p.tpu["tokens_per_s_per_chip"] / p.gpu["tokens_per_s_per_chip"]) for p in pairs]
    ratios = [p.gpu_over_tpu for p in pairs]
    faster, slower = sum(r < 1 - MARGIN for r in ratios), sum(r > 1 + MARGIN for r in ratios)
    evidence = [f"{len(pairs)} matched pairs (each GPU system's newest release): the TPU trains more than 5% faster "
                f"per chip on {faster}, more than 5% slower on {slower}, within 5% on {len(pairs) - faster - slower}; "
                f"GPU/TPU tokens/s per chip from {min(ratios):.2f} to {max(ratios):.2f}"]
    evidence += [f"{configuration(p)}: TPU {side(p.tpu)} {p.tpu['precision']} {figure_text(p.tpu['tokens_per_s_per_chip'])} "
                 f"tokens/s per chip; GPU {side(p.gpu)} {p.gpu['precision']} {figure_text(p.gpu['tokens_per_s_per_chip'])}; "
                 f"GPU/TPU {p.gpu_over_tpu:.2f}{_flags(p)}" for p in pairs]
    compared = [comparison(p, 1 / p.gpu_over_tpu, "tokens/s per chip",
                           f"TPU {side(p.tpu)} {figure_text(p.tpu['tokens_per_s_per_chip'])} tokens/s per chip; "
                           f"GPU {side(p.gpu)} {figure_text(p.gpu['tokens_per_s_per_chip'])}") for p in pairs]
    return Finding(combined(verdicts), evidence, links=_links(pairs), comparisons=compared)


def usd_per_million_tokens(price: dict, tokens_per_s: float) -> float:
    """Dollars per million tokens at a price per chip-hour and a throughput per chip."""
    return float(price["usd_per_chip_hour"]) / (tokens_per_s * 3600) * 1e6


def price_of(reference: Reference, row: dict) -> dict | None:
    return reference.cheapest_price(row["chip"]) if row["chip"] else None


def _unpriced(row: dict) -> str:
    return row["chip"] if row["chip"] else f"{row['system']} (no chip in the reference data)"


@rule("cost", KIND,
      text="Dollars per million training tokens = the chip's cheapest dated on-demand price per chip-hour (reference "
           "data) ÷ (its vendor-reported tokens per second per chip × 3600) × 10⁶, on every pair the speed rule "
           "counts where both chips have a price. Supported if the TPU costs more than 5% less per token on every "
           "priced pair; contradicted if more than 5% more on every one; mixed otherwise; not measured where a "
           "chip has no price in the reference data.")
def cost(published: VendorTraining, reference: Reference) -> Finding:
    pairs = counted(published.rows)
    if not pairs:
        return Finding(NOT_MEASURED, [NO_PAIR])
    verdicts, evidence, unpriced, priced, compared = [], [], [], [], []
    for p in pairs:
        prices = price_of(reference, p.tpu), price_of(reference, p.gpu)
        missing = [_unpriced(row) for row, price in zip((p.tpu, p.gpu), prices, strict=True) if price is None]
        if missing:
            unpriced += [m for m in missing if m not in unpriced]
            continue
        tpu, gpu = (usd_per_million_tokens(price, row["tokens_per_s_per_chip"])
                    for price, row in zip(prices, (p.tpu, p.gpu), strict=True))
        verdicts.append(judge_advantage(gpu / tpu))
        priced.append(p)
        compared.append(comparison(p, gpu / tpu, "dollars per million tokens",
                                   f"TPU ${tpu:.2f} per million tokens ({prices[0]['provider']}, {prices[0]['source_date']}); "
                                   f"GPU ${gpu:.2f} ({prices[1]['provider']}, {prices[1]['source_date']})"))
        evidence.append(f"{configuration(p)}: TPU {side(p.tpu)} ${tpu:.2f} per million tokens at "
                        f"${float(prices[0]['usd_per_chip_hour']):.2f}/h ({prices[0]['provider']}, "
                        f"{prices[0]['source_date']}); GPU {side(p.gpu)} ${gpu:.2f} at "
                        f"${float(prices[1]['usd_per_chip_hour']):.2f}/h ({prices[1]['provider']}, "
                        f"{prices[1]['source_date']}){_flags(p)}")
    head = (f"{len(priced)} of {len(pairs)} matched pairs priced" +
            (f"; no price in the reference data for {', '.join(unpriced)}" if unpriced else ""))
    return Finding(combined(verdicts), [head, *evidence], links=_links(priced), comparisons=compared)
