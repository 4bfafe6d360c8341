"""The article's claims on who trained what, judged from what notable models were trained on (Epoch
AI's database): what was used, never what is faster, so these rules judge no claim of speed, energy
or cost. Each returns numbers and names as facts; publish/wording/ says them.

Its source declares it among its rules (``SOURCE.rules``)."""

from __future__ import annotations

from accelbench.judge.claims import EPOCH
from accelbench.judge.fact_records import Categories, Counts, Model, Recorded, YearCounts
from accelbench.judge.facts import GoogleModels, GroupCount, Hybrid, LabsVsIndustry, MassiveRuns, Models, PlatformShare, Trend
from accelbench.judge.judging import (
    CONTRADICTED,
    NOT_MEASURED,
    SPLIT,
    SUPPORTED,
    TIE,
    UNDECIDABLE,
    Finding,
    Link,
    linked,
    rule,
    said,
)
from accelbench.sources.epoch_models.format import EpochModels
from accelbench.sources.epoch_models.queries import (
    PlatformCount,
    deepmind_game_players,
    google_models,
    openai_early_gpt,
    platform_by_category,
    platform_by_year,
    platform_count,
)

TREND_MIN_KNOWN = 20  # a year with fewer models of recorded hardware draws no trend sentence (its share is shown with its count)
RECENT_YEARS = 3  # "heavily used" today: the last three years of publication in the database
TREND_YEARS = 8  # the years a prediction's trend shows
MAJORITY = 0.5  # "heavily used", "most": more than this share of the models with recorded hardware
MASSIVE_FLOP = 1e24  # a training run of at least this much compute counts as massive (GPT-3 was 3.1e23)
ACADEMIA, INDUSTRY = "Academia", "Industry"


def _counts(c: PlatformCount) -> Counts:
    return Counts(c.gpu, c.tpu, c.other, c.mixed, c.not_stated)


def _summed(counts: list[PlatformCount], group) -> PlatformCount:
    return PlatformCount(*(sum(getattr(c, f) for c in counts) for f in ("gpu", "tpu", "other", "mixed", "not_stated")), group)


def _database_link(data: EpochModels) -> list[Link]:
    return [linked(data.database.get("url", ""), "named", name=data.database.get("name", "Notable AI Models"))]


def _models(rows) -> list[Link]:
    """Each model's record in the database (its line in the copy read), and the paper or page it links."""
    return [link for r in rows for link in (linked(r["url"], "named", name=f"{r['model']}: Epoch AI's record"),
                                            *[linked(u, "named", name=f"{r['model']}: the page it cites")
                                              for u in r["links"][:1]])]


def _coverage(recorded: int, total: int) -> Recorded:
    """How many of the models a rule counts have their hardware recorded: a verdict holds where recorded."""
    return Recorded(recorded, total)


def _dated(data: EpochModels, *args, **kwargs) -> Finding:
    """A finding as recent as the copy of the database it read (the copy's commit: Epoch's own access
    date is not stated in it)."""
    return Finding(*args, as_of=data.origin.get("committed") or "", **kwargs)


def _model(row: dict) -> Model:
    return Model(row["model"], row["platform"], tuple(h["name"] for h in row["hardware"]), row["chips"],
                 int(row["published"][:4]), (row["links"] or [""])[0], row["url"], row["compute_flop"])


@rule("gpu-deep-learning", EPOCH,
      text=said("epoch_models.rule.gpu-deep-learning", years=RECENT_YEARS, majority=MAJORITY))
def gpu_deep_learning(data: EpochModels, reference) -> Finding:
    years = platform_by_year(data)
    if not years:
        return _dated(data, NOT_MEASURED, [])
    every, recent = _summed(years, "every"), _summed(years[-RECENT_YEARS:], "recent")
    shares = [c.share("gpu") for c in (every, recent)]
    majority = [s is not None and s > MAJORITY for s in shares]
    verdict = SUPPORTED if all(majority) else CONTRADICTED if not any(majority) else SPLIT
    return _dated(data, verdict, [], links=_database_link(data), facts=PlatformShare(
        _counts(every), _counts(recent), years[0].group, years[-RECENT_YEARS:][0].group, years[-1].group,
        _coverage(every.stated, every.total)))


@rule("openai-gpus", EPOCH,
      text=said("epoch_models.rule.openai-gpus"))
def openai_gpus(data: EpochModels, reference) -> Finding:
    found = openai_early_gpt(data)
    stated = [r for r in found.rows if r["platform"]]
    on_gpu = [r for r in stated if r["platform"] == "gpu"]
    verdict = (NOT_MEASURED if not stated else SUPPORTED if len(on_gpu) == len(stated)
               else CONTRADICTED if not on_gpu else SPLIT)
    return _dated(data, verdict, [], links=_models(found.rows), facts=Models(
        tuple(_model(r) for r in found.rows), tuple(found.missing), "gpu", len(on_gpu), len(stated),
        _coverage(len(stated), len(found.rows) + len(found.missing))))


