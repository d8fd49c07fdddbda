/* Boards (game page and replay): zoom buttons, fit, drag to pan (mouse, pen, one
   finger), pinch to zoom (two fingers), Ctrl+wheel zoom, coordinates under the pointer.
   No framework. Every element with [data-board-scroll] gets one; its buttons are the
   [data-zoom] elements whose aria-controls names it. gameBoard is the game page's
   board (#board-scroll) for turn.js and decision.js (live.js sets it anew after a swap);
   attach and get for the others. board.refresh() picks up a new <svg> after the markup
   was replaced (replay, live updates) and keeps the zoom. */
var MIN = 0.25, MAX = 3, DRAG_PX = 6;
var FIT_MIN = 0.08;  // "Fit" may go below MIN: a large board is still shown whole
/* A standing follower is some 25 board units tall (games/board_svg/figures.py); shown
   smaller than MIN_FIGURE_PX, the figures grow (at most MAX_FIGURE_GROWTH times) so
   that a small board at "Fit" still shows whose they are. */
var FIGURE_UNITS = 25, MIN_FIGURE_PX = 17, MAX_FIGURE_GROWTH = 3;
var boards = {};

/* The game page's board, once it shows an <svg> (null elsewhere). */
export let gameBoard = null;

export function setGameBoard(board) { gameBoard = board; }

