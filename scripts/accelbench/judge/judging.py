"""The one vocabulary every verdict is said in, whatever kind of evidence it judges (measured
here, or published by others): the verdict words, the margin within which a difference is a tie,
how the verdicts of several comparisons combine, what a rule finds, and how a rule is declared
(accelbench/registry.py lists them, keyed by claim and kind of evidence). Declared once here, so
that two kinds of evidence never answer the same question in two ways, and each kind's verdict
stays its own."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, is_dataclass
from typing import TYPE_CHECKING

from accelbench.judge.claims import CLAIMS, STATEMENTS, Claim, Statement
from accelbench.judge.codes import Verdict
from accelbench.judge.fact_records import FrozenMap
from accelbench.judge.facts import Fact

if TYPE_CHECKING:
    from accelbench.core.reference import Reference

# the verdicts by their short names (judge/codes.py declares them, with what each means)
SUPPORTED, CONTRADICTED, TIE, SPLIT, NOT_MEASURED = (Verdict.SUPPORTED, Verdict.CONTRADICTED, Verdict.TIE, Verdict.SPLIT,
                                                     Verdict.NOT_MEASURED)
UNDECIDABLE, LINKED = Verdict.PREDICTION, Verdict.LINKED
MARGIN = 0.05  # differences within the margin count as a tie: every rule and every sentence reads it here


def beyond_margin(low: float, high: float | None = None) -> str:
    """The TPU's advantage (above 1 favours the TPU), or the range LOW-HIGH the source or the
    interval gives -> the verdict on 'the TPU is better': supported where even the low end clears
    the margin, contradicted where even the high end falls short of parity by more than it, and a
    tie otherwise. The one margin rule: every kind of evidence judges by it."""
    high = low if high is None else high
    return SUPPORTED if low > 1 + MARGIN else CONTRADICTED if high < 1 - MARGIN else TIE


def at_least_parity(low: float) -> bool:
    """Whether a ratio whose interval starts at ``low`` is "at least as fast" (or as good) as the
    rules' texts say: its whole interval at or above parity less the margin (BELOW)."""
    return low >= 1 - MARGIN


SIDES = {SUPPORTED: "tpu", CONTRADICTED: "gpu", TIE: "either"}  # a verdict on "the TPU is better" as the side it favours


def favoured(advantage: float) -> str | None:
    """'tpu', 'gpu', or None within the margin: the side a single advantage points to."""
    return {SUPPORTED: "tpu", CONTRADICTED: "gpu"}.get(beyond_margin(advantage))


def combined(verdicts: list[str]) -> str:
    """Several comparisons: their common verdict, split where they differ, and not measured where
    there is none at all (no comparison is no evidence, never a split one)."""
    if not verdicts:
        return NOT_MEASURED
    return verdicts[0] if len(set(verdicts)) == 1 else SPLIT


# What a comparison compares (its ``metric``), as a code: declared once here, worded once
# (publish/wording/terms.COMPARED), listed in judgement.schema.json's enum. Each names its figure and its
# unit, so that one whose unit differs (an inference scenario's samples against its queries) is a code of its own.
TFLOPS = "tflops"  # measured here: bf16 matrix-multiplication TFLOP/s
TOKENS_PER_S = "tokens_per_s"  # measured here: GPT-2 small training tokens/s
TOKENS_PER_JOULE = "tokens_per_joule"  # measured here: GPT-2 small training tokens per joule
TFLOP_PER_JOULE = "tflop_per_joule"  # measured here: bf16 matrix-multiplication TFLOP per joule
USD_PER_BILLION_TOKENS = "usd_per_billion_tokens"  # dollars per billion training tokens
TOKENS_PER_S_PER_CHIP = "tokens_per_s_per_chip"  # vendor-reported training tokens/s per chip
CHIP_HOURS = "chip_hours"  # MLPerf Training: chip-hours to train
USD_PER_RUN = "usd_per_run"  # MLPerf Training: dollars per training run
SAMPLES_PER_S_PER_CHIP = "samples_per_s_per_chip"  # MLPerf Inference, Offline: samples/s per chip
QUERIES_PER_S_PER_CHIP = "queries_per_s_per_chip"  # MLPerf Inference, Server: queries/s per chip
SPEED = "speed"  # a paper's quoted speed factor
POWER = "power"  # a paper's quoted power factor (a power figure is no energy)
METRIC_CODES = (TFLOPS, TOKENS_PER_S, TOKENS_PER_JOULE, TFLOP_PER_JOULE, USD_PER_BILLION_TOKENS, TOKENS_PER_S_PER_CHIP,
                CHIP_HOURS, USD_PER_RUN, SAMPLES_PER_S_PER_CHIP, QUERIES_PER_S_PER_CHIP, SPEED, POWER)


