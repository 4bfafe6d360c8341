"""The words of the reference data's lines of detail (judge/reference_rules.py): the vendors' number
formats and framework pages, and the dated price list. Each says it is reference data, never a
measurement."""

from __future__ import annotations

from collections.abc import Mapping


def _fp64(chip: Mapping) -> str:
    if not chip["stated"]:
        return f"{chip['chip']} not stated"
    if not chip["runs"]:
        return f"{chip['chip']} no FP64 units"
    return f"{chip['chip']} {chip['tflops']:g} {chip['unit']}" if chip["tflops"] else f"{chip['chip']} yes (no figure stated)"


def _fp64_line(v: Mapping) -> str:
    return (f"FP64 (general scientific computing), as the vendors state it: TPUs: {'; '.join(map(_fp64, v['tpus']))}. "
            f"GPUs: {'; '.join(map(_fp64, v['gpus']))}.")


def _formats_line(v: Mapping) -> str:
    runs = "; ".join(f"{c['chip']}: {', '.join(c['formats']) or 'none stated'}" for c in v["chips"])
    return f"Formats each {v['platform'].upper()} runs: {runs}."


def _offers(providers: list[str]) -> str:
    return ", ".join(providers) or "no provider"


def _stated(v: Mapping) -> str:
    route = f" ({v['route']})" if v["route"] else ""
    quoted = f": “{v['quote']}” ({v['source']}, read {v['read']})" if v["quote"] is not None else ""
    return f"{v['chip']}, the newest TPU: {v['framework']} {v['support']}{route}{quoted}"


# The written rules of the reference data (judge/reference_rules.py), each filled from the constants it applies
RULES = {
    "specs.rule.designed":
        "From the number formats each chip's vendor states (reference data, not measured): supported if no TPU runs "
        "{format}, the format general scientific computing needs, and at least one TPU's vendor says so, while a GPU "
        "runs it; contradicted if a TPU runs {format}; split otherwise. Graphics units are not in the data and are not "
        "judged.",
    "prices.rule.availability":
        "Reference data, not a measurement: from the dated price list, supported if every TPU offer is on Google Cloud "
        "and GPU offers come from at least {providers:word} providers; contradicted if TPU offers come from two or more "
        "providers; split otherwise.",
    "specs.rule.frameworks":
        "Vendor-stated (reference data, frameworks.csv: Google Cloud's TPU pages, the frameworks' own install pages, "
        "AMD's ROCm compatibility pages), judged per generation: the newest TPU (by first availability) decides. "
        "Supported if its vendor states that both TensorFlow and JAX run on it (the article's 'best with TensorFlow, "
        "JAX'); contradicted if it states that neither does; split where it states one and not the other. PyTorch on "
        "the TPU, and the frameworks stated for the GPUs, are said beside the verdict. An answer on this alone is weak: "
        "the vendors state it.",
}

LINES = {
    "specs.designed.no_fp64_stated": "number_formats.csv states FP64 for no chip.",
    "specs.designed.fp64": _fp64_line,
    "specs.designed.formats": _formats_line,
    "specs.designed.kind": "Reference data from the vendors' specifications, not measured; graphics units are not in it.",
    "specs.frameworks.none_stated": "No framework support is stated for the newest TPU yet (frameworks.csv).",
    "specs.frameworks.stated": _stated,
    "specs.link.vendor_page": "{chip}: the vendor's page",
    "specs.frameworks.gpus_with_all": "{with_all} of {gpus} GPUs have TensorFlow, PyTorch and JAX stated as supported.",
    "prices.availability.offers": lambda v: (f"Price list (reference data, dated; not a measurement): TPU offers from "
                                             f"{_offers(v['tpu'])}; GPU offers from {_offers(v['gpu'])}."),
    **RULES,
}
