"""Tidewater's Discord shell and session manager. Rules live in ``games/``, never here."""
