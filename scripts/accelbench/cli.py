"""Command line: accelbench run | validate | summary | import | render | cloud | status | budgets | sources |
refresh."""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

# Nothing imported here may need pandas or the site's packages: `accelbench run` and `summary`
# run on lent accelerator machines that have only the frameworks (tests/test_device_script.py).
from accelbench import cloud
from accelbench.cli_arguments import add_commands
from accelbench.core.profiles import profile as profile_named
from accelbench.core.reference import Reference
from accelbench.core.runfile import RunFileError, read_json
from accelbench.frameworks import detection, hardware
from accelbench.measure import runner, stopping, targets
from accelbench.measure.plan import format_plan, plan, stored_status, to_measure
from accelbench.measure.stopping import Interrupted, exit_code
from accelbench.sources import SOURCES  # every source, registered
from accelbench.store.summary import summary_lines
from accelbench.store.validation import Validator, validate_files
from accelbench.workloads.discovery import FRAMEWORKS, discover
from accelbench.workloads.snippet import SnippetError


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="accelbench", description=__doc__)
    parser.add_argument("--data-dir", type=Path, default=Path("build_data"),
                        help="where runs/ and reference/ live (default: build_data)")
    parser.add_argument("--snippets-dir", type=Path, default=Path("snippets"), help="default: snippets")
    add_commands(parser.add_subparsers(dest="command", required=True))  # each command's arguments
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
                "budgets": cmd_budgets, "sources": cmd_sources, "refresh": cmd_refresh}[args.command](args)
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
        hw = hardware.assumed(args.plan_for, chip["platform"], chip["vendor"].lower(), memory, args.frameworks)
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

    if args.source_name == "catalog":
        return cmd_import_catalog(args)
    registered = SOURCES[args.source_name]
    importer = registered.module("importer")
    try:
        problem = importer.check_arguments(args)
        if problem:
            print(f"accelbench: {problem}", file=sys.stderr)
            return 2
        source = open_source(args.source, args.repository or importer.repository(args), args.commit, args.listing)
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
        print(registered.write(args.data_dir, published))
    return 0


def cmd_sources(args) -> int:
    """Every pin, checked against upstream where the network allows; offline, said so. Exit 0 either way:
    a source behind upstream is news, not an error."""
    from accelbench.sources.upstream import check, pins, table

    found = pins(args.data_dir)
    print(table(check(found, None) if args.offline else check(found)))
    return 0


def _judgement_data(snippets_dir: Path):
    """data_dir -> the judgement's public data, as the build would publish it."""
    def made(data_dir: Path) -> dict:
        from accelbench.judge.judgement import as_data, judge
        from accelbench.registry import REGISTRY
        from accelbench.store.published import load_published
        from accelbench.store.store import load_store

        return as_data(judge(load_store(data_dir, snippets_dir), load_published(data_dir), Reference(data_dir / "reference"),
                             REGISTRY.rules))
    return made


def cmd_refresh(args) -> int:
    """Each named (or refreshable) published file imported again at upstream's newest commit; its changes in words."""
    from accelbench.judge.changes import changes, moved_sources
    from accelbench.publish.wording.changes import lines, sources_line
    from accelbench.sources.refresh import CACHE, RefreshError, refresh, refreshable

    names = [args.name] if args.name else [p.name for p in refreshable(args.data_dir)]
    status = 0
    for name in names:
        try:
            done = refresh(args.data_dir, name, _judgement_data(args.snippets_dir), args.upstream, args.cache or CACHE)
        except (RefreshError, OSError, ValueError) as exc:
            print(f"accelbench: {name}: {exc}", file=sys.stderr)
            status = 2
            continue
        if not done.written:
            print(f"{name}: current at {done.newest[:12]}")
            continue
        print(f"{name}: {done.pin.commit[:12]} → {done.newest[:12]}; earlier figures kept in "
              + ", ".join(str(p) for p in done.kept))
        for said in [*sources_line(moved_sources(done.before, done.after)), *lines(changes(done.before, done.after))]:
            print(f"- {said}")
    return status


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
        from accelbench.publish.wording.measured import task_cost  # the reproduce page's words for the bound

        reference = Reference(args.data_dir / "reference")
        for target, _path, commands in cloud.plan(args.targets, args.out, args.bucket):
            print(f"# {target.name}: {target.chip} x{target.chips}, {target.runs_text}; "
                  f"{task_cost(targets.cost_bound(target, reference), reference.prices.as_of)}"
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
    items = plan(discover(args.snippets_dir), detection.detect(args.frameworks), args.frameworks,
                 profile_named(args.profile), platforms=args.platforms)
    status = stored_status(items, args.data_dir / "runs", lambda msg: print(msg, file=sys.stderr))
    print(f"profile {args.profile}; data in {args.data_dir}")
    for (workload, framework, device), (state, counts) in status.items():
        detail = ", ".join(f"{n} {k}" for k, n in counts.items())
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
