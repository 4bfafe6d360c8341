"""Each rule's behaviour as properties on tiny hand-built inputs: which verdict follows from which
evidence, never the words a finding says it in (rule texts and lines of detail change on their own).

Margin rules share one oracle: every advantage is drawn from a region clearly on one side of the
margin (judging.MARGIN), so an interval of a few tenths of a percent cannot straddle it, and the
expected verdict follows from the regions alone: all the TPU's -> supported, all the GPU's ->
contradicted, all within -> tie, a mixture -> split. Swapping which side is better flips supported
and contradicted; a factor common to both sides changes nothing."""

from __future__ import annotations

import copy
import math
from pathlib import Path

import pandas as pd
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from test_generations import pair as dated_pair
from test_mlperf_inference import frame as inference_frame
from test_papers import paper
from test_published_verdicts import entry
from test_vendor_training import base_pair

from accelbench import registry
from accelbench.core import formats, framework_support
from accelbench.core.formats import NumberFormat
from accelbench.core.framework_support import FrameworkSupport
from accelbench.core.prices import Price, PriceList
from accelbench.core.reference import Reference
from accelbench.judge import measured_rules, reference_rules
from accelbench.judge.generations import by_generation
from accelbench.judge.judging import CONTRADICTED, MARGIN, NOT_MEASURED, SPLIT, SUPPORTED, TIE, UNDECIDABLE, Finding
from accelbench.sources.epoch_models import rules as epoch
from accelbench.sources.epoch_models.format import EpochModels
from accelbench.sources.mlperf_inference import rules as inference
from accelbench.sources.mlperf_training import cost as mlperf_cost
from accelbench.sources.mlperf_training import rules as mlperf
from accelbench.sources.mlperf_training import statements as mlperf_statements
from accelbench.sources.mlperf_training.benchmarks import BENCHMARKS
from accelbench.sources.mlperf_training.format import MLPerfTraining
from accelbench.sources.papers import rules as papers
from accelbench.sources.papers.format import load as load_papers
from accelbench.sources.vendor_training import rules as vendor
from accelbench.sources.vendor_training.format import VendorTraining
from accelbench.store.store import Store
from accelbench.workloads.discovery import snippet_hashes

from conftest import ROOT, SNIPPETS, make_run
from helpers import GPU, TPU, general, gpt2, matmul, not_ok

REFERENCE = Reference(ROOT / "build_data" / "reference")
FEW = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FEWER = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])  # a store per example

# --- the margin oracle ----------------------------------------------------------------------------------

REGIONS = {"tpu": (1.06, 4.0), "gpu": (0.25, 0.94), "tie": (0.96, 1.04)}  # each region's inverse lies in its mirror
VERDICT = {"tpu": SUPPORTED, "gpu": CONTRADICTED, "tie": TIE}
advantages = st.sampled_from(tuple(REGIONS)).flatmap(lambda side: st.tuples(st.just(side), st.floats(*REGIONS[side])))
factors = st.floats(0.01, 100.0)  # a factor common to both sides


def expected(sides) -> str:
    """The verdict the regions of the advantages call for."""
    sides = list(sides)
    return NOT_MEASURED if not sides else VERDICT[sides[0]] if len(set(sides)) == 1 else SPLIT


def flipped(verdict: str) -> str:
    return {SUPPORTED: CONTRADICTED, CONTRADICTED: SUPPORTED}.get(verdict, verdict)


def gcp_prices(**usd) -> Reference:
    """The reference data with only these GCP on-demand prices (chip -> $ per chip-hour), from one list."""
    reference = copy.copy(REFERENCE)
    reference.prices = PriceList([Price(chip, "GCP", "us-central1", "on-demand", price, "vm", True, False, "test",
                                        "https://example.org/p", "hand-entered", "2026-11-01", "2026-12-01", "test")
                                  for chip, price in usd.items()])
    return reference


# --- measured rules (our runs) ----------------------------------------------------------------------------

HASHES = snippet_hashes(SNIPPETS)


def store_of(*records) -> Store:
    run = make_run(records=list(records))
    return Store.of_runs([run], {run["run_id"]: Path("synthetic.json")}, HASHES)


@FEWER
@given(matmul_adv=advantages, gpt2_adv=advantages, gpu_tflops=st.floats(50, 2000), gpu_tokens=st.floats(1e4, 1e6))
def test_measured_speed_follows_the_margin_on_both_comparisons_and_swapping_sides_flips_it(matmul_adv, gpt2_adv,
                                                                                           gpu_tflops, gpu_tokens):
    """Any scale of figures: only each TPU/GPU ratio's side of the margin decides."""
    (m_side, m), (g_side, g) = matmul_adv, gpt2_adv

    def speed(m, g):
        return measured_rules.speed(store_of(matmul(GPU, gpu_tflops, spread=0.001), matmul(TPU, gpu_tflops * m, spread=0.001),
                                             gpt2(GPU, gpu_tokens, spread=0.001), gpt2(TPU, gpu_tokens * g, spread=0.001)),
                                    REFERENCE).verdict
    assert speed(m, g) == expected([m_side, g_side])
    assert speed(1 / m, 1 / g) == flipped(expected([m_side, g_side]))


