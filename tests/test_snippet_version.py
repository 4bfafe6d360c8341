"""A snippet's version is the code it measures (accelbench.workloads.versions): a title, a chart, a
table, a plan estimate, a comment or a docstring changes no version; a measured function changes the
version of the framework that runs it, and only that one; records from before measured-code
versions count as current where the code they measured is today's."""

import shutil

import pytest

from accelbench.store.store import load_store
from accelbench.workloads.discovery import discover, snippet_hashes
from accelbench.workloads.versions import is_current, legacy_versions, measured_version

from conftest import SNIPPETS, make_record, make_run, new_data_dir, write_run

FRAMEWORKS = ("torch", "jax", "tensorflow")


@pytest.fixture
def snippets(tmp_path):
    folder = tmp_path / "snippets"
    shutil.copytree(SNIPPETS, folder)
    return folder


def insert_after(path, line_start, text):
    """Insert ``text`` (whole lines) after the one line of ``path`` that starts with ``line_start``."""
    lines = path.read_text().splitlines(keepends=True)
    [at] = [i for i, line in enumerate(lines) if line.startswith(line_start)]
    path.write_text("".join(lines[: at + 1] + [text] + lines[at + 1:]))


def replace_line(path, line_start, line):
    lines = path.read_text().splitlines(keepends=True)
    [at] = [i for i, old in enumerate(lines) if old.startswith(line_start)]
    path.write_text("".join(lines[:at] + [line + "\n"] + lines[at + 1:]))


def changed(before, after):
    """The (workload, framework) whose version differs."""
    return {key for key in before if before[key] != after[key]}


@pytest.mark.parametrize("edit", [
    pytest.param(lambda d: replace_line(d / "matmul.py", "TITLE = ", 'TITLE = "Matrix products, retitled"'), id="title"),
    pytest.param(lambda d: replace_line(d / "matmul.py", "CLAIM = ", 'CLAIM = "Another sentence."'), id="claim"),
    pytest.param(lambda d: insert_after(d / "matmul.py", "CHART = {", '         "note": "a chart setting",\n'), id="chart"),
    pytest.param(lambda d: replace_line(d / "matmul.py", "TABLE = ", 'TABLE = {"metrics": ["tflops"]}'), id="table"),
    pytest.param(lambda d: insert_after(d / "matmul.py", "def setup_s(", "    params = dict(params)\n"), id="plan estimate"),
    pytest.param(lambda d: insert_after(d / "matmul.py", "def priority(", "    params = dict(params)\n"), id="priority"),
    pytest.param(lambda d: insert_after(d / "matmul.py", "def torch_case(", "    # a comment in measured code\n"),
                 id="comment"),
    pytest.param(lambda d: insert_after(d / "matmul.py", "def jax_case(", '    """A docstring of measured code."""\n'),
                 id="docstring"),
    pytest.param(lambda d: insert_after(d / "tensorflow" / "matmul.py", "def tensorflow_case(", "\n    # and a blank line\n"),
                 id="companion comment"),
    pytest.param(lambda d: replace_line(d / "transformer_train.py", "RUN_ORDER = ", "RUN_ORDER = 7"), id="run order"),
])
def test_what_is_not_measured_code_changes_no_version(snippets, edit):
    before = snippet_hashes(snippets)
    edit(snippets)
    assert changed(before, snippet_hashes(snippets)) == set()


@pytest.mark.parametrize(("edit", "stale"), [
    pytest.param(lambda d: insert_after(d / "matmul.py", "def torch_case(", "    params = dict(params)\n"),
                 {("matmul", "torch")}, id="torch case"),
    pytest.param(lambda d: insert_after(d / "matmul.py", "def jax_case(", "    params = dict(params)\n"),
                 {("matmul", "jax")}, id="jax case"),
    pytest.param(lambda d: insert_after(d / "tensorflow" / "matmul.py", "def tensorflow_case(", "    params = dict(params)\n"),
                 {("matmul", "tensorflow")}, id="companion case"),
    pytest.param(lambda d: insert_after(d / "matmul.py", "def check_indices(", "    n = int(n)\n"),
                 {("matmul", fw) for fw in FRAMEWORKS}, id="helper every framework calls"),
    pytest.param(lambda d: insert_after(d / "matmul.py", "def flops(", "    params = dict(params)\n"),
                 {("matmul", fw) for fw in FRAMEWORKS}, id="work function"),
    pytest.param(lambda d: insert_after(d / "transformer_train.py", "def jax_logits(", "    cfg = dict(cfg)\n"),
                 {("transformer_train", "jax"), ("data_parallel", "jax")}, id="function a USES snippet runs"),
    pytest.param(lambda d: insert_after(d / "data_parallel.py", "def torch_worker(", "    world = int(world)\n"),
                 {("data_parallel", "torch")}, id="worker process"),
])
def test_a_measured_function_changes_its_own_frameworks_version_only(snippets, edit, stale):
    before = snippet_hashes(snippets)
    edit(snippets)
    assert changed(before, snippet_hashes(snippets)) == stale


