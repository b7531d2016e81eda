"""Scores of a replayed page: how it looks and reads beside what the crawler saw, and how complete
it is. The formulas are written here and in docs/decisions/qa-review.md ("Scoring").

- :func:`visual_score`: both screenshots in grey, scaled to the same 160×100 pixels, compared block
  by block (8×8) with the structural similarity index (SSIM: means, contrasts and their
  covariance) and averaged; 1 = the same picture. SSIM on a small picture sees what a person sees
  at a glance (a missing image, a page without its style sheet, an empty page) and ignores
  anti-aliasing and a pixel's shift that a pixel difference would count.
- :func:`text_score`: the two texts as bags of words (case-folded ``\\w+`` tokens); the Dice
  coefficient 2·|A∩B| / (|A|+|B|) counting repeated words. Linear in the texts' length, and a
  text that lost a paragraph loses that paragraph's share.
- :func:`page_score`: the share of requested resources the archive answered, lowered by visual and
  text mismatch when the crawl-time views exist, lowered for a page that never finished loading,
  0 for a page the archive does not hold or that crashed.
"""
from __future__ import annotations

import io
import re
from collections import Counter
from collections.abc import Sequence

from PIL import Image, UnidentifiedImageError

#: the size both screenshots are scaled to before they are compared (the crawler's viewport, 1280×800, / 8)
COMPARE_SIZE = (160, 100)
BLOCK = 8
# SSIM's stabilising constants for 8-bit values: (0.01·255)² and (0.03·255)²
_C1, _C2 = (0.01 * 255) ** 2, (0.03 * 255) ** 2
#: how much the look and the text weigh against the share of resources answered (see page_score)
VIEW_WEIGHT = 0.5
#: a page whose load event never came keeps at most this share of its score
TIMEOUT_FACTOR = 0.8
MAX_PIXELS = 40_000_000     # a screenshot larger than this is refused, not decoded (a PNG bomb)
_WORD = re.compile(r"\w+")


class ImageError(ValueError):
    """Bytes that are not a PNG (or other picture Pillow reads), or one too large to decode."""


def _open(png: bytes) -> Image.Image:
    if not png:
        raise ImageError("no picture (empty bytes)")
    try:
        image = Image.open(io.BytesIO(png))
        if image.width * image.height > MAX_PIXELS:
            raise ImageError(f"the picture is too large to compare ({image.width}×{image.height})")
        image.load()
    except (UnidentifiedImageError, OSError, SyntaxError, Image.DecompressionBombError) as exc:
        raise ImageError(f"not a picture: {exc}") from None
    return image


def _grey(png: bytes) -> list[int]:
    image = _open(png)
    if image.mode in ("RGBA", "LA", "P"):
        # transparent parts as the browser shows them: on white
        rgba = image.convert("RGBA")
        white = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
        image = Image.alpha_composite(white, rgba)
    return list(image.convert("L").resize(COMPARE_SIZE, Image.Resampling.BOX).tobytes())


def visual_score(crawl_png: bytes | None, replay_png: bytes | None) -> float | None:
    """How alike the crawl-time and the replay screenshot look, 0..1 (1 = the same).

    Both are made grey, scaled to COMPARE_SIZE (box filter) and cut into BLOCK×BLOCK blocks; each
    pair of blocks gets SSIM = ((2·μa·μb + C1)(2·σab + C2)) / ((μa² + μb² + C1)(σa² + σb² + C2)),
    and the score is the mean over the blocks, clipped to 0..1. None when there is no crawl-time
    screenshot (nothing to compare with); 0 when the replay made none. Raises ImageError for bytes
    that are no picture."""
    if not crawl_png:
        return None
    if not replay_png:
        return 0.0
    a, b = _grey(crawl_png), _grey(replay_png)
    width, height = COMPARE_SIZE
    total, blocks = 0.0, 0
    n = BLOCK * BLOCK
    for top in range(0, height - BLOCK + 1, BLOCK):
        for left in range(0, width - BLOCK + 1, BLOCK):
            xs = [a[(top + y) * width + left + x] for y in range(BLOCK) for x in range(BLOCK)]
            ys = [b[(top + y) * width + left + x] for y in range(BLOCK) for x in range(BLOCK)]
            mx, my = sum(xs) / n, sum(ys) / n
            vx = sum((v - mx) ** 2 for v in xs) / n
            vy = sum((v - my) ** 2 for v in ys) / n
            cov = sum((p - mx) * (q - my) for p, q in zip(xs, ys, strict=True)) / n
            total += ((2 * mx * my + _C1) * (2 * cov + _C2)) / ((mx * mx + my * my + _C1) * (vx + vy + _C2))
            blocks += 1
    return min(1.0, max(0.0, total / blocks))


