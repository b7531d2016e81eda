"""``/scripted/``: a page built the way today's news and municipal sites are, by script.

Its resources' URLs are put together in scripts (string pieces, JSON answers, fetched HTML), so a
crawler that only reads the text finds the page, its style sheet, its module script and its
frame, and misses the rest. A browser that runs the page and scrolls it requests everything in
:data:`BROWSER_NEEDS`, and the final DOM links to the pages in :data:`DOM_LINKS`.

``/scripted/endless.html`` grows by one screen on every scroll, forever; ``hang.html`` runs a
script that never ends; ``slow.html`` holds an image that takes 8 s; ``crash.html`` holds on to
256 MB of arrays (a renderer whose script heap is held smaller, ``--js-flags=--max-old-space-size``,
crashes on it).
"""
from __future__ import annotations

import json

P = "/scripted/"

PAGE = """<!DOCTYPE html><html><head><meta charset="utf-8"><title>Scripted news</title>
<link rel="stylesheet" href="/scripted/base.css">
<script type="module" src="/scripted/app.js"></script>
</head><body>
<h1>Scripted news</h1>
<div id="hero" style="height:200px">hero</div>
<div id="items"></div>
<div id="fragment"></div>
<button id="more" type="button">Load more</button>
<div id="more-items"></div>
<iframe src="/scripted/frame.html" width="200" height="100"></iframe>
<div style="height:2000px">the feed</div><div id="feed"></div>
</body></html>"""

# The module script: a static import, a dynamic one, a JSON API, a fragment, a "load more" button
# and an infinite scroll. Every URL is assembled, so no regular expression finds it.
APP_JS = """import { addImage, dir } from "./lib.mjs";
const api = dir + "api" + "/";
fetch(api + "items" + ".json").then(r => r.json()).then(d => d.images.forEach(u => addImage("items", u)));
addImage("items", "/pri" + "vate/secret.png");  // robots.txt forbids it: the crawler refuses it
import("./" + "la" + "zy.mjs").then(m => m.decorate());
fetch(dir + "frag" + "ment.html").then(r => r.text()).then(t => {
  document.getElementById("fragment").innerHTML = t; });
document.getElementById("more").addEventListener("click", () =>
  fetch(api + "mo" + "re.json").then(r => r.json()).then(d => d.images.forEach(u => addImage("more-items", u))));
const link = document.createElement("a");
link.href = dir + "from" + "-dom.html"; link.textContent = "made by script";
document.body.appendChild(link);
let next = 2, loading = false;
window.addEventListener("scroll", () => {
  if (loading || next > 3) return;
  if (window.innerHeight + window.scrollY < document.documentElement.scrollHeight - 50) return;
  loading = true;
  fetch(api + "feed" + "?page=" + next).then(r => r.json()).then(d => {
    const section = document.createElement("section");
    section.style.minHeight = "1500px";
    const a = document.createElement("a"); a.href = d.article; a.textContent = d.article;
    section.appendChild(a);
    document.getElementById("feed").appendChild(section);
    d.images.forEach(u => addImage("feed", u));
    next += 1; loading = false;
  });
});
"""

LIB_JS = """export const dir = "/scr" + "ipted/";
export function addImage(where, url) {
  const img = document.createElement("img"); img.src = url; img.width = 10; img.height = 10;
  document.getElementById(where).appendChild(img);
}
"""

LAZY_JS = """import { dir } from "./lib.mjs";
export function decorate() {
  document.getElementById("hero").style.backgroundImage = "url(" + dir + "img/" + "hero-bg.png)";
}
"""

FRAGMENT = '<p>a fragment</p><img src="/scripted/img/fragment.png" width="10" height="10">'

FRAME = """<!DOCTYPE html><html><body><p>frame</p><script>
const i = document.createElement("img"); i.src = "/scr" + "ipted/img/" + "frame.png"; document.body.appendChild(i);
</script></body></html>"""

