/** The business areas' texts of this language (every other file but the e-mails'), one chunk loaded with the signed-in shell. */
export default import.meta.glob<Record<string, unknown>>(['../../../locales/es/*.json', '!../../../locales/es/translation.json', '!../../../locales/es/email.json'], { eager: true, import: 'default' });