def _words(text: str) -> Counter:
    return Counter(_WORD.findall(text.casefold()))


def text_score(crawl_text: str | None, replay_text: str | None) -> float | None:
    """How alike the crawl-time and the replay text read, 0..1 (1 = the same words as often).

    Dice's coefficient over the bags of words: 2·Σ min(countA(w), countB(w)) / (|A| + |B|). None
    when there is no crawl-time text; 1 when both have no words; 0 when only one has."""
    if crawl_text is None:
        return None
    a, b = _words(crawl_text), _words(replay_text or "")
    size = sum(a.values()) + sum(b.values())
    if size == 0:
        return 1.0
    common = sum((a & b).values())
    return 2 * common / size


def page_score(requested: Sequence[str] | int, missing: Sequence[str] | int, visual: float | None,
               text: float | None, load_state: str, *, page_missing: bool = False) -> float:
    """The page's completeness, 0..1.

    - 0 when the page crashed (``load_state == "crashed"``) or the archive does not hold the page
      itself (``page_missing``, or the first requested URL — the page's document — is missing);
    - otherwise ``answered = (requested − missing) / requested`` (1 when nothing was requested),
      times ``1 − VIEW_WEIGHT·(1 − m)`` where m is the mean of the visual and text scores that exist
      (no factor when neither does): a page that answers everything but looks or reads unlike the
      crawl loses up to half its score;
    - times TIMEOUT_FACTOR when the page's load event never came (``timeout``).

    ``requested`` and ``missing`` are the URL lists (or their counts)."""
    if load_state == "crashed":
        return 0.0
    if not isinstance(requested, int) and not isinstance(missing, int) and requested and missing:
        page_missing = page_missing or requested[0] in set(missing)
    if page_missing:
        return 0.0
    n_requested = requested if isinstance(requested, int) else len(set(requested))
    n_missing = missing if isinstance(missing, int) else len(set(missing))
    if n_requested < 0 or n_missing < 0:
        raise ValueError("requested and missing must not be negative")
    answered = 1.0 if n_requested == 0 else max(0.0, (n_requested - min(n_missing, n_requested)) / n_requested)
    views = [s for s in (visual, text) if s is not None]
    if any(not 0.0 <= s <= 1.0 for s in views):
        raise ValueError("visual and text scores are between 0 and 1")
    score = answered
    if views:
        score *= 1.0 - VIEW_WEIGHT * (1.0 - sum(views) / len(views))
    if load_state == "timeout":
        score *= TIMEOUT_FACTOR
    elif load_state != "loaded":
        raise ValueError(f"load_state is loaded, timeout or crashed, not {load_state!r}")
    return round(score, 4)


def thumbnail(png: bytes, width: int = 320) -> bytes:
    """The picture scaled to ``width`` pixels wide (its proportions kept; never enlarged), as PNG.
    Raises ImageError for bytes that are no picture, ValueError for a width below 1."""
    if width < 1:
        raise ValueError("width must be at least 1")
    image = _open(png)
    if image.mode not in ("RGB", "RGBA", "L"):
        image = image.convert("RGBA")
    if image.width > width:
        height = max(1, round(image.height * width / image.width))
        image = image.resize((width, height), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
