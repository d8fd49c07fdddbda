from django.urls import include, path

from . import live, page_moves, quickplay, views, your_turn

urlpatterns = [
    path("api/", include("games.api_urls")),
    path("how-to-play/", views.how_to_play, name="how-to-play"),
    path("tiles/<str:expansion>.svg", views.tile_sprite, name="tile-sprite"),
    path("games/", views.game_list, name="game-list"),
    path("games/new/", views.game_create, name="game-create"),
    path("games/play-bot/", quickplay.play_bot, name="play-bot"),
    path("games/lobby/", views.lobby, name="lobby"),
    path("games/your-turn/", your_turn.your_turn, name="your-turn"),
    path("games/<int:game_id>/", views.game_detail, name="game-detail"),
    path("games/<int:game_id>/fragment/", views.game_fragment, name="game-fragment"),
    path("games/<int:game_id>/live/", live.live, name="game-live"),
    path("games/<int:pk>/moves/", page_moves.MovesView.as_view(), name="game-moves"),
    path("games/<int:pk>/decision/", page_moves.DecisionView.as_view(), name="game-decision"),
    path("games/<int:game_id>/accept/", views.game_accept, name="game-accept"),
    path("games/<int:game_id>/decline/", views.game_decline, name="game-decline"),
    path("games/<int:game_id>/join/", views.game_join, name="game-join"),
    path("games/<int:game_id>/resign/", views.game_resign, name="game-resign"),
    path("games/<int:game_id>/rematch/", views.game_rematch, name="game-rematch"),
    path("games/<int:game_id>/bots/", views.game_bots, name="game-bots"),
    path("games/<int:game_id>/hint/", views.game_hint, name="game-hint"),
    path("invite/<str:token>/", views.invitation, name="invitation"),
]
