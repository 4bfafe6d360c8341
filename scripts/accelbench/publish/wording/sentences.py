"""Every sentence of the article read in its own words (judge/sentences.py), said: whether it holds,
the figure that decides it, the part that does not, and for a situation the choice it leads to. The
figures are keyed templates ("sentence.<key>", gathered into wording/lines.LINES)."""

from __future__ import annotations

from collections.abc import Mapping

from accelbench.core.framework_support import SUPPORTED as STATED  # the vendor's support word, not a verdict
from accelbench.core.prices import dollars
from accelbench.core.text import capitalised, listed, plural
from accelbench.judge.codes import Holds
from accelbench.judge.fact_schema import fact_from_data
from accelbench.publish.wording.statements import STATEMENT_SENTENCES
from accelbench.publish.wording.terms import MARGIN_TEXT, TOPICS, noun_of

HOLDS = {Holds.HOLDS: "holds", Holds.PARTLY: "partly holds", Holds.DOES_NOT_HOLD: "does not hold",
         Holds.DISAGREE: "the kinds of evidence disagree", Holds.UNDECIDED: "not decided yet"}
CHOICES = {"gpu": "choose GPUs", "tpu": "choose TPUs", "either": "either chip: the price you get decides"}
# where one claim leads in a situation: an answer's direction (judge/codes.Direction), or "either" where both do
CHIP_OF = {"gpu": "the GPU", "tpu": "the TPU", "either": "both chips", "even": "neither chip ahead",
           "disagree": "the kinds of evidence disagree", "none": "no evidence yet"}
WORDS = {"the_row": "Does each side of the row hold?", "gpus": "GPUs", "tpus": "TPUs", "sentence": "The sentence",
         "situation": "In this situation", "answer": "Who wins the row"}


def holds(h: Holds) -> str:
    return HOLDS[h]


def _speed(v: Mapping) -> str:
    ties = f", {v['ties']} within {MARGIN_TEXT}" if v["ties"] else ""
    split = v["split"]
    apart = (f"; {listed([noun_of(k) for k in split['kinds']])} split: the TPU faster in {split['tpu_ahead']}, the "
             f"GPU in {split['gpu_ahead']} of {split['compared']}" if split["compared"] else "")
    return (f"per chip, the GPU trained faster in {v['gpu_ahead']} of the {v['compared']} same-generation "
            f"comparisons that decide, the TPU in {v['tpu_ahead']}{ties}{apart}")


def _fp64_tpus(v: Mapping) -> str:
    if not v["tpus_with"]:
        return (f"none of the {v['tpus']} TPUs runs FP64, the format general scientific computing needs: Google states "
                "AI number formats only (vendors' specifications)")
    return f"{v['tpus_with']} of {v['tpus']} TPUs run FP64, the format of general scientific computing (vendors' specifications)"


def _fp64_gpus(v: Mapping) -> str:
    every = "all " if v["gpus_with"] == v["gpus"] else ""
    return (f"{every}{v['gpus_with']} of {v['gpus']} GPUs run FP64, the format of general scientific computing, beside "
            "the AI formats (vendors' specifications)")


def _coverage(v: Mapping) -> str:
    return (f"under MLPerf's audit, GPUs trained {v['gpu']['benchmarks']} benchmarks in {v['gpu']['fields']} fields, "
            f"TPUs {v['tpu']['benchmarks']} in {v['tpu']['fields']}")


def _ai_only(v: Mapping) -> str:
    return (f"{_fp64_tpus(v)}; TPUs entered {v['tpu']['benchmarks']} MLPerf Training benchmarks in "
            f"{plural(v['tpu']['fields'], 'field')}, against GPUs' {v['gpu']['benchmarks']} in {v['gpu']['fields']}")


def _offers_gpu(v: Mapping) -> str:
    return (f"GPUs are rented from {len(v['gpu'])} providers in the dated price lists ({listed(v['gpu'])}), and "
            f"{v['submitters']} organisations entered GPU systems in MLPerf Training")


def _offers_tpu(v: Mapping) -> str:
    where = " in its cloud" if v["cloud_only"] else ""
    return (f"every TPU price in the dated price lists is {listed(v['tpu'])}'s, and every TPU entry in MLPerf Training "
            f"is {listed(v['submitters'])}'s{where}")


def _local(v: Mapping) -> str:
    gpu = v["on_premises"].get("gpu", 0)
    return (f"no TPU can be bought: every TPU price is {listed(v['tpu'])}'s and none of MLPerf's available TPU "
            f"entries is on premises, against {gpu:,} GPU entries that are")


