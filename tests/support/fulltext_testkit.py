"""Content WARCs with known words for the full-text tests: an HTML page declaring its charset in
a meta tag, a latin-1 page declaring it only in the HTTP header, a PDF made here, plain text; and
a later job whose captures of the same payloads are revisits (with the crawl.log that names
their originals, as the harvester writes it)."""
from __future__ import annotations

import io
import os

from index_testkit import Cap, digest_of, write_metadata
from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

HTML_UTF8 = ("<!DOCTYPE html><html lang=\"da\"><head><meta charset=\"utf-8\"><title>Rødgrød med fløde</title>"
             "<meta name=\"description\" content=\"En side om dansk mad\">"
             "<style>.hidden { color: red }</style><script>var secretword = 'javascriptonly';</script></head>"
             "<body><h1>Velkommen</h1><p>Æbleskiver og flæskesteg er klassisk julemad.</p>"
             "<p>The quick brown fox jumps over the lazy dog.</p>"
             "<a href=\"/other\">Link til opskrifter</a></body></html>")
HTML_LATIN1 = ("<html><head><title>Café crème</title></head><body><p>Le garçon a mangé une crêpe à "
               "Besançon.</p></body></html>")
TEXT = "Plain words: a readme about zanzibar archives.\n"
PDF_WORDS = "Quarterly harvest report of the national library"


def make_pdf(text: str, title: str = "Harvest report") -> bytes:
    """A one-page PDF whose page shows ``text`` in Helvetica (written by hand: the xref offsets
    are computed, so any PDF reader opens it)."""
    stream = f"BT /F1 12 Tf 72 720 Td ({text}) Tj ET".encode("latin-1")
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R /Lang (en) >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
        b"/Resources << /Font << /F1 5 0 R >> >> >>",
        b"<< /Length " + str(len(stream)).encode() + b" >>\nstream\n" + stream + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
        b"<< /Title (" + title.encode("latin-1") + b") >>",
    ]
    out = io.BytesIO()
    out.write(b"%PDF-1.4\n")
    offsets = []
    for i, body in enumerate(objects, 1):
        offsets.append(out.tell())
        out.write(f"{i} 0 obj\n".encode() + body + b"\nendobj\n")
    xref = out.tell()
    out.write(f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode())
    for off in offsets:
        out.write(f"{off:010d} 00000 n \n".encode())
    out.write(f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R /Info 6 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode())
    return out.getvalue()


def site(host: str = "www.example.dk") -> list[tuple[str, str, bytes]]:
    """(url, Content-Type, payload) of the test site."""
    return [
        (f"http://{host}/", "text/html", HTML_UTF8.encode("utf-8")),
        (f"http://{host}/fr.html", "text/html; charset=iso-8859-1", HTML_LATIN1.encode("latin-1")),
        (f"http://{host}/report.pdf", "application/pdf", make_pdf(PDF_WORDS)),
        (f"http://{host}/readme.txt", "text/plain", TEXT.encode("ascii")),
        (f"http://{host}/logo.png", "image/png", b"\x89PNG\r\n\x1a\n" + b"\0" * 64),
    ]


def write_job(folder: str, job: int, day: int, pages: list[tuple[str, str, bytes]],
              originals: dict[str, Cap] | None = None) -> list[Cap]:
    """The job's content WARC and metadata WARC in ``folder``; a page whose payload is among
    ``originals`` (by URL, same digest) is written as a revisit naming it. Returns the captures."""
    name = f"{job}-1-202401{day:02d}000000000-00001-test.warc.gz"
    caps = []
    with open(os.path.join(folder, name), "wb") as fh:
        w = WARCWriter(fh, gzip=True, warc_version="1.1")
        for i, (url, ctype, payload) in enumerate(pages):
            ts = f"202401{day:02d}1200{i:02d}"
            date = f"2024-01-{day:02d}T12:00:{i:02d}Z"
            digest = digest_of(payload)
            offset = fh.tell()
            orig = (originals or {}).get(url)
            http = StatusAndHeaders("200 OK", [("Content-Type", ctype), ("Content-Length", str(len(payload)))],
                                    protocol="HTTP/1.1")
            if orig is not None and orig.digest == digest:
                rec = w.create_revisit_record(url, digest, orig.url, f"2024-01-{orig.ts[6:8]}T12:00:{orig.ts[12:14]}Z",
                                              http_headers=http)
                rec.rec_headers.replace_header("WARC-Date", date)
                cap = Cap(url, ts, ctype.split(";")[0], 200, digest, len(payload), name, offset,
                          revisit_of=(orig.file, orig.offset, orig.ts))
            else:
                rec = w.create_warc_record(url, "response", payload=io.BytesIO(payload), length=len(payload),
                                           http_headers=http, warc_headers_dict={"WARC-Date": date})
                cap = Cap(url, ts, ctype.split(";")[0], 200, digest, len(payload), name, offset)
            w.write_record(rec)
            caps.append(cap)
    write_metadata(os.path.join(folder, f"{job}-metadata-1.warc.gz"), job, caps)
    return caps
