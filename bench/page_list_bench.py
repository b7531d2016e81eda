"""A job's page list (index server ``job_pages``; docs/decisions/job-page-list.md): how long the
list takes to make from a job's sorted CDX, its size beside the CDX, and how long a page of 100
takes to read at the start, deep inside, and narrowed by a host prefix.

Run: ``bash bench/run.sh page_list`` (or ``.venv/bin/python bench/page_list_bench.py [--captures N]``).
Synthetic job: ``N`` captures over 997 hosts, half of them HTML pages, 50 seeds. The machine may be
shared: ``uptime`` is printed with the figures.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from server.index import page_list  # noqa: E402
from shared.warc.surt import surt  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--captures", type=int, default=1_000_000)
    n = ap.parse_args().captures
    folder = tempfile.mkdtemp(prefix="page-list-bench-")
    try:
        cdx = os.path.join(folder, "cdx.cdxj")
        lines = []
        for i in range(n):
            html = i % 2 == 0
            url = f"http://www.site{i % 997}.dk/path/{i}/" + ("index.html" if html else "img.jpg")
            fields = {"url": url, "mime": "text/html" if html else "image/jpeg", "status": "200",
                      "filename": "1-1-x.warc.gz", "offset": str(i)}
            lines.append(f"{surt(url)} 20240101000000 {json.dumps(fields)}\n")
        lines.sort()
        with open(cdx, "w", encoding="utf-8") as fh:
            fh.writelines(lines)
        del lines
        out = os.path.join(folder, page_list.PAGES)
        started = time.perf_counter()
        pages = page_list.make(cdx, [f"http://www.site{k}.dk/" for k in range(50)], [], out)
        print(f"made the list of {pages:,} pages from {n:,} captures in {time.perf_counter() - started:.2f} s; "
              f"pages.tsv {os.path.getsize(out) / 2**20:.0f} MiB beside a {os.path.getsize(cdx) / 2**20:.0f} MiB CDX")
        for prefix, offset in (("", 0), ("", pages - 1000), ("site5.dk", 0)):
            started = time.perf_counter()
            total, rows = page_list.read(out, page_list.prefix_key(prefix), offset, 100)
            print(f"a page of {len(rows)} (prefix {prefix!r}, offset {offset:,}, {total:,} matching): "
                  f"{time.perf_counter() - started:.3f} s")
        print("uptime:", subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip())
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
