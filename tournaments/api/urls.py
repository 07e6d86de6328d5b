"""The API's routes (mounted at ``/api/``). Ids are at most 18 digits, hand numbers at most 9:
anything longer is not a route (404) rather than a number the database cannot hold."""

from django.urls import path, register_converter

from . import cup, duplicate, people, profile, ratings, series, views


class IdConverter:
    regex = "[0-9]{1,18}"

    def to_python(self, value):
        return int(value)

    def to_url(self, value):
        return str(value)


class NumberConverter(IdConverter):
    regex = "[0-9]{1,9}"


register_converter(IdConverter, "api_id")
register_converter(NumberConverter, "api_number")

urlpatterns = [
    path("auth/token/", views.TokenView.as_view(), name="api-token"),
    path("events/", views.EventList.as_view(), name="api-events"),
    path("events/<api_id:pk>/", views.EventDetail.as_view(), name="api-event"),
    path("events/<api_id:pk>/finish/", views.EventFinish.as_view(), name="api-event-finish"),
    path("events/<api_id:pk>/reopen/", views.EventReopen.as_view(), name="api-event-reopen"),
    path("events/<api_id:pk>/players/", views.EventPlayers.as_view(), name="api-event-players"),
    path("events/<api_id:pk>/rounds/", views.EventRounds.as_view(), name="api-event-rounds"),
    path(
        "events/<api_id:pk>/standings/", views.EventStandings.as_view(), name="api-event-standings"
    ),
    path("events/<api_id:pk>/changes/", views.EventChanges.as_view(), name="api-event-changes"),
    path(
        "events/<api_id:pk>/differing-entries/",
        views.EventDifferingEntries.as_view(),
        name="api-event-differing-entries",
    ),
    path("events/<api_id:pk>/bracket/", cup.EventBracket.as_view(), name="api-event-bracket"),
    path(
        "events/<api_id:pk>/movement/",
        duplicate.EventMovement.as_view(),
        name="api-event-movement",
    ),
    path("events/<api_id:pk>/boards/", duplicate.EventBoards.as_view(), name="api-event-boards"),
    path(
        "events/<api_id:pk>/boards/<api_number:number>/",
        duplicate.EventBoard.as_view(),
        name="api-event-board",
    ),
    path(
        "events/<api_id:pk>/percentages/",
        duplicate.EventPercentages.as_view(),
        name="api-event-percentages",
    ),
    path("events/<api_id:pk>/matches/", cup.EventMatches.as_view(), name="api-event-matches"),
    path("events/<api_id:pk>/draw/", cup.EventDraw.as_view(), name="api-event-draw"),
    path("matches/<api_id:pk>/", cup.MatchDetail.as_view(), name="api-match"),
    path("changes/<api_id:pk>/undo/", views.ChangeUndo.as_view(), name="api-change-undo"),
    path("players/", views.PlayerList.as_view(), name="api-players"),
    path("players/<api_id:pk>/", views.PlayerDetail.as_view(), name="api-player"),
    path(
        "players/<api_id:pk>/withdraw/", views.PlayerWithdraw.as_view(), name="api-player-withdraw"
    ),
    path("people/<api_id:pk>/profile/", profile.PersonProfile.as_view(), name="api-person-profile"),
    path("rounds/", views.RoundList.as_view(), name="api-rounds"),
    path("rounds/<api_id:pk>/", views.RoundDetail.as_view(), name="api-round"),
    path("rounds/<api_id:pk>/publish/", views.RoundPublish.as_view(), name="api-round-publish"),
    path(
        "rounds/<api_id:pk>/regenerate/",
        views.RoundRegenerate.as_view(),
        name="api-round-regenerate",
    ),
    path("rounds/<api_id:pk>/swap/", views.RoundSwap.as_view(), name="api-round-swap"),
    path("rounds/<api_id:pk>/warnings/", views.RoundWarnings.as_view(), name="api-round-warnings"),
    path("tables/", views.TableList.as_view(), name="api-tables"),
    path("tables/<api_id:pk>/", views.TableDetail.as_view(), name="api-table"),
    path("tables/<api_id:pk>/close/", views.TableClose.as_view(), name="api-table-close"),
    path("tables/<api_id:pk>/hands/", views.TableHands.as_view(), name="api-table-hands"),
    path(
        "tables/<api_id:pk>/hands/<api_number:number>/",
        views.TableHand.as_view(),
        name="api-table-hand",
    ),
    path(
        "tables/<api_id:pk>/hands/<api_number:number>/confirm/",
        views.HandConfirm.as_view(),
        name="api-hand-confirm",
    ),
    path(
        "tables/<api_id:pk>/artificial/<api_number:number>/",
        duplicate.TableArtificial.as_view(),
        name="api-table-artificial",
    ),
    path("hands/", views.HandList.as_view(), name="api-hands"),
    path("people/", people.PeopleList.as_view(), name="api-people"),
    path("people/<api_id:pk>/", people.PersonDetail.as_view(), name="api-person"),
    path("people/<api_id:pk>/merge/", people.PersonMergeView.as_view(), name="api-person-merge"),
    path(
        "people/merges/<api_id:pk>/undo/", people.MergeUndo.as_view(), name="api-person-merge-undo"
    ),
    path("hands/<api_id:pk>/", views.HandDetail.as_view(), name="api-hand"),
    path("series/", series.SeriesList.as_view(), name="api-series-list"),
    path("series/<api_id:pk>/", series.SeriesDetail.as_view(), name="api-series"),
    path(
        "series/<api_id:pk>/standings/",
        series.SeriesStandings.as_view(),
        name="api-series-standings",
    ),
    path("ratings/", ratings.RatingList.as_view(), name="api-ratings"),
]
