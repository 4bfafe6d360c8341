"""Verdicts on the article's comparison table, proven on synthetic GPU (H200) and TPU (v6e) data:
every rule with every outcome, the exact verdict asserted each time."""


import pytest

from accelbench.core.prices import dollars
from accelbench.core.reference import Reference
from accelbench.judge.measured_rules import CONTRADICTED, NOT_MEASURED, SPLIT, SUPPORTED, TIE
from accelbench.registry import RULES
from accelbench.store.store import load_store

import helpers
from conftest import ROOT, SNIPPETS, make_run, write_run
from helpers import GPU, TPU, general, gpt2, lines_of, matmul, measured_verdicts_of, not_ok

REFERENCE = Reference(ROOT / "build_data" / "reference")


def verdicts_for(data_dir, *runs, reference=REFERENCE):
    """Each argument is one run's records, the later runs newer."""
    for i, records in enumerate(runs):
        write_run(data_dir, make_run(run_id=f"20261130T00000{i}Z-synthetic-0000000{i}",
                                     created_at=f"2026-11-30T00:00:0{i}Z", records=records))
    return {v.feature: v for v in measured_verdicts_of(load_store(data_dir, SNIPPETS), reference)}


def test_without_tpu_runs_every_measured_row_is_not_measured_yet(data_dir):
    v = verdicts_for(data_dir, [matmul(GPU, 700), gpt2(GPU, 400_000)])
    for feature in ("Designed For", "Speed (for AI)", "Flexibility", "Cost", "Energy Efficiency", "Supported Frameworks"):
        assert v[feature].verdict == NOT_MEASURED, feature
    assert "GPU: 700 TFLOP/s (NVIDIA H200, jax)" in lines_of(v["Speed (for AI)"])[0]
    assert "TPU: not measured yet" in lines_of(v["Speed (for AI)"])[0]
    assert v["Availability"].verdict == SUPPORTED and v["Availability"].reference_only


# Speed: the best bf16 matmul (n >= 4096) and GPT-2 small tokens/s on each kind of chip

@pytest.mark.parametrize("tpu_matmul, tpu_tokens, spread, expected", [
    (900, 500_000, 0.01, SUPPORTED),  # faster on both, tight samples
    (500, 300_000, 0.01, CONTRADICTED),  # slower on both
    (900, 300_000, 0.01, SPLIT),  # faster on one, slower on the other
    (710, 405_000, 0.01, TIE),  # within 5%: a tie
    (770, 440_000, 0.30, TIE),  # 10% faster, but samples so spread that the interval reaches below 1.05
])
def test_speed(data_dir, tpu_matmul, tpu_tokens, spread, expected):
    v = verdicts_for(data_dir, [matmul(GPU, 700, spread=spread), gpt2(GPU, 400_000, spread=spread),
                                matmul(TPU, tpu_matmul, spread=spread), gpt2(TPU, tpu_tokens, spread=spread)])
    speed = v["Speed (for AI)"]
    assert speed.verdict == expected
    assert "95% interval" in lines_of(speed)[0] and len(speed.runs) == 1


def test_speed_takes_the_best_framework_on_each_side_whatever_their_order(data_dir):
    records = [matmul(GPU, 650, "jax"), matmul(GPU, 700, "torch"), matmul(TPU, 900)]
    v = verdicts_for(data_dir, records[::-1])
    assert v["Speed (for AI)"].verdict == SUPPORTED
    assert "GPU: 700 TFLOP/s (NVIDIA H200, torch)" in lines_of(v["Speed (for AI)"])[0]


def test_a_newer_failure_replaces_an_older_success(data_dir):
    older = [matmul(GPU, 700), matmul(TPU, 900)]
    newer = [not_ok(matmul(TPU, 900), "failed", "out_of_memory", "out of memory")]
    assert verdicts_for(data_dir, older, newer)["Speed (for AI)"].verdict == NOT_MEASURED


def test_a_stale_result_never_feeds_a_verdict(data_dir):
    stale = {**matmul(TPU, 900), "snippet_hash": "0" * 64}
    assert verdicts_for(data_dir, [matmul(GPU, 700), stale])["Speed (for AI)"].verdict == NOT_MEASURED


# Flexibility and Designed For: general-purpose operations at the largest size measured on both

OPS = ("fft", "sort", "scatter_add")