def test_a_declared_version_replaces_the_code_as_asv_version_does(snippets):
    path = snippets / "matmul.py"
    before = {fw: measured_version(path, fw) for fw in FRAMEWORKS}
    insert_after(path, "WORKLOAD = ", 'VERSION = {"torch": "2"}\n')
    declared = {fw: measured_version(path, fw) for fw in FRAMEWORKS}
    assert declared["torch"] != before["torch"] and {fw: declared[fw] for fw in ("jax", "tensorflow")} == {
        fw: before[fw] for fw in ("jax", "tensorflow")}
    insert_after(path, "def torch_case(", "    params = dict(params)\n")
    assert measured_version(path, "torch") == declared["torch"]  # the code changed, the declared version did not


def test_a_framework_without_a_case_has_no_version(snippets):
    (snippets / "tensorflow" / "matmul.py").unlink()
    assert measured_version(snippets / "matmul.py", "tensorflow") is None
    assert ("matmul", "tensorflow") not in snippet_hashes(snippets)


def stored(tmp_path, snippets, records):
    data_dir = new_data_dir(tmp_path)
    write_run(data_dir, make_run(records=records))
    latest = load_store(data_dir, snippets).latest("matmul")
    return {fw: bool(stale) for fw, stale in zip(latest["framework"], latest["stale"], strict=True)}


def test_stored_results_stay_current_after_a_title_and_only_the_edited_frameworks_go_stale(tmp_path, snippets):
    versions = snippet_hashes(snippets)
    records = [make_record(framework=fw, snippet_hash=versions[("matmul", fw)]) for fw in FRAMEWORKS]
    replace_line(snippets / "matmul.py", "TITLE = ", 'TITLE = "Matrix products, retitled"')
    assert stored(tmp_path / "a", snippets, records) == dict.fromkeys(FRAMEWORKS, False)
    insert_after(snippets / "matmul.py", "def jax_case(", "    params = dict(params)\n")
    assert stored(tmp_path / "b", snippets, records) == {"torch": False, "jax": True, "tensorflow": False}


def test_a_whole_file_hash_counts_only_where_the_code_it_measured_is_todays():
    legacy = {"old-same-code": "v-now", "old-other-code": "v-before"}
    assert is_current("v-now", "v-now", legacy) and is_current("old-same-code", "v-now", legacy)
    assert not is_current("old-other-code", "v-now", legacy) and not is_current("unknown", "v-now", legacy)
    assert not is_current("old-same-code", None, legacy)  # the workload or framework is gone


def test_the_committed_legacy_table_is_read_through_the_store_and_the_plan(tmp_path):
    """A record with a whole-file hash of a revision whose matmul code is today's is current, in the
    store and for `accelbench run` and `status`; one whose code differed is stale."""
    today = snippet_hashes(SNIPPETS)[("matmul", "jax")]
    table = legacy_versions(SNIPPETS)[("matmul", "jax")]
    same = [old for old, version in table.items() if version == today]
    other = [old for old, version in table.items() if version != today]
    assert same and other, "the table knows revisions with today's code and with older code"
    records = [make_record(framework="jax", snippet_hash=same[0]),
               make_record(framework="jax", snippet_hash=other[0], params={"n": 512, "dtype": "float32"})]
    data_dir = new_data_dir(tmp_path)
    write_run(data_dir, make_run(records=records))
    latest = load_store(data_dir, SNIPPETS).latest("matmul")
    assert dict(zip(latest["snippet_hash"], latest["stale"].astype(bool), strict=True)) == {same[0]: False, other[0]: True}
    [matmul] = discover(SNIPPETS, ["matmul"])
    assert matmul.is_current("jax", [other[0], same[0]]) and not matmul.is_current("jax", [other[0]])
    assert not matmul.is_current("torch", [today])  # a version is per framework
