"""Text of an archived payload, for full-text search: HTML (visible text without scripts and
styles, title, meta description, the anchor text of links, the declared language), plain text
and PDF, decoded by the declared charset, else the one found in the bytes.

Everything is bounded, because an archive holds whatever the web served: at most
``max_input`` bytes are read, at most ``max_text`` characters kept, and the work on one document
stops at ``seconds`` (what was extracted by then is kept and ``truncated`` says so). A payload
that cannot be read (a broken PDF, a format we do not read) gives an empty text, never an error:
indexing goes on with the capture's URL and metadata.
"""
from __future__ import annotations

import codecs
import dataclasses
import io
import logging
import re
import time
from html import unescape

log = logging.getLogger(__name__)

MAX_TEXT = 1_000_000            # characters of text kept per document
MAX_INPUT = 20 * 1024 * 1024    # bytes of payload read per document
SECONDS = 10.0                  # time per document

HTML_TYPES = ("text/html", "application/xhtml+xml")
PDF_TYPES = ("application/pdf", "application/x-pdf")
TEXT_TYPES = ("text/plain", "text/csv", "text/markdown")

_META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9_.:-]+)""", re.I)
_XML_ENCODING = re.compile(rb"""^\s*<\?xml[^>]+encoding\s*=\s*["']([A-Za-z0-9_.:-]+)""", re.I)
_SPACE = re.compile(r"\s+")


@dataclasses.dataclass
class Extracted:
    """What a payload says, in words."""

    text: str = ""
    title: str = ""
    description: str = ""
    anchors: str = ""          # the text of the page's links, joined
    language: str = ""
    charset: str = ""          # what the bytes were decoded as ("" for PDF and empty payloads)
    truncated: bool = False    # a limit (size or time) cut the text short


def media_type(content_type: str | None) -> str:
    """``text/html`` of ``Text/HTML; charset=UTF-8``."""
    return (content_type or "").split(";", 1)[0].strip().lower()


def declared_charset(content_type: str | None) -> str:
    """The ``charset`` parameter of a Content-Type header, if any."""
    for part in (content_type or "").split(";")[1:]:
        key, _, value = part.partition("=")
        if key.strip().lower() == "charset":
            return value.strip().strip("\"'")
    return ""


def is_textual(mime: str) -> bool:
    """Whether a payload of this media type holds text we extract."""
    return mime in HTML_TYPES or mime in PDF_TYPES or mime in TEXT_TYPES


def extract(payload: bytes, content_type: str | None, *, max_text: int = MAX_TEXT, max_input: int = MAX_INPUT,
            seconds: float = SECONDS) -> Extracted:
    """The text of ``payload`` served as ``content_type`` (a Content-Type header value)."""
    mime = media_type(content_type)
    deadline = time.monotonic() + seconds
    cut = len(payload) > max_input
    data = payload[:max_input]
    if mime in PDF_TYPES or (not mime and data.startswith(b"%PDF-")):
        out = _pdf(data, max_text, deadline)
    elif mime in HTML_TYPES:
        out = _html(data, declared_charset(content_type), max_text, deadline)
    elif mime in TEXT_TYPES or mime.startswith("text/"):
        charset, text = decode(data, declared_charset(content_type))
        out = Extracted(text=_clip(_SPACE.sub(" ", text).strip(), max_text), charset=charset,
                        truncated=len(text) > max_text)
    else:
        return Extracted()
    out.truncated = out.truncated or cut
    return out


# -- charsets -----------------------------------------------------------------------------------
def _codec(name: str) -> str:
    """Python's name for a charset label, or "" when Python does not know it. Browsers read
    ISO-8859-1 as windows-1252 (the WHATWG encoding standard), and so do we."""
    try:
        found = codecs.lookup(name.strip()).name
    except (LookupError, ValueError):
        return ""
    return "cp1252" if found in ("latin-1", "iso8859-1", "ascii") and name.lower() not in ("ascii", "us-ascii") \
        else found


