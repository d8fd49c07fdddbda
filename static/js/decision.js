/* A decision other than a tile turn (the Count's): the options are buttons in the
   decision panel and, for moves onto the board, clickable markers drawn over the board
   (json_script "decision-targets": x, y of the tile, fx, fy of the spot as fractions of
   the tile), or the City's quarters. Every answer is POSTed by post_move.js: a button's
   data-answer, or the decision form's fields. A finger reaches every target on the board:
   see fingerTargets. */
import * as boards from "./board.js";
import { postMove } from "./post_move.js";

var NS = "http://www.w3.org/2000/svg";

/* The decision panel's state (null: no decision of the player's): busy() tells live.js to wait. */
export let current = null;

/* Called on page load and again by live.js after it swapped in a new decision panel. */
export function init() {
  current = setUp();
  return current;
}

function setUp() {
  var panel = document.getElementById("decision-panel");
  if (!panel || !panel.getAttribute("data-decision-url")) return null;
  var alertBox = document.getElementById("decision-alert");
  var state = { busy: false };

  function send(answer) {
    if (state.busy) return;
    state.busy = true;
    panel.classList.add("is-sending");
    alertBox.textContent = "";
    postMove(panel, panel.getAttribute("data-decision-url"), {
      move_number: parseInt(panel.getAttribute("data-move-number"), 10), answer: answer
    }).catch(function (error) {
      state.busy = false;
      panel.classList.remove("is-sending");
      alertBox.textContent = error.message || "";
    });
  }

  panel.querySelectorAll("[data-answer]").forEach(function (button) {
    button.addEventListener("click", function () { send(JSON.parse(button.getAttribute("data-answer"))); });
  });

  /* The decision's own form (an expansion's: games/_decision_form.html), if it has one: the
     answer is its named fields that have a value (a default the answers leave out has none). */
  var form = panel.querySelector("form");
  if (form) {
    form.addEventListener("submit", function (e) {
      e.preventDefault();
      var answer = {};
      new FormData(form).forEach(function (value, name) { if (value !== "") answer[name] = value; });
      send(answer);
    });
  }

  /* The City's quarters on the board (board_svg's rect.quarter-area[data-quarter]) choose
     the quarter of the deployment form. */
  var quarters = [];
  var board = boards.gameBoard;
  if (form && board && board.svg) {
    board.svg.querySelectorAll("rect.quarter-area[data-quarter]").forEach(function (area) {
      var radio = form.querySelector('input[name="quarter"][value="' + area.getAttribute("data-quarter") + '"]');
      if (!radio) return;
      area.classList.add("is-choosable");
      board.svg.setAttribute("role", "group");  // it holds buttons now: no longer a mere picture
      area.setAttribute("role", "button");
      area.setAttribute("tabindex", "0");
      function pick() {
        radio.checked = true;
        board.svg.querySelectorAll("rect.quarter-area.is-chosen").forEach(function (a) { a.classList.remove("is-chosen"); });
        area.classList.add("is-chosen");
        radio.focus();
      }
      area.addEventListener("click", pick);
      area.addEventListener("keydown", function (e) {
        if (e.key === "Enter" || e.key === " ") { e.preventDefault(); pick(); }
      });
      var box = area.getBBox();
      quarters.push({ el: area, x: box.x + box.width / 2, y: box.y + box.height / 2, size: Math.min(box.width, box.height), act: pick });
    });
  }

  var targets = document.getElementById("decision-targets");
  var spots = [];
  if (targets && board && board.svg) {
    var old = board.svg.querySelector("g.decision-targets");
    if (old) old.parentNode.removeChild(old);
    var layer = document.createElementNS(NS, "g");
    layer.setAttribute("class", "decision-targets");
    JSON.parse(targets.textContent).forEach(function (t) {
      var c = document.createElementNS(NS, "circle");
      c.setAttribute("cx", (t.x + t.fx) * board.cell);
      c.setAttribute("cy", (t.y + t.fy) * board.cell);
      c.setAttribute("r", "13");
      c.setAttribute("class", "decision-target");
      c.setAttribute("tabindex", "0");
      c.setAttribute("role", "button");
      c.setAttribute("aria-label", t.text);
      c.setAttribute("data-testid", "decision-target");
      c.setAttribute("data-x", t.x); c.setAttribute("data-y", t.y); c.setAttribute("data-spot", t.spot);
      var title = document.createElementNS(NS, "title");
      title.textContent = t.text;
      c.appendChild(title);
      c.addEventListener("click", function () { send(t.answer); });
      c.addEventListener("keydown", function (e) {
        if (e.key === "Enter" || e.key === " ") { e.preventDefault(); send(t.answer); }
      });
      layer.appendChild(c);
      spots.push({ el: c, x: (t.x + t.fx) * board.cell, y: (t.y + t.fy) * board.cell, size: 26, act: function () { send(t.answer); } });
    });
    board.svg.appendChild(layer);
    board.svg.setAttribute("role", "group");  // it holds buttons now: no longer a mere picture
  }
  if (board && board.svg && panel.getAttribute("data-decision-url")) {
    fingerTargets(board, spots.length ? spots : quarters, panel.getAttribute("data-move-number"));
  }
  return { busy: function () { return state.busy; } };
}

