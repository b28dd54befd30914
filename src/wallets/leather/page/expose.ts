// MAIN world, document_start, registered only while the `exposeAs` setting names this alias:
// defines the provider under a second name (LeatherProvider, StacksProvider) for apps that
// hard-code it. Chrome runs it after page.js (manifest scripts come before registered ones).
import { PROVIDER_ID, aliasPickerName } from '../../../shared/picker.ts';
import { ownEntries } from './registration.ts';

/** The alias this copy of the script defines, written in by the build. */
declare const __EXPOSE_NAME__: string;

const provider: unknown = (window as unknown as Record<string, unknown>)[PROVIDER_ID];
const taken = Object.getOwnPropertyDescriptor(window, __EXPOSE_NAME__);
if (provider === undefined) {
  console.error(`[mock wallet] window.${__EXPOSE_NAME__} was not defined: window.${PROVIDER_ID} is missing`);
} else if (taken && !taken.configurable) {
  console.error(`[mock wallet] window.${__EXPOSE_NAME__} was not defined: another script locked that name`);
} else {
  // The same frozen object, and a name page code cannot reassign or redefine.
  Object.defineProperty(window, __EXPOSE_NAME__, { value: provider, writable: false, configurable: false, enumerable: true });
  // @stacks/connect lists window.LeatherProvider as "Leather" unless a registry entry has that
  // id: ours takes it, so the picker lists this wallet once, and picking it reaches the alias.
  if (__EXPOSE_NAME__ === 'LeatherProvider') {
    for (const entry of ownEntries()) {
      entry.id = __EXPOSE_NAME__;
      entry.name = aliasPickerName(__EXPOSE_NAME__);
    }
  }
}
