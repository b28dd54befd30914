// MAIN world, document_start, registered only while the `exposeAs` setting names this alias:
// defines the provider under a second name (LeatherProvider, StacksProvider) for apps that
// hard-code it. Chrome runs it after page.js (manifest scripts come before registered ones).
import { PROVIDER_ID, aliasPickerName } from '../../../shared/picker.ts';
import { lockGlobal, ownValue, report } from '../../../page/runtime.ts';
import { ownEntries } from './registration.ts';

/** The alias this copy of the script defines, written in by the build. */
declare const __EXPOSE_NAME__: string;

const provider = ownValue(window, PROVIDER_ID);
if (provider === undefined) {
  report(`[mock wallet] window.${__EXPOSE_NAME__} was not defined: window.${PROVIDER_ID} is missing`);
} else if (!lockGlobal(__EXPOSE_NAME__, provider)) {
  // The same frozen object, under a name page code cannot reassign or redefine, unless another script locked it.
  report(`[mock wallet] window.${__EXPOSE_NAME__} was not defined: another script locked that name`);
} else if (__EXPOSE_NAME__ === 'LeatherProvider') {
  // @stacks/connect lists window.LeatherProvider as "Leather" unless a registry entry has that
  // id: ours takes it, so the picker lists this wallet once, and picking it reaches the alias.
  const entries = ownEntries();
  for (let i = 0; i < entries.length; i++) {
    entries[i]!.id = __EXPOSE_NAME__;
    entries[i]!.name = aliasPickerName(__EXPOSE_NAME__);
  }
}