@pytest.mark.parametrize("tpu_eps, failure, expected", [
    (1e8, None, SUPPORTED),  # a tenth of the GPU: "focused on AI tasks only"
    (2e9, None, CONTRADICTED),  # twice the GPU
    (7e8, None, TIE),
    # sort fails on the TPU, the other operations run at twice the GPU's rate:
    (2e9, ("failed", "precision", "wrong result: relative error 0.2 exceeds tolerance 0.02"), SUPPORTED),
    (2e9, ("skipped", "unsupported", "this TPU cannot sort"), SUPPORTED),
    (2e9, ("failed", "out_of_memory", "out of memory"), CONTRADICTED),  # our sizing: sort is left out
])
def test_flexibility(data_dir, tpu_eps, failure, expected):
    tpu = [general(TPU, op, tpu_eps) for op in OPS]
    if failure:
        tpu[1] = not_ok(tpu[1], *failure)  # sort
    v = verdicts_for(data_dir, [general(GPU, op, 1e9) for op in OPS] + tpu)
    assert v["Flexibility"].verdict == expected
    assert v["Designed For"].verdict == expected


def test_a_failure_that_is_not_a_limit_of_the_chip_is_left_out_and_said(data_dir):
    tpu = [not_ok(general(TPU, "fft", 1e9), "failed", "timeout", "timeout after 60 s")]
    v = verdicts_for(data_dir, [general(GPU, "fft", 1e9)] + tpu)
    assert v["Flexibility"].verdict == NOT_MEASURED
    assert "fft (failed on the TPU: timeout, not a limit of the chip)" in " ".join(lines_of(v["Flexibility"]))


def test_flexibility_is_not_measured_without_a_tpu(data_dir):
    assert verdicts_for(data_dir, [general(GPU, op, 1e9) for op in OPS])["Flexibility"].verdict == NOT_MEASURED


def test_sizes_are_compared_only_where_both_were_measured(data_dir):
    # the GPU also ran a larger size the TPU did not: the comparison stays at 2**16
    records = [general(GPU, "fft", 1e9, n=2**16), general(TPU, "fft", 3e9, n=2**16), general(GPU, "fft", 1e6)]
    assert verdicts_for(data_dir, records)["Flexibility"].verdict == CONTRADICTED


def test_a_skipped_row_does_not_hide_a_measured_one(data_dir):
    skipped = not_ok(general(TPU, "fft", 1.0, framework="torch"), "skipped", "unavailable", "needs torch_xla")
    records = [general(GPU, "fft", 1e9), general(TPU, "fft", 1e8), skipped]
    assert verdicts_for(data_dir, records)["Flexibility"].verdict == SUPPORTED


# Availability: reference data, not a measurement

def reference_with_prices(tmp_path, rows):
    return Reference(helpers.reference_with_prices(tmp_path, rows))


@pytest.mark.parametrize("rows, expected", [
    ([("TPU v6e (Trillium)", "GCP", 2), ("H200 SXM", "AWS", 8), ("H200 SXM", "Azure", 9), ("H200 SXM", "Lambda", 5)], SUPPORTED),
    ([("TPU v6e (Trillium)", "GCP", 2), ("TPU v6e (Trillium)", "OtherCloud", 2), ("H200 SXM", "AWS", 8)], CONTRADICTED),
    ([("TPU v6e (Trillium)", "GCP", 2), ("H200 SXM", "AWS", 8)], SPLIT),  # GPUs from one provider only
    ([("H200 SXM", "AWS", 8)], NOT_MEASURED),  # no TPU offer at all
])
def test_availability(tmp_path, rows, expected):
    reference = reference_with_prices(tmp_path, rows)
    v = RULES[("availability", "price-list")].judge(reference, reference)
    assert v.verdict == expected and ("availability", "measured") not in RULES
    assert "reference data, dated; not a measurement" in lines_of(v)[0]


# Cost: dollars per billion tokens, the cheapest per token on each side, at GCP (where the claim is made)

@pytest.mark.parametrize("tpu_tokens, expected", [
    (500_000, SUPPORTED),  # TPU $1.50/Btok against GPU $2.50/Btok (cheapest per token on each side)
    (160_000, CONTRADICTED),  # $4.69/Btok
    (305_000, TIE),  # $2.46/Btok: within 5%
])
def test_cost(tmp_path, data_dir, tpu_tokens, expected):
    # the GPU is cheaper at AWS: that is context, not the verdict's price
    reference = reference_with_prices(tmp_path, [("TPU v6e (Trillium)", "GCP", 2.70), ("H200 SXM", "GCP", 4.50),
                                                 ("H200 SXM", "AWS", 3.00)])
    # two GPU results: the cheaper per token one is the faster at the cheapest price
    v = verdicts_for(data_dir, [gpt2(GPU, 500_000, "torch"), gpt2(GPU, 450_000, "jax"), gpt2(TPU, tpu_tokens)],
                     reference=reference)
    cost = v["Cost"]
    assert cost.verdict == expected
    assert lines_of(cost)[0] == ("GPU: $2.50 per billion tokens (NVIDIA H200, torch; $4.50 per chip-hour (GCP "
                                "test-region, on-demand))")
    assert lines_of(cost)[1].startswith(f"TPU: {dollars(2.70 / (tpu_tokens * 3600) * 1e9)} per billion tokens (TPU v6 lite")
    assert "GPU cost / TPU cost:" in lines_of(cost)[2] and "95% interval" in lines_of(cost)[2]


