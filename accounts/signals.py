"""What accounts announces to the apps above it (games, chat, notifications, archive,
ratings, tournaments), which listen; accounts imports none of them.

``sender`` is always the user model."""

from django.dispatch import Signal

account_deleted = Signal()
"""Sent inside the transaction of a deletion (:func:`accounts.deletion.delete_account`), after
the account row was emptied and renamed: ``user`` (now called ``neutral_name``, inactive,
without address), ``old_name`` and ``old_addresses`` (the addresses it had: confirmed,
waiting). Each receiver erases or neutralises what its app holds of the person (their name
and addresses in its tables too) and returns a dict of counts for the staff command's summary."""

personal_data = Signal()
"""Asked while a person's data is gathered for "Download my data" (:mod:`accounts.exports`):
``user``. Each receiver returns what its app holds of the person as ``{path: content}``,
the files of the zip (``content``: JSON-able data, text, or bytes), e.g.
``{"chat.json": {...}}``."""

account_mail = Signal()
"""Sent inside the transaction of an account's event that needs an e-mail
(:func:`accounts.mail.announce`): ``purpose`` (one of :mod:`accounts.mail`'s), ``user``,
``email`` (where to: the address being confirmed, else the account's) and ``language`` (the
language of the request that asked; "" when someone else asked). The notifications app
writes it to its outbox, to be sent after the commit whatever the person's e-mail settings,
written by :func:`accounts.mail.render` when it is sent."""