@FEWER
@given(tokens=st.lists(st.floats(1e4, 1e6), min_size=2, max_size=2))
def test_measured_speed_is_not_measured_without_matrix_multiplication_on_both(tokens):
    """GPT-2 alone never decides speed: the rule needs matmul on both kinds of chip."""
    found = measured_rules.speed(store_of(gpt2(GPU, tokens[0]), gpt2(TPU, tokens[1])), REFERENCE)
    assert found.verdict == NOT_MEASURED and not found.comparisons


@FEWER
@given(adv=advantages, gpu_tpj=st.floats(10, 5000), k=factors)
def test_measured_energy_is_its_plain_ratio_against_the_margin(adv, gpu_tpj, k):
    """One metered run a side, no interval: the tokens-per-joule ratio alone decides, whatever the scale."""
    side, a = adv

    def energy(gpu, tpu):
        return measured_rules.energy(store_of(gpt2(GPU, 4e5, tokens_per_joule=gpu), gpt2(TPU, 5e5, tokens_per_joule=tpu)),
                                     REFERENCE).verdict
    assert energy(gpu_tpj, gpu_tpj * a) == energy(k * gpu_tpj, k * gpu_tpj * a) == VERDICT[side]
    assert energy(gpu_tpj * a, gpu_tpj) == flipped(VERDICT[side])


@FEWER
@given(adv=advantages, gpu_price=st.floats(0.5, 20), tpu_price=st.floats(0.5, 20), gpu_tokens=st.floats(1e5, 1e6),
       k=factors)
def test_measured_cost_is_price_times_speed_and_a_common_price_factor_changes_nothing(adv, gpu_price, tpu_price,
                                                                                       gpu_tokens, k):
    """GPU $/token over TPU $/token decides at GCP; both prices scaled alike leave it as it is."""
    side, a = adv
    tpu_tokens = a * gpu_tokens * tpu_price / gpu_price  # GPU cost / TPU cost = a
    records = (gpt2(GPU, gpu_tokens, spread=0.001), gpt2(TPU, tpu_tokens, spread=0.001))

    def cost(gpu, tpu):
        return measured_rules.cost(store_of(*records), gcp_prices(**{"H200 SXM": gpu, "TPU v6e (Trillium)": tpu})).verdict
    assert cost(gpu_price, tpu_price) == cost(k * gpu_price, k * tpu_price) == VERDICT[side]
    assert cost(gpu_price / a ** 2, tpu_price) == flipped(VERDICT[side])


FLEX = {SUPPORTED: (0.05, 0.45), TIE: (0.55, 0.95), CONTRADICTED: (1.05, 4.0)}  # clear of half and of parity


@FEWER
@given(verdict=st.sampled_from(tuple(FLEX)), data=st.data(), gpu_eps=st.lists(st.floats(1e7, 1e10), min_size=3, max_size=3))
def test_measured_flexibility_and_designed_for_read_the_median_ratio_against_half_and_parity(verdict, data, gpu_eps):
    """Below half the GPU's rate: supported; at or above parity: contradicted; between: a tie. Both rules agree."""
    ratios = data.draw(st.lists(st.floats(*FLEX[verdict]), min_size=3, max_size=3))
    ops = ("fft", "sort", "scatter_add")
    store = store_of(*[general(GPU, op, e) for op, e in zip(ops, gpu_eps, strict=True)],
                     *[general(TPU, op, e * r) for op, e, r in zip(ops, gpu_eps, ratios, strict=True)])
    assert measured_rules.flexibility(store, REFERENCE).verdict == measured_rules.designed_for(store, REFERENCE).verdict \
        == verdict


ON_GPU = ("torch", "jax", "tensorflow")


@FEWER
@given(jax=st.floats(1e5, 1e6), tf=st.floats(1e5, 1e6), parity=st.booleans(), data=st.data())
def test_measured_frameworks_judges_pytorch_on_the_tpu_against_the_faster_of_jax_and_tensorflow(jax, tf, parity, data):
    """PyTorch on the TPU at least as fast as the faster of the two (within the margin): contradicted; slower: split."""
    r = data.draw(st.floats(0.97, 3.0) if parity else st.floats(0.3, 0.92))
    records = [gpt2(GPU, 4e5, fw) for fw in ON_GPU]
    records += [gpt2(TPU, jax, "jax", spread=0.001), gpt2(TPU, tf, "tensorflow", spread=0.001),
                gpt2(TPU, max(jax, tf) * r, "torch", spread=0.001)]
    assert measured_rules.frameworks(store_of(*records), REFERENCE).verdict == (CONTRADICTED if parity else SPLIT)
    limit = not_ok(gpt2(TPU, 1.0, "torch"), "skipped", "unsupported", "no lowering")  # a limit of PyTorch there
    assert measured_rules.frameworks(store_of(*records[:-1], limit), REFERENCE).verdict == SUPPORTED


# --- the generation window (judge/generations.py) ----------------------------------------------------------

