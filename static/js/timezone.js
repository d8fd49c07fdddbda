/* A time-zone field never saved yet (UTC) starts at the browser's own zone. */
var select = document.querySelector('select[data-browser-zone="1"]');
var zone = select && window.Intl ? Intl.DateTimeFormat().resolvedOptions().timeZone : null;
if (zone && select.value === "UTC") {
  var option = Array.prototype.find.call(select.options, function (o) { return o.value === zone; });
  if (option) select.value = zone;
}
