"""Words in images and media: what a search can find of a capture that holds no text.

Read from the bytes alone, with no image or media library (a capture is untrusted input: every
length is checked against what is there, every loop is bounded by the payload's size):

- PNG: ``tEXt``, ``zTXt`` and ``iTXt`` chunks (Title, Description, Author, Comment, Copyright...),
  and the image's size;
- JPEG: ``COM`` comments, EXIF's ImageDescription, Artist and Copyright, XMP's ``dc:title``,
  ``dc:description`` and ``dc:creator``, and the image's size;
- GIF: comment extensions and the image's size;
- SVG: its ``<title>``, ``<desc>`` and ``<text>`` (an XML document of its own: read as text);
- MP3: ID3v2 text frames (title, artist, album, comment...).

Each gives a title (the first title found), a description (kind and size, e.g. "PNG image,
640×480") and the text of every other field, so ``type:image/*`` with words finds pictures by
what their makers wrote into them.
"""
from __future__ import annotations

import re
import struct
import zlib

from server.index.fulltext.extract import Extracted, _clip

#: bytes of an image or a sound read for its metadata: it lies at the start (ID3, EXIF, a PNG's
#: text before its image data, as most tools write it); a podcast is not read whole for it
MEDIA_INPUT = 2 * 1024 * 1024

#: media types whose metadata is read here
MEDIA_TYPES = ("image/png", "image/jpeg", "image/pjpeg", "image/gif", "image/svg+xml", "audio/mpeg", "audio/mp3")

_TITLE_KEYS = {"title", "tit2", "dc:title"}
_SVG_PARTS = re.compile(r"<(title|desc|text)\b[^>]*>(.*?)</\1>", re.S | re.I)
_TAGS = re.compile(r"<[^>]+>")
_XMP = re.compile(rb"<dc:(title|description|creator)\b[^>]*>(.*?)</dc:\1>", re.S)
_SPACE = re.compile(r"\s+")


def is_media(mime: str) -> bool:
    return mime in MEDIA_TYPES


def extract_media(data: bytes, mime: str, max_text: int) -> Extracted:
    """Title, description and text of an image's or a sound's metadata (empty when it has none
    or the bytes are not what the type says)."""
    fields: list[tuple[str, str]] = []
    kind, size = "", None
    try:
        if data.startswith(b"\x89PNG\r\n\x1a\n"):
            kind, size = "PNG image", _png(data, fields)
        elif data.startswith(b"\xff\xd8"):
            kind, size = "JPEG image", _jpeg(data, fields)
        elif data[:6] in (b"GIF87a", b"GIF89a"):
            kind, size = "GIF image", _gif(data, fields)
        elif mime == "image/svg+xml" or data.lstrip()[:5] in (b"<?xml", b"<svg ", b"<svg>"):
            kind = "SVG image"
            _svg(data, fields)
        elif data.startswith(b"ID3"):
            kind = "MP3 audio"
            _id3(data, fields)
    except (struct.error, ValueError, IndexError, zlib.error):
        pass   # a damaged file: what was read before the damage stays
    title = next((v for k, v in fields if k.lower() in _TITLE_KEYS), "")
    text = " ".join(v for k, v in fields if v and v != title)
    described = kind + (f", {size[0]}×{size[1]}" if size else "") if kind else ""
    return Extracted(text=_clip(_SPACE.sub(" ", text).strip(), max_text), title=_clip(title.strip(), 1000),
                     description=described, truncated=len(text) > max_text)


def _latin1(b: bytes) -> str:
    return b.decode("latin-1", "replace").strip("\x00 ").strip()


def _png(data: bytes, fields: list[tuple[str, str]]) -> tuple[int, int] | None:
    size, pos = None, 8
    while pos + 8 <= len(data):
        length, ctype = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if ctype == b"IHDR" and len(body) >= 8:
            size = struct.unpack(">II", body[:8])
        elif ctype == b"tEXt":
            key, _, value = body.partition(b"\0")
            fields.append((_latin1(key), _latin1(value)))
        elif ctype == b"zTXt":
            key, _, rest = body.partition(b"\0")
            fields.append((_latin1(key), _latin1(zlib.decompressobj().decompress(rest[1:], 1 << 20))))
        elif ctype == b"iTXt":
            key, _, rest = body.partition(b"\0")
            compressed, rest = rest[:1] == b"\1", rest[2:]
            _lang, _, rest = rest.partition(b"\0")
            _translated, _, value = rest.partition(b"\0")
            if compressed:
                value = zlib.decompressobj().decompress(value, 1 << 20)
            fields.append((_latin1(key), value.decode("utf-8", "replace").strip()))
        elif ctype == b"IEND":
            break
        pos += 12 + length
    return size


