"""Vendor-published training throughput as published evidence: real excerpts of Google's Ironwood
recipes table, Trillium and v5p recipe READMEs and NVIDIA's Megatron-Bridge summaries
(tests/fixtures/vendor_training/PROVENANCE.md) read by column name or by MaxText's step line, bad
and hostile cells left out naming file and line, the same bytes every time, like-with-like pairs
with every flag and refusal (qualified model names by the TPU recipe's setting, the newest release
per precision family), and the two rules' verdicts."""

import json
import os
import re
import shutil
import subprocess
import sys
from argparse import Namespace
from collections import Counter

import pytest

from accelbench.core.prices import Unpriced
from accelbench.core.reference import Reference
from accelbench.core.runfile import RunFileError
from accelbench.judge.facts import UnpricedPairs
from accelbench.judge.judging import CONTRADICTED, NOT_MEASURED, SPLIT, SUPPORTED, TIE
from accelbench.publish.wording.lines import text as line_text
from accelbench.publish.wording.vendor import flag_text, refusal_text, superseded_text
from accelbench.registry import RULES
from accelbench.sources.git import DirSource, open_source
from accelbench.sources.mlperf_training.benchmarks import BENCHMARKS
from accelbench.sources.vendor_training.documents import DOCUMENTS
from accelbench.sources.vendor_training.format import KIND, SCHEMA, VendorTraining, load, published_path, write
from accelbench.sources.vendor_training.importer import import_files
from accelbench.sources.vendor_training.names import MODEL_NAMES, model_key, shown_name
from accelbench.sources.vendor_training.pairs import Release, match
from accelbench.sources.vendor_training.recipes import CORES_PER_CHIP
from accelbench.sources.vendor_training.rules import pair_basis
from accelbench.store.published import SOURCES, load_published, problems_in

from conftest import ROOT
from helpers import lines_of, reference_with_prices

FIXTURES = ROOT / "tests" / "fixtures" / "vendor_training"
REFERENCE = ROOT / "build_data" / "reference"
GOOGLE_COMMIT = "c8cfe2f689081d36701a101cd73a70965d80926b"
NVIDIA_COMMIT = "067f987df03b8355b03192d88d70f1709fedf51a"
FOLDERS = {"ironwood": ("tpu-recipes", GOOGLE_COMMIT), "trillium": ("tpu-recipes", GOOGLE_COMMIT),
           "v5p": ("tpu-recipes", GOOGLE_COMMIT), "megatron-bridge": ("Megatron-Bridge", NVIDIA_COMMIT)}
ARCHIVE = "docs/performance-summary-archive.md"
DEEPSEEK_BF16 = "training/ironwood/deepseek3-671b/4k-bf16-tpu7x-4x8x8/xpk/run_recipe.sh"  # Ironwood line 9's recipe


def flags_of(pair) -> tuple[str, ...]:
    """A pair's flags as readers see them (the matching records them as data)."""
    return tuple(map(flag_text, pair.flags))


def reasons_of(refusals) -> list[str]:
    """Refusals' reasons as readers see them (the matching records each as a code and its values)."""
    return [refusal_text(r.reason) for r in refusals]


def imported(document: str, root=None) -> list[dict]:
    folder, commit = FOLDERS[document]
    source = DirSource(root or FIXTURES / folder, DOCUMENTS[document][0], commit)
    return import_files(source, Namespace(document=document), REFERENCE)


def everything() -> VendorTraining:
    """Both vendors' fixtures as the rules read them (validated on the way)."""
    files = []
    for document in FOLDERS:
        for published in imported(document):
            assert problems_in(published, published["name"], SCHEMA) == []
            files.append((published_path(ROOT, published["name"]), published))
    return load(files)


def row(rows, line, alternative=False, path=None):
    return next(r for r in rows if r["line"] == line and r["alternative"] == alternative
                and (path is None or r["path"] == path))


def test_the_ironwood_table_is_read_by_column_name_with_its_separators_and_na():
    [published] = imported("ironwood")
    rows = published["rows"]
    assert len(rows) == 22 and published["left_out"] == []
    assert published["tables"] == [{"line": 5, "section": "Training Recipes for Ironwood TPU", "ignored": [],
                                    "columns": ["Model ID", "Number of chips", "GBS", "Sequence length", "Precision",
                                                "Step time (seconds)", "TFLOPs/sec/chip", "Tokens/sec/chip"]}]
    plain, separated = row(rows, 21), row(rows, 23)  # '4127.56' and '4,121.02' in one column
    assert (plain["model"], plain["chips"], plain["gbs"], plain["seq_len"], plain["precision"]) == \
        ("llama3.1-70b", 64, 256, 8192, "fp8_full")
    assert (plain["tokens_per_s_per_chip"], plain["tflops_per_chip"], plain["step_time_s"]) == (4127.56, 1854.19, 7.93)
    assert (separated["tokens_per_s_per_chip"], separated["tflops_per_chip"]) == (4121.02, 1851.25)
    wan = row(rows, 28)
    assert (wan["model"], wan["tokens_per_s_per_chip"], wan["tflops_per_chip"]) == ("wan2.1-14b", None, 209.55)
    assert {(r["vendor"], r["platform"], r["system"], r["chip"], r["framework"], r["task"], r["release"]) for r in rows} == \
        {("Google", "tpu", "Ironwood", "TPU7x (Ironwood)", "MaxText", "pre-training", None)}
    assert plain["model_key"] == "llama3-70b" and row(rows, 19)["model_key"] == "llama3.1-405b"
    # a plain folder has no history: no line is dated, and the document gives no date
    assert {(r["line_date"], r["line_commit"]) for r in rows} == {(None, None)}
    assert not any("date" in r for r in rows)  # no document gives a date of its own
    assert published["source"] == {"repository": "AI-Hypercomputer/tpu-recipes", "commit": GOOGLE_COMMIT,
                                   "url": "https://github.com/AI-Hypercomputer/tpu-recipes"}


