"""Duplicate Tichu: movements (who plays which boards where) and matchpoint scoring, pure Python."""