SAME = ("TPU7x (Ironwood)", "GB300 (one Blackwell Ultra GPU)")  # first available within GENERATION_MONTHS
APART = ("TPU7x (Ironwood)", "H100 SXM")  # three years apart


@FEW
@given(same=st.lists(advantages, max_size=3), apart=st.lists(st.floats(0.1, 10), max_size=3))
def test_only_same_generation_comparisons_decide_a_per_chip_claim_while_cost_counts_them_all(same, apart):
    """Comparisons of chips of different generations never turn speed or energy; on cost a price already reflects age."""
    compared = [dated_pair(*SAME, a) for _, a in same] + [dated_pair(*APART, a) for a in apart]
    assume(compared)  # a finding without comparisons keeps its rule's verdict
    finding = Finding(SPLIT, [], comparisons=compared)  # the rule's own verdict is replaced on a per-chip claim
    for claim in ("speed", "energy"):
        assert by_generation(claim, finding, REFERENCE).verdict == expected(s for s, _ in same)
    assert by_generation("cost", finding, REFERENCE).verdict == SPLIT  # judged by its rule, on every comparison
    assert all(c.same_generation == (c.gpu == SAME[1]) for c in by_generation("speed", finding, REFERENCE).comparisons)


# --- reference rules (specifications, price lists) ------------------------------------------------------------

CHIPS = {row["chip"]: row["platform"] for row in REFERENCE.accelerators}
TPUS = [c for c, p in CHIPS.items() if p == "tpu"]


@FEW
@given(fp64=st.dictionaries(st.sampled_from(sorted(CHIPS)), st.sampled_from((formats.SUPPORTED, formats.UNSUPPORTED,
                                                                             formats.NOT_STATED))))
def test_specs_designed_for_a_tpu_running_fp64_contradicts_and_a_stated_lack_beside_a_gpu_that_runs_it_supports(fp64):
    """The vendors' FP64 statements alone decide; no FP64 row at all is no evidence."""
    reference = copy.copy(REFERENCE)
    reference.formats = [NumberFormat(chip, "FP64", word, 30.0 if word == formats.SUPPORTED else None, "TFLOP/s",
                                      "https://example.org/spec", "2026-12-01", "", line)
                         for line, (chip, word) in enumerate(fp64.items(), 2)]
    said = {p: {w for c, w in fp64.items() if CHIPS[c] == p} for p in ("tpu", "gpu")}
    verdict = reference_rules.designed(reference, reference).verdict
    if not fp64:
        assert verdict == NOT_MEASURED
    elif formats.SUPPORTED in said["tpu"]:
        assert verdict == CONTRADICTED
    else:
        assert verdict == (SUPPORTED if formats.UNSUPPORTED in said["tpu"] and formats.SUPPORTED in said["gpu"] else SPLIT)


PROVIDERS = ("GCP", "AWS", "Azure", "Lambda", "OtherCloud")


@FEW
@given(offers=st.lists(st.tuples(st.sampled_from(sorted(CHIPS)), st.sampled_from(PROVIDERS)), max_size=12))
def test_prices_availability_counts_providers_per_platform_not_offers(offers):
    """TPUs from two providers or more: contradicted; only from GCP with GPUs from three or more: supported."""
    reference = copy.copy(REFERENCE)
    reference.prices = PriceList([Price(chip, provider, "r", "on-demand", 1.0, "vm", True, False, "t", "u", "l", "2026-11-01",
                                        "2026-12-01", "c") for chip, provider in offers])
    by = {p: {provider for chip, provider in offers if CHIPS[chip] == p} for p in ("tpu", "gpu")}
    verdict = reference_rules.availability(reference, reference).verdict
    if not by["tpu"] or not by["gpu"]:
        assert verdict == NOT_MEASURED
    elif len(by["tpu"]) >= 2:
        assert verdict == CONTRADICTED
    else:
        assert verdict == (SUPPORTED if by["tpu"] == {"GCP"} and len(by["gpu"]) >= 3 else SPLIT)


WORDS = (framework_support.SUPPORTED, framework_support.UNSUPPORTED, framework_support.NOT_STATED, None)  # None: no row


@FEW
@given(dated=st.sets(st.sampled_from(TPUS), min_size=1),
       support=st.fixed_dictionaries({(c, fw): st.sampled_from(WORDS) for c in TPUS for fw in ("TensorFlow", "JAX")}))
def test_specs_frameworks_only_the_newest_tpu_decides(dated, support):
    """Whatever older TPUs' vendors state, the newest dated TPU's TensorFlow and JAX statements give the verdict."""
    reference = copy.copy(REFERENCE)
    reference.availability = {c: a for c, a in REFERENCE.availability.items() if CHIPS[c] == "gpu" or c in dated}
    reference.frameworks = [FrameworkSupport(c, fw, word, "route" if word == framework_support.SUPPORTED else "",
                                             "https://example.org/fw", "quoted", "2026-12-01")
                            for (c, fw), word in support.items() if word]
    newest = max(dated, key=lambda c: (REFERENCE.availability[c].month, c))
    tf, jax = (support[(newest, fw)] or framework_support.NOT_STATED for fw in ("TensorFlow", "JAX"))
    verdict = reference_rules.frameworks(reference, reference).verdict
    if not (support[(newest, "TensorFlow")] or support[(newest, "JAX")]):
        assert verdict == NOT_MEASURED
    elif tf == jax == framework_support.UNSUPPORTED:
        assert verdict == CONTRADICTED
    else:
        assert verdict == (SUPPORTED if tf == jax == framework_support.SUPPORTED else SPLIT)


