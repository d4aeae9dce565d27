"""The join code's SVG (a light page: one stroked path, a line one module wide through each run of dark modules in a
row) draws exactly the QR code's modules, border included."""

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
    d = re.search(r'<path stroke="#000" d="([^"]*)"/>', svg).group(1)
    x = y = None
    for cmd, a, b, w in re.findall(r"([Mm])(-?\d+) (\d+)(?:\.5)?h(\d+)", d):
        if cmd == "M":  # a row's first run: absolute, through the middle of row y
            x, y = int(a), int(b)
        else:  # the next run in the same row: relative to where the last one ended
            assert int(b) == 0
            x += int(a)
        for i in range(x, x + int(w)):
            assert not drawn[y][i]
            drawn[y][i] = True
        x += int(w)
    assert re.fullmatch(r"(?:M\d+ \d+\.5h\d+(?:m\d+ 0h\d+)*)+", d)
    assert drawn == [[bool(c) for c in row] for row in want]
    assert 'class="qr" role="img" aria-label="QR code"' in svg and len(svg) < 4000
