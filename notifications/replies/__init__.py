"""Playing a turn by replying to its e-mail.

A turn (or decision) e-mail carries ``Reply-To: play+<token>@<domain>`` (``tokens``), shows
how to answer (``answers``: labelled cells, rotations and spots in the notation), and a
reply is read (``parse``) and played through the games app's one command path by
``handler.handle``, whichever way it arrives: ``manage.py receive_mail`` (a pipe from the
mail server), django-anymail's inbound webhooks (``webhooks``) or the local outbox page.
``REPLY_EMAIL`` switches it all on.
"""
