"""The pages' URLs, split by audience: the public, table captains, organizers (and their exports).

Names are what templates and tests use; see the module of each view for what it does.
"""

from django.contrib.auth import views as auth_views
from django.urls import path, re_path

from tichu_site.login_forms import LimitedAuthenticationForm

from . import (
    captain,
    cup,
    duplicate,
    exports,
    offline,
    organizer,
    person_page,
    printouts,
    public,
    ranking,
    register,
    replay,
    series,
    standings_pdf,
)

public_urls = [
    path("", public.home, name="home"),
    path("language/<str:code>/", public.language, name="language"),
    path("events/<int:event_id>/", public.event_detail, name="event"),
    path("events/<int:event_id>/standings/", public.event_standings, name="event-standings"),
    path(
        "events/<int:event_id>/standings.pdf",
        standings_pdf.standings_pdf_view,
        name="event-standings-pdf",
    ),
    path("events/<int:event_id>/projector/", public.projector, name="event-projector"),
    path("events/<int:event_id>/rounds/<int:number>/", public.round_detail, name="event-round"),
    path(
        "events/<int:event_id>/rounds/<int:number>/seating/",
        public.round_seating,
        name="event-seating",
    ),
    path(
        "events/<int:event_id>/rounds/<int:number>/tables/<int:table_number>/hands/"
        "<int:hand_number>/replay/",
        replay.hand_replay,
        name="event-hand-replay",
    ),
    path(
        "events/<int:event_id>/rounds/<int:number>/tables/<int:table_number>/hands/"
        "<int:hand_number>/record.json",
        replay.hand_record_file,
        name="event-hand-record",
    ),
    path("replay/", replay.replay_upload, name="replay-upload"),
    path(
        "events/<int:event_id>/players/<int:entrant_id>/", public.player_detail, name="event-player"
    ),
    path(
        "events/<int:event_id>/boards/<int:number>/",
        duplicate.board_traveller,
        name="event-board",
    ),
    path(
        "events/<int:event_id>/players/<int:entrant_id>/scorecard/",
        duplicate.scorecard,
        name="event-scorecard",
    ),
    path(
        "events/<int:event_id>/players/<int:entrant_id>/movement/",
        duplicate.movement_card,
        name="event-movement-card",
    ),
    path("events/<int:event_id>/bracket/", cup.bracket, name="event-bracket"),
    path("events/<int:event_id>/bracket/live/", cup.bracket_live, name="event-bracket-live"),
    path("events/<int:event_id>/bracket.pdf", cup.bracket_pdf, name="event-bracket-pdf"),
    path("events/<int:event_id>/matches/<int:match_id>/", cup.match_detail, name="event-match"),
    re_path(r"^people/(?P<public_id>[a-z0-9]{1,32})/$", person_page.person_detail, name="person"),
    path("leagues/", public.league_list, name="leagues"),
    path("leagues/<int:league_id>/", public.league_detail, name="league"),
    path("seasons/<int:season_id>/", public.season_detail, name="season"),
    path("series/<int:series_id>/", series.series_detail, name="series"),
    path("series/<int:series_id>/table.pdf", series.series_table_pdf, name="series-pdf"),
    path("series/<int:series_id>/table.<str:fmt>", series.series_table_file, name="series-file"),
    path(
        "registers/<int:register_id>/ranking/",
        ranking.register_ranking,
        name="register-ranking",
    ),
]

captain_urls = [
    path("t/sw.js", offline.service_worker, name="captain-sw"),
    re_path(
        r"^t/engine-(?P<version>[0-9a-f]{16})\.zip$", offline.engine_archive, name="captain-engine"
    ),
    re_path(
        r"^t/(?P<code>[A-Za-z0-9]{1,64})/offline\.json$",
        offline.table_offline,
        name="captain-offline",
    ),
    re_path(
        r"^t/(?P<code>[A-Za-z0-9]{1,64})/state\.json$",
        offline.table_state,
        name="captain-state",
    ),
    re_path(r"^t/(?P<code>[A-Za-z0-9]{1,64})/$", captain.table_page, name="captain-table"),
    re_path(r"^t/(?P<code>[A-Za-z0-9]{1,64})/preview/$", captain.preview, name="captain-preview"),
    re_path(r"^t/(?P<code>[A-Za-z0-9]{1,64})/players/$", captain.lineup, name="captain-lineup"),
    re_path(
        r"^t/(?P<code>[A-Za-z0-9]{1,64})/hands/(?P<number>[0-9]{1,3})/confirm/$",
        captain.confirm,
        name="captain-confirm",
    ),
    re_path(
        r"^t/(?P<code>[A-Za-z0-9]{1,64})/hands/(?P<number>[0-9]{1,3})/correction/$",
        captain.correction_request,
        name="captain-correction",
    ),
    re_path(
        r"^t/(?P<code>[A-Za-z0-9]{1,64})/boards/(?P<number>[0-9]{1,3})/$",
        captain.traveller,
        name="captain-traveller",
    ),
]

