from django.contrib.auth import views as auth_views
from django.urls import include, path

from . import block_views, deletion_views, views
from .forms import LoginForm

urlpatterns = [
    path("", views.home, name="home"),
    path("accounts/signup/", views.signup, name="signup"),
    path("accounts/language/", views.language, name="language"),
    path("accounts/email/", views.email_change, name="email-change"),
    path("accounts/email/confirm/<str:token>/", views.email_confirm, name="email-confirm"),
    path("accounts/delete/", deletion_views.delete_account, name="delete-account"),
    path("accounts/delete/<str:token>/", deletion_views.delete_account_link, name="delete-account-link"),
    path("accounts/blocks/", block_views.blocks_page, name="blocks"),
    path(
        "accounts/login/", auth_views.LoginView.as_view(authentication_form=LoginForm), name="login"
    ),  # says "suspended"
    path("accounts/password_reset/", views.PasswordResetView.as_view(), name="password_reset"),  # limited
    # login, logout (POST), password_change(_done), password_reset(_done),
    # password_reset_confirm, password_reset_complete
    path("accounts/", include("django.contrib.auth.urls")),
]