ENDLESS = """<!DOCTYPE html><html><head><title>Endless</title></head><body>
<div style="height:2000px">endless</div><div id="feed"></div><script>
let n = 0;
window.addEventListener("scroll", () => {
  const s = document.createElement("section"); s.style.minHeight = "1500px"; s.textContent = "screen " + (++n);
  document.getElementById("feed").appendChild(s);
});
</script></body></html>"""

# a page whose script never ends (the tab hangs), and one whose image never comes in time
HANG = """<!DOCTYPE html><html><head><title>Hangs</title></head><body><p>before</p>
<script>for (;;) {}</script></body></html>"""
# bounded, so that a browser with its usual heap limit only loads it slowly
CRASH = """<!DOCTYPE html><html><head><title>Crashes</title></head><body><p>before</p><script>
const keep = [];
for (let i = 0; i < 64; i++) keep.push(new Array(1 << 20).fill(i));
document.body.append("after " + keep.length);
</script></body></html>"""
SLOW = """<!DOCTYPE html><html><head><title>Slow</title></head><body><p>slow image below</p>
<img src="/slow?ms=8000"></body></html>"""

CSS = b"body { font-family: sans-serif } #hero { background-color: #eee }\n"

API = {
    "items.json": {"images": [P + "img/api-1.png", P + "img/api-2.png"]},
    "more.json": {"images": [P + "img/more.png"]},
}
FEED = {n: {"images": [f"{P}img/feed-{n}.png"], "article": f"{P}article/{n}.html"} for n in (2, 3)}

#: what a browser requests for /scripted/ (scrolled to the end, "load more" clicked), page included
BROWSER_NEEDS = [P, P + "base.css", P + "app.js", P + "lib.mjs", P + "lazy.mjs", P + "api/items.json",
                 P + "img/api-1.png", P + "img/api-2.png", P + "fragment.html", P + "img/fragment.png",
                 P + "img/hero-bg.png", P + "frame.html", P + "img/frame.png", P + "api/more.json",
                 P + "img/more.png", P + "api/feed?page=2", P + "img/feed-2.png", P + "api/feed?page=3",
                 P + "img/feed-3.png"]
#: requested by the browser but refused by the crawler (robots.txt), so never archived
BROWSER_REFUSED = ["/private/secret.png"]
#: pages linked only from the rendered DOM
DOM_LINKS = [P + "from-dom.html", P + "article/2.html", P + "article/3.html"]


def scripted(path: str, query: str, png: bytes):
    """(status, content type, body) for a path under /scripted/, or None when there is none."""
    js = "text/javascript"
    fixed = {P: ("text/html; charset=utf-8", PAGE), P + "app.js": (js, APP_JS), P + "lib.mjs": (js, LIB_JS),
             P + "lazy.mjs": (js, LAZY_JS), P + "fragment.html": ("text/html; charset=utf-8", FRAGMENT),
             P + "frame.html": ("text/html; charset=utf-8", FRAME),
             P + "endless.html": ("text/html; charset=utf-8", ENDLESS),
             P + "hang.html": ("text/html; charset=utf-8", HANG), P + "slow.html": ("text/html; charset=utf-8", SLOW),
             P + "crash.html": ("text/html; charset=utf-8", CRASH)}
    if path in fixed:
        ctype, text = fixed[path]
        return 200, ctype, text.encode("utf-8")
    if path == P + "base.css":
        return 200, "text/css", CSS
    if path.startswith(P + "api/"):
        name = path[len(P) + 4:]
        if name == "feed":
            page = int(query.partition("page=")[2] or 0) if query.partition("page=")[2].isdigit() else 0
            data = FEED.get(page)
        else:
            data = API.get(name)
        if data is None:
            return 404, "application/json", b"{}"
        return 200, "application/json", json.dumps(data).encode()
    if path.startswith(P + "img/"):
        return 200, "image/png", png + path.encode()
    if path.startswith(P + "article/") or path == P + "from-dom.html":
        return 200, "text/html; charset=utf-8", f"<p>{path}</p>".encode()
    return None
