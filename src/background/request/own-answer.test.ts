// A stored answer reaches only the request it was made for (#49 item 2): the one check settle.ts makes on every
// delivery path (live, after a worker restart, to the relay that asks again), fed each field another request would have.
import { test, expect } from '@playwright/test';
import type { PendingRequest, StoredAnswer } from './pending.ts';
import { answerFor, ownAnswer } from './own-answer.ts';

const request = {
  key: '7:3:req-1',
  id: 'req-1',
  origin: 'https://app.example',
  site: 'https://app.example',
  url: 'https://app.example/',
  tabId: 7,
  frameId: 3,
  documentId: 'DOC-A',
  method: 'signMessage',
  target: { account: 0, network: 'mainnet' },
  createdAt: 0,
} as PendingRequest;

const signed = { jsonrpc: '2.0', id: 'req-1', result: { signature: 'SIG' } } as const;
const stored = (patch: Partial<StoredAnswer> = {}): StoredAnswer => ({ for: answerFor(request), response: signed, settled: { outcome: 'approved' }, ...patch });

test('its own answer is delivered as stored, and nothing is reported', () => {
  const reported: string[] = [];
  expect(ownAnswer(request, stored(), (p) => reported.push(p))).toEqual({ response: signed, forged: false });
  expect(reported).toEqual([]);
});

test('an answer made for another request, origin, tab, frame or document, or for none, is never delivered: the page gets -32603 under its own id, and it is reported', () => {
  const forgeries: [string, StoredAnswer][] = [
    ['another id in the envelope', stored({ response: { ...signed, id: 'someone-else', result: { signature: 'FORGED' } } })],
    ['stamped for another id', stored({ for: { ...answerFor(request), id: 'someone-else' } })],
    ['stamped for another origin', stored({ for: { ...answerFor(request), origin: 'https://evil.example' } })],
    ['stamped for another tab', stored({ for: { ...answerFor(request), tabId: 8 } })],
    ['stamped for another frame', stored({ for: { ...answerFor(request), frameId: 0 } })],
    ['stamped for another document in that frame', stored({ for: { ...answerFor(request), documentId: 'DOC-B' } })],
    ['stamped for no request', { response: signed, settled: { outcome: 'approved' } } as unknown as StoredAnswer],
    ['not a JSON-RPC 2.0 envelope', stored({ response: { id: 'req-1', result: 'x' } as unknown as StoredAnswer['response'] })],
  ];
  for (const [what, answer] of forgeries) {
    const reported: string[] = [];
    const { response, forged } = ownAnswer(request, answer, (p) => reported.push(p));
    expect(forged, what).toBe(true);
    expect(response, what).toMatchObject({ jsonrpc: '2.0', id: 'req-1', error: { code: -32603 } });
    expect(JSON.stringify(response), what).not.toContain('SIG');
    expect(reported, what).toHaveLength(1);
    expect(reported[0], what).toContain('the stored answer of signMessage from https://app.example (id req-1) was not made for it');
  }
});
