"""The settings page as people read it: days written as people write them, real time
zones grouped by region, vacations removed or ended, errors next to the form."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games import durations
from games.models import Vacation

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("days, text", [(14.0, "14 days"), (1.0, "1 day"), (2.1, "2 days 2 hours"), (0.5, "12 hours")])
def test_days_are_written_as_people_write_them(days, text):
    assert durations.describe_days(days) == text


def test_time_zones_are_real_places_grouped_by_region(client, ann):
    client.force_login(ann)
    html = client.get("/notifications/settings/").content.decode()
    assert '<optgroup label="Europe">' in html and '<option value="Europe/Paris">Paris</option>' in html
    assert "Etc/GMT+5" not in html and "EST5EDT" not in html and '"US/Eastern"' not in html
    assert 'data-browser-zone="1"' in html
    assert "14 days</strong> of 14 days" in html


def test_the_time_zone_list_offers_utc_once_then_regions_and_places_in_order(client, ann):
    import re

    from notifications.models import Preference

    Preference.for_user(ann).save()  # a saved preference, still on UTC
    client.force_login(ann)
    html = client.get("/notifications/settings/").content.decode()
    select = re.search(r'<select name="time_zone".*?</select>', html, re.S).group(0)
    assert select.count('value="UTC"') == 1 and 'data-browser-zone="1"' in select  # the browser's zone replaces it
    regions = re.findall(r'<optgroup label="([^"]+)">', select)
    assert regions == sorted(regions) and "Europe" in regions and "America" in regions
    for group in re.findall(r'<optgroup label="[^"]+">(.*?)</optgroup>', select, re.S):
        places = re.findall(r">([^<]+)</option>", group)
        assert places == sorted(places, key=str.casefold)


def test_a_vacation_is_removed_or_ended_and_shown_in_days_and_hours(client, ann):
    client.force_login(ann)
    now = timezone.now()
    future = Vacation.objects.create(user=ann, start=now + timedelta(days=3), end=now + timedelta(days=5, hours=2.4))
    running = Vacation.objects.create(user=ann, start=now - timedelta(days=1), end=now + timedelta(days=1))
    html = client.get("/notifications/settings/").content.decode()
    assert "(2 days 2 hours)" in html
    client.post("/notifications/settings/", {"delete_vacation": future.pk})
    assert not Vacation.objects.filter(pk=future.pk).exists()
    client.post("/notifications/settings/", {"delete_vacation": running.pk})
    running.refresh_from_db()
    assert running.end <= timezone.now()
    assert client.post("/notifications/settings/", {"delete_vacation": "x"}).status_code == 302


def test_vacation_errors_show_next_to_the_vacation_form(client, ann):
    client.force_login(ann)
    today = timezone.localdate()
    html = client.post(
        "/notifications/settings/",
        {
            "add_vacation": "1",
            "start": str(today + timedelta(days=2)),
            "end": str(today + timedelta(days=40)),
        },
    ).content.decode()
    vacation_part = html[html.index('id="vacations"') :]
    assert "you have 14 days of 14 days left this year" in vacation_part
    assert 'action="#vacations"' in vacation_part
