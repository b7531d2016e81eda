"""The CDX index of a job set: the jobs' CDXJ lines (pywb's format, sorted), merged; the
11-field CDX (`` CDX N b a m s k r M S V g``) made from it on request."""
from __future__ import annotations

import json
import os

from shared.warc import sorting

FORMAT = "cdxj"
CDXJ, CDX11 = "index.cdxj", "index.cdx"
CDX11_HEADER = " CDX N b a m s k r M S V g\n"


def build(directory: str, job_cdx_files: list[str], base_dir: str | None = None) -> dict:
    """Merge sorted CDXJ files (and the base set's merged file) into ``index.cdxj``."""
    inputs = ([os.path.join(base_dir, CDXJ)] if base_dir else []) + job_cdx_files
    n = sorting.merge_files(inputs, os.path.join(directory, CDXJ)) if inputs else 0
    return {"format": FORMAT, "entries": n}


def cdx11_line(line: str) -> str | None:
    key, _, rest = line.partition(" ")
    ts, _, data = rest.partition(" ")
    try:
        d = json.loads(data)
    except ValueError:
        return None
    digest = (d.get("digest") or "-").split(":")[-1]
    fields = (key, ts, d.get("url", "-"), d.get("mime") or "-", str(d.get("status") or "-"), digest,
              d.get("redirect") or "-", "-", str(d.get("length", "-")), str(d.get("offset", "-")),
              d.get("filename", "-"))
    return " ".join(str(f).replace(" ", "%20") for f in fields) + "\n"


def ensure_cdx11(directory: str) -> str:
    """``index.cdx`` beside ``index.cdxj`` (same order: both sort by SURT and time)."""
    out = os.path.join(directory, CDX11)
    if not os.path.exists(out):
        tmp = out + ".part"
        with open(os.path.join(directory, CDXJ), encoding="utf-8") as src, open(tmp, "w", encoding="utf-8") as dst:
            dst.write(CDX11_HEADER)
            for line in src:
                converted = cdx11_line(line)
                if converted:
                    dst.write(converted)
        os.replace(tmp, out)
    return out
