"""The join code's SVG (a light page: one path, a rectangle per run of dark modules) draws exactly the QR code's
modules, border included."""

import re

import qrcode

from companion.web.board import qr_svg


def test_the_svg_draws_exactly_the_modules_of_the_code():
    data = "http://192.0.2.2:5000/join/12/fYnBcJ917iXpYNaaTGlzgbB2"
    qr = qrcode.QRCode(border=2)
    qr.add_data(data)
    qr.make(fit=True)
    want = qr.get_matrix()
    svg = str(qr_svg(data))
    size = int(re.search(r'viewBox="0 0 (\d+) \1"', svg).group(1))
    assert size == len(want)
    drawn = [[False] * size for _ in range(size)]
    for x, y, w in re.findall(r"M(\d+) (\d+)h(\d+)v1h-\3z", svg):
        for i in range(int(x), int(x) + int(w)):
            assert not drawn[int(y)][i]
            drawn[int(y)][i] = True
    assert drawn == [[bool(c) for c in row] for row in want]
    assert 'class="qr" role="img" aria-label="QR code"' in svg and len(svg) < 6000
