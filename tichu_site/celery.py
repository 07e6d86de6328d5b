"""The Celery app. Standings are computed by workers: ``celery -A tichu_site worker -B``.

Without ``REDIS_URL`` the settings make every task run in process (eager), so a laptop needs
neither a broker nor a worker.
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tichu_site.settings")

app = Celery("tichu_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
