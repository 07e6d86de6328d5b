"""The REST API: thin views over the services (parse, authorize, call one service, serialize)."""
