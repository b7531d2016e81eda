"""Reading a job's metadata WARC (``<job>-metadata-<n>.warc.gz``, made by the harvester): its
crawl.log record and its CDX records, streamed line by line (a crawl.log may be larger than
memory). Anything that is not a readable WARC is an InvalidWarc naming the file and the offset."""
from __future__ import annotations

import os
import re
from collections.abc import Callable

from shared.errors import InvalidWarc

CRAWL_LOG = re.compile(r"/crawl/logs/crawl\.log(\?|$)")
CDX = re.compile(r"/crawl/index/cdx(\?|$)")
CHUNK = 1 << 20
METADATA_NAME = re.compile(r"^(?P<job>\d+)-metadata-\d+\.w?arc(\.gz)?$")


def job_of(name: str) -> int | None:
    m = METADATA_NAME.match(name)
    return int(m.group("job")) if m else None


def read(path: str, on_crawl_lines: Callable[[list[str]], None], on_cdx_lines: Callable[[list[str]], None],
         name: str | None = None, small: re.Pattern[str] | None = None,
         on_small: Callable[[str, bytes], None] | None = None) -> tuple[int, int]:
    """Feed the crawl.log lines and the CDX lines of the metadata file ``path`` to the two
    callbacks, in batches (each line ends in a newline; blank lines are left out); returns how
    many records of each kind the file held. Records whose target URI matches ``small`` (the
    seeds, a page list: short) are handed whole to ``on_small(uri, payload)``. Raises InvalidWarc."""
    from warcio.archiveiterator import ArchiveIterator

    name = name or os.path.basename(path)
    logs = cdxs = 0
    offset = 0
    try:
        with open(path, "rb") as fh:
            head = fh.read(4)
            fh.seek(0)
            if not head:
                raise InvalidWarc(f"{name} is empty", {"file": name, "offset": 0})
            if head[:2] != b"\x1f\x8b" and not head.startswith(b"WARC") and not head[:1].isalnum():
                raise InvalidWarc(f"{name} is not a WARC file (it starts with {head!r})", {"file": name, "offset": 0})
            it = ArchiveIterator(fh, arc2warc=True)
            for record in it:
                offset = getattr(it, "offset", offset)  # get_record_offset() would read the record
                uri = record.rec_headers.get_header("WARC-Target-URI") or ""
                if CRAWL_LOG.search(uri):
                    logs += 1
                    target = on_crawl_lines
                elif CDX.search(uri):
                    cdxs += 1
                    target = on_cdx_lines
                elif small is not None and on_small is not None and small.search(uri):
                    on_small(uri, record.content_stream().read())
                    continue
                else:
                    continue
                stream = record.content_stream()
                declared = int(record.rec_headers.get_header("Content-Length") or -1)
                got = 0
                rest = b""
                while True:
                    chunk = stream.read(CHUNK)
                    if not chunk:
                        break
                    got += len(chunk)
                    data = rest + chunk
                    cut = data.rfind(b"\n") + 1
                    rest = data[cut:]
                    if cut:
                        target([line + "\n" for line in data[:cut].decode("utf-8", "replace").split("\n")
                                if line.strip()])
                if rest.strip():
                    target([rest.decode("utf-8", "replace").rstrip("\n") + "\n"])
                if 0 <= got < declared:
                    raise InvalidWarc(f"{name}: the record at offset {offset} is cut short ({got} of {declared} "
                                      "bytes)", {"file": name, "offset": offset})
            if head[:2] == b"\x1f\x8b":
                _check_gzip_members(fh, name)
    except InvalidWarc:
        raise
    except Exception as exc:  # noqa: BLE001 - warcio and zlib raise many kinds; all mean a bad file
        raise InvalidWarc(f"{name}: not a readable WARC file (record at offset {offset}): "
                          f"{exc.__class__.__name__}: {exc}", {"file": name, "offset": offset}) from None
    return logs, cdxs


def _check_gzip_members(fh, name: str) -> None:
    """warcio reads a cut-off gzip file without complaint: every member must be whole."""
    from shared.warc.cdx import iter_gzip_members

    fh.seek(0)
    for _ in iter_gzip_members(fh, head_limit=0):
        pass
