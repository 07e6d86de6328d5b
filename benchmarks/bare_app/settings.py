"""The product's settings with the benchmark's reference endpoints added to the URLs.

Used only by ``benchmarks/http_throughput.py``
(``DJANGO_SETTINGS_MODULE=benchmarks.bare_app.settings``), so the product's own URLs never
carry benchmark endpoints.
"""

from tichu_site.settings import *  # noqa: F403

ROOT_URLCONF = "benchmarks.bare_app.urls"