def test_two_megatron_releases_with_different_columns_are_read_by_column_name():
    summary, archive = imported("megatron-bridge")
    assert [d["name"] for d in (summary, archive)] == ["megatron-bridge-performance-summary",
                                                       "megatron-bridge-performance-summary-archive"]
    assert len(summary["rows"]) == 4 and summary["left_out"] == [] and archive["left_out"] == []
    deepseek = row(summary["rows"], 11)  # the model is the heading, the system a column; no FSDP column
    assert (deepseek["release"], deepseek["model"], deepseek["system"], deepseek["precision"], deepseek["chips"],
            deepseek["gbs"], deepseek["mbs"], deepseek["seq_len"], deepseek["tokens_per_s_per_chip"],
            deepseek["tflops_per_chip"]) == ("26.08", "DeepSeekV3", "DGX-GB300", "MXFP8", 256, 4096, 1, 4096, 6288, 1635)
    assert deepseek["parallelism"] == {"tp": 1, "pp": 2, "cp": 1, "vp": 8, "ep": 32}
    assert deepseek["section"] == "26.08 NeMo Container / Pre-Training Performance / Model: DeepSeekV3"
    rows = archive["rows"]
    assert len(rows) == 7 + 7 + 4 + 9 + 6 + 12
    llama = row(rows, 27)  # 26.04.01: an FSDP column, 'n/a' in VP and EP
    assert (llama["release"], llama["model"], llama["precision"], llama["tokens_per_s_per_chip"]) == \
        ("26.04.01", "LLAMA3_70B", "FP8", 5248)
    assert llama["parallelism"] == {"fsdp": 64, "tp": 1, "pp": 1, "cp": 1, "vp": None, "ep": None}
    assert row(rows, 33)["chip"] == "H100 SXM" and row(rows, 42)["chip"] == "B200 (HGX 1000 W)"
    assert row(rows, 41)["chip"] is None  # DGX-B300 has no chip in the reference data
    # 25.11: the system is the heading, the model a column, with GA; 'x (y)' gives two rows
    first, second = row(rows, 52), row(rows, 52, alternative=True)
    assert (first["system"], first["model"], first["precision"], first["tokens_per_s_per_chip"],
            first["tflops_per_chip"], first["parallelism"]["ga"], first["notes"]) == \
        ("DGX-GB300", "LLAMA3_8B", "FP8-CS", 37556, 1933, 8, [])
    assert (second["precision"], second["precision_key"], second["tokens_per_s_per_chip"], second["tflops_per_chip"],
            second["parallelism"]["ga"]) == ("FP8-MX", "mxfp8", 36108, 1858, 8)
    assert second["notes"][0].startswith("the figures in parentheses on this line")
    # a qualified name declared in names.QUALIFIERS stands for its architecture (its variant is decided in pairs.py)
    assert row(rows, 55)["model"] == "DeepSeekV3 (w/o MTP)" and row(rows, 55)["model_key"] == "deepseek-v3"
    # 25.09: no Precision column; parentheses in the parallelism and throughput cells
    first, second = row(rows, 84), row(rows, 84, alternative=True)
    assert (first["release"], first["system"], first["precision"], first["precision_key"]) == \
        ("25.09", "DGX-GB200", None, None)
    assert (first["tokens_per_s_per_chip"], first["parallelism"]) == \
        (3986, {"fsdp": 64, "tp": 1, "pp": 1, "cp": 1, "vp": 1, "ep": 1, "ga": 1})
    assert (second["tokens_per_s_per_chip"], second["tflops_per_chip"], second["parallelism"]) == \
        (3546, 1593, {"fsdp": 0, "tp": 2, "pp": 4, "cp": 1, "vp": 5, "ep": 1, "ga": 16})
    assert {r["task"] for r in rows} == {"pre-training"} and {r["vendor"] for r in rows} == {"NVIDIA"}


def test_the_importer_gives_the_same_bytes_twice_and_valid_files(tmp_path):
    for document in FOLDERS:
        first = [write(tmp_path, p).read_bytes() for p in imported(document)]
        second = [write(tmp_path, p).read_bytes() for p in imported(document)]
        assert first == second
    assert sorted(p.name for p in (tmp_path / "published").iterdir()) == [
        "vendor-training-megatron-bridge-performance-summary-archive.json",
        "vendor-training-megatron-bridge-performance-summary.json", "vendor-training-tpu-recipes-ironwood.json",
        "vendor-training-tpu-recipes-trillium.json", "vendor-training-tpu-recipes-v5p.json"]
    loaded = load_published(tmp_path)[KIND]
    assert len(loaded.rows) == 22 + 2 + 1 + 4 + 45
    dataset = SOURCES[KIND].rows(loaded)  # what the dataset download holds: no nested value
    assert len(dataset) == 74 and not [v for r in dataset for v in r.values() if isinstance(v, (dict, list))]
    assert row(dataset, 84, alternative=True)["parallelism"] == '{"fsdp":0,"tp":2,"pp":4,"cp":1,"vp":5,"ep":1,"ga":16}'
    recipe = json.loads(row(dataset, 9, path="training/ironwood/README.md")["recipe"])  # the settings read, as text
    assert (recipe["path"], recipe["settings"]["mtp_num_layers"]) == (DEEPSEEK_BF16, {"value": None, "line": None})
    assert row(dataset, 84)["recipe"] is None  # a GPU row: no recipe read
    assert loaded.rows[0]["url"] == (f"https://github.com/NVIDIA-NeMo/Megatron-Bridge/blob/{NVIDIA_COMMIT}/"
                                     "docs/performance-summary.md#L11")


def test_a_hand_edited_file_fails_validation_naming_the_field(tmp_path):
    [published] = imported("ironwood")
    published["rows"][0]["tokens_per_s_per_chip"] = 1e30
    with pytest.raises(RunFileError) as info:
        write(tmp_path, published)
    assert "rows[0].tokens_per_s_per_chip: 1e+30 is greater than the maximum of 10000000" in str(info.value)


def test_a_git_directory_dates_every_line_by_the_commit_that_published_it(tmp_path):
    repo = tmp_path / "repo"
    shutil.copytree(FIXTURES / "tpu-recipes", repo)
    env = {**os.environ, "GIT_AUTHOR_DATE": "2025-12-18T10:00:00Z", "GIT_COMMITTER_DATE": "2025-12-18T10:00:00Z"}
    git = ["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-q", "-m", "fixture"], check=True, env=env)
    source = open_source(repo, "AI-Hypercomputer/tpu-recipes")
    [published] = import_files(source, Namespace(document="ironwood"), REFERENCE)
    assert published["source"]["commit"] == source.commit and len(source.commit) == 40
    assert {(r["line_date"], r["line_commit"]) for r in published["rows"]} == {("2025-12-18", source.commit)}
    assert [r["tokens_per_s_per_chip"] for r in published["rows"]] == \
        [r["tokens_per_s_per_chip"] for r in imported("ironwood")[0]["rows"]]


def fixture_line(path, line):
    return (FIXTURES / "tpu-recipes" / path).read_text().splitlines()[line - 1]


