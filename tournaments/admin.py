"""Django admin: raw data for organizers who need it."""

from django.contrib import admin

from . import models


class SeatInline(admin.TabularInline):
    model = models.Seat
    extra = 0


@admin.register(models.Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ("name", "preset", "status", "owner", "created_at")
    list_filter = ("preset", "status")
    search_fields = ("name",)


@admin.register(models.Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ("__str__", "round", "status")
    inlines = [SeatInline]


@admin.register(models.Hand)
class HandAdmin(admin.ModelAdmin):
    list_display = ("__str__", "tp_0", "tp_1", "vp_0", "vp_1", "entered_by", "updated_at")


@admin.register(models.Change)
class ChangeAdmin(admin.ModelAdmin):
    list_display = ("created_at", "event", "subject", "subject_id", "action", "actor", "reason")
    list_filter = ("subject", "action")


for model in (
    models.Player,
    models.League,
    models.Season,
    models.Entrant,
    models.Round,
    models.Bye,
    models.StandingRow,
    models.RoundResult,
):
    admin.site.register(model)
