"""Blueprints, one module per feature. Every module here that defines ``bp`` is registered by the app factory."""
