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

from accelbench.core.formats import FORMATS, NumberFormat
from accelbench.core.framework_support import FRAMEWORKS, UNSUPPORTED
from accelbench.core.framework_support import NOT_STATED as SUPPORT_NOT_STATED
from accelbench.core.framework_support import SUPPORTED as STATED
from accelbench.core.reference import Reference
from accelbench.judge.claims import PRICES, SPECS
from accelbench.judge.judging import CONTRADICTED, MIXED, NOT_MEASURED, SUPPORTED, Finding, rule

SCIENTIFIC = "FP64"  # the format general scientific computing needs


def _chips(reference: Reference, platform: str) -> list[str]:
    return [row["chip"] for row in reference.accelerators if row["platform"] == platform]


def _fp64(row: NumberFormat | None) -> str:
    if row is None or row.supported == "not stated":
        return "not stated"
    if not row.runs:
        return "no FP64 units"
    return f"{row.dense_tflops:g} {row.unit}" if row.dense_tflops else "yes (no figure stated)"


def _formats_run(reference: Reference, chip: str) -> str:
    formats = reference.formats_of(chip)
    return ", ".join(f for f in FORMATS if f in formats and formats[f].runs) or "none stated"


@rule("designed", SPECS,
      text="From the number formats each chip's vendor states (reference data, not measured): supported if no TPU "
           "runs FP64, the format general scientific computing needs, and at least one TPU's vendor says so, while a "
           "GPU runs it; contradicted if a TPU runs FP64; mixed otherwise. Graphics units are not in the data and "
           "are not judged.")
def designed(reference: Reference, _reference: Reference) -> Finding:
    tpus, gpus = _chips(reference, "tpu"), _chips(reference, "gpu")
    fp64 = {chip: reference.formats_of(chip).get(SCIENTIFIC) for chip in tpus + gpus}
    if not any(fp64.values()):
        return Finding(NOT_MEASURED, ["number_formats.csv states FP64 for no chip."])
    tpu_runs = [c for c in tpus if fp64[c] and fp64[c].runs]
    tpu_none = [c for c in tpus if fp64[c] and fp64[c].supported == "no"]
    gpu_runs = [c for c in gpus if fp64[c] and fp64[c].runs]
    verdict = CONTRADICTED if tpu_runs else SUPPORTED if tpu_none and gpu_runs else MIXED
    evidence = [
        "FP64 (general scientific computing), as the vendors state it: TPUs: "
        + "; ".join(f"{c} {_fp64(fp64[c])}" for c in tpus) + ". GPUs: "
        + "; ".join(f"{c} {_fp64(fp64[c])}" for c in gpus) + ".",
        "Formats each TPU runs: " + "; ".join(f"{c}: {_formats_run(reference, c)}" for c in tpus) + ".",
        "Formats each GPU runs: " + "; ".join(f"{c}: {_formats_run(reference, c)}" for c in gpus) + ".",
        "Reference data from the vendors' specifications, not measured; graphics units are not in it.",
    ]
    facts = {"topic": "fp64", "tpus": len(tpus), "tpus_with": len(tpu_runs), "gpus": len(gpus),
             "gpus_with": len(gpu_runs)}
    return Finding(verdict, evidence, facts=facts)


@rule("availability", PRICES,
      text="Reference data, not a measurement: from the dated price list, supported if every TPU offer is on Google "
           "Cloud and GPU offers come from at least three providers; contradicted if TPU offers come from two or more "
           "providers; mixed otherwise.")
def availability(prices: Reference, reference: Reference) -> Finding:
    providers = {"gpu": set(), "tpu": set()}
    for price in reference.prices.prices:
        chip = reference.chip_for(price.chip)
        if chip:
            providers[chip["platform"]].add(price.provider)
    evidence = [f"Price list (reference data, dated; not a measurement): TPU offers from "
                f"{', '.join(sorted(providers['tpu'])) or 'no provider'}; GPU offers from "
                f"{', '.join(sorted(providers['gpu'])) or 'no provider'}."]
    facts = {"topic": "offers", "tpu": sorted(providers["tpu"]), "gpu": sorted(providers["gpu"])}
    if not providers["tpu"] or not providers["gpu"]:
        return Finding(NOT_MEASURED, evidence, facts=facts)
    if len(providers["tpu"]) >= 2:
        verdict = CONTRADICTED
    elif providers["tpu"] == {"GCP"} and len(providers["gpu"]) >= 3:
        verdict = SUPPORTED
    else:
        verdict = MIXED
    return Finding(verdict, evidence, facts=facts)


def newest_tpu(reference: Reference) -> str | None:
    """The TPU first available last (availability.csv): its vendor's statement decides."""
    dated = [(reference.availability[c].month, c) for c in _chips(reference, "tpu") if c in reference.availability]
    return max(dated)[1] if dated else None


@rule("frameworks", SPECS,
      text="Vendor-stated (reference data, frameworks.csv: Google Cloud's TPU pages, the frameworks' own install "
           "pages, AMD's ROCm compatibility pages), judged per generation: the newest TPU (by first availability) "
           "decides. Supported if its vendor states that both TensorFlow and JAX run on it (the article's 'best "
           "with TensorFlow, JAX'); contradicted if it states that either does not; mixed where one is not stated. "
           "PyTorch on the TPU, and the frameworks stated for the GPUs, are said beside the verdict. An answer on "
           "this alone is weak: the vendors state it.")
def frameworks(reference: Reference, _reference: Reference) -> Finding:
    chip = newest_tpu(reference)
    rows = {(r.chip, r.framework): r for r in reference.frameworks}
    if chip is None or not any(c == chip for c, _ in rows):
        return Finding(NOT_MEASURED, ["No framework support is stated for the newest TPU yet (frameworks.csv)."])
    stated = {fw: rows.get((chip, fw)) for fw in ("TensorFlow", "JAX", "PyTorch")}
    said = {fw: r.support if r else SUPPORT_NOT_STATED for fw, r in stated.items()}
    if UNSUPPORTED in (said["TensorFlow"], said["JAX"]):
        verdict = CONTRADICTED
    elif said["TensorFlow"] == said["JAX"] == STATED:  # the vendor's support word, not a verdict
        verdict = SUPPORTED
    else:
        verdict = MIXED
    evidence = [f"{chip}, the newest TPU: {fw} {said[fw]}" + (f" ({r.route})" if r and r.route else "")
                + (f": “{r.quote}” ({r.source}, read {r.retrieved})" if r else "") for fw, r in stated.items()]
    gpus = [c for c in _chips(reference, "gpu")
            if all(rows.get((c, fw)) and rows[(c, fw)].support == STATED for fw in FRAMEWORKS)]
    evidence.append(f"{len(gpus)} of {len(_chips(reference, 'gpu'))} GPUs have TensorFlow, PyTorch and JAX stated as "
                    "supported.")
    tf = stated["TensorFlow"]
    links = [(f"{chip}: the vendor's page", tf.source)] if tf else []
    vendor = reference.chip_for(chip)["vendor"]
    facts = {"topic": "frameworks", "vendor": vendor, "chip": reference.display_name(chip), "support": said,
             "gpus_with_all": len(gpus), "gpus": len(_chips(reference, "gpu")),
             "read": max((r.retrieved for r in stated.values() if r), default=""), **({"page": tf.source} if tf else {})}
    return Finding(verdict, evidence, links=links, facts=facts)

