from django.urls import include, path

urlpatterns = [
    path("api/", include("games.api_urls")),
]