# --- MLPerf Training --------------------------------------------------------------------------------------------

def training(*entries) -> MLPerfTraining:
    return MLPerfTraining([], pd.DataFrame(list(entries)))


CHIP_COUNTS = (8, 16, 64, 256, 512, 1024, 4096)
mlperf_entries = st.lists(st.tuples(st.sampled_from(("tpu", "gpu")), st.sampled_from(CHIP_COUNTS), st.floats(1.0, 500.0),
                                    st.sampled_from(("Available cloud", "Preview"))), min_size=1, max_size=8)


@FEW
@given(rows=mlperf_entries)
def test_mlperf_speed_pairs_like_with_like_on_availability_with_the_gpu_at_the_nearest_chip_count(rows):
    """Never a preview against an available system; the TPU with the fewest chip-hours against the nearest-sized GPU;
    each summary pair is the rule's own comparison, and the verdict combines their sides."""
    entries = [entry(p, chips, minutes, status=status, system=f"{p}-{i}") for i, (p, chips, minutes, status) in enumerate(rows)]
    found = mlperf.speed(training(*entries), REFERENCE)
    both = {e["availability"] for e in entries if e["platform"] == "tpu"} & \
        {e["availability"] for e in entries if e["platform"] == "gpu"}
    pairs = found.facts.pairs if found.facts else ()
    assert len(pairs) == len(found.comparisons) == len(both)
    for p, c in zip(pairs, found.comparisons, strict=True):
        assert p.tpu.availability == p.gpu.availability and c.preview == (p.tpu.availability == "preview")
        same = [e for e in entries if e["availability"] == p.tpu.availability]
        assert p.tpu.chip_hours == min(e["chip_hours"] for e in same if e["platform"] == "tpu")
        assert abs(math.log(p.gpu.chips / p.tpu.chips)) == min(abs(math.log(e["chips"] / p.tpu.chips))
                                                              for e in same if e["platform"] == "gpu")
        assert (p.advantage, p.side) == (c.advantage, c.side) and p.advantage == p.gpu.chip_hours / p.tpu.chip_hours
    assert found.verdict == expected({"tpu": "tpu", "gpu": "gpu", "either": "tie"}[p.side] for p in pairs)


MODELS = ("gpt3", "bert", "resnet")


@FEW
@given(advs=st.lists(advantages, min_size=1, max_size=3), gpu_minutes=st.floats(1.0, 300.0), k=factors)
def test_mlperf_speed_follows_the_margin_per_benchmark_and_a_common_factor_changes_nothing(advs, gpu_minutes, k):
    """Chip-hours on each benchmark: GPU/TPU beyond the margin decides; swapping the two sides' times flips it."""
    def speed(scale, swap=False):
        entries = []
        for benchmark, (_, a) in zip(MODELS, advs, strict=False):
            tpu, gpu = gpu_minutes / a * scale, gpu_minutes * scale
            entries += [entry("tpu", 512, gpu if swap else tpu, benchmark=benchmark),
                        entry("gpu", 512, tpu if swap else gpu, benchmark=benchmark)]
        return mlperf.speed(training(*entries), REFERENCE).verdict
    assert speed(1.0) == speed(k) == expected(s for s, _ in advs)
    assert speed(1.0, swap=True) == flipped(expected(s for s, _ in advs))


@pytest.mark.parametrize("gpu_over_tpu, verdict", [(1 + MARGIN * 1.02, SUPPORTED), (1 + MARGIN * 0.98, TIE),
                                                   (1 - MARGIN * 0.98, TIE), (1 - MARGIN * 1.02, CONTRADICTED)])
def test_mlperf_speed_turns_where_its_text_says_the_gpus_chip_hours_pass_the_margin(gpu_over_tpu, verdict):
    """The margin is on GPU chip-hours over the TPU's: a TPU needing 5.1% more chip-hours than the GPU is a tie (the
    GPU needs 4.9% fewer), so the text says the GPU's, never the TPU's, more or fewer."""
    from accelbench.publish.wording.lines import text

    found = mlperf.speed(training(entry("tpu", 512, 100.0), entry("gpu", 512, 100.0 * gpu_over_tpu)), REFERENCE)
    assert found.verdict == verdict
    words = text(registry.RULES["speed", mlperf.KIND].text)
    assert f"Supported if the GPU entry needs more than {MARGIN:.0%} more chip-hours than the TPU's" in words
    assert f"contradicted if more than {MARGIN:.0%} fewer" in words


