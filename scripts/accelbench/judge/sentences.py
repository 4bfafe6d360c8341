"""Every sentence of the article read in its own words: whether it is true (judge/codes.Holds), the
figure that decides it, the part that does not hold, and for a situation of "When to use which" or
the conclusion, the chip the evidence leads to in it. A comparison row keeps its answer ("points to
the GPU", judge/answers.py) beside: that says who wins; this says whether the sentence is so.

Each sentence has one reader below, declared in READERS, that reads only the judgement's answers,
findings and facts (and the price list for a range of prices): it judges nothing the rules have not
judged, and writes no word. A figure or a part is a Line ("sentence.<key>" with its values) that
publish/wording/sentences.py says."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from accelbench.core.cores import cuda_cores
from accelbench.core.framework_support import SUPPORTED as STATED  # the vendor's support word, not a verdict
from accelbench.core.reference import Reference
from accelbench.judge.answers import Answer
from accelbench.judge.claims import CHOOSING, CLAIMS, CONCLUSION, EPOCH, MLPERF, PRICES, SPECS, STATEMENTS
from accelbench.judge.codes import DECISIVE, Direction, Holds, Verdict
from accelbench.judge.judging import Finding, Line, said
from accelbench.judge.per_dollar import PerDollar

FROM_VERDICT = {Verdict.SUPPORTED: Holds.HOLDS, Verdict.CONTRADICTED: Holds.DOES_NOT_HOLD, Verdict.SPLIT: Holds.PARTLY,
                Verdict.TIE: Holds.PARTLY, Verdict.NOT_MEASURED: Holds.UNDECIDED, Verdict.PREDICTION: Holds.UNDECIDED}


@dataclass(frozen=True)
class Reading:
    """One sentence of the article (a statement's slug, or a cell of its table: "speed.tpu"), read."""

    sentence: str
    holds: Holds
    figure: Line  # the figure that decides it
    part: Line | None = None  # what does not hold (PARTLY), or what each kind says (DISAGREE)
    choice: str = ""  # a situation: the chip the evidence leads to in it ("tpu", "gpu", "either")
    rests_on: tuple[str, ...] = ()  # the claims and statements whose answers hold its evidence


@dataclass(frozen=True)
class Evidence:
    """What a reader may read: the answers, the findings, the per-dollar comparisons and the prices."""

    answers: Mapping[str, Answer]
    findings: Mapping[tuple[str, str], Finding]
    per_dollar: tuple[PerDollar, ...]
    reference: Reference

    def facts(self, claim: str, kind: str) -> dict:
        found = self.findings.get((claim, kind))
        return found.facts if found else {}

    def verdict(self, claim: str, kind: str) -> Verdict:
        found = self.findings.get((claim, kind))
        return found.verdict if found else Verdict.NOT_MEASURED


Reader = Callable[[Evidence], Reading]
# the sentences that ask which chip to choose: "When to use which" and the conclusion
SITUATIONS = frozenset(slug for slug, s in STATEMENTS.items() if s.page in (CHOOSING, CONCLUSION))
READERS: dict[str, Reader] = {}


def reads(*sentences: str):
    """Declare the decorated function as the reader of these sentences (each read once)."""
    def declare(reader):
        for slug in sentences:
            if slug in READERS:
                raise ValueError(f"sentence {slug!r} has two readers")
            READERS[slug] = reader
        return reader
    return declare


def cells() -> list[str]:
    """The cells of the article's table as sentences, in its order: each row's GPU cell, then its TPU cell."""
    return [f"{slug}.{side}" for slug in CLAIMS for side in ("gpu", "tpu")]


def read_all(e: Evidence) -> tuple[Reading, ...]:
    """Every sentence of the article, read: its table's cells, then its other claims in its order."""
    missing = [s for s in (*cells(), *STATEMENTS) if s not in READERS]
    if missing:
        raise ValueError(f"no reader for the article's sentences {missing} (judge/sentences.py READERS)")
    out = []
    for slug in (*cells(), *STATEMENTS):
        r = READERS[slug](e)  # a reader shared with a situation chooses only for the situation
        out.append(Reading(slug, r.holds, r.figure, r.part, r.choice if slug in SITUATIONS else "", r.rests_on))
    return tuple(out)


def _reading(holds: Holds, key: str, part: Line | None = None, choice: str = "", rests_on: tuple[str, ...] = (),
             **values) -> Reading:
    return Reading("", holds, said(f"sentence.{key}", **values), part, choice, rests_on)


# --- counts the readers share ------------------------------------------------------------------


def same_generation(a: Answer) -> dict:
    """The same-generation comparisons of the kinds that decide an answer, by the side each favours: the count
    the speed headline, its chart and every sentence on speed say; and apart, those of the kinds that split
    (named, never counted in it)."""
    def tally(kinds) -> dict:
        sides = [c.side for k in kinds for c in k.finding.comparisons if c.same_generation]
        return {"tpu_ahead": sides.count("tpu"), "gpu_ahead": sides.count("gpu"), "ties": sides.count("either"),
                "compared": len(sides)}
    return {**tally(a.deciding), "split": {"kinds": [k.kind for k in a.split], **tally(a.split)}}


def _side_holds(a: Answer, side: str) -> Holds:
    """A sentence that says the SIDE is the better chip, as the answer's direction decides it."""
    if a.direction == Direction.DISAGREE:
        return Holds.DISAGREE
    if a.direction == Direction.NONE:
        return Holds.UNDECIDED
    if a.direction == Direction.EVEN:
        return Holds.PARTLY
    return Holds.HOLDS if a.direction.value == side else Holds.DOES_NOT_HOLD


def _gpu_price_range(e: Evidence) -> dict:
    """The span of on-demand GPU list prices per chip-hour, for "Varies (can be expensive)"."""
    gpus = {row["chip"] for row in e.reference.accelerators if row["platform"] == "gpu"}
    prices = [p for p in e.reference.prices.prices if p.chip in gpus and p.tier == "on-demand"]
    if not prices:
        return {}
    low, high = min(prices, key=lambda p: p.usd_per_chip_hour), max(prices, key=lambda p: p.usd_per_chip_hour)
    return {"low": low.usd_per_chip_hour, "low_chip": e.reference.display_name(low.chip), "low_at": low.provider,
            "high": high.usd_per_chip_hour, "high_chip": e.reference.display_name(high.chip), "high_at": high.provider,
            "offers": len(prices), "as_of": e.reference.prices.as_of.isoformat()}


# --- the table's cells -------------------------------------------------------------------------


@reads("designed.gpu")
def _designed_gpu(e: Evidence) -> Reading:
    f = e.facts("designed", SPECS)
    if not f.get("gpus"):
        return _reading(Holds.UNDECIDED, "no_evidence")
    holds = Holds.PARTLY if f["gpus_with"] == f["gpus"] else Holds.DOES_NOT_HOLD
    return _reading(holds, "fp64_gpus", said("sentence.not_in_data", what="graphics"), rests_on=("designed",), **f)


@reads("designed.tpu", "tpu-for-ai", "tpu-tensor-ops")
def _designed_tpu(e: Evidence) -> Reading:
    f = e.facts("designed", SPECS)
    if not f.get("tpus"):
        return _reading(Holds.UNDECIDED, "no_evidence")
    return _reading(FROM_VERDICT[e.verdict("designed", SPECS)], "fp64_tpus", rests_on=("designed",), **f)


@reads("speed.gpu")
def _speed_gpu(e: Evidence) -> Reading:
    a = e.answers["speed"]
    counts = same_generation(a)
    holds = (Holds.UNDECIDED if not counts["compared"] else Holds.HOLDS if counts["gpu_ahead"] + counts["ties"]
             else Holds.PARTLY)
    return _reading(holds, "speed_counts", rests_on=("speed",), **counts)


@reads("speed.tpu", "tpu-matrix-speed", "tpu-ultra-fast")
def _speed_tpu(e: Evidence) -> Reading:
    a = e.answers["speed"]
    return _reading(_side_holds(a, "tpu"), "speed_counts", rests_on=("speed",), **same_generation(a))


@reads("flexibility.gpu", "gpu-flexible")
def _flexibility_gpu(e: Evidence) -> Reading:
    f = e.facts("flexibility", MLPERF)
    if "gpu" not in f:
        return _reading(Holds.UNDECIDED, "no_evidence")
    holds = FROM_VERDICT[e.verdict("flexibility", MLPERF)]
    return _reading(holds, "coverage", rests_on=("flexibility",), tpu=f["tpu"], gpu=f["gpu"])


@reads("flexibility.tpu")
def _flexibility_tpu(e: Evidence) -> Reading:
    f, specs = e.facts("flexibility", MLPERF), e.facts("designed", SPECS)
    if "tpu" not in f or not specs.get("tpus"):
        return _reading(Holds.UNDECIDED, "no_evidence")
    return _reading(FROM_VERDICT[e.verdict("designed", SPECS)], "ai_only", rests_on=("flexibility", "designed"),
                    tpu=f["tpu"], gpu=f["gpu"], tpus=specs["tpus"], tpus_with=specs["tpus_with"])


@reads("availability.gpu", "gpu-available")
def _availability_gpu(e: Evidence) -> Reading:
    offers, entries = e.facts("availability", PRICES), e.facts("availability", MLPERF)
    if not offers.get("gpu"):
        return _reading(Holds.UNDECIDED, "no_evidence")
    part = said("sentence.not_in_data", what="laptops and desktops")
    return _reading(Holds.PARTLY if len(offers["gpu"]) >= 3 else Holds.DOES_NOT_HOLD, "offers_gpu", part,
                    rests_on=("availability",), gpu=offers["gpu"], tpu=offers.get("tpu", []),
                    submitters=len(entries.get("gpu", [])))


@reads("use-gpu-clouds")
def _clouds(e: Evidence) -> Reading:
    offers = e.facts("availability", PRICES)
    if not offers.get("gpu") or not offers.get("tpu"):
        return _reading(Holds.UNDECIDED, "no_evidence")
    many = len(offers["gpu"]) >= 3 and len(offers["tpu"]) == 1
    return _reading(Holds.HOLDS if many else Holds.PARTLY, "clouds", choice="gpu" if many else "either",
                    rests_on=("availability",), gpu=offers["gpu"], tpu=offers["tpu"])


@reads("availability.tpu", "tpu-gcp")
def _availability_tpu(e: Evidence) -> Reading:
    offers, entries = e.facts("availability", PRICES), e.facts("availability", MLPERF)
    if not offers.get("tpu"):
        return _reading(Holds.UNDECIDED, "no_evidence")
    holds = Holds.HOLDS if offers["tpu"] == ["GCP"] else Holds.DOES_NOT_HOLD
    return _reading(holds, "offers_tpu", rests_on=("availability",), tpu=offers["tpu"],
                    submitters=entries.get("tpu", []), cloud_only=bool(entries.get("cloud_only")))


@reads("use-gpu-local")
def _local(e: Evidence) -> Reading:
    offers, entries = e.facts("availability", PRICES), e.facts("availability", MLPERF)
    if not offers.get("tpu") or "cloud_only" not in entries:
        return _reading(Holds.UNDECIDED, "no_evidence")
    cloud_only = offers["tpu"] == ["GCP"] and entries["cloud_only"]
    return _reading(Holds.HOLDS if cloud_only else Holds.PARTLY, "local", choice="gpu" if cloud_only else "either",
                    rests_on=("availability",), tpu=offers["tpu"], on_premises=entries.get("on_premises", {}))


@reads("cost.gpu")
def _cost_gpu(e: Evidence) -> Reading:
    span = _gpu_price_range(e)
    if not span:
        return _reading(Holds.UNDECIDED, "no_evidence")
    return _reading(Holds.HOLDS if span["high"] > 2 * span["low"] else Holds.PARTLY, "price_range", rests_on=("cost",),
                    **span)


@reads("cost.tpu", "use-tpu-cost")
def _cost_tpu(e: Evidence) -> Reading:
    on_gcp = [o for d in e.per_dollar if d.current for o in d.offers
              if o.tpu.provider == o.gpu.provider == "GCP" and o.like_for_like]
    if not on_gcp:
        return _reading(Holds.UNDECIDED, "no_evidence")
    by_tier: dict[str, list[str]] = {}
    for o in on_gcp:
        by_tier.setdefault(o.tpu.tier, []).append(o.favours)
    tpu_tiers = sorted(t for t, sides in by_tier.items() if "tpu" in sides)
    other = sorted(t for t, sides in by_tier.items() if "tpu" not in sides)
    holds = Holds.HOLDS if tpu_tiers and not other else Holds.PARTLY if tpu_tiers else Holds.DOES_NOT_HOLD
    part = said("sentence.cost_not", tiers=other) if tpu_tiers and other else None
    return _reading(holds, "cost_tiers", part, "either" if holds == Holds.PARTLY else "tpu" if tpu_tiers else "gpu",
                    ("cost",), tpu_tiers=tpu_tiers, other=other,
                    pairs=sum(len(s) for s in by_tier.values()), tpu_pairs=sum(s.count("tpu") for s in by_tier.values()))


@reads("energy.gpu")
def _energy_gpu(e: Evidence) -> Reading:
    return _reading(Holds.UNDECIDED, "no_measure", rests_on=("energy",), word="good")


@reads("energy.tpu", "tpu-energy")
def _energy_tpu(e: Evidence) -> Reading:
    a = e.answers["energy"]
    vendor = bool(a.deciding) and all(k.info.vendor for k in a.deciding)
    papers = sorted({(c.citation, tuple(c.by)) for k in a.deciding for c in k.finding.comparisons if c.citation})
    return _reading(_side_holds(a, "tpu"), "energy", rests_on=("energy",), kinds=[k.kind for k in a.deciding],
                    papers=[{"citation": c, "by": list(by)} for c, by in papers], vendor=vendor)


@reads("frameworks.gpu", "gpu-ecosystem")
def _frameworks_gpu(e: Evidence) -> Reading:
    f = e.facts("frameworks", SPECS)
    if not f.get("gpus"):
        return _reading(Holds.UNDECIDED, "no_evidence")
    holds = Holds.HOLDS if f["gpus_with_all"] == f["gpus"] else Holds.PARTLY
    return _reading(holds, "frameworks_gpus", rests_on=("frameworks",), with_all=f["gpus_with_all"], gpus=f["gpus"])


def _tensorflow(e: Evidence) -> tuple[Holds, Line | None, dict]:
    """Whether "TPUs are best with TensorFlow, JAX" holds, the part that does not, and the figures."""
    f = e.facts("frameworks", SPECS)
    if not f.get("support"):
        return Holds.UNDECIDED, None, {}
    dropped = sorted(fw for fw in ("TensorFlow", "JAX") if f["support"][fw] != STATED)
    part = said("sentence.framework_dropped", chip=f["chip"], dropped=dropped,
                older={fw: f["stated_on"][fw] for fw in dropped}) if dropped else None
    holds = Holds.HOLDS if not dropped else Holds.PARTLY if len(dropped) == 1 else Holds.DOES_NOT_HOLD
    return holds, part, {"chip": f["chip"], "support": f["support"], "stacks": e.facts("frameworks", MLPERF).get("tpu", [])}


@reads("frameworks.tpu")
def _frameworks_tpu(e: Evidence) -> Reading:
    holds, part, figures = _tensorflow(e)
    return _reading(holds, "frameworks_tpu" if figures else "no_evidence", part, rests_on=("frameworks",), **figures)


# --- the article's other sentences --------------------------------------------------------------


def _own(slug: str, e: Evidence, key: str, part: Line | None = None, choice: str = "") -> Reading:
    """A sentence with rules of its own: their verdicts, each kind's facts as its figure."""
    kinds = [(k, e.findings[(slug, k)]) for k in STATEMENTS[slug].judged_by if (slug, k) in e.findings]
    verdicts = {f.verdict for _, f in kinds if f.verdict != Verdict.NOT_MEASURED}
    if not verdicts:
        return _reading(Holds.UNDECIDED, "no_evidence")
    decisive = verdicts & set(DECISIVE)
    holds = (Holds.DISAGREE if len(decisive) > 1 else FROM_VERDICT[decisive.pop()] if len(verdicts) == 1 and decisive
             else Holds.PARTLY)
    return _reading(holds, key, part, choice, facts={k: f.facts for k, f in kinds})


@reads("gpu-parallel")
def _parallel(e: Evidence) -> Reading:
    """Thousands of cores: the GPUs whose vendor states a count of CUDA cores; the others' units named apart."""
    platform = {row["chip"]: row["platform"] for row in e.reference.accelerators}
    counted = {chip: n for chip, n in cuda_cores(e.reference.cores).items() if platform.get(chip) == "gpu"}
    if not counted:
        return _reading(Holds.UNDECIDED, "no_evidence")
    others = [{"chip": e.reference.display_name(c.chip), "unit": c.unit, "count": c.count} for c in e.reference.cores
              if c.chip not in counted and c.unit in ("compute units", "TensorCores per chip")]
    gpus = [{"chip": e.reference.display_name(chip), "count": n} for chip, n in counted.items()]
    holds = Holds.HOLDS if all(n >= 1000 for n in counted.values()) else Holds.PARTLY
    return _reading(holds, "cores", said("sentence.cores_apart", others=others) if others else None,
                    gpus=gpus, stated=len(counted), chips=sum(1 for p in platform.values() if p == "gpu"))


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
    return _reading(Holds.UNDECIDED, "prediction")


@reads("open-tpu-access")
def _open_access(e: Evidence) -> Reading:
    offers = e.facts("availability", PRICES)
    return _reading(Holds.UNDECIDED, "open_access", tpu=offers.get("tpu", []), rests_on=("availability",))


# --- the situations: each concluded in one choice ---------------------------------------------


@reads("use-gpu-frameworks")
def _many_frameworks(e: Evidence) -> Reading:
    holds, part, figures = _tensorflow(e)
    gpus = e.facts("frameworks", SPECS)
    if not figures:
        return _reading(Holds.UNDECIDED, "no_evidence")
    # every GPU states all three; the newest TPU drops one: the GPU is the one chip that runs them all
    choice = "gpu" if holds != Holds.HOLDS else "either"
    return _reading(Holds.HOLDS if choice == "gpu" else Holds.DOES_NOT_HOLD, "many_frameworks", part, choice,
                    ("frameworks",), with_all=gpus["gpus_with_all"], gpus=gpus["gpus"], **figures)


@reads("use-gpu-research")
def _research(e: Evidence) -> Reading:
    flexible, labs = e.answers["flexibility"], e.findings.get(("labs-gpus", EPOCH))
    if flexible.direction == Direction.NONE or labs is None:
        return _reading(Holds.UNDECIDED, "no_evidence")
    f = e.facts("flexibility", MLPERF)
    holds = Holds.HOLDS if flexible.direction == Direction.GPU and labs.verdict == Verdict.SUPPORTED else Holds.PARTLY
    return _reading(holds, "research", choice="gpu" if holds == Holds.HOLDS else "either",
                    rests_on=("flexibility", "labs-gpus"), tpu=f.get("tpu"), gpu=f.get("gpu"), labs=labs.facts["labs"])


@reads("use-tpu-large")
def _large(e: Evidence) -> Reading:
    scale = e.facts("tpu-scalable", MLPERF)
    if not scale.get("largest"):
        return _reading(Holds.UNDECIDED, "no_evidence")
    largest = {p: max((x for x in scale["largest"] if x["platform"] == p), key=lambda x: x["chips"], default=None)
               for p in ("tpu", "gpu")}
    counts = same_generation(e.answers["speed"])
    # both platforms train the largest models; which is faster per chip is the speed answer's
    holds = Holds.DOES_NOT_HOLD if largest["gpu"] and counts["gpu_ahead"] > counts["tpu_ahead"] else Holds.PARTLY
    return _reading(holds, "large", choice="either", rests_on=("tpu-scalable", "speed", "cost"),
                    tpu=largest["tpu"], gpu=largest["gpu"], **counts)


@reads("use-tpu-fast-green")
def _fast_green(e: Evidence) -> Reading:
    speed, energy = _side_holds(e.answers["speed"], "tpu"), _side_holds(e.answers["energy"], "tpu")
    parts = (speed, energy)
    holds = (speed if speed == energy else Holds.PARTLY if Holds.HOLDS in parts
             else Holds.DOES_NOT_HOLD if Holds.DOES_NOT_HOLD in parts else Holds.UNDECIDED)
    failing = [name for name, h in (("speed", speed), ("energy", energy)) if h == Holds.DOES_NOT_HOLD]
    part = said("sentence.fast_green_not", failing=failing) if holds == Holds.PARTLY and failing else None
    a = e.answers["energy"]
    return _reading(holds, "fast_green", part, "gpu" if speed == Holds.DOES_NOT_HOLD else "either",
                    ("speed", "energy"), energy=energy.value,
                    vendor=bool(a.deciding) and all(k.info.vendor for k in a.deciding), **same_generation(e.answers["speed"]))


@reads("use-tpu-tensorflow")
def _tensorflow_services(e: Evidence) -> Reading:
    holds, part, figures = _tensorflow(e)
    if not figures:
        return _reading(Holds.UNDECIDED, "no_evidence")
    tf = figures["support"]["TensorFlow"] == STATED
    google = e.facts("use-tpu-tensorflow", EPOCH).get("counts", {})
    on_tpus = bool(google) and e.verdict("use-tpu-tensorflow", EPOCH) == Verdict.SUPPORTED
    holds = Holds.HOLDS if tf and on_tpus else Holds.PARTLY if tf or on_tpus else Holds.DOES_NOT_HOLD
    return _reading(holds, "tensorflow_services", part,
                    "tpu" if holds == Holds.HOLDS else "either", ("frameworks",), google=google, **figures)


@reads("conclusion-gpus")
def _conclusion_gpus(e: Evidence) -> Reading:
    sides = {c: e.answers[c].direction for c in ("flexibility", "frameworks", "availability")}
    for_gpu = sorted(c for c, d in sides.items() if d == Direction.GPU)
    holds = Holds.HOLDS if len(for_gpu) == len(sides) else Holds.PARTLY if for_gpu else Holds.DOES_NOT_HOLD
    return _reading(holds, "conclusion", choice="gpu" if holds == Holds.HOLDS else "either",
                    rests_on=tuple(sides), sides={c: d.value for c, d in sides.items()})


@reads("conclusion-tpus")
def _conclusion_tpus(e: Evidence) -> Reading:
    tf_holds, _, figures = _tensorflow(e)
    sides = {"speed": e.answers["speed"].direction.value, "scale": "either" if e.facts("tpu-scalable", MLPERF) else "none",
             "tensorflow": "tpu" if tf_holds == Holds.HOLDS else "gpu"}
    for_tpu = [c for c, d in sides.items() if d == "tpu"]
    holds = Holds.HOLDS if len(for_tpu) == len(sides) else Holds.PARTLY if for_tpu else Holds.DOES_NOT_HOLD
    return _reading(holds, "conclusion", choice="tpu" if holds == Holds.HOLDS else "either",
                    rests_on=("speed", "tpu-scalable", "frameworks"), sides=sides)
