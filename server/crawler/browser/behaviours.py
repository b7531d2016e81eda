"""What is done to a loaded page before it is read: scrolling and clicking, each bounded.

Each behaviour is a script run in the page and a loop here that waits, after each step, until the
page's network is quiet again (``idle``): the step's requests are answered by the crawler, so
"quiet" means everything the step asked for is archived.
"""
from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

Evaluate = Callable[[str], Awaitable[Any]]
Idle = Callable[[], Awaitable[None]]

# Resolves after two animation frames (scroll events are dispatched in the next frame, so their
# handlers, and the requests they start, have run by then); a second at most where frames stall.
AFTER_FRAMES = """new Promise(done => {
  const t = setTimeout(done, 1000);
  requestAnimationFrame(() => requestAnimationFrame(() => { clearTimeout(t); done(); }));
})"""

SCROLL = """(async () => {
  const el = document.scrollingElement || document.documentElement;
  const before = el.scrollHeight;
  window.scrollTo(0, before);
  await AFTER_FRAMES;
  return before;
})()""".replace("AFTER_FRAMES", AFTER_FRAMES)

HEIGHT = "(document.scrollingElement || document.documentElement).scrollHeight"

# "Load more" buttons and closed expanders: visible, not yet clicked, and not links that leave the
# page (those are followed as links instead). Marked so that a button is clicked once.
CLICK_NEXT = r"""(async () => {
  const words = new RegExp('^\\s*(load|show|see|view|vis|hent|indlæs|se)\\s+(more|flere|mere)\\b' +
                           '|^\\s*(more|mere|flere)\\s*$|^\\s*expand\\b|udvid', 'i');
  const candidates = document.querySelectorAll(
    'button, [role=button], summary, [aria-expanded=false], a[href="#"], a:not([href])');
  for (const el of candidates) {
    if (el.dataset.nasClicked) continue;
    const text = (el.innerText || el.getAttribute('aria-label') || '').trim();
    const expander = el.getAttribute('aria-expanded') === 'false' || el.tagName === 'SUMMARY';
    if (!expander && !words.test(text)) continue;
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    el.dataset.nasClicked = '1';
    el.scrollIntoView({block: 'center'});
    el.click();
    await AFTER_FRAMES;
    return text.slice(0, 80) || el.tagName;
  }
  return null;
})()""".replace("AFTER_FRAMES", AFTER_FRAMES)


async def scroll_to_end(evaluate: Evaluate, idle: Idle, max_scrolls: int) -> int:
    """Scroll to the bottom until the page stops growing or ``max_scrolls`` is reached; returns
    the scrolls that made the page grow (an endless page stops at the bound)."""
    grew = 0
    for _ in range(max_scrolls):
        before = await evaluate(SCROLL)
        await idle()
        after = await evaluate(HEIGHT)
        if not isinstance(after, (int, float)) or not isinstance(before, (int, float)) or after <= before:
            break
        grew += 1
    await evaluate("window.scrollTo(0, 0)")
    return grew


async def click_expanders(evaluate: Evaluate, idle: Idle, budget: int) -> list[str]:
    """Click up to ``budget`` "load more" buttons and closed expanders, each once, waiting for
    what each click loads; returns their labels."""
    clicked: list[str] = []
    while len(clicked) < budget:
        label = await evaluate(CLICK_NEXT)
        if not label:
            break
        clicked.append(str(label))
        await idle()
    return clicked
