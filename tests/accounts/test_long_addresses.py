"""An address longer than an account can hold (254 characters) is a form error, before
anything is stored or sent."""

import pytest
from django.core import mail

from accounts.models import User

from .test_next import signup

pytestmark = pytest.mark.django_db

# 299 characters that pass the address check of a form (which allows 320)
TOO_LONG = "a" * 60 + "." + "b" * 60 + "." + "c" * 60 + "@" + "d" * 60 + "." + "e" * 50 + ".test"


def test_signing_up_with_a_299_character_address_is_a_form_error_and_stores_nothing(client):
    response = signup(client, email=TOO_LONG)
    assert response.status_code == 200
    assert "at most 254 characters" in response.content.decode()
    assert not User.objects.filter(username="bob").exists() and not mail.outbox


def test_a_299_character_new_address_is_a_form_error(client, user):
    client.force_login(user)
    response = client.post("/accounts/email/", {"email": TOO_LONG})
    assert response.status_code == 200
    assert "at most 254 characters" in response.content.decode()
    user.refresh_from_db()
    assert user.pending_email == "" and not mail.outbox
