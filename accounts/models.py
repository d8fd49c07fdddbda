from django.contrib.auth.models import AbstractUser
from django.db import models
from django.db.models.functions import Lower


class User(AbstractUser):
    """A player. E-mail may be blank (e.g. users made in the admin), but a
    non-blank address belongs to one account only, ignoring case; the sign-up
    form requires one, since moves are announced by e-mail."""

    class Meta(AbstractUser.Meta):
        constraints = [
            models.UniqueConstraint(
                Lower("email"),
                condition=~models.Q(email=""),
                name="accounts_user_email_unique_ci",
                violation_error_message="A user with that e-mail address already exists.",
            )
        ]