def sniff_charset(data: bytes) -> str:
    """The charset the bytes declare themselves: a byte-order mark, an XML declaration, or an
    HTML ``<meta charset>`` / ``http-equiv`` in the first 4 KiB."""
    for bom, name in ((codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16")):
        if data.startswith(bom):
            return name
    head = data[:4096]
    m = _XML_ENCODING.match(head) or _META_CHARSET.search(head)
    return m.group(1).decode("ascii", "replace") if m else ""


def decode(data: bytes, declared: str = "") -> tuple[str, str]:
    """(charset, text): by the header's charset, else the one the bytes declare, else the one
    charset-normalizer finds (UTF-8 when it finds none). Undecodable bytes become U+FFFD."""
    for name in (sniff_charset(data) if data[:3] == codecs.BOM_UTF8 else "", declared, sniff_charset(data)):
        codec = _codec(name) if name else ""
        if codec:
            return codec, data.decode(codec, errors="replace").lstrip("\ufeff")
    try:
        data.decode("utf-8")
        return "utf-8", data.decode("utf-8").lstrip("\ufeff")
    except UnicodeDecodeError:
        pass
    from charset_normalizer import from_bytes

    best = from_bytes(data[:200_000]).best()
    codec = _codec(best.encoding) if best is not None else ""
    codec = codec or "utf-8"
    return codec, data.decode(codec, errors="replace")


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit]


# -- HTML ---------------------------------------------------------------------------------------
class _Visible:
    """Collects the visible text, the title, the description, anchor texts and the language,
    from the tags and text ``_feed`` finds."""

    HIDDEN = frozenset({"script", "style", "noscript", "template", "svg", "head", "object", "iframe"})
    BREAKS = frozenset({"p", "div", "br", "li", "tr", "td", "th", "h1", "h2", "h3", "h4", "h5", "h6", "section",
                        "article", "header", "footer", "nav", "pre", "blockquote", "dt", "dd", "table", "ul", "ol"})

    def __init__(self, max_text: int):
        self.max_text = max_text
        self.parts: list[str] = []
        self.size = 0
        self.hidden = 0
        self.in_title = False
        self.title: list[str] = []
        self.anchor_depth = 0
        self.anchors: list[str] = []
        self.anchors_size = 0
        self.description = ""
        self.language = ""
        self.full = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: (v or "") for k, v in attrs}
        if tag == "html" and not self.language:
            self.language = (a.get("lang") or a.get("xml:lang") or "").strip()[:35]
        elif tag == "meta":
            name = (a.get("name") or a.get("property") or "").lower()
            if name in ("description", "og:description") and not self.description:
                self.description = _SPACE.sub(" ", a.get("content", "")).strip()[:2000]
            elif (a.get("http-equiv") or "").lower() == "content-language" and not self.language:
                self.language = a.get("content", "").split(",")[0].strip()[:35]
        elif tag == "title":
            self.in_title = True
        if tag in self.HIDDEN and tag != "head":
            self.hidden += 1
        elif tag == "a":
            self.anchor_depth += 1
        if tag in self.BREAKS:
            self._add(" ")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        # <script/> opens nothing: only its attributes count
        if tag in self.HIDDEN:
            return
        self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        if tag == "title":
            self.in_title = False
        elif tag in self.HIDDEN and tag != "head":
            self.hidden = max(0, self.hidden - 1)
        elif tag == "a":
            self.anchor_depth = max(0, self.anchor_depth - 1)
        if tag in self.BREAKS:
            self._add(" ")

    def handle_data(self, data: str) -> None:
        if self.in_title:
            self.title.append(data)
            return
        if self.hidden:
            return
        if self.anchor_depth and self.anchors_size < 100_000:  # a running sum: summing the list was quadratic
            self.anchors.append(data)
            self.anchors_size += len(data)
        self._add(data)

    def _add(self, data: str) -> None:
        if self.full:
            return
        self.parts.append(data)
        self.size += len(data)
        if self.size > self.max_text:
            self.full = True


#: One token of HTML: text, a comment (to the end when unclosed), an end tag, a start tag
#: (quoted attribute values may hold ">" and "<"; when a quote is never closed, the tag ends at
#: the next ">"), a declaration or processing instruction, or a "<" that starts none of these
#: (text). Outside quotes a tag never spans a "<", and the quantifiers are possessive, so a tag
#: that fails to match stops at the next "<" without backtracking: hostile markup ("<b<b<b…",
#: two megabytes of it) is read in linear time.
_TOKEN = re.compile(r"""
      (?P<text>[^<]++)
    | <!--.*?(?:-->|\Z)
    | </(?P<end>[a-zA-Z][^\s/><]*+)[^>]*+>?
    | <(?P<tag>[a-zA-Z][^\s/><]*+)(?P<attrs>(?:[^>"'<]++|"[^"]*+"|'[^']*+')*+)>
    | <(?P<tag2>[a-zA-Z][^\s/><]*+)(?P<attrs2>[^><]*+)>
    | <[!?/][^>]*+>?
    | <
    """, re.S | re.X)
