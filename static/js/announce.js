/* The game page's status line (#game-toast, aria-live): one line saying what a move did or
   why a click is not allowed, seen and heard, for a few seconds. live.js tells the moves,
   turn.js the refusals. */
var toastTimer = null;

/* Show ``text`` in the page's status line for a few seconds (refusal: a warning). */
export function announce(text, refusal) {
  var toast = document.getElementById("game-toast");
  if (!toast || !text) return;
  clearTimeout(toastTimer);
  toast.textContent = "";
  toast.classList.toggle("is-refusal", !!refusal);
  toast.textContent = text;
  toast.classList.add("is-shown");
  toastTimer = setTimeout(function () { toast.classList.remove("is-shown"); }, refusal ? 5000 : 7000);
}
