/* The one POST of the game page's plays: a tile turn (turn.js) and a decision's answer
   (decision.js) go to the API alike. JSON with the CSRF token and the newest move the page
   shows (X-Page-Since, so that the 201 carries the page's fragment); a 201 shows that
   fragment (live.js; without it the page reloads), anything else rejects the promise with
   the API's words ({"detail": ...}), a 409 adding that the page is behind the game. */
(function () {
  "use strict";

  function csrfToken(panel) {
    var token = panel.getAttribute("data-csrf");
    if (token) return token;
    var m = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    return m ? decodeURIComponent(m[1]) : "";
  }

  /* POST `body` (its move_number the move played) to `url` for the panel `panel`. */
  function postMove(panel, url, body) {
    return fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRFToken": csrfToken(panel),
                 "X-Page-Since": window.CarcLive ? String(window.CarcLive.shownMove()) : "0" },
      body: JSON.stringify(body)
    }).then(function (response) {
      if (response.status === 201) {
        return response.json().then(function (answer) {
          var own = { number: body.move_number, text: answer.played };
          if (window.CarcLive) window.CarcLive.show(answer.page, own); else window.location.reload();
        });
      }
      return response.json().catch(function () { return {}; }).then(function (answer) {
        var detail = answer && answer.detail ? answer.detail : interpolate(gettext("The move was not accepted (HTTP %(status)s)."), { status: response.status }, true);
        if (response.status === 409) detail += " — " + gettext("reload the page to see the game as it is now.");
        throw new Error(detail);
      });
    });
  }

  window.CarcPostMove = postMove;
})();