def test_cost_is_not_measured_without_a_tpu_price(tmp_path, data_dir):
    reference = reference_with_prices(tmp_path, [("H200 SXM", "GCP", 4.50), ("TPU v6e (Trillium)", "OtherCloud", 2.70)])
    v = verdicts_for(data_dir, [gpt2(GPU, 500_000), gpt2(TPU, 500_000)], reference=reference)
    assert v["Cost"].verdict == NOT_MEASURED


# Energy: one metered run each, no sampling interval

@pytest.mark.parametrize("tpu_tokens_per_joule, expected", [
    (None, NOT_MEASURED),  # TPUs expose no energy counter
    (1200.0, SUPPORTED),
    (600.0, CONTRADICTED),
    (820.0, TIE),
])
def test_energy(data_dir, tpu_tokens_per_joule, expected):
    tpu = gpt2(TPU, 600_000, **({"tokens_per_joule": tpu_tokens_per_joule} if tpu_tokens_per_joule else {}))
    v = verdicts_for(data_dir, [gpt2(GPU, 500_000, tokens_per_joule=800.0), tpu])
    energy = v["Energy Efficiency"]
    assert energy.verdict == expected
    if tpu_tokens_per_joule is None:
        assert "TPUs expose no energy counter" in " ".join(lines_of(energy))
    else:
        assert "no sampling interval" in lines_of(energy)[0]


# Supported frameworks: which framework trained GPT-2 small on which chip

# what the runner records for PyTorch on a TPU that JAX held in the same process (a gap of the run)
TORCH_ON_TPU = ("skipped", "unavailable", "JAX holds the TPU in this process, and torch_xla cannot share it "
                "(pytorch/xla#6747): run PyTorch in its own process, make xla-env (torch 2.9 with torch-xla[tpu] 2.9 "
                "in .venv-xla), then .venv-xla/bin/accelbench run --frameworks torch")
# what it records when torch_xla would run an operation of the step on the host (a limit of PyTorch there)
TORCH_CANNOT = ("skipped", "unsupported", "torch_xla has no XLA lowering for aten::_fft_c2c: it runs on the host CPU, "
                "so this would not measure the device")


# what it records for TensorFlow on a TPU generation Google documents no TensorFlow for
TF_CANNOT = ("skipped", "framework_unsupported", "TensorFlow is not supported on Ironwood (TPU7x)")
ON_GPU = [gpt2(GPU, 400_000, "torch"), gpt2(GPU, 410_000, "jax"), gpt2(GPU, 390_000, "tensorflow")]


