"""Lighthouse's mobile scores (its default throttling) for the built site, served from 127.0.0.1
as a reader's browser would load it: performance and accessibility per page, with the figures
behind performance (largest contentful paint, total blocking time, the HTML's bytes as sent). A
benchmark that prints figures, not a test: scores move with the machine.

Text is sent gzip-compressed, as the hosts that publish such sites send it (GitHub Pages, Read the
Docs, Netlify); ``--no-gzip`` sends every file as it lies on disk, as Python's http.server does.

    make bench-lighthouse            # builds site/, then scores the pages below
    python scripts/bench_lighthouse.py --site site index.html guide.html
"""

from __future__ import annotations

import argparse
import functools
import gzip
import io
import json
import os
import subprocess
import tempfile
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
LIGHTHOUSE = ROOT / "scripts" / "lighthouse" / "node_modules" / ".bin" / "lighthouse"
PAGES = ["index.html", "article/comparison.html", "guide.html", "estimator.html", "published/vendor_training.html"]
FLAGS = "--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update"


COMPRESSED = (".html", ".css", ".js", ".json", ".svg", ".xml", ".txt", ".csv")


class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


class Gzipped(Quiet):
    """Sends a text file gzip-compressed to a browser that accepts it, as static hosts do."""

    def send_head(self):
        slash = urlsplit(self.path).path.endswith("/")
        path = Path(self.translate_path(self.path))
        if path.is_dir() and slash:
            path = path / "index.html"
        elif path.is_dir() or slash:  # the parent's answers: a redirect to the folder's slash, or a 404
            return super().send_head()
        if not path.is_file() or path.suffix not in COMPRESSED or "gzip" not in self.headers.get("Accept-Encoding", ""):
            return super().send_head()
        body = _gzipped(path)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)  # do_GET copies the body from it


@functools.cache
def _gzipped(path: Path) -> bytes:
    return gzip.compress(path.read_bytes(), compresslevel=6)


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
            "cls": round(audits["cumulative-layout-shift"]["numericValue"], 3),
            "html_kb": round(next((i["transferSize"] for i in audits["network-requests"]["details"]["items"]
                                   if i["url"] == url), 0) / 1024),
            # what costs accessibility points: the audits of that category that failed
            "a11y_failed": [ref["id"] for ref in report["categories"]["accessibility"]["auditRefs"]
                            if ref["weight"] and audits[ref["id"]]["score"] is not None and audits[ref["id"]]["score"] < 1]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--no-gzip", action="store_true", help="send files uncompressed")
    parser.add_argument("pages", nargs="*", default=PAGES)
    args = parser.parse_args()
    handler = Quiet if args.no_gzip else Gzipped
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(args.site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    print(f"served from {base} ({'uncompressed' if args.no_gzip else 'text gzip-compressed'})")
    print(f"{'page':40} {'perf':>5} {'a11y':>5} {'LCP ms':>7} {'TBT ms':>7} {'CLS':>6} {'HTML KB':>8}  "
          "accessibility audits failed")
    with tempfile.TemporaryDirectory() as tmp:
        for page in args.pages:
            got = score(base + page, Path(tmp) / "report.json")
            print(f"{page:40} {got['performance']:>5} {got['accessibility']:>5} {got['lcp_ms']:>7} {got['tbt_ms']:>7} "
                  f"{got['cls']:>6} {got['html_kb']:>8}  {' '.join(got['a11y_failed'])}")
    server.shutdown()


if __name__ == "__main__":
    main()
