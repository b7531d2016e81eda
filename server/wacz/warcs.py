"""Checking a WARC file made elsewhere before it is archived: it must parse to its end with
warcio, every record must be whole (as long as its Content-Length; a gzip file's every member
complete), every block digest it states must be right, and a ``.warc.gz`` must be gzipped record
by record (the archive reads single records by offset). Payload digests are not checked: wget,
warcio and other tools take them over the chunk framing of chunked responses, which WARC 1.1 does
not (the records are still intact; only the block digest says that).
"""
from __future__ import annotations

import dataclasses
import os

from shared.errors import InvalidWarc

SUFFIXES = (".warc.gz", ".warc")


@dataclasses.dataclass(frozen=True)
class WarcFacts:
    records: int
    responses: int
    first_date: str
    suffix: str


def suffix_of(name: str) -> str:
    for s in SUFFIXES:
        if name.lower().endswith(s):
            return s
    raise InvalidWarc(f"{name}: not a WARC file (the name must end in .warc or .warc.gz)", {"file": name})


def check_warc(path: str, name: str | None = None) -> WarcFacts:
    """The facts of a good WARC file; InvalidWarc naming the file, the offset and the reason
    for anything else."""
    from warcio.archiveiterator import ArchiveIterator

    name = name or os.path.basename(path)
    suffix = suffix_of(name)
    with open(path, "rb") as fh:
        head = fh.read(4)
        if not head:
            raise InvalidWarc(f"{name} is empty", {"file": name, "offset": 0})
        gz = head[:2] == b"\x1f\x8b"
        if gz != (suffix == ".warc.gz"):
            raise InvalidWarc(f"{name}: the name says {suffix} but the content is "
                              f"{'gzip' if gz else 'not gzip'}", {"file": name, "offset": 0})
        if not gz and not head.startswith(b"WARC"):
            raise InvalidWarc(f"{name} is not a WARC file (it starts with {head!r})", {"file": name, "offset": 0})
        members = _members(fh, name) if gz else None
        fh.seek(0)
        records = responses = 0
        first_date = ""
        offset = 0
        it = ArchiveIterator(fh, no_record_parse=True, check_digests="collect")
        try:
            for record in it:
                offset = it.offset
                if record.rec_headers.protocol not in ("WARC/1.0", "WARC/1.1"):
                    raise InvalidWarc(f"{name}: the record at offset {offset} is {record.rec_headers.protocol}, "
                                      "not WARC/1.0 or 1.1", {"file": name, "offset": offset})
                declared = int(record.rec_headers.get_header("Content-Length") or 0)
                got = 0
                while chunk := record.raw_stream.read(1 << 16):
                    got += len(chunk)
                if got < declared:
                    raise InvalidWarc(f"{name}: the record at offset {offset} is cut short ({got} of {declared} "
                                      "bytes)", {"file": name, "offset": offset})
                bad = [p for p in record.digest_checker.problems if p.startswith("block digest failed")]
                if bad:
                    raise InvalidWarc(f"{name}: the record at offset {offset} is damaged ({bad[0]})",
                                      {"file": name, "offset": offset})
                records += 1
                responses += record.rec_type == "response"
                first_date = first_date or (record.rec_headers.get_header("WARC-Date") or "")
        except InvalidWarc:
            raise
        except Exception as exc:  # noqa: BLE001 - warcio and zlib raise many kinds; all mean a bad file
            if "non-chunked gzip" in str(exc):
                raise _whole_gzip(name) from None
            raise InvalidWarc(f"{name}: not a readable WARC file (record at offset {offset}): "
                              f"{exc.__class__.__name__}: {exc}", {"file": name, "offset": offset}) from None
    if records == 0:
        raise InvalidWarc(f"{name} holds no WARC record", {"file": name, "offset": 0})
    if members is not None and members < records:
        raise _whole_gzip(name)
    return WarcFacts(records, responses, first_date, suffix)


def _whole_gzip(name: str) -> InvalidWarc:
    return InvalidWarc(f"{name} is not gzipped record by record (the archive reads single records by offset): "
                       "recompress it with `warcio recompress`", {"file": name, "offset": 0})


def _members(fh, name: str) -> int:
    """How many gzip members; InvalidWarc for a cut-off one (warcio reads those without a word)."""
    from shared.warc.cdx import iter_gzip_members

    fh.seek(0)
    try:
        return sum(1 for _ in iter_gzip_members(fh, head_limit=0))
    except InvalidWarc as exc:
        details = exc.details if isinstance(exc.details, dict) else {}
        raise InvalidWarc(f"{name}: {exc.message}", {**details, "file": name}) from None
    except Exception as exc:  # noqa: BLE001 - zlib's errors: a damaged file
        raise InvalidWarc(f"{name}: damaged gzip data: {exc}", {"file": name}) from None
