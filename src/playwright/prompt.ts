// The Playwright kit's approval window: the shared Prompt, with Playwright's Page as its page.
import type { Page } from '@playwright/test';
import { Prompt as KitPrompt } from '../kit/prompt.ts';

export type Prompt = KitPrompt<Page>;
export const Prompt = KitPrompt;
export type { PromptDetails } from '../kit/prompt.ts';
