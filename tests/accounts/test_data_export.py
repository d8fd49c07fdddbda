"""Download my data: one zip prepared by a worker, offered by a link that expires; every game
the person played is a NOTATION.md record that replays."""

import io
import json
import subprocess
import sys
import zipfile
from datetime import timedelta

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.models import DataExport
from carcassonne import replay
from games.models import Seat
from notifications.models import Notification, Preference
from notifications.tasks import housekeeping

from . import world as w

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(make_user, password):
    return w.build(make_user, password)


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def ask(client, capture) -> None:
    with capture(execute=True):  # the worker's task runs after the commit
        assert client.post(reverse("your-data")).status_code == 302


def files_of(response) -> dict:
    archive = zipfile.ZipFile(
        io.BytesIO(b"".join(response.streaming_content) if response.streaming else response.content)
    )
    return {name: archive.read(name) for name in archive.namelist()}


def test_the_file_holds_the_persons_data_and_every_game_as_a_record_that_replays(
    world, tmp_path, django_capture_on_commit_callbacks
):
    client = signed_in(world.person)
    ask(client, django_capture_on_commit_callbacks)
    page = client.get(reverse("your-data"))
    export = DataExport.objects.get(user=world.person)
    assert export.state == "ready" and reverse("your-data-download", args=[export.token]) in page.content.decode()
    response = client.get(reverse("your-data-download", args=[export.token]))
    assert response["Content-Type"] == "application/zip"
    files = files_of(response)
    profile = json.loads(files["profile.json"])
    assert (profile["email"], profile["email_waiting_for_confirmation"]) == (w.EMAIL, w.PENDING)
    assert profile["blocked_players"] == ["dan"]
    played = Seat.objects.filter(user=world.person, state="joined", game__seed__isnull=False)
    records = {name: json.loads(data) for name, data in files.items() if name.startswith("games/")}
    assert set(records) == {f"games/{seat.game_id}.json" for seat in played}
    for record in records.values():
        assert w.NAME in record["players"]
        replay(record)
    (tmp_path / "record.json").write_bytes(files[f"games/{world.games['resigned'].pk}.json"])
    cli = subprocess.run(
        [sys.executable, "-m", "carcassonne", "replay", str(tmp_path / "record.json"), "--final"],
        capture_output=True,
        text=True,
        cwd=settings.BASE_DIR,
    )
    assert cli.returncode == 0, cli.stderr
    assert json.loads(cli.stdout)["finished"] is True
    chat = json.loads(files["chat.json"])
    assert [m["text"] for m in chat["messages"]] == [f"hello from {w.NAME}, write to {w.EMAIL}"]
    assert chat["notes"][0]["text"] == "bob always builds cities" and chat["muted"] == ["cid"]
    assert [(r["reported__username"], r["reason"]) for r in chat["reports_made"]] == [("bob", "abuse")]
    games = json.loads(files["games.json"])
    invited = {(i["game"], i["invited"]) for i in games["invitations_sent"]}
    assert {(world.games["waiting_own"].pk, "dan"), (world.games["won"].pk, "bob")} <= invited
    assert {i["tournament"] for i in json.loads(files["tournaments.json"])["entries"]} == {world.games["tournament"].pk}
    assert json.loads(files["ratings.json"])["history"]
    assert "python -m carcassonne replay" in files["README.txt"].decode()


def test_the_owner_is_emailed_the_link_whatever_their_email_settings(world, django_capture_on_commit_callbacks):
    Preference.objects.filter(user=world.person).update(game="none")
    ask(signed_in(world.person), django_capture_on_commit_callbacks)
    export = DataExport.objects.get(user=world.person)
    row = Notification.objects.get(user=world.person, key=f"data-export:{export.pk}")
    assert row.status in ("pending", "sent") and row.data["path"] == reverse("your-data-download", args=[export.token])


def test_the_link_is_for_its_owner_only_and_logs_in_first(world, django_capture_on_commit_callbacks):
    ask(signed_in(world.person), django_capture_on_commit_callbacks)
    url = reverse("your-data-download", args=[DataExport.objects.get(user=world.person).token])
    assert signed_in(world.others["bob"]).get(url).status_code == 404
    assert Client().get(url)["Location"].startswith(reverse("login"))


def test_the_link_expires_and_housekeeping_deletes_the_file(world, django_capture_on_commit_callbacks):
    client = signed_in(world.person)
    ask(client, django_capture_on_commit_callbacks)
    export = DataExport.objects.get(user=world.person)
    DataExport.objects.filter(pk=export.pk).update(expires_at=timezone.now() - timedelta(seconds=1))
    response = client.get(reverse("your-data-download", args=[export.token]))
    assert response.status_code == 404 and "expired" in response.content.decode()
    assert housekeeping()["data_exports_expired"] == 1
    export.refresh_from_db()
    assert export.content is None and export.state == "expired"


def test_through_the_api_ask_follow_and_download(world, django_capture_on_commit_callbacks):
    api = APIClient()
    assert api.get("/api/account/data/").status_code == 401
    api.force_authenticate(world.person)
    assert api.get("/api/account/data/").json()["state"] == "none"
    with django_capture_on_commit_callbacks(execute=True):
        asked = api.post("/api/account/data/")
    assert asked.status_code == 202 and asked.json()["state"] == "queued"
    state = api.get("/api/account/data/").json()
    assert state["state"] == "ready" and state["download"].endswith("/")
    response = api.get(state["download"])
    assert response.status_code == 200 and "profile.json" in files_of(response)
    other = APIClient()
    other.force_authenticate(world.others["bob"])
    assert other.get(state["download"]).status_code == 404


def test_asking_too_often_is_refused_with_a_reason(make_user, settings, django_capture_on_commit_callbacks):
    settings.DATA_EXPORTS_PER_DAY = 2
    person = make_user(w.NAME, w.EMAIL)
    client = signed_in(person)
    for _ in range(2):
        ask(client, django_capture_on_commit_callbacks)
    response = client.post(reverse("your-data"))
    assert response.status_code == 429 and "2 times a day" in response.content.decode()
    assert DataExport.objects.filter(user=person).count() == 2


def test_a_failed_preparation_says_so_and_may_be_asked_again(
    make_user, monkeypatch, django_capture_on_commit_callbacks
):
    from accounts import exports

    person = make_user(w.NAME, w.EMAIL)
    monkeypatch.setattr(exports, "zip_of", lambda user: 1 / 0)
    client = signed_in(person)
    ask(client, django_capture_on_commit_callbacks)
    assert "failed" in client.get(reverse("your-data")).content.decode()
    monkeypatch.undo()
    ask(client, django_capture_on_commit_callbacks)
    assert DataExport.objects.filter(user=person, state="ready").exists()