def _tpu_majority(found, group: str) -> tuple[str, PlatformCount]:
    """A group's models by platform, and whether more of those with recorded hardware were trained on TPUs than on
    every other platform together (a tie if as many; not measured if none is recorded)."""
    tally = found.platforms()
    tpu, others = tally.get("tpu", 0), sum(n for p, n in tally.items() if p not in ("tpu", None))
    verdict = NOT_MEASURED if tpu + others == 0 else SUPPORTED if tpu > others else CONTRADICTED if tpu < others else TIE
    return verdict, platform_count(group, tally)


@rule("deepmind-tpus", EPOCH,
      text=said("epoch_models.rule.deepmind-tpus"))
def deepmind_tpus(data: EpochModels, reference) -> Finding:
    found = deepmind_game_players(data)
    verdict, counts = _tpu_majority(found, "DeepMind games")
    return _dated(data, verdict, [], links=_database_link(data), facts=GroupCount(
        _counts(counts), "tpu", tuple(_model(r) for r in found.rows if r["platform"]), _coverage(counts.stated, counts.total)))


@rule("use-tpu-tensorflow", EPOCH,
      text=said("epoch_models.rule.use-tpu-tensorflow"))
def google_tpus(data: EpochModels, reference) -> Finding:
    verdict, counts = _tpu_majority(google_models(data), "Google")
    return _dated(data, verdict, [], links=_database_link(data), facts=GoogleModels(
        _counts(counts), _coverage(counts.stated, counts.total)))


@rule("labs-gpus", EPOCH,
      text=said("epoch_models.rule.labs-gpus", majority=MAJORITY))
def labs_gpus(data: EpochModels, reference) -> Finding:
    by_group = {c.group: c for c in platform_by_category(data)}
    labs, industry = by_group.get((ACADEMIA,)), by_group.get((INDUSTRY,))
    if labs is None or not labs.stated:
        return _dated(data, NOT_MEASURED, [])
    lab_share, industry_share = labs.share("gpu"), industry.share("gpu") if industry and industry.stated else 0.0
    verdict = CONTRADICTED if lab_share <= MAJORITY else SUPPORTED if lab_share >= industry_share else SPLIT
    return _dated(data, verdict, [], links=_database_link(data), facts=LabsVsIndustry(
        _counts(labs), _counts(industry) if industry else None, Categories(ACADEMIA, INDUSTRY),
        _coverage(labs.stated, labs.total)))


@rule("custom-chips", EPOCH,
      text=said("epoch_models.rule.custom-chips", years=TREND_YEARS))
def custom_chips(data: EpochModels, reference) -> Finding:
    years = platform_by_year(data)[-TREND_YEARS:]
    return _dated(data, UNDECIDABLE, [], links=_database_link(data), facts=Trend(
        tuple(YearCounts(c.gpu, c.tpu, c.other, c.mixed, c.not_stated, c.group) for c in years), TREND_MIN_KNOWN))


@rule("hybrid", EPOCH,
      text=said("epoch_models.rule.hybrid"))
def hybrid(data: EpochModels, reference) -> Finding:
    both = [r for r in data.rows if r["platform"] == "mixed"]
    stated = sum(1 for r in data.rows if r["platform"])
    return _dated(data, UNDECIDABLE, [], links=_models(both), facts=Hybrid(
        len(both), stated, tuple(_model(r) for r in both)))


@rule("tpu-scalable", EPOCH,
      text=said("epoch_models.rule.tpu-scalable", flop=MASSIVE_FLOP))
def tpu_scalable(data: EpochModels, reference) -> Finding:
    massive = [r for r in data.rows if (r["compute_flop"] or 0) >= MASSIVE_FLOP]
    tally = {p: sum(1 for r in massive if r["platform"] == p) for p in ("gpu", "tpu", "other", "mixed", None)}
    on_tpu = sorted((r for r in massive if r["platform"] == "tpu"), key=lambda r: -r["compute_flop"])
    stated = sum(n for p, n in tally.items() if p)
    verdict = NOT_MEASURED if not stated else SUPPORTED if on_tpu else CONTRADICTED
    return _dated(data, verdict, [], links=_models(on_tpu[:3]), facts=MassiveRuns(
        MASSIVE_FLOP, Counts(tally["gpu"], tally["tpu"], tally["other"], tally["mixed"], tally[None]),
        tuple(_model(r) for r in on_tpu[:3]), _coverage(stated, len(massive))))
