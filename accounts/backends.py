"""django-axes' lockout check, also for authenticate() calls without a request
(the test client's login, management commands), which axes would refuse outright."""

from axes.backends import AxesStandaloneBackend


class LockoutBackend(AxesStandaloneBackend):
    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)


def lockout_username(request, credentials) -> str | None:
    """The username django-axes counts failed log-ins under (``AXES_USERNAME_CALLABLE``):
    the one typed, cut to what its tables hold. No account's name is that long (the
    longest is 150), so a longer one is refused as a wrong password, never a server error."""
    from axes.conf import settings as axes_settings
    from axes.models import AccessAttempt

    field = axes_settings.AXES_USERNAME_FORM_FIELD
    if credentials:
        username = credentials.get(field)
    else:
        username = getattr(request, "data", request.POST).get(field)
    if not isinstance(username, str):
        return username
    return username[: AccessAttempt._meta.get_field("username").max_length]