@FEW
@given(adv=advantages, tpu_price=st.floats(0.5, 20), gpu_price=st.floats(0.5, 20), gpu_minutes=st.floats(1.0, 300.0),
       k=factors)
def test_mlperf_cost_is_dollars_per_run_and_a_common_price_factor_changes_nothing(adv, tpu_price, gpu_price, gpu_minutes, k):
    """GPU dollars per run over the TPU's decides at GCP; both prices scaled alike leave it as it is."""
    side, a = adv
    tpu_minutes = gpu_minutes * gpu_price / (tpu_price * a)  # GPU $ / TPU $ = a

    def cost(tpu_usd, gpu_usd, minutes=tpu_minutes):
        data = training(entry("tpu", 512, minutes), entry("gpu", 512, gpu_minutes))
        return mlperf_cost.cost(data, gcp_prices(**{"TPU v5p": tpu_usd, "H100 SXM": gpu_usd})).verdict
    assert cost(tpu_price, gpu_price) == cost(k * tpu_price, k * gpu_price) == VERDICT[side]
    assert cost(tpu_price, gpu_price, tpu_minutes * a * a) == flipped(VERDICT[side])


@FEW
@given(tpu=st.sets(st.sampled_from(sorted(BENCHMARKS)), min_size=1, max_size=5),
       gpu=st.sets(st.sampled_from(sorted(BENCHMARKS)), min_size=1, max_size=5))
def test_mlperf_flexibility_compares_the_fields_each_platform_trained(tpu, gpu):
    """GPU fields a strict superset of the TPU's: supported; a strict subset: contradicted; equal: tie; else split."""
    entries = [entry(p, 8, 10.0, benchmark=b) for p, bs in (("tpu", tpu), ("gpu", gpu)) for b in sorted(bs)]
    areas = {p: {BENCHMARKS[b].area for b in bs} for p, bs in (("tpu", tpu), ("gpu", gpu))}
    verdict = mlperf.flexibility(training(*entries), REFERENCE).verdict
    assert verdict == (SUPPORTED if areas["tpu"] < areas["gpu"] else CONTRADICTED if areas["gpu"] < areas["tpu"]
                       else TIE if areas["tpu"] == areas["gpu"] else SPLIT)


STACK = {"maxtext": "JAX", "pytorch-xla": "PyTorch", "NeMo": "PyTorch", "hugectr": "other"}  # as _stack reads each


@FEW
@given(tpu=st.lists(st.sampled_from(sorted(STACK)), min_size=1, max_size=4),
       gpu=st.lists(st.sampled_from(sorted(STACK)), min_size=1, max_size=4))
def test_mlperf_frameworks_one_tpu_entry_on_pytorch_contradicts_and_jax_only_beside_pytorch_gpus_supports(tpu, gpu):
    """The stacks the submissions name decide: any TPU on PyTorch contradicts; every TPU on JAX while a GPU ran PyTorch
    supports; anything else is split."""
    entries = [{**entry(p, 8, 10.0, framework=fw, system=f"{p}-{i}"), "software": {}}
               for p, fws in (("tpu", tpu), ("gpu", gpu)) for i, fw in enumerate(fws)]
    stacks = {p: {STACK[fw] for fw in fws} for p, fws in (("tpu", tpu), ("gpu", gpu))}
    verdict = mlperf.frameworks(training(*entries), REFERENCE).verdict
    assert verdict == (CONTRADICTED if "PyTorch" in stacks["tpu"] else SUPPORTED
                       if stacks["tpu"] == {"JAX"} and "PyTorch" in stacks["gpu"] else SPLIT)


ORGANISATIONS = {"NVIDIA": "NVIDIA", "Dell": "Dell", "QCT": "QCT", "Quanta_Cloud_Technology": "QCT"}  # two spellings, one


@FEW
@given(tpus=st.lists(st.tuples(st.sampled_from(("Google", "Acme")),
                               st.sampled_from(("Available cloud", "Available on-premise", "Preview"))), max_size=3),
       gpus=st.lists(st.sampled_from(sorted(ORGANISATIONS)), max_size=5))
def test_mlperf_availability_needs_google_in_the_cloud_only_and_three_gpu_organisations(tpus, gpus):
    """A TPU of another submitter or on premises contradicts; previews say nothing; GPU submitters count once each,
    however a round's folder spells them."""
    entries = [entry("tpu", 8, 10.0, submitter=s, status=status, system=f"t{i}") for i, (s, status) in enumerate(tpus)]
    entries += [entry("gpu", 8, 10.0, submitter=s, system=f"g{i}") for i, s in enumerate(gpus)]
    available = [(s, status) for s, status in tpus if status != "Preview"]
    verdict = mlperf.availability(training(*entries), REFERENCE).verdict
    if not gpus or not available:
        assert verdict == NOT_MEASURED
    elif {s for s, _ in tpus} != {"Google"} or any("cloud" not in status for _, status in available):
        assert verdict == CONTRADICTED
    else:
        assert verdict == (SUPPORTED if len({ORGANISATIONS[s] for s in gpus}) >= 3 else SPLIT)


