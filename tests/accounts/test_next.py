"""Where a form sends its visitor next (``next=``) is a path of this site or nowhere: any
other value (``abc``, ``0``, ``NaN``, ``x y``, another site) is ignored, never read as a
page's name."""

import pytest

from accounts.models import User

pytestmark = pytest.mark.django_db

NOT_PATHS = ["abc", "0", "NaN", "x y", "https://evil.example/", "//evil.example/"]


def signup(client, email="bob@example.com", **extra):
    data = {
        "username": "bob",
        "email": email,
        "password1": "a-Long-enough-pa55word",
        "password2": "a-Long-enough-pa55word",
    }
    return client.post("/accounts/signup/", {**data, **extra})


@pytest.mark.parametrize("next_url", NOT_PATHS)
def test_signing_up_with_a_next_that_is_not_a_path_goes_home(client, next_url):
    response = signup(client, next=next_url)
    assert (response.status_code, response["Location"]) == (302, "/")
    assert User.objects.filter(username="bob").exists()


def test_signing_up_with_a_next_path_goes_there(client):
    response = signup(client, next="/invite/abc/")
    assert (response.status_code, response["Location"]) == (302, "/invite/abc/")


@pytest.mark.parametrize("next_url", NOT_PATHS)
def test_the_language_switcher_with_a_next_that_is_not_a_path_goes_to_the_language_page(client, next_url):
    response = client.post("/accounts/language/", {"language": "de", "next": next_url})
    assert (response.status_code, response["Location"]) == (302, "/accounts/language/")
