// Requests waiting for a person, kept in session storage so a restarted worker still answers them.
import type { JsonValue } from '../core/json.ts';
import type { Target } from '../core/methods/method.ts';
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
  /** As the page sent them; parsed again when answered (parsing is pure). */
  params?: JsonValue;
  /** The account and network the request acts for, fixed when it arrived. */
  target: Target;
  /** The account this origin last connected with, when the request arrived. */
  connectedAccount?: number;
  createdAt: number;
  windowId?: number;
}

export const pendingRequests = new SessionMap<PendingRequest>('pending:');

export const pendingKey = (tabId: number, frameId: number, id: string): string => `${tabId}:${frameId}:${id}`;
