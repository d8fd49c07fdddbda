import re

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import mail
from django.urls import reverse

from accounts.models import User

pytestmark = pytest.mark.django_db


def test_custom_user_model_in_use():
    assert settings.AUTH_USER_MODEL == "accounts.User"
    assert get_user_model() is User


def test_home_anonymous_shows_welcome(client):
    response = client.get("/")
    assert response.status_code == 200
    html = response.content.decode()
    assert reverse("login") in html
    assert reverse("signup") in html
    assert "Your games" not in html


def test_home_logged_in_shows_your_games(client, user):
    client.force_login(user)
    html = client.get("/").content.decode()
    assert "Your games" in html
    assert 'data-testid="nav-username">ann<' in html


def test_signup_creates_user_and_logs_in(client):
    response = client.post(
        reverse("signup"),
        {
            "username": "bob",
            "email": "bob@example.com",
            "password1": "a-Long-enough-pa55word",
            "password2": "a-Long-enough-pa55word",
        },
        follow=True,
    )
    assert response.redirect_chain[-1][0] == reverse("home")
    user = User.objects.get(username="bob")
    assert user.email == ""  # until the link sent to it is followed
    assert user.pending_email == "bob@example.com"
    assert response.context["user"] == user
    assert user.check_password("a-Long-enough-pa55word")


def test_signup_requires_email(client):
    response = client.post(
        reverse("signup"),
        {"username": "bob", "password1": "a-Long-enough-pa55word", "password2": "a-Long-enough-pa55word"},
    )
    assert response.status_code == 200
    assert "email" in response.context["form"].errors
    assert not User.objects.filter(username="bob").exists()


def test_signup_rejects_mismatched_passwords(client):
    response = client.post(
        reverse("signup"),
        {
            "username": "bob",
            "email": "bob@example.com",
            "password1": "a-Long-enough-pa55word",
            "password2": "something-else-entirely",
        },
    )
    assert response.status_code == 200
    assert "password2" in response.context["form"].errors


def test_login_and_logout(client, user, password):
    response = client.post(reverse("login"), {"username": "ann", "password": password})
    assert response.status_code == 302
    assert response.url == reverse("home")
    assert client.get("/").context["user"] == user

    # Log out is POST only.
    assert client.get(reverse("logout")).status_code == 405
    response = client.post(reverse("logout"))
    assert response.status_code == 302
    assert not client.get("/").context["user"].is_authenticated


def test_login_wrong_password(client, user):
    response = client.post(reverse("login"), {"username": "ann", "password": "wrong"})
    assert response.status_code == 200
    assert response.context["form"].errors


def test_password_reset_email_link_sets_new_password(client, user, mailoutbox, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("password_reset"), {"email": "ann@example.com"})
    assert response.status_code == 302
    assert response.url == reverse("password_reset_done")
    assert len(mailoutbox) == 1
    message = mailoutbox[0]
    assert message.to == ["ann@example.com"]
    assert "password" in message.subject.lower()

    link = re.search(r"https?://[^/\s]+(/accounts/reset/\S+)", message.body).group(1)
    response = client.get(link, follow=True)  # redirects to .../set-password/
    assert response.status_code == 200
    assert response.context["validlink"]
    set_password_url = response.redirect_chain[-1][0]

    new = "another-Long-pa55word"
    response = client.post(set_password_url, {"new_password1": new, "new_password2": new})
    assert response.status_code == 302
    assert response.url == reverse("password_reset_complete")
    user.refresh_from_db()
    assert user.check_password(new)
    assert client.login(username="ann", password=new)


def test_password_reset_unknown_email_sends_nothing(client, mailoutbox, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("password_reset"), {"email": "nobody@example.com"})
    assert response.status_code == 302
    assert mailoutbox == []


def test_password_change(client, user, password):
    client.force_login(user)
    new = "another-Long-pa55word"
    response = client.post(
        reverse("password_change"),
        {"old_password": password, "new_password1": new, "new_password2": new},
    )
    assert response.status_code == 302
    assert response.url == reverse("password_change_done")
    user.refresh_from_db()
    assert user.check_password(new)


def test_password_change_requires_login(client):
    response = client.get(reverse("password_change"))
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))


def test_all_account_pages_render(client):
    for name in ("login", "signup", "password_reset", "password_reset_done", "password_reset_complete"):
        assert client.get(reverse(name)).status_code == 200, name


def test_demo_data_is_idempotent(capsys):
    from django.core.management import call_command

    call_command("demo_data")
    call_command("demo_data")
    for name in ("ann", "bob", "cid", "dee"):
        assert User.objects.get(username=name).check_password("carcassonne")
    assert User.objects.filter(username__in=["ann", "bob", "cid", "dee"]).count() == 4
    assert "ann" in capsys.readouterr().out


def test_outbox_lists_and_shows_sent_email(client, outbox_dir, settings):
    from django.core.mail import get_connection, send_mail

    connection = get_connection("django.core.mail.backends.filebased.EmailBackend", file_path=str(outbox_dir))
    send_mail("First", "Body one", None, ["a@example.com"], connection=connection)
    send_mail("Second", "Visit https://example.org/x", None, ["b@example.com"], connection=connection)

    html = client.get(reverse("outbox")).content.decode()
    assert html.index("Second") < html.index("First")  # newest first

    newest = client.get(reverse("outbox")).context["messages_list"][0]
    assert newest["subject"] == "Second"
    response = client.get(reverse("outbox-detail", args=[newest["filename"], newest["index"]]))
    assert response.status_code == 200
    assert response.context["message"]["to"] == "b@example.com"
    assert '<a href="https://example.org/x"' in response.content.decode()
    assert client.get(reverse("outbox-detail", args=["missing.log", 0])).status_code == 404


def test_outbox_hidden_without_debug(client, outbox_dir, settings):
    settings.DEBUG = False
    assert client.get(reverse("outbox")).status_code == 404


def test_tournaments_page(client):
    response = client.get(reverse("tournaments:index"))
    assert response.status_code == 200
    assert "<h1>Tournaments</h1>" in response.content.decode()  # the placeholder ("coming soon") is gone


def test_mail_backend_is_locmem_in_tests():
    # pytest-django swaps in the locmem backend; nothing reaches var/outbox/.
    assert settings.EMAIL_BACKEND == "django.core.mail.backends.locmem.EmailBackend"
    assert mail.outbox == []
