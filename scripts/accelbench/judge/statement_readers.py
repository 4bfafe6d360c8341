"""The readers of the article's other sentences and of its situations, each situation concluded in one
choice (judge/sentences.py says what a reading is)."""

from __future__ import annotations

from typing import TypedDict

from accelbench.core.cores import cuda_cores
from accelbench.core.framework_support import SUPPORTED as STATED  # the vendor's support word, not a verdict
from accelbench.judge.claims import EPOCH, MLPERF, PRICES, SPECS, STATEMENTS
from accelbench.judge.codes import DECISIVE, Direction, Holds, Verdict
from accelbench.judge.fact_records import Breadth, Counts, FrozenMap, Largest
from accelbench.judge.facts import AuditedBreadth, Fact, Frameworks, GoogleModels, LabsVsIndustry, LargestSystems, Offers
from accelbench.judge.judging import Line, said
from accelbench.judge.sentences import (
    COUNTS,
    FROM_VERDICT,
    TENSORFLOW,
    Evidence,
    Reading,
    reader_table,
    reading,
    same_generation,
    side_holds,
    tensorflow,
)

READERS, reads = reader_table()



def _own(slug: str, e: Evidence, key: str, part: Line | None = None, choice: str = "") -> Reading:
    """A sentence with rules of its own: their verdicts, each kind's facts as its figure."""
    kinds = [(k, e.findings[(slug, k)]) for k in STATEMENTS[slug].judged_by if (slug, k) in e.findings]
    verdicts = {f.verdict for _, f in kinds if f.verdict != Verdict.NOT_MEASURED}
    if not verdicts:
        return reading(Holds.UNDECIDED, "no_evidence")
    decisive = verdicts & set(DECISIVE)
    holds = (Holds.DISAGREE if len(decisive) > 1 else FROM_VERDICT[decisive.pop()] if len(verdicts) == 1 and decisive
             else Holds.PARTLY)
    return reading(holds, key, part, choice, facts={k: f.facts for k, f in kinds})


@reads("gpu-parallel")
def _parallel(e: Evidence) -> Reading:
    """Thousands of cores: the GPUs whose vendor states a count of CUDA cores; the others' units named apart."""
    platform = {row["chip"]: row["platform"] for row in e.reference.accelerators}
    counted = {chip: n for chip, n in cuda_cores(e.reference.cores).items() if platform.get(chip) == "gpu"}
    if not counted:
        return reading(Holds.UNDECIDED, "no_evidence")
    others = [{"chip": e.reference.display_name(c.chip), "unit": c.unit, "count": c.count} for c in e.reference.cores
              if c.chip not in counted and c.unit in ("compute units", "TensorCores per chip")]
    gpus = [{"chip": e.reference.display_name(chip), "count": n} for chip, n in counted.items()]
    holds = Holds.HOLDS if all(n >= 1000 for n in counted.values()) else Holds.PARTLY
    return reading(holds, "cores", said("sentence.cores_apart", others=others) if others else None,
                    gpus=gpus, stated=len(counted), chips=sum(1 for p in platform.values() if p == "gpu"))


@reads("tpu-matrix-speed")
def _matrix_units(e: Evidence) -> Reading:
    """What TPUs are built for (their matrix units and their vendor's peak), not whether they beat a GPU: that
    comparison is named beside it."""
    platform = {row["chip"]: row["platform"] for row in e.reference.accelerators}
    dated = sorted((found.month, chip) for chip, found in e.reference.availability.items() if platform.get(chip) == "tpu")
    newest = dated[-1][1] if dated else None
    peak = e.reference.peak_of(newest, "bf16_dense_tflops") if newest else None
    if peak is None:
        return reading(Holds.UNDECIDED, "no_evidence")
    counts = same_generation(e.answers["speed"])
    part = said("sentence.speed_counts", **counts) if counts["compared"] else None
    with_mxu = {c.chip for c in e.reference.cores if c.unit == "MXUs per TensorCore"}
    return reading(Holds.HOLDS, "matrix_units", part, rests_on=("designed", "speed"),
                   chip=e.reference.display_name(newest), bf16=peak, with_mxu=len(with_mxu), tpus=len(dated))


@reads("gpu-deep-learning")
def _deep_learning(e: Evidence) -> Reading:
    return _own("gpu-deep-learning", e, "platform_share")


