from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "notifications"
    verbose_name = "Play by e-mail"

    def ready(self) -> None:
        from django.db.models.signals import post_save

        from chat.models import Message

        from . import account_mail, events, privacy, tasks  # noqa: F401  (receivers of accounts' and games' signals, the outbox)
        from .replies import webhooks  # noqa: F401  (replies from an inbound e-mail provider)

        post_save.connect(events.chat_message_saved, sender=Message, dispatch_uid="notifications_chat_message")
