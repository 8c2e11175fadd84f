// react-admin's <Title> as a module of its own, for ScreenTitle's lazy import: it brings a
// configurable title (a TextField, a Popover) that the sign-in page has no use for
export { Title as default } from 'react-admin';