@reads("gpu-brands")
def _brands(e: Evidence) -> Reading:
    return _own("gpu-brands", e, "brands")


@reads("tpu-scalable")
def _scalable(e: Evidence) -> Reading:
    return _own("tpu-scalable", e, "scalable")


@reads("openai-gpus")
def _openai(e: Evidence) -> Reading:
    return _own("openai-gpus", e, "models", said("sentence.why_not_recorded", why="due to flexibility"))


@reads("deepmind-tpus")
def _deepmind(e: Evidence) -> Reading:
    return _own("deepmind-tpus", e, "platform_count", said("sentence.why_not_recorded", why="to speed up computation"))


@reads("labs-gpus")
def _labs(e: Evidence) -> Reading:
    return _own("labs-gpus", e, "labs")


@reads("custom-chips", "hybrid")
def _prediction(e: Evidence) -> Reading:
    return reading(Holds.UNDECIDED, "prediction")


@reads("open-tpu-access")
def _open_access(e: Evidence) -> Reading:
    offers = e.fact("availability", PRICES, Offers)
    return reading(Holds.UNDECIDED, "open_access", tpu=offers.tpu if offers else (), rests_on=("availability",))


# --- the situations: each concluded in one choice ---------------------------------------------


@reads("use-gpu-frameworks")
def _many_frameworks(e: Evidence) -> Reading:
    holds, part, figures = tensorflow(e)
    gpus = e.fact("frameworks", SPECS, Frameworks)
    if not figures:
        return reading(Holds.UNDECIDED, "no_evidence")
    # every GPU states all three; the newest TPU drops one: the GPU is the one chip that runs them all
    choice = "gpu" if holds != Holds.HOLDS else "either"
    return reading(Holds.HOLDS if choice == "gpu" else Holds.DOES_NOT_HOLD, "many_frameworks", part, choice,
                    ("frameworks",), with_all=gpus.gpus_with_all, gpus=gpus.gpus, **figures)


@reads("use-gpu-research")
def _research(e: Evidence) -> Reading:
    flexible, labs = e.answers["flexibility"], e.findings.get(("labs-gpus", EPOCH))
    if flexible.direction == Direction.NONE or labs is None:
        return reading(Holds.UNDECIDED, "no_evidence")
    f = e.fact("flexibility", MLPERF, AuditedBreadth)
    holds = Holds.HOLDS if flexible.direction == Direction.GPU and labs.verdict == Verdict.SUPPORTED else Holds.PARTLY
    return reading(holds, "research", choice="gpu" if holds == Holds.HOLDS else "either",
                    rests_on=("flexibility", "labs-gpus"), tpu=f and f.tpu, gpu=f and f.gpu,
                    labs=labs.facts.labs if isinstance(labs.facts, LabsVsIndustry) else None)


@reads("use-tpu-large")
def _large(e: Evidence) -> Reading:
    scale = e.fact("tpu-scalable", MLPERF, LargestSystems)
    if scale is None or not scale.largest:
        return reading(Holds.UNDECIDED, "no_evidence")
    largest = {p: scale.of(p) for p in ("tpu", "gpu")}
    counts = same_generation(e.answers["speed"])
    # both platforms train the largest models; which is faster per chip is the speed answer's
    holds = Holds.DOES_NOT_HOLD if largest["gpu"] and counts["gpu_ahead"] > counts["tpu_ahead"] else Holds.PARTLY
    return reading(holds, "large", choice="either", rests_on=("tpu-scalable", "speed", "cost"),
                    tpu=largest["tpu"], gpu=largest["gpu"], **counts)


@reads("use-tpu-fast-green")
def _fast_green(e: Evidence) -> Reading:
    speed, energy = side_holds(e.answers["speed"], "tpu"), side_holds(e.answers["energy"], "tpu")
    parts = (speed, energy)
    holds = (speed if speed == energy else Holds.PARTLY if Holds.HOLDS in parts
             else Holds.DOES_NOT_HOLD if Holds.DOES_NOT_HOLD in parts else Holds.UNDECIDED)
    failing = [name for name, h in (("speed", speed), ("energy", energy)) if h == Holds.DOES_NOT_HOLD]
    part = said("sentence.fast_green_not", failing=failing) if holds == Holds.PARTLY and failing else None
    a = e.answers["energy"]
    return reading(holds, "fast_green", part, "gpu" if speed == Holds.DOES_NOT_HOLD else "either",
                    ("speed", "energy"), energy=energy.value,
                    vendor=bool(a.deciding) and all(k.info.vendor for k in a.deciding), **same_generation(e.answers["speed"]))


