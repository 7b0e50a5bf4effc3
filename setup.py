# setuptools needs this shim for cffi_modules; everything else is in pyproject.toml.
from setuptools import setup

setup(cffi_modules=["build_ext.py:ffibuilder"])
