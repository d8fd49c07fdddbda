from django import template

from tournaments import services

register = template.Library()


@register.simple_tag
def tournament_invitations(user):
    """The tournaments ``user`` is invited to (for the home page's Accept/Decline)."""
    return list(services.invitations(user))
