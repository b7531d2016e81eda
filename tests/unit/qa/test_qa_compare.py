"""compare.py on real pictures: PNGs drawn with Pillow and screenshots taken by Chromium."""
from __future__ import annotations

import asyncio
import base64
import io
import os

import pytest
from PIL import Image, ImageDraw

from server.crawler.browser.cdp import CHROMIUM, Chromium
from server.qa.compare import ImageError, page_score, text_score, thumbnail, visual_score


def _png(draw=None, size=(1280, 800), color=(255, 255, 255)) -> bytes:
    image = Image.new("RGB", size, color)
    if draw:
        draw(ImageDraw.Draw(image))
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def _page_like(d: ImageDraw.ImageDraw) -> None:
    d.rectangle((40, 40, 900, 90), fill=(20, 40, 120))              # a heading
    for y in range(130, 500, 28):
        d.rectangle((40, y, 1100, y + 12), fill=(60, 60, 60))     # lines of text
    d.rectangle((40, 520, 400, 760), fill=(200, 30, 30))           # a picture


def test_same_picture_scores_one_and_none_without_crawl_view():
    shot = _png(_page_like)
    assert visual_score(shot, shot) == pytest.approx(1.0)
    assert visual_score(None, shot) is None and visual_score(b"", shot) is None
    assert visual_score(shot, b"") == 0.0


def test_a_missing_picture_or_style_lowers_the_score_in_order():
    full = _png(_page_like)
    no_picture = _png(lambda d: (_page_like(d), d.rectangle((40, 520, 400, 760), fill=(255, 255, 255))))
    unstyled = _png(_page_like, color=(16, 36, 58))
    blank = _png()
    s_picture, s_style, s_blank = (visual_score(full, x) for x in (no_picture, unstyled, blank))
    assert 0.5 < s_picture < 0.97           # one picture gone: most of the page still alike
    assert s_blank < s_picture              # an empty page is far from the page
    assert s_style < s_picture
    # a slightly different scale (another window size) is still the same page
    assert visual_score(full, _png(lambda d: _page_like(d), size=(1280, 800))) > 0.99


def test_pictures_of_other_sizes_and_modes_compare():
    rgba = Image.new("RGBA", (640, 400), (255, 255, 255, 0))
    out = io.BytesIO()
    rgba.save(out, format="PNG")
    assert visual_score(out.getvalue(), _png(size=(1280, 800))) > 0.99   # transparent = white


def test_bad_pictures_are_refused_with_a_typed_error():
    with pytest.raises(ImageError):
        visual_score(b"not a png at all", _png())
    with pytest.raises(ImageError):
        thumbnail(b"\x89PNG\r\n\x1a\nbroken")
    with pytest.raises(ValueError):
        thumbnail(_png(), width=0)


def test_thumbnail_keeps_proportions_and_never_enlarges():
    thumb = Image.open(io.BytesIO(thumbnail(_png(_page_like))))
    assert thumb.format == "PNG" and thumb.size == (320, 200)
    small = Image.open(io.BytesIO(thumbnail(_png(size=(100, 50)))))
    assert small.size == (100, 50)


def test_text_score():
    crawl = "A complete page. The harvest keeps every word a reader sees."
    assert text_score(crawl, crawl) == 1.0
    assert text_score(crawl, crawl.upper().replace(".", " ")) == 1.0     # case and punctuation aside
    assert text_score(None, crawl) is None
    assert text_score(crawl, "") == 0.0 and text_score("", "") == 1.0
    half = text_score(crawl, "A complete page.")
    assert 0.3 < half < 0.6
    assert text_score(crawl, crawl + " Not in the archive") < 1.0


def test_page_score_formula():
    urls = [f"http://www.example.dk/{i}" for i in range(10)]
    assert page_score(urls, [], 1.0, 1.0, "loaded") == 1.0
    assert page_score(urls, [], None, None, "loaded") == 1.0
    assert page_score(urls, urls[7:], None, None, "loaded") == 0.7
    # visual and text mismatch lower it by up to half
    assert page_score(urls, [], 0.0, 0.0, "loaded") == 0.5
    assert page_score(urls, urls[7:], 0.8, None, "loaded") == pytest.approx(0.7 * 0.9)
    assert page_score(urls, [], 1.0, 1.0, "timeout") == 0.8
    assert page_score(urls, [], 1.0, 1.0, "crashed") == 0.0
    assert page_score(urls, urls[:1], 1.0, 1.0, "loaded") == 0.0          # the page itself is missing
    assert page_score(10, 3, None, None, "loaded") == 0.7                  # counts work too
    assert page_score([], [], None, None, "loaded") == 1.0
    with pytest.raises(ValueError):
        page_score(urls, [], 1.5, None, "loaded")
    with pytest.raises(ValueError):
        page_score(urls, [], None, None, "fine")


@pytest.mark.skipif(not os.access(CHROMIUM, os.X_OK), reason="no Chromium")
def test_chromium_screenshots_with_and_without_a_picture():
    """The same page drawn by Chromium twice, and once with its picture gone."""
    picture = base64.b64encode(_png(size=(300, 200), color=(200, 30, 30))).decode()
    page = ("<html><body style='margin:30px;font:20px serif'><h1>QA</h1><p>" + "Words of the page. " * 40 +
            "</p><img src='data:image/png;base64,{}' width=300 height=200></body></html>")

    async def shots() -> list[bytes]:
        browser = await Chromium.launch()
        try:
            out = []
            for html in (page.format(picture), page.format(picture), page.format("")):
                target = await browser.send("Target.createTarget", {"url": "about:blank"})
                session = (await browser.send("Target.attachToTarget",
                                              {"targetId": target["targetId"], "flatten": True}))["sessionId"]
                await browser.send("Page.enable", session=session)
                await browser.send("Page.setDocumentContent", {
                    "frameId": target["targetId"], "html": html}, session=session)
                shot = await browser.send("Page.captureScreenshot", {"format": "png"}, session=session)
                out.append(base64.b64decode(shot["data"]))
                await browser.send("Target.closeTarget", {"targetId": target["targetId"]})
            return out
        finally:
            await browser.close()

    same, again, without = asyncio.run(shots())
    assert visual_score(same, again) > 0.99
    assert visual_score(same, without) < 0.97
    assert Image.open(io.BytesIO(thumbnail(same))).width == 320
