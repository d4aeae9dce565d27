"""The host's address on the table's network: what the phones open, in the join link, the QR code and the start-up
message of ``companion serve``. No packet is sent."""

from __future__ import annotations

import socket


def lan_address() -> str:
    """The address other phones on the same network reach this machine at (no packet is sent)."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("192.0.2.1", 9))  # TEST-NET address: only picks the outgoing interface
        return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        s.close()
