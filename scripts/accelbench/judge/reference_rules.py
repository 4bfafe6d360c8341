"""Claim -> verdict from the reference data (build_data/reference/): the vendors' own specifications,
declared for (claim, SPECS), and the dated price lists, under (claim, PRICES).
Never a measurement: each verdict is a column of its own, labelled reference data, and an answer
resting on the specifications alone is weak (vendor-stated).

"Designed For" (GPU: graphics + AI; TPU: deep learning only) is judged from the number formats
each chip's hardware runs (number_formats.csv). Deep learning trains in BF16, FP8 or lower, with
FP32 for accumulation; general scientific computing (simulation, linear algebra at double
precision) needs FP64. A chip without FP64 units is built for the first and not the second. Graphics
units are not in the data: the GPU side's "graphics" is not judged here.
"""

from __future__ import annotations

from typing import TypedDict

from accelbench.core.formats import FORMATS, NumberFormat
from accelbench.core.formats import NOT_STATED as FORMAT_NOT_STATED
from accelbench.core.formats import UNSUPPORTED as FORMAT_UNSUPPORTED
from accelbench.core.framework_support import FRAMEWORKS, UNSUPPORTED
from accelbench.core.framework_support import NOT_STATED as SUPPORT_NOT_STATED
from accelbench.core.framework_support import SUPPORTED as STATED
from accelbench.core.reference import Reference
from accelbench.judge.claims import PRICES, SPECS
from accelbench.judge.fact_records import FrozenMap
from accelbench.judge.facts import Fp64, Frameworks, Offers
from accelbench.judge.judging import CONTRADICTED, NOT_MEASURED, SPLIT, SUPPORTED, Finding, linked, rule, said

SCIENTIFIC = "FP64"  # the format general scientific computing needs
WIDELY_OFFERED = 3  # "widely available": offered by at least this many providers


def _chips(reference: Reference, platform: str) -> list[str]:
    return [row["chip"] for row in reference.accelerators if row["platform"] == platform]


def _fp64(chip: str, row: NumberFormat | None) -> dict:
    """What the vendor states of a chip's FP64: whether stated, whether it runs it, and its figure."""
    stated = row is not None and row.supported != FORMAT_NOT_STATED
    return {"chip": chip, "stated": stated, "runs": bool(stated and row.runs),
            "tflops": row.dense_tflops if stated and row.runs and row.dense_tflops else None,
            "unit": row.unit if stated else ""}


def _formats_run(reference: Reference, chip: str) -> dict:
    formats = reference.formats_of(chip)
    return {"chip": chip, "formats": [f for f in FORMATS if f in formats and formats[f].runs]}


@rule("designed", SPECS,
      text=said("specs.rule.designed", format=SCIENTIFIC))
def designed(reference: Reference, _reference: Reference) -> Finding:
    tpus, gpus = _chips(reference, "tpu"), _chips(reference, "gpu")
    fp64 = {chip: reference.formats_of(chip).get(SCIENTIFIC) for chip in tpus + gpus}
    if not any(fp64.values()):
        return Finding(NOT_MEASURED, [said("specs.designed.no_fp64_stated")])
    tpu_runs = [c for c in tpus if fp64[c] and fp64[c].runs]
    tpu_none = [c for c in tpus if fp64[c] and fp64[c].supported == FORMAT_UNSUPPORTED]
    gpu_runs = [c for c in gpus if fp64[c] and fp64[c].runs]
    verdict = CONTRADICTED if tpu_runs else SUPPORTED if tpu_none and gpu_runs else SPLIT
    lines = [said("specs.designed.fp64", tpus=[_fp64(c, fp64[c]) for c in tpus], gpus=[_fp64(c, fp64[c]) for c in gpus]),
             said("specs.designed.formats", platform="tpu", chips=[_formats_run(reference, c) for c in tpus]),
             said("specs.designed.formats", platform="gpu", chips=[_formats_run(reference, c) for c in gpus]),
             said("specs.designed.kind")]
    facts = Fp64(tpus=len(tpus), tpus_with=len(tpu_runs), gpus=len(gpus), gpus_with=len(gpu_runs))
    read = max((f.retrieved for chip in tpus + gpus for f in reference.formats_of(chip).values()), default="")
    return Finding(verdict, lines, facts=facts, as_of=read)


@rule("availability", PRICES,
      text=said("prices.rule.availability", providers=WIDELY_OFFERED))
