"""URLs of the move API, included under ``/api/`` (see games/urls.py)."""

from django.urls import path

from . import api

urlpatterns = [
    path("games/", api.GameListView.as_view(), name="api-games"),
    path("games/<int:pk>/", api.GameDetailView.as_view(), name="api-game"),
    path("games/<int:pk>/accept/", api.AcceptView.as_view(), name="api-game-accept"),
    path("games/<int:pk>/decline/", api.DeclineView.as_view(), name="api-game-decline"),
    path("games/<int:pk>/join/", api.JoinView.as_view(), name="api-game-join"),
    path("games/<int:pk>/resign/", api.ResignView.as_view(), name="api-game-resign"),
    path("games/<int:pk>/bots/", api.BotsView.as_view(), name="api-game-bots"),
    path("games/<int:pk>/legal-moves/", api.LegalMovesView.as_view(), name="api-game-legal-moves"),
    path("games/<int:pk>/moves/", api.MovesView.as_view(), name="api-game-moves"),
    path("games/<int:pk>/decision/", api.DecisionView.as_view(), name="api-game-decision"),
    path("games/<int:pk>/record/", api.RecordView.as_view(), name="api-game-record"),
    path("games/<int:pk>/hint/", api.HintView.as_view(), name="api-game-hint"),
    path("games/<int:pk>/board.svg", api.BoardSVGView.as_view(), name="api-game-board"),
]
