import { describe, expect, it } from 'vitest';

import { onReconnect } from '@/lib/reconnect';
import { connectRealtime, fakeRealtime } from '@/testing/fake-echo';

const settings = { key: 'k', cluster: 'mt1', forceTLS: false, token: 't' };

function watch() {
  let calls = 0;
  const stop = onReconnect(connectRealtime(settings), () => (calls += 1));
  return { calls: () => calls, stop };
}

describe('onReconnect', () => {
  it('ignores the first connection', () => {
    fakeRealtime.setState('initialized');
    const reconnects = watch();
    fakeRealtime.setState('connecting');
    fakeRealtime.setState('connected');
    expect(reconnects.calls()).toBe(0);
  });

  it('fires once per return to connected after a drop, whatever the states in between', () => {
    const reconnects = watch();
    fakeRealtime.setState('connecting');
    fakeRealtime.setState('connected');
    expect(reconnects.calls()).toBe(1);
    fakeRealtime.setState('unavailable');
    fakeRealtime.setState('connecting');
    fakeRealtime.setState('unavailable');
    fakeRealtime.setState('connected');
    expect(reconnects.calls()).toBe(2);
    fakeRealtime.setState('connected');
    expect(reconnects.calls()).toBe(2);
  });

  it('stops when unsubscribed', () => {
    const reconnects = watch();
    reconnects.stop();
    fakeRealtime.setState('connecting');
    fakeRealtime.setState('connected');
    expect(reconnects.calls()).toBe(0);
  });
});
