"""Settings of the Tichu tournament service, read from the environment.

The defaults run on a laptop with nothing else installed: SQLite in the project folder, an
in-process cache, and Celery tasks executed eagerly in the web process. Production sets:

- ``DATABASE_URL``   e.g. ``postgres://postgres@127.0.0.1:5432/tichu`` (PostgreSQL)
- ``REDIS_URL``      e.g. ``redis://127.0.0.1:6379/0`` (Celery broker and the cache)
- ``SECRET_KEY``, ``DEBUG=0``, ``ALLOWED_HOSTS=tichu.example.org,www.tichu.example.org``
- ``HTTPS=1`` (default when DEBUG is off) for secure cookies, HSTS and the HTTPS redirect.
"""

import os
from pathlib import Path

import dj_database_url

BASE_DIR = Path(__file__).resolve().parent.parent


def env_flag(name: str, default: bool) -> bool:
    """A boolean environment variable: 1/true/yes/on (any case) is true."""
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


DEBUG = env_flag("DEBUG", True)
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise RuntimeError("SECRET_KEY must be set when DEBUG is off")
    SECRET_KEY = "django-insecure-local-development-only-" + "x" * 24
ALLOWED_HOSTS = [
    h
    for h in os.environ.get("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver").split(",")
    if h
]
CSRF_TRUSTED_ORIGINS = [o for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI served from here: /api/docs/ works without internet
    "tournaments",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "tichu_site.urls"
WSGI_APPLICATION = "tichu_site.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        # A new connection per request costs PostgreSQL throughput dearly (TIPS.md): keep them.
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "60")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Wait for the write lock instead of failing at once when captains enter hands together.
    DATABASES["default"]["OPTIONS"] = {"timeout": 20, "transaction_mode": "IMMEDIATE"}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    # Degrades to "no cache" while Redis is unreachable instead of failing requests (cache.py).
    CACHES = {
        "default": {
            "BACKEND": "tichu_site.cache.ResilientRedisCache",
            "LOCATION": REDIS_URL,
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Celery: a real broker when REDIS_URL is set; otherwise tasks run in process, at once.
CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_TASK_ALWAYS_EAGER = not REDIS_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A message whose worker died unacknowledged comes back after the visibility timeout (Redis's
# default: an hour); two minutes is well above the longest standings run, so a live run is never
# sent twice. The catch-up sweep sends a lost run sooner still (tournaments.standings.schedule).
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "max_retries": 1,
    "interval_start": 0,
    "interval_step": 0.2,
    "socket_connect_timeout": 1,
    "socket_timeout": 2,
    "visibility_timeout": 120,
}
CELERY_TASK_PUBLISH_RETRY = False
# The beat's catch-up sweep of stale standings; a run sent longer ago than this and not started
# is taken as lost with its worker and sent again (tournaments.standings.schedule).
STANDINGS_SWEEP_SECONDS = float(os.environ.get("STANDINGS_SWEEP_SECONDS", "5"))
CELERY_BEAT_SCHEDULE = {
    "catch-up-stale-standings": {
        "task": "tournaments.tasks.catch_up_standings",
        "schedule": STANDINGS_SWEEP_SECONDS,
    },
    "catch-up-stale-ratings": {  # a lost rating run waits for its pending mark to expire
        "task": "tournaments.tasks.catch_up_ratings",
        "schedule": 60.0,
    },
}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "organizer-home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("de", "Deutsch")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "Europe/Berlin"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
# The browser libraries the pages serve themselves, from the npm registry (package.json;
# ``./dev`` runs ``npm ci``) and served from here, never from a CDN: Chart.js (a person's rating
# history); for the captain's page offline, Workbox's service worker and the modules it loads
# (all under one prefix, where workbox-sw looks for them), idb, Pyodide.
NODE_MODULES = BASE_DIR / "node_modules"
WORKBOX_MODULES = ("workbox-sw", "workbox-core", "workbox-routing", "workbox-strategies")
STATICFILES_DIRS = [
    BASE_DIR / "static",
    ("chartjs", NODE_MODULES / "chart.js" / "dist"),
    *(("vendor/workbox", NODE_MODULES / name / "build") for name in WORKBOX_MODULES),
    ("vendor/idb", NODE_MODULES / "idb" / "build"),
    ("vendor/pyodide", NODE_MODULES / "pyodide"),
]

DATA_UPLOAD_MAX_MEMORY_SIZE = 256 * 1024  # a hand is a few hundred bytes; a CSV of players fits
FILE_UPLOAD_MAX_MEMORY_SIZE = 1024 * 1024

# How often the captain's page sends the hands kept on the phone and asks for its table's state
# (``static/js/offline/captain_offline.mjs``), at the longest: a phone that could not reach the
# server tries again sooner, a few seconds first, then less often up to this.
CAPTAIN_SYNC_SECONDS = int(os.environ.get("CAPTAIN_SYNC_SECONDS", "30"))

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "tichu_site.authentication.TokenAuthentication",  # DRF's, refusing a NUL (a 500)
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.LimitOffsetPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "tournaments.api.exceptions.handler",
    # `?format=` is the events list's filter by preset, not DRF's renderer override (which
    # answered 404 to `?format=dtm`); clients choose JSON or the browsable API by `Accept`.
    "URL_FORMAT_OVERRIDE": None,
    # Throttles count per client address. With DRF's default (None) any client could pick its
    # own address in an X-Forwarded-For header and guess table codes unthrottled; behind a
    # reverse proxy set NUM_PROXIES to the number of proxies in front of the service.
    "NUM_PROXIES": int(os.environ.get("NUM_PROXIES", "0")),
    "DEFAULT_THROTTLE_RATES": {
        "table_code_failures": os.environ.get("TABLE_CODE_THROTTLE", "20/minute"),
        "table_code_failures_per_table": os.environ.get("TABLE_CODE_TABLE_THROTTLE", "60/minute"),
        # failed logins per account at an address, and per address (tichu_site.limits)
        "login": os.environ.get("LOGIN_THROTTLE", "20/minute"),
        "login_per_client": os.environ.get("LOGIN_CLIENT_THROTTLE", "60/minute"),
    },
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Tichu tournament service API",
    "DESCRIPTION": "Events, rounds, tables, hands and standings of Tichu events and leagues.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Text that may not be blank is said to be so (minLength 1), or blank text valid by the
    # schema was refused.
    "ENFORCE_NON_BLANK_FIELDS": True,
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "tournaments.api.schema.closed_objects",
    ],
    "ENUM_NAME_OVERRIDES": {
        "EventStatusEnum": "tournaments.models.Event.Status",
        "RoundStatusEnum": "tournaments.models.Round.Status",
        "TableStatusEnum": "tournaments.models.Table.Status",
        "ArtificialKindEnum": "tournaments.models.ArtificialResult.Kind",
    },
}

HTTPS = env_flag("HTTPS", not DEBUG)
SECURE_SSL_REDIRECT = HTTPS
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
SECURE_HSTS_SECONDS = 31536000 if HTTPS else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = HTTPS
SECURE_HSTS_PRELOAD = HTTPS
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"

# Every record goes to standard error (gunicorn's and Celery's error output), through the root
# logger: the service's from LOG_LEVEL, any other library's warnings and errors, and Django's from
# INFO with DEBUG on, its errors otherwise: above all "Internal Server Error" with the traceback
# of every 500 (django.request). Django's own configuration, replaced here for its loggers, wrote
# to the console only with DEBUG on and mailed errors to ADMINS otherwise (there are none): a
# 500 left no trace but the status in the access log.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {
        "stderr": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stderr",
            "formatter": "plain",
        }
    },
    "root": {"handlers": ["stderr"], "level": "WARNING"},
    "loggers": {
        "django": {"handlers": [], "level": "INFO" if DEBUG else "ERROR"},
        "tournaments": {"level": os.environ.get("LOG_LEVEL", "WARNING")},
    },
}
