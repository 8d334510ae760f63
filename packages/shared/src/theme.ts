/** The themes of the web app (daisyUI's `data-theme`). */
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
/** localStorage key of the theme preference; read before first paint by public/theme-init.js. */
export const THEME_STORAGE_KEY = 'stride-theme';