_ATTR = re.compile(r"""([^\s=/>][^\s=>]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?""")
#: Elements whose content is raw text up to their end tag (html.parser's CDATA_CONTENT_ELEMENTS).
_RAW_END = {name: re.compile(rf"</\s*{name}\s*>", re.I) for name in ("script", "style")}
#: The only elements whose attributes the extractor reads.
_ATTR_TAGS = frozenset({"html", "meta"})
_CLOCK_EVERY = 64  # tokens between looks at the clock


def _attrs(text: str) -> list[tuple[str, str | None]]:
    out = []
    for m in _ATTR.finditer(text):
        value = m.group(2) if m.group(2) is not None else m.group(3) if m.group(3) is not None else m.group(4)
        out.append((m.group(1).lower(), unescape(value) if value is not None else None))
    return out


def _feed(parser: _Visible, markup: str, deadline: float) -> bool:
    """Hand ``markup``'s tags and text to ``parser``; True when it stopped early (the text is
    full or the deadline passed). One regular expression walks the document: html.parser's
    token-by-token Python read python3-doc's HTML at 4.7 MB/s."""
    pos, end, count = 0, len(markup), 0
    while pos < end:
        for m in _TOKEN.finditer(markup, pos):
            count += 1
            if count % _CLOCK_EVERY == 0 and (parser.full or time.monotonic() > deadline):
                return True
            kind = m.lastgroup
            if kind == "text":
                text = m.group("text")
                parser.handle_data(unescape(text) if "&" in text else text)
            elif kind == "end":
                parser.handle_endtag(m.group("end").lower())
            elif kind == "attrs" or kind == "attrs2":
                name = m.group("tag" if kind == "attrs" else "tag2").lower()
                body = m.group(kind)
                attrs = _attrs(body) if name in _ATTR_TAGS else []
                if body.endswith("/"):
                    parser.handle_startendtag(name, attrs)
                    continue
                parser.handle_starttag(name, attrs)
                raw = _RAW_END.get(name)
                if raw is not None:  # a script's or style's content is no text: skip to its end
                    closing = raw.search(markup, m.end())
                    parser.handle_endtag(name)
                    pos = closing.end() if closing else end
                    break
            elif m.group() == "<":
                parser.handle_data("<")
        else:
            pos = end
    return parser.full


def _html(data: bytes, declared: str, max_text: int, deadline: float) -> Extracted:
    charset, markup = decode(data, declared)
    parser = _Visible(max_text)
    truncated = _feed(parser, markup, deadline)
    text = _SPACE.sub(" ", "".join(parser.parts)).strip()
    return Extracted(text=_clip(text, max_text), title=_SPACE.sub(" ", "".join(parser.title)).strip()[:1000],
                     description=parser.description,
                     anchors=_clip(_SPACE.sub(" ", " ".join(parser.anchors)).strip(), 100_000),
                     language=parser.language, charset=charset, truncated=truncated or parser.full)


# -- PDF ----------------------------------------------------------------------------------------
def _pdf(data: bytes, max_text: int, deadline: float) -> Extracted:
    from pypdf import PdfReader

    logging.getLogger("pypdf").setLevel(logging.ERROR)   # broken PDFs are common: not our warnings
    parts: list[str] = []
    size = 0
    truncated = False
    title = language = ""
    try:
        reader = PdfReader(io.BytesIO(data), strict=False)
        if reader.is_encrypted:
            try:
                reader.decrypt("")
            except Exception:  # noqa: BLE001 - a password-protected PDF: its text cannot be had
                return Extracted(truncated=True)
        meta = reader.metadata
        title = str(meta.title or "") if meta is not None and meta.title else ""
        try:
            language = str(reader.trailer["/Root"].get("/Lang", "") or "")[:35]
        except Exception:  # noqa: BLE001 - an odd catalogue: no language
            language = ""
        for page in reader.pages:
            if time.monotonic() > deadline or size > max_text:
                truncated = True
                break
            try:
                text = page.extract_text() or ""
            except Exception as exc:  # noqa: BLE001 - one unreadable page does not lose the others
                log.debug("a PDF page could not be read: %s", exc)
                continue
            parts.append(text)
            size += len(text)
    except Exception as exc:  # noqa: BLE001 - not a readable PDF: indexed without text
        log.debug("not a readable PDF: %s", exc)
        truncated = True
    text = _SPACE.sub(" ", " ".join(parts)).strip()
    return Extracted(text=_clip(text, max_text), title=_SPACE.sub(" ", title).strip()[:1000], language=language,
                     truncated=truncated or len(text) > max_text)
