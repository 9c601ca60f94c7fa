import { createTheme, Drawer, localStorageColorSchemeManager, Modal } from '@mantine/core'

/**
 * Colours from theme tokens only. The filled primary is blue-8 in both schemes (4.5:1 for white text); theme.css
 * carries the same choice as CSS variables, since Mantine's own variable injection is off (CSP).
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'sm',
  components: {
    // Their scroll lock injects a <style> element, which the admin's CSP (style-src 'self') refuses; the page
    // behind a dialog may scroll instead. Close buttons get a name (axe: button-name).
    Modal: Modal.extend({ defaultProps: { lockScroll: false, closeButtonProps: { 'aria-label': 'Close' } } }),
    Drawer: Drawer.extend({ defaultProps: { lockScroll: false, closeButtonProps: { 'aria-label': 'Close' } } }),
  },
})

/** Light, dark or "auto" (follow the system), stored per browser under the key public/boot.js reads before first paint. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'atrium-admin:theme' })
