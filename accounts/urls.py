from django.urls import include, path

from . import views

urlpatterns = [
    path("", views.home, name="home"),
    path("accounts/signup/", views.signup, name="signup"),
    path("accounts/email/", views.change_email, name="email-change"),
    path("accounts/email/confirm/<str:token>/", views.confirm_email, name="email-confirm"),
    # login, logout (POST), password_change(_done), password_reset(_done),
    # password_reset_confirm, password_reset_complete
    path("accounts/", include("django.contrib.auth.urls")),
]
