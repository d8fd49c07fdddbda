from django.urls import path

from . import views

app_name = "notifications"

urlpatterns = [
    path("notifications/settings/", views.settings_page, name="settings"),
    path("notifications/go/<str:token>/", views.go, name="go"),
    path("notifications/unsubscribe/<str:token>/", views.unsubscribe, name="unsubscribe"),
    path("games/waiting/", views.waiting, name="waiting"),
]
