/* The one POST of the game page's plays: a tile turn (turn.js) and a decision's answer
   (decision.js) go alike to the page's own move URLs (/games/<id>/moves/ and /decision/:
   the API's bodies, checks and errors), JSON with the CSRF token, and the newest move the
   page shows (?since=). A 201 is the part of the page that changed (games/fragment.py),
   with the move told in words ([data-move-played]): the page swaps it in (the event
   "carc:move-played", which live.js takes; without it the page reloads). Anything else
   rejects the promise with the API's words ({"detail": ...}), a 409 adding that the page
   is behind the game. */

function csrfToken(panel) {
  var token = panel.getAttribute("data-csrf");
  if (token) return token;
  var m = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
  return m ? decodeURIComponent(m[1]) : "";
}

/* The newest move the page lists (the fragment brings only the newer ones). */
export function shownMove() {
  var newest = document.querySelector("[data-testid=move-list] li[value]");
  return newest ? parseInt(newest.getAttribute("value"), 10) || 0 : 0;
}

/* POST `body` (its move_number the move played) to `url` for the panel `panel`. */
export function postMove(panel, url, body) {
  return fetch(url + "?since=" + shownMove(), {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", Accept: "text/html, application/json", "X-CSRFToken": csrfToken(panel) },
    body: JSON.stringify(body)
  }).then(function (response) {
    if (response.status === 201) {
      return response.text().then(function (html) {
        var page = new DOMParser().parseFromString(html, "text/html");
        var played = page.querySelector("[data-move-played]");
        var own = { number: body.move_number, text: played ? played.textContent : "" };
        var event = new CustomEvent("carc:move-played", { cancelable: true, detail: { page: page, own: own } });
        if (document.dispatchEvent(event)) window.location.reload();  // no live page took it
      });
    }
    return response.json().catch(function () { return {}; }).then(function (answer) {
      var detail = answer && answer.detail ? answer.detail : interpolate(gettext("The move was not accepted (HTTP %(status)s)."), { status: response.status }, true);
      if (response.status === 409) detail += " — " + gettext("reload the page to see the game as it is now.");
      throw new Error(detail);
    });
  });
}
