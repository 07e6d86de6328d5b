"""The tournament domain: events, leagues, rounds, tables, hands, pairings and standings."""
