from django.urls import path

from . import report_views, views

app_name = "chat"

urlpatterns = [
    path("games/<int:game_id>/chat/", views.chat_panel, name="panel"),
    path("games/<int:game_id>/chat/post/", views.post_message, name="post"),
    path("games/<int:game_id>/chat/mute/", views.mute, name="mute"),
    path("games/<int:game_id>/note/", views.save_note, name="note"),
    path("games/<int:game_id>/chat/<int:message_id>/report/", report_views.report_message, name="report-message"),
    path("players/<str:username>/report/", report_views.report_player, name="report-player"),
]