@FEW
@given(nvidia=st.integers(0, 12), amd=st.integers(0, 12), other=st.integers(0, 3), unknown=st.integers(0, 3))
def test_gpu_brands_hold_where_both_entered_and_make_the_share_of_known_gpu_entries(nvidia, amd, other, unknown):
    """NVIDIA and AMD both present and at least BRANDS_SHARE of the entries of a known vendor; one: partly; none: not."""
    reference = copy.copy(REFERENCE)
    reference.accelerators = [*REFERENCE.accelerators, {"chip": "Acme X1", "vendor": "Acme", "platform": "gpu"}]
    chips = ["H100 SXM"] * nvidia + ["MI300X"] * amd + ["Acme X1"] * other + ["Mystery GPU"] * unknown
    found = mlperf_statements.gpu_brands(training(*[entry("gpu", 8, 10.0, chip=c, system=f"g{i}")
                                                    for i, c in enumerate(chips)]), reference)
    known = nvidia + amd + other
    if not known:
        assert found.verdict == NOT_MEASURED
    elif nvidia and amd:
        assert found.verdict == (SUPPORTED if nvidia + amd >= mlperf_statements.BRANDS_SHARE * known else SPLIT)
    else:
        assert found.verdict == (SPLIT if nvidia or amd else CONTRADICTED)


POD = mlperf_statements.POD_SCALE


@FEW
@given(tpu_chips=st.lists(st.sampled_from((8, 256, POD - 1, POD, POD + 1, 6144)), max_size=3),
       small_benchmark_chips=st.sampled_from((8, 9216)))
def test_tpu_scalable_holds_from_pod_scale_on_llm_pretraining_only(tpu_chips, small_benchmark_chips):
    """At least POD_SCALE chips on an LLM pretraining benchmark: holds; smaller: partly; none: does not. BERT never counts."""
    entries = [entry("gpu", 11616, 3.0), entry("tpu", small_benchmark_chips, 5.0, benchmark="bert")]
    entries += [entry("tpu", c, 20.0, system=f"t{i}") for i, c in enumerate(tpu_chips)]
    verdict = mlperf_statements.tpu_scalable(training(*entries), REFERENCE).verdict
    assert verdict == (CONTRADICTED if not tpu_chips else SUPPORTED if max(tpu_chips) >= POD else SPLIT)


# --- MLPerf Inference -----------------------------------------------------------------------------------------

@FEW
@given(offline=advantages, server=advantages, gpu_per_chip=st.floats(0.1, 100), k=factors)
def test_inference_speed_follows_the_margin_per_scenario_and_a_common_factor_changes_nothing(offline, server, gpu_per_chip, k):
    """Per-chip throughput per scenario: TPU/GPU beyond the margin decides; swapping the sides flips it."""
    def speed(scale, swap=False):
        rows = []
        for scenario, (_, a) in (("Offline", offline), ("Server", server)):
            tpu, gpu = gpu_per_chip * a * scale, gpu_per_chip * scale
            rows += [{"scenario": scenario, "platform": "tpu", "chip": "TPU v6e (Trillium)", "per_chip": gpu if swap else tpu},
                     {"scenario": scenario, "platform": "gpu", "chip": "H200 SXM", "per_chip": tpu if swap else gpu}]
        return inference.speed(inference_frame([{**r, "value": 4 * r["per_chip"]} for r in rows]), REFERENCE).verdict
    assert speed(1.0) == speed(k) == expected((offline[0], server[0]))
    assert speed(1.0, swap=True) == flipped(expected((offline[0], server[0])))


@FEW
@given(results=st.lists(st.tuples(st.sampled_from(("Offline", "Server")), st.sampled_from(("tpu", "gpu")),
                                  st.floats(0.1, 100.0), st.sampled_from(("available", "preview"))), min_size=1, max_size=8))
def test_inference_pairs_the_most_per_chip_on_each_side_preview_included(results):
    """Each scenario with both platforms compares the best per chip of each, whatever its availability."""
    rows = [{"scenario": s, "platform": p, "chip": "TPU v6e (Trillium)" if p == "tpu" else "H200 SXM", "per_chip": v,
             "value": 4 * v, "availability": a} for s, p, v, a in results]
    found = inference.speed(inference_frame(rows), REFERENCE)
    pairs = found.facts.pairs if found.facts else ()
    both = [s for s in ("Offline", "Server") if {p for x, p, _, _ in results if x == s} == {"tpu", "gpu"}]
    assert [p.scenario for p in pairs] == both
    for p, c in zip(pairs, found.comparisons, strict=True):
        for side, shown in (("tpu", p.tpu), ("gpu", p.gpu)):
            assert shown.per_chip == max(v for s, x, v, _ in results if s == p.scenario and x == side)
        assert p.ratio == c.advantage == p.tpu.per_chip / p.gpu.per_chip


# --- vendor-reported training ------------------------------------------------------------------------------------

PAIR = base_pair()  # a real TPU row and GPU row that pair (llama3.1-70b, 64 chips, FP8)


