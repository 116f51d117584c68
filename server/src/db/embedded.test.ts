import { describe, expect, it } from 'vitest';
import { socketDirFor } from './embedded.js';

describe('the embedded server socket folder', () => {
  it('is the cluster folder when its path is short and plain', () => {
    expect(socketDirFor('/srv/portfolio/data/postgres')).toBe('/srv/portfolio/data/postgres');
  });

  it('is none (TCP only) when the socket path would pass 107 bytes', () => {
    expect(socketDirFor(`/srv/${'deep/'.repeat(20)}postgres`)).toBeNull();
  });

  it('is none when PostgreSQL would read the folder as a list or quoted text', () => {
    expect(socketDirFor('/tmp/dp,x/postgres')).toBeNull();
    expect(socketDirFor('/tmp/my data/postgres')).toBeNull();
    expect(socketDirFor('/tmp/"quoted"/postgres')).toBeNull();
  });
});