def _jpeg(data: bytes, fields: list[tuple[str, str]]) -> tuple[int, int] | None:
    size, pos = None, 2
    while pos + 4 <= len(data) and data[pos] == 0xFF:
        marker = data[pos + 1]
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
            pos += 2
            continue
        length = struct.unpack(">H", data[pos + 2:pos + 4])[0]
        body = data[pos + 4:pos + 2 + length]
        if marker == 0xFE:
            fields.append(("comment", body.decode("utf-8", "replace").strip("\x00 ")))
        elif marker == 0xE1 and body.startswith(b"Exif\0\0"):
            _exif(body[6:], fields)
        elif marker == 0xE1 and b"http://ns.adobe.com/xap/1.0/" in body[:40]:
            for key, value in _XMP.findall(body):
                fields.append((f"dc:{key.decode()}", _TAGS.sub(" ", value.decode("utf-8", "replace")).strip()))
        elif 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC) and len(body) >= 5:
            height, width = struct.unpack(">HH", body[1:5])
            size = (width, height)
        if marker == 0xDA or length < 2:
            break   # the image data follows: no more metadata
        pos += 2 + length
    return size


#: EXIF tags kept: ImageDescription, Artist, Copyright, XPTitle (UTF-16), XPComment, XPAuthor
_EXIF_TAGS = {0x010E: "description", 0x013B: "artist", 0x8298: "copyright", 0x9C9B: "title", 0x9C9C: "comment",
              0x9C9D: "author"}


def _exif(tiff: bytes, fields: list[tuple[str, str]]) -> None:
    order = "<" if tiff[:2] == b"II" else ">"
    ifd = struct.unpack(order + "I", tiff[4:8])[0]
    count = struct.unpack(order + "H", tiff[ifd:ifd + 2])[0]
    for i in range(min(count, 256)):
        entry = tiff[ifd + 2 + 12 * i:ifd + 14 + 12 * i]
        tag, ftype, n = struct.unpack(order + "HHI", entry[:8])
        if tag not in _EXIF_TAGS or ftype not in (1, 2, 7) or n > 65536:
            continue
        raw = entry[8:8 + n] if n <= 4 else tiff[struct.unpack(order + "I", entry[8:12])[0]:][:n]
        value = raw.decode("utf-16-le", "replace") if tag >= 0x9C9B else raw.decode("utf-8", "replace")
        fields.append((_EXIF_TAGS[tag], value.strip("\x00 ")))


def _gif(data: bytes, fields: list[tuple[str, str]]) -> tuple[int, int]:
    size = struct.unpack("<HH", data[6:10])
    pos = 0
    while True:
        pos = data.find(b"\x21\xfe", pos)
        if pos < 0:
            return size
        pos += 2
        parts = []
        while pos < len(data) and data[pos]:
            parts.append(data[pos + 1:pos + 1 + data[pos]])
            pos += 1 + data[pos]
        fields.append(("comment", _latin1(b"".join(parts))))


def _svg(data: bytes, fields: list[tuple[str, str]]) -> None:
    text = data.decode("utf-8", "replace")
    for tag, value in _SVG_PARTS.findall(text):
        fields.append((tag.lower(), _TAGS.sub(" ", value).strip()))


#: ID3v2 text frames kept
_ID3 = {b"TIT2": "TIT2", b"TPE1": "artist", b"TALB": "album", b"TCOM": "composer", b"COMM": "comment",
        b"TIT3": "subtitle"}
_ENCODINGS = {0: "latin-1", 1: "utf-16", 2: "utf-16-be", 3: "utf-8"}


def _id3(data: bytes, fields: list[tuple[str, str]]) -> None:
    version = data[3]
    s = data[6:10]
    end = 10 + ((s[0] << 21) | (s[1] << 14) | (s[2] << 7) | s[3])
    pos = 10
    while pos + 10 <= min(end, len(data)):
        fid = data[pos:pos + 4]
        if not fid.strip(b"\0"):
            break
        raw = data[pos + 4:pos + 8]
        length = ((raw[0] << 21) | (raw[1] << 14) | (raw[2] << 7) | raw[3]) if version >= 4 else \
            struct.unpack(">I", raw)[0]
        body = data[pos + 10:pos + 10 + length]
        if fid in _ID3 and body:
            encoding = _ENCODINGS.get(body[0], "latin-1")
            value = body[1:]
            if fid == b"COMM":
                value = value[3:].split(b"\0\0" if encoding.startswith("utf-16") else b"\0", 1)[-1]
            fields.append((_ID3[fid], value.decode(encoding, "replace").strip("\x00 ")))
        pos += 10 + length
