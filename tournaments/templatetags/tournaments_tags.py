from django import template

from tournaments import registration

register = template.Library()


@register.simple_tag
def tournament_invitations(user):
    """The tournaments ``user`` is invited to (for the home page's Accept/Decline)."""
    return list(registration.invitations(user))
