"""Duplicate Tichu: movements (who plays which boards where) and matchpoint scoring, pure Python;
and the printouts of boards and movements (``printouts``), worded in the reader's language."""