@pytest.mark.parametrize("records, expected", [
    # JAX and TensorFlow trained it on the TPU, PyTorch could not run there (a limit), all three on the GPU
    (ON_GPU + [gpt2(TPU, 500_000, "jax"), gpt2(TPU, 480_000, "tensorflow"), not_ok(gpt2(TPU, 1.0, "torch"), *TORCH_CANNOT)],
     SUPPORTED),
    # the same, but PyTorch was not run on the TPU because JAX held it in that process: not evidence
    (ON_GPU + [gpt2(TPU, 500_000, "jax"), gpt2(TPU, 480_000, "tensorflow"), not_ok(gpt2(TPU, 1.0, "torch"), *TORCH_ON_TPU)],
     NOT_MEASURED),
    # TensorFlow not attempted on the TPU
    (ON_GPU + [gpt2(TPU, 500_000, "jax"), not_ok(gpt2(TPU, 1.0, "torch"), *TORCH_CANNOT)], NOT_MEASURED),
    # TensorFlow cannot run on this TPU generation
    (ON_GPU + [gpt2(TPU, 500_000, "jax"), not_ok(gpt2(TPU, 1.0, "tensorflow"), *TF_CANNOT)], CONTRADICTED),
    # JAX found it cannot train it on the TPU
    (ON_GPU + [not_ok(gpt2(TPU, 1.0, "jax"), "skipped", "unsupported", "no kernel for this op")], CONTRADICTED),
    # JAX could not train it on the TPU, for a limit of the chip or framework
    (ON_GPU + [not_ok(gpt2(TPU, 1.0, "jax"), "failed", "precision", "wrong result")], CONTRADICTED),
    # PyTorch trained it on the TPU at least as fast as the faster of JAX and TensorFlow
    (ON_GPU + [gpt2(TPU, 500_000, "jax"), gpt2(TPU, 520_000, "tensorflow"), gpt2(TPU, 550_000, "torch")], CONTRADICTED),
    # PyTorch 3% slower than JAX on the TPU (its whole interval within the margin): "at least as fast", as the rule says
    (ON_GPU + [gpt2(TPU, 500_000, "jax"), gpt2(TPU, 480_000, "tensorflow"), gpt2(TPU, 485_000, "torch", spread=0.001)],
     CONTRADICTED),
    # PyTorch 8% slower: beyond the margin
    (ON_GPU + [gpt2(TPU, 500_000, "jax"), gpt2(TPU, 480_000, "tensorflow"), gpt2(TPU, 460_000, "torch", spread=0.001)],
     SPLIT),
    # PyTorch trained it on the TPU, slower than JAX
    (ON_GPU + [gpt2(TPU, 500_000, "jax"), gpt2(TPU, 480_000, "tensorflow"), gpt2(TPU, 300_000, "torch")], SPLIT),
    # TensorFlow could not train it on the GPU
    ([gpt2(GPU, 400_000, "torch"), gpt2(GPU, 410_000, "jax"), not_ok(gpt2(GPU, 1.0, "tensorflow"), *TF_CANNOT),
      gpt2(TPU, 500_000, "jax"), gpt2(TPU, 480_000, "tensorflow"), not_ok(gpt2(TPU, 1.0, "torch"), *TORCH_CANNOT)], SPLIT),
    # JAX failed on the TPU for our own reasons: not evidence
    ([gpt2(GPU, 400_000, "torch"), not_ok(gpt2(TPU, 1.0, "jax"), "failed", "out_of_memory", "out of memory")],
     NOT_MEASURED),
    ([gpt2(GPU, 400_000, "torch")], NOT_MEASURED),
    # nothing on a GPU
    ([gpt2(TPU, 500_000, "jax"), gpt2(TPU, 480_000, "tensorflow"), not_ok(gpt2(TPU, 1.0, "torch"), *TORCH_CANNOT)],
     NOT_MEASURED),
], ids=["supported", "not-measured-runner-cannot", "not-measured-tensorflow-not-attempted",
        "contradicted-tensorflow-unsupported", "contradicted-jax-unsupported", "contradicted-jax-cannot",
        "contradicted-torch-as-fast", "contradicted-torch-within-the-margin", "mixed-torch-beyond-the-margin",
        "mixed-torch-slower", "mixed-not-every-framework-on-gpu", "not-measured-oom",
        "not-measured-no-tpu", "not-measured-no-gpu"])
def test_frameworks(data_dir, records, expected):
    assert verdicts_for(data_dir, records)["Supported Frameworks"].verdict == expected


def test_a_tiny_pytorch_model_on_a_tpu_does_not_flip_the_frameworks_verdict(data_dir):
    records = ON_GPU + [gpt2(TPU, 500_000, "jax"), gpt2(TPU, 480_000, "tensorflow"),
                        not_ok(gpt2(TPU, 1.0, "torch"), *TORCH_CANNOT), gpt2(TPU, 900_000, "torch", config="tiny")]
    assert verdicts_for(data_dir, records)["Supported Frameworks"].verdict == SUPPORTED


def test_a_framework_that_does_not_run_on_a_chip_is_no_evidence_about_its_operations(data_dir):
    """TensorFlow on TPU7x: every op is skipped as framework_unsupported, which must not stand in for
    the operation-level findings the flexibility verdict reads (here JAX's out of memory at 2**24)."""
    records = [general(GPU, "fft", 1e9, n=2**20), general(GPU, "fft", 1e9),
               general(TPU, "fft", 1e8, n=2**20), not_ok(general(TPU, "fft", 1.0), "failed", "out_of_memory", "oom"),
               not_ok(general(TPU, "fft", 1.0, framework="tensorflow"), *TF_CANNOT)]
    assert verdicts_for(data_dir, records)["Flexibility"].verdict == SUPPORTED  # as without TensorFlow's skip