def test_trillium_and_v5p_rows_are_read_from_each_readme_step_line_with_path_and_line():
    [trillium], [v5p] = imported("trillium"), imported("v5p")
    seventy, big = (row(trillium["rows"], 41, path=f"training/trillium/Llama3.1-{m}-MaxText/{d}README.md")
                    for m, d in (("70B", "v6e-64/"), ("405B", "")))
    assert (seventy["model"], seventy["model_key"], seventy["chips"], seventy["gbs"], seventy["seq_len"],
            seventy["precision"], seventy["precision_key"]) == ("llama3.1-70b", "llama3-70b", 64, 128, 8192, "bfloat16", "bf16")
    assert (seventy["tokens_per_s_per_chip"], seventy["tflops_per_chip"], seventy["step_time_s"]) == (876.736, 422.091, 18.688)
    assert (big["chips"], big["gbs"]) == (512, 512)  # v6e-256 × 2 slices, per_device_batch_size 1
    maverick = row(v5p["rows"], 43)
    # v5p-256 names 256 TensorCores: 128 chips (a v5p chip has two), so GBS 4 × 128
    assert (maverick["chips"], maverick["gbs"], maverick["precision"], maverick["chip"], maverick["system"]) == \
        (128, 512, "bfloat16", "TPU v5p", "TPU v5p") and CORES_PER_CHIP["v5p"] == 2
    assert {(r["chip"], r["framework"], r["task"], r["platform"]) for r in trillium["rows"]} == \
        {("TPU v6e (Trillium)", "MaxText", "pre-training", "tpu")}
    for r in trillium["rows"] + v5p["rows"]:  # every figure is on the line the row names, as written there
        logged = re.search(r"seconds: ([\d.]+), TFLOP/s/device: ([\d.]+), Tokens/s/device: ([\d.]+)",
                           fixture_line(r["path"], r["line"]))
        assert tuple(map(float, logged.groups())) == (r["step_time_s"], r["tflops_per_chip"], r["tokens_per_s_per_chip"])
    # each figure not on the step line names its line: the command's type and slices, the configuration's settings
    assert seventy["notes"][:4] == [
        "chips: v6e-64 (line 31) × 1 slice(s) (line 32); the number in a v6e type counts TensorCores, 1 per chip",
        "model: model_type (line 51)",
        "GBS: per_device_batch_size 2 (line 53) × 64 chips, as MaxText counts its global batch; the step line's "
        "total_weights is GBS × sequence length", "sequence length: max_target_length (line 60)"]
    assert seventy["notes"][4].startswith("precision not written: the configuration (lines 49-86) sets neither dtype nor "
                                          "quantization, so MaxText's defaults apply")
    assert "--device_type=v6e-64" in fixture_line(seventy["path"], 31) and \
        '"per_device_batch_size": 2' in fixture_line(seventy["path"], 53)
    assert seventy["recipe"]["settings"]["mtp_num_layers"] == {"value": None, "line": None}
    reasons = {(x["path"].removeprefix("training/"), x["line"]): x["reason"] for x in trillium["left_out"] + v5p["left_out"]}
    assert reasons[("trillium/GPT3-175B-MaxText/bf16/README.md", 41)] == \
        "line 41: the configuration (lines 49-72) sets no max_target_length"
    assert reasons[("archive/trillium/Llama3.0-70B-PyTorch/XPK/README.md", 95)].endswith(
        "line 95 speaks of a step time only, and tokens/s from it would be a derivation (GBS × sequence length / step "
        "time / chips), not made")
    assert "more than one accelerator type" in reasons[("v5p/GPT3-175B-MaxText/README.md", 105)]
    assert "no accelerator type" in reasons[("v5p/DeepSeek3-671B-MaxText/README.md", 56)]
    assert reasons[("v5p/Llama2-7B-Maxtext/README.md", 1)] == \
        "line 1: no MaxText step line with Tokens/s/device: the README publishes no throughput"
    assert len(trillium["left_out"]) == 3 and len(v5p["left_out"]) == 3


def edited_recipes(tmp_path, path, old, new):
    """A copy of the tpu-recipes fixtures with one line of one file changed."""
    root = tmp_path / "tpu-recipes"
    if not root.exists():
        shutil.copytree(FIXTURES / "tpu-recipes", root)
    file = root / path
    assert old in file.read_text()
    file.write_text(file.read_text().replace(old, new, 1))
    return root


def test_a_readme_whose_configuration_is_not_the_one_logged_is_left_out(tmp_path):
    readme = "training/trillium/Llama3.1-70B-MaxText/v6e-64/README.md"
    root = edited_recipes(tmp_path, readme, '"per_device_batch_size": 2,', '"per_device_batch_size": 3,')
    [published] = imported("trillium", root)
    assert [x["reason"] for x in published["left_out"] if x["path"] == readme] == [
        "line 41: total_weights 1,048,576 is not GBS 192 × sequence length 8192: the configuration quoted is not the "
        "one logged"]
    root = edited_recipes(tmp_path, readme, "Tokens/s/device: 876.736", "Tokens/s/device: 1753.472")
    root = edited_recipes(tmp_path, readme, '"per_device_batch_size": 3,', '"per_device_batch_size": 2,')
    [published] = imported("trillium", root)  # tokens/s per device twice what the chips and seconds give
    assert [x["reason"] for x in published["left_out"] if x["path"] == readme] == [
        "line 41: Tokens/s/device × seconds × 64 chips is 2,097,209, not total_weights 1,048,576: MaxText's devices "
        "are not these chips"]


HOSTILE_TABLE = """
#### Model: DeepSeekV3

{header}| DGX-GB300 | 256 | MXFP8 | 4096 | 1 | 4096 | 1 | 2 | 1 | 8 | 32 | 1e30 | 1635 |
| DGX-GB300 | 256 | MXFP8 | 4096 | 1 | 4096 | 1 | 2 | 1 | 8 | 32 | 99,999,999,999 | 1635 |
| =HYPERLINK("http://x") | 256 | MXFP8 | 4096 | 1 | 4096 | 1 | 2 | 1 | 8 | 32 | 6288 | 1635 |
| DGX-GB300 | 256 |
| DGX-GB300 | 256 | MXFP8 | 4,09,6 | 1 | 4096 | 1 | 2 | 1 | 8 | 32 | 6288 | 1635 |
| DGX-GB300 | 256 | MXFP8 | 4096 | 1 | 4096 | 1 | 2 | 1 | 8 | 32 | N/A | n/a |
| &lt;script&gt;alert(1)&lt;/script&gt; | 256 | MXFP8 | 4096 | 1 | 4096 | 1 | 2 | 1 | 8 | 32 | 6288 | 1635 |
| <img src=x onerror=alert(2)>DGX-GB300 | 256 | <b>MXFP8</b> | 4096 | 1 | 4096 | 1 | 2 | 1 | 8 | 32 | 6,288 | 1635 |

#### Model: Unknown

| System | GBS | Sequence Length | Tokens / sec / GPU |
|--------|-----|-----------------|--------------------|
| DGX-GB300 | 4096 | 4096 | 6288 |
"""


def hostile_copy(tmp_path):
    root = tmp_path / "Megatron-Bridge"
    shutil.copytree(FIXTURES / "Megatron-Bridge", root)
    summary = root / "docs" / "performance-summary.md"
    lines = summary.read_text().splitlines(keepends=True)
    # after the 26.08 Qwen table (fixture line 19), under the real header of its lines 9-10: line 23
    hostile = HOSTILE_TABLE.replace("{header}", "".join(lines[8:10]))
    summary.write_text("".join(lines[:19]) + hostile + "".join(lines[19:]))
    return root


