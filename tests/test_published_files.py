"""Committed published files regenerate byte for byte: each one, read and written back through its
source's writer, is the same bytes; and a round imported with its keys built in another order (as
the MLPerf Training importer builds a result's files before its runs) writes the committed bytes
too, so a re-import from the same source changes nothing."""

import json

import pytest

from accelbench.core.runfile import read_json
from accelbench.sources import SOURCES
from accelbench.sources.mlperf_training.format import write

from conftest import ROOT

PUBLISHED = sorted((ROOT / "build_data" / "published").glob("*.json"))


def shuffled(value):
    """VALUE with every object's keys reversed, a system file's own software list kept as it came."""
    if isinstance(value, list):
        return [shuffled(item) for item in value]
    if isinstance(value, dict):
        return {k: (v if k == "software" else shuffled(v)) for k, v in reversed(value.items())}
    return value


@pytest.mark.parametrize("path", PUBLISHED, ids=lambda p: p.name)
def test_every_committed_published_file_writes_back_byte_for_byte(tmp_path, path):
    data = read_json(path)
    written = SOURCES[data["kind"]].write(tmp_path, data)
    assert written.name == path.name
    assert written.read_bytes() == path.read_bytes()


@pytest.mark.parametrize("path", [p for p in PUBLISHED if p.name.startswith("mlperf-training-")], ids=lambda p: p.name)
def test_an_mlperf_training_round_built_in_another_order_writes_the_committed_bytes(tmp_path, path):
    data = read_json(path)
    reordered = {**shuffled(data), **{key: list(reversed(shuffled(data[key])))
                                      for key in ("benchmarks", "results", "left_out", "entered") if key in data}}
    assert json.dumps(reordered) != json.dumps(data)
    assert write(tmp_path, reordered).read_bytes() == path.read_bytes()
