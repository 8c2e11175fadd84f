/** This language's text files by path, one chunk (src/i18n/resources.ts loads and assembles it). */
export default import.meta.glob<Record<string, unknown>>(['../../../locales/it/*.json', '!../../../locales/it/email.json'], { eager: true, import: 'default' });