def test_bad_and_hostile_cells_are_left_out_naming_file_and_line(tmp_path):
    summary, _ = imported("megatron-bridge", hostile_copy(tmp_path))
    path = "docs/performance-summary.md"
    assert {(x["path"], x["line"]) for x in summary["left_out"]} == {(path, n) for n in (25, 26, 27, 28, 29, 30, 38)}
    reasons = {x["line"]: x["reason"] for x in summary["left_out"]}
    assert reasons == {
        25: "line 25: column 'Tokens / sec / GPU': '1e30' is not a number",
        26: "line 26: column 'Tokens / sec / GPU': 99,999,999,999 is out of range (above 0, at most 10,000,000)",
        27: "line 27: column 'System': '=HYPERLINK(\"http://x\")' starts with '=', as a spreadsheet formula does",
        28: "line 28: 2 cells where the header at line 23 has 13",
        29: "line 29: column 'GBS': '4,09,6' is not a number",
        30: "line 30: neither tokens/s nor TFLOP/s is published (N/A)",
        38: "line 38: the table at line 36 has no column or heading for chips (columns: System, GBS, Sequence Length, "
            "Tokens / sec / GPU)",
    }
    kept = {r["line"]: r for r in summary["rows"] if 23 < r["line"] < 36}
    assert kept[31]["system"] == "<script>alert(1)</script>"  # an entity stays text, to be escaped on pages
    assert (kept[32]["system"], kept[32]["precision"], kept[32]["tokens_per_s_per_chip"]) == ("DGX-GB300", "MXFP8", 6288)


def test_a_document_without_a_throughput_table_is_an_error_naming_it(tmp_path):
    root = tmp_path / "tpu-recipes"
    (root / "training" / "ironwood").mkdir(parents=True)
    readme = root / "training" / "ironwood" / "README.md"
    readme.write_text("# Training Recipes for Ironwood TPU\n\n| a | b |\n|---|---|\n| 1 | 2 |\n")
    with pytest.raises(ValueError, match="training/ironwood/README.md has no table of training throughput"):
        imported("ironwood", root)
    readme.write_text((FIXTURES / "tpu-recipes" / "training" / "ironwood" / "README.md").read_text()
                      .replace("# Training Recipes for Ironwood TPU", "# Training Recipes for Trillium TPU"))
    with pytest.raises(ValueError, match="no longer names Ironwood, the system every row is given"):
        imported("ironwood", root)
    with pytest.raises(ValueError, match="no file training/ironwood/README.md"):
        imported("ironwood", tmp_path / "empty")


def test_hostile_text_stays_text_on_the_pages(tmp_path):
    from accelbench.prebuild import context
    from accelbench.publish.fragments import Links, render
    from accelbench.store.store import load_store
    from accelbench.workloads.discovery import workload_settings

    from conftest import SNIPPETS, new_data_dir

    data_dir = new_data_dir(tmp_path)
    evil = '<script>alert(1)</script>"><img src=x onerror=alert(2)>'
    for document in FOLDERS:
        for published in imported(document):
            for r in published["rows"]:  # the systems and notes of every row; the names of rows that pair with none
                r.update(system=evil, notes=[evil], **({"model": evil} if r["model"].startswith("gemma") else {}))
            write(data_dir, published)
    ctx = context(load_store(data_dir, SNIPPETS), Reference(data_dir / "reference"), workload_settings(SNIPPETS),
                  Links("published"), published=load_published(data_dir))
    for kind in ("vendor-pairs", "vendor-refused", "vendor-pairs-chart", "vendor-rows", "vendor-rules"):
        html = render(ctx, kind, []).text
        assert "<script>" not in html and "<img src=x" not in html, kind
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in render(ctx, "vendor-rows", []).text


def test_the_pairs_that_count_are_shown_and_the_superseded_ones_folded_with_every_row_downloaded(tmp_path):
    """A reader (and a phone laying out the page) meets the counted pairs first; the superseded ones
    are one click away in a closed fold, each row keeping its anchor; the download has them all."""
    from accelbench.prebuild import context
    from accelbench.publish.fragments import Links, render
    from accelbench.store.store import load_store
    from accelbench.workloads.discovery import workload_settings

    from conftest import SNIPPETS, new_data_dir

    data_dir = new_data_dir(tmp_path)
    for document in FOLDERS:
        for published in imported(document):
            write(data_dir, published)
    ctx = context(load_store(data_dir, SNIPPETS), Reference(data_dir / "reference"), workload_settings(SNIPPETS),
                  Links("published"), published=load_published(data_dir))
    pairs, _ = match(load_published(data_dir)[KIND].rows)
    counted, superseded = [p for p in pairs if p.counts], [p for p in pairs if not p.counts]
    assert counted and superseded
    fragment = render(ctx, "vendor-pairs", [])
    assert not re.search(r"<details[^>]*\bopen\b", fragment.text)  # folded: closed until asked
    shown, folded = fragment.text.split('<details class="ab-evidence ab-superseded">')
    assert "<details" not in shown
    assert f"<summary>{len(superseded)} more matched pair(s), not counted" in folded
    assert shown.count('<tr id="vendor-pairs-') == len(counted)
    assert folded.count('<tr id="vendor-pairs-') == len(superseded)
    ids = re.findall(r'<tr id="([^"]+)"', fragment.text)
    assert len(set(ids)) == len(ids)  # made over both tables: no two rows of the page share an anchor
    # a superseded pair whose key equals a counted one's (only the TPU's release differs) gets its own
    from dataclasses import replace

    from accelbench.sources.vendor_training.tables import pairs_tables
    older = replace(counted[0], tpu={**counted[0].tpu, "release": "older"}, superseded_by=(Release("Ironwood", "newer"),))
    shown_table, folded_table = pairs_tables([counted[0], older], lambda p: pair_basis(ctx.reference, p))
    first, second = (re.findall(r'<tr id="([^"]+)"', t.html) for t in (shown_table, folded_table))
    assert len(first) == len(second) == 1 and second[0] == first[0] + "-2"
    rows = json.loads(next(v for k, v in fragment.downloads.items() if k.endswith("vendor-training-pairs.json")))
    assert [r["counts"] for r in rows] == [True] * len(counted) + [False] * len(superseded)


def key(pair):
    return (pair.tpu["model"], pair.tpu["precision"], pair.gpu["system"], pair.gpu["release"], pair.gpu["precision"],
            pair.gpu["tokens_per_s_per_chip"], superseded_text(pair.superseded_by))


