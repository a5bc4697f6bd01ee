"""The text of ``DATA/index.html``: rows in, one self-contained page out.

:mod:`visolve.overview` gathers the :class:`Row` objects; :func:`render`
turns them into a page with inline CSS and JavaScript and nothing fetched
from anywhere but the data folder itself (thumbnails and linked files, by
relative paths):

* rows of one height: a thumbnail box of :data:`THUMB_WIDTH` x
  :data:`THUMB_HEIGHT` pixels (the solved board where the family draws one for
  it, circuit500's; else the head of the solution picture, which is behind the
  link), every other cell clipped to it;
* sorted by family and level (numbers as numbers), pictures whose reading
  failed first; a click on a column head sorts by status (what needs
  attention first) or by time (newest first), a second click reverses;
* a search box: each word must match, a number matches a whole number of
  the level (``212`` finds level 212, not 1212), other words a part of the
  family or level name (``iq-stars 3``); ``index.html#212`` opens with it;
* the family and status filters; thumbnails load lazily.

Everything that comes from a file name, a level file or a log is shown by
:func:`shown` or :func:`shown_message` (control characters and undecodable
bytes spelled out as everywhere visolve writes them, then HTML-escaped);
links go through :func:`href` (percent-encoded).
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from datetime import datetime
from urllib.parse import quote

from visolve.names import shown_name, shown_text

from visolve.plural import counted

#: width and height of a thumbnail (and of the box that shows it) in pixels
THUMB_WIDTH, THUMB_HEIGHT = 160, 100
#: statuses in the order the filter lists them
STATUSES = ("proven", "solved", "unsolved", "stale", "not solved", "failed", "booklet")


@dataclass
class Row:
    """One line of the page."""

    puzzle: str
    level: str
    status: str
    detail: str
    when: float  #: modification time, for the sort by time
    links: dict[str, str] = field(default_factory=dict)  #: label -> path relative to DATA
    thumb: str | None = None  #: thumbnail path relative to DATA


def shown(text: object) -> str:
    """A name (a file's, a level's) safe to put in the page, as text or in a quoted attribute.

    :func:`visolve.names.shown_name` spells out what is not printable (``\\n``,
    ``\\xff`` for a byte that was no UTF-8, ``\\u202e``), as everywhere
    visolve writes names; then ``< > & " '`` are escaped.
    """
    return html.escape(shown_name(str(text)), quote=True)


def shown_message(text: object) -> str:
    """A message (a reason, a summary) for the page: one line, cut when very long, escaped."""
    return html.escape(shown_text(str(text)), quote=True)


def href(path: str) -> str:
    """A link to ``path`` (relative to DATA, ``/``-separated), percent-encoded and HTML-escaped.

    The bytes of an undecodable file name are encoded as they are on the disk.
    Absolute ``file:`` URIs (a file outside the data folder) are kept as they are.
    """
    if not path.startswith("file:"):
        path = quote(path, safe="/", errors="surrogateescape")
    return html.escape(path, quote=True)


def level_order(row: Row) -> tuple:
    """Sort key of the default order: failed pictures first, then family, then level (numbers as numbers)."""
    parts = tuple((0, int(p), "") if p.isdecimal() else (1, 0, p.casefold())  # int() refuses '²' (isdigit)
                  for p in re.split(r"(\d+)", row.level) if p)
    return (row.status != "failed", row.puzzle, parts, row.level)


def render(rows: list[Row], generated: datetime) -> str:
    """The whole page as text; the rows are shown in :func:`level_order`."""
    rows = sorted(rows, key=level_order)
    families = sorted({r.puzzle for r in rows if r.puzzle != "-"})
    counts = {s: sum(r.status == s for r in rows) for s in STATUSES}
    summary = ", ".join(f"{n} {s}" for s, n in counts.items() if n) or "nothing yet"
    options_f = "".join(f'<option value="{shown(f)}">{shown(f)}</option>' for f in families)
    options_s = "".join(f'<option value="{s}">{s}</option>' for s in STATUSES if counts[s])
    return (_PAGE.replace("{generated}", shown(generated.strftime("%Y-%m-%d %H:%M:%S")))
            .replace("{summary}", shown(summary)).replace("{families}", options_f)
            .replace("{statuses}", options_s).replace("{n}", counted(len(rows), "row"))
            .replace("{rows}", "\n".join(row_html(r) for r in rows)))


def row_html(r: Row) -> str:
    """One ``<tr>``: thumbnail (linking the picture), family, level, status, result, files, time."""
    thumb = ""
    if r.thumb:
        img = (f'<img src="{href(r.thumb)}" width="{THUMB_WIDTH}" height="{THUMB_HEIGHT}" alt=""'
               f' loading="lazy">')
        thumb = f'<a href="{href(r.links["picture"])}">{img}</a>' if "picture" in r.links else img
    links = " ".join(f'<a href="{href(path)}">{shown(label)}</a>' for label, path in r.links.items())
    when = datetime.fromtimestamp(r.when)
    detail = shown_message(r.detail)
    title = f' title="{detail}"' if len(detail) > 60 else ""  # the whole text, where the cell may cut it
    return (f'<tr data-family="{shown(r.puzzle)}" data-status="{shown(r.status)}" data-when="{int(r.when)}">'
            f'<td class="t">{thumb}</td><td>{shown(r.puzzle)}</td><td>{shown(r.level)}</td>'
            f'<td><span class="s {shown(r.status.replace(" ", "-"))}">{shown(r.status)}</span></td>'
            f'<td class="c"{title}>{detail}</td><td class="c">{links}</td>'
            f'<td class="w">{when:%Y-%m-%d %H:%M}</td></tr>')


#: the columns' widths: solution, family, level, status, result, files, when.  Every row is a grid
#: of these (not a table's auto layout), so a row off screen is not laid out (content-visibility)
_COLUMNS = f"{THUMB_WIDTH + 4}px 8.5em 9em 6.5em minmax(10em, 1fr) 13em 10.5em"

_CSS = """
body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; background: #fafafa; }
h1 { font-size: 1.3em; margin: 0 0 .2em; }
.meta { color: #666; margin-bottom: 1em; }
.bar label { margin-right: 1em; }
#q { width: 16em; font: inherit; padding: .15em .4em; }
table, thead, tbody { display: block; background: #fff; }
tr { display: grid; grid-template-columns: ROWGRID; align-items: center; border-bottom: 1px solid #e4e4e4; }
thead { position: sticky; top: 0; z-index: 1; }
thead tr { background: #f0f0f0; }
th, td { padding: 2px .6em; text-align: left; min-width: 0; overflow-wrap: anywhere; }
tbody td { max-height: ROW_Hpx; overflow: hidden; }
th { padding: .35em .6em; }
th button { font: inherit; font-weight: bold; border: 0; background: none; padding: 0; cursor: pointer;
  color: #1a4f8b; }
th[aria-sort] button::after { content: " \\25B2"; font-size: .8em; }
th[aria-sort=descending] button::after { content: " \\25BC"; }
tbody tr { height: ROW_Hpx; content-visibility: auto; contain-intrinsic-size: auto ROW_Hpx; }
td.t { padding: 2px; }
td.t img { display: block; width: THUMB_Wpx; height: THUMB_Hpx; object-fit: none; object-position: left top;
  background: #eee; }
td.c { max-height: THUMB_Hpx; overflow: hidden; display: -webkit-box; -webkit-box-orient: vertical;
  -webkit-line-clamp: 5; }
td.w { white-space: nowrap; color: #555; }
.s { padding: .1em .5em; border-radius: .8em; font-size: .9em; white-space: nowrap; }
.proven { background: #d6f5dd; } .solved { background: #e3f0ff; } .unsolved { background: #ffe3c4; }
.stale { background: #fff3b0; } .not-solved { background: #eee; } .failed { background: #ffd0d0; }
""".replace("ROWGRID", _COLUMNS).replace("ROW_H", str(THUMB_HEIGHT + 4)).replace("THUMB_W", str(THUMB_WIDTH))\
    .replace("THUMB_H", str(THUMB_HEIGHT))

_JS = """
(function () {
  var $ = function (id) { return document.getElementById(id); };
  var tbody = document.querySelector("tbody"), rows = Array.prototype.slice.call(tbody.rows);
  var ATTENTION = {"failed": 0, "stale": 1, "unsolved": 2, "not solved": 3, "solved": 4, "proven": 5};
  rows.forEach(function (tr, i) {
    var level = tr.cells[2].textContent.toLowerCase();
    tr.i = i;
    tr.text = tr.dataset.family.toLowerCase() + " " + level + " level";
    tr.nums = (level.match(/[0-9]+/g) || []).map(Number);
  });
  function found(tr, words) {
    return words.every(function (w) {
      return /^[0-9]+$/.test(w) ? tr.nums.indexOf(Number(w)) >= 0 : tr.text.indexOf(w) >= 0;
    });
  }
  function filt() {
    var f = $("family").value, s = $("status").value, n = 0;
    var words = $("q").value.toLowerCase().split(/\\s+/).filter(Boolean);
    rows.forEach(function (tr) {
      var show = (!f || tr.dataset.family === f) && (!s || tr.dataset.status === s) && found(tr, words);
      tr.style.display = show ? "" : "none";
      n += show;
    });
    $("shown").textContent = n + " of " + rows.length + " shown";
  }
  var ORDER = {
    level: function (a, b) { return a.i - b.i; },
    status: function (a, b) { return ATTENTION[a.dataset.status] - ATTENTION[b.dataset.status]; },
    when: function (a, b) { return b.dataset.when - a.dataset.when; }
  };
  var current = "level", reversed = false;
  function sortBy(key) {
    reversed = key === current ? !reversed : false;
    current = key;
    var sorted = rows.slice().sort(function (a, b) {
      var d = ORDER[key](a, b) || a.i - b.i;
      return reversed ? -d : d;
    });
    var frag = document.createDocumentFragment();
    sorted.forEach(function (tr) { frag.appendChild(tr); });
    tbody.appendChild(frag);
    document.querySelectorAll("th[data-sort]").forEach(function (th) {
      if (th.dataset.sort === key) th.setAttribute("aria-sort", reversed ? "descending" : "ascending");
      else th.removeAttribute("aria-sort");
    });
  }
  document.querySelectorAll("th[data-sort] button").forEach(function (b) {
    b.onclick = function () { sortBy(b.parentNode.dataset.sort); };
  });
  $("family").onchange = filt; $("status").onchange = filt; $("q").oninput = filt;
  document.addEventListener("keydown", function (e) {
    if (e.key === "/" && document.activeElement !== $("q")) { e.preventDefault(); $("q").focus(); }
  });
  if (location.hash.length > 1) { $("q").value = decodeURIComponent(location.hash.slice(1)); }
  filt();
})();
"""

_PAGE = ("""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>visolve: every level</title>
<style>""" + _CSS + """</style></head>
<body>
<h1>visolve: every level</h1>
<div class="meta">{n}: {summary}. Written {generated}.</div>
<p class="bar"><label>find <input id="q" type="search" autocomplete="off" title="press / to come here"
 placeholder="a level: 212, iq-stars 3"></label>
<label>family <select id="family"><option value="">all</option>{families}</select></label>
<label>status <select id="status"><option value="">all</option>{statuses}</select></label>
<span id="shown"></span></p>
<table><thead><tr><th>solution</th><th data-sort="level" aria-sort="ascending"><button type="button">family</button></th>
<th data-sort="level" aria-sort="ascending"><button type="button">level</button></th>
<th data-sort="status"><button type="button">status</button></th><th>result</th><th>files</th>
<th data-sort="when"><button type="button">when</button></th></tr></thead>
<tbody>
{rows}
</tbody></table>
<script>""" + _JS + """</script>
</body></html>
""")
