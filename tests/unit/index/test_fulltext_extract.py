"""Text extraction for full-text search: HTML (charset in a meta tag, in the header only, none
at all), plain text, a PDF made here, the bounds, and WARC records to documents."""
from __future__ import annotations

import time

from fulltext_testkit import HTML_LATIN1, HTML_UTF8, PDF_WORDS, make_pdf, site, write_job

from server.index.fulltext.documents import read_warc
from server.index.fulltext.extract import decode, extract


def test_html_visible_text_title_description_anchors_language():
    out = extract(HTML_UTF8.encode("utf-8"), "text/html")
    assert out.title == "Rødgrød med fløde"
    assert out.description == "En side om dansk mad"
    assert "Æbleskiver og flæskesteg" in out.text and "quick brown fox" in out.text
    assert "javascriptonly" not in out.text and "color: red" not in out.text  # script and style are not text
    assert out.anchors == "Link til opskrifter"
    assert out.language == "da" and out.charset == "utf-8"


def test_charset_declared_in_meta_wins_over_guessing():
    page = ('<html><head><meta http-equiv="Content-Type" content="text/html; charset=windows-1252">'
            "<title>Kø</title></head><body>Smørrebrød på æøå</body></html>").encode("cp1252")
    out = extract(page, "text/html")     # no charset in the header
    assert out.charset == "cp1252" and "Smørrebrød på æøå" in out.text and out.title == "Kø"


def test_latin1_page_by_header_and_by_detection():
    data = HTML_LATIN1.encode("latin-1")
    by_header = extract(data, "text/html; charset=ISO-8859-1")
    assert "Le garçon a mangé une crêpe à Besançon." in by_header.text and by_header.title == "Café crème"
    guessed = extract(data, "text/html")     # declared nowhere: not UTF-8, so detected
    assert "garçon" in guessed.text and "\ufffd" not in guessed.text


def test_utf8_bom_beats_a_wrong_header():
    charset, text = decode(b"\xef\xbb\xbfbl\xc3\xa5b\xc3\xa6r", "iso-8859-1")
    assert (charset, text) == ("utf-8", "blåbær")


def test_pdf_text_title_and_language():
    out = extract(make_pdf(PDF_WORDS, title="Annual report"), "application/pdf")
    assert PDF_WORDS in out.text and out.title == "Annual report" and out.language == "en"


def test_broken_pdf_gives_no_text_and_no_error():
    out = extract(b"%PDF-1.4\nthis is not really a pdf", "application/pdf")
    assert out.text == "" and out.truncated


def test_plain_text_and_unknown_types():
    assert extract(b"hello  plain\n\nworld", "text/plain; charset=us-ascii").text == "hello plain world"
    assert extract(b"\x89PNG....", "image/png").text == ""


def test_text_is_capped():
    page = ("<html><body>" + "<p>word</p>" * 50_000 + "</body></html>").encode()
    out = extract(page, "text/html", max_text=1000)
    assert len(out.text) <= 1000 and out.truncated


def test_time_per_document_is_bounded():
    page = ("<html><body>" + "<p>word and more words</p>" * 200_000 + "</body></html>").encode()
    started = time.monotonic()
    out = extract(page, "text/html", seconds=0.0)     # no time at all: stops after the first chunk
    assert out.truncated and len(out.text) < 64 * 1024
    assert time.monotonic() - started < 30


def test_warc_records_become_documents_and_revisits_name_their_original(tmp_path):
    first = write_job(str(tmp_path), 1, 1, site())
    by_url = {c.url: c for c in first}
    second = write_job(str(tmp_path), 2, 2, site(), originals=by_url)
    docs = list(read_warc(str(tmp_path / first[0].file), first[0].file, 1))
    assert [d.url for d in docs] == [c.url for c in first]
    home = docs[0]
    assert home.title == "Rødgrød med fløde" and home.host == "www.example.dk" and home.domain == "example.dk"
    assert home.status == 200 and home.mime == "text/html" and home.harvest == 1 and home.year == 2024
    assert home.record == f"{first[0].file}:{first[0].offset}" and home.timestamp == "20240101120000"
    assert PDF_WORDS in docs[2].text and docs[2].mime == "application/pdf"

    originals = {f"{c.file}:{c.offset}": f"{c.revisit_of[0]}:{c.revisit_of[1]}" for c in second if c.revisit_of}
    revisits = list(read_warc(str(tmp_path / second[0].file), second[0].file, 2,
                              originals=lambda f, o: originals.get(f"{f}:{o}", "")))
    assert all(d.is_revisit and d.text == "" for d in revisits)
    assert revisits[0].revisit_of == f"{first[0].file}:{first[0].offset}"


def test_html_tokens_charrefs_raw_text_quotes_and_comments():
    """What the one-expression reader finds: character references in text and attributes, a
    script's and a style's content skipped to their end tag whatever it holds, a ">" inside a
    quoted attribute, self-closing tags, comments (an unclosed one hides the rest), and a "<"
    that starts no tag kept as text."""
    page = (b"<!DOCTYPE html><html LANG='da'><head><title>T &amp; t</title>"
            b"<meta name=description content=\"a &quot;b&quot; > c\"></head><body>"
            b"x&nbsp;&eacute;&#x41;&nosuch;<script>var a = '<p>no</p>'; if (a < b) {}</script >y"
            b"<STYLE>p { color: red }</style>z <a title=\"a>b\" href=x>one<b>two</b></a> after"
            b"<br/>3 < 4 <!-- hidden <p>not text --> shown <!-- unclosed <p>hidden")
    out = extract(page, "text/html")
    assert out.title == "T & t" and out.language == "da" and out.description == 'a "b" > c'
    assert out.text == "x éA&nosuch;yz onetwo after 3 < 4 shown"  # &nbsp; is a space like any other
    assert out.anchors == "one two"


def test_anchor_text_is_whole_however_long_the_page():
    """html.parser was fed 64 KB at a time and split text at the seams: an anchor's words came
    out cut in two ("remove_history _item")."""
    filler = "<p>" + "word " * 20_000 + "</p>"
    for pad in range(0, 40, 7):
        page = f"<html><body>{filler}{'x' * pad}<a href=x>remove_history_item()</a></body></html>".encode()
        assert extract(page, "text/html").anchors == "remove_history_item()"


def test_hostile_markup_is_read_in_linear_time():
    """Tags that never close, quotes that never close, endless comments and scripts: each 2 MB
    document is read whole (or its text capped) in well under its time limit, not stopped by it."""
    hostile = ["<b" * 1_000_000, '<a "' * 500_000, ('<a x="' + "y" * 100) * 20_000, "<a x" * 500_000,
               "<a b='<c d=\"<e " * 150_000, "<!--" * 500_000, "</" * 1_000_000, "<script>" * 250_000]
    for page in hostile:
        started = time.monotonic()
        out = extract(page.encode(), "text/html", seconds=60)
        assert time.monotonic() - started < 20, page[:20]
        assert len(out.text) <= 1_000_000
