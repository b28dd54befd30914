// Lists the provider where wallet pickers look (WBIP-004): window.wbip_providers, read by
// @stacks/connect's modal, and window.btc_providers, where the real wallet registers.
// Runs in the MAIN world before page scripts; it only adds this wallet's own entry.

import { PICKER_NAME, PROVIDER_ID } from '../../../shared/picker.ts';
import { append, isArray, isFrozen, ownValue } from '../../../page/runtime.ts';

export const REGISTRIES = ['wbip_providers', 'btc_providers'] as const;

const ICON =
  'data:image/svg+xml;base64,' +
  btoa(
    '<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">' +
      '<rect width="128" height="128" rx="24" fill="#3b3bd6"/><rect x="32" y="32" width="64" height="64" rx="8" fill="#f7931a"/>' +
      '<text x="64" y="78" font-family="sans-serif" font-size="36" font-weight="bold" text-anchor="middle" fill="#fff">M</text></svg>',
  );

export interface PickerEntry {
  id: string;
  name: string;
  icon: string;
  methods?: string[];
}

const { defineProperty, getOwnPropertyDescriptor } = Object;
const { apply } = Reflect;
const startsWith = String.prototype.startsWith;

// By name, read as own data: an alias script renames our entry to "<PICKER_NAME> as LeatherProvider".
const isOurs = (entry: unknown): boolean => {
  const name = typeof entry === 'object' && entry !== null ? ownValue(entry, 'name') : undefined;
  return typeof name === 'string' && apply(startsWith, name, [PICKER_NAME]) === true;
};

/**
 * Appends our entry unless one is there already: never replaces or reorders the others. The page's array is read
 * by index as own data and written with defineProperty (not its push, nor a setter on Array.prototype); an array
 * that throws when read or written (a Proxy's trap) is left without our entry.
 */
function addTo(list: unknown, entry: PickerEntry): void {
  try {
    if (!isArray(list) || isFrozen(list)) return;
    for (let i = 0; i < list.length; i++) if (isOurs(ownValue(list, i))) return;
    append(list, entry);
  } catch {
    // the page's own array refused: nothing of ours is in it
  }
}

/**
 * Adds our entry to each registry, creating the array if absent. A page that later assigns
 * a fresh array (`window.wbip_providers = [theirs]` instead of the push WBIP-004 asks for)
 * would drop us, so the property becomes an accessor that keeps whatever the page assigns
 * and appends our entry to it.
 */
export function register(methods: readonly string[]): void {
  for (const registry of REGISTRIES) {
    const entry: PickerEntry = { id: PROVIDER_ID, name: PICKER_NAME, icon: ICON, methods: [...methods] };
    const existing = getOwnPropertyDescriptor(window, registry);
    let list: unknown = existing === undefined ? [] : 'value' in existing ? existing.value : existing.get ? apply(existing.get, window, []) : undefined;
    addTo(list, entry);
    if (existing && !existing.configurable) continue; // another script locked it: our entry is in, if it could be
    defineProperty(window, registry, {
      get: () => list,
      set: (value: unknown) => {
        list = value;
        addTo(value, entry);
      },
      enumerable: true,
      configurable: true,
    });
  }
}

/** Our own entries: the alias script renames them so that a picker lists the wallet once. */
export function ownEntries(): PickerEntry[] {
  const found: PickerEntry[] = [];
  for (const registry of REGISTRIES) {
    const list: unknown = (window as unknown as Record<string, unknown>)[registry];
    if (!isArray(list)) continue;
    for (let i = 0; i < list.length; i++) {
      const entry = ownValue(list, i);
      if (isOurs(entry)) append(found, entry as PickerEntry);
    }
  }
  return found;
}
