/* The board: zoom buttons, fit-to-screen, coordinates under the pointer.
   No framework. Exposes window.CarcBoard for turn.js. */
(function () {
  "use strict";
  var scroller = document.getElementById("board-scroll");
  if (!scroller) return;
  var svg = scroller.querySelector("svg.board");
  if (!svg) return;
  var coords = document.getElementById("board-coords");
  var baseW = parseFloat(svg.getAttribute("width")) || svg.viewBox.baseVal.width;
  var baseH = parseFloat(svg.getAttribute("height")) || svg.viewBox.baseVal.height;
  var cell = parseFloat(svg.getAttribute("data-cell")) || 100;
  var zoom = 1;
  var MIN = 0.25, MAX = 3;

  function apply() {
    svg.style.width = Math.round(baseW * zoom) + "px";
    svg.style.height = Math.round(baseH * zoom) + "px";
    scroller.setAttribute("data-zoom", zoom.toFixed(2));
  }

  function fitZoom() {
    var w = scroller.clientWidth - 8;
    var h = Math.max(scroller.clientHeight - 8, 240);
    return Math.max(MIN, Math.min(1.5, w / baseW, h / baseH));
  }

  /* Scroll so that board cell (x, y) is in the middle of the view. */
  function centerOn(x, y) {
    var vb = svg.viewBox.baseVal;
    var px = ((x + 0.5) * cell - vb.x) / vb.width * baseW * zoom;
    var py = ((y + 0.5) * cell - vb.y) / vb.height * baseH * zoom;
    scroller.scrollLeft = px - scroller.clientWidth / 2;
    scroller.scrollTop = py - scroller.clientHeight / 2;
  }

  function setZoom(z, keepCenter) {
    var cx = (scroller.scrollLeft + scroller.clientWidth / 2) / (baseW * zoom);
    var cy = (scroller.scrollTop + scroller.clientHeight / 2) / (baseH * zoom);
    zoom = Math.max(MIN, Math.min(MAX, z));
    apply();
    if (keepCenter !== false) {
      scroller.scrollLeft = cx * baseW * zoom - scroller.clientWidth / 2;
      scroller.scrollTop = cy * baseH * zoom - scroller.clientHeight / 2;
    }
  }

  document.querySelectorAll("[data-zoom]").forEach(function (button) {
    button.addEventListener("click", function () {
      var what = button.getAttribute("data-zoom");
      if (what === "in") setZoom(zoom * 1.25);
      else if (what === "out") setZoom(zoom / 1.25);
      else setZoom(fitZoom());
    });
  });

  scroller.addEventListener("keydown", function (event) {
    if (event.target !== scroller) return;
    if (event.key === "+" || event.key === "=") { setZoom(zoom * 1.25); event.preventDefault(); }
    else if (event.key === "-") { setZoom(zoom / 1.25); event.preventDefault(); }
  });

  /* Coordinates of the cell under the pointer. */
  function cellAt(event) {
    var ctm = svg.getScreenCTM();
    if (!ctm) return null;
    var pt = svg.createSVGPoint();
    pt.x = event.clientX; pt.y = event.clientY;
    var p = pt.matrixTransform(ctm.inverse());
    return [Math.floor(p.x / cell), Math.floor(p.y / cell)];
  }
  var defaultHint = coords ? coords.textContent : "";
  svg.addEventListener("mousemove", function (event) {
    if (!coords) return;
    var c = cellAt(event);
    if (!c) return;
    var tile = svg.querySelector('g.tile[data-x="' + c[0] + '"][data-y="' + c[1] + '"]');
    var text = "(" + c[0] + "," + c[1] + ")";
    if (tile) text += " · tile " + tile.getAttribute("data-tile") + ", rotation " + tile.getAttribute("data-rotation") + "°";
    coords.textContent = text;
  });
  svg.addEventListener("mouseleave", function () { if (coords) coords.textContent = defaultHint; });

  /* Start fitted to the view, but never so small that cells are hard to tap. */
  zoom = Math.max(0.75, Math.min(1.5, fitZoom()));
  apply();
  var last = svg.querySelector("rect.last-move") || svg.querySelector('g.tile[data-x="0"][data-y="0"]');
  if (last) centerOn(parseInt(last.getAttribute("data-x"), 10), parseInt(last.getAttribute("data-y"), 10));

  window.CarcBoard = { svg: svg, cell: cell, centerOn: centerOn, scroller: scroller };
})();
