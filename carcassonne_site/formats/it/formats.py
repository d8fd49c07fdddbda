# "1 dicembre 2026", "1 dicembre 2026, 20:24": no leading zero and no weekday (Django's Italian
# formats say "01 Dicembre 2026", "Martedì 01 Dicembre 2026 20:24"); the month names are lower
# case through the site's catalogue (games.dates).
DATE_FORMAT = "j F Y"
DATETIME_FORMAT = "j F Y, H:i"
