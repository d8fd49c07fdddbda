"""Archive pages, under /archive/."""

from django.urls import path

from . import views

app_name = "archive"

urlpatterns = [
    path("", views.game_list, name="list"),
    path("export.jsonl", views.export_jsonl, name="export"),
    path("import/", views.import_record, name="import"),
    path("games/<int:game_id>/", views.game_replay, name="game"),
    path("games/<int:game_id>/moves/", views.game_moves, name="moves"),
    path("games/<int:game_id>/analyse/", views.game_analyse, name="analyse"),
    path("games/<int:game_id>/record.json", views.game_record, name="record"),
    path("players/<str:username>/", views.player_profile, name="player"),
    path("players/<str:username>/games.jsonl", views.player_export, name="player-export"),
    path("tournaments/<int:tournament_id>/games.jsonl", views.tournament_export, name="tournament-export"),
]
