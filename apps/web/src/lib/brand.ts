import {
  createTheme,
  darken,
  defaultVariantColorsResolver,
  type MantineColorsTuple,
  type MantineThemeComponents,
  parseThemeColor,
  type VariantColorsResolver,
} from '@mantine/core';
import { parseRgb } from '@pw/contract';

function mix(rgb: readonly number[], target: number, amount: number) {
  return rgb.map((c) => Math.round(c + (target - c) * amount));
}

function hex(rgb: readonly number[]) {
  return `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** Ten shades around an "r,g,b" brand colour (index 6 is the colour itself), as Mantine wants. */
export function brandShades(rgbText: string | null | undefined): MantineColorsTuple {
  const base = parseRgb(rgbText);
  const tints = [0.92, 0.8, 0.65, 0.5, 0.35, 0.18].map((a) => hex(mix(base, 255, a)));
  const shades = [0.15, 0.3, 0.45].map((a) => hex(mix(base, 0, a)));
  return [...tints, hex(base), ...shades] as unknown as MantineColorsTuple;
}

/**
 * The font stack, from a CSS variable set in app/global.css: on wide screens the bundled Pretendard
 * first (app/styles.ts), then the Korean system fonts; on phones the device's own fonts only, so a
 * first visit on a phone downloads no font at all (issue 35). Canvas text (the charts) cannot read a
 * variable: it takes the resolved stack from the page (`resolvedFontFamily`).
 */
export const FONT_FAMILY = 'var(--pw-font-family)';

/** Screen-reader names for the controls Mantine draws itself, in the page's language. */
export type ControlLabels = {
  close: string;
  clear: string;
  showPassword: string;
  firstPage: string;
  previousPage: string;
  nextPage: string;
  lastPage: string;
};

const PAGE_CONTROL = {
  first: 'firstPage',
  previous: 'previousPage',
  next: 'nextPage',
  last: 'lastPage',
} as const satisfies Record<string, keyof ControlLabels>;

/**
 * Defaults for Mantine's own buttons, which are unnamed or named in English ("Toggle password
 * visibility") unless told: every close button, the password toggle, clear and page controls.
 */
// Plain theme objects, not `Component.extend(…)`: importing the components here would pull the
// modal, select and pagination code (and floating-ui) into the sign-in page's bundle.
function controlDefaults(labels: ControlLabels): MantineThemeComponents {
  const close = { 'aria-label': labels.close };
  return {
    CloseButton: { defaultProps: close },
    Modal: { defaultProps: { closeButtonProps: close } },
    Drawer: { defaultProps: { closeButtonProps: close } },
    Notification: { defaultProps: { closeButtonProps: close } },
    Alert: { defaultProps: { closeButtonLabel: labels.close } },
    Select: { defaultProps: { clearButtonProps: { 'aria-label': labels.clear } } },
    PasswordInput: {
      defaultProps: { visibilityToggleButtonProps: { 'aria-label': labels.showPassword } },
    },
    Pagination: {
      defaultProps: {
        getControlProps: (control: keyof typeof PAGE_CONTROL) => ({
          'aria-label': labels[PAGE_CONTROL[control]],
        }),
      },
    },
  };
}

/**
 * The app theme: the organisation's colour as `brand`, plus the learner-blue and staff-purple
 * menus, the bundled font, and the control labels of the current language.
 */
export function buildTheme(rgbText: string | null | undefined, labels?: ControlLabels) {
  return createTheme({
    primaryColor: 'brand',
    colors: { brand: brandShades(rgbText) },
    fontFamily: FONT_FAMILY,
    headings: { fontFamily: FONT_FAMILY },
    defaultRadius: 'md',
    components: labels ? controlDefaults(labels) : {},
    variantColorResolver: readableLight,
  });
}

/**
 * The variants that write in a colour on a light ground (light, outline, subtle: badges, light
 * and outline buttons) use its shade 6, under 4.5:1 for most colours (yellow and orange even at
 * shade 9); shade 9 darkened by 30 % keeps the look and reads at 4.5:1 or more for every colour.
 */
const TINTED = new Set(['light', 'outline', 'subtle', 'transparent']);
const readableLight: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (!TINTED.has(input.variant)) return colors;
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor || parsed.shade !== undefined) return colors;
  const ink = darken(`var(--mantine-color-${parsed.color}-9)`, 0.3);
  return {
    ...colors,
    color: ink,
    hoverColor: ink,
    ...(input.variant === 'outline' ? { border: `1px solid ${ink}` } : {}),
  };
};
