// What each origin may read without asking (Xverse's permissions), kept across worker restarts; a reset forgets them.
import type { SiteGrant } from '../core/site-grant.ts';
import { SessionMap } from './session-map.ts';

const isGrant = (value: unknown): boolean => {
  const v = value as Partial<SiteGrant> | null;
  return typeof v === 'object' && v !== null && Array.isArray(v.accounts) && v.accounts.every((a) => typeof a === 'string') && typeof v.readNetwork === 'boolean';
};

export const siteGrants = new SessionMap<SiteGrant>('grant:', isGrant);