def vendor_rows(ratios) -> list[dict]:
    """One matched pair per ratio (TPU tokens/s per chip over the GPU's), each of its own global batch size."""
    tpu, gpu = PAIR
    rows = []
    for i, r in enumerate(ratios):
        gbs = tpu["gbs"] * (i + 1)
        rows += [{**tpu, "gbs": gbs}, {**gpu, "gbs": gbs, "tokens_per_s_per_chip": tpu["tokens_per_s_per_chip"] / r}]
    return rows


@FEW
@given(advs=st.lists(advantages, max_size=3))
def test_vendor_speed_follows_the_margin_on_every_counted_pair_and_swapping_sides_flips_it(advs):
    """Tokens per second per chip on every matched pair decide; no pair is no evidence."""
    verdict = vendor.speed(VendorTraining([], vendor_rows([a for _, a in advs])), REFERENCE).verdict
    assert verdict == expected(s for s, _ in advs)
    assert vendor.speed(VendorTraining([], vendor_rows([1 / a for _, a in advs])), REFERENCE).verdict == flipped(verdict)


@FEW
@given(adv=advantages, tpu_price=st.floats(0.5, 20), gpu_price=st.floats(0.5, 20), k=factors)
def test_vendor_cost_is_dollars_per_token_and_a_common_price_factor_changes_nothing(adv, tpu_price, gpu_price, k):
    """GPU $/token over the TPU's decides at GCP; both prices scaled alike leave it as it is."""
    side, a = adv
    rows = vendor_rows([a * tpu_price / gpu_price])  # the tokens ratio that makes GPU $ / TPU $ = a

    def cost(tpu_usd, gpu_usd):
        return vendor.cost(VendorTraining([], rows), gcp_prices(**{"TPU7x (Ironwood)": tpu_usd, "H100 SXM": gpu_usd})).verdict
    assert cost(tpu_price, gpu_price) == cost(k * tpu_price, k * gpu_price) == VERDICT[side]
    assert cost(tpu_price * a * a, gpu_price) == flipped(VERDICT[side])


# --- peer-reviewed papers -----------------------------------------------------------------------------------------

hundredths = st.one_of(st.integers(20, 400), st.integers(93, 107)).map(lambda n: n / 100)  # often at the margin's edges
quoted_ranges = st.lists(st.tuples(hundredths, hundredths).map(sorted), min_size=1, max_size=3)


@FEW
@given(ranges=quoted_ranges, claim=st.sampled_from(("speed", "energy")))
def test_a_quoted_range_decides_only_where_it_lies_wholly_beyond_the_margin(ranges, claim):
    """Low end above 1+MARGIN: supported; high end below 1-MARGIN: contradicted; reaching into it: a tie; combined."""
    measure = {"speed": "faster", "energy": "less power"}[claim]
    files = []
    for i, (low, high) in enumerate(ranges):
        phrase = f"{low:g}x-{high:g}x {measure}"
        data = {**paper(), "id": f"p{i}", "figures": [{"claim": claim, "phrase": phrase}]}
        data["quotation"] = {**data["quotation"], "text": f"It is {phrase} than the Nvidia A100."}
        files.append((f"p{i}.json", data))
    found = getattr(papers, claim)(load_papers(files), REFERENCE)
    sides = ["tpu" if low > 1 + MARGIN else "gpu" if high < 1 - MARGIN else "tie" for low, high in ranges]
    assert found.verdict == expected(sides) and len(found.comparisons) == len(ranges)
    other = {"speed": "energy", "energy": "speed"}[claim]
    assert getattr(papers, other)(load_papers(files), REFERENCE).verdict == NOT_MEASURED  # a figure bears on its claim only


# --- Epoch AI's notable models -----------------------------------------------------------------------------------

PLATFORMS = ("gpu", "tpu", "other", "mixed", None)  # None: hardware not recorded


def models(rows: list[dict]) -> EpochModels:
    """A database of the rows given, each a model with only the fields the rules read."""
    full = [{"model": f"M{i}", "platform": None, "hardware": [], "chips": None, "published": "2020-01-01", "links": [],
             "url": f"https://example.org/m{i}", "compute_flop": None, "organizations": [], "categories": [],
             "domains": [], "line": i + 2, **r} for i, r in enumerate(rows)]
    return EpochModels({"committed": "2026-01-01"}, {}, [], len(full), full, [])


def gpu_majority(platforms) -> bool:
    stated = [p for p in platforms if p]
    return bool(stated) and 2 * stated.count("gpu") > len(stated)  # more than half: exactly half is not a majority


@FEW
@given(by_year=st.dictionaries(st.integers(2015, 2024), st.lists(st.sampled_from(PLATFORMS), min_size=1, max_size=6),
                               min_size=1))
def test_gpu_deep_learning_holds_on_a_strict_majority_over_every_year_and_the_recent_ones(by_year):
    """More than half of the models of recorded hardware on GPUs in both spans: holds; in neither: does not; else partly."""
    rows = [{"platform": p, "published": f"{y}-06-01"} for y, ps in by_year.items() for p in ps]
    recent = sorted(by_year)[-epoch.RECENT_YEARS:]
    majority = [gpu_majority(p for y in years for p in by_year[y]) for years in (sorted(by_year), recent)]
    verdict = SUPPORTED if all(majority) else CONTRADICTED if not any(majority) else SPLIT
    assert epoch.gpu_deep_learning(models(rows), None).verdict == verdict