def test_the_fixtures_pair_like_with_like_exactly():
    pairs, refusals = match(everything().rows)
    fp8 = "different FP8 recipes (fp8_full vs {})"
    no_mtp = ("'DeepSeekV3 (w/o MTP)': the TPU recipe sets no mtp_num_layers (training/ironwood/deepseek3-671b/4k-{}-"
              "tpu7x-4x8x8/xpk/run_recipe.sh lines {}), so MaxText's default of 0 applies (base.yml, "
              "AI-Hypercomputer/maxtext at 000b810bb1d9)")
    expected = [
        # TPU7x deepseek-v3, 256 chips, GBS 4096, 4096 tokens: bf16 (2,446.25 tokens/s per chip) against 25.11's
        # 'DeepSeekV3 (w/o MTP)' BF16, the recipe running no MTP; it counts: 26.08 and 26.04.01 publish only MXFP8
        (("deepseek-v3", "bf16", "DGX-GB300", "25.11", "BF16", 3848, None), (no_mtp.format("bf16", "68-111"),)),
        # fp8_full (2,968.49 tokens/s per chip)
        (("deepseek-v3", "fp8_full", "DGX-B200", "26.04.01", "MXFP8", 3328, None), (fp8.format("MXFP8"),)),
        (("deepseek-v3", "fp8_full", "DGX-B300", "26.04.01", "MXFP8", 3456, None), (fp8.format("MXFP8"),)),
        (("deepseek-v3", "fp8_full", "DGX-GB200", "26.08", "MXFP8", 4912, None), (fp8.format("MXFP8"),)),
        (("deepseek-v3", "fp8_full", "DGX-GB200", "26.04.01", "MXFP8", 4256, "DGX-GB200 26.08"), (fp8.format("MXFP8"),)),
        (("deepseek-v3", "fp8_full", "DGX-GB300", "26.08", "MXFP8", 6288, None), (fp8.format("MXFP8"),)),
        (("deepseek-v3", "fp8_full", "DGX-GB300", "26.04.01", "MXFP8", 4992, "DGX-GB300 26.08"), (fp8.format("MXFP8"),)),
        (("deepseek-v3", "fp8_full", "DGX-GB300", "25.11", "FP8-MX", 4357, "DGX-GB300 26.08"),
         (fp8.format("FP8-MX"), no_mtp.format("fp8", "82-151"))),
        # gpt-oss-120b, 64 chips, GBS 1280, 8192 tokens: bf16 against 25.11's BF16, the newest with it
        (("gpt-oss-120b", "bf16", "DGX-GB300", "25.11", "BF16", 18347, None), ()),
        # llama3.1-70b (Llama 3 70B's architecture), 64 chips, GBS 256, 8192 tokens
        (("llama3.1-70b", "fp8_full", "DGX-GB200", "26.04.01", "FP8", 4224, None), (fp8.format("FP8"),)),
        (("llama3.1-70b", "fp8_full", "DGX-GB200", "26.04.01", "MXFP8", 3712, None), (fp8.format("MXFP8"),)),
        (("llama3.1-70b", "fp8_full", "DGX-GB300", "26.04.01", "FP8", 5248, None), (fp8.format("FP8"),)),
        (("llama3.1-70b", "fp8_full", "DGX-GB300", "26.04.01", "MXFP8", 4864, None), (fp8.format("MXFP8"),)),
        (("llama3.1-70b", "fp8_full", "DGX-GB300", "25.11", "FP8-CS", 4520, "DGX-GB300 26.04.01"), (fp8.format("FP8-CS"),)),
        (("llama3.1-70b", "fp8_full", "DGX-H100", "26.04.01", "FP8", 1664, None), (fp8.format("FP8"),)),
        # llama3.1-405b, 256 chips, GBS 1536, 8192 tokens
        (("llama3.1-405b", "fp8_full", "DGX-GB200", "26.06", "FP8", 843, None), (fp8.format("FP8"),)),
        (("llama3.1-405b", "fp8_full", "DGX-GB200", "26.06", "MXFP8", 783, None), (fp8.format("MXFP8"),)),
        (("llama3.1-405b", "fp8_full", "DGX-GB300", "26.06", "FP8", 1048, None), (fp8.format("FP8"),)),
        (("llama3.1-405b", "fp8_full", "DGX-GB300", "26.06", "MXFP8", 952, None), (fp8.format("MXFP8"),)),
        (("llama3.1-405b", "fp8_full", "DGX-GB300", "25.11", "FP8-CS", 999, "DGX-GB300 26.06"), (fp8.format("FP8-CS"),)),
        # qwen3-235b-a22b, 256 chips, GBS 8192, 4096 tokens: 25.11's BF16 counts, 26.08 publishing only MXFP8
        (("qwen3-235b-a22b", "bf16", "DGX-GB300", "25.11", "BF16", 6131, None), ()),
        (("qwen3-235b-a22b", "fp8_full", "DGX-GB200", "26.08", "MXFP8", 7280, None), (fp8.format("MXFP8"),)),
        (("qwen3-235b-a22b", "fp8_full", "DGX-GB300", "26.08", "MXFP8", 8816, None), (fp8.format("MXFP8"),)),
    ]
    assert [(key(p), flags_of(p)) for p in pairs] == expected
    assert sum(p.counts for p in pairs) == 18
    never = "{} vs {}: {} and {} are never compared"
    assert Counter(reasons_of(refusals)) == {
        "precision " + never.format("bf16", "MXFP8", "bf16", "FP8"): 6 + 2 + 2 + 2,
        "precision " + never.format("bf16", "FP8", "bf16", "FP8"): 3 + 2,
        "precision " + never.format("bf16", "NVFP4", "bf16", "FP4"): 2 + 2,
        "precision " + never.format("bf16", "FP8-CS", "bf16", "FP8"): 1 + 1,
        "precision " + never.format("fp8_full", "NVFP4", "FP8", "FP4"): 2 + 2,
        "precision " + never.format("fp8_full", "BF16", "FP8", "bf16"): 1 + 1,  # the second: 'DeepSeekV3 (w/o MTP)'
        "precision " + never.format("bf16", "FP8-MX", "bf16", "FP8"): 1,  # 'DeepSeekV3 (w/o MTP)'
        # Trillium llama3.1-70b on v6e-64 (GBS 2 × 64, 8192 tokens) against LLAMA3_70B at 64 GPUs, GBS 128
        "precision " + never.format("bfloat16", "FP8-CS", "bf16", "FP8"): 1,
        "precision not stated on the GPU row": 2,  # 25.09's table has no Precision column
    }
    # qualified names names.QUALIFIERS does not declare ('(tokendrop)') are other architectures: never candidates
    assert {r.gpu["model"] for r in refusals if "(" in r.gpu["model"]} == {"DeepSeekV3 (w/o MTP)"}
    assert {p.gpu["model"] for p in pairs if "(" in p.gpu["model"]} == {"DeepSeekV3 (w/o MTP)"}


def base_pair():
    """A real TPU row and a real GPU row that pair: llama3.1-70b fp8_full against DGX-H100 FP8 (26.04.01)."""
    rows = everything().rows
    tpu = next(r for r in rows if r["platform"] == "tpu" and r["line"] == 21)
    gpu = next(r for r in rows if r["system"] == "DGX-H100" and r["release"] == "26.04.01")
    return tpu, gpu


@pytest.mark.parametrize("tpu_change, gpu_change, reason, flag", [
    ({}, {}, None, "different FP8 recipes (fp8_full vs FP8)"),
    ({}, {"precision": "MXFP8", "precision_key": "mxfp8"}, None, "different FP8 recipes (fp8_full vs MXFP8)"),
    ({"precision": "bf16", "precision_key": "bf16"}, {"precision": "BF16", "precision_key": "bf16"}, None, None),
    ({"precision": "bf16", "precision_key": "bf16"}, {}, "precision bf16 vs FP8: bf16 and FP8 are never compared", None),
    ({}, {"precision": "NVFP4", "precision_key": "nvfp4"},
     "precision fp8_full vs NVFP4: FP8 and FP4 are never compared", None),
    ({}, {"precision": None, "precision_key": None}, "precision not stated on the GPU row", None),
    ({}, {"precision": "FP6", "precision_key": "fp6"}, "precision 'FP6' (GPU) is not in the table of precisions", None),
    ({}, {"model": "Llama-3.1-70B", "model_key": "llama3-70b"}, "model 'Llama-3.1-70B' not in the name table", None),
    ({}, {"task": "sft"}, "task pre-training vs sft", None),
    ({"tokens_per_s_per_chip": None}, {}, "no tokens/s published on the TPU row", None),
])
def test_each_flag_and_each_refusal(tpu_change, gpu_change, reason, flag):
    tpu, gpu = base_pair()
    pairs, refusals = match([{**tpu, **tpu_change}, {**gpu, **gpu_change}])
    if reason:
        assert pairs == [] and reasons_of(refusals) == [reason]
    else:
        assert refusals == [] and [flags_of(p) for p in pairs] == [(flag,) if flag else ()] and pairs[0].counts


