/* A decision other than a tile turn (the Count's): the options are buttons in the
   decision panel and, for moves onto the board, clickable markers drawn over the board
   (json_script "decision-targets": x, y of the tile, fx, fy of the spot as fractions of
   the tile). Every answer is POSTed to the API's decision endpoint. */
(function () {
  "use strict";
  var NS = "http://www.w3.org/2000/svg";

  function init() {
    var panel = document.getElementById("decision-panel");
    if (!panel || !panel.getAttribute("data-decision-url")) return null;
    var alertBox = document.getElementById("decision-alert");
    var state = { busy: false };

    function csrfToken() {
      var token = panel.getAttribute("data-csrf");
      if (token) return token;
      var m = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
      return m ? decodeURIComponent(m[1]) : "";
    }

    function send(answer) {
      if (state.busy) return;
      state.busy = true;
      panel.classList.add("is-sending");
      alertBox.textContent = "";
      fetch(panel.getAttribute("data-decision-url"), {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRFToken": csrfToken(),
                   "X-Page-Since": window.CarcLive ? String(window.CarcLive.shownMove()) : "0" },
        body: JSON.stringify({ move_number: parseInt(panel.getAttribute("data-move-number"), 10), answer: answer })
      }).then(function (response) {
        if (response.status === 201) {
          return response.json().then(function (body) {
            if (window.CarcAnnounce) window.CarcAnnounce(body.played);
            if (window.CarcLive) window.CarcLive.show(body.page); else window.location.reload();
          });
        }
        return response.json().catch(function () { return {}; }).then(function (body) {
          throw new Error(body && body.detail ? body.detail : "HTTP " + response.status);
        });
      }).catch(function (error) {
        state.busy = false;
        panel.classList.remove("is-sending");
        alertBox.textContent = error.message || "";
      });
    }

    panel.querySelectorAll("[data-answer]").forEach(function (button) {
      button.addEventListener("click", function () { send(JSON.parse(button.getAttribute("data-answer"))); });
    });

    var form = document.getElementById("quarter-form");
    if (form) {
      form.addEventListener("submit", function (e) {
        e.preventDefault();
        var data = new FormData(form);
        var answer = { quarter: data.get("quarter") };
        if (data.get("figure") && data.get("figure") !== "follower") answer.figure = data.get("figure");
        if (data.get("count")) answer.count = data.get("count");
        send(answer);
      });
    }

    /* The City's quarters on the board (board_svg's rect.quarter-area[data-quarter]) choose
       the quarter of the deployment form. */
    if (form && window.CarcBoard && window.CarcBoard.svg) {
      window.CarcBoard.svg.querySelectorAll("rect.quarter-area[data-quarter]").forEach(function (area) {
        var radio = form.querySelector('input[name="quarter"][value="' + area.getAttribute("data-quarter") + '"]');
        if (!radio) return;
        area.classList.add("is-choosable");
        window.CarcBoard.svg.setAttribute("role", "group");  // it holds buttons now: no longer a mere picture
        area.setAttribute("role", "button");
        area.setAttribute("tabindex", "0");
        function pick() {
          radio.checked = true;
          window.CarcBoard.svg.querySelectorAll("rect.quarter-area.is-chosen").forEach(function (a) { a.classList.remove("is-chosen"); });
          area.classList.add("is-chosen");
          radio.focus();
        }
        area.addEventListener("click", pick);
        area.addEventListener("keydown", function (e) {
          if (e.key === "Enter" || e.key === " ") { e.preventDefault(); pick(); }
        });
      });
    }

    var targets = document.getElementById("decision-targets");
    var board = window.CarcBoard;
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
      });
      board.svg.appendChild(layer);
      board.svg.setAttribute("role", "group");  // it holds buttons now: no longer a mere picture
    }
    return { busy: function () { return state.busy; } };
  }

  window.CarcDecision = { init: function () { window.CarcDecision.current = init(); return window.CarcDecision.current; } };
  window.CarcDecision.init();
})();
