from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tichu tournaments"

    def ready(self) -> None:
        """Register the standings and ratings workers' tasks with their schedulers
        (``standings.schedule``, ``ratings.schedule``), so that no service imports the task
        module (which calls the services)."""
        from . import tasks
        from .ratings import schedule as ratings_schedule
        from .standings import schedule

        schedule.register_worker(tasks.recompute_standings)
        ratings_schedule.register_worker(tasks.rate_register)
