import { useMemo } from 'react';
import { create } from 'qrcode';
import { qrPathOf, qrViewSize } from '../qr-path';

/**
 * A QR code of `text` as an SVG image named `label`: black modules on white, with its quiet zone, in both
 * themes (a scanner needs dark on light), as wide as its box. Error correction M: a scratched or folded
 * printout still reads.
 */
export function QrCode({ text, label, className }: { text: string; label: string; className?: string }) {
  const { modules } = useMemo(() => create(text, { errorCorrectionLevel: 'M' }), [text]);
  const side = qrViewSize(modules.size);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${side} ${side}`}
      shapeRendering="crispEdges"
      className={`block h-auto w-full ${className ?? ''}`}
    >
      <rect width={side} height={side} fill="#fff" />
      <path d={qrPathOf(modules)} fill="#000" />
    </svg>
  );
}
