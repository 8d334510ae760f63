import { create } from 'qrcode';
import { describe, expect, it } from 'vitest';
import { QR_QUIET_ZONE, qrPathOf, qrViewSize } from './qr-path';

/** The dark modules a path draws, as `row,column` keys, read back from its rectangles. */
function modulesDrawnBy(path: string): Set<string> {
  const drawn = new Set<string>();
  for (const [, x, y, run] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)) {
    for (let offset = 0; offset < Number(run); offset++) {
      drawn.add(`${Number(y) - QR_QUIET_ZONE},${Number(x) - QR_QUIET_ZONE + offset}`);
    }
  }
  return drawn;
}

describe('qrPathOf', () => {
  it('draws one rectangle per run of dark modules in a row, inside the quiet zone', () => {
    // Row 0: dark, dark, light; row 1: light, light, dark; row 2: dark, light, dark.
    const path = qrPathOf({ size: 3, data: [1, 1, 0, 0, 0, 1, 1, 0, 1] });
    expect(path).toBe('M4 4h2v1h-2zM6 5h1v1h-1zM4 6h1v1h-1zM6 6h1v1h-1z');
  });

  it('draws nothing for a blank matrix', () => {
    expect(qrPathOf({ size: 2, data: [0, 0, 0, 0] })).toBe('');
  });

  it('draws exactly the dark modules of a real code', () => {
    const { modules } = create('stride:checkin:Z3kq9XbW2mPa7TnV4cRy', { errorCorrectionLevel: 'M' });
    const dark = new Set<string>();
    for (let row = 0; row < modules.size; row++) {
      for (let column = 0; column < modules.size; column++) {
        if (modules.get(row, column)) dark.add(`${row},${column}`);
      }
    }
    expect(modulesDrawnBy(qrPathOf(modules))).toEqual(dark);
  });
});

describe('qrViewSize', () => {
  it('adds the quiet zone on both sides', () => {
    expect(qrViewSize(25)).toBe(33);
  });
});
