"""URLs of the tournament app, split by audience: the API, organizers, captains, the public."""

urlpatterns = []
