import { createTheme, darken, luminance, type CSSVariablesResolver } from '@mantine/core';

// System fonts only (Mantine's default stack): the users' machines may have no internet.
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  defaultRadius: 'sm',
});

/** WCAG 1.4.3: normal text needs 4.5:1 against its background. */
const MIN_CONTRAST = 4.5;

const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

/** `color`, darkened in small steps until text in it (or on it) reaches MIN_CONTRAST against `background`. */
function readable(color: string, background: string): string {
  let result = color;
  for (let step = 1; contrast(result, background) < MIN_CONTRAST && step <= 10; step++) {
    result = darken(color, step * 0.05);
  }
  return result;
}

/**
 * Text contrast of at least 4.5:1 wherever Mantine's light scheme falls short: secondary ("dimmed")
 * text is gray 7 (gray 6 reaches 3.3:1 on white); white text on filled badges and buttons, and the
 * text of light badges and alerts (shade 9 on shade 1), are darkened where their colour needs it
 * (green, teal, orange, yellow, …) and left as they are where it does not.
 */
export const cssVariablesResolver: CSSVariablesResolver = (current) => {
  const shade = current.primaryShade;
  const filledShade = typeof shade === 'number' ? shade : shade.light;
  return {
    variables: {},
    light: {
      '--mantine-color-dimmed': current.colors.gray[7],
      ...Object.fromEntries(
        Object.entries(current.colors).flatMap(([name, shades]) => [
          [`--mantine-color-${name}-filled`, readable(shades[filledShade], '#ffffff')],
          [`--mantine-color-${name}-light-color`, readable(shades[9], shades[1])],
        ]),
      ),
    },
    dark: {},
  };
};
