// What the kits read and press in an approval window, as one typed contract: the window (popup/approve.ts)
// installs an object of this shape on its global APPROVAL_API, and the kits (src/kit/prompt.ts) call it by
// name. The window's element ids stay inside the window; renaming one, or what a reading returns, breaks the
// type check of both sides, not a test run.
import type { AccountSource } from '../core/methods/method.ts';

/** The global the window's contract is on. */
export const APPROVAL_API = 'mockWalletApproval';

/** What an approval window shows, read off the window as a person would. */
export interface PromptDetails {
  /** The window's heading: "Connect request", "Sign PSBT", "Sign message", "Send bitcoin". */
  title: string;
  method: string;
  origin: string;
  network: string;
  /** The account that will act (0-based) and who picked it. */
  account: number;
  accountSource: AccountSource;
  /** The window's "Chosen by" line for a signing request, in its words ('' for a connect request). */
  chosenBy: string;
  /** The yellow notice shown when that account is not the one this site connected with. */
  notice?: string;
  /** The yellow usage notice: the contract's rules this request breaks (rule name and message). */
  findings: { rule: string; message: string }[];
  /** The method's fields, label → value, e.g. { Message: 'hello', 'Signing address': 'bc1q…' }. */
  fields: Record<string, string>;
  /** The method's tables by caption (Inputs, Outputs, Recipients), each row column → cell. */
  tables: Record<string, Record<string, string>[]>;
  /** The real wallet's error screen, shown instead of the request (it can only be closed: rejectNext presses Close). */
  screen?: { title: string; text: string };
}

export type PromptButton = 'approve' | 'reject';

/** The window's contract. Readings wait until the request's details are on screen (up to readyTimeout ms). */
export interface ApprovalWindowApi {
  /**
   * '' once the button is enabled (and focused if asked), else why not, in the window's words: it shows the
   * wallet's error screen (approve only), or the button stayed disabled for `timeout` ms.
   */
  buttonProblem(button: PromptButton, focus: boolean, timeout: number): Promise<string>;
  details(readyTimeout: number): Promise<PromptDetails>;
  /** The account the window will approve with: the picker's for a connect request, the signer's otherwise. */
  account(readyTimeout: number): Promise<number>;
  /** The selected account's full addresses, once the window has loaded them. */
  addresses(timeout: number): Promise<{ p2wpkh: string; p2tr: string; stx: string }>;
  /** Switches to another account as a person would: from the list when it holds it, else typed. */
  selectAccount(account: number): void;
  /** What the window says went wrong, if anything. */
  error(): string;
}
