"""The two jobs the desktop's archive browser is tested on: a front page over https on a named
host (Chromium never sends loopback hosts through a proxy), with one image archived and one not.

- job 1 (2024-01-01): the front page (``PAGE``: title "front", ``/img.png`` and
  ``/not-archived.png``) and ``/img.png``; its seeds are the front page and ``NEVER`` (a seed the
  crawl never captured), so its page list starts with them;
- job 2 (2024-06-01): a second version of the front page (``PAGE_TWO``) and a revisit of
  ``/img.png`` (the same payload, deduplicated as the harvester does: its crawl.log names job 1's
  record, so a session on job 2 alone shows the image).
"""
from __future__ import annotations

import os

from viewer_testkit import PAGE, PNG, WarcBuilder, crawl_log_line, metadata_warc, sha1_digest

HOST = "www.viewer-test.dk"
FRONT = f"https://{HOST}/"
IMAGE = f"https://{HOST}/img.png"
NOT_ARCHIVED = f"https://{HOST}/not-archived.png"
NEVER = f"https://{HOST}/never-captured"
JOB_ONE, JOB_TWO = 1, 2
WHEN_ONE, WHEN_TWO = "2024-01-01T10:00:00Z", "2024-06-01T10:00:00Z"
PAGE_TWO = (b"<!doctype html><html><head><title>front</title></head><body><h1>Front page, second version</h1>"
            b"<img src='/img.png'></body></html>")


def build(files: str) -> list[str]:
    """Write the jobs' WARCs and metadata WARCs into ``files``; answer their paths (to store)."""
    one = WarcBuilder(os.path.join(files, f"{JOB_ONE}-1-20240101100000-00000-browser.warc.gz"))
    one.response(FRONT, WHEN_ONE, PAGE)
    image_offset = one.response(IMAGE, WHEN_ONE, PNG, "image/png")
    one_path = one.close()
    two = WarcBuilder(os.path.join(files, f"{JOB_TWO}-1-20240601100000-00000-browser.warc.gz"))
    two.response(FRONT, WHEN_TWO, PAGE_TWO)
    two.revisit(IMAGE, WHEN_TWO, sha1_digest(PNG))
    two_path = two.close()
    crawl_log = crawl_log_line(IMAGE, "20240601100000", 200, len(PNG), "image/png", sha1_digest(PNG),
                               f'duplicate:"{os.path.basename(one_path)},{image_offset},20240101100000"')
    return [one_path, two_path,
            metadata_warc(os.path.join(files, f"{JOB_ONE}-metadata-1.warc.gz"), JOB_ONE, [one_path],
                          seeds=[FRONT, NEVER]),
            metadata_warc(os.path.join(files, f"{JOB_TWO}-metadata-1.warc.gz"), JOB_TWO, [two_path], crawl_log)]