@dataclass(frozen=True)
class Line:
    """One line of a finding's detail, as data: the key of its template in the wording module
    (publish/wording/lines.py) and the values the template is filled from. A rule says what it
    found in these, never in words, so the judgement holds no sentence and a reader's words change
    in one place."""

    key: str  # "mlperf_training.speed.pair": the template's key, prefixed with the rule's source
    values: Mapping[str, object]  # numbers, ids, names as the data spells them, lists, nested Lines


def said(key: str, **values) -> Line:
    """A Line, its values made plain data, frozen (a numpy number becomes a Python one, a dataclass such as
    a Ratio its fields, a dict a FrozenMap, a list a tuple), so that the judgement serialises as it is."""
    return Line(key, FrozenMap({name: _plain(value) for name, value in values.items()}))


def _plain(value):
    if isinstance(value, Line) or value is None or type(value) in (str, bool, int, float):
        return value
    for plain in (bool, int, float, str):  # a subclass (numpy's float64 is a float) as its plain type
        if isinstance(value, plain):
            return plain(value)
    if is_dataclass(value):  # its fields; a fact with its topic's code first, as judgement.json writes it
        fields_of = {f.name: getattr(value, f.name) for f in fields(value)}
        return _plain({"topic": value.topic, **fields_of} if isinstance(value, Fact) else fields_of)
    if isinstance(value, Mapping):
        return FrozenMap({str(k): _plain(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(_plain(v) for v in value)
    if hasattr(value, "item"):  # a numpy or pandas scalar
        return value.item()
    raise TypeError(f"a Line's value must be plain data, not {type(value).__name__}: {value!r}")


@dataclass(frozen=True)
class Link:
    """A published file a finding read: its address, and what it is as data (the wording module
    words it as the link's text)."""

    url: str
    text: Line  # "mlperf_training.link" with the benchmark, round and side: "GPT-3 175B v4.1 TPU"


def linked(url: str, key: str, **values) -> Link:
    """A Link whose text is the template KEY filled with VALUES (as :func:`said`)."""
    return Link(url, said(key, **values))


def _refuse_prose(owner: object, *fields: str) -> None:
    """A name or figures given as a sentence would reach the judgement and the pages unworded:
    refused where the comparison is made."""
    for name in fields:
        value = getattr(owner, name)
        if not isinstance(value, Line):
            raise TypeError(f"a {type(owner).__name__}'s {name} is a Line (a template's key and its values, "
                            f"judging.said), not {type(value).__name__}: {value!r}")


@dataclass(frozen=True)
class Scaling:
    """Where two systems differ in size: the larger side's own figure at its smallest submitted scale in the
    same round and benchmark, and at the scale compared, so that a reader sees how much of a gap size makes."""

    side: str  # "tpu" or "gpu": the larger system
    from_chips: int
    from_chip_hours: float
    to_chips: int
    to_chip_hours: float


@dataclass(frozen=True)
class Comparison:
    """One TPU-against-GPU comparison a rule judged that holds a number: the TPU's advantage on one
    scale for every metric (above 1 favours the TPU: its speed over the GPU's, or the GPU's time,
    chip-hours, dollars or joules over the TPU's), its range where the source gives one, and what a
    reader needs to tell it from the others and to find its source. The answers' charts and
    sentences are drawn from these, never from a figure typed again."""

    name: Line  # the comparison as tables and tooltips name it, as data ("Ironwood vs DGX-GB200, Llama 3.1 70B, 64 chips, FP8")
    advantage: float  # the TPU's advantage; a range's middle (geometric) where the source gives one
    metric: str  # what was compared, as a code of METRIC_CODES ("tokens_per_s_per_chip", "chip_hours", ...)
    tpu: str  # the chip (or system) on each side, as the source names it
    gpu: str
    figures: Line  # the figures compared, as data: the wording module says them in the tooltip
    url: str = ""  # where the figures are published (a log line, a results folder, a DOI)
    low: float | None = None  # the range the source gives, where it gives one
    high: float | None = None
    chips: int | None = None  # the scale (chips per side); None where the source gives none
    precision: str = ""  # the number format compared ("bf16", "FP8"), where the source says
    preview: bool = False  # a side is a preview system, not for sale yet
    model: str = ""  # the model or benchmark trained, as readers know it ("Llama 3.1 70B", "GPT-3 175B")
    citation: str = ""  # the paper it is quoted from, as its short citation ("Jouppi et al., ISCA 2023"), where one is
    by: tuple[str, ...] = ()  # the organisations a paper's authors work for (vendor-authored when a compared chip's vendor)
    scenario: str = ""  # the MLPerf Inference scenario compared ("Offline", "Server"), where it is one
    gpu_chips: int | None = None  # the GPU side's scale, where it differs from the TPU's (MLPerf)
    tpu_name: str = ""  # each chip as readers know it (reference data), set by judge/generations.py
    gpu_name: str = ""
    tpu_short: str = ""  # each chip's short name, as a clause says it once introduced (reference data), likewise
    gpu_short: str = ""
    tpu_available: str = ""  # each chip's first availability (reference data), set by judge/generations.py
    gpu_available: str = ""
    # months between the two chips' first availability (the TPU's less the GPU's: above 0, the GPU is older);
    # None where a chip is not dated. publish/wording/terms.generation says it ("the GPU is 3 years older")
    gap_months: int | None = None
    same_generation: bool = False  # within GENERATION_MONTHS of each other: it may decide a per-chip verdict
    round: str = ""  # the MLPerf round both entries are of ("v4.1"), where it is one
    tpu_release: str = ""  # each side's software release as its source numbers it ("26.08"), where it does
    gpu_release: str = ""
    tpu_recipe: str = ""  # each side's number-format recipe, where the two differ ("fp8_full" against "MXFP8")
    gpu_recipe: str = ""
    # when each side's figure was published (YYYY-MM-DD, or YYYY-MM): its round's announcement, its recipe
    # line's commit, its paper; the newer of the two dates how recent the comparison is
    tpu_published: str = ""
    gpu_published: str = ""
    scaling: Scaling | None = None  # systems of different sizes: the larger side's own scaling, where its source has it
    # the side it favours by the margin rule (its whole range where it has one): "tpu", "gpu" or "either"; judged
    # here, as it is made, so that no page applies the margin again
    side: str = field(default="", init=False)

    def __post_init__(self):
        _refuse_prose(self, "name", "figures")
        if self.metric not in METRIC_CODES:  # a phrase would reach the judgement and the pages unworded
            raise ValueError(f"a Comparison's metric is a code of judging.METRIC_CODES, not {self.metric!r}")
        verdict = beyond_margin(self.advantage if self.low is None else self.low,
                                self.advantage if self.high is None else self.high)
        object.__setattr__(self, "side", SIDES[verdict])

    @property
    def favours(self) -> str | None:
        """'tpu', 'gpu', or None within the margin."""
        return None if self.side == "either" else self.side


@dataclass(frozen=True)
class CostItem:
    """One TPU-against-GPU comparison as the cost page prices it at every provider and tier: the
    chips, and what each side needs per unit of work. For tokens: tokens per second per chip (a
    billion tokens take 10⁹ ÷ (that × 3600) chip-hours); for runs: chip-hours per training run."""

    name: Line  # the comparison as the cost tables and the estimator's menu name it, as data
    kind: str  # the kind of evidence (MEASURED or a source's kind): never mixed in one table
    work: str  # "tokens" or "runs"
    tpu_chip: str | None  # accelerators.csv's name; None where the system is no chip of the reference data
    gpu_chip: str | None
    tpu_quantity: float
    gpu_quantity: float
    tpu_chips: int | None = None  # chips per side, for hours on the whole system (tokens only)
    gpu_chips: int | None = None
    url: str = ""
    # the sides ("GPU", "TPU") with no run of ours to price: a comparison measured here that cannot be priced
    # at all (publish/wording/terms.unmeasured says why)
    unmeasured: tuple[str, ...] = ()
    # the same-work comparison it prices (work per chip-hour, judge/per_dollar.RATIO_METRICS), where the rule
    # that priced it compared no such pair for speed (MLPerf's cheapest runs per benchmark)
    compared: Comparison | None = None

    def __post_init__(self):
        _refuse_prose(self, "name")


@dataclass(frozen=True)
class Finding:
    """What a rule found on one claim from one kind of evidence: the verdict, the lines of detail
    with the numbers used (as data: the wording module words them), the run ids of measured ones,
    links to the published files used, each comparison it judged that holds a number, and the facts
    the answer's sentence is made from."""

    verdict: str
    lines: tuple[Line, ...]
    runs: tuple[str, ...] = ()
    links: tuple[Link, ...] = ()  # the published files it read
    comparisons: tuple[Comparison, ...] = ()
    costed: tuple[CostItem, ...] = ()  # what the cost page prices at every provider and tier
    # the deciding facts, typed by topic (judge/facts.py), where it compares no number; publish/wording/
    # turns each topic into the answer's sentence (the rules never write that sentence themselves)
    facts: Fact | None = None
    # how recent it is: the date (YYYY-MM-DD, or YYYY-MM where the source gives no day) of the newest
    # source it rests on, as published (a round's results, a recipe's commit, a paper) or, for reference
    # data, as read; "" where it rests on nothing dated
    as_of: str = ""

    def __post_init__(self):
        # frozen to the bottom: a rule builds its lists, the finding keeps them as tuples
        for name in ("lines", "runs", "links", "comparisons", "costed"):
            object.__setattr__(self, name, tuple(getattr(self, name)))
        # a line of prose would reach the judgement and the pages unworded: refused where it is made
        prose = next((line for line in self.lines if not isinstance(line, Line)), None)
        if prose is not None:
            raise TypeError(f"a finding's lines are Lines (a template's key and its values, judging.said), not "
                            f"{type(prose).__name__}: {prose!r}")
        worded = next((link for link in self.links if not isinstance(link, Link)), None)
        if worded is not None:
            raise TypeError(f"a finding's links are Links (an address and its text as a Line), not "
                            f"{type(worded).__name__}: {worded!r}")


@dataclass(frozen=True)
class RuleText:
    """A rule as the judgement keeps it: what it judges, from which kind of evidence, in words (the pages show
    the text; the judgement holds no function)."""

    claim: Claim | Statement  # a row of the article's table, or another of its claims
    kind: str  # the kind of evidence it judges from: MEASURED or a published source's kind
    # the rule as data: its template's key in the wording package and the constants it applies (the margin, the
    # interval's level), so that its words follow the constants the code judges by
    text: Line


@dataclass(frozen=True)
class Rule(RuleText):
    judge: Callable[[object, Reference], Finding]  # (that kind's data, reference data) -> finding

    @property
    def as_text(self) -> RuleText:
        return RuleText(self.claim, self.kind, self.text)


def rule(claim: str, kind: str, text: Line):
    """Declare the decorated judge as the rule for one claim and one kind of evidence, written as ``text``
    (``said("<source>.rule.<claim>", margin=MARGIN, ...)``: publish/wording/ words it). It registers
    nothing: the registry (accelbench/registry.py) lists the modules whose rules the build applies,
    in one place, so that a rule left out is an error there, never a silent gap."""
    judged = CLAIMS.get(claim) or STATEMENTS[claim]
    if kind not in judged.judged_by:
        raise ValueError(f"claim {claim!r} is not judged by {kind!r} evidence (claims.py lists {judged.judged_by})")
    if not isinstance(text, Line):
        raise TypeError(f"the rule for {claim!r} from {kind!r} evidence is written as a Line (said(key, ...)), "
                        f"not {type(text).__name__}")

    def declare(judge):
        judge.rule = Rule(judged, kind, text, judge)
        return judge
    return declare


def rules_in(module) -> list[Rule]:
    """The rules a module declares (its functions decorated with :func:`rule`), in source order."""
    return [obj.rule for obj in vars(module).values() if callable(obj) and isinstance(getattr(obj, "rule", None), Rule)]


def rules_of(rules: Mapping[tuple[str, str], RuleText], kind: str) -> list[RuleText]:
    """The rules of one kind of evidence, in the order of the article's table, then of its other claims."""
    return [rules[(slug, kind)] for slug in (*CLAIMS, *STATEMENTS) if (slug, kind) in rules]
