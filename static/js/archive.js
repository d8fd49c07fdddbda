/* The archive's search filters fold away on a phone (unless a search is active). */
var fold = document.querySelector("[data-fold-on-phone]");
if (fold && window.matchMedia && window.matchMedia("(max-width: 47.99rem)").matches && !fold.hasAttribute("data-filtered")) {
  fold.open = false;
}
