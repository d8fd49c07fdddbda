"""Archive API, under /api/archive/."""

from django.urls import path

from . import api

app_name = "archive-api"

urlpatterns = [
    path("games/", api.ArchiveListView.as_view(), name="games"),
    path("games/<int:pk>/record/", api.ArchiveRecordView.as_view(), name="game-record"),
    path("games/<int:pk>/board.svg", api.ArchiveBoardView.as_view(), name="game-board"),
    path("games/<int:pk>/analysis/", api.ArchiveAnalysisView.as_view(), name="game-analysis"),
    path("games/<int:pk>/moves/<int:k>/", api.ArchiveMoveView.as_view(), name="game-move"),
]
