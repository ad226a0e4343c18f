import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// routes are lazy: on a loaded CI machine the first import of a screen can take over the default
// second that findBy* waits
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
