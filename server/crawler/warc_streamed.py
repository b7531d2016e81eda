"""The records of a spooled (large) capture or of a revisit, written through warcio.

A spooled body streams from its file through warcio's writer; a revisit's head is warcio's too.
Small captures archived as responses, ``dns:`` records and warcinfo are built directly in
warc_writer.py (the same bytes: tests/unit/crawler/test_warc_writer.py), which imports this
module only when a unit needs it: a crawl that never does starts without warcio.
"""
from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from io import BytesIO

from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import GzippingWrapper, WARCWriter

from server.crawler.http_client import Capture
from server.crawler.warc_writer import GZIP_LEVEL, sha1_digest, warc_date, zlib

_COPY_CHUNK = 256 * 1024


class _WireHead(StatusAndHeaders):
    """HTTP head bytes exactly as exchanged: warcio must not rebuild them from parsed fields."""

    def __init__(self, raw: bytes):
        first = raw.split(b"\r\n", 1)[0].decode("latin-1") or "-"
        super().__init__(first, [], protocol="")
        self.headers_buff = raw

    def compute_headers_buffer(self, header_filter=None) -> None:  # noqa: D102 - keep raw bytes
        return None


class _Gzip(GzippingWrapper):
    """One gzip member per record at zlib's default level (6, as Heritrix's Java writer), not
    warcio's 9: several times faster for about the same size."""

    def __init__(self, out):
        self.compressor = zlib.compressobj(GZIP_LEVEL, zlib.DEFLATED, zlib.MAX_WBITS + 16)
        self.out = out


class _Writer(WARCWriter):
    # Payload digests only where a payload exists (responses and dns records).
    NO_PAYLOAD_DIGEST_TYPES = ("warcinfo", "revisit", "metadata", "request")

    def __init__(self, fh, make_id: Callable[[], str], clock: Callable[[], datetime]):
        super().__init__(fh, gzip=False, warc_version="1.1")  # gzip: our own wrapper, in write_record
        self._make_id = make_id
        self._clock = clock

    def write_record(self, record, params=None) -> None:
        self._write_warc_record(_Gzip(self.out), record)

    @staticmethod
    def _iter_stream(stream):
        while True:  # large reads: a spooled body of hundreds of MB is copied in few calls
            buf = stream.read(_COPY_CHUNK)
            if not buf:
                return
            yield buf

    def _make_warc_id(self) -> str:  # type: ignore[override]
        return self._make_id()

    def curr_warc_date(self) -> str:
        return warc_date(self._clock())


def write_streamed_unit(fh, capture: Capture, payload_digest: str, metadata: list[tuple[str, str]],
                        revisit_of: tuple[str, str] | None, ids: tuple[str, str, str],
                        make_id: Callable[[], str], clock: Callable[[], datetime]) -> tuple[int, str]:
    """Request, response (or revisit) and metadata records of one capture, written through
    warcio to ``fh``; returns the main record's offset in ``fh`` and the records' WARC-Date."""
    w = _Writer(fh, make_id, clock)
    request_id, response_id, metadata_id = ids
    date = warc_date(datetime.fromtimestamp(capture.started, UTC))
    # WARC-Type first, as readers of raw files expect; warcio replaces it in place.
    common = {"WARC-Type": "", "WARC-Target-URI": capture.url, "WARC-Date": date}
    if capture.ip:
        common["WARC-IP-Address"] = capture.ip
    request = w.create_warc_record(
        capture.url, "request", payload=BytesIO(b""), length=0, http_headers=_WireHead(capture.request),
        warc_headers_dict={**common, "WARC-Record-ID": request_id, "WARC-Concurrent-To": response_id,
                           "WARC-Block-Digest": sha1_digest(capture.request)})
    body = None
    if revisit_of is None:
        block_digest = capture.block_sha1 or sha1_digest(capture.head + capture.body)
        headers = {**common, "WARC-Record-ID": response_id, "WARC-Block-Digest": block_digest,
                   "WARC-Payload-Digest": payload_digest}
        if capture.truncated:
            headers["WARC-Truncated"] = capture.truncated
        body = capture.open_body()  # a spooled body streams from its file
        main = w.create_warc_record(capture.url, "response", payload=body, length=capture.body_size,
                                    http_headers=_WireHead(capture.head), warc_headers_dict=headers)
    else:
        main = w.create_revisit_record(
            capture.url, payload_digest, revisit_of[0], revisit_of[1], http_headers=_WireHead(capture.head),
            warc_headers_dict={**common, "WARC-Record-ID": response_id,
                               "WARC-Block-Digest": sha1_digest(capture.head)})
        main.payload_length = 0
    w.write_record(request)
    offset = fh.tell()
    try:
        w.write_record(main)
    finally:
        if body is not None:
            body.close()
    text = "".join(f"{k}: {v}\r\n" for k, v in metadata).encode("utf-8")
    w.write_record(w.create_warc_record(
        capture.url, "metadata", payload=BytesIO(text), length=len(text),
        warc_headers_dict={"WARC-Type": "", "WARC-Target-URI": capture.url, "WARC-Date": date,
                           "WARC-Record-ID": metadata_id, "WARC-Concurrent-To": response_id,
                           "WARC-Block-Digest": sha1_digest(text)},
        warc_content_type="application/warc-fields"))
    return offset, date
