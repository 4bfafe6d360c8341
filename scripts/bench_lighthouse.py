"""Lighthouse's mobile scores (its default throttling) for the built site, served from 127.0.0.1
as a reader's browser would load it: performance and accessibility per page, with the figures
behind performance (largest contentful paint, total blocking time, the HTML's bytes). A benchmark
that prints figures, not a test: scores move with the machine.

    make bench-lighthouse            # builds site/, then scores the pages below
    python scripts/bench_lighthouse.py --site site index.html guide.html
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import subprocess
import tempfile
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LIGHTHOUSE = ROOT / "scripts" / "lighthouse" / "node_modules" / ".bin" / "lighthouse"
PAGES = ["index.html", "article/comparison.html", "guide.html", "published/vendor_training.html"]
FLAGS = "--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update"


class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def score(url: str, out: Path) -> dict:
    env = {**os.environ, "CHROME_PATH": os.environ.get("CHROME_PATH", "/usr/bin/chromium")}
    subprocess.run([str(LIGHTHOUSE), url, "--quiet", "--output=json", f"--output-path={out}",
                    "--only-categories=performance,accessibility", f"--chrome-flags={FLAGS}"],
                   check=True, env=env, timeout=600)
    report = json.loads(out.read_text())
    audits = report["audits"]
    return {"performance": round(report["categories"]["performance"]["score"] * 100),
            "accessibility": round(report["categories"]["accessibility"]["score"] * 100),
            "lcp_ms": round(audits["largest-contentful-paint"]["numericValue"]),
            "tbt_ms": round(audits["total-blocking-time"]["numericValue"]),
            "html_kb": round(next((i["transferSize"] for i in audits["network-requests"]["details"]["items"]
                                   if i["url"] == url), 0) / 1024)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("pages", nargs="*", default=PAGES)
    args = parser.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(args.site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    print(f"{'page':40} {'perf':>5} {'a11y':>5} {'LCP ms':>7} {'TBT ms':>7} {'HTML KB':>8}")
    with tempfile.TemporaryDirectory() as tmp:
        for page in args.pages:
            got = score(base + page, Path(tmp) / "report.json")
            print(f"{page:40} {got['performance']:>5} {got['accessibility']:>5} {got['lcp_ms']:>7} {got['tbt_ms']:>7} "
                  f"{got['html_kb']:>8}")
    server.shutdown()


if __name__ == "__main__":
    main()
