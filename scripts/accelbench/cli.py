"""Command line: accelbench run | validate | status | summary | render."""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from datetime import date
from pathlib import Path

# Nothing imported here may need pandas or the site's packages: `accelbench run` and `summary`
# run on lent accelerator machines that have only the frameworks (tests/test_device_script.py).
from accelbench import cloud
from accelbench.core.profiles import PROFILES
from accelbench.core.profiles import profile as profile_named
from accelbench.core.reference import Reference
from accelbench.core.runfile import RunFileError, measurement_key, read_json, stored_ok_versions
from accelbench.frameworks import detection, hardware
from accelbench.measure import runner, stopping, targets
from accelbench.measure.plan import format_plan, plan, to_measure
from accelbench.measure.stopping import Interrupted, exit_code
from accelbench.sources import SOURCES  # every source, registered
from accelbench.store.summary import summary_lines
from accelbench.store.validation import Validator, validate_files
from accelbench.workloads.discovery import FRAMEWORKS, discover, installed_frameworks
from accelbench.workloads.snippet import SnippetError


def _csv(value: str) -> list[str]:
    return [v.strip() for v in value.split(",") if v.strip()]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="accelbench", description=__doc__)
    parser.add_argument("--data-dir", type=Path, default=Path("build_data"),
                        help="where runs/ and reference/ live (default: build_data)")
    parser.add_argument("--snippets-dir", type=Path, default=Path("snippets"), help="default: snippets")
    sub = parser.add_subparsers(dest="command", required=True)

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
    kinds = imports.add_subparsers(dest="kind", required=True, metavar="SOURCE")
    for source in SOURCES.values():
        importer = source.module("importer")
        one = kinds.add_parser(source.kind, help=f"{source.title} ({source.label})")
        one.add_argument("source", type=Path, help=f"a checkout or git directory of {importer.REPOSITORY}")
        one.add_argument("--repository", help=f"owner/name on GitHub (default: {importer.REPOSITORY})")
        one.add_argument("--commit", default="HEAD", help="the commit to read from a git directory (default: "
                                                          "HEAD); for a plain folder, the full commit it was taken from")
        importer.add_arguments(one)
    catalog = kinds.add_parser("catalog", help="prices per chip-hour from a SkyPilot catalog file (reference data) "
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
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "run" and argv is None:
        stopping.stop_at_once_on_signals()  # until the runner handles them: nothing is stored yet
    if args.command != "summary" and not args.snippets_dir.is_dir():
        print(f"accelbench: snippets folder {args.snippets_dir} does not exist (run from the project, "
              f"or pass --snippets-dir)", file=sys.stderr)
        return 2
    unknown = set(getattr(args, "frameworks", []) or []) - set(FRAMEWORKS)
    if unknown:
        print(f"accelbench: unknown framework(s): {', '.join(sorted(unknown))}", file=sys.stderr)
        return 2
    try:
        code = {"run": cmd_run, "validate": cmd_validate, "status": cmd_status, "summary": cmd_summary,
                "render": cmd_render, "import": cmd_import, "cloud": cmd_cloud,
                "budgets": cmd_budgets}[args.command](args)
    except (SnippetError, targets.CloudError) as exc:
        print(f"accelbench: {exc}", file=sys.stderr)
        return 2
    if args.command == "run" and argv is None and code in stopping.EXIT_CODES.values():
        # stopped by a signal, the run file written: end now, as asked, rather than wait seconds
        # for PyTorch's and JAX's teardown (which has crashed when interrupted)
        stopping.exit_now(code)
    return code


def cmd_run(args) -> int:
    snippets = discover(args.snippets_dir, args.only)
    if args.plan:
        return _print_plan(args, snippets)
    if args.plan_for:
        print("accelbench: --plan-for only goes with --plan", file=sys.stderr)
        return 2

    def report_partial(path: Path) -> None:
        print(path)  # the partial file's path, still printed last (before its summary)
        if args.summary:
            _print_summary(path, args.snippets_dir)

    try:
        path = runner.run(snippets, profile=args.profile, frameworks=args.frameworks, data_dir=args.data_dir,
                          root=Path.cwd(), force=args.force, platforms=args.platforms,
                          time_limit_s=args.time_limit, deadline_s=args.deadline, report_forced_stop=report_partial)
    except Interrupted as exc:
        if exc.path is not None:
            report_partial(exc.path)
        return exit_code(exc.signal_name)
    # the last line is the new run file, or says why there is none
    print(path if path is not None else "no new run file: every planned measurement is already stored")
    if args.summary and path is not None:
        _print_summary(path, args.snippets_dir)
    return 0


def _print_plan(args, snippets) -> int:
    reference = Reference(args.data_dir / "reference")
    if args.plan_for:
        chip = reference.chip_for(args.plan_for)
        if chip is None:
            print(f"accelbench: --plan-for {args.plan_for!r}: no such accelerator in {args.data_dir / 'reference'}",
                  file=sys.stderr)
            return 2
        # memory: the vendor's HBM figure, which is what bounds the sizes planned
        memory = int(float(chip["hbm_gb"]) * 1e9) if chip.get("hbm_gb") else None
        hw = hardware.assumed(args.plan_for, chip["kind"], chip["vendor"].lower(), memory, args.frameworks)
    else:
        hw = detection.detect(args.frameworks)
    prof = profile_named(args.profile)
    items = plan(snippets, hw, args.frameworks, prof, reference, args.platforms)
    if not args.force and not args.plan_for:
        items, cached = to_measure(items, args.data_dir / "runs", lambda msg: print(msg, file=sys.stderr))
        print(f"{cached} measurement(s) already stored are left out (--force to include them)")
    for line in format_plan(items, prof, args.deadline):
        print(line)
    return 0


def cmd_import_catalog(args) -> int:
    """Catalog prices: print each refused row with its file and line, then replace the provider's
    rows (the others kept); nothing is written when the file prices nothing."""
    from accelbench.core.catalog import import_catalog, write_catalog
    from accelbench.core.prices import PriceError

    reference_dir = args.data_dir / "reference"
    if not re.fullmatch(r"[0-9a-f]{40}", args.commit):
        print(f"accelbench: --commit: {args.commit!r} is not a full commit", file=sys.stderr)
        return 2
    try:
        known = {row["chip"] for row in Reference(reference_dir).accelerators}
        excerpt = _repo_relative(args.source) if args.excerpt else None
        imported = import_catalog(args.source, reference_dir, known, provider=args.provider,
                                  repository=args.repository, commit=args.commit, upstream_path=args.path,
                                  excerpt=excerpt, retrieved=args.retrieved, commit_date=args.commit_date)
        for line in imported.refused:
            print(f"refused {line}", file=sys.stderr)
        print(f"{args.provider}: {len(imported.rows)} prices (chip, region, tier), {len(imported.refused)} refused; "
              f"{len(imported.notes)} offers have no spot price", file=sys.stderr)
        print(write_catalog(reference_dir, args.provider, imported.rows))
    except (OSError, PriceError, KeyError) as exc:
        print(f"accelbench: {args.source}: {exc}", file=sys.stderr)
        return 2
    return 0


def _repo_relative(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def cmd_import(args) -> int:
    """Any published source: read it at a commit, print what was left out and why, write its
    validated files (the same bytes for the same commit) and print their paths."""
    from accelbench.sources.git import open_source

    if args.kind == "catalog":
        return cmd_import_catalog(args)
    source_kind = SOURCES[args.kind]
    importer = source_kind.module("importer")
    try:
        problem = importer.check_arguments(args)
        if problem:
            print(f"accelbench: {problem}", file=sys.stderr)
            return 2
        source = open_source(args.source, args.repository or importer.repository(args), args.commit)
        if source.commit is None or not re.fullmatch(r"[0-9a-f]{40}", source.commit):
            print(f"accelbench: {args.source} is a plain folder: give --commit, the full commit it was taken from "
                  f"(every published result names its commit)", file=sys.stderr)
            return 2
        made = importer.import_files(source, args, args.data_dir / "reference")
    except (OSError, ValueError) as exc:
        print(f"accelbench: {args.source}: {exc}", file=sys.stderr)
        return 2
    for published in made:
        for item in published["left_out"]:
            print(f"left out {item['path']}: {item['reason']}", file=sys.stderr)
        print(importer.summary(published), file=sys.stderr)
    for published in made:
        print(source_kind.write(args.data_dir, published))
    return 0


def cmd_render(args) -> int:
    # the site's packages (Altair, vl-convert, nbconvert) only here: a machine that only measures,
    # such as a lent accelerator, has none of them
    from accelbench.prebuild import render_site
    from accelbench.publish.fragments import FragmentError

    try:
        folder = render_site(args.root, args.data_dir, args.snippets_dir, strict=not args.lenient,
                             warn=lambda msg: print(f"accelbench: {msg}", file=sys.stderr),
                             execute_notebooks=not args.no_notebooks)
    except RunFileError as exc:
        print("\n".join(exc.problems), file=sys.stderr)
        return 1
    except FragmentError as exc:
        print(f"accelbench: {exc}", file=sys.stderr)
        return 2
    print(f"rendered {sum(1 for p in folder.rglob('*.md'))} fragment(s) into {folder}")
    return 0


def cmd_cloud(args) -> int:
    if args.cloud_command == "plan":
        reference = Reference(args.data_dir / "reference")
        for target, _path, commands in cloud.plan(args.targets, args.out, args.bucket):
            print(f"# {target.name}: {target.chip} x{target.chips}, {target.runs_text}; "
                  f"{targets.cost_text(target, reference)}"
                  + (f"; {target.note}" if target.note else ""))
            print("\n".join(commands))
        then = "gsutil -m cp -r BUCKET/* cloud-results/ (or aws s3 cp --recursive), then " if args.bucket else ""
        print(f"# when they finish: {then}accelbench cloud collect cloud-results")
        return 0
    collected = cloud.collect(args.source, args.data_dir / "runs",
                              Validator(args.snippets_dir, args.data_dir / "reference"))
    for path in collected.added:
        print(f"added {path}")
    for path in collected.already_stored:
        print(f"already stored: {path}")
    for _, problems in collected.rejected:
        for line in problems:
            print(f"rejected: {line}")
    print(f"{len(collected.added)} added, {len(collected.already_stored)} already stored, "
          f"{len(collected.rejected)} rejected", file=sys.stderr)
    return 1 if collected.rejected else 0


def _run_files(data_dir: Path) -> list[Path]:
    return sorted((data_dir / "runs").glob("*.json"))


def cmd_validate(args) -> int:
    files = args.files or _run_files(args.data_dir)
    problems = validate_files(files, Validator(args.snippets_dir, args.data_dir / "reference"))
    for line in problems:
        print(line)
    bad = len({line.split(": ", 1)[0] for line in problems})
    print(f"{len(files) - bad} of {len(files)} run file(s) valid", file=sys.stderr)
    return 1 if problems else 0


def cmd_status(args) -> int:
    snippets = discover(args.snippets_dir)
    hw = detection.detect(args.frameworks)
    items = plan(snippets, hw, args.frameworks, profile_named(args.profile), platforms=args.platforms)
    stored = stored_ok_versions(args.data_dir / "runs", lambda msg: print(msg, file=sys.stderr))
    counts: dict[tuple, Counter] = {}
    for item in items:
        device = item.device.name if item.device else "-"
        bucket = counts.setdefault((item.snippet.workload, item.framework, device), Counter())
        if item.skip:
            bucket["skipped"] += 1
            continue
        hashes = stored.get(measurement_key(item.snippet.workload, item.params, item.framework, device), set())
        bucket["current" if item.snippet.hash_for(item.framework) in hashes else "stale" if hashes else "missing"] += 1
    print(f"profile {args.profile}; data in {args.data_dir}")
    for (workload, framework, device), c in counts.items():
        state = "current" if c["current"] and not (c["stale"] or c["missing"]) else \
            "stale" if c["stale"] else "missing" if c["missing"] else "skipped"
        detail = ", ".join(f"{n} {k}" for k, n in c.items())
        print(f"{workload:<20} {framework:<6} {device:<45} {state:<8} ({detail})")
    return 0


def cmd_summary(args) -> int:
    """Best headline figure per workload, framework and series (dtype, op, variant...), with the
    fraction of peak and energy where recorded; then failures. Runs on the lent device too."""
    try:
        return _print_summary(args.file, args.snippets_dir)
    except RunFileError as exc:
        print("\n".join(exc.problems), file=sys.stderr)
    except (KeyError, TypeError, AttributeError, ValueError) as exc:
        print(f"{args.file}: not a run file this version can summarise ({type(exc).__name__}: {exc}); "
              f"run `accelbench validate {args.file}`", file=sys.stderr)
    return 1


def cmd_budgets(args) -> int:
    """Calibrate the plan: each group's recorded wall_s over its budget_s, then the totals."""
    from accelbench.measure.budgets import calibrate, format_calibration
    from accelbench.store.summary import swept_params

    try:
        runs = [read_json(path) for path in args.files]
    except (OSError, RunFileError) as exc:
        print("\n".join(getattr(exc, "problems", None) or [f"accelbench: {exc}"]), file=sys.stderr)
        return 1
    for line in format_calibration(calibrate(runs, swept_params(args.snippets_dir))):
        print(line)
    return 0


def _print_summary(path: Path, snippets_dir: Path) -> int:
    for line in summary_lines(read_json(path), Path(path), snippets_dir):
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