/* The board of the scroller ``scroller`` (made the first time). */
export function attach(scroller) {
  if (scroller._carcBoard) return scroller._carcBoard;
  var coords = document.getElementById(scroller.getAttribute("data-coords") || "board-coords");
  var defaultHint = coords ? coords.innerHTML : "";  // our own markup (the hover-only hint)
  var self = { scroller: scroller, svg: null, cell: 100, zoom: null, baseW: 0, baseH: 0 };

  function apply() {
    if (!self.svg) return;
    self.svg.style.width = Math.round(self.baseW * self.zoom) + "px";
    self.svg.style.height = Math.round(self.baseH * self.zoom) + "px";
    scroller.setAttribute("data-zoom", self.zoom.toFixed(3));
    var unitPx = self.baseW * self.zoom / self.svg.viewBox.baseVal.width;  // CSS px per board unit
    var grow = Math.min(MAX_FIGURE_GROWTH, Math.max(1, MIN_FIGURE_PX / (FIGURE_UNITS * unitPx)));
    scroller.style.setProperty("--figure-scale", grow.toFixed(3));
    scroller.dispatchEvent(new CustomEvent("carc:zoom"));  // what is drawn at a finger's size follows (decision.js)
  }

  /* The part of the board worth showing, in board units: the placed tiles and the
     highlighted cells (plus a legend drawn in the picture), not the empty frame. */
  function occupied() {
    var vb = self.svg.viewBox.baseVal;
    var cells = self.svg.querySelectorAll("g.tile[data-x], rect.slot[data-x]");
    if (!cells.length) return { x: vb.x, y: vb.y, w: vb.width, h: vb.height };
    var x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    cells.forEach(function (el) {
      var x = parseInt(el.getAttribute("data-x"), 10), y = parseInt(el.getAttribute("data-y"), 10);
      x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x + 1); y1 = Math.max(y1, y + 1);
    });
    var pad = self.cell / 4;
    var box = { x: x0 * self.cell - pad, y: y0 * self.cell - pad, w: (x1 - x0) * self.cell + 2 * pad, h: (y1 - y0) * self.cell + 2 * pad };
    if (self.svg.querySelector("g.legend")) box.h = vb.y + vb.height - box.y;
    return box;
  }

  /* The zoom that shows the occupied part whole and as large as the view allows. */
  function fitZoom() {
    var box = occupied(), vb = self.svg.viewBox.baseVal;
    var w = scroller.clientWidth - 8;
    var h = Math.max(scroller.clientHeight - 8, 240);
    var pxW = box.w / vb.width * self.baseW, pxH = box.h / vb.height * self.baseH;
    return Math.max(FIT_MIN, Math.min(1.5, w / pxW, h / pxH));
  }

  /* Fit the occupied part and scroll it to the middle of the view. */
  function fit() {
    setZoom(fitZoom(), false);
    var box = occupied(), vb = self.svg.viewBox.baseVal;
    scroller.scrollLeft = (box.x + box.w / 2 - vb.x) / vb.width * self.baseW * self.zoom - scroller.clientWidth / 2;
    scroller.scrollTop = (box.y + box.h / 2 - vb.y) / vb.height * self.baseH * self.zoom - scroller.clientHeight / 2;
  }

  /* Scroll so that board cell (x, y) is in the middle of the view. */
  function centerOn(x, y) {
    var vb = self.svg.viewBox.baseVal;
    var px = ((x + 0.5) * self.cell - vb.x) / vb.width * self.baseW * self.zoom;
    var py = ((y + 0.5) * self.cell - vb.y) / vb.height * self.baseH * self.zoom;
    scroller.scrollLeft = px - scroller.clientWidth / 2;
    scroller.scrollTop = py - scroller.clientHeight / 2;
  }

  function setZoom(z, keepCenter) {
    var cx = (scroller.scrollLeft + scroller.clientWidth / 2) / (self.baseW * self.zoom);
    var cy = (scroller.scrollTop + scroller.clientHeight / 2) / (self.baseH * self.zoom);
    self.zoom = Math.max(Math.min(MIN, fitZoom()), Math.min(MAX, z));
    apply();
    if (keepCenter !== false) {
      scroller.scrollLeft = cx * self.baseW * self.zoom - scroller.clientWidth / 2;
      scroller.scrollTop = cy * self.baseH * self.zoom - scroller.clientHeight / 2;
    }
  }

  function refresh() {
    var svg = scroller.querySelector("svg.board");
    if (!svg) return;
    var first = self.zoom === null;
    self.svg = svg;
    self.baseW = parseFloat(svg.getAttribute("width")) || svg.viewBox.baseVal.width;
    self.baseH = parseFloat(svg.getAttribute("height")) || svg.viewBox.baseVal.height;
    self.cell = parseFloat(svg.getAttribute("data-cell")) || 100;
    if (first) {
      /* Start fitted to the view on every screen: all tiles and open cells in sight. */
      self.zoom = 1;
      fit();
    } else {
      apply();
    }
  }

  document.querySelectorAll('[data-zoom][aria-controls="' + scroller.id + '"]').forEach(function (button) {
    button.addEventListener("click", function () {
      var what = button.getAttribute("data-zoom");
      if (what === "in") setZoom(self.zoom * 1.25);
      else if (what === "out") setZoom(self.zoom / 1.25);
      else fit();
    });
  });

  scroller.addEventListener("keydown", function (event) {
    if (event.target !== scroller) return;
    if (event.key === "+" || event.key === "=") { setZoom(self.zoom * 1.25); event.preventDefault(); }
    else if (event.key === "-") { setZoom(self.zoom / 1.25); event.preventDefault(); }
  });

  scroller.addEventListener("wheel", function (event) {
    if (!event.ctrlKey) return;  // a trackpad pinch arrives as Ctrl+wheel
    event.preventDefault();
    setZoom(self.zoom * (event.deltaY < 0 ? 1.1 : 1 / 1.1));
  }, { passive: false });

  /* Drag to pan, pinch to zoom. A drag swallows the click that ends it, so that
     panning never places a tile. */
  var pointers = {};
  var drag = null, pinch = null, dragged = false;
  function count() { return Object.keys(pointers).length; }
  function spread() {
    var p = Object.keys(pointers).map(function (k) { return pointers[k]; });
    return Math.hypot(p[0].x - p[1].x, p[0].y - p[1].y) || 1;
  }
  scroller.addEventListener("pointerdown", function (event) {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    pointers[event.pointerId] = { x: event.clientX, y: event.clientY };
    if (count() === 1) {
      drag = { x: event.clientX, y: event.clientY, left: scroller.scrollLeft, top: scroller.scrollTop, id: event.pointerId };
      dragged = false;
    } else if (count() === 2) {
      pinch = { spread: spread(), zoom: self.zoom };
      drag = null;
      dragged = true;
    }
  });
  scroller.addEventListener("pointermove", function (event) {
    if (!pointers[event.pointerId]) return;
    pointers[event.pointerId] = { x: event.clientX, y: event.clientY };
    if (pinch && count() >= 2) {
      setZoom(pinch.zoom * spread() / pinch.spread);
      event.preventDefault();
      return;
    }
    if (!drag) return;
    var dx = event.clientX - drag.x, dy = event.clientY - drag.y;
    if (!dragged && Math.hypot(dx, dy) < DRAG_PX) return;
    if (!dragged) {
      dragged = true;
      scroller.classList.add("is-panning");
      try { scroller.setPointerCapture(drag.id); } catch (e) { /* released already */ }
    }
    scroller.scrollLeft = drag.left - dx;
    scroller.scrollTop = drag.top - dy;
    event.preventDefault();
  });
  function release(event) {
    delete pointers[event.pointerId];
    if (count() < 2) pinch = null;
    if (count() === 0) { drag = null; scroller.classList.remove("is-panning"); }
  }
  scroller.addEventListener("pointerup", release);
  scroller.addEventListener("pointercancel", release);
  scroller.addEventListener("click", function (event) {
    if (dragged) { event.stopPropagation(); event.preventDefault(); dragged = false; }
  }, true);
  scroller.addEventListener("dragstart", function (event) { event.preventDefault(); });

  /* Coordinates of the cell under the pointer (devices that can hover). */
  function cellAt(event) {
    var ctm = self.svg.getScreenCTM();
    if (!ctm) return null;
    var pt = self.svg.createSVGPoint();
    pt.x = event.clientX; pt.y = event.clientY;
    var p = pt.matrixTransform(ctm.inverse());
    return [Math.floor(p.x / self.cell), Math.floor(p.y / self.cell)];
  }
  scroller.addEventListener("mousemove", function (event) {
    if (!coords || !self.svg || !self.svg.contains(event.target)) return;
    var c = cellAt(event);
    if (!c) return;
    var tile = self.svg.querySelector('g.tile[data-x="' + c[0] + '"][data-y="' + c[1] + '"]');
    var text = "(" + c[0] + "," + c[1] + ")";
    if (tile) text += " · " + interpolate(gettext("tile %(tile)s, rotation %(rotation)s°"), { tile: tile.getAttribute("data-tile"), rotation: tile.getAttribute("data-rotation") }, true);
    coords.textContent = text;
  });
  scroller.addEventListener("mouseleave", function () { if (coords) coords.innerHTML = defaultHint; });

  self.cellAt = cellAt;  // the cell [x, y] under a pointer event (turn.js says why one is refused)
  self.centerOn = centerOn;
  self.setZoom = setZoom;
  self.refresh = refresh;
  self.fitZoom = fitZoom;
  self.fit = fit;
  refresh();
  scroller._carcBoard = self;
  boards[scroller.id] = self;
  return self;
}

/* The board attached to the scroller of id ``id``. */
export function get(id) { return boards[id]; }

document.querySelectorAll("[data-board-scroll]").forEach(attach);
var main = document.getElementById("board-scroll");
if (main && main._carcBoard && main._carcBoard.svg) gameBoard = main._carcBoard;