def test_a_refusal_is_data_worded_in_the_tables_and_their_download():
    """The matching records why, as a code and its values; the refused table and its download say it."""
    from accelbench.sources.vendor_training.tables import refusals_table
    tpu, gpu = base_pair()
    [refused] = match([{**tpu, "precision": "bf16", "precision_key": "bf16"}, gpu])[1]
    assert refused.reason == {"code": "precision_families", "tpu": "bf16", "gpu": "FP8", "families": ["bf16", "FP8"]}
    [no_tokens] = match([tpu, {**gpu, "tokens_per_s_per_chip": None}])[1]
    assert no_tokens.reason == {"code": "no_tokens", "side": "gpu"}
    table = refusals_table([refused, no_tokens])
    said = ["precision bf16 vs FP8: bf16 and FP8 are never compared", "no tokens/s published on the GPU row"]
    assert [r["reason"] for r in table.rows] == said and all(f"<td>{s}</td>" in table.html for s in said)


def test_a_recipe_setting_that_is_no_number_refuses_the_qualified_name():
    tpu, gpu = deepseek_pair()
    recipe = tpu["recipe"]
    odd = {**tpu, "recipe": {**recipe, "settings": {**recipe["settings"], "mtp_num_layers": {"value": "two", "line": 70}}}}
    [refused] = match([odd, gpu])[1]
    assert refused.reason["code"] == "variant_not_a_number" and refusal_text(refused.reason) == (
        f"model 'DeepSeekV3 (w/o MTP)': the TPU recipe sets mtp_num_layers=two ({DEEPSEEK_BF16} line 70), not a number")


def test_rows_of_another_configuration_are_not_candidates():
    tpu, gpu = base_pair()
    for change in ({"chips": 128}, {"gbs": 512}, {"seq_len": 4096}, {"model_key": "llama3.1-405b"}):
        assert match([tpu, {**gpu, **change}]) == ([], [])


def test_only_the_newest_release_of_a_system_counts_and_the_older_stays_dated():
    tpu, gpu = base_pair()
    older = {**gpu, "release": "26.04", "tokens_per_s_per_chip": 1633.0, "line": 1}
    newer = {**gpu, "release": "26.06.01", "precision": "MXFP8", "precision_key": "mxfp8", "line": 2}
    other = {**gpu, "system": "DGX-B200", "release": "25.09"}  # another system: its own newest
    pairs, _ = match([tpu, older, gpu, newer, other])
    newest = (Release("DGX-H100", "26.06.01"),)
    assert [(p.gpu["system"], p.gpu["release"], p.superseded_by) for p in pairs] == [
        ("DGX-B200", "25.09", ()), ("DGX-H100", "26.06.01", ()), ("DGX-H100", "26.04.01", newest),
        ("DGX-H100", "26.04", newest)]
    assert superseded_text(newest) == "DGX-H100 26.06.01" and superseded_text(()) is None


def test_a_newer_fp8_only_release_does_not_supersede_an_older_bf16_pair():
    rows = everything().rows
    tpu = row(rows, 26, path="training/ironwood/README.md")  # qwen3-235b-a22b bf16, 4,245.89 tokens/s per chip
    bf16 = row(rows, 59, path=ARCHIVE)  # DGX-GB300 25.11 Qwen3_235B_a22B BF16 6131
    mxfp8 = next(r for r in rows if r["release"] == "26.08" and r["system"] == "DGX-GB300" and r["model_key"] == tpu["model_key"])
    assert (tpu["precision"], bf16["release"], bf16["precision"], mxfp8["precision"]) == ("bf16", "25.11", "BF16", "MXFP8")
    pairs, refusals = match([tpu, bf16, mxfp8])
    assert [(p.gpu["release"], p.superseded_by, p.counts) for p in pairs] == [("25.11", (), True)]
    assert [r.gpu["release"] for r in refusals] == ["26.08"]  # bf16 vs MXFP8: never compared
    # a newer release with bf16 of its own does supersede it
    newer = {**bf16, "release": "26.08", "tokens_per_s_per_chip": 6500.0, "line": 1}
    pairs, _ = match([tpu, bf16, mxfp8, newer])
    assert [(p.gpu["release"], p.superseded_by) for p in pairs] == [("26.08", ()),
                                                                    ("25.11", (Release("DGX-GB300", "26.08"),))]


def deepseek_pair(root=None):
    """Ironwood's deepseek-v3 bf16 row on 256 chips (line 9, 2,446.25 tokens/s per chip), imported from
    ``root``, and the fixture's DGX-GB300 25.11 'DeepSeekV3 (w/o MTP)' BF16 row (3,848)."""
    [ironwood] = imported("ironwood", root)
    gpu = row(imported("megatron-bridge")[1]["rows"], 55)
    return row(ironwood["rows"], 9), {**gpu, "url": "u"}


def test_a_qualified_model_name_pairs_where_the_tpu_recipe_runs_that_variant():
    tpu, gpu = deepseek_pair()
    assert (tpu["model"], tpu["chips"], tpu["precision"], tpu["tokens_per_s_per_chip"]) == ("deepseek-v3", 256, "bf16", 2446.25)
    recipe = tpu["recipe"]
    assert (recipe["path"], recipe["first_line"], recipe["last_line"]) == (DEEPSEEK_BF16, 68, 111)
    assert fixture_line(DEEPSEEK_BF16, 68) == 'MAXTEXT_ARGS="\\' and fixture_line(DEEPSEEK_BF16, 111).endswith('"')
    assert recipe["settings"]["mtp_num_layers"] == {"value": None, "line": None}  # no MTP setting in the file at all
    assert "mtp" not in (FIXTURES / "tpu-recipes" / DEEPSEEK_BF16).read_text().lower()
    assert recipe["settings"]["max_target_length"] == {"value": "4096", "line": 71}
    pairs, refusals = match([tpu, gpu])
    assert refusals == [] and [flags_of(p) for p in pairs] == [(
        f"'DeepSeekV3 (w/o MTP)': the TPU recipe sets no mtp_num_layers ({DEEPSEEK_BF16} lines 68-111), so MaxText's "
        f"default of 0 applies (base.yml, AI-Hypercomputer/maxtext at 000b810bb1d9)",)]
    # the other qualifier of the same architecture is refused by the same setting
    [refused] = match([tpu, {**gpu, "model": "DeepSeekV3 (w/ MTP)"}])[1]
    assert refusal_text(refused.reason).startswith("model 'DeepSeekV3 (w/ MTP)' runs with multi-token prediction (MTP); the TPU "
                                     "recipe sets no mtp_num_layers")
    # a row without recipe settings read cannot say which variant it runs
    bare = {k: v for k, v in tpu.items() if k != "recipe"}
    assert reasons_of(match([bare, gpu])[1]) == [
        "model 'DeepSeekV3 (w/o MTP)': the TPU row has no recipe settings read, so whether it runs without "
        "multi-token prediction (MTP) is unknown"]


