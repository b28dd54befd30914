// Requests waiting for a person, kept in session storage so a restarted worker still answers them.
import type { JsonValue } from '../core/json.ts';
import type { GetAddressesParams } from '../core/params.ts';
import { SessionMap } from './session-map.ts';

export interface PendingRequest {
  /** tab:frame:id, unique per calling frame. */
  key: string;
  id: string;
  origin: string;
  url: string;
  tabId: number;
  frameId: number;
  documentId?: string;
  method: string;
  params?: JsonValue;
  route: GetAddressesParams;
  createdAt: number;
  windowId?: number;
}

export const pendingRequests = new SessionMap<PendingRequest>('pending:');

export const pendingKey = (tabId: number, frameId: number, id: string): string => `${tabId}:${frameId}:${id}`;