E = "organize/events/<int:event_id>/"
organizer_urls = [
    path(
        "login/",
        auth_views.LoginView.as_view(authentication_form=LimitedAuthenticationForm),
        name="login",
    ),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("organize/", organizer.dashboard, name="organizer-home"),
    path("organize/events/new/", organizer.event_new, name="organizer-event-new"),
    path("organize/series/", series.series_list, name="organizer-series"),
    path("organize/series/new/", series.series_new, name="organizer-series-new"),
    path("organize/series/<int:series_id>/", series.series_edit, name="organizer-series-edit"),
    path(
        "organize/series/<int:series_id>/delete/",
        series.series_delete_view,
        name="organizer-series-delete",
    ),
    path(
        "organize/leagues/<int:league_id>/series/",
        series.league_series_view,
        name="organizer-league-series",
    ),
    path("organize/people/", register.registers, name="organizer-registers"),
    path("organize/people/<int:register_id>/", register.register_detail, name="organizer-register"),
    path("organize/people/<int:register_id>/merge/", register.merge, name="organizer-merge"),
    path(
        "organize/people/<int:register_id>/merges/<int:merge_id>/undo/",
        register.merge_undo_view,
        name="organizer-merge-undo",
    ),
    path("organize/people/<int:register_id>/share/", register.share, name="organizer-share"),
    path("organize/people/<int:register_id>/ranking/", register.ranking, name="organizer-ranking"),
    path(
        "organize/people/<int:register_id>/share/<int:user_id>/remove/",
        register.unshare,
        name="organizer-unshare",
    ),
    path(
        "organize/people/<int:register_id>/<int:person_id>/",
        register.person_detail,
        name="organizer-person",
    ),
    path(
        "organize/people/<int:register_id>/<int:person_id>/erase/",
        register.person_erase_view,
        name="organizer-person-erase",
    ),
    path(E, organizer.event_detail, name="organizer-event"),
    path(E + "finish/", organizer.event_finish_view, name="organizer-finish"),
    path(E + "reopen/", organizer.event_reopen_view, name="organizer-reopen"),
    path(E + "settings/", organizer.event_settings, name="organizer-settings"),
    path(E + "desk/", organizer.results_desk, name="organizer-desk"),
    path(E + "desk/tables/", organizer.results_desk_tables, name="organizer-desk-tables"),
    path(E + "check-in/", organizer.check_in, name="organizer-check-in"),
    path(E + "entrants/<int:entrant_id>/", organizer.entrant_edit, name="organizer-entrant"),
    path(
        E + "entrants/<int:entrant_id>/reinstate/",
        organizer.entrant_reinstate_view,
        name="organizer-reinstate",
    ),
    path(E + "players/", organizer.players_add, name="organizer-players"),
    path(
        E + "entrants/<int:entrant_id>/withdraw/",
        organizer.entrant_withdraw_view,
        name="organizer-withdraw",
    ),
    path(E + "rounds/pair/", organizer.round_pair_view, name="organizer-pair"),
    path(E + "cup/draw/", cup.draw, name="organizer-cup-draw"),
    path(E + "cup/matches/<int:match_id>/resolve/", cup.resolve, name="organizer-cup-resolve"),
    path(E + "rounds/<int:round_id>/", organizer.round_detail, name="organizer-round"),
    path(
        E + "rounds/<int:round_id>/regenerate/",
        organizer.round_regenerate_view,
        name="organizer-regenerate",
    ),
    path(
        E + "rounds/<int:round_id>/publish/", organizer.round_publish_view, name="organizer-publish"
    ),
    path(E + "rounds/<int:round_id>/swap/", organizer.seats_swap_view, name="organizer-swap"),
    path(E + "rounds/<int:round_id>/clock/", organizer.round_clock_view, name="organizer-clock"),
    path(E + "helpers/", organizer.helper_add_view, name="organizer-helpers"),
    path(
        E + "helpers/<int:user_id>/remove/",
        organizer.helper_remove_view,
        name="organizer-helper-remove",
    ),
    path(E + "rounds/<int:round_id>/sheets.pdf", exports.table_sheets, name="organizer-sheets"),
    path(
        E + "rounds/<int:round_id>/seating.pdf",
        printouts.round_seating_pdf,
        name="organizer-seating-pdf",
    ),
    path(
        E + "rounds/<int:round_id>/results.pdf",
        printouts.round_results_pdf,
        name="organizer-results-pdf",
    ),
    path(E + "tables/<int:table_id>/", organizer.table_detail, name="organizer-table"),
    path(
        E + "duplicate/<slug:kind>.pdf",
        duplicate.duplicate_printout,
        name="organizer-duplicate-printout",
    ),
    path(
        E + "tables/<int:table_id>/artificial/",
        duplicate.artificial_results,
        name="organizer-artificial",
    ),
    path(
        E + "tables/<int:table_id>/players/", organizer.table_lineup, name="organizer-table-lineup"
    ),
    path(
        E + "tables/<int:table_id>/close/", organizer.table_close_view, name="organizer-table-close"
    ),
    path(
        E + "tables/<int:table_id>/hands/<int:number>/", organizer.hand_edit, name="organizer-hand"
    ),
    path(
        E + "hands/<int:hand_id>/request/dismiss/",
        organizer.request_dismiss_view,
        name="organizer-request-dismiss",
    ),
    path(
        E + "differing/<int:differing_id>/keep/",
        organizer.differing_keep_view,
        name="organizer-differing-keep",
    ),
    path(E + "history/", organizer.history, name="organizer-history"),
    path(E + "history/<int:change_id>/undo/", organizer.change_undo_view, name="organizer-undo"),
    path(E + "export/<str:kind>.<str:fmt>", exports.export, name="organizer-export"),
]

urlpatterns = public_urls + captain_urls + organizer_urls
