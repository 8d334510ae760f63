/** The light margin around a QR code that scanners need to find it: 4 modules on every side (ISO/IEC 18004). */
export const QR_QUIET_ZONE = 4;

/** A QR code's modules as the `qrcode` package gives them: `size` × `size`, row by row, 1 for dark. */
export type QrModules = { size: number; data: ArrayLike<number> };

/**
 * The SVG path of a QR code's dark modules, one module a unit, offset by the quiet zone: each run of dark modules
 * in a row is one rectangle, so a 33 × 33 code is a few hundred short commands, not a thousand squares.
 */
export function qrPathOf({ size, data }: QrModules): string {
  const commands: string[] = [];
  for (let row = 0; row < size; row++) {
    let column = 0;
    while (column < size) {
      if (!data[row * size + column]) {
        column++;
        continue;
      }
      const start = column;
      while (column < size && data[row * size + column]) column++;
      const run = column - start;
      commands.push(`M${start + QR_QUIET_ZONE} ${row + QR_QUIET_ZONE}h${run}v1h-${run}z`);
    }
  }
  return commands.join('');
}

/** The side of the whole picture in modules: the code and its quiet zone on both sides. */
export const qrViewSize = (size: number) => size + 2 * QR_QUIET_ZONE;
