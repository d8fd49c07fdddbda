"""The site's date formats per language (``FORMAT_MODULE_PATH``), where Django's differ from
how the language's readers write a date; a format not given here is Django's. The first of
the month in French ("1er") and the month names' case are games.dates'."""
