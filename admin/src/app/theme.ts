import { createTheme, Drawer, localStorageColorSchemeManager, Menu, Modal, type MantineThemeOverride } from '@mantine/core'

/** Words Mantine's own controls need, in the UI language (App.tsx passes them from i18n). */
export interface ThemeLabels {
  /** The close button of dialogs and drawers (axe: button-name). */
  close: string
}

/**
 * Colours from theme tokens only. The filled primary is blue-8 in both schemes (4.5:1 for white text); theme.css
 * carries the same choice as CSS variables, since Mantine's own variable injection is off (CSP). The labels are
 * component default props: a new language is a new theme object, no CSS changes (no <style> element either).
 */
export function createAtriumTheme(labels: ThemeLabels): MantineThemeOverride {
  const closeButtonProps = { 'aria-label': labels.close }
  return createTheme({
    primaryColor: 'blue',
    primaryShade: { light: 8, dark: 8 },
    defaultRadius: 'sm',
    // Dialogs, menus and notices appear without their fade and scale when the system asks for reduced motion (WCAG
    // 2.3.3). The browser tests ask for it too, so an axe scan never reads colours halfway through a fade.
    respectReducedMotion: true,
    components: {
      // Their scroll lock injects a <style> element, which the admin's CSP (style-src 'self') refuses; the page
      // behind a dialog may scroll instead.
      Modal: Modal.extend({ defaultProps: { lockScroll: false, closeButtonProps } }),
      Drawer: Drawer.extend({ defaultProps: { lockScroll: false, closeButtonProps } }),
      // The focus placeholder is a role="presentation" child of role="menu", which a menu may not hold (axe:
      // aria-required-children); without it an open menu takes the focus to its first item, as a menu should.
      Menu: Menu.extend({ defaultProps: { withInitialFocusPlaceholder: false } }),
    },
  })
}

/** Light, dark or "auto" (follow the system), stored per browser under the key public/boot.js reads before first paint. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'atrium-admin:theme' })