def test_the_frameworks_evidence_names_what_each_framework_trained_at_any_size(data_dir):
    cpu = ("AMD EPYC", "cpu")
    records = [gpt2(cpu, 9_000, fw, config="tiny") for fw in ("torch", "jax", "tensorflow")]
    finding = verdicts_for(data_dir, records)["Supported Frameworks"]
    assert finding.verdict == NOT_MEASURED  # a tiny model on a CPU decides nothing
    assert "CPU (tiny): jax, tensorflow, torch" in " ".join(lines_of(finding))


def test_an_out_of_memory_at_the_largest_size_falls_back_to_a_size_that_ran(data_dir):
    records = [general(GPU, "fft", 1e9, n=2**20), general(GPU, "fft", 1e9),
               general(TPU, "fft", 1e8, n=2**20), not_ok(general(TPU, "fft", 1.0), "failed", "out_of_memory", "oom")]
    v = verdicts_for(data_dir, records)
    assert v["Flexibility"].verdict == SUPPORTED  # compared at 2**20, where both ran: a tenth of the GPU


def test_measured_and_published_verdicts_speak_one_vocabulary():
    """Declared once (judging.py): the words, the margin and how comparisons combine. No comparison
    at all is no evidence for either kind (it once gave 'mixed' for one and 'not measured yet' for
    the other)."""
    from accelbench.judge import judging
    from accelbench.judge import measured_rules as verdicts
    from accelbench.sources.mlperf_training import rules as published_verdicts

    for module in (verdicts, published_verdicts):
        assert (module.SUPPORTED, module.CONTRADICTED, module.TIE, module.SPLIT, module.NOT_MEASURED) == \
            (judging.SUPPORTED, judging.CONTRADICTED, judging.TIE, judging.SPLIT, judging.NOT_MEASURED)
    assert verdicts.combined is published_verdicts.combined is judging.combined
    assert judging.combined([]) == judging.NOT_MEASURED
    assert judging.combined([judging.SUPPORTED, judging.SUPPORTED]) == judging.SUPPORTED
    assert judging.combined([judging.SUPPORTED, judging.CONTRADICTED]) == judging.SPLIT
    assert judging.combined([judging.TIE, judging.TIE]) == judging.TIE
    assert [judging.beyond_margin(a) for a in (1.06, 1.04, 0.96, 0.94)] == \
        [judging.SUPPORTED, judging.TIE, judging.TIE, judging.CONTRADICTED]


def test_the_verdict_note_keys_on_the_verdict_constants():
    """Each verdict's admonition, and the link to contribute a run on the verdict not measured yet: the
    pages compare with judging's constants, so a verdict word changed there changes them here too."""
    from types import SimpleNamespace

    from accelbench.judge.judging import UNDECIDABLE, said
    from accelbench.publish.render.verdicts import verdict_note
    from accelbench.publish.wording.terms import verdict_words

    for verdict, kind in ((SUPPORTED, "success"), (CONTRADICTED, "failure"), (TIE, "warning"), (SPLIT, "warning"),
                          (NOT_MEASURED, "note"), (UNDECIDABLE, "note")):
        v = SimpleNamespace(verdict=verdict, feature="Speed (for AI)", tpu_claim="Even faster",
                            lines=[said("measured.energy.no_tpu_counter")],
                            reference_only=False)
        note = verdict_note(v, "matmul.md", "contribute.md")
        assert note.startswith(f'!!! {kind} "Speed (for AI): {verdict_words(verdict)}"'), verdict
        assert ("[Contribute a run](contribute.md)" in note) == (verdict == NOT_MEASURED), verdict


def test_no_module_spells_a_verdict_word_where_it_compares_one():
    """A grep over the engine: a verdict is compared with, or looked up by, judging's constants, never a
    string typed again ("not measured yet" once compared with a literal that a change of the word would
    have silently missed). A CSS class made from a constant is fine. Epoch AI's platform "mixed" (a model
    trained on several kinds of chip) is a platform, not a verdict."""
    import re

    from accelbench.judge.codes import Verdict

    def literal(words):
        return "[\"'](?:" + "|".join(re.escape(w) for w in words) + ")[\"']"

    def compared(words):
        lit = literal(words)  # == "w", "w" ==, in (... "w", {"w": ..., "w": ...}, .get("w")
        return re.compile(rf"[=!]=\s*{lit}|{lit}\s*[=!]=|\bin\s*[(\[{{][^)\]}}\n]*{lit}|{lit}\s*:[^\n]*{lit}\s*:"
                          rf"|\.get\(\s*{lit}")

    every = tuple(Verdict)
    found = []
    for path in sorted((ROOT / "scripts" / "accelbench").rglob("*.py")):
        pattern = compared(every)
        found += [f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
                  for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if pattern.search(line)]
    assert found == []
