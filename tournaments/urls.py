"""URLs of the tournament app, split by audience: the API, organizers, captains, the public."""

from django.urls import include, path

urlpatterns = [
    path("api/", include("tournaments.api.urls")),
    path("", include("tournaments.views.urls")),
]
