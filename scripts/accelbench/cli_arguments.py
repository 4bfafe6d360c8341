"""The arguments of every command of the command line (cli.py runs them): run, validate, summary,
import (one subcommand per published source, and catalog), render, cloud (plan, collect), status
and budgets, each with its help."""

from __future__ import annotations

from datetime import date
from pathlib import Path

# Nothing imported here may need pandas or the site's packages: `accelbench run` and `summary`
# run on lent accelerator machines that have only the frameworks (tests/test_device_script.py).
from accelbench.core.profiles import PROFILES
from accelbench.measure import targets
from accelbench.sources import SOURCES  # every source, registered
from accelbench.workloads.discovery import FRAMEWORKS, installed_frameworks


def _csv(value: str) -> list[str]:
    return [v.strip() for v in value.split(",") if v.strip()]


def add_commands(sub) -> None:
    """Every command's subparser, on the command line's ``add_subparsers`` action ``sub``."""
    profiles_help = "; ".join(f"{p.name}: {p.description}" for p in PROFILES.values())
    run = sub.add_parser("run", help="measure what is missing for this machine; print the run file's path last")
    run.add_argument("--profile", choices=list(PROFILES), default="quick", help=profiles_help)
    run.add_argument("--only", type=_csv, help="comma-separated workload ids, run in the order given")
    installed = installed_frameworks()
    run.add_argument("--frameworks", type=_csv, default=installed,
                     help=f"any of {','.join(FRAMEWORKS)} (default: those installed in this environment)")
    run.add_argument("--platforms", type=_csv,
                     help="cpu,gpu,tpu (default: the accelerators if there are any, else the CPU)")
    run.add_argument("--force", action="store_true", help="measure again even if a current result is stored")
    run.add_argument("--time-limit", type=float, metavar="SECONDS",
                     help="per measurement, after which it is recorded as failed: timeout (default: "
                          + ", ".join(f"{p.time_limit_s:g} {p.name}" for p in PROFILES.values()) + "; 0 for none)")
    run.add_argument("--deadline", type=float, metavar="SECONDS",
                     help="seconds from now after which no measurement starts; the rest are recorded as "
                          "skipped (out of time), and one whose time budget does not fit is skipped before it starts")
    run.add_argument("--plan", action="store_true",
                     help="print every planned measurement with its time budget and the total; measure nothing")
    run.add_argument("--plan-for", metavar="DEVICE",
                     help="with --plan: plan for this accelerator instead of this machine's devices "
                          "(a name from build_data/reference, e.g. 'NVIDIA H200' or 'TPU v5 lite')")
    run.add_argument("--summary", action="store_true", help="after the run file's path, print its summary table")

    validate = sub.add_parser("validate", help="check run files; one line per problem naming file and field")
    validate.add_argument("files", nargs="*", type=Path, help="default: every file in DATA_DIR/runs")

    summary = sub.add_parser("summary", help="headline figures of one run file, as a short table")
    summary.add_argument("file", type=Path)

    imports = sub.add_parser("import", help="results published by others -> DATA_DIR/published/*.json, from a "
                                             "fetched git directory at a commit (one subcommand per source)")
    # the source's name (args.source is the checkout it is read from)
    sources = imports.add_subparsers(dest="source_name", required=True, metavar="SOURCE")
    for source in SOURCES.values():
        importer = source.module("importer")
        one = sources.add_parser(source.kind, help=f"{source.title} ({source.label})")
        one.add_argument("source", type=Path, help=f"a checkout or git directory of {importer.REPOSITORY}")
        one.add_argument("--repository", help=f"owner/name on GitHub (default: {importer.REPOSITORY})")
        one.add_argument("--commit", default="HEAD", help="the commit to read from a git directory (default: "
                                                          "HEAD); for a plain folder, the full commit it was taken from")
        one.add_argument("--listing", type=Path, metavar="FILE",
                         help="a repository that cannot be fetched: FILE lists its paths ('path<TAB>commit' per "
                              "line) and SOURCE holds copies of some of them; a listed file without a copy is "
                              "absent, as in a snapshot without its largest files (needs --commit)")
        importer.add_arguments(one)
    catalog = sources.add_parser("catalog", help="prices per chip-hour from a SkyPilot catalog file (reference data) "
                                               "-> DATA_DIR/reference/catalog_prices.csv, replacing that provider's")
    catalog.add_argument("source", type=Path, help="a vms.csv of skypilot-org/skypilot-catalog, or rows copied from one")
    catalog.add_argument("--provider", required=True, help="the cloud as pages name it: GCP, AWS, Azure, Lambda, ...")
    catalog.add_argument("--commit", required=True, help="the full commit the file was read at")
    catalog.add_argument("--path", required=True, help="the file's path in the catalog (catalogs/v7/gcp/vms.csv)")
    catalog.add_argument("--repository", default="skypilot-org/skypilot-catalog")
    catalog.add_argument("--excerpt", action="store_true", help="SOURCE holds rows copied from the file, not the "
                                                                 "whole file: the catalog's line numbers are unknown")
    catalog.add_argument("--retrieved", default=date.today().isoformat(), help="the day it was read (default: today)")
    catalog.add_argument("--commit-date", default="", help="the commit's date, where known (never guessed)")

    render = sub.add_parser("render", help="write every fragment the pages include into generated/ "
                                           "(before `mkdocs build` or `zensical build`)")
    render.add_argument("--root", type=Path, default=Path("."), help="the folder of mkdocs.yml (default: .)")
    render.add_argument("--lenient", action="store_true", help="leave invalid run files out with a warning "
                                                                "instead of failing")
    render.add_argument("--no-notebooks", action="store_true", help="convert the notebooks without executing them")

    cloud_ = sub.add_parser("cloud", help="SkyPilot tasks that run the full profile on many accelerators, "
                                          "and the collection of their run files")
    cloud_sub = cloud_.add_subparsers(dest="cloud_command", required=True)
    cloud_plan = cloud_sub.add_parser("plan", help="write one SkyPilot task per target under cloud/ and print how to launch them")
    cloud_plan.add_argument("--targets", type=_csv, required=True, help=f"comma-separated, from: {', '.join(targets.TARGETS)}")
    cloud_plan.add_argument("--bucket", help="results location: a bucket URL (gs://..., s3://...) every task copies its "
                                       "run file into, launched as managed jobs; default: each cluster's workdir, "
                                       "copied home with rsync")
    cloud_plan.add_argument("--out", type=Path, default=Path("cloud"), help="where the task files go (default: cloud)")
    collect = cloud_sub.add_parser("collect", help="validate the run files in a folder and add the valid ones to "
                                                   "DATA_DIR/runs (invalid ones are reported, never copied)")
    collect.add_argument("source", type=Path, help="a folder of run files (cloud-results/, or a bucket copied down)")

    status = sub.add_parser("status", help="per workload, framework and device: stored, stale or missing")
    status.add_argument("--profile", choices=list(PROFILES), default="quick")
    status.add_argument("--frameworks", type=_csv, default=installed)
    status.add_argument("--platforms", type=_csv)

    budgets = sub.add_parser("budgets", help="per workload, framework and variant: the time measurements took "
                                             "(wall_s) over the plan's budget for them (budget_s)")
    budgets.add_argument("files", nargs="+", type=Path, help="run files (their ratios are summed together)")

    sources = sub.add_parser("sources", help="each published source and price catalog with its pinned commit and "
                                             "date, and, with a network, upstream's newest commit on the same path "
                                             "(stale when behind)")
    sources.add_argument("--offline", action="store_true", help="list the pins without asking upstream")
    refresh = sub.add_parser("refresh", help="import a published source again at upstream's newest commit on its path, "
                                             "keep the earlier file as history and print the judgement's changes")
    refresh.add_argument("name", nargs="?", help="a published file's name as `accelbench sources` lists it (default: "
                                                  "every one a source can import again)")
    refresh.add_argument("--upstream", help="the repository's git address (default: GitHub; a local folder works)")
    refresh.add_argument("--cache", type=Path, help="where upstream is fetched (default: ~/.cache/accelbench/git)")