@reads("use-tpu-tensorflow")
def _tensorflow_services(e: Evidence) -> Reading:
    holds, part, figures = tensorflow(e)
    if not figures:
        return reading(Holds.UNDECIDED, "no_evidence")
    tf = figures["support"]["TensorFlow"] == STATED
    google = e.fact("use-tpu-tensorflow", EPOCH, GoogleModels)
    google = google and google.counts
    on_tpus = bool(google) and e.verdict("use-tpu-tensorflow", EPOCH) == Verdict.SUPPORTED
    holds = Holds.HOLDS if tf and on_tpus else Holds.PARTLY if tf or on_tpus else Holds.DOES_NOT_HOLD
    return reading(holds, "tensorflow_services", part,
                    "tpu" if holds == Holds.HOLDS else "either", ("frameworks",), google=google, **figures)


@reads("conclusion-gpus")
def _conclusion_gpus(e: Evidence) -> Reading:
    sides = {c: e.answers[c].direction for c in ("flexibility", "frameworks", "availability")}
    for_gpu = sorted(c for c, d in sides.items() if d == Direction.GPU)
    holds = Holds.HOLDS if len(for_gpu) == len(sides) else Holds.PARTLY if for_gpu else Holds.DOES_NOT_HOLD
    return reading(holds, "conclusion", choice="gpu" if holds == Holds.HOLDS else "either",
                    rests_on=tuple(sides), sides={c: d.value for c, d in sides.items()})


@reads("conclusion-tpus")
def _conclusion_tpus(e: Evidence) -> Reading:
    tf_holds, _, figures = tensorflow(e)
    scale = e.fact("tpu-scalable", MLPERF, LargestSystems)
    sides = {"speed": e.answers["speed"].direction.value, "scale": "either" if scale else "none",
             "tensorflow": "tpu" if tf_holds == Holds.HOLDS else "gpu"}
    for_tpu = [c for c, d in sides.items() if d == "tpu"]
    holds = Holds.HOLDS if len(for_tpu) == len(sides) else Holds.PARTLY if for_tpu else Holds.DOES_NOT_HOLD
    return reading(holds, "conclusion", choice="tpu" if holds == Holds.HOLDS else "either",
                    rests_on=("speed", "tpu-scalable", "frameworks"), sides=sides)


# the values of each line this module records, by key: field -> type hint (judgement.schema.json types each line's
# values from these: accelbench/schema.py writes it; tests/test_line_values.py checks them against the calls)
class CoresCounted(TypedDict):
    """A GPU's cores as its vendor counts them."""

    chip: str
    count: int


class CoresApart(TypedDict):
    """A chip whose cores its vendor counts in a unit of its own, kept apart."""

    chip: str
    unit: str
    count: int


FACTS = {"facts": FrozenMap[str, Fact | None]}  # a sentence with rules of its own: each kind's facts
LINE_VALUES = {
    "sentence.cores": {"gpus": tuple[CoresCounted, ...], "stated": int, "chips": int},
    "sentence.cores_apart": {"others": tuple[CoresApart, ...]},
    "sentence.matrix_units": {"chip": str, "bf16": float, "with_mxu": int, "tpus": int},
    "sentence.why_not_recorded": {"why": str},
    "sentence.models": FACTS,
    "sentence.platform_count": FACTS,
    "sentence.brands": FACTS,
    "sentence.labs": FACTS,
    "sentence.platform_share": FACTS,
    "sentence.scalable": FACTS,
    "sentence.prediction": {},
    "sentence.open_access": {"tpu": tuple[str, ...]},
    "sentence.many_frameworks": {"with_all": int, "gpus": int, **TENSORFLOW},
    "sentence.research": {"tpu": Breadth, "gpu": Breadth, "labs": Counts},
    "sentence.large": {"tpu": Largest, "gpu": Largest, **COUNTS},
    "sentence.fast_green_not": {"failing": tuple[str, ...]},
    "sentence.fast_green": {"energy": str, "vendor": bool, **COUNTS},
    "sentence.tensorflow_services": {"google": Counts, **TENSORFLOW},
    "sentence.conclusion": {"sides": FrozenMap[str, str]},
}
