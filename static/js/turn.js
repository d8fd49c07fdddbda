/* Taking a turn: pick a highlighted cell, rotate through the rotations that fit there,
   pick a follower spot (or none) and confirm. The legal moves are embedded in the page
   (json_script "legal-moves"); the move is POSTed by post_move.js. Keyboard: slots and spots
   are buttons (Enter/Space), R rotates, Enter confirms, Escape cancels. */
import { announce } from "./announce.js";
import * as boards from "./board.js";
import { postMove } from "./post_move.js";

var keyHandler = null;

/* The turn panel's state (null: not the player's turn): busy() tells live.js to wait. */
export let current = null;

/* Called on page load and again by live.js after it swapped in a new turn panel. */
export function init() {
  current = setUp();
  return current;
}

function setUp() {
  if (keyHandler) { document.removeEventListener("keydown", keyHandler); keyHandler = null; }
  var panel = document.getElementById("turn-panel");
  var data = document.getElementById("legal-moves");
  if (!panel || !data || !boards.gameBoard) return null;
  var legal = JSON.parse(data.textContent);
  var board = boards.gameBoard;
  var svg = board.svg;
  var NS = "http://www.w3.org/2000/svg";
  // The seat colours are game.css's --p-<name> (the same table as the board's followers).
  var color = getComputedStyle(document.documentElement)
    .getPropertyValue("--p-" + panel.getAttribute("data-color")).trim() || "#d8362b";

  var controls = document.getElementById("turn-controls");
  var step = document.getElementById("turn-step");
  var tileBox = document.getElementById("turn-tile");
  var originalTile = tileBox.innerHTML;
  var rotateBtn = document.getElementById("rotate-btn");
  var noneBtn = document.getElementById("no-follower-btn");
  var confirmBtn = document.getElementById("confirm-btn");
  var cancelBtn = document.getElementById("cancel-btn");
  var selection = document.getElementById("selection");
  var alertBox = document.getElementById("turn-alert");

  var templates = {};
  panel.querySelectorAll("template.tile-template").forEach(function (t) {
    templates[t.getAttribute("data-rotation")] = t.innerHTML;
  });

  var byCell = {};
  legal.placements.forEach(function (p) {
    var key = p.x + "," + p.y;
    (byCell[key] = byCell[key] || []).push(p);
  });
  Object.keys(byCell).forEach(function (k) { byCell[k].sort(function (a, b) { return a.rotation - b.rotation; }); });

  var refusals = legal.refusals || { cells: {}, spots: {}, usual: null, reasons: [] };
  var figureBox = document.getElementById("figure-choice");
  var actionBox = document.getElementById("action-choice");
  /* action: the index of the chosen action instead of a figure (Tower, fairy, portal, princess), or null */
  var state = { key: null, index: 0, spot: null, figure: "follower", action: null, busy: false };

  /* The spots of a placement where some figure may go, and the figures allowed on one. */
  function spotsOf(p) {
    var seen = [];
    (p.figures || []).forEach(function (f) { if (seen.indexOf(f.spot) < 0) seen.push(f.spot); });
    return seen;
  }
  function figuresAt(p, spot) {
    return (p.figures || []).filter(function (f) { return f.spot === spot; }).map(function (f) { return f.figure; });
  }
  function figureLabel(kind) { return (legal.figure_labels && legal.figure_labels[kind]) || kind; }

  function options() { return state.key ? byCell[state.key] : []; }
  function placement() { return options()[state.index] || null; }
  function chosenAction() {
    var p = placement();
    return p && state.action !== null && p.actions ? p.actions[state.action] || null : null;
  }

  function spotLabel(spot) {
    if (!spot) return legal.no_follower || "no follower";
    return (legal.spot_labels && legal.spot_labels[spot]) || spot;  // named by the server (games.present.entries)
  }

  function clearBoardPreview() {
    var old = svg.querySelector("g.preview");
    if (old) old.parentNode.removeChild(old);
    svg.querySelectorAll("rect.slot.selected").forEach(function (r) {
      r.classList.remove("selected");
      r.setAttribute("aria-pressed", "false");
    });
  }

  function drawBoardPreview(p) {
    clearBoardPreview();
    var html = templates[String(p.rotation)];
    if (!html) return;
    var holder = document.createElement("div");
    holder.innerHTML = html;
    var src = holder.querySelector("svg");
    var g = document.createElementNS(NS, "g");
    g.setAttribute("class", "preview");
    g.setAttribute("transform", "translate(" + p.x * board.cell + "," + p.y * board.cell + ")");
    g.setAttribute("pointer-events", "none");
    var art = src.querySelector("g.tile");
    if (art) {
      var clone = art.cloneNode(true);
      clone.setAttribute("class", "tile-ghost");
      var t = clone.querySelector("title");
      if (t) t.parentNode.removeChild(t);
      g.appendChild(clone);
    }
    if (state.spot) {
      var spotEl = src.querySelector('circle.spot[data-spot="' + state.spot + '"]');
      if (spotEl) {
        var m = document.createElementNS(NS, "circle");
        m.setAttribute("cx", spotEl.getAttribute("cx"));
        m.setAttribute("cy", spotEl.getAttribute("cy"));
        m.setAttribute("r", "11");
        m.setAttribute("fill", color);
        m.setAttribute("stroke", "#fff");
        m.setAttribute("stroke-width", "3");
        m.setAttribute("class", "preview-follower");
        g.appendChild(m);
      }
    }
    var frame = document.createElementNS(NS, "rect");
    frame.setAttribute("x", "2"); frame.setAttribute("y", "2");
    frame.setAttribute("width", board.cell - 4); frame.setAttribute("height", board.cell - 4);
    frame.setAttribute("rx", "4");
    frame.setAttribute("class", "preview-frame");
    g.appendChild(frame);
    var slots = svg.querySelector("g.slots");
    svg.insertBefore(g, slots || null);
    var slot = svg.querySelector('rect.slot[data-x="' + p.x + '"][data-y="' + p.y + '"]');
    if (slot) { slot.classList.add("selected"); slot.setAttribute("aria-pressed", "true"); }
  }

  function drawPanelTile(p) {
    tileBox.innerHTML = templates[String(p.rotation)] || originalTile;
    var tileSvg = tileBox.querySelector("svg");
    if (tileSvg) {
      tileSvg.addEventListener("click", function (event) {
        if (event.target.closest("circle.spot")) return;  // the spot itself answers
        var spot = nearestSpot(event);
        if (spot) chooseSpot(spot);
      });
      tileSvg.setAttribute("aria-label", interpolate(gettext("Tile %(tile)s, rotation %(rotation)s°; choose a follower spot"), { tile: legal.tile, rotation: p.rotation }, true));
      tileSvg.setAttribute("role", "group");
    }
    tileBox.querySelectorAll("circle.spot").forEach(function (c) {
      var spot = c.getAttribute("data-spot");
      if (spotsOf(p).indexOf(spot) < 0) {
        refuseSpot(c, p, spot);
        return;
      }
      c.setAttribute("aria-label", interpolate(gettext("Place a %(follower)s"), { follower: spotLabel(spot) }, true));
      var on = spot === state.spot;
      c.classList.toggle("selected", on);
      c.setAttribute("aria-pressed", on ? "true" : "false");
      if (on) { c.setAttribute("fill", color); c.setAttribute("fill-opacity", "1"); }
      c.addEventListener("click", function () { chooseSpot(spot); });
      c.addEventListener("keydown", function (e) {
        if (e.key === "Enter" || e.key === " ") { e.preventDefault(); e.stopPropagation(); chooseSpot(spot); }
      });
    });
  }

  /* A tap near a spot (within HIT px of its middle, outside every spot) chooses the nearest
     one: a finger's 44 px target round each small spot. */
  var HIT = 22;
  function nearestSpot(event) {
    var best = null, bestDistance = HIT;
    tileBox.querySelectorAll("circle.spot:not(.spot-refused)").forEach(function (c) {
      var r = c.getBoundingClientRect();
      var d = Math.hypot(event.clientX - (r.left + r.width / 2), event.clientY - (r.top + r.height / 2));
      if (d <= bestDistance) { best = c.getAttribute("data-spot"); bestDistance = d; }
    });
    return best;
  }

  /* A spot of the tile where no follower may go: shown greyed; a click says why. */
  function refuseSpot(c, p, spot) {
    var byPlacement = refusals.spots[p.x + "," + p.y + "," + p.rotation] || {};
    var why = refusals.reasons[spot in byPlacement ? byPlacement[spot] : refusals.usual];  // listed: not the usual reason
    if (why === undefined) { c.parentNode.removeChild(c); return; }
    c.classList.add("spot-refused");
    c.setAttribute("aria-disabled", "true");
    c.setAttribute("tabindex", "-1");
    c.setAttribute("aria-label", why);
    c.addEventListener("click", function () { say(why); });
  }

  function say(text) { announce(text, true); }

  /* A click on the board outside the highlighted cells: why the tile may not go there. */
  function refuseCell(event) {
    if (state.busy || !board.cellAt || (event.target.closest && event.target.closest("rect.slot"))) return;
    var cell = board.cellAt(event);
    if (!cell) return;
    var key = cell[0] + "," + cell[1];
    if (byCell[key]) return;
    if (svg.querySelector('g.tile[data-x="' + cell[0] + '"][data-y="' + cell[1] + '"]')) say(refusals.taken);
    else say(key in refusals.cells ? refusals.reasons[refusals.cells[key]] : refusals.far);
  }

  var phone = window.matchMedia ? window.matchMedia("(max-width: 47.99rem)") : { matches: false };

  /* On a phone the turn card becomes a bottom sheet while a placement is chosen: the
     rotate, follower and confirm controls stay in view, the board above it. */
  function sheet(open, p) {
    var was = panel.classList.contains("is-choosing");
    panel.classList.toggle("is-choosing", open);
    document.body.classList.toggle("sheet-open", open);
    if (open && !was && phone.matches) {
      var header = document.querySelector(".site-header");
      var covered = header && /sticky|fixed/.test(getComputedStyle(header).position) ? header.offsetHeight : 0;
      var top = board.scroller.getBoundingClientRect().top + window.scrollY - covered - 8;
      window.scrollTo({ top: top, behavior: "auto" });
      if (p) board.centerOn(p.x, p.y);
    }
  }

  function render(focusSpot) {
    var p = placement();
    alertBox.textContent = "";
    sheet(!!p, p);
    if (!p) {
      clearBoardPreview();
      tileBox.innerHTML = originalTile;
      controls.hidden = true;
      step.textContent = gettext("Choose a highlighted cell on the board.");
      return;
    }
    drawBoardPreview(p);
    drawPanelTile(p);
    controls.hidden = false;
    var n = options().length;
    rotateBtn.disabled = n < 2;
    rotateBtn.innerHTML = "⟳ " + gettext("Rotate") + " <kbd>R</kbd>" + (n > 1 ? ' <span class="muted small">' + (state.index + 1) + "/" + n + "</span>" : "");
    rotateBtn.setAttribute("aria-label", n > 1 ? interpolate(gettext("Rotate (%(count)s rotations fit here)"), { count: n }, true) : gettext("Rotate (only one rotation fits here)"));
    noneBtn.setAttribute("aria-pressed", state.spot || state.action !== null ? "false" : "true");
    var spots = spotsOf(p).length;
    noneBtn.hidden = !spots;  // no follower can go on this placement (or none is left): nothing to choose
    renderFigures(p);
    renderActions(p);
    selection.innerHTML = "";
    var strong = document.createElement("strong");
    strong.textContent = interpolate(gettext("Tile %(tile)s at (%(x)s,%(y)s), %(rotation)s°"), { tile: legal.tile, x: p.x, y: p.y, rotation: p.rotation }, true);
    selection.appendChild(strong);
    var acting = chosenAction();
    selection.appendChild(document.createTextNode(" · " + (acting ? acting.label : spotLabel(state.spot)
      + (state.spot && state.figure !== "follower" ? " (" + figureLabel(state.figure) + ")" : ""))));
    selection.setAttribute("data-figure", state.spot ? state.figure : "");
    selection.setAttribute("data-rotation", p.rotation);
    selection.setAttribute("data-spot", state.spot || "");
    confirmBtn.disabled = state.busy || (!!p.must_act && !acting);
    step.textContent = p.must_act
      ? gettext("Choose what the princess does (she must act), then confirm.")
      : spots
      ? gettext("Rotate if you like, put a follower on a spot of the tile (or none), then confirm.")
      : (legal.placements.length && !spots ? gettext("Rotate if you like, then confirm (no follower can be placed).") : gettext("Rotate if you like, then confirm."));
    if (focusSpot) {
      var el = tileBox.querySelector('circle.spot[data-spot="' + focusSpot + '"]');
      if (el) el.focus();
    }
  }

  function select(key) {
    if (!byCell[key]) return;
    if (state.key === key) { rotate(); return; }
    var prev = placement();
    state.key = key;
    state.index = 0;
    if (prev) {
      var same = byCell[key].findIndex(function (p) { return p.rotation === prev.rotation; });
      if (same >= 0) state.index = same;
    }
    state.spot = null;
    state.figure = "follower";
    state.action = null;
    render();
  }

  function rotate() {
    var n = options().length;
    if (n < 2) return;
    state.index = (state.index + 1) % n;
    var p = placement();
    if (state.spot && figuresAt(p, state.spot).indexOf(state.figure) < 0) state.spot = null;
    state.action = null;  // the actions differ from one rotation to another
    render();
  }

  function chooseSpot(spot) {
    state.spot = state.spot === spot ? null : spot;
    if (state.spot) state.action = null;
    if (state.spot) {
      var kinds = figuresAt(placement(), spot);
      state.figure = kinds.indexOf("follower") >= 0 ? "follower" : kinds[0];
    }
    render(spot);
  }

  /* The figures allowed on the chosen spot (follower, large follower, builder, pig), as
     toggle buttons; hidden when no spot is chosen. */
  function renderFigures(p) {
    if (!figureBox) return;
    figureBox.innerHTML = "";
    var kinds = state.spot ? figuresAt(p, state.spot) : [];
    figureBox.hidden = kinds.length < 2 && !(kinds.length === 1 && kinds[0] !== "follower");
    kinds.forEach(function (kind) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = "btn btn-small";
      b.setAttribute("data-figure", kind);
      b.setAttribute("aria-pressed", kind === state.figure ? "true" : "false");
      b.textContent = figureLabel(kind);
      b.addEventListener("click", function () { state.figure = kind; render(); });
      figureBox.appendChild(b);
    });
  }

  /* The actions the placement may take instead of a figure, as toggle buttons with the
     server's words; hidden when it has none. Choosing one leaves the spot empty. */
  function renderActions(p) {
    if (!actionBox) return;
    var list = actionBox.querySelector(".action-list");
    list.innerHTML = "";
    actionBox.hidden = !(p.actions && p.actions.length);
    (p.actions || []).forEach(function (a, i) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = "btn btn-small";
      b.setAttribute("aria-pressed", i === state.action ? "true" : "false");
      b.textContent = a.label;
      b.addEventListener("click", function () {
        state.action = state.action === i ? null : i;
        if (state.action !== null) state.spot = null;
        render();
      });
      list.appendChild(b);
    });
  }

  function cancel() {
    state.key = null; state.index = 0; state.spot = null; state.action = null;
    render();
  }

  function confirmMove() {
    var p = placement();
    if (!p || state.busy || (p.must_act && !chosenAction())) return;
    state.busy = true;
    confirmBtn.disabled = true;
    confirmBtn.textContent = gettext("Sending…");
    alertBox.textContent = "";
    var body = {
      move_number: parseInt(panel.getAttribute("data-move-number"), 10),
      tile: panel.getAttribute("data-tile"),
      x: p.x, y: p.y, rotation: p.rotation,
      meeple: state.spot && state.figure !== "follower" ? { spot: state.spot, figure: state.figure } : state.spot
    };
    var acting = chosenAction();
    if (acting) Object.keys(acting.entry).forEach(function (key) { body[key] = acting.entry[key]; });
    postMove(panel, panel.getAttribute("data-move-url"), body).catch(function (error) {
      state.busy = false;
      confirmBtn.disabled = false;
      confirmBtn.textContent = gettext("Confirm move");
      alertBox.textContent = error.message || gettext("The move could not be sent. Check your connection and try again.");
    });
  }

  svg.querySelectorAll("rect.slot").forEach(function (slot) {
    var key = slot.getAttribute("data-x") + "," + slot.getAttribute("data-y");
    slot.setAttribute("aria-pressed", "false");
    slot.addEventListener("click", function () { select(key); });
    slot.addEventListener("keydown", function (e) {
      if (e.key === "Enter" || e.key === " ") { e.preventDefault(); e.stopPropagation(); select(key); }
    });
  });

  /* A ransom before the tile move: its own POST to the decision URL; the turn goes on. */
  panel.querySelectorAll(".before-turn button[data-answer]").forEach(function (b) {
    b.addEventListener("click", function () {
      if (state.busy) return;
      state.busy = true;
      b.disabled = true;
      var url = b.closest(".before-turn").getAttribute("data-decision-url");
      postMove(panel, url, {
        move_number: parseInt(panel.getAttribute("data-move-number"), 10),
        answer: JSON.parse(b.getAttribute("data-answer"))
      }).catch(function (error) {
        state.busy = false;
        b.disabled = false;
        alertBox.textContent = error.message || gettext("The move could not be sent. Check your connection and try again.");
      });
    });
  });

  svg.addEventListener("click", refuseCell);
  rotateBtn.addEventListener("click", rotate);
  noneBtn.addEventListener("click", function () { state.spot = null; state.action = null; render(); });
  confirmBtn.addEventListener("click", confirmMove);
  cancelBtn.addEventListener("click", function () {
    var key = state.key;
    cancel();
    var slot = key && svg.querySelector('rect.slot[data-x="' + key.split(",")[0] + '"][data-y="' + key.split(",")[1] + '"]');
    if (slot) slot.focus();
  });

  keyHandler = function (e) {
    var t = e.target;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT" || t.isContentEditable)) return;
    if (e.key === "r" || e.key === "R") {
      if (state.key) { e.preventDefault(); rotate(); }
    } else if (e.key === "Escape") {
      if (state.key) { e.preventDefault(); cancel(); }
    } else if (e.key === "Enter") {
      if (t && (t.tagName === "BUTTON" || t.tagName === "A")) return;
      if (state.key) { e.preventDefault(); confirmMove(); }
    }
  };
  document.addEventListener("keydown", keyHandler);

  render();
  /* busy: a placement is being chosen or sent (live updates wait for it). */
  return { busy: function () { return state.key !== null || state.busy; } };
}

init();

/* On a phone, the page of a turn opens on the turn card with the board just below it in view
   (the game's title and status above are a scroll up); not when coming back to a place. */
function intoView() {
  var panel = document.getElementById("turn-panel");
  if (!current || !panel || window.location.hash || window.scrollY > 0) return;
  if (!window.matchMedia || !window.matchMedia("(max-width: 47.99rem)").matches) return;
  var header = document.querySelector(".site-header");
  var covered = header && /sticky|fixed/.test(getComputedStyle(header).position) ? header.offsetHeight : 0;
  window.scrollTo({ top: panel.getBoundingClientRect().top + window.scrollY - covered - 8, behavior: "auto" });
}
intoView();
