from django.urls import path

from . import views

app_name = "tournaments"

urlpatterns = [
    path("", views.index, name="index"),
    path("new/", views.create, name="create"),
    path("players/", views.player_lookup, name="player-lookup"),
    path("<int:pk>/", views.detail, name="detail"),
    path("<int:pk>/register/", views.register, name="register"),
    path("<int:pk>/withdraw/", views.withdraw, name="withdraw"),
    path("<int:pk>/start/", views.start, name="start"),
    path("<int:pk>/invite/", views.invite, name="invite"),
    path("<int:pk>/accept/", views.register, name="accept"),  # accepting an invitation is registering
    path("<int:pk>/decline/", views.decline, name="decline"),
    path("<int:pk>/rounds/<int:number>/", views.round_detail, name="round"),
    path("<int:pk>/bracket.svg", views.bracket, name="bracket"),
    path("<int:pk>/players/<str:username>/", views.player, name="player"),
    path("<int:pk>/standings.csv", views.standings_export, {"fmt": "csv"}, name="standings-csv"),
    path("<int:pk>/standings.json", views.standings_export, {"fmt": "json"}, name="standings-json"),
]
