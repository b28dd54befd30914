// The approval window's size and place: the worker opens it so, and the bench opens its floor window the same way.

// An explicit size and position inside the screen: headless Chromium has placed
// unpositioned popups off-screen for other harnesses, and every click then hung.
export const PROMPT_BOUNDS = { width: 400, height: 620, left: 60, top: 40 } as const;
