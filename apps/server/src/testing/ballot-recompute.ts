import { webcrypto } from 'node:crypto';

/**
 * The draw as a reader of the public record would write it, from the words alone, with WebCrypto and
 * plain arrays: no code shared with the server's.
 */
export async function recomputeDraw(ids: string[], seedHex: string): Promise<string[]> {
  const seed = new Uint8Array(seedHex.match(/../g)!.map((pair) => parseInt(pair, 16)));
  const key = await webcrypto.subtle.importKey('raw', seed, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const encoder = new TextEncoder();
  const compare = (a: string, b: string) => {
    const x = encoder.encode(a);
    const y = encoder.encode(b);
    for (let k = 0; k < Math.min(x.length, y.length); k += 1) if (x[k] !== y[k]) return x[k]! - y[k]!;
    return x.length - y.length;
  };
  const order = [...ids].sort(compare);
  let counter = 0;
  for (let i = order.length - 1; i >= 1; i -= 1) {
    const message = new DataView(new ArrayBuffer(8));
    message.setUint32(0, Math.floor(counter / 2 ** 32));
    message.setUint32(4, counter % 2 ** 32);
    counter += 1;
    const mac = new DataView(await webcrypto.subtle.sign('HMAC', key, message.buffer));
    const value = (BigInt(mac.getUint32(0)) << 32n) | BigInt(mac.getUint32(4));
    const j = Number(value % BigInt(i + 1));
    const held = order[i]!;
    order[i] = order[j]!;
    order[j] = held;
  }
  return order;
}

export async function sha256Hex(seedHex: string) {
  const bytes = new Uint8Array(seedHex.match(/../g)!.map((pair) => parseInt(pair, 16)));
  return Buffer.from(await webcrypto.subtle.digest('SHA-256', bytes)).toString('hex');
}
