"""Standings: skill ratings, stats and histories of finished games (issue 17)."""
