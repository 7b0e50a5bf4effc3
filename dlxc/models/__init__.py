"""Modelers: puzzles turned into XCC problems for the engine."""
