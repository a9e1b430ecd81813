import { getCookie, setCookie } from '../lib/cookies.ts';
import { createStore, useStore } from '../lib/store.ts';

export type SizeName = 'default' | 'medium' | 'small' | 'mini';
export const SIZES: { value: SizeName; label: string }[] = [
  { value: 'default', label: 'Default' },
  { value: 'medium', label: 'Medium' },
  { value: 'small', label: 'Small' },
  { value: 'mini', label: 'Mini' },
];

export interface Settings {
  theme: string;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  tagsView: boolean;
  showSettings: boolean;
  size: SizeName;
  sidebarOpened: boolean;
}

/** doc 000 §9: panel off, tags on, fixed header on, sidebar logo on, theme #1890ff, size medium. */
export const DEFAULT_SETTINGS: Settings = {
  theme: '#1890ff',
  fixedHeader: true,
  sidebarLogo: true,
  tagsView: true,
  showSettings: false,
  size: 'medium',
  sidebarOpened: true,
};

const SIZE_COOKIE = 'size';
const SIDEBAR_COOKIE = 'sidebarStatus';
const STORAGE_KEY = 'ec-settings';
type Stored = Pick<Settings, 'theme' | 'fixedHeader' | 'sidebarLogo' | 'tagsView'>;

function load(): Settings {
  let stored: Partial<Stored> = {};
  try {
    stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as Partial<Stored>;
  } catch {
    stored = {};
  }
  const size = getCookie(SIZE_COOKIE) as SizeName | undefined;
  const sidebar = getCookie(SIDEBAR_COOKIE);
  return {
    ...DEFAULT_SETTINGS,
    ...stored,
    size: size && SIZES.some((s) => s.value === size) ? size : DEFAULT_SETTINGS.size,
    sidebarOpened: sidebar === undefined ? true : sidebar === '1',
  };
}

export const settingsStore = createStore<Settings>(load());
export const useSettings = () => useStore(settingsStore);

export function updateSettings(patch: Partial<Settings>): void {
  settingsStore.set((s) => ({ ...s, ...patch }));
  const s = settingsStore.get();
  if (patch.size) setCookie(SIZE_COOKIE, s.size, 365);
  if (patch.sidebarOpened !== undefined) setCookie(SIDEBAR_COOKIE, s.sidebarOpened ? '1' : '0', 365);
  const stored: Stored = {
    theme: s.theme,
    fixedHeader: s.fixedHeader,
    sidebarLogo: s.sidebarLogo,
    tagsView: s.tagsView,
  };
  localStorage.setItem(STORAGE_KEY, JSON.stringify(stored));
}

/** antd has three control heights; mini is small with the compact algorithm. */
export function antdSize(size: SizeName): 'large' | 'middle' | 'small' {
  return size === 'default' ? 'large' : size === 'medium' ? 'middle' : 'small';
}