def _price_range(v: Mapping) -> str:
    return (f"on-demand GPU prices run from {dollars(v['low'])} ({v['low_chip']}, {v['low_at']}) to "
            f"{dollars(v['high'])} per chip-hour ({v['high_chip']}, {v['high_at']}) across {v['offers']} offers, "
            f"as of {v['as_of']}")


def _cost_tiers(v: Mapping) -> str:
    if not v["tpu_tiers"]:
        return f"on Google Cloud the TPU cost less in none of {v['pairs']} like-for-like pairs of offers"
    return (f"on Google Cloud, at {listed(v['tpu_tiers'])} prices the TPU cost less for the same work "
            f"({v['tpu_pairs']} of {v['pairs']} like-for-like pairs of offers)")


def _energy(v: Mapping) -> str:
    if not v["kinds"]:
        return "no kind of evidence compares the energy of a TPU and a GPU of one generation yet"
    said = listed([f"{p['citation']} (authors at {listed(p['by'])})" if p["by"] else p["citation"] for p in v["papers"]]
                  or [noun_of(k) for k in v["kinds"]])
    return (f"per chip, {said} reports the TPU drawing less power for the work"
            + ("; written by the TPU's vendor, it is the only evidence" if v["vendor"] else ""))


def _frameworks_tpu(v: Mapping) -> str:
    runs = [fw for fw, support in v["support"].items() if support == STATED]
    stacks = f"; every TPU entry in MLPerf Training ran {listed(v['stacks'])}" if v["stacks"] else ""
    return f"Google states {listed(runs)} for {v['chip']}, its newest TPU{stacks}"


def _dropped(v: Mapping) -> str:
    older = listed(sorted({c for chips in v["older"].values() for c in chips}))
    return (f"{listed(v['dropped'])} is not supported on {v['chip']}, Google's newest TPU"
            + (f" (still stated for {older})" if older else ""))


def _cores(v: Mapping) -> str:
    each = listed([f"{g['chip']} {g['count']:,}" for g in v["gpus"]])
    return (f"NVIDIA states FP32 CUDA cores per GPU in the thousands: {each} (vendors' specifications; "
            f"{v['stated']} of {v['chips']} GPUs have a stated core count)")


def _cores_apart(v: Mapping) -> str:
    each = listed([f"{o['chip']} {plural(o['count'], o['unit'].replace(' per chip', '').rstrip('s'))}" for o in v["others"]])
    return f"the others are stated in units of their own, which are no cores of the same kind: {each}"


def _many(v: Mapping) -> str:
    runs = [fw for fw, support in v["support"].items() if support == STATED]
    return (f"the vendors state TensorFlow, PyTorch and JAX for {v['with_all']} of {v['gpus']} GPUs; Google states "
            f"{listed(runs)} for {v['chip']}, its newest TPU")


def _research(v: Mapping) -> str:
    labs = v["labs"]
    stated = labs["gpu"] + labs["tpu"] + labs["other"] + labs["mixed"]
    return (f"{_coverage(v)}; research labs (Epoch AI's “Academia”) trained {labs['gpu']} of their {stated} notable "
            "models of recorded hardware on GPUs")


def _large(v: Mapping) -> str:
    tpu, gpu = v["tpu"], v["gpu"]
    systems = (f"both train them: in MLPerf, TPU systems of up to {tpu['chips']:,} chips ({tpu['chip']}) and GPU systems "
               f"of up to {gpu['chips']:,} ({gpu['chip']}) trained its largest models" if tpu and gpu else
               "only GPU systems trained MLPerf's largest models")
    return f"{systems}; {_speed(v)}, so the price decides"


def _fast_green(v: Mapping) -> str:
    energy = {Holds.HOLDS.value: "lower energy: the TPU" + (", on its vendor's evidence alone" if v["vendor"] else ""),
              Holds.DOES_NOT_HOLD.value: "lower energy: the GPU"}.get(
        v["energy"], "lower energy: no comparison of chips of one generation decides it yet")
    return f"faster: {_speed(v)}; {energy}"


def _fast_green_not(v: Mapping) -> str:
    named = {"speed": "faster training times", "energy": "lower energy usage"}
    return f"{listed([named[f] for f in v['failing']])}: not so"