def test_a_qualified_model_name_is_refused_where_the_tpu_recipe_runs_the_other_variant(tmp_path):
    root = edited_recipes(tmp_path, DEEPSEEK_BF16, "max_target_length=4096 \\\n",
                          "max_target_length=4096 \\\nmtp_num_layers=1 \\\n")
    tpu, gpu = deepseek_pair(root)
    assert tpu["recipe"]["settings"]["mtp_num_layers"] == {"value": "1", "line": 72}
    assert (root / DEEPSEEK_BF16).read_text().splitlines()[71] == "mtp_num_layers=1 \\"
    pairs, refusals = match([tpu, gpu])
    assert pairs == [] and reasons_of(refusals) == [
        f"model 'DeepSeekV3 (w/o MTP)' runs without multi-token prediction (MTP); the TPU recipe sets mtp_num_layers=1 "
        f"({DEEPSEEK_BF16} line 72)"]
    [pair] = match([tpu, {**gpu, "model": "DeepSeekV3 (w/ MTP)"}])[0]
    assert flags_of(pair) == (f"'DeepSeekV3 (w/ MTP)': the TPU recipe sets mtp_num_layers=1 ({DEEPSEEK_BF16} line 72)",)


def test_a_declared_recipe_that_runs_another_configuration_is_an_error(tmp_path):
    root = edited_recipes(tmp_path, DEEPSEEK_BF16, "max_target_length=4096", "max_target_length=8192")
    with pytest.raises(ValueError, match="run_recipe.sh, declared for training/ironwood/README.md line 9, runs "
                                         "max_target_length 8192 and quantization '', where the row has 4096 and bf16"):
        imported("ironwood", root)
    (root / DEEPSEEK_BF16).unlink()
    with pytest.raises(ValueError, match="line 9, is missing or passes no MaxText settings"):
        imported("ironwood", root)


def judged(claim, rows, reference=None):
    return RULES[(claim, KIND)].judge(VendorTraining([], rows), reference or Reference(REFERENCE))


def test_the_speed_rule_compares_tokens_per_second_per_chip_in_the_right_direction():
    rows = everything().rows
    tpu, h100 = base_pair()
    # TPU7x 4,127.56 tokens/s per chip against DGX-H100's 1,664: the TPU is faster, the claim supported
    finding = judged("speed", [tpu, h100])
    assert finding.verdict == SUPPORTED
    assert lines_of(finding)[1] == ("llama3.1-70b on 64 chips, GBS 256, sequence 8192: TPU Ironwood (MaxText) fp8_full "
                                   "4,127.56 tokens/s per chip; GPU DGX-H100 (Megatron-Bridge (NeMo) 26.04.01) FP8 1,664; "
                                   "TPU/GPU 2.48 [different FP8 recipes (fp8_full vs FP8)]")
    gb300 = row(rows, 27, path=ARCHIVE)  # DGX-GB300 FP8 5,248: the GPU is faster
    assert judged("speed", [tpu, gb300]).verdict == CONTRADICTED
    gb200 = row(rows, 30, path=ARCHIVE)  # DGX-GB200 FP8 4,224: within 5%, a tie
    assert judged("speed", [tpu, gb200]).verdict == TIE
    everything_found = judged("speed", rows)
    assert everything_found.verdict == SPLIT
    assert lines_of(everything_found)[0] == (
        "18 matched pairs (each GPU system's newest release at that precision): the TPU trains more than 5% faster per "
        "chip on 2, more than 5% slower on 14, within 5% on 2; TPU/GPU tokens/s per chip from 0.47 to 2.48")
    assert len(everything_found.lines) == 19
    assert (f"https://github.com/NVIDIA-NeMo/Megatron-Bridge/blob/{NVIDIA_COMMIT}/{ARCHIVE}#L33"
            in [link.url for link in judged("speed", [tpu, h100]).links])
    assert judged("speed", [tpu]).verdict == NOT_MEASURED
    assert "attention FLOPs differently" in line_text(RULES[("speed", KIND)].text)


def test_the_cost_rule_prices_both_chips_at_gcp_from_one_list(tmp_path):
    tpu, h100 = base_pair()
    finding = judged("cost", everything().rows)
    assert finding.verdict == NOT_MEASURED
    assert lines_of(finding)[0] == "0 of 18 matched pairs priced on GCP (both chips from one price list)"
    assert any("TPU side unpriced: TPU7x (Ironwood) has no on-demand price at GCP" in e for e in lines_of(finding))
    assert any("GPU side unpriced: DGX-B300 is no chip of the reference data" in e for e in lines_of(finding))
    # the answer's sentence: what keeps them unpriced, each chip or system once
    assert finding.facts == UnpricedPairs(priced=0, pairs=18, provider="GCP", no_price=("Ironwood", "GB300", "GB200"),
                                          no_chip=("DGX-B300",), other=())
    # with a price for the TPU (a synthetic row, here only), the cheaper chip per token at GCP decides
    reference = Reference(reference_with_prices(tmp_path, [("TPU7x", "GCP", 5.00, "us-central1"),
                                                           ("H100 SXM", "GCP", 3.85, "us-central1"),
                                                           ("H100 SXM", "Nebius", 1.00)]))
    priced = judged("cost", [tpu, h100], reference)
    # TPU: 5.00 × 10⁹ / (4127.56 × 3600) = $336.49 per billion tokens; H100: 3.85 × 10⁹ / (1664 × 3600) = $642.69
    assert priced.verdict == SUPPORTED
    assert lines_of(priced)[0] == "1 of 1 matched pairs priced on GCP (both chips from one price list)"
    assert lines_of(priced)[1] == (
        "llama3.1-70b on 64 chips, GBS 256, sequence 8192: TPU Ironwood (MaxText) $336.49 per billion tokens at $5.00 "
        "per chip-hour (GCP us-central1, on-demand); GPU DGX-H100 (Megatron-Bridge (NeMo) 26.04.01) $642.69 at $3.85 per "
        "chip-hour (GCP us-central1, on-demand); context, not in the verdict: the GPU's cheapest offer elsewhere, $1.00 "
        "per chip-hour (Nebius test-region, on-demand), is $166.93 per billion tokens [different FP8 recipes (fp8_full "
        "vs FP8)]")
    assert [c.favours for c in priced.comparisons] == ["tpu"] and priced.costed[0].tpu_chip == "TPU7x (Ironwood)"
    dear = judged("cost", [tpu, {**h100, "tokens_per_s_per_chip": 4127.56 * 3.85 / 5.00 * 1.2}], reference)
    assert dear.verdict == CONTRADICTED
    # both chips priced at GCP, the GPU without its host: the sentence gives the pricing's own reason
    from accelbench.core.prices import HAND_FILE

    hostless = reference_with_prices(tmp_path / "hostless", [("TPU7x", "GCP", 5.00, "us-central1"),
                                                             ("H100 SXM", "GCP", 3.85, "us-central1")])
    lines = (hostless / HAND_FILE).read_text().splitlines()
    (hostless / HAND_FILE).write_text("\n".join(line.replace(",yes,", ",no,") if line.startswith("H100 SXM,") else line
                                                for line in lines) + "\n")
    unhosted = judged("cost", [tpu, h100], Reference(hostless))
    assert unhosted.facts.other == (Unpriced(side="GPU", why="no_host", chip="H100 SXM", provider="GCP", tier="on-demand"),)


