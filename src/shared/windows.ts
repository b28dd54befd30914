// The approval window's page, size and place: the worker opens it so, the kits find it by its
// page, and the bench opens its floor window the same way.

/** The approval window's page inside the extension. */
export const PROMPT_PAGE = 'popup/approve.html';
/** The page the Firefox kit calls the wallet's control object from (listed as web-accessible). */
export const CONTROL_PAGE = 'popup/control.html';

// An explicit size and position inside the screen: headless Chromium has placed
// unpositioned popups off-screen for other harnesses, and every click then hung.
export const PROMPT_BOUNDS = { width: 400, height: 620, left: 60, top: 40 } as const;
