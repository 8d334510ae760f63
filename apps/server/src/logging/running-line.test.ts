import { describe, expect, it } from 'vitest';
import { runningLine } from './running-line.js';

const listeningOn = (port: number) => ({ address: '127.0.0.1', family: 'IPv4', port });

describe('the line npm start ends with', () => {
  it('names localhost and the port when the server listens on this machine as a whole', () => {
    const config = { port: 3000, publicUrl: 'http://localhost:3000' };

    expect(runningLine({ ...config, host: 'localhost' }, listeningOn(3000))).toBe(
      'Stride is running on http://localhost:3000',
    );
    expect(runningLine({ ...config, host: '0.0.0.0' }, listeningOn(3000))).toBe(
      'Stride is running on http://localhost:3000',
    );
    expect(runningLine({ ...config, host: '::' }, listeningOn(3000))).toBe(
      'Stride is running on http://localhost:3000',
    );
  });

  it('names the one address HOST gives, and the port really listened on (PORT=0)', () => {
    expect(runningLine({ host: '127.0.0.1', port: 3620, publicUrl: 'http://localhost:3620' }, null)).toBe(
      'Stride is running on http://127.0.0.1:3620',
    );
    expect(runningLine({ host: '::1', port: 0, publicUrl: 'http://localhost:0' }, listeningOn(41234))).toBe(
      'Stride is running on http://[::1]:41234',
    );
  });

  it('names PUBLIC_URL when it is set: the address people use', () => {
    const config = { host: '0.0.0.0', port: 3000, publicUrl: 'https://stride.example.org' };

    expect(runningLine(config, listeningOn(3000))).toBe('Stride is running on https://stride.example.org');
  });
});
