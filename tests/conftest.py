"""Shared pytest configuration for the strohmandeln test suite."""
