/* Forms with data-confirm ask before they submit (resigning a game). No inline
   script: the page's CSP allows only static files. */
document.addEventListener("submit", function (event) {
  var form = event.target;
  var question = form && form.getAttribute && form.getAttribute("data-confirm");
  if (question && !window.confirm(question)) event.preventDefault();
});
