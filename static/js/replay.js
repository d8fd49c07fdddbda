/* Replay page: step through a game without reloading.
   Progressive enhancement: every control works as a plain link or form without JS.
   With JS: the nav links, the slider and the move list fetch the board
   (/api/archive/games/<id>/board.svg?legend=0&move=k) and the scores and legend
   (/moves/<k>/) and swap them in; ← / → step, Home / End jump. Uploaded records (no data-api) only get keys.
   The list of moves shows a window around the move shown: a move outside it, or its "earlier",
   "later" and "all moves" links, fetch the list alone (data-moves-url) and swap it in. */
import * as legend from "./board_legend.js";

var root = document.getElementById("replay");
if (root) start(root);

/* Everything the replay page does, on its #replay element. */
function start(root) {
  var api = root.dataset.api;
  var page = root.dataset.page;
  var total = parseInt(root.dataset.total, 10) || 0;
  var current = parseInt(root.dataset.move, 10) || 0;
  var slider = root.querySelector("[data-slider]");
  var numberInput = root.querySelector("[data-move-input]");
  var board = root.querySelector("[data-board]");
  var pending = null;

  function clamp(k) { return Math.max(0, Math.min(total, k)); }

  function navTarget(name, k) {
    return { first: 0, previous: k - 1, next: k + 1, last: total }[name];
  }

  function setNav(k) {
    root.querySelectorAll("[data-nav]").forEach(function (el) {
      var target = navTarget(el.dataset.nav, k);
      var enabled = target >= 0 && target <= total && target !== k;
      if (el.tagName === "A") {
        if (enabled) { el.href = page + "?move=" + target; el.removeAttribute("aria-disabled"); }
        else { el.removeAttribute("href"); el.setAttribute("aria-disabled", "true"); }
        el.classList.toggle("is-disabled", !enabled);
      }
    });
  }

  function text(el, value) { if (el) el.textContent = value; }

  /* The list of moves alone, for ?move=k&from=n (or moves=all): swapped in place. */
  var listPending = null;
  function loadList(query, scrollToCurrent) {
    var part = root.querySelector("[data-move-list]");
    var url = part && part.dataset.movesUrl;
    if (!url) return false;
    if (listPending) listPending.abort();
    var controller = window.AbortController ? new AbortController() : null;
    listPending = controller;
    var opts = { credentials: "same-origin", headers: { Accept: "text/html" } };
    if (controller) opts.signal = controller.signal;
    fetch(url + query, opts).then(function (r) { if (!r.ok) throw new Error(r.status); return r.text(); })
      .then(function (html) {
        var holder = document.createElement("div");
        holder.innerHTML = html.trim();
        var fresh = holder.querySelector("[data-move-list]");
        var old = root.querySelector("[data-move-list]");
        if (!fresh || !old) return;
        old.replaceWith(fresh);
        markCurrent(current);
        if (scrollToCurrent) showCurrentMove();
        else { var box = fresh.querySelector("[data-move-scroll]"); if (box) box.scrollTop = 0; }
      }).catch(function (err) {
        if (err && err.name === "AbortError") return;
        window.location.href = page + query + "#moves-h";  // fall back to a full page load
      }).finally(function () { if (listPending === controller) listPending = null; });
    return true;
  }

  function markCurrent(k) {
    root.querySelectorAll(".move-list li").forEach(function (li) {
      if (li.dataset.step === String(k)) li.setAttribute("aria-current", "step");
      else li.removeAttribute("aria-current");
    });
    root.querySelectorAll("a[data-moves-page]").forEach(function (a) {
      a.setAttribute("href", a.getAttribute("href").replace(/([?&]move=)\d+/, "$1" + k));
    });
  }

  /* Scroll the list of moves (not the page) so that the current move is in it. */
  function showCurrentMove() {
    var box = root.querySelector("[data-move-scroll]");
    var li = box && box.querySelector('li[aria-current="step"]');
    if (!li) return;
    var top = li.offsetTop;
    if (top < box.scrollTop || top + li.offsetHeight > box.scrollTop + box.clientHeight) {
      box.scrollTop = Math.max(0, top - box.clientHeight / 2);
    }
  }

  function render(k, state, svg) {
    board.innerHTML = svg;
    legend.render(legend.find(root), state.legend);
    if (board._carcBoard) board._carcBoard.refresh();  // board.js's, when it is loaded
    current = k;
    root.dataset.move = String(k);
    root.querySelectorAll("[data-move-number]").forEach(function (el) { el.textContent = String(k); });
    if (slider) { slider.value = String(k); slider.setAttribute("aria-valuetext", interpolate(gettext("Move %(number)s of %(total)s"), { number: k, total: total }, true)); }
    if (numberInput) numberInput.value = String(k);
    var moveText = root.querySelector("[data-move-text]");
    if (moveText) {
      moveText.textContent = "";
      if (state.played) {
        var strong = document.createElement("strong");
        strong.textContent = interpolate(gettext("Move %(number)s:"), { number: state.played.number }, true);
        moveText.appendChild(strong);
        moveText.appendChild(document.createTextNode(" " + state.played.text + "."));
      } else {
        moveText.textContent = gettext("The start tile alone: no move yet.");
      }
    }
    state.players.forEach(function (p) {
      var row = root.querySelector('tr[data-seat="' + p.seat + '"]');
      if (!row) return;
      text(row.querySelector("[data-score]"), String(p.score));
      text(row.querySelector("[data-supply]"), String(p.supply));
      var cell = row.querySelector("[data-points]");
      if (cell) {
        cell.textContent = p.points ? "+" + p.points : "–";
        if (p.final_points) {
          var span = document.createElement("span");
          span.className = "final-points";
          span.title = gettext("Final scoring");
          span.textContent = " " + interpolate(gettext("+%(points)s final"), { points: p.final_points }, true);
          cell.appendChild(span);
        }
      }
    });
    var note = root.querySelector("[data-final-note]");
    if (note) note.hidden = !state.finished;
    var chart = root.querySelector(".score-chart");
    var marker = chart && chart.querySelector(".chart-marker");
    if (marker) {
      var left = parseFloat(chart.dataset.left), width = parseFloat(chart.dataset.width);
      var steps = parseFloat(chart.dataset.steps) || 1;
      var x = (left + width * Math.min(k, steps) / steps).toFixed(1);
      marker.setAttribute("x1", x); marker.setAttribute("x2", x);
    }
    markCurrent(k);
    if (root.querySelector('.move-list li[data-step="' + k + '"]')) showCurrentMove();
    else loadList("?move=" + k, true);  // the moves around k, the list showed others
    setNav(k);
    if (root.dataset.titleTemplate) document.title = root.dataset.titleTemplate.replace("{move}", String(k));
  }

  function go(k, push) {
    k = clamp(k);
    if (!api) return false;
    if (pending) pending.abort();
    var controller = window.AbortController ? new AbortController() : null;
    pending = controller;
    var opts = { credentials: "same-origin", headers: { Accept: "application/json" } };
    if (controller) opts.signal = controller.signal;
    board.classList.add("is-loading");
    Promise.all([
      fetch(api + "moves/" + k + "/", opts).then(function (r) { if (!r.ok) throw new Error(r.status); return r.json(); }),
      fetch(api + "board.svg?legend=0&move=" + k, opts).then(function (r) { if (!r.ok) throw new Error(r.status); return r.text(); })
    ]).then(function (results) {
      render(k, results[0], results[1]);
      var url = page + "?move=" + k;
      if (push) history.pushState({ move: k }, "", url); else history.replaceState({ move: k }, "", url);
    }).catch(function (err) {
      if (err && err.name === "AbortError") return;
      window.location.href = page + "?move=" + k;  // fall back to a full page load
    }).finally(function () {
      if (pending === controller) { pending = null; board.classList.remove("is-loading"); }
    });
    return true;
  }

  function stepTo(k) {
    k = clamp(k);
    if (k === current) return;
    if (api) { go(k, true); return; }
    // uploaded record: press the matching submit button of the form
    var names = { 0: "first", [current - 1]: "previous", [current + 1]: "next", [total]: "last" };
    var button = root.querySelector('[data-nav="' + names[k] + '"]');
    if (button && !button.disabled) button.click();
  }

  root.addEventListener("click", function (event) {
    if (!api || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    var pager = event.target.closest("a[data-moves-page]");
    if (pager) {
      var search = pager.getAttribute("href").replace(/#.*$/, "");
      search = search.slice(search.indexOf("?"));
      if (loadList(search, /[?&]from=/.test(search) ? false : true)) event.preventDefault();
      return;
    }
    var link = event.target.closest("a[data-nav], a[data-goto]");
    if (!link || !link.getAttribute("href")) return;
    var match = /[?&]move=(\d+)/.exec(link.getAttribute("href"));
    if (!match) return;
    event.preventDefault();
    go(parseInt(match[1], 10), true);
  });

  var form = root.querySelector("form.replay-nav-form");
  if (form && api) {
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      go(parseInt(numberInput.value, 10) || 0, true);
    });
  }

  if (slider) {
    var timer = null;
    slider.addEventListener("input", function () {
      var k = parseInt(slider.value, 10);
      if (numberInput) numberInput.value = String(k);
      root.querySelectorAll("[data-move-number]").forEach(function (el) { el.textContent = String(k); });
      if (!api) return;
      clearTimeout(timer);
      timer = setTimeout(function () { go(k, false); }, 120);
    });
    slider.addEventListener("change", function () {
      if (!api && form) form.requestSubmit ? form.requestSubmit() : form.submit();
    });
  }

  document.addEventListener("keydown", function (event) {
    var t = event.target;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)) && t !== slider) return;
    if (t === slider) return;  // the slider handles its own arrows
    var k = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: total }[event.key];
    if (k === undefined) return;
    event.preventDefault();
    stepTo(k);
  });

  window.addEventListener("popstate", function (event) {
    var k = event.state && typeof event.state.move === "number" ? event.state.move
      : parseInt(new URLSearchParams(location.search).get("move") || String(total), 10);
    go(k, false);
  });
  showCurrentMove();
}
