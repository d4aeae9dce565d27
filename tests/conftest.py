import pytest

from companion import create_app


@pytest.fixture
def app(tmp_path):
    return create_app({"TESTING": True, "DATABASE": str(tmp_path / "t.db"), "SECRET_KEY": "test-secret",
                       "WTF_CSRF_ENABLED": False})


@pytest.fixture
def client(app):
    return app.test_client()