def _google(v: Mapping) -> str:
    g = v["google"]
    if not g:  # no Epoch AI file imported
        return _frameworks_tpu(v)
    stated = g["gpu"] + g["tpu"] + g["other"] + g["mixed"]
    return (f"Google trained {g['tpu']} of its {stated} notable models of recorded hardware on TPUs and {g['gpu']} on "
            f"GPUs (Epoch AI); {_frameworks_tpu(v)}")


def _conclusion(v: Mapping) -> str:
    named = {"scale": "scale", "tensorflow": "TensorFlow"}
    return "; ".join(f"{named.get(c, TOPICS.get(c, c))}: {CHIP_OF[side]}" for c, side in v["sides"].items())


def _facts(v: Mapping) -> str:
    """A sentence with rules of its own: its first kind's sentence (each kind's is in its box)."""
    data = next(iter(v["facts"].values()), None)
    said = STATEMENT_SENTENCES.get(data["topic"]) if data else None
    return said(fact_from_data(data)).rstrip(".") if said else "nothing imported answers it yet"


LINES: dict = {
    "sentence.no_evidence": "nothing imported decides it yet",
    "sentence.not_in_data": "{what}: not in the data this site holds, so not judged",
    "sentence.fp64_gpus": _fp64_gpus, "sentence.fp64_tpus": _fp64_tpus, "sentence.speed_counts": _speed,
    "sentence.coverage": _coverage, "sentence.ai_only": _ai_only, "sentence.offers_gpu": _offers_gpu,
    "sentence.offers_tpu": _offers_tpu, "sentence.local": _local, "sentence.price_range": _price_range,
    "sentence.clouds": lambda v: (f"GPUs are rented from {len(v['gpu'])} providers in the dated price lists "
                                  f"({listed(v['gpu'])}); TPUs from {listed(v['tpu'])} alone"),
    "sentence.cost_tiers": _cost_tiers,
    "sentence.cost_not": lambda v: (f"at {listed(v['tiers'])} prices it does not: the same within {MARGIN_TEXT}, or the "
                                    "GPU cheaper"),
    "sentence.no_measure": "“{word}” names no measure, and no energy figure of a GPU alone is held here",
    "sentence.energy": _energy, "sentence.frameworks_gpus": "the vendors state TensorFlow, PyTorch and JAX for "
                                                            "{with_all} of {gpus} GPUs (stated support, not measured speed)",
    "sentence.frameworks_tpu": _frameworks_tpu, "sentence.framework_dropped": _dropped,
    "sentence.cores": _cores, "sentence.cores_apart": _cores_apart,
    "sentence.matrix_units": lambda v: (f"Google states matrix-multiply units (MXUs) in the TensorCores of {v['with_mxu']} of "
                                        f"{v['tpus']} TPUs, and {v['bf16']:,g} dense bf16 TFLOP/s for {v['chip']}, its "
                                        "newest (vendors' specifications)"),
    "sentence.why_not_recorded": "why (“{why}”): no record states it, so it is not judged",
    "sentence.prediction": "a prediction: the trend so far is shown, and the years to come decide it",
    "sentence.open_access": lambda v: (f"a prediction: today every TPU price is {listed(v['tpu'])}'s; a TPU offered by "
                                       "another provider would be the first sign"),
    "sentence.many_frameworks": _many, "sentence.research": _research, "sentence.large": _large,
    "sentence.fast_green": _fast_green, "sentence.fast_green_not": _fast_green_not,
    "sentence.tensorflow_services": _google, "sentence.conclusion": _conclusion,
    **{f"sentence.{key}": _facts for key in ("platform_share", "brands", "scalable", "models", "platform_count", "labs")},
}


def reading(r, text) -> str:
    """A reading in one sentence: 'Partly holds: <figure>; but <part>.' (TEXT words a Line)."""
    head, rest = reading_parts(r, text)
    return head + rest


def reading_parts(r, text) -> tuple[str, str]:
    """A reading as its verdict ('Partly holds') and the rest (': <figure>; but <part>.'), for a page that
    marks the verdict up."""
    rest = f": {text(r.figure)}"
    if r.part is not None:
        rest += f"; but {text(r.part)}" if r.holds in (Holds.PARTLY, Holds.HOLDS) else f"; {text(r.part)}"
    return capitalised(HOLDS[r.holds]), rest + "."


def choice(r) -> str:
    """A situation's conclusion: the choice, said first ('Choose GPUs')."""
    return capitalised(CHOICES[r.choice]) if r.choice else ""
