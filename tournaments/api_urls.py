"""API URLs, included under ``/api/tournaments/``."""

from django.urls import path

from . import api

urlpatterns = [
    path("", api.TournamentListView.as_view(), name="api-tournaments"),
    path("<int:pk>/", api.TournamentDetailView.as_view(), name="api-tournament"),
    path("<int:pk>/register/", api.RegisterView.as_view(), name="api-tournament-register"),
    path("<int:pk>/withdraw/", api.WithdrawView.as_view(), name="api-tournament-withdraw"),
    path("<int:pk>/start/", api.StartView.as_view(), name="api-tournament-start"),
    path("<int:pk>/rounds/", api.RoundListView.as_view(), name="api-tournament-rounds"),
    path("<int:pk>/rounds/<int:number>/pairings/", api.PairingListView.as_view(), name="api-tournament-pairings"),
    path("<int:pk>/standings/", api.StandingsView.as_view(), name="api-tournament-standings"),
]
