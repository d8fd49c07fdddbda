# "1er décembre 2026 à 20 h 24": the hour as French writes it, no-break spaces around "h"
# (games.dates.long_date writes the first of the month "1er").
DATE_FORMAT = "j F Y"
DATETIME_FORMAT = "j F Y \\à H\u00a0\\h\u00a0i"
