"""Benchmark: how long the site build takes with many stored run files.

Generates N synthetic run files (host label 'synthetic-benchmark', clearly not measurements)
in a temporary directory, builds the site from them and from an empty data directory, and
prints both times. Nothing is written into build_data/.

    .venv/bin/python scripts/bench_site_build.py --runs 200
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from accelbench.core.runfile import write_atomic
from accelbench.measure.timing import summarize
from accelbench.workloads.discovery import snippet_hashes

ROOT = Path(__file__).resolve().parents[1]
DEVICES = [("Synthetic GPU A", "gpu"), ("Synthetic GPU B", "gpu"), ("Synthetic TPU", "tpu"), ("Synthetic CPU", "cpu")]


def synthetic_run(i: int, hashes: dict[tuple[str, str], str]) -> dict:
    device, platform = DEVICES[i % len(DEVICES)]
    records = []
    for fw in ("torch", "jax"):
        for n in (256, 512, 1024, 2048, 4096, 8192):
            for dtype in ("float32", "bfloat16"):
                t = 2 * n**3 / (50e12 * (1 + i % 7)) + 1e-6
                samples = [t * (1 + 0.01 * k) for k in range(10)]
                records.append({"workload": "matmul", "snippet_hash": hashes[("matmul", fw)], "framework": fw, "device": device,
                                "platform": platform, "params": {"n": n, "dtype": dtype}, "status": "ok", "reason": None,
                                "samples_s": samples, "calls_per_sample": 1, "stats": summarize(samples),
                                "metrics": {"tflops": 2 * n**3 / summarize(samples)["median_s"] / 1e12, "compile_s": 0.5}})
        for mib in (1, 16, 256):
            t = 2 * mib * 2**20 / 1e12
            samples = [t * (1 + 0.01 * k) for k in range(10)]
            records.append({"workload": "memory_bandwidth", "snippet_hash": hashes[("memory_bandwidth", fw)], "framework": fw,
                            "device": device, "platform": platform, "params": {"op": "copy", "mib": mib}, "status": "ok",
                            "reason": None, "samples_s": samples, "calls_per_sample": 1, "stats": summarize(samples),
                            "metrics": {"gbps": 2 * mib * 2**20 / summarize(samples)["median_s"] / 1e9, "compile_s": 0.1}})
    return {"schema_version": 1, "run_id": f"20260101T{i // 3600:02d}{i // 60 % 60:02d}{i % 60:02d}Z-synthetic-{i:08d}",
            "created_at": f"2026-01-01T{i // 3600:02d}:{i // 60 % 60:02d}:{i % 60:02d}Z", "finished_at": None,
            "profile": "full", "complete": True, "interrupted_by": None,
            "environment": {"host": "synthetic-benchmark", "os": "Linux", "cpu_model": "Synthetic CPU", "cpu_cores": 8,
                            "python": "3.11", "versions": {"torch": "0.0-synthetic", "jax": "0.0-synthetic"}},
            "devices": [{"framework": "torch", "platform": platform, "name": device, "count": 1}],
            "code": {"git_commit": None, "dirty": None}, "records": records}


def build(data_dir: Path, site_dir: Path, notebooks: bool) -> float:
    env = {**os.environ, "ACCELBENCH_DATA_DIR": str(data_dir), "NO_MKDOCS_2_WARNING": "1",
           "ACCELBENCH_EXECUTE_NOTEBOOKS": "true" if notebooks else "false"}
    start = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(site_dir)],
                         cwd=ROOT, env=env, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if out.returncode != 0:
        raise SystemExit(f"build failed:\n{out.stderr}")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--notebooks", action="store_true", help="also execute the notebooks, as a real build does")
    args = parser.parse_args()
    hashes = snippet_hashes(ROOT / "snippets")
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        empty, full = tmp / "empty", tmp / "full"
        for d in (empty, full):
            (d / "runs").mkdir(parents=True)
            shutil.copytree(ROOT / "build_data" / "reference", d / "reference")
        for i in range(args.runs):
            write_atomic(full / "runs" / f"synthetic-{i:04d}.json", synthetic_run(i, hashes))
        size = sum(p.stat().st_size for p in (full / "runs").iterdir())
        records = args.runs * len(synthetic_run(0, hashes)["records"])
        times = {name: sorted(build(d, tmp / f"site-{name}", args.notebooks) for _ in range(args.repeats))
                 for name, d in (("empty", empty), ("full", full))}
    print(f"{args.runs} synthetic run files, {records} records, {size / 2**20:.1f} MiB; "
          f"notebooks {'executed' if args.notebooks else 'not executed'}; median of {args.repeats} builds")
    for name, values in times.items():
        print(f"  {name:>5}: {values[len(values) // 2]:.2f} s  (min {values[0]:.2f}, max {values[-1]:.2f})")
    print(f"  cost of the runs: {times['full'][len(times['full']) // 2] - times['empty'][len(times['empty']) // 2]:+.2f} s")


if __name__ == "__main__":
    main()
