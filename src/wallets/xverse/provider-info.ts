// How Xverse appears to pickers (docs/reference/xverse.md §1.1): its btc_providers entry and version, read by its page script and getInfo.

/** A small stand-in icon: plainly a test wallet's, never Xverse's artwork. */
const ICON =
  'data:image/svg+xml;base64,' +
  btoa(
    '<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128"><rect width="128" height="128" rx="24" fill="#171717"/><text x="64" y="82" font-family="sans-serif" font-size="56" font-weight="bold" text-anchor="middle" fill="#fff">X</text></svg>',
  );

export const XVERSE_PROVIDER_INFO = {
  version: '0.54.2',
  entry: {
    id: 'XverseProviders.BitcoinProvider',
    name: 'Xverse Wallet',
    icon: ICON,
    webUrl: 'https://www.xverse.app/',
    chromeWebStoreUrl: 'https://chrome.google.com/webstore/detail/xverse-wallet/idnnbdplmphpflfnlkomgpfbpcgelopg?hl=en-GB&authuser=1',
    googlePlayStoreUrl: 'https://play.google.com/store/apps/details?id=com.secretkeylabs.xverse',
    iOSAppStoreUrl: 'https://apps.apple.com/app/xverse-bitcoin-web3-wallet/id1552272513',
    methods: [
      'getInfo',
      'getAddresses',
      'getAccounts',
      'signMessage',
      'sendTransfer',
      'signPsbt',
      'stx_callContract',
      'stx_deployContract',
      'stx_getAccounts',
      'stx_getAddresses',
      'stx_signMessage',
      'stx_signStructuredMessage',
      'stx_signTransaction',
      'stx_transferStx',
    ],
  },
} as const;

/** The name @stacks/connect's picker lists Xverse under (its DEFAULT_PROVIDERS entry, not the page's). */
export const XVERSE_PICKER_NAME = 'Xverse Wallet';
