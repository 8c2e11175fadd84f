/** The business areas' texts of this language (every other file but the e-mails'), one chunk loaded with the signed-in shell. */
export default import.meta.glob<Record<string, unknown>>(['../../../locales/de/*.json', '!../../../locales/de/translation.json', '!../../../locales/de/email.json'], { eager: true, import: 'default' });
