from django.urls import path

from . import api

app_name = "ratings-api"

urlpatterns = [
    path("", api.LeaderboardView.as_view(), name="leaderboard"),
    path("players/<str:username>/", api.HistoryView.as_view(), name="history"),
]