def availability(prices: Reference, reference: Reference) -> Finding:
    providers = {"gpu": set(), "tpu": set()}
    for price in reference.prices.prices:
        chip = reference.chip_for(price.chip)
        if chip:
            providers[chip["platform"]].add(price.provider)
    facts = Offers(tpu=tuple(sorted(providers["tpu"])), gpu=tuple(sorted(providers["gpu"])))
    lines = [said("prices.availability.offers", tpu=facts.tpu, gpu=facts.gpu)]
    if not providers["tpu"] or not providers["gpu"]:
        return Finding(NOT_MEASURED, lines, facts=facts)
    read = reference.prices.as_of.isoformat()  # the day the newest price was read
    if len(providers["tpu"]) >= 2:
        verdict = CONTRADICTED
    elif providers["tpu"] == {"GCP"} and len(providers["gpu"]) >= WIDELY_OFFERED:
        verdict = SUPPORTED
    else:
        verdict = SPLIT
    return Finding(verdict, lines, facts=facts, as_of=read)


def newest_tpu(reference: Reference) -> str | None:
    """The TPU first available last (availability.csv): its vendor's statement decides."""
    dated = [(reference.availability[c].month, c) for c in _chips(reference, "tpu") if c in reference.availability]
    return max(dated)[1] if dated else None


@rule("frameworks", SPECS,
      text=said("specs.rule.frameworks"))
def frameworks(reference: Reference, _reference: Reference) -> Finding:
    chip = newest_tpu(reference)
    rows = {(r.chip, r.framework): r for r in reference.frameworks}
    if chip is None or not any(c == chip for c, _ in rows):
        return Finding(NOT_MEASURED, [said("specs.frameworks.none_stated")])
    stated = {fw: rows.get((chip, fw)) for fw in ("TensorFlow", "JAX", "PyTorch")}
    support = {fw: r.support if r else SUPPORT_NOT_STATED for fw, r in stated.items()}
    # the article names two frameworks: one stated and the other not is half of its claim, not its contrary
    if support["TensorFlow"] == support["JAX"] == UNSUPPORTED:
        verdict = CONTRADICTED
    elif support["TensorFlow"] == support["JAX"] == STATED:  # the vendor's support word, not a verdict
        verdict = SUPPORTED
    else:
        verdict = SPLIT
    lines = [said("specs.frameworks.stated", chip=chip, framework=fw, support=support[fw],
                  route=r.route if r else "", quote=r.quote if r else None, source=r.url if r else "",
                  read=r.retrieved if r else "") for fw, r in stated.items()]
    gpus = [c for c in _chips(reference, "gpu")
            if all(rows.get((c, fw)) and rows[(c, fw)].support == STATED for fw in FRAMEWORKS)]
    lines.append(said("specs.frameworks.gpus_with_all", with_all=len(gpus), gpus=len(_chips(reference, "gpu"))))
    tf = stated["TensorFlow"]
    links = [linked(tf.url, "specs.link.vendor_page", chip=chip)] if tf else []
    vendor = reference.chip_for(chip)["vendor"]
    facts = Frameworks(
        vendor=vendor, chip=reference.display_name(chip), support=FrozenMap(support), gpus_with_all=len(gpus),
        gpus=len(_chips(reference, "gpu")),
        # the older TPUs whose vendor states each framework: a sentence true of them and not of the newest
        stated_on=FrozenMap({fw: tuple(reference.display_name(c) for c in _chips(reference, "tpu")
                                       if c != chip and rows.get((c, fw)) and rows[(c, fw)].support == STATED)
                             for fw in ("TensorFlow", "JAX")}),
        read=max((r.retrieved for r in stated.values() if r), default=""), page=tf.url if tf else "")
    return Finding(verdict, lines, links=links, facts=facts, as_of=facts.read)


# the values of each line this module records, by key: field -> type hint (judgement.schema.json types each line's
# values from these: accelbench/schema.py writes it; tests/test_line_values.py checks them against the calls)
class Fp64Stated(TypedDict):
    """Whether a chip's vendor states FP64 for it."""

    chip: str
    stated: bool
    runs: bool
    tflops: float | None
    unit: str


class FormatsRun(TypedDict):
    """The number formats a chip's vendor states it runs."""

    chip: str
    formats: tuple[str, ...]


LINE_VALUES = {
    "specs.designed.no_fp64_stated": {},
    "specs.designed.fp64": {"tpus": tuple[Fp64Stated, ...], "gpus": tuple[Fp64Stated, ...]},
    "specs.designed.formats": {"platform": str, "chips": tuple[FormatsRun, ...]},
    "specs.designed.kind": {},
    "prices.availability.offers": {"tpu": tuple[str, ...], "gpu": tuple[str, ...]},
    "specs.frameworks.none_stated": {},
    "specs.frameworks.stated": {"chip": str, "framework": str, "support": str, "route": str, "quote": str, "source": str,
                                "read": str},
    "specs.frameworks.gpus_with_all": {"with_all": int, "gpus": int},
    "specs.link.vendor_page": {"chip": str},
}
