// The demo server answers under two names, localhost and 127.0.0.1: two origins on one machine. The strict
// site's shop is on the one the demo page is not.

/** The other name of the same server (`host` with its port): 127.0.0.1 for localhost, and the other way round. */
export const otherHost = (host: string): string =>
  host.startsWith('127.0.0.1') ? host.replace('127.0.0.1', 'localhost') : host.replace(/^localhost/, '127.0.0.1');
