import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** SPEC §9: primary colour red; modals centered and closed only by their own buttons. */
export const TESSERA_RED = '#c62828';

export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    primary: { main: TESSERA_RED, contrastText: '#ffffff' },
    secondary: { main: '#37474f' },
    // MUI's default error red (#d32f2f) falls under 4.5:1 on filled inputs (#ececed): errors,
    // required asterisks and red text stay readable (WCAG AA) with a darker one
    error: { main: '#b71c1c' },
    background: { default: '#f6f6f7' },
  },
  shape: { borderRadius: 8 },
  // wide enough for the longest menu label ("Companies and operators") without truncation
  sidebar: { width: 272, closedWidth: 55 },
  components: {
    ...defaultTheme.components,
    MuiDialog: {
      // Escape never closes a dialog; backdrop clicks are ignored by ModalDialog (components/)
      defaultProps: { disableEscapeKeyDown: true, scroll: 'paper' },
    },
    MuiButton: { defaultProps: { disableElevation: true } },
    // a focused field is slate, not the brand red: red on a form means an error (an empty e-mail
    // field focused on the sign-in page read as refused before anything was typed)
    MuiTextField: { ...defaultTheme.components?.MuiTextField, defaultProps: { ...defaultTheme.components?.MuiTextField?.defaultProps, color: 'secondary' } },
    MuiFormControl: { ...defaultTheme.components?.MuiFormControl, defaultProps: { ...defaultTheme.components?.MuiFormControl?.defaultProps, color: 'secondary' } },
  },
};
