from django.conf import settings
from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from . import local_outbox
from .auth_api import TokenView
from .health import health
from .jsi18n import catalogue

urlpatterns = [
    path("admin/", admin.site.urls),
    path("health/", health, name="health"),
    # The JavaScript strings of the pages (turn, replay, board), one URL per language so
    # that a cached catalogue never outlives a change of language.
    path("jsi18n/<str:language>/", catalogue, name="javascript-catalog"),
    path("api/auth/token/", TokenView.as_view(), name="api-token"),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
    # The outbox views answer 404 unless DEBUG is on and mail goes to files.
    path("outbox/", local_outbox.outbox_list, name="outbox"),
    path("outbox/<str:filename>/<int:index>/", local_outbox.outbox_detail, name="outbox-detail"),
    path("outbox/<str:filename>/<int:index>/reply/", local_outbox.outbox_reply, name="outbox-reply"),
    path("outbox/<str:filename>/<int:index>/html/", local_outbox.outbox_html, name="outbox-html"),
    path("api/tournaments/", include("tournaments.api_urls")),
    path("tournaments/", include("tournaments.urls")),
]

# The archive (needs the games app) comes before the games URLs.
if settings.HAS_GAMES_APP:
    urlpatterns.append(path("archive/", include("archive.urls")))
    urlpatterns.append(path("api/archive/", include("archive.api_urls")))
    urlpatterns.append(path("ratings/", include("ratings.urls")))
    urlpatterns.append(path("api/ratings/", include("ratings.api_urls")))
    # Your data: download it (a zip prepared by a worker), the way to delete the account.
    from . import privacy, privacy_api

    urlpatterns += [
        path("api/account/data/", privacy_api.DataExportView.as_view(), name="api-your-data"),
        path("api/account/data/<str:token>/", privacy_api.DataDownloadView.as_view(), name="api-your-data-download"),
        path("accounts/data/", privacy.your_data, name="your-data"),
        path("accounts/data/<str:token>/", privacy.download, name="your-data-download"),
        path("privacy/", privacy.privacy_page, name="privacy"),
    ]

# The games app is written separately; its URLs are included once they exist.
# They come before accounts' so that games/urls.py may also take over "/".
if settings.HAS_GAMES_APP and (settings.BASE_DIR / "games" / "urls.py").exists():
    # Play by e-mail (/notifications/..., /games/waiting/) before the games' own URLs.
    urlpatterns.append(path("", include("notifications.urls")))
    # Replies to turn e-mails from an inbound e-mail provider (django-anymail; REPLY_EMAIL).
    urlpatterns.append(path("anymail/", include("notifications.replies.webhooks")))
    urlpatterns.append(path("", include("chat.urls")))
    urlpatterns.append(path("", include("games.urls")))

# Accounts last: it owns "/" (home) and /accounts/...
urlpatterns.append(path("", include("accounts.urls")))

handler400 = "carcassonne_site.errors.bad_request"
handler403 = "carcassonne_site.errors.permission_denied"
handler404 = "carcassonne_site.errors.page_not_found"
handler500 = "carcassonne_site.errors.server_error"
