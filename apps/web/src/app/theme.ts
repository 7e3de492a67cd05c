import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

/**
 * Carte's warm red, built around the specification's default primary #ff1616 (doc 1 §3). Shade 6 is
 * the brand colour itself; filled components use shade 7 so white text on them keeps AA contrast.
 */
const carte: MantineColorsTuple = [
  '#fff1f1',
  '#ffe0e0',
  '#ffc6c6',
  '#ff9e9e',
  '#ff6b6b',
  '#ff3d3d',
  '#ff1616',
  '#e60c0c',
  '#c20a0a',
  '#9c0c0c',
];

export const theme = createTheme({
  primaryColor: 'carte',
  primaryShade: { light: 7, dark: 6 },
  colors: { carte },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // The ring itself is drawn in ink (global.css): a red ring around a field reads as an error.
  focusRing: 'auto',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontWeight: '700',
    sizes: {
      h1: { fontSize: '1.75rem', lineHeight: '1.25' },
      h2: { fontSize: '1.375rem', lineHeight: '1.3' },
      h3: { fontSize: '1.125rem', lineHeight: '1.35' },
    },
  },
  components: {
    Card: { defaultProps: { withBorder: true, radius: 'lg', padding: 'lg' } },
    Paper: { defaultProps: { radius: 'lg' } },
    // The close button is an icon: it needs a name for screen readers (axe: button-name).
    Modal: { defaultProps: { radius: 'lg', centered: true, closeButtonProps: { 'aria-label': 'Close' } } },
    // A dialog's title bar is a div, not a <header>: the page's header stays the one banner landmark
    // (axe landmark-no-duplicate-banner, issue 22).
    ModalHeader: { defaultProps: { component: 'div' } },
    DrawerHeader: { defaultProps: { component: 'div' } },
    // Links one shade darker than filled buttons: AA contrast on white and on a hovered table row.
    Anchor: { defaultProps: { c: 'carte.8' } },
    // Toasts' close buttons carry a name too (axe: button-name).
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
    Tooltip: { defaultProps: { withArrow: true } },
    Alert: { defaultProps: { radius: 'md' } },
    // Red means "error" on a form: states a user switches on are drawn in ink, not in the brand red
    // (docs/decisions.md, "Forms and lists").
    Switch: { defaultProps: { color: 'dark' } },
    Checkbox: { defaultProps: { color: 'dark' } },
    Radio: { defaultProps: { color: 'dark' } },
    // The indicators inside selectable cards (Radio.Card, Checkbox.Card) too (issue 22).
    RadioIndicator: { defaultProps: { color: 'dark' } },
    CheckboxIndicator: { defaultProps: { color: 'dark' } },
    Chip: { defaultProps: { color: 'dark' } },
  },
});

/**
 * Mantine's "dimmed" text (gray 6, #868e96) reads at 3.3:1 on white, under WCAG AA's 4.5:1 for body
 * text; hints and descriptions use a darker grey that passes on white and on the page's gray 0.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636b',
    // Light badges and alerts ("Published", "Available", "Draft"): Mantine's shade-9 text on shade 1
    // reads at 4.3:1 (teal), 3.8 (green), 3.6 (orange), 2.7 (yellow), under AA's 4.5:1. Teal keeps its
    // text on a paler ground; the others get a darker text (axe color-contrast, every-screen-axe).
    '--mantine-color-teal-light': 'var(--mantine-color-teal-0)',
    '--mantine-color-green-light-color': '#1e6b2f',
    '--mantine-color-orange-light-color': '#a63c06',
    '--mantine-color-yellow-light-color': '#7a4a00',
  },
  dark: {},
});
