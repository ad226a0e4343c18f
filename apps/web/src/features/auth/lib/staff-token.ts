/**
 * The staff member's own token, kept while they impersonate someone so the banner can take them
 * back. Session storage, not local storage: it is this tab's, and it goes when the tab closes.
 */
const KEY = 'mapwright.staffToken';

export const staffToken = {
  get: () => {
    try {
      return sessionStorage.getItem(KEY);
    } catch {
      return null;
    }
  },
  set: (token: string) => {
    try {
      sessionStorage.setItem(KEY, token);
    } catch {
      // storage disabled: the way back is to log in again
    }
  },
  clear: () => {
    try {
      sessionStorage.removeItem(KEY);
    } catch {
      // nothing stored
    }
  },
};
