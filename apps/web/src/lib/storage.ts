/**
 * The one typed wrapper around localStorage (spec §3 keys). Values are JSON-encoded except the
 * plain strings the spec names (token, orgId, lastPath, base-address override), which are stored
 * raw so other tools (and people debugging) can read them directly.
 */
export interface TDemoFlags {
  multiTable: boolean;
  sourceConnectorTab: boolean;
  apiIntegration: boolean;
  destinationConnectorTab: boolean;
  avionteExcel: boolean;
  financialAnalysis: boolean;
  suggest_values: boolean;
  schemaEditor: boolean;
  manualRun: boolean;
}

export const DEFAULT_DEMOS: Readonly<TDemoFlags> = Object.freeze({
  multiTable: false,
  sourceConnectorTab: false,
  apiIntegration: false,
  destinationConnectorTab: false,
  avionteExcel: false,
  financialAnalysis: false,
  suggest_values: false,
  schemaEditor: false,
  manualRun: false,
});

export const STORAGE_KEYS = {
  token: 'token',
  orgId: 'orgId',
  lastPath: 'lastPath',
  demos: 'demos',
  baseUrl: 'baseURL',
  navbarCollapsed: 'isCollapsed',
  lastTriggeredConfidenceGeneration: 'lastTriggeredConfidenceGeneration',
} as const;

type TStringKey = 'token' | 'orgId' | 'lastPath' | 'baseUrl';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // storage can be disabled (privacy mode); the app then behaves as signed out
    return null;
  }
}
function write(key: string, value: string | null) {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // ignore: nothing persists, the session still works in memory
  }
}
function readJson<T>(key: string): T | undefined {
  const raw = read(key);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return undefined;
  }
}

export const storage = {
  get(key: TStringKey): string | null {
    return read(STORAGE_KEYS[key]);
  },
  set(key: TStringKey, value: string) {
    write(STORAGE_KEYS[key], value);
  },
  remove(key: TStringKey) {
    write(STORAGE_KEYS[key], null);
  },
  getDemos(): TDemoFlags {
    const stored = readJson<Partial<TDemoFlags>>(STORAGE_KEYS.demos);
    const out = { ...DEFAULT_DEMOS };
    if (stored && typeof stored === 'object') {
      for (const k of Object.keys(DEFAULT_DEMOS) as (keyof TDemoFlags)[]) {
        if (typeof stored[k] === 'boolean') out[k] = stored[k];
      }
    }
    return out;
  },
  setDemos(demos: Partial<TDemoFlags>) {
    write(STORAGE_KEYS.demos, JSON.stringify({ ...storage.getDemos(), ...demos }));
  },
  getNavbarCollapsed(): boolean {
    return readJson<boolean>(STORAGE_KEYS.navbarCollapsed) === true;
  },
  setNavbarCollapsed(collapsed: boolean) {
    write(STORAGE_KEYS.navbarCollapsed, JSON.stringify(collapsed));
  },
  getLastTriggeredConfidenceGeneration(): number | null {
    const v = readJson<number>(STORAGE_KEYS.lastTriggeredConfidenceGeneration);
    return typeof v === 'number' ? v : null;
  },
  setLastTriggeredConfidenceGeneration(at: number) {
    write(STORAGE_KEYS.lastTriggeredConfidenceGeneration, JSON.stringify(at));
  },
};
