from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tichu tournaments"

    def ready(self) -> None:
        """Register the standings worker's task with the scheduler (``standings.schedule``), so
        that no service imports the task module (which calls the services)."""
        from . import tasks
        from .standings import schedule

        schedule.register_worker(tasks.recompute_standings)
