// react-admin's authentication error page as a module of its own, loaded when it shows (App.tsx):
// its <Title> brings a configurable title (a TextField, a Popover) the sign-in page has no use for
export { AuthenticationError as default } from 'react-admin';
