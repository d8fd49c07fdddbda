from django.contrib import admin
from django.contrib.auth import forms as auth_forms
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin

from .forms import check_username
from .models import User


class UserCreationForm(auth_forms.UserCreationForm):
    """Staff name new accounts by the sign-up's rules."""

    class Meta(auth_forms.UserCreationForm.Meta):
        model = User
        fields = ("username",)

    def clean_username(self):
        return check_username(super().clean_username())


class UserChangeForm(auth_forms.UserChangeForm):
    """A rename follows the sign-up's rules (a name kept as it is, e.g. a deleted account's, passes)."""

    class Meta(auth_forms.UserChangeForm.Meta):
        model = User

    def clean_username(self):
        name = self.cleaned_data["username"]
        return name if name == self.instance.username else check_username(name, exclude_pk=self.instance.pk)


@admin.register(User)
class UserAdmin(BaseUserAdmin):
    form = UserChangeForm
    add_form = UserCreationForm
