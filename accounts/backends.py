"""django-axes' lockout check, also for authenticate() calls without a request
(the test client's login, management commands), which axes would refuse outright."""

from axes.backends import AxesStandaloneBackend


class LockoutBackend(AxesStandaloneBackend):
    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)