@FEW
@given(tpu=st.integers(0, 5), gpu=st.integers(0, 5), other=st.integers(0, 3), mixed=st.integers(0, 3),
       unknown=st.integers(0, 3), rule=st.sampled_from(("deepmind", "google")))
def test_tpu_majority_rules_tie_where_tpus_trained_as_many_as_every_other_platform(tpu, gpu, other, mixed, unknown, rule):
    """DeepMind's game players and Google's models: TPUs against every other platform together, unrecorded not counted."""
    group = {"organizations": ["DeepMind"], "domains": ["Games"]} if rule == "deepmind" else {"organizations": ["Google"]}
    platforms = ["tpu"] * tpu + ["gpu"] * gpu + ["other"] * other + ["mixed"] * mixed + [None] * unknown
    rows = [{**group, "platform": p} for p in platforms] + [{"organizations": ["OpenAI"], "platform": "gpu"}] * 3
    judge = epoch.deepmind_tpus if rule == "deepmind" else epoch.google_tpus
    rest = gpu + other + mixed
    assert judge(models(rows), None).verdict == (NOT_MEASURED if tpu + rest == 0 else SUPPORTED if tpu > rest
                                                 else CONTRADICTED if tpu < rest else TIE)


@FEW
@given(labs=st.lists(st.sampled_from(PLATFORMS), max_size=6), industry=st.lists(st.sampled_from(PLATFORMS), max_size=6))
def test_labs_gpus_needs_more_than_half_and_at_least_industrys_share(labs, industry):
    """Half or fewer of the labs' models on GPUs: does not hold; more than half and at least industry's share: holds."""
    rows = [{"categories": ["Academia"], "platform": p} for p in labs] + [{"categories": ["Industry"], "platform": p}
                                                                         for p in industry]
    stated = {name: [p for p in ps if p] for name, ps in (("labs", labs), ("industry", industry))}
    verdict = epoch.labs_gpus(models(rows), None).verdict
    if not stated["labs"]:
        assert verdict == NOT_MEASURED
    elif not gpu_majority(stated["labs"]):
        assert verdict == CONTRADICTED
    else:  # as fractions: labs' GPU share at least industry's (none stated: 0)
        lab_gpu, ind_gpu = stated["labs"].count("gpu"), stated["industry"].count("gpu")
        assert verdict == (SUPPORTED if lab_gpu * len(stated["industry"]) >= ind_gpu * len(stated["labs"]) else SPLIT)


@FEW
@given(gpts=st.fixed_dictionaries({m: st.sampled_from((*PLATFORMS, "absent")) for m in ("GPT-1", "GPT-2 (1.5B)",
                                                                                           "GPT-3 175B (davinci)")}))
def test_openai_gpus_holds_when_every_recorded_gpt_was_on_gpus_and_fails_when_none_was(gpts):
    """Only recorded models count: all on GPUs holds, none does not, some is partly; none recorded is no evidence."""
    rows = [{"model": m, "platform": p} for m, p in gpts.items() if p != "absent"]
    stated = [p for p in gpts.values() if p not in (None, "absent")]
    verdict = epoch.openai_gpus(models(rows), None).verdict
    assert verdict == (NOT_MEASURED if not stated else SUPPORTED if set(stated) == {"gpu"}
                       else CONTRADICTED if "gpu" not in stated else SPLIT)


FLOPS = (None, 1e22, epoch.MASSIVE_FLOP * 0.99, epoch.MASSIVE_FLOP, 3 * epoch.MASSIVE_FLOP)


@FEW
@given(runs=st.lists(st.tuples(st.sampled_from(FLOPS), st.sampled_from(PLATFORMS)), max_size=6))
def test_epoch_tpu_scalable_counts_only_runs_of_at_least_the_massive_threshold(runs):
    """One massive run on TPUs holds; massive runs of recorded hardware and none on TPUs does not; smaller runs never count."""
    massive = [p for flop, p in runs if flop is not None and flop >= epoch.MASSIVE_FLOP and p]
    verdict = epoch.tpu_scalable(models([{"compute_flop": f, "platform": p} for f, p in runs]), None).verdict
    assert verdict == (NOT_MEASURED if not massive else SUPPORTED if "tpu" in massive else CONTRADICTED)


@FEW
@given(rows=st.lists(st.tuples(st.integers(2010, 2026), st.sampled_from(PLATFORMS)), max_size=8))
def test_predictions_are_never_decided_whatever_the_models(rows):
    """Custom chips and hybrid training are predictions: the trend so far is shown, never a verdict."""
    data = models([{"published": f"{y}-01-01", "platform": p} for y, p in rows])
    assert epoch.custom_chips(data, None).verdict == epoch.hybrid(data, None).verdict == UNDECIDABLE
