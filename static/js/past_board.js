/* The game page's move list: a click (or Enter) on a move shows the board after that
   move in place of the current one, without leaving the game, as the archive's replay
   does (the board comes from /api/games/<id>/board.svg?legend=0&move=k; with King &
   Robber the page's legend beside it tells that move too, from the archive's move state
   /api/archive/games/<id>/moves/<k>/). "Back to the current board" (or Escape) puts the
   current board and its legend back, the very same elements, so a placement being
   chosen is still there. Without JS each move is a link to the archive's replay.
   While a past board is shown, live updates wait (busy, read by live.js). */
import * as boards from "./board.js";
import * as legend from "./board_legend.js";

var saved = null;  // the current board's <svg> while a past one is shown
var savedLegend = null;  // the current legend's lines meanwhile
var shown = 0;     // the move whose board is shown (0: the current board)
var pending = null;

function el(id) { return document.getElementById(id); }
function board() { return boards.get("board-scroll"); }
function newest() {
  var li = document.querySelector("[data-testid=move-list] li[value]");
  return li ? parseInt(li.getAttribute("value"), 10) || 0 : 0;
}

function mark(k) {
  document.querySelectorAll("[data-testid=move-list] li[value]").forEach(function (li) {
    var on = parseInt(li.getAttribute("value"), 10) === k;
    li.classList.toggle("is-shown", on);
    var link = li.querySelector("[data-show-move]");
    if (on && link) link.setAttribute("aria-current", "true");
    else if (link) link.removeAttribute("aria-current");
  });
}

function say(text) { var status = el("board-past-status"); if (status) status.textContent = text; }

function legendList() { return legend.find(); }

/* Fetch ``url`` as text, or as JSON with ``json``. */
function get(url, signal, json) {
  return fetch(url, { credentials: "same-origin", signal: signal, headers: json ? { Accept: "application/json" } : {} })
    .then(function (response) { if (!response.ok) throw new Error(response.status); return json ? response.json() : response.text(); });
}

function swapBoard(svg) {
  var b = board();
  var old = b.scroller.querySelector("svg.board");
  if (old) old.replaceWith(svg); else b.scroller.appendChild(svg);
  b.refresh();
}

/* The move list may lie far below the board (a long side panel, a phone): bring the
   board into sight when none of it shows. */
function inView() {
  var r = board().scroller.getBoundingClientRect();
  if (r.bottom < 80 || r.top > window.innerHeight - 80) el("board-past").scrollIntoView({ block: "start" });
}

/* Show the board after move ``k`` (``link``: its entry in the move list). */
export function show(k, link) {
  var b = board(), list = document.querySelector("[data-past-board]");
  if (!b || !list) return false;
  if (k >= newest()) { back(false); return true; }
  if (pending) pending.abort();
  var controller = new AbortController();
  pending = controller;
  var states = list.getAttribute("data-past-legend");  // only with a legend beside the board
  Promise.all([
    get(list.getAttribute("data-past-board") + "?legend=0&move=" + k, controller.signal, false),
    states && legendList() ? get(states.replace(/\d+\/$/, k + "/"), controller.signal, true) : null
  ])
    .then(function (results) {
      var svg = new DOMParser().parseFromString(results[0], "image/svg+xml").documentElement;
      if (!svg || svg.nodeName !== "svg") throw new Error("no board");
      svg.classList.add("past-board");
      var lines = legendList();
      if (!saved) {  // a live swap may have brought a new current board meanwhile
        saved = board().svg;
        savedLegend = lines ? Array.prototype.slice.call(lines.childNodes) : null;
      }
      swapBoard(document.importNode(svg, true));
      if (results[1]) legend.render(lines, results[1].legend);
      shown = k;
      var words = link ? link.textContent.trim() : "";
      var line = interpolate(gettext("Board after move %(number)s: %(move)s"), { number: k, move: words }, true);
      el("board-past-text").textContent = line;
      el("board-past").hidden = false;
      mark(k);
      say(line);
      inView();
    })
    .catch(function (error) { if (error.name !== "AbortError" && link) window.location.href = link.href; })
    .finally(function () { if (pending === controller) pending = null; });
  return true;
}

/* Put the current board back; ``focusBoard``: keys go on to the board. */
export function back(focusBoard) {
  if (pending) { pending.abort(); pending = null; }
  if (!saved) return;
  swapBoard(saved);
  var lines = legendList();
  if (lines && savedLegend) lines.replaceChildren.apply(lines, savedLegend);
  saved = null;
  savedLegend = null;
  shown = 0;
  el("board-past").hidden = true;
  el("board-past-text").textContent = "";
  mark(0);
  say(gettext("The current board is shown again."));
  if (focusBoard) board().scroller.focus({ preventScroll: true });
}

document.addEventListener("click", function (event) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  var link = event.target.closest && event.target.closest("a[data-show-move]");
  if (link) {
    if (show(parseInt(link.getAttribute("data-show-move"), 10), link)) event.preventDefault();
    return;
  }
  if (event.target.closest && event.target.closest("#board-now")) back(true);
});

document.addEventListener("keydown", function (event) {
  if (event.key === "Escape" && saved && !event.ctrlKey && !event.metaKey && !event.altKey) back(true);
});

/* A new page state swapped in (live update, own move): it shows the current board. */
document.addEventListener("carc:game-swapped", function () {
  if (pending) pending.abort();
  saved = null; savedLegend = null; shown = 0; pending = null;
  var note = el("board-past");
  if (note) note.hidden = true;
  mark(0);
});

/* Busy from the click on: a live swap must not land between the click and the past board. */
export function busy() { return saved !== null || pending !== null; }

/* The move whose board is shown (0: the current board). */
export function shownPast() { return shown; }