def test_the_same_release_in_two_files_is_an_error_naming_both(tmp_path):
    summary, archive = imported("megatron-bridge")
    for r in archive["rows"][:1]:
        r["release"] = "26.08"
    with pytest.raises(RunFileError, match="release 26.08 of NVIDIA-NeMo/Megatron-Bridge is also in"):
        load([(tmp_path / "a.json", summary), (tmp_path / "b.json", archive)])


def test_the_command_line_imports_both_megatron_documents_and_prints_their_paths(tmp_path):
    data_dir = tmp_path / "data"
    shutil.copytree(REFERENCE, data_dir / "reference")
    command = [sys.executable, "-m", "accelbench", "--data-dir", str(data_dir), "import", "vendor-training",
               str(FIXTURES / "Megatron-Bridge"), "--document", "megatron-bridge"]
    refused = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert refused.returncode == 2 and "give --commit" in refused.stderr
    out = subprocess.run(command + ["--commit", NVIDIA_COMMIT], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == [str(data_dir / "published" / f"vendor-training-{n}.json") for n in
                                  ("megatron-bridge-performance-summary", "megatron-bridge-performance-summary-archive")]
    assert "docs/performance-summary-archive.md: 45 row(s) from 6 table(s) in releases 25.09, 25.11, 26.04.01, 26.06; " \
           "0 left out" in out.stderr


def test_the_command_line_imports_the_v5p_readmes_and_says_what_it_left_out(tmp_path):
    data_dir = tmp_path / "data"
    shutil.copytree(REFERENCE, data_dir / "reference")
    out = subprocess.run([sys.executable, "-m", "accelbench", "--data-dir", str(data_dir), "import", "vendor-training",
                          str(FIXTURES / "tpu-recipes"), "--document", "v5p", "--commit", GOOGLE_COMMIT],
                         capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == [str(data_dir / "published" / "vendor-training-tpu-recipes-v5p.json")]
    assert "training/v5p: 1 row(s) from 3 step line(s); 3 left out" in out.stderr
    assert "left out training/v5p/Llama2-7B-Maxtext/README.md: line 1: no MaxText step line" in out.stderr


def test_the_committed_files_are_valid_and_agree_with_the_name_table():
    data = load_published(ROOT / "build_data").get(KIND)
    assert data is not None and SOURCES[KIND].vendor and SOURCES[KIND].label == "vendor-reported"
    assert {d["source"]["repository"] for d in data.documents} == {"AI-Hypercomputer/tpu-recipes",
                                                                    "NVIDIA-NeMo/Megatron-Bridge"}
    assert all(r["model_key"] == model_key(r["model"]) for r in data.rows)
    assert {m.key for m in MODEL_NAMES} >= {r["model_key"] for r in data.rows if r["platform"] == "tpu"} - {
        "gemma4-2b", "gemma4-4b", "gemma4-26b", "gemma4-31b", "wan2.1-14b",  # Ironwood: no GPU document has them
        "gemma3-12b", "mistral-7b", "mixtral-8x7b", "llama4-17b-128e"}  # Trillium, v5p: nor these
    assert {r["system"] for r in data.rows if r["platform"] == "tpu"} == {"Ironwood", "Trillium", "TPU v5p"}
    assert json.loads(json.dumps(data.rows[0]))["url"].startswith("https://github.com/")
    # the upstream DeepSeek-V3 recipe sets no MTP: Ironwood bf16 pairs with DGX-GB200 25.11's 'DeepSeekV3 (w/o MTP)'
    pairs, _ = match(data.rows)
    [pair] = [p for p in pairs if p.gpu["model"] == "DeepSeekV3 (w/o MTP)" and p.gpu["system"] == "DGX-GB200"
              and p.tpu["precision"] == "bf16"]
    assert (pair.tpu["tokens_per_s_per_chip"], pair.tpu["chips"], pair.gpu["release"], pair.gpu["tokens_per_s_per_chip"],
            pair.counts) == (2446.25, 256, "25.11", 3139, True)
    assert pair.tpu["recipe"]["path"] == DEEPSEEK_BF16 and pair.tpu["recipe"]["settings"]["mtp_num_layers"]["value"] is None


def test_a_model_mlperf_also_trains_has_mlperfs_name_and_no_other():
    """One model, one name on every chart: a vendor model that is an MLPerf Training benchmark shows
    the benchmark's name (DeepSeek-V3 671B), declared there only; no other shown name repeats one."""
    benchmark_names = {b.name for b in BENCHMARKS.values()}
    linked = [m for m in MODEL_NAMES if m.benchmark]
    assert {m.key for m in linked} >= {"deepseek-v3", "llama3.1-405b"}
    for m in linked:
        assert not m.shown and m.benchmark in BENCHMARKS, m
        assert {shown_name(w) for w in m.written} == {BENCHMARKS[m.benchmark].name}
    assert not [m.shown for m in MODEL_NAMES if m.shown in benchmark_names]
    assert shown_name("DeepSeekV3") == "DeepSeek-V3 671B" and shown_name("GPT OSS 120B") == "gpt-oss-120b"


def test_every_tpu_with_vendor_rows_has_a_pair_or_each_of_its_rows_says_why_not():
    """Trillium and TPU v5p have vendor rows and no pair: every one of their rows is listed with why it pairs
    with nothing (no GPU row of its model; GPU rows of its model at other configurations, named; or its one
    candidate refused), and the page says it."""
    from accelbench.sources.vendor_training.pairs import match, unpaired
    from accelbench.store.published import load_published

    rows = load_published(ROOT / "build_data")["vendor-training"].rows
    pairs, _ = match(rows)
    found = unpaired(rows)
    paired = {p.tpu["system"] for p in pairs}
    tpu_rows = [r for r in rows if r["platform"] == "tpu" and r["system"] not in paired]
    assert {"Trillium", "TPU v5p"} <= {r["system"] for r in tpu_rows} and "Ironwood" in paired
    assert sorted(id(u.tpu) for u in found) == sorted(id(r) for r in tpu_rows)  # each row once, none of a paired chip
    gpu_models = {r["model_key"] for r in rows if r["platform"] == "gpu"}
    for u in found:
        assert (u.code == "no_gpu_model") == (u.tpu["model_key"] not in gpu_models)
        if u.code == "no_gpu_config":
            assert u.near and all(n != (u.tpu["chips"], u.tpu["gbs"], u.tpu["seq_len"]) for n in u.near)
        if u.code == "refused":
            assert u.refusal is not None and u.refusal.tpu is u.tpu
    assert {u.code for u in found} == {"no_gpu_model", "no_gpu_config", "refused"}
