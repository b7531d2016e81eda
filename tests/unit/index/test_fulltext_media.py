"""Words in images and sounds (#31: "metadata of images and media"): PNG text chunks, JPEG
comments, EXIF and XMP, GIF comments, SVG titles and texts, MP3 ID3 frames, read from bytes made
here; damaged and lying files give what was read before the damage, never an error; a WARC's
image becomes a document found by its words."""
from __future__ import annotations

import struct
import zlib

from fulltext_testkit import write_job

from server.index.fulltext.documents import read_warc
from server.index.fulltext.media import extract_media


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def png(width=640, height=480, texts=()) -> bytes:
    out = b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
    for kind, body in texts:
        out += _chunk(kind, body)
    return out + _chunk(b"IDAT", zlib.compress(b"\0" * 10)) + _chunk(b"IEND", b"")


def jpeg() -> bytes:
    # EXIF: a little-endian TIFF with one IFD of two ASCII tags (ImageDescription, Artist)
    desc, artist = b"Royal Library reading room\0", b"Ole Fotograf\0"
    ifd_at, data_at = 8, 8 + 2 + 2 * 12 + 4
    entries = (struct.pack("<HHII", 0x010E, 2, len(desc), data_at)
               + struct.pack("<HHII", 0x013B, 2, len(artist), data_at + len(desc)))
    tiff = b"II*\0" + struct.pack("<I", ifd_at) + struct.pack("<H", 2) + entries + b"\0\0\0\0" + desc + artist
    app1 = b"Exif\0\0" + tiff
    xmp = (b"http://ns.adobe.com/xap/1.0/\0<x:xmpmeta><dc:title><rdf:Alt><rdf:li>Winter harbour</rdf:li>"
           b"</rdf:Alt></dc:title></x:xmpmeta>")
    com = b"scanned 1923 glass plate"
    sof = b"\x08" + struct.pack(">HH", 300, 400) + b"\x03" + b"\0" * 9
    seg = lambda m, body: b"\xff" + bytes([m]) + struct.pack(">H", len(body) + 2) + body  # noqa: E731
    return b"\xff\xd8" + seg(0xE1, app1) + seg(0xE1, xmp) + seg(0xFE, com) + seg(0xC0, sof) + seg(0xDA, b"\0" * 4)


def test_png_text_chunks_title_and_size():
    data = png(texts=[(b"tEXt", b"Title\0Harbour at dawn"), (b"tEXt", b"Author\0Karen Blixen"),
                      (b"zTXt", b"Comment\0\0" + zlib.compress(b"fishing boats")),
                      # iTXt: keyword, no compression (flag, method), language, translated keyword, UTF-8 text
                      (b"iTXt", b"Description\0" + b"\0\0" + b"da\0" + b"\0" + "Håndtegnet kort".encode())])
    got = extract_media(data, "image/png", 1000)
    assert got.title == "Harbour at dawn" and got.description == "PNG image, 640×480"
    assert "Karen Blixen" in got.text and "fishing boats" in got.text and "Håndtegnet kort" in got.text


def test_jpeg_comment_exif_xmp_and_size():
    got = extract_media(jpeg(), "image/jpeg", 1000)
    assert got.title == "Winter harbour" and got.description == "JPEG image, 400×300"
    for words in ("Royal Library reading room", "Ole Fotograf", "scanned 1923 glass plate"):
        assert words in got.text


def test_gif_svg_and_mp3():
    gif = b"GIF89a" + struct.pack("<HH", 16, 8) + b"\0\0\0" + b"\x21\xfe\x05hello\x06 world\x00" + b"\x3b"
    got = extract_media(gif, "image/gif", 1000)
    assert got.description == "GIF image, 16×8" and got.text == "hello world"
    svg = (b'<svg xmlns="http://www.w3.org/2000/svg"><title>Map of Funen</title><desc>roads</desc>'
           b'<text x="1">Odense</text></svg>')
    got = extract_media(svg, "image/svg+xml", 1000)
    assert got.title == "Map of Funen" and "roads" in got.text and "Odense" in got.text
    frames = b""
    for fid, text in ((b"TIT2", "Radioavis"), (b"TPE1", "DR")):
        body = b"\x03" + text.encode()
        frames += fid + struct.pack(">I", len(body)) + b"\0\0" + body
    size = len(frames)
    syncsafe = bytes([(size >> 21) & 127, (size >> 14) & 127, (size >> 7) & 127, size & 127])
    got = extract_media(b"ID3\x03\x00\x00" + syncsafe + frames + b"\xff\xfb" + b"\0" * 100, "audio/mpeg", 1000)
    assert got.title == "Radioavis" and got.text == "DR" and got.description == "MP3 audio"


def test_damaged_and_lying_files_give_what_was_read_and_no_error():
    whole = png(texts=[(b"tEXt", b"Title\0Kept"), (b"tEXt", b"Comment\0after")])
    cut = whole[:whole.index(b"Comment") - 4]
    assert extract_media(cut, "image/png", 1000).title == "Kept"
    lying = b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 2**31) + b"tEXt" + b"x" * 10
    assert extract_media(lying, "image/png", 1000).text == ""
    bomb = png(texts=[(b"zTXt", b"Comment\0\0" + zlib.compress(b"a" * (50 << 20)))])
    assert len(extract_media(bomb, "image/png", 1000).text) <= 1000   # inflated at most 1 MiB, then cut
    for junk in (b"", b"\xff\xd8\xff", b"GIF89a", b"ID3\x04", b"<svg"):
        extract_media(junk, "image/jpeg", 1000)
    assert extract_media(b"not an image", "image/png", 1000).description == ""


def test_an_archived_image_is_a_document_found_by_its_words(tmp_path):
    pages = [("http://www.example.dk/harbour.png", "image/png", png(texts=[(b"tEXt", b"Title\0Harbour at dawn")])),
             ("http://www.example.dk/reading.jpg", "image/jpeg", jpeg())]
    caps = write_job(str(tmp_path), 1, 1, pages)
    docs = {d.url: d for d in read_warc(str(tmp_path / caps[0].file), caps[0].file, 1)}
    assert docs["http://www.example.dk/harbour.png"].title == "Harbour at dawn"
    reading = docs["http://www.example.dk/reading.jpg"]
    assert reading.mime == "image/jpeg" and "Ole Fotograf" in reading.text and reading.title == "Winter harbour"
