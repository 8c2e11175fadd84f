/** The business areas' texts of this language (every other file but the e-mails'), one chunk loaded with the signed-in shell. */
export default import.meta.glob<Record<string, unknown>>(['../../../locales/fr/*.json', '!../../../locales/fr/translation.json', '!../../../locales/fr/email.json'], { eager: true, import: 'default' });
