"""The site's URLs plus the references the HTTP benchmark compares against:

- ``bench/insert/``: a bare DRF endpoint that parses a JSON body and inserts it as one row (the
  floor of any hand entry: request parsing, one INSERT, one commit);
- ``bench/constant/?bytes=N``: a constant JSON body of N bytes (the floor of any cached read of
  that size).
"""

from functools import cache

from django.db import connection, transaction
from django.http import HttpResponse
from django.urls import include, path
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

INSERT_TABLE = "bench_insert"


class BareInsert(APIView):
    permission_classes = [AllowAny]

    def post(self, request):
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(
                f"INSERT INTO {INSERT_TABLE} (body) VALUES (%s) RETURNING id", [str(request.data)]
            )
            (row_id,) = cursor.fetchone()
        return Response({"id": row_id}, status=201)


@cache
def _body(size: int) -> bytes:
    return b'{"rows": "' + b"x" * max(0, size - 12) + b'"}'


def constant(request):
    return HttpResponse(_body(int(request.GET.get("bytes", "64"))), content_type="application/json")


urlpatterns = [
    path("bench/insert/", BareInsert.as_view()),
    path("bench/constant/", constant),
    path("", include("tichu_site.urls")),
]
