from django.contrib import messages
from django.contrib.auth import login
from django.shortcuts import redirect, render
from django.template import TemplateDoesNotExist
from django.template.loader import select_template

from .forms import SignupForm

# The home page shows "Your games" from the games app when it provides this
# template, else a placeholder.
YOUR_GAMES_TEMPLATES = ["games/home_your_games.html", "accounts/home_your_games.html"]


def home(request):
    context = {}
    if request.user.is_authenticated:
        try:
            context["your_games_template"] = select_template(YOUR_GAMES_TEMPLATES).template.name
        except TemplateDoesNotExist:  # pragma: no cover - the placeholder ships with us
            context["your_games_template"] = None
    return render(request, "home.html", context)


def signup(request):
    if request.user.is_authenticated:
        return redirect("home")
    if request.method == "POST":
        form = SignupForm(request.POST)
        if form.is_valid():
            user = form.save()
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            messages.success(request, f"Welcome, {user.username}! Your account is ready.")
            return redirect("home")
    else:
        form = SignupForm()
    return render(request, "registration/signup.html", {"form": form})