/* A finger's target round each of the decision's targets on the board, whatever the
   zoom: a tap within HIT px of a target's middle chooses it (the nearest, where several
   are that near), through a transparent circle under it that follows the zoom. When the
   decision comes, the board zooms in (as far as it goes) until no two targets lie closer
   than 2 * HIT px, so that each has its own 44 px, and shows them in the middle of the view. */
var HIT = 22;  // half of a finger's 44 CSS px
var zoomedFor = null;  // the decision (its move number) the board last zoomed in for

function fingerTargets(board, items, decision) {
  var svg = board.svg;
  var old = svg.querySelector("g.hit-areas");
  if (old) old.parentNode.removeChild(old);
  if (!items.length) return;
  var layer = document.createElementNS(NS, "g");
  layer.setAttribute("class", "hit-areas");
  layer.setAttribute("aria-hidden", "true");
  var first = items[0].el;  // under the targets, so that they still take their own clicks
  var under = first.closest("g.decision-targets, g.city-quarters") || first;
  under.parentNode.insertBefore(layer, under);
  items.forEach(function (item, i) {
    var c = document.createElementNS(NS, "circle");
    c.setAttribute("cx", item.x); c.setAttribute("cy", item.y);
    c.setAttribute("fill", "transparent"); c.setAttribute("pointer-events", "all");
    c.setAttribute("class", "hit-area"); c.setAttribute("data-hit-area", String(i));
    item.el.setAttribute("data-hit", String(i));
    item.hit = c;
    layer.appendChild(c);
  });
  layer.addEventListener("click", function (event) {  // in the layer's units: the City's tile is translated
    var at = pointIn(layer, event.clientX, event.clientY);
    var best = null, bestDistance = Infinity;
    items.forEach(function (item) {
      var d = Math.hypot(at.x - item.x, at.y - item.y);
      if (d < bestDistance) { best = item; bestDistance = d; }
    });
    if (best) best.act();
  });
  function unitsPerPx() { return svg.viewBox.baseVal.width / svg.getBoundingClientRect().width; }
  function resize() {
    var r = HIT * unitsPerPx();
    items.forEach(function (item) { item.hit.setAttribute("r", Math.max(item.size / 2, r).toFixed(1)); });
  }
  board.scroller._fingerTargets = resize;
  if (!board.scroller._fingerListener) {
    board.scroller._fingerListener = true;
    board.scroller.addEventListener("carc:zoom", function () { if (board.scroller._fingerTargets) board.scroller._fingerTargets(); });
  }
  if (zoomedFor !== decision) {
    zoomedFor = decision;
    zoomTo(board, items);
  }
  resize();
}

function pointIn(element, clientX, clientY) {
  var p = (element.ownerSVGElement || element).createSVGPoint();
  p.x = clientX; p.y = clientY;
  return p.matrixTransform(element.getScreenCTM().inverse());
}

function zoomTo(board, items) {
  var centres = items.map(function (item) {  // in the board's units
    var r = item.el.getBoundingClientRect();
    return pointIn(board.svg, r.left + r.width / 2, r.top + r.height / 2);
  });
  var apart = Infinity, x = 0, y = 0;
  centres.forEach(function (a, i) {
    x += a.x / centres.length; y += a.y / centres.length;
    centres.slice(i + 1).forEach(function (b) { apart = Math.min(apart, Math.hypot(a.x - b.x, a.y - b.y)); });
  });
  var vb = board.svg.viewBox.baseVal;
  var zoom = 2 * HIT / apart * vb.width / board.baseW;  // Infinity apart (one target): no need
  if (zoom > board.zoom && isFinite(zoom)) board.setZoom(zoom, false);
  board.centerOn(x / board.cell - 0.5, y / board.cell - 0.5);
}

init();
