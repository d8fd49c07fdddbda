import pytest
from rest_framework.test import APIClient

from tournaments import creation, registration


@pytest.mark.django_db
@pytest.mark.parametrize("body", [{"username": "a\u0000b"}, {"policy": "vanish"}, ["not", "an", "object"]])
def test_a_malformed_withdrawal_is_a_400_with_a_message(director, players, body):
    t = creation.create_tournament(director, name="Cup", format="swiss", swiss_rounds=1)
    player = players(1)[0]
    registration.register(t, player)
    api = APIClient()
    api.force_authenticate(director)
    response = api.post(f"/api/tournaments/{t.pk}/withdraw/", body, format="json")
    assert response.status_code == 400
    assert response.json()["detail"]
    assert t.entries.filter(user=player).exists()
