#!/usr/bin/env bash
# Makes apps/server/assets/fonts/ec-pdf-sans.ttf, the font of the server's PDFs (maintenance
# records), from two Apache-2.0 fonts Debian packages, both TrueType (glyf) outlines:
#   - the Chinese: Droid Sans Fallback (fonts-droid-fallback), cut to every character of GB2312 (its
#     6763 level 1 and level 2 hanzi and the symbols it has glyphs for), the CJK symbols and
#     punctuation and the full-width forms. It has no Latin glyphs at all (not even digits), so
#   - the Latin: Open Sans Regular (fonts-open-sans, by Droid Sans's designer), cut to printable ASCII,
#     Latin-1, general punctuation, Greek and Russian, the signs a record uses (× ± ≤ ≥ √ € №) and U+FFFD.
# Droid's outlines are scaled from 256 to Open Sans's 2048 units per em (×8, exact) and the two are
# merged, Open Sans first (its glyphs win where both have one). Hinting and OpenType layout (kerning,
# vertical forms) are dropped: the PDF needs neither. The output is reproducible (fixed timestamp).
#   apt-get install fonts-droid-fallback fonts-open-sans python3-fonttools && tools/make-font-subset.sh
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CJK=${CJK_FONT:-/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf}
LATIN=${LATIN_FONT:-/usr/share/fonts/truetype/open-sans/OpenSans-Regular.ttf}
OUT=$ROOT/apps/server/assets/fonts/ec-pdf-sans.ttf

# The Python that has fontTools: Debian's python3-fonttools lives in /usr/bin/python3, which another
# python3 earlier on the PATH (pyenv, a venv) does not see.
PYTHON=
for candidate in python3 /usr/bin/python3; do
  if command -v "$candidate" >/dev/null && "$candidate" -c 'import fontTools.merge, fontTools.ttLib.scaleUpem' 2>/dev/null; then
    PYTHON=$candidate
    break
  fi
done
if [ -z "$PYTHON" ]; then
  echo "fontTools (≥ 4.33) is missing: apt-get install python3-fonttools" >&2
  exit 1
fi
[ -f "$CJK" ] || { echo "no font at $CJK: apt-get install fonts-droid-fallback" >&2; exit 1; }
[ -f "$LATIN" ] || { echo "no font at $LATIN: apt-get install fonts-open-sans" >&2; exit 1; }

# SOURCE_DATE_EPOCH: fontTools writes it as the font's modified time, so the same input gives the
# same bytes.
SOURCE_DATE_EPOCH=1704067200 "$PYTHON" - "$CJK" "$LATIN" "$OUT" <<'PY'
import io
import sys

from fontTools import subset
from fontTools.merge import Merger
from fontTools.ttLib import TTFont
from fontTools.ttLib.scaleUpem import scale_upem

cjk_path, latin_path, out_path = sys.argv[1:4]

# Every character GB2312 encodes: rows 1-9 (symbols, ①, Greek, Cyrillic, kana, box drawing) and
# rows 16-87 (level 1 and level 2 hanzi).
gb2312 = set()
for row in range(0xA1, 0xF8):
    for cell in range(0xA1, 0xFF):
        try:
            gb2312 |= {ord(c) for c in bytes([row, cell]).decode('gb2312')}
        except UnicodeDecodeError:
            pass
hanzi = {p for p in gb2312 if 0x4E00 <= p <= 0x9FFF}
assert len(hanzi) == 6763, f'GB2312 has 6763 hanzi, the codec gave {len(hanzi)}'

latin_points = set(range(0x20, 0x7F))    # printable ASCII
latin_points |= set(range(0xA0, 0x100))  # Latin-1: no-break space, punctuation, signs (× ÷ ± ° ·), letters
latin_points |= set(range(0x2010, 0x2070))  # general punctuation: dashes, quotes, ‰, …
latin_points |= set(range(0x370, 0x460))  # Greek and Russian (Ω for MΩ, μ, φ for diameters)
latin_points |= set(range(0x2100, 0x2300))  # letterlike (№), number forms, arrows, mathematical operators (√ ≤ ≥ ≈)
latin_points |= {0x20AC, 0xFFFD}          # €, and the replacement character pdf.ts draws for a missing glyph
latin_points |= gb2312                    # GB2312's symbols Droid Sans Fallback lacks (× ÷ “ ” … ‰ Greek, Russian)

cjk_points = set(gb2312)
cjk_points |= set(range(0x3000, 0x3040))  # CJK symbols and punctuation: 、。《》「」【】〔〕
cjk_points |= set(range(0xFF00, 0xFFF0))  # full-width and half-width forms: ，：；（）０-９Ａ-Ｚ


def cut(path, points):
    font = TTFont(path)
    cmap = font.getBestCmap()
    kept = {p for p in points if p in cmap}
    options = subset.Options()
    options.hinting = False
    options.layout_features = []
    options.drop_tables += ['GSUB', 'GPOS', 'GDEF', 'kern', 'vhea', 'vmtx', 'DSIG', 'gasp']
    options.name_IDs = ['*']
    options.name_languages = ['*']
    options.notdef_outline = True
    options.glyph_names = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=kept)
    subsetter.subset(font)
    return font, kept


latin, latin_kept = cut(latin_path, latin_points)
cjk, cjk_kept = cut(cjk_path, cjk_points)
missing = sorted(hanzi - cjk_kept)
if missing:
    sys.exit(f'{cjk_path} lacks {len(missing)} GB2312 hanzi, e.g. U+{missing[0]:04X}')
upem = latin['head'].unitsPerEm
scale_upem(cjk, upem)

# The merger reads fonts from files; both go through memory.
def reread(font):
    buffer = io.BytesIO()
    font.save(buffer)
    buffer.seek(0)
    return buffer

merged = Merger().merge([reread(latin), reread(cjk)])

# One name for the result, and both fonts' copyright and licence lines.
name = merged['name']
name.names = []
for name_id, text in {
    0: 'Droid Sans Fallback: digitized data copyright Google Corporation © 2006. '
       'Open Sans: digitized data copyright © 2010-2011, Google Corporation. '
       'Subset and merged for the elevator console’s PDFs (tools/make-font-subset.sh).',
    1: 'EC PDF Sans',
    2: 'Regular',
    3: 'EC PDF Sans Regular',
    4: 'EC PDF Sans Regular',
    5: 'Version 1.0',
    6: 'ECPDFSans-Regular',
    13: 'Licensed under the Apache License, Version 2.0',
    14: 'http://www.apache.org/licenses/LICENSE-2.0',
}.items():
    name.setName(text, name_id, 3, 1, 0x409)
merged.save(out_path)

check = TTFont(out_path).getBestCmap()
both = latin_kept | cjk_kept
assert all(p in check for p in both), 'the merged font lost characters'
print(f'{len(both)} characters: {len(latin_kept)} from Open Sans, {len(cjk_kept)} from Droid Sans Fallback '
      f'({len(hanzi)} hanzi); {len((latin_points | cjk_points) - both)} asked for have no glyph in either',
      file=sys.stderr)
PY

echo "$OUT: $(($(wc -c <"$OUT") / 1024)) KB"
