import {
  Alert,
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  defaultVariantColorsResolver,
  type MantineColorsTuple,
  Modal,
  Notification,
  parseThemeColor,
  type VariantColorsResolver,
} from '@mantine/core';

/** Spec §9: primary purple, base font size 14, breakpoints 640/820/1024, radius 10. */
const purple: MantineColorsTuple = [
  '#f6f0ff',
  '#e8ddfb',
  '#cdb8f3',
  '#b191ec',
  '#9970e6',
  '#8a5ae2',
  '#824fe1',
  '#6f40c8',
  '#6338b4',
  '#552e9f',
];

/**
 * Light variants draw text in shade 9 on a 10% tint; Mantine's green, yellow and orange shade 9
 * fall below WCAG AA there (about 4.0, 2.7 and 4.2 to 1), so those three get a darker shade 9.
 */
const darker9 = (name: 'green' | 'yellow' | 'orange', shade: string): MantineColorsTuple =>
  [...DEFAULT_THEME.colors[name].slice(0, 9), shade] as unknown as MantineColorsTuple;

/** Light variants (badges, alerts, active nav) use the darkest shade for text: default shades miss WCAG AA. */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant !== 'light') return colors;
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  return parsed.isThemeColor ? { ...colors, color: `var(--mantine-color-${parsed.color}-9)` } : colors;
};

export const theme = createTheme({
  variantColorResolver,
  primaryColor: 'purple',
  primaryShade: { light: 7, dark: 5 },
  colors: {
    purple,
    green: darker9('green', '#1b6a2d'),
    yellow: darker9('yellow', '#7a5200'),
    orange: darker9('orange', '#9c3608'),
  },
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Liberation Sans", sans-serif',
  fontSizes: { xs: '12px', sm: '13px', md: '14px', lg: '16px', xl: '18px' },
  breakpoints: { xs: '40em', sm: '51.25em', md: '64em', lg: '75em', xl: '90em' },
  defaultRadius: 'md',
  radius: { xs: '4px', sm: '6px', md: '10px', lg: '14px', xl: '20px' },
  headings: { fontWeight: '700' },
  components: {
    // coloured alert titles on light tints fall below WCAG AA contrast; the icon carries the colour
    Alert: Alert.extend({ styles: { title: { color: 'var(--mantine-color-text)' } } }),
    // Mantine's modal close button is an icon without a name
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } }),
    // same for notifications (axe: buttons must have discernible text)
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss notification' } },
    }),
  },
});

/**
 * Mantine's default "dimmed" grey (gray-6) is 3.3:1 on white; gray-7 passes WCAG AA. Its error
 * red (red-6, the text of every field's error) is under 4.5:1 too; red-8 reads as red and passes.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
  },
  dark: {},
});
